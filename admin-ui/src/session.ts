import { useEffect, useState } from 'preact/hooks';
import { BugzillaApi, type Credentials } from './api/client.js';
import type { Whoami } from './api/types.js';

/** Who is signed in, kept for this browser tab only (sessionStorage), as SPEC §11 asks. */
export interface Session {
  credentials: Credentials;
  user: Whoami;
}

const KEY = 'bugzilla-products-admin-session';

export function loadSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

/** The console's one client; its credentials follow the session. */
export const api = new BugzillaApi(loadSession()?.credentials ?? null);

/** The caller's groups, asked once per signed-in user (a failure reads as none, so nothing extra is offered). */
const groupsByUser = new Map<number, Promise<ReadonlySet<string>>>();

/**
 * Whether the signed-in user is in `group` (false until known): the console offers what Bugzilla would
 * refuse (a new product without `editcomponents`) only to members.
 */
export function useGroupMember(group: string): boolean {
  const userId = loadSession()?.user.id;
  const [member, setMember] = useState(false);
  useEffect(() => {
    if (userId === undefined) return setMember(false);
    let groups = groupsByUser.get(userId);
    if (!groups) {
      groups = api.ownGroups(userId).then(
        (names) => new Set(names),
        () => new Set<string>(),
      );
      groupsByUser.set(userId, groups);
    }
    let live = true;
    void groups.then((names) => live && setMember(names.has(group)));
    return () => {
      live = false;
    };
  }, [userId, group]);
  return member;
}
