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
