import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { type Dialect, dialectOf } from '../database/dialect.js';
import { FLAG_TYPE_COLUMNS, type FlagRuleRow, type FlagTypeRow } from '../catalogue/flag-type-applicability.js';
import { sortByVersion } from '../catalogue/version-order.js';

/**
 * What the in-memory model reads, table by table. Each table is loaded whole by one statement,
 * ordered exactly as the SQL read path orders it (the database's collation decides name order,
 * never JavaScript), and turned into the index the model serves from. A table is reloaded only
 * when the change signal says it changed.
 */
export const MODEL_TABLES = [
  'products',
  'classifications',
  'components',
  'versions',
  'milestones',
  'flagtypes',
  'flaginclusions',
  'flagexclusions',
  'group_control_map',
  'profiles',
  'user_api_keys',
  'logincookies',
  'user_group_map',
  'group_group_map',
  'groups',
] as const;
export type ModelTable = (typeof MODEL_TABLES)[number];

export function isModelTable(name: string): name is ModelTable {
  return (MODEL_TABLES as readonly string[]).includes(name);
}

/**
 * Every statement the model runs (loads and the change signal) goes through one reader, so
 * that a deployment with read replicas can point the model at one in one place. It must read
 * from the server whose change signal it reads.
 */
export type ModelReader = <T = Record<string, unknown>>(sql: string) => Promise<T[]>;

export function databaseReader(ds: DataSource): ModelReader {
  return <T>(sql: string) => ds.query(sql) as Promise<T[]>;
}

/** The callback API of a pooled mysql2 connection, as TypeORM holds it. */
interface RawMysqlConnection {
  query(
    options: { sql: string; timeout?: number },
    callback: (error: (Error & { code?: string }) | null, rows: unknown) => void,
  ): void;
  destroy(): void;
}

/**
 * The reader of the model's table loads (docs/operators.md, "The in-memory model"): on MySQL/MariaDB each
 * statement gets `timeoutMs` (CACHE_LOAD_TIMEOUT_MS; 0: none) instead of the per-request
 * DB_TIMEOUT_MS the data source applies to every query, because reading a whole table of a large
 * catalogue (500,000 components) can take longer than a request may wait — and no request waits
 * for it: while a load runs past the bound, reads go to the database path. A statement that times
 * out drops its connection (it may still be busy with the statement), as the data source does.
 * PostgreSQL: the server's statement_timeout, set for the load's own transaction (SET LOCAL).
 * SQLite has no query timeout: the same reader as the rest.
 */
export function tableLoadReader(ds: DataSource, timeoutMs: number): ModelReader {
  const dialect = dialectOf(ds);
  const timeout = dialect.statementTimeout(timeoutMs);
  if (timeout) {
    return async <T>(sql: string) => {
      const runner = ds.createQueryRunner('master');
      try {
        await runner.startTransaction();
        await runner.query(timeout);
        const rows = (await runner.query(sql)) as T[];
        await runner.commitTransaction();
        return rows;
      } catch (error) {
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      } finally {
        await runner.release();
      }
    };
  }
  if (dialect.name !== 'mysql') return databaseReader(ds);
  return async <T>(sql: string) => {
    const runner = ds.createQueryRunner('master');
    try {
      const connection = (await runner.connect()) as RawMysqlConnection;
      // Logged as the data source logs its own queries (the statement only: it has no parameters).
      ds.logger.logQuery(sql, undefined, runner);
      return await new Promise<T[]>((resolve, reject) =>
        connection.query({ sql, timeout: timeoutMs > 0 ? timeoutMs : undefined }, (error, rows) => {
          if (!error) return resolve(rows as T[]);
          if (error.code === 'PROTOCOL_SEQUENCE_TIMEOUT') connection.destroy();
          ds.logger.logQueryError(error, sql, undefined, runner);
          reject(error);
        }),
      );
    } finally {
      await runner.release();
    }
  };
}

export interface ProductRecord {
  id: number;
  name: string;
  description: string;
  isactive: number;
  defaultmilestone: string;
  allows_unconfirmed: number;
  classification_id: number;
  /** Position in the database's name order (ORDER BY name, id in the column's collation). */
  rank: number;
}

export interface ComponentRecord {
  id: number;
  product_id: number;
  name: string;
  description: string;
  isactive: number;
  initialowner: number;
  initialqacontact: number | null;
}

export interface ValueRecord {
  id: number;
  product_id: number;
  value: string;
  isactive: number;
  sortkey: number;
}

export interface GroupControl {
  group_id: number;
  entry: number;
  membercontrol: number;
  /** Members of the group administer the product (Bugzilla's per-product editcomponents). */
  editcomponents: number;
}

export interface ProfileRecord {
  userid: number;
  login_name: string;
  realname: string;
  is_enabled: number;
  disabledtext: string;
}

