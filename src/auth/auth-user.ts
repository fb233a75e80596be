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
