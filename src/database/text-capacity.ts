import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { dialectOf } from './dialect.js';

/**
 * Which text columns can hold every character (SPEC §8, "Bugzilla 5.0.x databases"). Bugzilla 5.0, and
 * 5.2 whose `utf8` parameter is `utf8`, keep text in 3-byte UTF-8 (MySQL/MariaDB's `utf8mb3`): a
 * character beyond U+FFFF (an emoji, many CJK extension characters) has no place there. MariaDB refuses
 * such a value in a write (strict mode), or stores `????` for it (as Perl Bugzilla 5.0 does, without
 * strict mode), and refuses to compare it with such a column at all ("Illegal mix of collations").
 *
 * Learnt once at start, per column, from the database's own catalogue (`learnTextCapacity`); PostgreSQL's
 * UTF8 and SQLite store every character. Two uses, both here so that no feature needs to know:
 * - a write's values are checked against it before anything is written (src/bugzilla/storable-text.ts),
 *   and, as a last guard under every statement, a write statement carrying a value its table cannot
 *   store is refused before it reaches the database (`UnstorableTextValue`);
 * - a value the database cannot store is compared as 4-byte UTF-8 (`COLLATE` of the connection's
 *   collation), so that it matches nothing, as any unknown name, instead of failing the statement.
 */

/** A character of 4 bytes in UTF-8: beyond the Basic Multilingual Plane. */
const FOUR_BYTE_CHARACTER = /[\u{10000}-\u{10FFFF}]/u;

/** Whether `value` holds a character 3-byte UTF-8 cannot store. */
export function hasFourByteCharacter(value: string): boolean {
  return FOUR_BYTE_CHARACTER.test(value);
}

/** The text columns that cannot store 4-byte UTF-8, by table. */
export class TextCapacity {
  /** A database whose every text column stores every character (utf8mb4, PostgreSQL's UTF8, SQLite). */
  static readonly EVERY_CHARACTER = new TextCapacity(new Map());

  constructor(private readonly threeByteColumns: ReadonlyMap<string, ReadonlySet<string>>) {}

  /** Whether some text column stores 3-byte UTF-8 only. */
  get hasThreeByteColumns(): boolean {
    return this.threeByteColumns.size > 0;
  }

  /** Whether `value` can be stored in `column` (`table.column`). */
  fits(column: `${string}.${string}`, value: string): boolean {
    const [table, name] = column.split('.');
    return !this.threeByteColumns.get(table)?.has(name) || !hasFourByteCharacter(value);
  }

  /** Whether `table` has a text column that stores 3-byte UTF-8 only. */
  hasThreeByteColumn(table: string): boolean {
    return this.threeByteColumns.has(table);
  }
}

/**
 * A write statement carried a value its table cannot store, and was not sent: a value no write path's
 * own check named (src/bugzilla/storable-text.ts names the field). Answered 400, code 53.
 */
export class UnstorableTextValue extends Error {
  constructor(readonly table: string) {
    super(`A value for table ${table} holds a character of 4 bytes, which the table cannot store`);
  }
}

/**
 * Whether `error` is a write refused for a 4-byte character: our own guard's, or MariaDB's own
 * "Incorrect string value" (1366) for a column converted to 3-byte UTF-8 after the service started.
 */
export function isFourByteTextRefusal(error: unknown): boolean {
  if (error instanceof UnstorableTextValue) return true;
  const driverError = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const { errno, message } = (driverError ?? {}) as { errno?: unknown; message?: unknown };
  return errno === 1366 && typeof message === 'string' && message.startsWith('Incorrect string value');
}

const capacities = new WeakMap<object, TextCapacity>();
/** A read replica's primary, whose tables it holds: what they store is learnt there. */
const primaries = new WeakMap<object, DataSource>();

/** What `db`'s text columns can store (every character until `learnTextCapacity` has run). */
export function textCapacityOf(db: DataSource | Pick<EntityManager, 'connection'>): TextCapacity {
  const dataSource = 'connection' in db ? db.connection : db;
  return capacities.get(primaries.get(dataSource) ?? dataSource) ?? TextCapacity.EVERY_CHARACTER;
}

/**
 * Reads which text columns of the database cannot store 4-byte UTF-8 (once, at start, after the
 * migrations) and, when some cannot, guards every statement of `dataSource` as described above.
 */
