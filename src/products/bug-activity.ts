import type { EntityManager } from 'typeorm';
import { fieldIds } from '../database/activity.js';
import { dialectOf } from '../database/dialect.js';

/**
 * Bugzilla's LogActivityEntry for a bug group change (field `bug_group`) on every bug that
 * `bugs` (a condition on `bugs b`) selects: one `bugs_activity` row per bug, in one
 * statement whatever the number of bugs.
 */
export async function logBugGroupActivity(
  em: EntityManager,
  who: number,
  bugs: { where: string; params: unknown[] },
  change: { removed: string; added: string },
): Promise<void> {
  const field = (await fieldIds(em, ['bug_group'])).get('bug_group');
  await em.query(
    `INSERT INTO bugs_activity (bug_id, who, bug_when, fieldid, removed, added)
     SELECT b.bug_id, ?, ${dialectOf(em.dataSource).nowUtc()}, ?, ?, ? FROM bugs b WHERE ${bugs.where}`,
    [who, field, change.removed, change.added, ...bugs.params],
  );
}
