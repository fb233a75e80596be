import type { EntityManager } from 'typeorm';
import { AUDIT_REMOVE } from '../database/audit-log.js';
import { dialectOf } from '../database/dialect.js';

/**
 * Deleting every bug of a product (or of a component), as Bugzilla's Bug.pm `remove_from_db` does for each: an
 * `audit_log` row per bug (class `Bugzilla::Bug`, `__remove__`, the bug id as removed), then the
 * rows Bugzilla's foreign keys remove with a bug (ON DELETE CASCADE) and `bugs_fulltext`, which
 * it deletes itself — each table in one statement whatever the number of bugs, children first.
 */
/** Which bugs go: those of a product (product deletion) or of a component (component deletion). */
export type BugOwner = { productId: number } | { componentId: number };

const bugsOf = (column: string) => `SELECT bug_id FROM bugs WHERE ${column} = ?`;
const BUGS = '__BUGS__';
const COMMENTS = `SELECT comment_id FROM longdescs WHERE bug_id IN (${BUGS})`;
const ATTACHMENTS = `SELECT attach_id FROM attachments WHERE bug_id IN (${BUGS})`;

/** Each statement with the number of times it names the product. */
const DELETIONS: readonly [string, number][] = [
  [`DELETE FROM bugs_fulltext WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM bugs_aliases WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM cc WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM bug_group_map WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM bug_user_last_visit WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM keywords WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM bug_tag WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM email_bug_ignore WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM bug_see_also WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM dependencies WHERE blocked IN (${BUGS}) OR dependson IN (${BUGS})`, 2],
  [`DELETE FROM duplicates WHERE dupe IN (${BUGS}) OR dupe_of IN (${BUGS})`, 2],
  [`DELETE FROM flags WHERE bug_id IN (${BUGS})`, 1],
  [
    `DELETE FROM bugs_activity WHERE bug_id IN (${BUGS}) OR attach_id IN (${ATTACHMENTS}) OR comment_id IN (${COMMENTS})`,
    3,
  ],
  [`DELETE FROM longdescs_tags_activity WHERE bug_id IN (${BUGS}) OR comment_id IN (${COMMENTS})`, 2],
  [`DELETE FROM longdescs_tags WHERE comment_id IN (${COMMENTS})`, 1],
  [`DELETE FROM attach_data WHERE id IN (${ATTACHMENTS})`, 1],
  [`DELETE FROM attachments WHERE bug_id IN (${BUGS})`, 1],
  [`DELETE FROM longdescs WHERE bug_id IN (${BUGS})`, 1],
];

export async function deleteBugsOf(em: EntityManager, who: number, owner: number | BugOwner): Promise<void> {
  const scope = typeof owner === 'number' ? { productId: owner } : owner;
  const [column, id] = 'productId' in scope ? ['product_id', scope.productId] : ['component_id', scope.componentId];
  await em.query(
    `INSERT INTO audit_log (user_id, class, object_id, field, removed, added, at_time)
     SELECT ?, 'Bugzilla::Bug', bug_id, '${AUDIT_REMOVE}', ${dialectOf(em.dataSource).castText('bug_id')}, NULL, ${dialectOf(em.dataSource).nowUtc()}
       FROM bugs WHERE ${column} = ? ORDER BY bugs.bug_id`,
    [who || null, id],
  );
  for (const [sql, times] of DELETIONS) {
    await em.query(sql.replaceAll(BUGS, bugsOf(column)), Array<number>(times).fill(id));
  }
  await em.query(`DELETE FROM bugs WHERE ${column} = ?`, [id]);
}
