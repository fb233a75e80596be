/**
 * What differs between the databases the service runs on, behind one interface (SPEC §16; STYLE.md,
 * "Three databases, one dialect each"): one object per database (mysql.ts, sqlite.ts, postgres.ts),
 * chosen once from the data source (index.ts). A feature writes its SQL once, with `?` placeholders
 * and backtick-quoted identifiers, and asks its dialect for the few fragments that differ; it never
 * asks which database it is on.
 */
export type DialectName = 'mysql' | 'sqlite' | 'postgres';

/** How the in-memory model learns that another writer changed a table when no log is followed (src/cache). */
export type ChangeSignalKind =
  /** MySQL/MariaDB: information_schema.TABLES' per-table update times. */
  | 'table-times'
  /** SQLite: PRAGMA data_version (any commit by another connection). */
  | 'data-version'
  /** PostgreSQL: the server's transaction snapshot (any commit of a writing transaction). */
  | 'snapshot';

/**
 * The database's own log of committed changes, as that database calls it: MariaDB's binary log
 * (`binlog`), PostgreSQL's logical decoding (`logical_decoding`). `/health` and the metrics name the
 * log the model follows with it (SPEC §15, §16).
 */
export type ChangeLogName = 'binlog' | 'logical_decoding';

export interface Dialect {
  readonly name: DialectName;

  // --- SQL fragments -------------------------------------------------------------------------

  /** The current UTC time, truncated to whole seconds (a `datetime` / `timestamp(0)` value). */
  nowUtc(): string;
  /** The UTC time `amount` whole days or minutes before now (whole seconds). */
  agoUtc(amount: number, unit: 'day' | 'minute'): string;
  /**
   * `insert` (an `INSERT INTO t (...) VALUES ...`) turned into an insert-or-update on the unique key
   * `key`: on a conflict the `update` columns take the values the statement tried to insert.
   */
  upsert(insert: string, key: readonly string[], update: readonly string[]): string;
  /** Appended to a SELECT that reads rows a transaction will change: ` FOR UPDATE`, or '' where the database locks whole. */
  readonly forUpdate: string;
  /** As `forUpdate`, locking only the rows of table alias `alias` (the others may be the nullable side of an outer join). */
  forUpdateOf(alias: string): string;
  /** A condition: text column `column` equals `value` (an SQL expression, `?` by default) regardless of letter case. */
  textEquals(column: string, value?: string): string;
  /**
   * Whether two names of one product's components, versions or milestones are the same name as the
   * database's own comparison (`name = ?`, which Bugzilla's Component, Version and Milestone lookups use)
   * says: MySQL's and SQLite's collations ignore letter case, PostgreSQL's does not (there `Widget` and
   * `widget` may be two components, as its unique index allows).
   */
  sameValue(a: string, b: string): boolean;
  /** A condition: text column `column` equals one of `count` placeholders regardless of letter case. */
  textIn(column: string, count: number): string;
  /**
   * A condition true at least for the rows whose `column`, lower-cased as JavaScript does, is one of
   * `count` placeholders bound to lower-cased values (it may hold for more: the caller checks each
   * row), answered from the column's index where the database can.
   */
  lowerCaseIn(column: string, count: number): string;
  /** An ORDER BY term sorting text column `column` regardless of letter case (ties: add the id). */
  textOrder(column: string): string;
  /** `expression` as text. */
  castText(expression: string): string;
  /**
   * Appended to a raw INSERT whose new row's id `insertedId` is to read: ` RETURNING <column>` where
   * the database says it only when asked, '' where the driver reports it anyway.
   */
  returning(column: string): string;
  /**
   * A statement that moves `table`'s numbering of `column` past the largest id in it, after rows
   * were inserted with explicit ids; undefined where the database does so by itself.
   */
  followExplicitIds(table: string, column: string): string | undefined;
  /** The id of the row a raw INSERT (with `returning(...)`) just wrote, from what `query()` answered. */
  insertedId(result: unknown): number;
  /** Placeholders one statement may bind (Infinity: as many as memory allows). */
  readonly maxParams: number;
  /**
   * A statement giving the current transaction's statements `ms` milliseconds (0: no limit) instead
   * of the data source's per-request timeout, where the server sets it per transaction; undefined
   * where the driver bounds each query itself (mysql2) or nothing can (SQLite).
   */
  statementTimeout(ms: number): string | undefined;
  /** SELECT of the server's version, one `version` column. */
  readonly serverVersionSql: string;
  /** SELECT of the current database's table names, one `name` column. */
  readonly tableNamesSql: string;
  /**
   * SELECT of the current database's text columns that store 3-byte UTF-8 only (`table_name`,
   * `column_name`): a Bugzilla 5.0 database on MySQL/MariaDB (src/database/text-capacity.ts).
   * Absent where every text column stores every character (PostgreSQL's UTF8, SQLite).
   */
  readonly threeByteTextColumnsSql?: string;

  // --- error classification -------------------------------------------------------------------

  /** A unique or primary key violation. */
  isDuplicateKey(error: Record<string, unknown>): boolean;
  /** The database cannot be reached or used right now (answered 503, not 500). */
  isConnectionError(error: Record<string, unknown>): boolean;
  /** A deadlock victim or a lock wait that ran out (the transaction may be run again). */
  isLockConflict(error: Record<string, unknown>): boolean;
  /** An error raised by this database or its driver. */
  isDatabaseError(error: Record<string, unknown>): boolean;
  /** A text value this database cannot store (PostgreSQL's text holds no NUL): the caller's input, a 400. */
  isUnstorableText(error: Record<string, unknown>): boolean;

  // --- the in-memory model and the history --------------------------------------------------

  /** How the model's database checks see other writers' changes (src/cache/change-signal.ts). */
  readonly changeSignal: ChangeSignalKind;
  /** The log the model can follow instead (DB_CHANGE_STREAM), in this database's terms; absent where none (SQLite). */
  readonly changeLog?: ChangeLogName;
  /**
   * The statement giving, per product, a fingerprint of its rows in a product-owned `table` (alias
   * `alias`; `rowText`: every column the model keeps, as one text), as `product_id, n, x, s`: it lets
   * the model read again only the products whose components, versions or milestones changed
   * (src/cache/product-rows-reload.ts). Absent where the database cannot tell (SQLite).
   */
  readonly productFingerprintsSql?: (table: string, alias: string, rowText: string) => string;
  /**
   * The audit_log rows matching `where` (alias `a`), numbered in the order they were written (SPEC
   * §10's history order): `id` then `at_time, class, object_id, field, removed, added, user_id`.
   * `serverVersion`: the server's `SELECT VERSION()` (MariaDB and MySQL keep the order differently).
   */
  historyTrail(where: string, serverVersion: string): string;
  /**
   * The rows of one multi-row INSERT into audit_log keep their VALUES order in historyTrail's
   * numbering; when false, audit rows are written one statement each.
   */
  readonly orderedMultiRowInsert: boolean;
}
