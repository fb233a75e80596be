import { Injectable } from '@nestjs/common';
import { refuseUnstorableText } from '../bugzilla/storable-text.js';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { parseOptionalBoolean, parseOptionalString } from '../bugzilla/params.js';
import { databaseNow, writeBugsActivity } from '../database/activity.js';
import { AUDIT_CREATE, type AuditEntry, writeAuditLog } from '../database/audit-log.js';
import { type Dialect, dialectOf, isDuplicateKeyError } from '../database/dialect.js';
import { insertReturningId, runInTransaction } from '../database/writes.js';
import { type AdministeredProduct, ProductAdminPolicy } from './product-admin-policy.js';
import {
  checkSortkey,
  checkValueName,
  milestoneIsDefault,
  VALUE_KINDS,
  type ValueKind,
  type ValueKindInfo,
  valueExists,
  valueHasBugs,
  valueMissing,
  valueNotSpecified,
  versionIsLast,
} from './product-value.rules.js';

/** Bugs updated per statement (SQLite binds at most 32766 parameters). */
const BUG_CHUNK = 1000;

const AUDIT_REMOVE = '__remove__';

/** One changed field in an update answer: both values as strings, booleans as "1"/"0". */
export interface ValueFieldChange {
  added: string;
  removed: string;
}

export type ValueChangeKey = 'name' | 'sort_key' | 'is_active';

export interface ValueChanges {
  id: number;
  changes: Partial<Record<ValueChangeKey, ValueFieldChange>>;
}

/** A `versions` or `milestones` row (versions have no sort key: 0). */
interface ValueRow {
  id: number;
  value: string;
  sortkey: number;
  isactive: boolean;
}

/** Column behind each change key (also the audit log's `field`). */
const CHANGE_COLUMNS: Record<ValueChangeKey, keyof ValueRow> = {
  name: 'value',
  sort_key: 'sortkey',
  is_active: 'isactive',
};

/** Thrown inside a transaction when the unique key (product_id, value) refused a write another request won. */
class NameTakenMeanwhile extends Error {
  constructor(
    readonly product: AdministeredProduct,
    readonly requested: string,
  ) {
    super('value taken meanwhile');
  }
}

/**
 * A product's versions and milestones: create, update and delete (this service's
 * extension; Bugzilla offers them only on its admin pages, editversions.cgi and
 * editmilestones.cgi, whose rules and audit rows this follows). Each method takes the
 * request's parameters as one object: `product`, the current name as `version` or
 * `milestone` (update, delete), and the new values.
 */
