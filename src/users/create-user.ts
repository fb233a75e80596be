import type { EntityManager } from 'typeorm';
import { refuseUnstorableText } from '../bugzilla/storable-text.js';
import { hashPassword } from '../auth/password.js';
import { ACTIVITY_TIME, writeProfileActivity } from '../database/activity.js';
import { AUDIT_CREATE, writeAuditLog } from '../database/audit-log.js';
import { dialectOf } from '../database/dialect.js';
import { insertReturningId } from '../database/writes.js';

/**
 * A new account, written as `Bugzilla::User->create` writes it, inside the caller's
 * transaction: the `profiles` row and its `audit_log` `__create__` row, the default mail
 * settings (`email_setting`), the memberships the groups' `userregexp` grant, and the
 * `profiles_activity` creation row. Direct memberships asked for are then added as Bugzilla's
 * user editor adds them (`user_group_map` grant_type 0 and a `bug_group` activity row).
 *
 * The one way the service, its commands and its data loaders create a user: a Perl Bugzilla
 * beside them then mails, lists and audits that user as one of its own.
 */
export interface NewBugzillaUser {
  login: string;
  realname?: string;
  /** Stored with Bugzilla's hash; without one `cryptpassword` is NULL (no password login). */
  password?: string;
  /** Non-empty: the account is disabled with this text (Bugzilla's `disabledtext`). */
  disabledText?: string;
  /** Direct memberships, by group id or name (names compared as the database does). */
  groups?: (number | string)[];
}

/** `Bugzilla::Constants`: bug mail relationships and events, and user_group_map grant types. */
const REL_REPORTER = 2;
const RELATIONSHIPS = [0, 1, REL_REPORTER, 3, 5];
const REL_ANY = 100;
const EVT_CC = 8;
const EVT_CHANGED_BY_ME = 51;
const POS_EVENTS = [0, 1, 2, 3, 4, 5, 6, 7, EVT_CC, 9, 10, 11];
const NEG_EVENTS = [50, EVT_CHANGED_BY_ME];
const GLOBAL_EVENTS = [100, 101];
const GRANT_DIRECT = 0;
const GRANT_REGEXP = 2;

/**
 * The mail settings of a new user (63 rows): every relationship and event, except changes the
 * user made and CC-list additions where the user is not the reporter, plus the global events.
 */
export function defaultEmailSettings(): [relationship: number, event: number][] {
  const rows: [number, number][] = [];
  for (const relationship of RELATIONSHIPS) {
    for (const event of [...POS_EVENTS, ...NEG_EVENTS]) {
      if (event === EVT_CHANGED_BY_ME) continue;
      if (event === EVT_CC && relationship !== REL_REPORTER) continue;
      rows.push([relationship, event]);
    }
  }
  for (const event of GLOBAL_EVENTS) rows.push([REL_ANY, event]);
  return rows;
}

/**
 * Whether a group's `userregexp` grants `login` (Bugzilla: `$login =~ m/$regexp/i`). A pattern
 * JavaScript cannot compile grants nothing rather than failing the whole creation.
 */
export function regexpGrants(userregexp: string, login: string): boolean {
  if (userregexp === '') return false;
  try {
    return new RegExp(userregexp, 'i').test(login);
  } catch {
    return false;
  }
}

/**
 * Creates the user; `createdBy` is the account doing it (NULL in `audit_log` and the user
 * itself in `profiles_activity` when nobody is logged in, as in Bugzilla). Returns the new id.
 * The caller checks the login first (unique, well-formed) and runs this in its transaction.
 */
