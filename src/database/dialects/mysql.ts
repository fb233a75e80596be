import type { Dialect } from './dialect.js';
import { isGenericConnectionError, placeholderList, wholeAmount } from './shared.js';

const CONNECTION_CODES = new Set([
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
]);

/**
 * MySQL error numbers: too many connections, shutdown, access denied, lock wait timeout, server gone/lost;
 * a Galera node not ready (1047); a deadlock or certification conflict still there after the retries (1213).
 */
const CONNECTION_ERRNOS = new Set([1040, 1047, 1053, 1045, 1044, 1203, 1205, 1213, 2002, 2003, 2006, 2013]);

/**
 * MySQL 8 and MariaDB through mysql2. Bugzilla's tables compare and sort text with their
 * case-insensitive collation (utf8mb4_unicode_520_ci), so names need no fragment of their own.
 */
export const mysqlDialect: Dialect = {
  name: 'mysql',

  nowUtc: () => 'UTC_TIMESTAMP()',
  agoUtc: (amount, unit) => `(UTC_TIMESTAMP() - INTERVAL ${wholeAmount(amount)} ${unit.toUpperCase()})`,
  upsert: (insert, _key, update) =>
    `${insert} ON DUPLICATE KEY UPDATE ${update.map((column) => `${column} = VALUES(${column})`).join(', ')}`,
  forUpdate: ' FOR UPDATE',
  forUpdateOf: () => ' FOR UPDATE',
  textEquals: (column, value = '?') => `${column} = ${value}`,
  sameValue: (a, b) => a.toLowerCase() === b.toLowerCase(),
  textIn: (column, count) => `${column} IN (${placeholderList(count)})`,
  // The collation matches every letter case (and may match more, which the caller's check drops);
  // a plain IN is answered from the unique name index (bench/README.md).
  lowerCaseIn: (column, count) => `${column} IN (${placeholderList(count)})`,
  textOrder: (column) => column,
  castText: (expression) => `CAST(${expression} AS CHAR)`,
  returning: () => '',
  followExplicitIds: () => undefined,
  insertedId(result) {
    const header = (Array.isArray(result) ? result[0] : result) as { insertId?: number | bigint } | null | undefined;
    if (header?.insertId === undefined) throw new Error('The INSERT returned no id');
    return Number(header.insertId);
  },
  maxParams: Infinity,
  statementTimeout: () => undefined,
  serverVersionSql: 'SELECT VERSION() AS version',
  tableNamesSql: 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
  // Every character set but these stores no character beyond U+FFFF (utf8mb3, MySQL's older 'utf8', latin1...).
  threeByteTextColumnsSql: `SELECT table_name AS table_name, column_name AS column_name FROM information_schema.columns
     WHERE table_schema = DATABASE() AND character_set_name IS NOT NULL
       AND character_set_name NOT IN ('utf8mb4', 'utf16', 'utf16le', 'utf32')`,

  isDuplicateKey: (e) => e.code === 'ER_DUP_ENTRY' || e.errno === 1062,
  isConnectionError(e) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code)) return true;
    if (typeof e.errno === 'number' && CONNECTION_ERRNOS.has(e.errno)) return true;
    return isGenericConnectionError(e);
  },
  isLockConflict: (e) => e.errno === 1213 || e.errno === 1205,
  isUnstorableText: () => false,
  isDatabaseError(e) {
    const code = typeof e.code === 'string' ? e.code : '';
    return e.name === 'QueryFailedError' || typeof e.sqlState === 'string' || code.startsWith('ER_');
  },

  changeSignal: 'table-times',
  changeLog: 'binlog',
  // The count, and the XOR and the sum of the CRC32 of each row's text, computed inside the server.
  productFingerprintsSql: (table, alias, rowText) =>
    `SELECT product_id, COUNT(*) AS n, BIT_XOR(h) AS x, SUM(h) AS s
       FROM (SELECT ${alias}.product_id, CRC32(${rowText}) AS h FROM ${table} ${alias}) rows_of_${table}
      GROUP BY product_id`,
  /**
   * InnoDB stores a table without a key on a hidden row id given in increasing order on insert,
   * which SQL cannot name. A read that fetches rows in row-id order numbers them as it accepts them
   * (MariaDB's ROWNUM(); MariaDB's ROW_NUMBER() OVER () would not do: it sorts an empty window by
   * the temporary table's first column. MySQL numbers an unordered window in arrival order — not
   * verified here, no MySQL 8 server). The class index alone returns rows by (class, at_time, row
   * id), the old fault. The plan that fetches in row-id order is forced: FORCE INDEX names only
   * audit_log's two indexes, and the disjunct `a.user_id = 0` (no profile has id 0; Bugzilla
   * stores a missing user as NULL) can use only the user_id index, so no single index serves the
   * WHERE and the plan is an index merge — whose sort-union sorts the row ids before it fetches
   * any row — or, where index_merge is switched off, a full scan of the clustered index: row-id
   * order either way. Checked with EXPLAIN on MariaDB 10.11, and with index_merge=off.
   * Row ids are given at insert, not at commit: rows written in the same second by transactions
   * that overlapped can be numbered differently on a replica (which applies them in commit order),
   * and one committed late can move an entry of its second already read.
   *
   * Cost of one page on MariaDB: the index entries of every audit_log row of the five trail classes
   * (all products', not only this one's), a sort of their row ids, one clustered-index lookup per
   * such row, then a sort of the product's trail; rows of other classes (Bugzilla::User, most of a
   * big site's audit_log) are not read. Measured on MariaDB 10.11 on a busy 2-core VM: 10–15 ms for a
   * 300-row trail among 1M Bugzilla::User rows; about 0.35 s with 100k rows of the trail classes
   * among them (the former order-by-columns query chose a full scan there: 2.0–2.4 s). The
   * index_merge=off fallback, a full scan, costs about 1 s per million rows.
   */
  historyTrail: (where, serverVersion) =>
    `SELECT ROW_NUMBER() OVER (ORDER BY w.at_time, w.written) AS id,
            w.at_time, w.class, w.object_id, w.field, w.removed, w.added, w.user_id
       FROM (SELECT ${/mariadb/i.test(serverVersion) ? 'ROWNUM()' : 'ROW_NUMBER() OVER ()'} AS written,
                    a.at_time, a.class, a.object_id, a.field, a.removed, a.added, a.user_id
               FROM audit_log a FORCE INDEX (audit_log_class_idx, fk_audit_log_user_id_profiles_userid)
              WHERE ${where} OR a.user_id = 0) w`,
  orderedMultiRowInsert: true,
};
