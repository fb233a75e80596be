import type { Dialect } from './dialect.js';
import { isGenericConnectionError, onConflictUpdate, placeholderList, wholeAmount } from './shared.js';

const CONNECTION_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
]);

/** SQLite's default bound on a statement's placeholders (SQLITE_MAX_VARIABLE_NUMBER). */
const SQLITE_MAX_PARAMS = 32766;

/**
 * The embedded database through better-sqlite3. Text compares exactly unless told, so names are
 * compared and sorted with NOCASE (ASCII letters only, as SQLite folds them). Rows are locked by
 * the one writer at a time (writes.ts runs transactions one after the other): no FOR UPDATE.
 */
export const sqliteDialect: Dialect = {
  name: 'sqlite',

  nowUtc: () => "strftime('%Y-%m-%d %H:%M:%S','now')",
  agoUtc: (amount, unit) => `strftime('%Y-%m-%d %H:%M:%S','now','-${wholeAmount(amount)} ${unit}s')`,
  upsert: onConflictUpdate,
  forUpdate: '',
  forUpdateOf: () => '',
  textEquals: (column, value = '?') => `${column} = ${value} COLLATE NOCASE`,
  sameValue: (a, b) => a.toLowerCase() === b.toLowerCase(),
  textIn: (column, count) => `${column} COLLATE NOCASE IN (${placeholderList(count)})`,
  // SQLite's LOWER() folds ASCII only: names with any other character are all preselected.
  lowerCaseIn: (column, count) =>
    `(LOWER(${column}) IN (${placeholderList(count)}) OR length(CAST(${column} AS BLOB)) <> length(${column}))`,
  textOrder: (column) => `${column} COLLATE NOCASE`,
  castText: (expression) => `CAST(${expression} AS TEXT)`,
  returning: () => '',
  followExplicitIds: () => undefined,
  insertedId(result) {
    if (typeof result === 'number' || typeof result === 'bigint') return Number(result);
    const raw = result as { lastInsertRowid?: number | bigint; insertId?: number | bigint } | null | undefined;
    const id = raw?.lastInsertRowid ?? raw?.insertId;
    if (id === undefined) throw new Error('The INSERT returned no id');
    return Number(id);
  },
  maxParams: SQLITE_MAX_PARAMS,
  statementTimeout: () => undefined,
  serverVersionSql: 'SELECT sqlite_version() AS version',
  tableNamesSql: "SELECT name FROM sqlite_master WHERE type = 'table'",

  isDuplicateKey: (e) => e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY',
  isConnectionError(e) {
    const code = typeof e.code === 'string' ? e.code : '';
    return CONNECTION_CODES.has(code) || code.startsWith('SQLITE_IOERR') || isGenericConnectionError(e);
  },
  isLockConflict: (e) => typeof e.code === 'string' && e.code.startsWith('SQLITE_BUSY'),
  isUnstorableText: () => false,
  isDatabaseError(e) {
    const code = typeof e.code === 'string' ? e.code : '';
    return e.name === 'QueryFailedError' || e.name === 'SqliteError' || code.startsWith('SQLITE_');
  },

  changeSignal: 'data-version',
  /** `rowid`, given in increasing order to appended rows (VACUUM may renumber, in order). */
  historyTrail: (where) =>
    `SELECT ROW_NUMBER() OVER (ORDER BY a.at_time, a.rowid) AS id,
            a.at_time, a.class, a.object_id, a.field, a.removed, a.added, a.user_id
       FROM audit_log a WHERE ${where}`,
  orderedMultiRowInsert: true,
};
