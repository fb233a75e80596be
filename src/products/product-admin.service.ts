import { chunks, placeholders } from '../database/in-lists.js';
import { refuseUnstorableText } from '../bugzilla/storable-text.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AUDIT_CREATE, type AuditEntry, writeAuditLog } from '../database/audit-log.js';
import { type Dialect, dialectOf, isDuplicateKeyError } from '../database/dialect.js';
import { insertReturningId, runInTransaction } from '../database/writes.js';
import { createProductGroup } from './product-group.js';
import { createProductSeries } from './product-series.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import {
  type CreateProductInput,
  mergeParams,
  parseCreateParams,
  parseUpdateTargets,
  parseUpdateValues,
  type UpdateTarget,
} from './product-write.params.js';
import {
  blockingName,
  checkDescription,
  checkNewDefaultMilestone,
  checkProductName,
  checkVersion,
  classificationMissing,
  classificationNotEnabled,
  classificationNotSpecified,
  classificationsDenied,
  EDIT_CLASSIFICATIONS,
  isBlank,
  milestoneMissing,
  productAccessDenied,
  productNameTaken,
} from './product-write.rules.js';

/** One changed field in an update answer: both values as strings, booleans as "1"/"0". */
export interface FieldChange {
  added: string;
  removed: string;
}

/** Keys of `changes`, in the order they are reported. */
export type ChangeKey = 'name' | 'description' | 'default_milestone' | 'is_open' | 'has_unconfirmed' | 'classification';

/** The change keys of `products` columns (a classification is reported by name, stored by id). */
type ColumnKey = Exclude<ChangeKey, 'classification'>;

export interface ProductChanges {
  id: number;
  changes: Partial<Record<ChangeKey, FieldChange>>;
}

/** The `products` column behind each change key (also the audit log's `field`). */
const CHANGE_COLUMNS: Record<ColumnKey, string> = {
  name: 'name',
  description: 'description',
  default_milestone: 'defaultmilestone',
  is_open: 'isactive',
  has_unconfirmed: 'allows_unconfirmed',
};

const PRODUCT_CLASS = 'Bugzilla::Product';

/** A product row as stored. */
interface ProductRow {
  id: number;
  name: string;
  description: string;
  defaultmilestone: string;
  isactive: boolean;
  allows_unconfirmed: boolean;
  classification_id: number;
}

/**
 * Thrown inside a transaction when the unique key on `products.name` refused a
 * write: another request took the name after our check. Answered with 702 once
 * the transaction has been rolled back and the winner can be read.
 */
class NameTakenMeanwhile extends Error {
  constructor(
    readonly requested: string,
    readonly ownId?: number,
  ) {
    super('product name taken meanwhile');
  }
}

/** Attempts of a create whose "create if missing" rows (series categories, groups) another request created at the same moment. */
const CREATE_ATTEMPTS = 3;

