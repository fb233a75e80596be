import { MODEL_TABLES, type ModelTable } from '../model-loader.js';

/**
 * What a row event says the model must read again (SPEC §15): per table, the keys of the rows it
 * names, taken from the row images, or the whole table when the event cannot say (a statement, a
 * schema change, a row without its key).
 */
export interface RowChanges {
  /** Per table, the keys whose rows are read again (keyed-reload.ts says what each key is). */
  keys: Map<ModelTable, Set<number | string>>;
  /** Tables read again whole. */
  whole: Set<ModelTable>;
}

export function noRowChanges(): RowChanges {
  return { keys: new Map(), whole: new Set() };
}

/**
 * The column of each table whose value names what the model reloads: the rows of a product for the
 * product-owned tables and group controls, a flag type's rules, a user's memberships, and the row itself
 * for the rest. The model indexes each table by this column, so a change to a row moves only the entry of
 * its key in the before image and the one in the after image.
 */
export const KEY_COLUMN: Record<ModelTable, string> = {
  products: 'id',
  classifications: 'id',
  components: 'product_id',
  versions: 'product_id',
  milestones: 'product_id',
  flagtypes: 'id',
  flaginclusions: 'type_id',
  flagexclusions: 'type_id',
  group_control_map: 'product_id',
  profiles: 'userid',
  user_api_keys: 'api_key',
  logincookies: 'cookie',
  user_group_map: 'user_id',
  group_group_map: 'member_id',
  groups: 'id',
};

/** Tables whose keys are texts (the rest are integer ids). */
const TEXT_KEYS = new Set<ModelTable>(['user_api_keys', 'logincookies']);

/**
 * Adds the keys a row image names to `changes`; a row without a usable key (an image the server
 * logged without the column: binlog_row_image is not FULL) makes the whole table count.
 */
export function addRowKeys(changes: RowChanges, table: ModelTable, row: Record<string, unknown>): void {
  if (changes.whole.has(table)) return;
  const value = row[KEY_COLUMN[table]];
  const key = TEXT_KEYS.has(table) ? (typeof value === 'string' ? value : undefined) : integerKey(value);
  if (key === undefined) return readWhole(changes, table);
  addKeys(changes, table, [key]);
}

/** The table counts as changed whole: its keys are no longer needed. */
function readWhole(changes: RowChanges, table: ModelTable): void {
  changes.whole.add(table);
  changes.keys.delete(table);
}

/** Adds keys of a table not read whole; past MAX_KEYS_PER_TABLE it is read whole instead. */
function addKeys(changes: RowChanges, table: ModelTable, keys: Iterable<number | string>): void {
  let mine = changes.keys.get(table);
  if (!mine) changes.keys.set(table, (mine = new Set()));
  for (const key of keys) mine.add(key);
  if (mine.size > MAX_KEYS_PER_TABLE) readWhole(changes, table);
}

function integerKey(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Past this many keys of one table, the table is read whole: one statement naming thousands of keys
 * (a bulk UPDATE of every component, say) costs more than reading it, and the keys kept stay bounded.
 */
export const MAX_KEYS_PER_TABLE = 1000;

/** Adds every change of `from` to `into`. */
export function mergeRowChanges(into: RowChanges, from: RowChanges): void {
  for (const table of from.whole) readWhole(into, table);
  for (const [table, keys] of from.keys) if (!into.whole.has(table)) addKeys(into, table, keys);
}

/** Statements that only delimit a transaction, and name no table. */
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE\s+SAVEPOINT|XA\s)/i;

/**
 * The model's tables a statement logged as text may have changed: a schema change (ALTER, TRUNCATE,
 * RENAME, DROP, CREATE), or a row change the server logged as a statement (binlog_format switched to
 * MIXED or STATEMENT at runtime). Any statement that names a table is taken to change it: reading a
 * table again is always safe, missing a change never is.
 */
export function tablesNamedBy(statement: string): ModelTable[] {
  if (TRANSACTION_CONTROL.test(statement)) return [];
  const words = new Set(statement.toLowerCase().match(/[a-z0-9_$]+/g) ?? []);
  return MODEL_TABLES.filter((table) => words.has(table));
}