@Injectable()
export class ProductValueAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly policy: ProductAdminPolicy,
  ) {}

  /** `{"id": N}` of the new version or milestone. */
  async create(user: AuthUser, kind: ValueKind, params: Record<string, unknown>): Promise<{ id: number }> {
    const info = VALUE_KINDS[kind];
    await this.policy.assertAdministersSomeProduct(user, info.plural);
    return this.retryingNameRace(info, (em) => this.insert(em, user, info, params));
  }

  /** `{"versions"|"milestones": [{"id": N, "changes": {...}}]}`. */
  async update(
    user: AuthUser,
    kind: ValueKind,
    params: Record<string, unknown>,
  ): Promise<Record<string, ValueChanges[]>> {
    const info = VALUE_KINDS[kind];
    await this.policy.assertAdministersSomeProduct(user, info.plural);
    const changes = await this.retryingNameRace(info, (em) => this.change(em, user, info, params));
    return { [info.plural]: [changes] };
  }

  /** `{"versions"|"milestones": [{"id": N}]}`. */
  async remove(
    user: AuthUser,
    kind: ValueKind,
    params: Record<string, unknown>,
  ): Promise<Record<string, { id: number }[]>> {
    const info = VALUE_KINDS[kind];
    await this.policy.assertAdministersSomeProduct(user, info.plural);
    const id = await runInTransaction(this.dataSource, (em) => this.delete(em, user, info, params));
    return { [info.plural]: [{ id }] };
  }

  // ---------------------------------------------------------------- create

  /** Bugzilla's order: the product (50, 106, 32000), then is_active, sort key, and the name last (it depends on the product). */
  private async insert(
    em: EntityManager,
    user: AuthUser,
    info: ValueKindInfo,
    params: Record<string, unknown>,
  ): Promise<{ id: number }> {
    // The product row locked (MySQL): a deletion of the product at the same moment waits for this
    // create, or this create waits for it and then finds no product (106) — one clean winner.
    const product = await this.policy.checkCanAdminProduct(em, user, params.product, { lock: true });
    const values = readValues(info, params, ['product']);
    refuseUnstorableText(em, [{ param: 'name', column: `${info.table}.value`, value: values.name }]);
    const isactive = values.isActive ?? true;
    const sortkey = values.sortkey === undefined ? 0 : checkSortkey(values.sortkey);
    const name = checkValueName(info.kind, values.name);
    const taken = await this.valueNamed(em, info, product.id, name);
    if (taken) throw valueExists(info.kind, taken.value, product.name);

    const columns = info.hasSortkey ? 'product_id, value, sortkey, isactive' : 'product_id, value, isactive';
    const row = info.hasSortkey ? [product.id, name, sortkey, isactive ? 1 : 0] : [product.id, name, isactive ? 1 : 0];
    let id: number;
    try {
      id = await insertReturningId(
        em,
        `INSERT INTO ${info.table} (${columns}) VALUES (${row.map(() => '?').join(', ')})`,
        row,
      );
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(product, name);
      throw error;
    }
    await writeAuditLog(em, user.id, [
      { class: info.auditClass, objectId: id, field: AUDIT_CREATE, removed: null, added: name },
    ]);
    return { id };
  }

  // ---------------------------------------------------------------- update

  private async change(
    em: EntityManager,
    user: AuthUser,
    info: ValueKindInfo,
    params: Record<string, unknown>,
  ): Promise<ValueChanges> {
    const { product, row } = await this.target(em, user, info, params);
    const values = readValues(info, params, ['product', info.kind]);
    refuseUnstorableText(em, [{ param: 'name', column: `${info.table}.value`, value: values.name }]);
    const next: ValueRow = { ...row };
    if (values.isActive !== undefined) next.isactive = values.isActive;
    if (values.sortkey !== undefined) next.sortkey = checkSortkey(values.sortkey);
    if (values.name !== undefined) {
      next.value = checkValueName(info.kind, values.name);
      const taken = await this.valueNamed(em, info, product.id, next.value);
      if (taken && taken.id !== row.id) throw valueExists(info.kind, taken.value, product.name);
    }
    const isDefault = info.kind === 'milestone' && this.dialect().sameValue(row.value, product.defaultMilestone);
    if (isDefault && row.isactive && !next.isactive) throw milestoneIsDefault(row.value, product.name, 'deactivated');

    const changed = (Object.keys(CHANGE_COLUMNS) as ValueChangeKey[]).filter(
      (key) => row[CHANGE_COLUMNS[key]] !== next[CHANGE_COLUMNS[key]],
    );
    const changes: Partial<Record<ValueChangeKey, ValueFieldChange>> = {};
    if (changed.length === 0) return { id: row.id, changes };

    const columns = changed.map((key) => CHANGE_COLUMNS[key]);
    try {
      await em.query(`UPDATE ${info.table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [
        ...columns.map((c) => (typeof next[c] === 'boolean' ? (next[c] ? 1 : 0) : next[c])),
        row.id,
      ]);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(product, next.value);
      throw error;
    }
    if (next.value !== row.value) {
      // Bugs (and a product's default milestone) hold the value itself, not its id: as Bugzilla does, they follow the
      // rename, with Bugzilla's own statements (`= ?`: the database's comparison; on PostgreSQL another spelling of
      // the value is another value).
      await em.query(`UPDATE bugs SET ${info.bugColumn} = ? WHERE ${info.bugColumn} = ? AND product_id = ?`, [
        next.value,
        row.value,
        product.id,
      ]);
      if (info.kind === 'milestone') {
        await em.query('UPDATE products SET defaultmilestone = ? WHERE id = ? AND defaultmilestone = ?', [
          next.value,
          product.id,
          row.value,
        ]);
      }
    }
    const audit: AuditEntry[] = [];
    for (const key of changed) {
      const column = CHANGE_COLUMNS[key];
      const removed = text(row[column]);
      const added = text(next[column]);
      changes[key] = { added, removed };
      audit.push({ class: info.auditClass, objectId: row.id, field: column, removed, added });
    }
    await writeAuditLog(em, user.id, audit);
    return { id: row.id, changes };
  }

  // ---------------------------------------------------------------- delete

  /** Bugzilla's remove_from_db checks: the last version / the default milestone, then bugs using it. */
  private async delete(
    em: EntityManager,
    user: AuthUser,
    info: ValueKindInfo,
    params: Record<string, unknown>,
  ): Promise<number> {
    const { product, row } = await this.target(em, user, info, params);
    if (info.kind === 'version') {
      const [{ n }]: { n: number }[] = await em.query('SELECT COUNT(*) AS n FROM versions WHERE product_id = ?', [
        product.id,
      ]);
      if (Number(n) <= 1) throw versionIsLast(row.value, product.name);
    } else if (this.dialect().sameValue(row.value, product.defaultMilestone)) {
      throw milestoneIsDefault(row.value, product.name, 'deleted');
    }
    const bugs: { bug_id: number }[] = await em.query(
      `SELECT bug_id FROM bugs WHERE product_id = ? AND ${info.bugColumn} = ? ORDER BY bug_id`,
      [product.id, row.value],
    );
    if (bugs.length > 0) {
      // Bugzilla refuses to delete a version with bugs, and moves a milestone's bugs to the default one.
      if (info.kind === 'version') throw valueHasBugs(info.kind, bugs.length);
      await this.moveBugsToDefaultMilestone(
        em,
        user,
        product,
        row.value,
        bugs.map((bug) => Number(bug.bug_id)),
      );
    }
    await em.query(`DELETE FROM ${info.table} WHERE id = ?`, [row.id]);
    await writeAuditLog(em, user.id, [
      { class: info.auditClass, objectId: row.id, field: AUDIT_REMOVE, removed: row.value, added: null },
    ]);
    return row.id;
  }

  /**
   * Bugzilla's Milestone->remove_from_db for a milestone bugs still target: they move to the
   * product's default milestone, their `delta_ts` becomes now, and each gets a `bugs_activity`
   * row (target_milestone: the deleted milestone → the default), all at one time.
   */
  private async moveBugsToDefaultMilestone(
    em: EntityManager,
    user: AuthUser,
    product: { defaultMilestone: string },
    milestone: string,
    bugIds: number[],
  ): Promise<void> {
    const now = await databaseNow(em);
    for (let start = 0; start < bugIds.length; start += BUG_CHUNK) {
      const chunk = bugIds.slice(start, start + BUG_CHUNK);
      await em.query(
        `UPDATE bugs SET target_milestone = ?, delta_ts = ? WHERE bug_id IN (${chunk.map(() => '?').join(', ')})`,
        [product.defaultMilestone, now, ...chunk],
      );
    }
    await writeBugsActivity(
      em,
      user.id,
      now,
      bugIds.map((bugId) => ({
        bugId,
        field: 'target_milestone',
        removed: milestone,
        added: product.defaultMilestone,
      })),
    );
  }

  // ---------------------------------------------------------------- shared

  /** The product (50, 106, 32000; locked) and its version or milestone named `params[kind]` (50 blank, 51 unknown). */
  private async target(em: EntityManager, user: AuthUser, info: ValueKindInfo, params: Record<string, unknown>) {
    const product = await this.policy.checkCanAdminProduct(em, user, params.product, { lock: true });
    const name = (parseOptionalString(info.kind, params[info.kind]) ?? '').trim();
    if (name === '') throw valueNotSpecified(info.kind);
    const row = await this.valueNamed(em, info, product.id, name, true);
    if (!row) throw valueMissing(info.kind, name, product.name);
    return { product, row };
  }

  /** The product's value equal to `name` regardless of letter case (MariaDB's rule on every database), the exact spelling first. */
  private async valueNamed(
    em: EntityManager,
    info: ValueKindInfo,
    productId: number,
    name: string,
    lock = false,
  ): Promise<ValueRow | undefined> {
    const sortkey = info.hasSortkey ? 'sortkey' : '0 AS sortkey';
    const forUpdate = lock ? this.dialect().forUpdate : '';
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT id, value, ${sortkey}, isactive FROM ${info.table} WHERE product_id = ? AND ${this.dialect().textEquals('value')}${forUpdate}`,
      [productId, name],
    );
    const raw = rows.find((r) => r.value === name) ?? rows[0];
    if (!raw) return undefined;
    return {
      id: Number(raw.id),
      value: String(raw.value),
      sortkey: Number(raw.sortkey),
      isactive: Number(raw.isactive) !== 0,
    };
  }

  /** Runs `work` in a transaction; a name another request took meanwhile is answered as taken, naming the winner. */
  private async retryingNameRace<T>(info: ValueKindInfo, work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await runInTransaction(this.dataSource, work);
    } catch (error) {
      if (!(error instanceof NameTakenMeanwhile)) throw error;
      const winner = await this.valueNamed(this.dataSource.manager, info, error.product.id, error.requested);
      throw valueExists(info.kind, winner?.value ?? error.requested, error.product.name);
    }
  }

  /** How this database compares names (case-insensitively, as Bugzilla does on each). */
  private dialect(): Dialect {
    return dialectOf(this.dataSource);
  }
}

