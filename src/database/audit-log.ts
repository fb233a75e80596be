import type { EntityManager } from 'typeorm';
import { dialectOf } from './dialect.js';

/**
 * Bugzilla's `audit_log`: one row per created object (`field` = `__create__`,
 * `added` = its name), per deleted object (`__remove__`, `removed` = its name) and per changed field (`removed`/`added`). Rows of one
 * call share one timestamp, the database's current UTC time.
 */
export const AUDIT_CREATE = '__create__';
/** The field of a deleted object's row (`removed` = its name). */
export const AUDIT_REMOVE = '__remove__';

export interface AuditEntry {
  /** Bugzilla's class name, e.g. `Bugzilla::Product`. */
  class: string;
  objectId: number;
  /** A column name, or `__create__`. */
  field: string;
  removed: string | null;
  added: string | null;
}

/** Writes `entries` for `userId` in one statement (nothing when there are none). */
export async function writeAuditLog(em: EntityManager, userId: number, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const dialect = dialectOf(em.dataSource);
  const now = dialect.nowUtc();
  const insert = (batch: AuditEntry[]) =>
    em.query(
      `INSERT INTO audit_log (user_id, class, object_id, field, removed, added, at_time) VALUES ${batch
        .map(() => `(?, ?, ?, ?, ?, ?, ${now})`)
        .join(', ')}`,
      batch.flatMap((e) => [userId || null, e.class, e.objectId, e.field, e.removed, e.added]),
    );
  // Where the history's order cannot tell the rows of one statement apart, one statement each (dialect.ts).
  if (dialect.orderedMultiRowInsert) await insert(entries);
  else for (const entry of entries) await insert([entry]);
}
