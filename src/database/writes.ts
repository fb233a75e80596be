import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { dialectOf } from './dialect.js';
import { availabilityOf } from './galera/availability.js';
import { backoffMs, failureKind, mayRetryTransaction, type TransactionPhase } from './galera/retry-rules.js';
import { noteWrite } from './read-routing.js';

/**
 * Writing on both databases: one transaction per request, all or nothing.
 *
 * SQLite: TypeORM shares one connection between every caller and turns a
 * transaction started while another is open into a SAVEPOINT of that one, so
 * two requests writing at once would share (and commit or roll back) each
 * other's work. Transactions on SQLite therefore run one after the other.
 *
 * MySQL/MariaDB: a transaction that provably did not commit is run again, whole, with jittered backoff,
 * for at most DB_WRITE_RETRY_MS (galera/retry-rules.ts says which): a deadlock victim or a Galera
 * certification conflict (1213, at any statement or at COMMIT); with several Galera nodes also a node that
 * was not ready (1047), refused the connection, or lost it before COMMIT was sent. A COMMIT whose
 * connection died is never repeated: it may have committed; the caller gets a 503 and it is logged.
 */
const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();

const logger = new Logger('Writes');

export async function runInTransaction<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  const result = await runOnPrimary(ds, work);
  // The caller's next reads must see this commit even where replicas lag (read-routing.ts), whichever worker.
  await noteWrite();
  return result;
}

async function runOnPrimary<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  // better-sqlite3: TypeORM's one shared connection (above).
  if (dialectOf(ds).name === 'sqlite') {
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
  const availability = availabilityOf(ds);
  const deadline = Date.now() + availability.writeRetryMs;
  for (let attempt = 1; ; attempt++) {
    const runner = ds.createQueryRunner();
    let phase: TransactionPhase = 'statements';
    try {
      await runner.startTransaction();
      const result = await work(runner.manager);
      phase = 'commit';
      await runner.commitTransaction();
      return result;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      const kind = failureKind(error);
      const wait = backoffMs(attempt);
      if (mayRetryTransaction(kind, phase, availability.otherNodes) && Date.now() + wait < deadline) {
        availability.countRetry('transaction', kind!);
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      if (phase === 'commit' && kind === 'lost') {
        availability.unknownCommits++;
        // Answered 503 (a connection error): whether it committed is for whoever reads the data next.
        logger.error('A COMMIT lost its database connection: the transaction may or may not have committed');
      }
      throw error;
    } finally {
      await runner.release();
    }
  }
}

/**
 * Runs a raw single-row `INSERT` and returns the auto-numbered id it gave the row (column
 * `idColumn`): mysql2's result header, better-sqlite3's rowid, or PostgreSQL's RETURNING.
 */
export async function insertReturningId(
  em: Pick<EntityManager, 'query' | 'dataSource'>,
  sql: string,
  params: unknown[],
  idColumn = 'id',
): Promise<number> {
  const dialect = dialectOf(em.dataSource);
  return dialect.insertedId(await em.query(sql + dialect.returning(idColumn), params));
}

/**
 * What a committed write changed, as far as the statement text tells: the tables named by
 * INSERT/UPDATE/DELETE/REPLACE, or 'unknown' (DDL, multi-table statements) meaning "any table".
 */
export type WrittenTables = ReadonlySet<string> | 'unknown';
export type CommitListener = (tables: WrittenTables) => void;

const commitListeners = new WeakMap<DataSource, Set<CommitListener>>();
const WATCHED = Symbol('commit-listeners-installed');

/**
 * Tells `listener` after every change this data source commits: after the COMMIT of a
 * transaction (runInTransaction and any other), and after a write statement run outside a
 * transaction (autocommit: the login cookie written at login, an API key's `last_used`, a
 * test's fixture rows). The in-memory model (src/cache) uses it for read-your-writes: the
 * listener runs before the statement's caller resumes, so this instance's next request knows.
 *
 * It is installed on the driver's query runners, the one place every statement of this data
 * source passes through, so a write path that does not use runInTransaction is covered too.
 * Returns a function that removes the listener.
 */
export function onCommittedWrite(ds: DataSource, listener: CommitListener): () => void {
  let listeners = commitListeners.get(ds);
  if (!listeners) {
    listeners = new Set();
    commitListeners.set(ds, listeners);
    watchQueryRunners(ds, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Runner = QueryRunner & { [WATCHED]?: boolean; pendingWrites?: Set<string> | 'unknown' };

function watchQueryRunners(ds: DataSource, listeners: Set<CommitListener>): void {
  const driver = ds.driver;
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = create(mode) as Runner;
    // better-sqlite3 hands out its one runner again and again: wrap it once.
    if (runner[WATCHED]) return runner;
    runner[WATCHED] = true;
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    runner.query = (async (...args: unknown[]) => {
      try {
        return await query(...args);
      } finally {
        noteStatement(runner, String(args[0] ?? ''), listeners);
      }
    }) as QueryRunner['query'];
    return runner;
  };
}

const READS = /^(SELECT|WITH|SHOW|EXPLAIN|DESCRIBE|DESC|PRAGMA|SET|START|BEGIN|SAVEPOINT|RELEASE)\b/i;
const TARGET =
  /^(?:INSERT(?:\s+OR\s+\w+)?(?:\s+IGNORE)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+IGNORE)?|DELETE\s+FROM)\s+[`"]?(\w+)[`"]?(\s|\(|$)/i;

function noteStatement(runner: Runner, sql: string, listeners: Set<CommitListener>): void {
  const text = sql.replace(/^(\s|\/\*[\s\S]*?\*\/|--[^\n]*\n)+/, '');
  if (READS.test(text)) return;
  if (/^ROLLBACK\b/i.test(text)) {
    // A rollback to a savepoint leaves the transaction's earlier writes pending.
    if (!/^ROLLBACK\s+TO\b/i.test(text)) runner.pendingWrites = undefined;
    return;
  }
  if (!/^COMMIT\b/i.test(text)) {
    const target = TARGET.exec(text);
    const table = target && !/\bJOIN\b/i.test(text) ? target[1].toLowerCase() : undefined;
    const pending = runner.pendingWrites;
    if (table === undefined || pending === 'unknown') runner.pendingWrites = 'unknown';
    else (runner.pendingWrites = pending ?? new Set()).add(table);
    if (runner.isTransactionActive) return;
  }
  const written = runner.pendingWrites;
  runner.pendingWrites = undefined;
  if (written === undefined) return;
  for (const listener of listeners) listener(written);
}