export async function learnTextCapacity(dataSource: DataSource): Promise<TextCapacity> {
  const sql = dialectOf(dataSource).threeByteTextColumnsSql;
  const columns = new Map<string, Set<string>>();
  if (sql) {
    const rows: { table_name: string; column_name: string }[] = await dataSource.query(sql);
    for (const row of rows) {
      const table = String(row.table_name).toLowerCase();
      let set = columns.get(table);
      if (!set) columns.set(table, (set = new Set()));
      set.add(String(row.column_name).toLowerCase());
    }
  }
  const capacity = new TextCapacity(columns);
  capacities.set(dataSource, capacity);
  if (capacity.hasThreeByteColumns) guardStatements(dataSource);
  return capacity;
}

/** Gives `replica` (a read replica of `primary`) the capacity learnt on `primary`, and the same guard. */
export function shareTextCapacity(replica: DataSource, primary: DataSource): void {
  primaries.set(replica, primary);
  // Guarded whatever the primary learns, and whenever: a replica may connect before the primary has learnt.
  guardStatements(replica);
}

// ---------------------------------------------------------------------------------------------------
// Under every statement (MySQL/MariaDB only: the one database with 3-byte text).

const GUARDED = Symbol('text-capacity-guard');

type Runner = QueryRunner & { [GUARDED]?: boolean };

function guardStatements(dataSource: DataSource): void {
  const driver = dataSource.driver as typeof dataSource.driver & { [GUARDED]?: boolean };
  if (driver[GUARDED]) return;
  driver[GUARDED] = true;
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = create(mode) as Runner;
    if (runner[GUARDED]) return runner;
    runner[GUARDED] = true;
    const query = runner.query.bind(runner) as (sql: string, params?: unknown[], ...rest: unknown[]) => unknown;
    runner.query = ((sql: string, params?: unknown[], ...rest: unknown[]) => {
      if (!Array.isArray(params) || !params.some(isFourByteText)) return query(sql, params, ...rest);
      const capacity = textCapacityOf(dataSource);
      if (!capacity.hasThreeByteColumns) return query(sql, params, ...rest);
      return query(...guardedStatement(capacity, sql, params), ...rest);
    }) as QueryRunner['query'];
    return runner;
  };
}

function isFourByteText(value: unknown): value is string {
  return typeof value === 'string' && hasFourByteCharacter(value);
}

const WRITE_TARGET = /^\s*(?:INSERT(?:\s+IGNORE)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+IGNORE)?)\s+`?(\w+)`?/i;
/** Placeholders as mysql2 reads them: `?` a value, `??` an identifier. */
const PLACEHOLDER = /\?+/g;
/** The collation of the connection (data-source-options.ts), which stores every character. */
const FOUR_BYTE_COLLATION = 'utf8mb4_unicode_520_ci';

/**
 * `sql` and `params` as sent: a write statement storing a 4-byte value into a table with 3-byte
 * columns is refused (UnstorableTextValue: nothing is sent, the transaction rolls back); every other
 * such value (a name looked up, a WHERE of an UPDATE) is compared under the connection's 4-byte
 * collation, which the column's value is converted to, so it equals no stored value.
 */
export function guardedStatement(capacity: TextCapacity, sql: string, params: unknown[]): [string, unknown[]] {
  const target = WRITE_TARGET.exec(sql);
  const table = target?.[1].toLowerCase();
  // In an UPDATE, the values stored come before the WHERE; an INSERT stores them all.
  const storedUpTo = !table ? -1 : /^\s*UPDATE/i.test(sql) ? whereAt(sql) : sql.length;
  let index = 0;
  const text = sql.replace(PLACEHOLDER, (mark, at: number) => {
    const value = params[index];
    index += 1;
    if (mark !== '?' || !isFourByteText(value)) return mark;
    if (table && at < storedUpTo && capacity.hasThreeByteColumn(table)) throw new UnstorableTextValue(table);
    return `(? COLLATE ${FOUR_BYTE_COLLATION})`;
  });
  return [text, params];
}

/** Where the top-level WHERE of an UPDATE starts (its end when it has none). */
function whereAt(sql: string): number {
  const match = /\sWHERE\s/i.exec(sql);
  return match ? match.index : sql.length;
}
