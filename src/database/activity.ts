import type { EntityManager } from 'typeorm';
import { dialectOf, toSqlDateTime } from './dialect.js';

/**
 * Bugzilla's change history of bugs (`bugs_activity`) and of users (`profiles_activity`):
 * each row names the changed field by its `fielddefs` id, looked up by name as Bugzilla's
 * `get_field_id` does (a database Bugzilla created numbers its fields its own way).
 */

/** The ids of the fields `names`; throws when one is missing (the migration creates them all). */
export async function fieldIds(em: EntityManager, names: readonly string[]): Promise<Map<string, number>> {
  const rows: { id: number | string; name: string }[] = await em.query(
    `SELECT id, name FROM fielddefs WHERE name IN (${names.map(() => '?').join(', ')})`,
    [...names],
  );
  const ids = new Map(rows.map((row) => [row.name, Number(row.id)]));
  for (const name of names) {
    if (!ids.has(name)) throw new Error(`The field '${name}' is missing from fielddefs.`);
  }
  return ids;
}

export interface BugActivity {
  bugId: number;
  field: string;
  removed: string;
  added: string;
}

/**
 * One `bugs_activity` row per change, all by `who` at `when` (a `YYYY-MM-DD hh:mm:ss` UTC time the
 * caller also gives the bugs' `delta_ts`, as Bugzilla does), in one statement per 500 rows.
 */
export async function writeBugsActivity(
  em: EntityManager,
  who: number,
  when: string,
  changes: readonly BugActivity[],
): Promise<void> {
  if (changes.length === 0) return;
  const ids = await fieldIds(em, [...new Set(changes.map((change) => change.field))]);
  for (let start = 0; start < changes.length; start += 500) {
    const chunk = changes.slice(start, start + 500);
    await em.query(
      `INSERT INTO bugs_activity (bug_id, who, bug_when, fieldid, removed, added)
       VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flatMap((change) => [change.bugId, who, when, ids.get(change.field), change.removed, change.added]),
    );
  }
}

/** The database's current UTC time, read once, as a parameter for several statements of one change. */
export async function databaseNow(em: EntityManager): Promise<string> {
  const [{ now }] = (await em.query(`SELECT ${dialectOf(em.dataSource).nowUtc()} AS now`)) as { now: Date | string }[];
  return toSqlDateTime(now);
}

/** As a `profiles_activity` value: the row's own time (Bugzilla's creation row stores NOW() as the new value). */
export const ACTIVITY_TIME = Symbol('the time of the activity row');

/** One `profiles_activity` row: `userid`'s `field` changed from `oldvalue` to `newvalue`, by `who`, now. */
export async function writeProfileActivity(
  em: EntityManager,
  row: {
    userId: number;
    who: number;
    field: string;
    oldvalue: string | null;
    newvalue: string | null | typeof ACTIVITY_TIME;
  },
): Promise<void> {
  const ids = await fieldIds(em, [row.field]);
  const now = dialectOf(em.dataSource).nowUtc();
  const newvalue = row.newvalue === ACTIVITY_TIME ? now : '?';
  await em.query(
    `INSERT INTO profiles_activity (userid, who, profiles_when, fieldid, oldvalue, newvalue) VALUES (?, ?, ${now}, ?, ?, ${newvalue})`,
    [row.userId, row.who, ids.get(row.field), row.oldvalue, ...(row.newvalue === ACTIVITY_TIME ? [] : [row.newvalue])],
  );
}
