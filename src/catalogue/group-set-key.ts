/**
 * The key of a set of group ids. It lives with the catalogue, below both the model (which remembers
 * answers per group set) and the features and the guard (which hold a caller's set), so that the
 * model never imports from a feature layer.
 */

const groupKeys = new WeakMap<ReadonlySet<number>, string>();

/**
 * A group set as text (`4,15,17`: the ids in order), the key of what is remembered per group set.
 * Worked out once per set: a caller the model knows keeps the same set for the life of the
 * snapshot (CallerService), so on most requests this is one WeakMap lookup.
 */
export function groupKeyOf(groupIds: ReadonlySet<number>): string {
  let key = groupKeys.get(groupIds);
  if (key === undefined) {
    key = [...groupIds].sort((a, b) => a - b).join(',');
    groupKeys.set(groupIds, key);
  }
  return key;
}