export interface ApiKeyRecord {
  id: number;
  user_id: number;
  revoked: number;
}

/** Rows of one product-owned table, grouped by product in load order. */
export interface ByProduct<T> {
  byProduct: Map<number, T[]>;
  /** Products with at least one active row (the "enterable" rule). */
  withActive: Set<number>;
  count: number;
  /**
   * Per product, a digest of its rows as loaded (every column the model keeps, in order): the
   * content revision the ETag of a streamed answer is made of (product-revisions.ts). Worked
   * out when the product's rows are loaded, so that an answer never hashes them.
   */
  revisions: Map<number, string>;
}

/** What each table becomes once loaded. */
export interface TableIndexes {
  products: { all: ProductRecord[]; byId: Map<number, ProductRecord>; byLowerName: Map<string, ProductRecord[]> };
  classifications: ReadonlyMap<number, string>;
  components: ByProduct<ComponentRecord>;
  versions: ByProduct<ValueRecord>;
  milestones: ByProduct<ValueRecord>;
  flagtypes: FlagTypeRow[];
  flaginclusions: FlagRuleRow[];
  flagexclusions: FlagRuleRow[];
  group_control_map: ReadonlyMap<number, GroupControl[]>;
  profiles: ReadonlyMap<number, ProfileRecord>;
  /** By the exact key text (MySQL's lookup is case-insensitive, Bugzilla then compares exactly). */
  user_api_keys: ReadonlyMap<string, ApiKeyRecord>;
  /** cookie → user id, by the exact cookie text. */
  logincookies: ReadonlyMap<string, number>;
  /** user id → the groups the user is directly a member of (isbless = 0). */
  user_group_map: ReadonlyMap<number, number[]>;
  /** member group → the groups it grants membership of (grant_type = 0). */
  group_group_map: ReadonlyMap<number, number[]>;
  groups: ReadonlyMap<number, string>;
}

/**
 * Reads a table into its index: every row, or (`only`, an SQL condition on the table's key column:
 * keyed-reload.ts) just the rows it names, for merging into the index already loaded.
 */
type Loader<K extends ModelTable> = (
  read: ModelReader,
  byName: (column: string) => string,
  only?: string,
) => Promise<TableIndexes[K]>;

/** `WHERE` with every condition given (none: nothing). */
function where(...conditions: (string | undefined)[]): string {
  const present = conditions.filter((c): c is string => c !== undefined && c !== '');
  return present.length === 0 ? '' : `WHERE ${present.join(' AND ')}`;
}

const num = (value: unknown): number => Number(value);

function byProduct<T extends { product_id: number; isactive: number }>(rows: T[]): ByProduct<T> {
  const groups = new Map<number, T[]>();
  const withActive = new Set<number>();
  for (const row of rows) {
    const list = groups.get(row.product_id);
    if (list) list.push(row);
    else groups.set(row.product_id, [row]);
    if (row.isactive === 1) withActive.add(row.product_id);
  }
  return { byProduct: groups, withActive, count: rows.length, revisions: new Map() };
}

/** Longest stretch (ms) of hashing loaded rows before other requests get their turn. */
const REVISION_SLICE_MS = 10;

/** The digest of one product's rows in one table (see ByProduct.revisions). */
export function rowsRevision(rows: readonly object[]): string {
  return createHash('sha1').update(JSON.stringify(rows)).digest('base64url');
}

function multiMap(rows: { key: unknown; value: unknown }[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const row of rows) {
    const key = num(row.key);
    const list = out.get(key);
    if (list) list.push(num(row.value));
    else out.set(key, [num(row.value)]);
  }
  return out;
}

