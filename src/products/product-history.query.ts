import type { DataSource } from 'typeorm';
import { isMysql } from '../database/dialect.js';

/**
 * The rows of `audit_log` that belong to a product's trail (SPEC §10): its own (its fields and
 * its group controls), and those of its components, versions and milestones and of the flag types
 * that apply to it (an inclusion for it or for any product, no exclusion of the whole product).
 * Objects deleted since cannot be traced back to the product (audit_log names only the class and
 * id), except the product's own rows. Its parameters: the product's id, TRAIL_PARAMS times.
 */
const TRAIL = `
  (a.class = 'Bugzilla::Product' AND a.object_id = ?)
  OR (a.class = 'Bugzilla::Component' AND a.object_id IN (SELECT id FROM components WHERE product_id = ?))
  OR (a.class = 'Bugzilla::Version' AND a.object_id IN (SELECT id FROM versions WHERE product_id = ?))
  OR (a.class = 'Bugzilla::Milestone' AND a.object_id IN (SELECT id FROM milestones WHERE product_id = ?))
  OR (a.class = 'Bugzilla::FlagType'
      AND a.object_id IN (SELECT type_id FROM flaginclusions WHERE product_id = ? OR product_id IS NULL)
      AND a.object_id NOT IN (SELECT type_id FROM flagexclusions
                               WHERE (product_id = ? OR product_id IS NULL) AND component_id IS NULL))`;
export const TRAIL_PARAMS = 6;

/** How the database tells the order in which audit_log's rows were written (see historyQuery). */
export type WriteOrder = 'mariadb' | 'mysql' | 'sqlite';

/** Which write order `dataSource`'s server has: MariaDB and MySQL number rows as found in different ways. */
export async function writeOrderOf(dataSource: DataSource): Promise<WriteOrder> {
  if (!isMysql(dataSource)) return 'sqlite';
  const [{ version }] = (await dataSource.query('SELECT VERSION() AS version')) as { version: string }[];
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

/**
 * One page of a product's history, newest first. Parameters: the product's id (TRAIL_PARAMS
 * times), then `before` when `paged`, then the limit.
 *
 * An entry's `id` is its position in the trail ordered by `at_time`, then, within one second, by
 * the order the rows were written (SPEC §10): audit_log has no key, and a Perl Bugzilla writes it
 * too, so that order must be one the database keeps, not one only our writes know.
 * - SQLite: `rowid`, given in increasing order to appended rows (VACUUM may renumber, in order).
 * - InnoDB stores a table without a key on a hidden row id given in increasing order on insert,
 *   which SQL cannot name. A read that fetches rows in row-id order numbers them as it accepts them
 *   (MariaDB's ROWNUM(); MariaDB's ROW_NUMBER() OVER () would not do: it sorts an empty window by
 *   the temporary table's first column. MySQL numbers an unordered window in arrival order — not
 *   verified here, no MySQL 8 server). The class index alone returns rows by (class, at_time, row
 *   id), the old fault. The plan that fetches in row-id order is forced: FORCE INDEX names only
 *   audit_log's two indexes, and the disjunct `a.user_id = 0` (no profile has id 0; Bugzilla
 *   stores a missing user as NULL) can use only the user_id index, so no single index serves the
 *   WHERE and the plan is an index merge — whose sort-union sorts the row ids before it fetches
 *   any row — or, where index_merge is switched off, a full scan of the clustered index: row-id
 *   order either way. Checked with EXPLAIN on MariaDB 10.11, and with index_merge=off.
 *   Row ids are given at insert, not at commit: rows written in the same second by transactions
 *   that overlapped can be numbered differently on a replica (which applies them in commit order),
 *   and one committed late can move an entry of its second already read.
 *
 * Cost of one page on MariaDB: the index entries of every audit_log row of the five trail classes
 * (all products', not only this one's), a sort of their row ids, one clustered-index lookup per
 * such row, then a sort of the product's trail; rows of other classes (Bugzilla::User, most of a
 * big site's audit_log) are not read. Measured on MariaDB 10.11 on a busy 2-core VM: 10–15 ms for a
 * 300-row trail among 1M Bugzilla::User rows; about 0.35 s with 100k rows of the trail classes
 * among them (the former order-by-columns query chose a full scan there: 2.0–2.4 s). The
 * index_merge=off fallback, a full scan, costs about 1 s per million rows. SQLite searches the
 * class index for each class and sorts the trail.
 */
export function historyQuery(order: WriteOrder, paged: boolean): string {
  const trail =
    order === 'sqlite'
      ? `SELECT ROW_NUMBER() OVER (ORDER BY a.at_time, a.rowid) AS id,
                a.at_time, a.class, a.object_id, a.field, a.removed, a.added, a.user_id
           FROM audit_log a WHERE ${TRAIL}`
      : `SELECT ROW_NUMBER() OVER (ORDER BY w.at_time, w.written) AS id,
                w.at_time, w.class, w.object_id, w.field, w.removed, w.added, w.user_id
           FROM (SELECT ${order === 'mariadb' ? 'ROWNUM()' : 'ROW_NUMBER() OVER ()'} AS written,
                        a.at_time, a.class, a.object_id, a.field, a.removed, a.added, a.user_id
                   FROM audit_log a FORCE INDEX (audit_log_class_idx, fk_audit_log_user_id_profiles_userid)
                  WHERE ${TRAIL} OR a.user_id = 0) w`;
  return `SELECT t.id, t.at_time, t.class, t.object_id, t.field, t.removed, t.added, pr.login_name
            FROM (${trail}) t
            LEFT JOIN profiles pr ON pr.userid = t.user_id
           ${paged ? 'WHERE t.id < ?' : ''}
           ORDER BY t.id DESC LIMIT ?`;
}