interface ValueInput {
  name?: string;
  sortkey?: unknown;
  isActive?: boolean;
}

/**
 * The new values: `name`, `is_active` (alias `is_open`), and for milestones `sort_key` (alias
 * `sortkey`). Wrong JSON types → 53; any other key (also `sort_key` for a version, which has
 * none in Bugzilla) → 32000 `Unknown parameter`. `targetKeys` are the ones naming the target.
 */
function readValues(info: ValueKindInfo, params: Record<string, unknown>, targetKeys: string[]): ValueInput {
  const known = new Set([
    ...targetKeys,
    'name',
    'is_active',
    'is_open',
    ...(info.hasSortkey ? ['sort_key', 'sortkey'] : []),
  ]);
  for (const key of Object.keys(params)) {
    if (!known.has(key)) throw Errors.badRequest(`Unknown parameter '${key}'.`);
  }
  if (params.name === null) throw Errors.invalidParam('name', 'a string');
  const sortkey = params.sort_key ?? params.sortkey;
  if (sortkey !== undefined && typeof sortkey !== 'number' && typeof sortkey !== 'string') {
    throw Errors.invalidParam(params.sort_key !== undefined ? 'sort_key' : 'sortkey', 'an integer');
  }
  const isActive = parseOptionalBoolean('is_active', params.is_active);
  const isOpen = parseOptionalBoolean('is_open', params.is_open);
  return { name: parseOptionalString('name', params.name), sortkey, isActive: isActive ?? isOpen };
}

function text(value: string | number | boolean): string {
  return typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
}
