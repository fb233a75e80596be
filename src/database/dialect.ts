import type { DataSource } from 'typeorm';
import type { Dialect } from './dialects/dialect.js';
import { mysqlDialect } from './dialects/mysql.js';
import { postgresDialect } from './dialects/postgres.js';
import { sqliteDialect } from './dialects/sqlite.js';

export type { ChangeLogName, Dialect, DialectName } from './dialects/dialect.js';

type HasOptions = Pick<DataSource, 'options'>;

/**
 * The dialect of a data source or an entity manager's (dialects/dialect.ts), from the driver its
 * options name: the one place that looks at which database it is.
 */
export function dialectOf(db: HasOptions | { dataSource: HasOptions }): Dialect {
  const type = ('options' in db ? db.options : db.dataSource.options).type;
  if (type === 'mysql' || type === 'mariadb') return mysqlDialect;
  if (type === 'better-sqlite3') return sqliteDialect;
  if (type === 'postgres') return postgresDialect;
  throw new Error(`Unsupported database type '${type}'`);
}

const DIALECTS: readonly Dialect[] = [mysqlDialect, sqliteDialect, postgresDialect];

/** The error objects to look at: the error itself, TypeORM's `driverError`, and `cause`. */
function layers(err: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const record = current as Record<string, unknown>;
    out.push(record);
    current = record.driverError ?? record.cause;
  }
  return out;
}

/**
 * Whether some dialect classes `err` (or an error it wraps) as `kind`. An error comes from one
 * driver, whose codes no other driver uses, so the error filter and the retry rules need not know
 * which database raised it.
 */
function classedAs(
  err: unknown,
  kind: 'isDuplicateKey' | 'isConnectionError' | 'isLockConflict' | 'isDatabaseError' | 'isUnstorableText',
): boolean {
  return layers(err).some((e) => DIALECTS.some((dialect) => dialect[kind](e)));
}

/** A unique or primary key violation, on any database. */
export function isDuplicateKeyError(err: unknown): boolean {
  return classedAs(err, 'isDuplicateKey');
}

/** The database cannot be reached or used right now (the answer is a 503, not a 500). */
export function isConnectionError(err: unknown): boolean {
  return classedAs(err, 'isConnectionError');
}

/** A deadlock victim or a lock wait that ran out. */
export function isLockConflictError(err: unknown): boolean {
  return classedAs(err, 'isLockConflict');
}

/** A text value the database cannot store (a NUL on PostgreSQL): the caller's input, answered 400. */
export function isUnstorableTextError(err: unknown): boolean {
  return classedAs(err, 'isUnstorableText');
}

/** An error raised by the database or its driver (TypeORM's QueryFailedError, mysql2, better-sqlite3, pg). */
export function isDatabaseError(err: unknown): boolean {
  return classedAs(err, 'isDatabaseError');
}

const NAIVE_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/;

/**
 * A database datetime as a Date. Strings without a zone (SQLite's
 * '2026-01-02 03:04:05' or '2026-01-02 03:04:05.000') are UTC.
 */
export function toUtcDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  const m = NAIVE_DATETIME.exec(value.trim());
  if (m) {
    const ms = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
    return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], m[6] ? +m[6] : 0, ms));
  }
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new Error(`Not a datetime: '${value}'`);
  return parsed;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Bugzilla's wire format for datetimes: `YYYY-MM-DDThh:mm:ssZ` (UTC, whole seconds). */
export function formatBugzillaDateTime(value: Date | string): string {
  const d = toUtcDate(value);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`
  );
}

/**
 * A datetime as a SQL parameter that means the same on both drivers:
 * `YYYY-MM-DD hh:mm:ss` in UTC (better-sqlite3 cannot bind a Date; MySQL stores
 * the literal as it is, independent of the session time zone).
 */
export function toSqlDateTime(value: Date | string): string {
  const d = toUtcDate(value);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    ` ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}