const LOADERS: { [K in ModelTable]: Loader<K> } = {
  products: async (read, byName, only) => {
    const rows = await read<ProductRecord>(
      `SELECT p.id, p.name, p.description, p.isactive, p.defaultmilestone, p.allows_unconfirmed, p.classification_id
         FROM products p ${where(only)} ORDER BY ${byName('p.name')}, p.id`,
    );
    const byId = new Map<number, ProductRecord>();
    const byLowerName = new Map<string, ProductRecord[]>();
    rows.forEach((row, rank) => {
      const product: ProductRecord = {
        id: num(row.id),
        name: row.name,
        description: row.description,
        isactive: num(row.isactive),
        defaultmilestone: row.defaultmilestone,
        allows_unconfirmed: num(row.allows_unconfirmed),
        classification_id: num(row.classification_id),
        rank,
      };
      rows[rank] = product;
      byId.set(product.id, product);
      const lower = product.name.toLowerCase();
      const same = byLowerName.get(lower);
      if (same) same.push(product);
      else byLowerName.set(lower, [product]);
    });
    return { all: rows, byId, byLowerName };
  },
  classifications: async (read, _byName, only) => {
    const rows = await read<{ id: number; name: string }>(`SELECT id, name FROM classifications ${where(only)}`);
    return new Map(rows.map((row) => [num(row.id), row.name]));
  },
  components: (read, byName) => loadProductRows('components', read, byName),
  versions: (read, byName) => loadProductRows('versions', read, byName),
  milestones: (read, byName) => loadProductRows('milestones', read, byName),
  flagtypes: (read, byName, only) =>
    read<FlagTypeRow>(
      `SELECT ${FLAG_TYPE_COLUMNS} FROM flagtypes ft ${where(only)} ORDER BY ft.sortkey, ${byName('ft.name')}, ft.id`,
    ),
  flaginclusions: (read, _byName, only) =>
    read<FlagRuleRow>(`SELECT 0 AS excluded, type_id, product_id, component_id FROM flaginclusions ${where(only)}`),
  flagexclusions: (read, _byName, only) =>
    read<FlagRuleRow>(`SELECT 1 AS excluded, type_id, product_id, component_id FROM flagexclusions ${where(only)}`),
  group_control_map: async (read, _byName, only) => {
    const rows = await read<GroupControl & { product_id: number }>(
      `SELECT product_id, group_id, entry, membercontrol, editcomponents FROM group_control_map ${where(only)}`,
    );
    const out = new Map<number, GroupControl[]>();
    for (const row of rows) {
      const control = {
        group_id: num(row.group_id),
        entry: num(row.entry),
        membercontrol: num(row.membercontrol),
        editcomponents: num(row.editcomponents),
      };
      const productId = num(row.product_id);
      const list = out.get(productId);
      if (list) list.push(control);
      else out.set(productId, [control]);
    }
    return out;
  },
  profiles: async (read, _byName, only) => {
    const rows = await read<ProfileRecord>(
      `SELECT userid, login_name, realname, is_enabled, disabledtext FROM profiles ${where(only)}`,
    );
    return new Map(
      rows.map((row) => [num(row.userid), { ...row, userid: num(row.userid), is_enabled: num(row.is_enabled) }]),
    );
  },
  user_api_keys: async (read, _byName, only) => {
    const rows = await read<ApiKeyRecord & { api_key: string }>(
      `SELECT id, user_id, api_key, revoked FROM user_api_keys ${where(only)}`,
    );
    return new Map(
      rows.map((row) => [row.api_key, { id: num(row.id), user_id: num(row.user_id), revoked: num(row.revoked) }]),
    );
  },
  logincookies: async (read, _byName, only) => {
    // Sessions a user restricted to one address (Bugzilla's Bugzilla_restrictlogin: ipaddr set) are not
    // kept here: the caller's address is checked with them in the database (CallerService.byToken).
    const rows = await read<{ cookie: string; userid: number }>(
      `SELECT cookie, userid FROM logincookies ${where('ipaddr IS NULL', only)}`,
    );
    return new Map(rows.map((row) => [row.cookie, num(row.userid)]));
  },
  user_group_map: async (read, _byName, only) =>
    multiMap(
      await read(`SELECT user_id AS \`key\`, group_id AS value FROM user_group_map ${where('isbless = 0', only)}`),
    ),
  group_group_map: async (read, _byName, only) =>
    multiMap(
      await read(
        `SELECT member_id AS \`key\`, grantor_id AS value FROM group_group_map ${where('grant_type = 0', only)}`,
      ),
    ),
  groups: async (read, _byName, only) => {
    const rows = await read<{ id: number; name: string }>(`SELECT id, name FROM \`groups\` ${where(only)}`);
    return new Map(rows.map((row) => [num(row.id), row.name]));
  },
};

/** The tables whose every row belongs to one product: indexed by product, reloadable product by product. */
export const PRODUCT_ROW_TABLES = ['components', 'versions', 'milestones'] as const;
export type ProductRowTable = (typeof PRODUCT_ROW_TABLES)[number];

export function isProductRowTable(table: ModelTable): table is ProductRowTable {
  return (PRODUCT_ROW_TABLES as readonly string[]).includes(table);
}

type Row<K extends ProductRowTable> = TableIndexes[K] extends ByProduct<infer T> ? T : never;

/**
 * How each product-owned table is read: its statement (with an optional WHERE, the same ORDER
 * BY as the SQL read path), how a row is normalised, and the columns of a row as one text for
 * the per-product fingerprint (every column the model keeps; texts prefixed with their length
 * so that no two rows read alike).
 */