export async function createBugzillaUser(
  em: EntityManager,
  user: NewBugzillaUser,
  createdBy: number | null = null,
): Promise<number> {
  const disabledText = user.disabledText?.trim() ?? '';
  refuseUnstorableText(em, [
    { param: 'login', column: 'profiles.login_name', value: user.login },
    { param: 'real_name', column: 'profiles.realname', value: user.realname },
    { param: 'disabled_text', column: 'profiles.disabledtext', value: disabledText },
  ]);
  const id = await insertReturningId(
    em,
    `INSERT INTO profiles (login_name, cryptpassword, realname, disabledtext, is_enabled) VALUES (?, ?, ?, ?, ?)`,
    [
      user.login,
      user.password === undefined ? null : hashPassword(user.password),
      user.realname ?? '',
      disabledText,
      disabledText === '' ? 1 : 0,
    ],
    'userid',
  );
  await writeAuditLog(em, createdBy ?? 0, [
    { class: 'Bugzilla::User', objectId: id, field: AUDIT_CREATE, removed: null, added: user.login },
  ]);

  const settings = defaultEmailSettings();
  await em.query(
    `INSERT INTO email_setting (user_id, relationship, event) VALUES ${settings.map(() => '(?, ?, ?)').join(', ')}`,
    settings.flatMap(([relationship, event]) => [id, relationship, event]),
  );

  const regexpGroups: { id: number | string; userregexp: string }[] = await em.query(
    "SELECT id, userregexp FROM `groups` WHERE userregexp <> '' ORDER BY id",
  );
  const granted = regexpGroups.filter((group) => regexpGrants(group.userregexp, user.login)).map((g) => Number(g.id));
  await insertMemberships(em, id, granted, GRANT_REGEXP);

  await writeProfileActivity(em, {
    userId: id,
    who: createdBy ?? id,
    field: 'creation_ts',
    oldvalue: null,
    newvalue: ACTIVITY_TIME,
  });

  if (user.groups?.length) await addDirectGroups(em, id, user.groups, createdBy ?? id);
  return id;
}

/**
 * Direct memberships as Bugzilla's user editor adds them (`Bugzilla::User::_update_groups`):
 * the `user_group_map` rows and one `bug_group` activity row naming the groups added.
 * Throws `UnknownGroupError` for a name or id that is not a group.
 */
async function addDirectGroups(em: EntityManager, userId: number, refs: (number | string)[], who: number) {
  const names = refs.filter((ref): ref is string => typeof ref === 'string');
  const ids = refs.filter((ref): ref is number => typeof ref === 'number');
  const conditions = [
    ...(names.length ? [dialectOf(em).textIn('name', names.length)] : []),
    ...(ids.length ? [`id IN (${ids.map(() => '?').join(', ')})`] : []),
  ];
  const rows: { id: number | string; name: string }[] = await em.query(
    `SELECT id, name FROM \`groups\` WHERE ${conditions.join(' OR ')}`,
    [...names, ...ids],
  );
  const groups: { id: number; name: string }[] = [];
  for (const ref of refs) {
    const row = rows.find((r) =>
      typeof ref === 'number' ? Number(r.id) === ref : r.name.toLowerCase() === ref.toLowerCase(),
    );
    if (!row) throw new UnknownGroupError(String(ref));
    if (!groups.some((g) => g.id === Number(row.id))) groups.push({ id: Number(row.id), name: row.name });
  }
  await insertMemberships(
    em,
    userId,
    groups.map((g) => g.id),
    GRANT_DIRECT,
  );
  await writeProfileActivity(em, {
    userId,
    who,
    field: 'bug_group',
    oldvalue: '',
    newvalue: groups.map((g) => g.name).join(', '),
  });
}

async function insertMemberships(em: EntityManager, userId: number, groupIds: number[], grantType: number) {
  if (groupIds.length === 0) return;
  await em.query(
    `INSERT INTO user_group_map (user_id, group_id, isbless, grant_type) VALUES ${groupIds.map(() => '(?, ?, 0, ?)').join(', ')}`,
    groupIds.flatMap((groupId) => [userId, groupId, grantType]),
  );
}

export class UnknownGroupError extends Error {
  constructor(readonly group: string) {
    super(`There is no group named '${group}'.`);
  }
}
