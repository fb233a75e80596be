import type { Dialect } from './dialect.js';
import { isGenericConnectionError, onConflictUpdate, placeholderList, wholeAmount } from './shared.js';

/**
 * SQLSTATEs of a server that cannot be used right now: connection exceptions (class 08), too many
 * connections, shutting down or starting, authentication refused, the database gone; a deadlock
 * victim, a lock not granted or a statement cancelled by statement_timeout, as MySQL's 1213/1205 and
 * mysql2's timeout count.
 */
const CONNECTION_STATES = new Set([
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '28000',
  '28P01',
  '3D000',
  '40P01',
  '55P03',
  '57014',
]);

/** What node-postgres says of a connection it lost or never had. */
const PG_MESSAGES = [
  'connection terminated',
  'timeout exceeded when trying to connect',
  'client has encountered a connection error',
  'cannot use a pool after calling end',
  'client was closed and is not queryable',
];

/** The current UTC time, truncated to whole seconds, as MySQL's UTC_TIMESTAMP() gives it (the statement's start). */
const NOW_UTC = "date_trunc('second', statement_timestamp() AT TIME ZONE 'UTC')";

/**
 * PostgreSQL through node-postgres, on Bugzilla's Pg schema (Bugzilla/DB/Pg.pm, Bugzilla/DB/Schema/Pg.pm):
 * text compares exactly, so names are compared and sorted through LOWER() as Bugzilla's Pg code
 * does (`sql_istrcmp`), which the `lower(name)` unique indexes of products and profiles serve.
 * Sorting uses the "C" collation on the lower-cased name: code-point order, whatever locale the
 * database was made with, as SQLite's NOCASE. The SQL itself is written for MySQL: the pg driver
 * is handed it translated (postgres-sql.ts).
 */
export const postgresDialect: Dialect = {
  name: 'postgres',

  nowUtc: () => NOW_UTC,
  agoUtc: (amount, unit) => `(${NOW_UTC} - INTERVAL '${wholeAmount(amount)} ${unit}s')`,
  upsert: onConflictUpdate,
  forUpdate: ' FOR UPDATE',
  forUpdateOf: (alias) => ` FOR UPDATE OF ${alias}`,
  textEquals: (column, value = '?') => `LOWER(${column}) = LOWER(${value})`,
  sameValue: (a, b) => a === b,
  textIn: (column, count) => `LOWER(${column}) IN (${placeholderList(count, 'LOWER(?)')})`,
  // Served by the lower(name) index of products and profiles.
  lowerCaseIn: (column, count) => `LOWER(${column}) IN (${placeholderList(count, 'LOWER(?)')})`,
  textOrder: (column) => `LOWER(${column}) COLLATE "C"`,
  castText: (expression) => `CAST(${expression} AS TEXT)`,
  returning: (column) => ` RETURNING ${column}`,
  // setval(seq, max) as nextval would have left it: the next row gets max + 1 (a table left empty: 1).
  followExplicitIds: (table, column) => {
    const name = table.replace(/[`"]/g, '');
    return `SELECT setval(pg_get_serial_sequence('${name}', '${column}'), COALESCE((SELECT MAX(${column}) FROM ${table}), 0) + 1, false)`;
  },
  insertedId(result) {
    const row = Array.isArray(result) ? (result[0] as Record<string, unknown> | undefined) : undefined;
    const id = row ? Object.values(row)[0] : undefined;
    if (id === undefined || id === null) throw new Error('The INSERT returned no id (RETURNING missing)');
    return Number(id);
  },
  // The wire protocol's bound on a statement's parameters.
  maxParams: 65535,
  statementTimeout: (ms) => `SET LOCAL statement_timeout = ${Math.max(0, Math.trunc(ms))}`,
  serverVersionSql: 'SELECT version() AS version',
  tableNamesSql: 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()',

  isDuplicateKey: (e) => e.code === '23505',
  isConnectionError(e) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_STATES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message.toLowerCase() : '';
    return PG_MESSAGES.some((m) => message.includes(m)) || isGenericConnectionError(e);
  },
  isLockConflict: (e) => e.code === '40P01' || e.code === '55P03' || e.code === '40001',
  // 22021: a NUL in a text value ("invalid byte sequence for encoding UTF8: 0x00"); 22P05: untranslatable.
  isUnstorableText: (e) => e.code === '22021' || e.code === '22P05',
  isDatabaseError(e) {
    const code = typeof e.code === 'string' ? e.code : '';
    return e.name === 'QueryFailedError' || (typeof e.severity === 'string' && /^[0-9A-Z]{5}$/.test(code));
  },

  changeSignal: 'snapshot',
  changeLog: 'logical_decoding',
  // The count and the sum of the rows' xmin, as the snapshot signal's table fingerprints
  // (src/cache/change-signal.ts): an update writes a new row version with its own transaction's id, so
  // it moves the sum as an insert or a delete moves the count. (No text is hashed: PostgreSQL 12 has
  // no BIT_XOR aggregate, and the row version says more cheaply that a row changed.)
  productFingerprintsSql: (table, alias) =>
    `SELECT ${alias}.product_id, COUNT(*) AS n, 0 AS x, SUM(CAST(CAST(${alias}.xmin AS TEXT) AS BIGINT)) AS s
       FROM ${table} ${alias} GROUP BY ${alias}.product_id`,
  /**
   * PostgreSQL has no row number SQL can name that follows insertion (ctid is a place in the heap:
   * a row may land in free space before older rows). What the server does keep in every row is the
   * transaction that wrote it (`xmin`, a number given in increasing order when a transaction first
   * writes) and the statement within it (`cmin`); audit_log's rows are only ever inserted, so both
   * stay as written. Within one second the order is by transaction (the oldest xid first: `age()`
   * counts back from the server's next xid, so it also holds across xid wraparound), then by
   * statement (cid has no ordering operator: compared as a number); each audit row is its own statement (orderedMultiRowInsert), as Bugzilla's Perl
   * code writes them. As on MariaDB, the number is given at the first write, not at commit. A
   * physical standby has the same xids; a dump restored elsewhere does not (it rewrites every row).
   */
  historyTrail: (where) =>
    `SELECT ROW_NUMBER() OVER (ORDER BY a.at_time, age(a.xmin) DESC, CAST(CAST(a.cmin AS TEXT) AS BIGINT), a.ctid) AS id,
            a.at_time, a.class, a.object_id, a.field, a.removed, a.added, a.user_id
       FROM audit_log a WHERE ${where}`,
  orderedMultiRowInsert: false,
};
