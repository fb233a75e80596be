import type { DataSource, EntityManager } from 'typeorm';
import { isMysql } from './dialect.js';
import { noteWrite } from './read-routing.js';

/**
 * Writing on both databases: one transaction per request, all or nothing.
 *
 * SQLite: TypeORM shares one connection between every caller and turns a
 * transaction started while another is open into a SAVEPOINT of that one, so
 * two requests writing at once would share (and commit or roll back) each
 * other's work. Transactions on SQLite therefore run one after the other.
 *
 * MySQL/MariaDB: InnoDB may pick a transaction as a deadlock victim and roll it
 * back entirely; it is run again (up to 3 attempts) before the error is let out.
 */
const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();

const MAX_ATTEMPTS = 3;

export async function runInTransaction<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  const result = await runOnPrimary(ds, work);
  // The caller's next reads must see this commit even where replicas lag (read-routing.ts).
  noteWrite();
  return result;
}

async function runOnPrimary<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  if (!isMysql(ds)) {
    const previous = sqliteQueues.get(ds) ?? Promise.resolve();
    const run = previous.then(
      () => ds.transaction(work),
      () => ds.transaction(work),
    );
    sqliteQueues.set(
      ds,
      run.catch(() => undefined),
    );
    return run;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await ds.transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isDeadlockError(error)) throw error;
    }
  }
}

/** InnoDB chose this transaction as a deadlock victim (ER_LOCK_DEADLOCK, 1213) and rolled it back. */
export function isDeadlockError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const record = current as Record<string, unknown>;
    if (record.code === 'ER_LOCK_DEADLOCK' || record.errno === 1213) return true;
    current = record.driverError ?? record.cause;
  }
  return false;
}

/** The auto-increment id of the row a raw `INSERT` just wrote (mysql2 result header, or better-sqlite3's rowid). */
export function insertedId(result: unknown): number {
  if (typeof result === 'number' || typeof result === 'bigint') return Number(result);
  const id = (result as { insertId?: number | bigint } | null)?.insertId;
  if (id === undefined) throw new Error('The INSERT returned no id');
  return Number(id);
}