const PRODUCT_ROWS: {
  [K in ProductRowTable]: {
    sql: (byName: (column: string) => string, where: string) => string;
    normalise: (row: Row<K>) => void;
    rowText: string;
  };
} = {
  components: {
    sql: (byName, where) =>
      `SELECT c.id, c.product_id, c.name, c.description, c.isactive, c.initialowner, c.initialqacontact
         FROM components c ${where} ORDER BY c.product_id, ${byName('c.name')}, c.id`,
    normalise: (row) => {
      row.id = num(row.id);
      row.product_id = num(row.product_id);
      row.isactive = num(row.isactive);
      row.initialowner = num(row.initialowner);
      row.initialqacontact = row.initialqacontact === null ? null : num(row.initialqacontact);
    },
    rowText:
      "CONCAT_WS(',', c.id, CHAR_LENGTH(c.name), c.name, CHAR_LENGTH(c.description), c.description, c.isactive, c.initialowner, IFNULL(c.initialqacontact, -1))",
  },
  versions: {
    sql: (_byName, where) =>
      `SELECT v.id, v.product_id, v.value, v.isactive, 0 AS sortkey FROM versions v ${where} ORDER BY v.product_id, v.id`,
    normalise: normaliseValue,
    rowText: "CONCAT_WS(',', v.id, CHAR_LENGTH(v.value), v.value, v.isactive)",
  },
  milestones: {
    sql: (byName, where) =>
      `SELECT m.id, m.product_id, m.value, m.isactive, m.sortkey FROM milestones m ${where}
        ORDER BY m.product_id, m.sortkey, ${byName('m.value')}, m.id`,
    normalise: normaliseValue,
    rowText: "CONCAT_WS(',', m.id, CHAR_LENGTH(m.value), m.value, m.isactive, m.sortkey)",
  },
};

const ALIAS: Record<ProductRowTable, string> = { components: 'c', versions: 'v', milestones: 'm' };

/**
 * Reads a product-owned table into its index: every row, or (`productIds`) only the rows of
 * those products, in the same order either way.
 */
export async function loadProductRows<K extends ProductRowTable>(
  table: K,
  read: ModelReader,
  byName: (column: string) => string,
  productIds?: readonly number[],
): Promise<TableIndexes[K]> {
  const spec = PRODUCT_ROWS[table];
  // Ids are numbers read from the database (written into the statement, as mysql2 would).
  const where = productIds ? `WHERE ${ALIAS[table]}.product_id IN (${productIds.map(num).join(', ') || 'NULL'})` : '';
  const rows = await read<Row<K>>(spec.sql(byName, where));
  for (const row of rows) spec.normalise(row);
  const index = byProduct(rows as (ComponentRecord | ValueRecord)[]);
  // Bugzilla sorts each product's id-ordered list of versions with vers_cmp; equal names keep the id order.
  if (table === 'versions')
    for (const [productId, list] of index.byProduct)
      index.byProduct.set(
        productId,
        sortByVersion(list, (v) => (v as ValueRecord).value),
      );
  // Hashing 500,000 components takes a good part of a second: other requests get their turn every few ms.
  let sliceStart = performance.now();
  for (const [productId, list] of index.byProduct) {
    index.revisions.set(productId, rowsRevision(list));
    if (performance.now() - sliceStart > REVISION_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return index as TableIndexes[K];
}

/**
 * One statement giving, per product, a fingerprint of its rows in `table` (the dialect's: on
 * MariaDB / MySQL the row count and the XOR and the sum of the CRC32 of each row's text; on
 * PostgreSQL the count and the sum of the row versions' transaction ids): a product whose
 * fingerprint moved has rows that changed. Reads the whole table once, inside the server,
 * without sending a row.
 */
export async function productFingerprints(
  table: ProductRowTable,
  read: ModelReader,
  sql: NonNullable<Dialect['productFingerprintsSql']>,
): Promise<Map<number, string>> {
  const rows = await read<{ product_id: unknown; n: unknown; x: unknown; s: unknown }>(
    sql(table, ALIAS[table], PRODUCT_ROWS[table].rowText),
  );
  return new Map(rows.map((row) => [num(row.product_id), `${String(row.n)}:${String(row.x)}:${String(row.s)}`]));
}

function normaliseValue(row: ValueRecord): void {
  row.id = num(row.id);
  row.product_id = num(row.product_id);
  row.isactive = num(row.isactive);
  row.sortkey = num(row.sortkey);
}

/** ORDER BY term for a name column: the dialect's case-insensitive order, as the SQL path sorts. */
export function nameOrder(dialect: Pick<Dialect, 'textOrder'>): (column: string) => string {
  return (column) => dialect.textOrder(column);
}

/**
 * Loads one table into its index; with `only` (an SQL condition), just the rows it selects (not for the
 * product-owned tables, which loadProductRows reads by product).
 */
export function loadTable<K extends ModelTable>(
  table: K,
  read: ModelReader,
  dialect: Pick<Dialect, 'textOrder'>,
  only?: string,
): Promise<TableIndexes[K]> {
  return LOADERS[table](read, nameOrder(dialect), only);
}
