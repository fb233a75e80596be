/** Marks a key the base has and a layer deleted. */
const GONE: unique symbol = Symbol('gone');
type Change<V> = V | typeof GONE;

/**
 * Most entries a layer holds before a merge folds it into a new base. A merge copies the layer (not
 * the base), so each costs at most this many entries, and a fold (a copy of the whole table) comes
 * once per this many keys changed: at a million users and a login a second, a fold every hour or so.
 */
export const MAX_LAYER_ENTRIES = 4096;

/**
 * A read-only map made of a base, shared between the models that have it, and a small layer of the
 * entries changed since (set, or deleted). The binary log names the few rows a change touched
 * (SPEC §15); copying a table's whole index to replace them would cost a copy of every user's row
 * (or cookie, or key) per login at a large site, where merging into a layer costs the layer.
 *
 * The model never stores `undefined` as a value (loaders store rows, ids and lists), so a layer's
 * entry is either a value or GONE. Iteration gives the base's entries the layer leaves, then the
 * layer's: the same entries as the merged Map, not in its insertion order (nothing reads the
 * model's maps in order).
 */
export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly layer: ReadonlyMap<K, Change<V>>,
    readonly size: number,
  ) {}

  /**
   * `current` in which each of `keys` has the entry it has in `fresh`, or none when `fresh` has none;
   * `current` itself when no entry differs (`same` compares values), so that an unchanged table
   * keeps its model.
   */
  static withChanges<K, V>(
    current: ReadonlyMap<K, V>,
    fresh: ReadonlyMap<K, V>,
    keys: Iterable<K>,
    same: (a: V, b: V) => boolean,
  ): ReadonlyMap<K, V> {
    const named = new Set(keys);
    for (const key of fresh.keys()) named.add(key);
    const differing = [...named].filter((key) => {
      const before = current.get(key);
      const after = fresh.get(key);
      return before === undefined || after === undefined ? before !== after : !same(before, after);
    });
    if (differing.length === 0) return current;

    const base = current instanceof LayeredMap ? (current.base as ReadonlyMap<K, V>) : current;
    const layer = new Map<K, Change<V>>(current instanceof LayeredMap ? current.layer : []);
    let size = current.size;
    for (const key of differing) {
      const before = current.get(key);
      const after = fresh.get(key);
      size += (after === undefined ? 0 : 1) - (before === undefined ? 0 : 1);
      if (after === undefined) {
        if (base.has(key)) layer.set(key, GONE);
        else layer.delete(key);
      } else layer.set(key, after);
    }
    const merged = new LayeredMap(base, layer, size);
    return layer.size > Math.min(MAX_LAYER_ENTRIES, base.size / 4) ? new Map(merged) : merged;
  }

  /**
   * The keys whose entries may differ between two maps, when both are layers on one base (only
   * their layers' keys); undefined otherwise (any key may).
   */
  static keysThatMayDiffer<K>(a: ReadonlyMap<K, unknown>, b: ReadonlyMap<K, unknown>): Iterable<K> | undefined {
    if (!(a instanceof LayeredMap && b instanceof LayeredMap) || a.base !== b.base) return undefined;
    return new Set<K>([...(a.layer as ReadonlyMap<K, unknown>).keys(), ...(b.layer as ReadonlyMap<K, unknown>).keys()]);
  }

  get(key: K): V | undefined {
    const changed = this.layer.get(key);
    if (changed === undefined) return this.base.get(key);
    return changed === GONE ? undefined : changed;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  *entries(): MapIterator<[K, V]> {
    for (const entry of this.base) if (!this.layer.has(entry[0])) yield entry;
    for (const [key, value] of this.layer) if (value !== GONE) yield [key, value];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
