import type { EntityManager } from 'typeorm';
import { dialectOf } from '../database/dialect.js';

export interface UserRef {
  id: number;
  login: string;
}

/**
 * The users whose login is one of `logins`, found as the database compares logins
 * (case-insensitively, as Bugzilla's `login_to_id` on MySQL), in one statement.
 * Keyed by the login as given; logins that match nobody are absent.
 */
export async function usersByLogin(em: EntityManager, logins: readonly string[]): Promise<Map<string, UserRef>> {
  const wanted = [...new Set(logins)];
  const found = new Map<string, UserRef>();
  if (wanted.length === 0) return found;
  const rows: { userid: number; login_name: string }[] = await em.query(
    `SELECT userid, login_name FROM profiles WHERE ${dialectOf(em.dataSource).textIn('login_name', wanted.length)}`,
    wanted,
  );
  for (const login of wanted) {
    const matches = rows.filter((row) => row.login_name.toLowerCase() === login.toLowerCase());
    const row = matches.find((r) => r.login_name === login) ?? matches[0];
    if (row) found.set(login, { id: Number(row.userid), login: row.login_name });
  }
  return found;
}

/** The logins of users `ids`, in one statement. */
export async function loginsById(em: EntityManager, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  const out = new Map<number, string>();
  if (wanted.length === 0) return out;
  const rows: { userid: number; login_name: string }[] = await em.query(
    `SELECT userid, login_name FROM profiles WHERE userid IN (${wanted.map(() => '?').join(', ')})`,
    wanted,
  );
  for (const row of rows) out.set(Number(row.userid), row.login_name);
  return out;
}
