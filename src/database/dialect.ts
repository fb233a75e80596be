import type { DataSource } from 'typeorm';

/**
 * The few places where MySQL/MariaDB and SQLite differ, in one file. Everything
 * else (queries with `?` placeholders, backtick-quoted identifiers) is written
 * once and runs on both.
 */
export type Dialect = 'mysql' | 'sqlite';

type HasOptions = Pick<DataSource, 'options'>;

export function dialectOf(ds: HasOptions): Dialect {
  const type = ds.options.type;
  if (type === 'mysql' || type === 'mariadb') return 'mysql';
  if (type === 'better-sqlite3') return 'sqlite';
  throw new Error(`Unsupported database type '${type}'`);
}

export function isMysql(ds: HasOptions): boolean {
  return dialectOf(ds) === 'mysql';
}

/** SQL expression for the current UTC time, truncated to whole seconds. */
export function nowUtcSql(ds: HasOptions): string {
  return isMysql(ds) ? 'UTC_TIMESTAMP()' : "strftime('%Y-%m-%d %H:%M:%S','now')";
}

/** SQL expression for the UTC time `amount` whole days or minutes ago (seconds precision). */
export function agoUtcSql(ds: HasOptions, amount: number, unit: 'day' | 'minute'): string {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`amount must be a non-negative integer (got ${amount})`);
  return isMysql(ds)
    ? `(UTC_TIMESTAMP() - INTERVAL ${amount} ${unit.toUpperCase()})`
    : `strftime('%Y-%m-%d %H:%M:%S','now','-${amount} ${unit}s')`;
}

/** SQL expression for the UTC time `days` whole days ago (seconds precision). */
export function daysAgoUtcSql(ds: HasOptions, days: number): string {
  return agoUtcSql(ds, days, 'day');
}

/**
 * Insert-or-update of `bug_user_last_visit` on its unique key (user_id, bug_id).
 * Parameters, per row: user_id, bug_id, last_visit_ts (pass the timestamp through
 * `toSqlDateTime`, or a Date on MySQL). `rows` rows are written in one statement.
 */
export function upsertLastVisitSql(ds: HasOptions, rows = 1): string {
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`rows must be a positive integer (got ${rows})`);
  const values = Array.from({ length: rows }, () => '(?, ?, ?)').join(', ');
  const insert = `INSERT INTO bug_user_last_visit (user_id, bug_id, last_visit_ts) VALUES ${values}`;
  return isMysql(ds)
    ? `${insert} ON DUPLICATE KEY UPDATE last_visit_ts = VALUES(last_visit_ts)`
    : `${insert} ON CONFLICT(user_id, bug_id) DO UPDATE SET last_visit_ts = excluded.last_visit_ts`;
}

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

/** A unique or primary key violation (mysql2 ER_DUP_ENTRY / 1062, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isDuplicateKeyError(err: unknown): boolean {
  return layers(err).some(
    (e) =>
      e.code === 'ER_DUP_ENTRY' ||
      e.errno === 1062 ||
      e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
      e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY',
  );
}

const CONNECTION_CODES = new Set([
  // sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // mysql2
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'POOL_CLOSED',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_ACCESS_DENIED_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ER_LOCK_WAIT_TIMEOUT',
  // A write that ran out of DB_WRITE_RETRY_MS on deadlocks or Galera certification conflicts (writes.ts).
  'ER_LOCK_DEADLOCK',
  // A Galera node that is not ready ('WSREP has not yet prepared node for application use').
  'ER_UNKNOWN_COM_ERROR',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
  'CR_CONNECTION_ERROR',
  'CR_CONN_HOST_ERROR',
  // better-sqlite3
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
]);

/**
 * MySQL error numbers: too many connections, shutdown, access denied, lock wait timeout, server gone/lost;
 * a Galera node not ready (1047); a deadlock or certification conflict still there after the retries (1213).
 */
const CONNECTION_ERRNOS = new Set([1040, 1047, 1053, 1045, 1044, 1203, 1205, 1213, 2002, 2003, 2006, 2013]);

const CONNECTION_MESSAGES = [
  'pool is closed',
  'connection is not established',
  'connection is not yet established',
  'connection lost',
  'lost connection',
  'server has gone away',
  'closed state',
  'query inactivity timeout',
  'connect etimedout',
  'database connection is not open',
  'too many connections',
  'queue limit reached',
  // connection-limits.ts: no pooled connection within DB_TIMEOUT_MS
  'timed out waiting for a database connection',
];

/** The database cannot be reached or used right now (the answer is a 503, not a 500). */
export function isConnectionError(err: unknown): boolean {
  return layers(err).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('SQLITE_IOERR')) return true;
    if (typeof e.errno === 'number' && CONNECTION_ERRNOS.has(e.errno)) return true;
    const name = typeof e.name === 'string' ? e.name : '';
    if (name === 'ConnectionIsNotSetError' || name === 'CannotExecuteNotConnectedError') return true;
    const message = typeof e.message === 'string' ? e.message.toLowerCase() : '';
    return CONNECTION_MESSAGES.some((m) => message.includes(m));
  });
}

/** An error raised by the database or its driver (TypeORM's QueryFailedError, mysql2, better-sqlite3). */
export function isDatabaseError(err: unknown): boolean {
  return layers(err).some((e) => {
    if (e.name === 'QueryFailedError' || e.name === 'SqliteError' || typeof e.sqlState === 'string') return true;
    const code = typeof e.code === 'string' ? e.code : '';
    return code.startsWith('ER_') || code.startsWith('SQLITE_');
  });
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
