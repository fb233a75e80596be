import { BoundedBySet } from './bounded-by-set.js';

describe('BoundedBySet', () => {
  it('finds a value by the group set object and its key, and by nothing else', () => {
    const memo = new BoundedBySet<string>(10);
    const mine = new Set([1, 2]);
    const equal = new Set([1, 2]);
    memo.set(mine, '/rest/product?names=A', 'answer A');
    expect(memo.get(mine, '/rest/product?names=A')).toBe('answer A');
    // Another set object with the same ids is another caller: nothing crosses over.
    expect(memo.get(equal, '/rest/product?names=A')).toBeUndefined();
    expect(memo.get(mine, '/rest/product?names=B')).toBeUndefined();
  });

  it('holds at most `limit` values over all sets, then forgets them all at once', () => {
    const memo = new BoundedBySet<number>(3);
    const sets = [new Set([1]), new Set([2]), new Set([3])];
    sets.forEach((set, i) => memo.set(set, 'k', i));
    // Setting a key again does not count twice.
    memo.set(sets[0], 'k', 0);
    expect(sets.map((set) => memo.get(set, 'k'))).toEqual([0, 1, 2]);
    const fourth = new Set([4]);
    memo.set(fourth, 'k', 3);
    expect(sets.map((set) => memo.get(set, 'k'))).toEqual([undefined, undefined, undefined]);
    expect(memo.get(fourth, 'k')).toBe(3);
  });

  it('forgets every value when cleared, and counts afresh after', () => {
    const memo = new BoundedBySet<number>(2);
    const mine = new Set([1]);
    memo.set(mine, 'a', 1);
    memo.set(mine, 'b', 2);
    memo.clear();
    expect([memo.get(mine, 'a'), memo.get(mine, 'b')]).toEqual([undefined, undefined]);
    // Two more fit before the limit forgets anything.
    memo.set(mine, 'c', 3);
    memo.set(mine, 'd', 4);
    expect([memo.get(mine, 'c'), memo.get(mine, 'd')]).toEqual([3, 4]);
  });
});
