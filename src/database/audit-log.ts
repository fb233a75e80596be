import type { EntityManager } from 'typeorm';
import { nowUtcSql } from './dialect.js';

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
  const now = nowUtcSql(em.dataSource);
  const rows = entries.map(() => `(?, ?, ?, ?, ?, ?, ${now})`).join(', ');
  const params = entries.flatMap((e) => [userId || null, e.class, e.objectId, e.field, e.removed, e.added]);
  await em.query(
    `INSERT INTO audit_log (user_id, class, object_id, field, removed, added, at_time) VALUES ${rows}`,
    params,
  );
}
