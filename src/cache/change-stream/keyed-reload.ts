import mysql from 'mysql2';
import type { Dialect } from '../../database/dialect.js';
import { mysqlDialect } from '../../database/dialects/mysql.js';
import type { FlagRuleRow } from '../../catalogue/flag-type-applicability.js';
import {
  type ModelReader,
  type ModelTable,
  type ProductRecord,
  type TableIndexes,
  isProductRowTable,
  loadProductRows,
  loadTable,
  nameOrder,
} from '../model-loader.js';
import { LayeredMap } from '../layered-map.js';
import { replaceProducts } from '../product-rows-reload.js';
import { sameValue } from '../same-value.js';
import { KEY_COLUMN } from './row-keys.js';

/**
 * Reads again only the rows a change named (SPEC §15: no table scan for a change) and merges them
 * into the table's index, sharing the rest: the maps by key take a layer (layered-map.ts), the lists
 * by product a copy of the product map (10,000 entries at most, not 500,000 rows). An index in which
 * nothing the model keeps changed comes back as it was, so the model stays. Every read goes through the table's own loader with a condition on its key column, so
 * a row read this way is exactly the row a whole load gives (the same columns, conversions and,
 * where the database's collation decides it, the same order).
 *
 * Undefined when the table cannot be merged row by row: flag types (a few rows, ordered by name in
 * the database's collation) and products whose names changed, appeared or went (their rank in the
 * name order is the database's to say): the caller reads those tables whole.
 *
 * `read` reads the rows as committed once the log handed their change over (LogStream.committedReader).
 */
export async function reloadKeys<K extends ModelTable>(
  table: K,
  current: TableIndexes[K],
  keys: ReadonlySet<number | string>,
  read: ModelReader,
  dialect: Pick<Dialect, 'textOrder'> = mysqlDialect,
): Promise<TableIndexes[K] | undefined> {
  if (keys.size === 0) return current;
  const byName = nameOrder(dialect);
  if (isProductRowTable(table)) {
    const ids = [...keys].map(Number);
    const fresh = await loadProductRows(table, read, byName, ids);
    return replaceProducts(current as never, fresh as never, ids) as never;
  }
  if (table === 'flagtypes') return undefined;
  const only = `${qualified(table)} IN (${[...keys].map((key) => mysql.escape(key)).join(', ')})`;
  const fresh = await loadTable(table, read, dialect, only);
  switch (table) {
    case 'products':
      return mergeProducts(current as TableIndexes['products'], fresh as TableIndexes['products'], keys) as never;
    case 'flaginclusions':
    case 'flagexclusions':
      return mergeRules(current as FlagRuleRow[], fresh as FlagRuleRow[], keys) as never;
    default:
      return mergeMap(current as ReadonlyMap<unknown, unknown>, fresh as ReadonlyMap<unknown, unknown>, keys) as never;
  }
}

/**
 * The server writes a transaction to the binary log, and sends it to the stream, a moment before the
 * storage engine makes it visible to other readers (MariaDB's commit writes the log, then commits in
 * InnoDB): a plain read made as soon as the stream has the transaction can still see the rows as they
 * were. A locking read waits for the writer's locks, which it holds until it is visible, and then reads
 * the last committed rows. `WAIT 1`: a lock held that long is another, still open transaction (an
 * admin's open session, say), whose changes will come through the log when it commits; by then the
 * transaction that was being committed is visible, and a plain read gives it.
 */
const LOCK_WAIT_TIMEOUT = 1205;

export function committedReader(read: ModelReader): ModelReader {
  return async <T>(sql: string) => {
    try {
      return await read<T>(`${sql} LOCK IN SHARE MODE WAIT 1`);
    } catch (error) {
      if ((error as { errno?: number }).errno !== LOCK_WAIT_TIMEOUT) throw error;
      return read<T>(sql);
    }
  };
}

/** The key column as the table's loader names it (products are read as `p`). */
function qualified(table: ModelTable): string {
  return table === 'products' ? `p.${KEY_COLUMN[table]}` : KEY_COLUMN[table];
}

/**
 * Indexes keyed by the key column itself: the keys' entries are those read now, or none; merged into
 * a layer over the index loaded whole (layered-map.ts), so a change costs its rows, not the table.
 */
function mergeMap<V>(
  current: ReadonlyMap<unknown, V>,
  fresh: ReadonlyMap<unknown, V>,
  keys: ReadonlySet<number | string>,
): ReadonlyMap<unknown, V> {
  return LayeredMap.withChanges(current, fresh, keys, sameValue);
}

/** Flag rules, kept by flag type: the types' rules are those read now. */
function mergeRules(
  current: FlagRuleRow[],
  fresh: FlagRuleRow[],
  typeIds: ReadonlySet<number | string>,
): FlagRuleRow[] {
  return [...current.filter((rule) => !typeIds.has(Number(rule.type_id))), ...fresh];
}

/**
 * Products whose rows changed in place (description, active flag, default milestone, ...) keep their
 * rank; a product that appeared, went, or changed its name moves in the name order: undefined then.
 */
function mergeProducts(
  current: TableIndexes['products'],
  fresh: TableIndexes['products'],
  ids: ReadonlySet<number | string>,
): TableIndexes['products'] | undefined {
  const freshById = fresh.byId;
  for (const id of ids) {
    const before = current.byId.get(Number(id));
    const after = freshById.get(Number(id));
    if (!before || !after || before.name !== after.name) return undefined;
  }
  const all = current.all.slice();
  const byId = new Map(current.byId);
  const byLowerName = new Map(current.byLowerName);
  for (const after of freshById.values()) {
    const before = current.byId.get(after.id)!;
    const product: ProductRecord = { ...after, rank: before.rank };
    all[before.rank] = product;
    byId.set(product.id, product);
    const lower = product.name.toLowerCase();
    byLowerName.set(
      lower,
      (current.byLowerName.get(lower) ?? []).map((same) => (same.id === product.id ? product : same)),
    );
  }
  return { all, byId, byLowerName };
}
