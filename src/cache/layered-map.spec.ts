import { LayeredMap, MAX_LAYER_ENTRIES } from './layered-map.js';
import { sameValue } from './same-value.js';

const merge = <V>(current: ReadonlyMap<number, V>, fresh: [number, V][], keys: number[]) =>
  LayeredMap.withChanges(current, new Map(fresh), keys, sameValue);

/** A base big enough that a handful of changes stays in a layer. */
function base(size = 1000): Map<number, { login: string }> {
  return new Map(Array.from({ length: size }, (_, i) => [i, { login: `user${i}@example.com` }]));
}

describe('LayeredMap (a few rows named by the binary log merged over an index shared between models)', () => {
  it('gives the entries the merged Map would: a key changed, one deleted, one added; the base is left as it was', () => {
    const whole = base();
    const merged = merge(
      whole,
      [
        [1, { login: 'renamed@example.com' }],
        [5000, { login: 'new@example.com' }],
      ],
      [1, 2, 5000],
    );
    expect(merged).toBeInstanceOf(LayeredMap);
    const expected = new Map(whole);
    expected.set(1, { login: 'renamed@example.com' });
    expected.delete(2);
    expected.set(5000, { login: 'new@example.com' });
    expect(merged.size).toBe(1000);
    expect(merged.get(1)).toEqual({ login: 'renamed@example.com' });
    expect([merged.get(2), merged.has(2), merged.has(5000), merged.get(3)]).toEqual([
      undefined,
      false,
      true,
      whole.get(3),
    ]);
    expect(new Map([...merged].sort(([a], [b]) => a - b))).toEqual(new Map([...expected].sort(([a], [b]) => a - b)));
    expect([...merged.keys()]).toHaveLength(1000);
    expect(whole.get(1)).toEqual({ login: 'user1@example.com' });
    expect(whole.has(2)).toBe(true);
  });

  it('is the index itself when no named entry differs (so the model is kept)', () => {
    const whole = base();
    expect(merge(whole, [[1, { login: 'user1@example.com' }]], [1])).toBe(whole);
    expect(merge(whole, [], [99999])).toBe(whole);
  });

  it('layers on one base: a later merge copies only the layer, and a key changed back leaves no trace', () => {
    const whole = base();
    const first = merge(whole, [[1, { login: 'a@example.com' }]], [1]);
    const second = merge(first, [[1, { login: 'user1@example.com' }]], [1]);
    const third = merge(second, [], [7]);
    expect(second.get(1)).toEqual({ login: 'user1@example.com' });
    expect([third.size, third.has(7), first.has(7), first.get(1)]).toEqual([
      999,
      false,
      true,
      { login: 'a@example.com' },
    ]);
    expect([...(LayeredMap.keysThatMayDiffer(first, third) ?? [])].sort()).toEqual([1, 7]);
    expect(LayeredMap.keysThatMayDiffer(whole, first)).toBeUndefined();
  });

  it('folds the layer into a new base past its bound, and at once for a small table', () => {
    let index: ReadonlyMap<number, { login: string }> = base(100_000);
    for (let key = 0; key <= MAX_LAYER_ENTRIES; key++) {
      index = merge(index, [[key, { login: `changed${key}@example.com` }]], [key]);
      expect(index instanceof LayeredMap).toBe(key < MAX_LAYER_ENTRIES);
    }
    expect([index.size, index.get(0), index.get(MAX_LAYER_ENTRIES + 1)]).toEqual([
      100_000,
      { login: 'changed0@example.com' },
      { login: `user${MAX_LAYER_ENTRIES + 1}@example.com` },
    ]);
    const small = merge(
      base(8),
      [
        [1, { login: 'x@example.com' }],
        [2, { login: 'y@example.com' }],
        [3, { login: 'z@example.com' }],
      ],
      [1, 2, 3],
    );
    expect(small).toBeInstanceOf(Map);
    expect(small.get(2)).toEqual({ login: 'y@example.com' });
  });

  it('compares by content with sameValue: against a plain Map, and two layers on one base by their layers', () => {
    const whole = base();
    const layered = merge(whole, [[1, { login: 'a@example.com' }]], [1]);
    const plain = new Map(whole);
    plain.set(1, { login: 'a@example.com' });
    expect(sameValue(layered, plain)).toBe(true);
    expect(sameValue(plain, layered)).toBe(true);
    expect(sameValue(layered, whole)).toBe(false);
    expect(sameValue(layered, merge(whole, [[1, { login: 'a@example.com' }]], [1]))).toBe(true);
    expect(sameValue(layered, merge(whole, [[1, { login: 'b@example.com' }]], [1]))).toBe(false);
  });
});