/** Creating and updating products (SPEC §5.3, §5.4). */
@Injectable()
export class ProductAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: ProductVisibility,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /rest/product: validates in Bugzilla's order, then writes everything in one transaction. */
  async create(user: AuthUser, query: unknown, body: unknown): Promise<{ id: number }> {
    const input = parseCreateParams(mergeParams(query, body).params);
    refuseUnstorableText(this.dataSource, [
      { param: 'name', column: 'products.name', value: input.name },
      { param: 'description', column: 'products.description', value: input.description },
      { param: 'version', column: 'versions.value', value: input.version },
      { param: 'default_milestone', column: 'milestones.value', value: input.defaultMilestone },
    ]);
    for (let attempt = 1; ; attempt++) {
      try {
        return await runInTransaction(this.dataSource, (em) => this.insertProduct(em, user, input));
      } catch (error) {
        if (error instanceof NameTakenMeanwhile) throw await this.nameTakenError(error);
        if (attempt < CREATE_ATTEMPTS && isDuplicateKeyError(error)) continue;
        throw error;
      }
    }
  }

  /** PUT /rest/product[/{id_or_name}]: every target changes in one transaction, or none does. */
  async update(
    user: AuthUser,
    path: string | undefined,
    query: unknown,
    body: unknown,
  ): Promise<{ products: ProductChanges[] }> {
    const { params, fromQuery } = mergeParams(query, body);
    const targets = parseUpdateTargets(path, params, fromQuery);
    try {
      const products = await runInTransaction(this.dataSource, (em) => this.applyUpdate(em, user, targets, params));
      return { products };
    } catch (error) {
      if (error instanceof NameTakenMeanwhile) throw await this.nameTakenError(error);
      throw error;
    }
  }

  // ---------------------------------------------------------------- create

  private async insertProduct(em: EntityManager, user: AuthUser, input: CreateProductInput): Promise<{ id: number }> {
    const classificationId = await this.classificationId(em, input.classification);
    const description = checkDescription(input.description);
    const name = checkProductName(input.name);
    const taken = blockingName(name, await this.productsNamed(em, name));
    if (taken !== undefined) throw productNameTaken(name, taken);
    const version = checkVersion(input.version);
    const milestone = checkNewDefaultMilestone(input.defaultMilestone);

    let productId: number;
    try {
      productId = await insertReturningId(
        em,
        'INSERT INTO products (name, classification_id, description, isactive, defaultmilestone, allows_unconfirmed) VALUES (?, ?, ?, ?, ?, ?)',
        [
          name,
          classificationId,
          description,
          flag(input.isOpen ?? true),
          milestone,
          flag(input.hasUnconfirmed ?? true),
        ],
      );
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(name);
      throw error;
    }
    const versionId = await insertReturningId(
      em,
      'INSERT INTO versions (value, product_id, isactive) VALUES (?, ?, 1)',
      [version, productId],
    );
    const milestoneId = await insertReturningId(
      em,
      'INSERT INTO milestones (product_id, value, sortkey, isactive) VALUES (?, ?, 0, 1)',
      [productId, milestone],
    );
    const audit: AuditEntry[] = [
      created(PRODUCT_CLASS, productId, name),
      created('Bugzilla::Version', versionId, version),
      created('Bugzilla::Milestone', milestoneId, milestone),
    ];
    if (this.config.params.makeproductgroups) {
      const group = await createProductGroup(em, productId, name);
      audit.push(created('Bugzilla::Group', group.id, group.name));
    }
    if (input.createSeries ?? true) await createProductSeries(em, name, user.id);
    await writeAuditLog(em, user.id, audit);
    return { id: productId };
  }

  /** The classification named `name` (as the database compares names); 1 (Unclassified) when none is given. */
  private async classificationId(em: EntityManager, raw: string | undefined): Promise<number> {
    if (raw === undefined) return 1;
    const name = raw.trim();
    if (isBlank(name)) throw classificationNotSpecified();
    const rows: { id: number }[] = await em.query(
      `SELECT id FROM classifications WHERE ${this.dialect().textEquals('name')}`,
      [name],
    );
    if (rows.length === 0) throw classificationMissing(name);
    return Number(rows[0].id);
  }

  // ---------------------------------------------------------------- update

  private async applyUpdate(
    em: EntityManager,
    user: AuthUser,
    targets: UpdateTarget[],
    params: Record<string, unknown>,
  ): Promise<ProductChanges[]> {
    // Bugzilla's order: the targets first (106), then the values (unknown keys, types, rules).
    const products = await this.resolveTargets(em, user, targets);
    const values = parseUpdateValues(params);
    refuseUnstorableText(em, [
      { param: 'name', column: 'products.name', value: values.name },
      { param: 'description', column: 'products.description', value: values.description },
    ]);
    if (values.name !== undefined && products.length > 1) {
      throw Errors.badRequest(
        'A new name can only be given when updating a single product, because product names are unique.',
      );
    }
    const milestones =
      values.defaultMilestone === undefined
        ? new Map<number, string>()
        : await this.milestonesNamed(em, products, values.defaultMilestone.trim());

    // Validate every product first (Bugzilla's order: default milestone, description, name), then write.
    const planned: { product: ProductRow; next: ProductRow }[] = [];
    for (const product of products) {
      const next: ProductRow = { ...product };
      if (values.defaultMilestone !== undefined) {
        // Bugzilla checks that the milestone exists as the database compares values, and stores the value given.
        // Found regardless of letter case on every database (MariaDB's rule), the value is stored as given where
        // the database's own comparison takes it for the milestone (MariaDB, SQLite), else as the milestone is
        // spelled (PostgreSQL), so that the default names an existing milestone as Bugzilla's checks compare.
        const milestone = values.defaultMilestone.trim();
        const spelled = milestones.get(product.id);
        if (spelled === undefined) throw milestoneMissing(milestone, product.name);
        next.defaultmilestone = this.dialect().sameValue(milestone, spelled) ? milestone : spelled;
      }
      if (values.description !== undefined) next.description = checkDescription(values.description);
      if (values.isOpen !== undefined) next.isactive = values.isOpen;
      if (values.name !== undefined) {
        next.name = checkProductName(values.name);
        const taken = blockingName(next.name, await this.productsNamed(em, next.name), product.id);
        if (taken !== undefined) throw productNameTaken(next.name, taken);
      }
      if (values.hasUnconfirmed !== undefined) next.allows_unconfirmed = values.hasUnconfirmed;
      planned.push({ product, next });
    }

    const classification =
      values.classification === undefined ? undefined : await this.reclassification(em, user, values.classification);
    const oldClassifications = classification
      ? await this.classificationNames(em, products)
      : new Map<number, string>();

    const answer: ProductChanges[] = [];
    const audit: AuditEntry[] = [];
    for (const { product, next } of planned) {
      const changes = diff(product, next);
      const keys = Object.keys(changes) as ColumnKey[];
      if (keys.length > 0) {
        const columns = keys.map((key) => CHANGE_COLUMNS[key]);
        const params = columns.map((column) => storedValue(next, column));
        try {
          await em.query(`UPDATE products SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [
            ...params,
            product.id,
          ]);
        } catch (error) {
          if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(next.name, product.id);
          throw error;
        }
        for (const key of keys) {
          const change = changes[key]!;
          audit.push({
            class: PRODUCT_CLASS,
            objectId: product.id,
            field: CHANGE_COLUMNS[key],
            removed: change.removed,
            added: change.added,
          });
        }
      }
      if (classification && classification.id !== product.classification_id) {
        // Bugzilla's reclassify writes no audit row; the history of SPEC §10 needs one (the column, ids as values).
        await em.query('UPDATE products SET classification_id = ? WHERE id = ?', [classification.id, product.id]);
        changes.classification = {
          added: classification.name,
          removed: oldClassifications.get(product.classification_id) ?? '',
        };
        audit.push({
          class: PRODUCT_CLASS,
          objectId: product.id,
          field: 'classification_id',
          removed: String(product.classification_id),
          added: String(classification.id),
        });
      }
      answer.push({ id: product.id, changes });
    }
    await writeAuditLog(em, user.id, audit);
    return answer;
  }

  /**
   * The products to update, in target order without duplicates, read with a
   * lock (MySQL) so that what is reported as removed is what was replaced.
   * The first target that does not exist or that the caller cannot access: 106.
   */
  private async resolveTargets(em: EntityManager, user: AuthUser, targets: UpdateTarget[]): Promise<ProductRow[]> {
    const ids = [...new Set(targets.flatMap((t) => ('id' in t ? [t.id] : [])))];
    const names = [...new Set(targets.flatMap((t) => ('name' in t ? [t.name.trim()] : [])))];
    const visible = this.visibility.condition(user, ['accessible'], 'p');
    const lock = dialectOf(em.dataSource).forUpdate;
    const columns =
      'p.id, p.name, p.description, p.defaultmilestone, p.isactive, p.allows_unconfirmed, p.classification_id';

    // A request may name thousands of targets: they are read a chunk at a time (SQLite bounds the
    // placeholders and result columns of a statement). Within ids, and within names, reading stops at
    // the first chunk with a missing target: the answer is then 106 for the first missing target in
    // request order, which no later id (or name) can precede. (The path, which may be a name, comes
    // first of all, so names are always read.)
    const byId = new Map<number, ProductRow>();
    for (const chunk of chunks(ids, TARGET_CHUNK)) {
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT ${columns} FROM products p WHERE p.id IN (${placeholders(chunk)}) AND (${visible.sql})${lock}`,
        [...chunk, ...visible.params],
      );
      for (const row of rows) byId.set(Number(row.id), productRow(row));
      if (chunk.some((id) => !byId.has(id))) break;
    }

    // Column mN is 1 when the row's name matches requested name N, as the database compares names.
    const byName = new Map<string, ProductRow>();
    for (const chunk of chunks(names, TARGET_CHUNK)) {
      const dialect = this.dialect();
      const matches = chunk
        .map((_, i) => `CASE WHEN ${dialect.textEquals('p.name')} THEN 1 ELSE 0 END AS m${i}`)
        .join(', ');
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT ${columns}, ${matches} FROM products p` +
          ` WHERE ${dialect.textIn('p.name', chunk.length)} AND (${visible.sql})${lock}`,
        [...chunk, ...chunk, ...visible.params],
      );
      chunk.forEach((name, i) => {
        const found = rows.filter((row) => Number(row[`m${i}`]) === 1);
        const row = found.find((r) => r.name === name) ?? found[0];
        if (row) byName.set(name, productRow(row));
      });
      if (chunk.some((name) => !byName.has(name))) break;
    }

    const products: ProductRow[] = [];
    const seen = new Set<number>();
    for (const target of targets) {
      const product = 'id' in target ? byId.get(target.id) : byName.get(target.name.trim());
      if (!product) throw productAccessDenied('id' in target ? target : { name: target.name.trim() });
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      products.push(product);
    }
    return products;
  }

  /**
   * The classification products move into (Bugzilla's editclassifications.cgi reclassify): only with
   * `useclassification` (900) and for `editclassifications` members (304); blank → 50, unknown → 51.
   */
  private async reclassification(
    em: EntityManager,
    user: AuthUser,
    raw: string,
  ): Promise<{ id: number; name: string }> {
    if (!this.config.params.useclassification) throw classificationNotEnabled();
    if (!user.groupNames.has(EDIT_CLASSIFICATIONS)) throw classificationsDenied();
    const id = await this.classificationId(em, raw);
    const [row]: { name: string }[] = await em.query('SELECT name FROM classifications WHERE id = ?', [id]);
    return { id, name: String(row.name) };
  }

  /** The names of the products' current classifications, by id. */
  private async classificationNames(em: EntityManager, products: ProductRow[]): Promise<Map<number, string>> {
    const ids = [...new Set(products.map((p) => p.classification_id))];
    const rows: { id: number; name: string }[] = await em.query(
      `SELECT id, name FROM classifications WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
  }

  /** The products (of `products`) that have a milestone equal to `value` as the database compares values. */
  /** Each product's milestone equal to `value` regardless of letter case: its spelling, the exact one first. */
  private async milestonesNamed(
    em: EntityManager,
    products: ProductRow[],
    value: string,
  ): Promise<Map<number, string>> {
    const rows: { product_id: number; value: string }[] = await em.query(
      `SELECT product_id, value FROM milestones WHERE product_id IN (${products.map(() => '?').join(', ')}) AND ${this.dialect().textEquals('value')}`,
      [...products.map((p) => p.id), value],
    );
    const spelled = new Map<number, string>();
    for (const row of rows) {
      const id = Number(row.product_id);
      if (!spelled.has(id) || row.value === value) spelled.set(id, String(row.value));
    }
    return spelled;
  }

  // ---------------------------------------------------------------- shared

  /**
   * Every product whose name equals `name` as the database compares names
   * (case-insensitively), visible to the caller or not: names are unique across
   * all products (SPEC §4's exception).
   */
  private async productsNamed(em: EntityManager, name: string): Promise<{ id: number; name: string }[]> {
    const rows: { id: number; name: string }[] = await em.query(
      `SELECT id, name FROM products WHERE ${this.dialect().textEquals('name')}`,
      [name],
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  /** 702 after a lost race, naming the product that won (read after our transaction was rolled back). */
  private async nameTakenError(lost: NameTakenMeanwhile) {
    const winner = blockingName(
      lost.requested,
      await this.productsNamed(this.dataSource.manager, lost.requested),
      lost.ownId,
    );
    return productNameTaken(lost.requested, winner ?? lost.requested);
  }

  /** How this database compares names (case-insensitively, as Bugzilla does on each). */
  private dialect(): Dialect {
    return dialectOf(this.dataSource);
  }
}

/** Targets read per statement: well below SQLite's limits on placeholders and result columns. */
const TARGET_CHUNK = 500;

function flag(value: boolean): number {
  return value ? 1 : 0;
}

function created(className: string, objectId: number, name: string): AuditEntry {
  return { class: className, objectId, field: AUDIT_CREATE, removed: null, added: name };
}

function productRow(row: Record<string, unknown>): ProductRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: String(row.description),
    defaultmilestone: String(row.defaultmilestone),
    isactive: Number(row.isactive) !== 0,
    allows_unconfirmed: Number(row.allows_unconfirmed) !== 0,
    classification_id: Number(row.classification_id),
  };
}

/** A column's value as the audit log and the answer show it: text, booleans as "1"/"0". */
function textValue(value: string | boolean): string {
  return typeof value === 'boolean' ? (value ? '1' : '0') : value;
}

/** A column's value as written to the database. */
function storedValue(row: ProductRow, column: string): string | number {
  const value = row[column as keyof ProductRow];
  return typeof value === 'boolean' ? flag(value) : (value as string | number);
}

/** What really changed between the stored row and the planned one, in the answer's key order. */
function diff(before: ProductRow, after: ProductRow): Partial<Record<ChangeKey, FieldChange>> {
  const changes: Partial<Record<ChangeKey, FieldChange>> = {};
  for (const key of Object.keys(CHANGE_COLUMNS) as ColumnKey[]) {
    const column = CHANGE_COLUMNS[key] as keyof ProductRow;
    const removed = textValue(before[column] as string | boolean);
    const added = textValue(after[column] as string | boolean);
    if (added !== removed) changes[key] = { added, removed };
  }
  return changes;
}
