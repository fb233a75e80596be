import type { DataSource } from 'typeorm';
import { dialectOf } from '../database/dialect.js';

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

/**
 * The two statements of a product's history on `dataSource` (see historyQuery): the first page,
 * and a page before a given entry.
 */
export async function historyQueries(dataSource: DataSource): Promise<{ first: string; paged: string }> {
  const dialect = dialectOf(dataSource);
  const [{ version }] = (await dataSource.query(dialect.serverVersionSql)) as { version: string }[];
  const trail = dialect.historyTrail(TRAIL, String(version));
  return { first: historyQuery(trail, false), paged: historyQuery(trail, true) };
}

/**
 * One page of a product's history, newest first. Parameters: the product's id (TRAIL_PARAMS
 * times), then `before` when `paged`, then the limit.
 *
 * An entry's `id` is its position in the trail ordered by `at_time`, then, within one second, by
 * the order the rows were written (SPEC §10): audit_log has no key, and a Perl Bugzilla writes it
 * too, so that order must be one the database keeps, not one only our writes know. Each dialect
 * says which (Dialect.historyTrail: InnoDB's hidden row id, SQLite's rowid, PostgreSQL's xmin and
 * cmin) and what reading it costs.
 */
function historyQuery(trail: string, paged: boolean): string {
  return `SELECT t.id, t.at_time, t.class, t.object_id, t.field, t.removed, t.added, pr.login_name
            FROM (${trail}) t
            LEFT JOIN profiles pr ON pr.userid = t.user_id
           ${paged ? 'WHERE t.id < ?' : ''}
           ORDER BY t.id DESC LIMIT ?`;
}
