/** The caller of a request, resolved once by the global guard. */
export interface AuthUser {
  /** `profiles.userid`; 0 for the anonymous user. */
  id: number;
  login: string;
  realName: string;
  /** Ids of every group the user is in, closed over `group_group_map` membership. */
  groupIds: ReadonlySet<number>;
  /** Names of the same groups. */
  groupNames: ReadonlySet<string>;
}

export const ANONYMOUS: AuthUser = Object.freeze({
  id: 0,
  login: '',
  realName: '',
  groupIds: new Set<number>(),
  groupNames: new Set<string>(),
});

export function isLoggedIn(user: AuthUser): boolean {
  return user.id > 0;
}

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
