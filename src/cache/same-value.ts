import { LayeredMap } from './layered-map.js';

/**
 * Whether two loaded table indexes hold the same data (Maps and layered maps, Sets, arrays, plain records and
 * primitives, compared in order). A reload that finds nothing the model holds has changed — an
 * API key's `last_used` written once a minute, a row rewritten with its old values — then keeps
 * the model and everything derived from it (remembered answers, visible ids, serialised bytes).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (isMap(a)) {
    if (!isMap(b) || a.size !== b.size) return false;
    // Two layers on one base differ, if at all, in their layers' keys (a keyed merge: layered-map.ts).
    const keys = LayeredMap.keysThatMayDiffer(a, b) ?? a.keys();
    for (const key of keys) if (a.has(key) !== b.has(key) || !sameValue(a.get(key), b.get(key))) return false;
    return true;
  }
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    for (const value of a) if (!b.has(value)) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((value, i) => sameValue(value, b[i]));
  }
  if (Array.isArray(b) || isMap(b) || b instanceof Set) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function isMap(value: object): value is ReadonlyMap<unknown, unknown> {
  return value instanceof Map || value instanceof LayeredMap;
}
