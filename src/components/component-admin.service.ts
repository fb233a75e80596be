import { placeholders } from '../database/in-lists.js';
import { refuseUnstorableText } from '../bugzilla/storable-text.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { loginsById, type UserRef, usersByLogin } from '../auth/user-lookup.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AUDIT_CREATE, type AuditEntry, writeAuditLog } from '../database/audit-log.js';
import { dialectOf, isDuplicateKeyError } from '../database/dialect.js';
import { insertReturningId, runInTransaction } from '../database/writes.js';
import { type AdministeredProduct, ProductAdminPolicy, productAdminDenied } from '../products/product-admin-policy.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import { isBlank } from '../products/product-write.rules.js';
import { deleteBugsOf } from '../products/bug-deletion.js';
import {
  type ComponentChangesInput,
  type ComponentTarget,
  parseComponentChanges,
  parseComponentTargets,
  parseCreateComponent,
} from './component.params.js';
import {
  assigneeRequired,
  checkComponentDescription,
  checkComponentName,
  componentExists,
  componentHasBugs,
  componentIdMissing,
  componentIsLast,
  componentMissing,
  componentNotSpecified,
  invalidUsername,
  multipleRenames,
  unknownCreateParam,
  userMissing,
} from './component.rules.js';
import { createComponentSeries } from './component-series.js';

/** Ids per statement when reading targets (far below SQLite's bound on bound parameters). */
const ID_CHUNK = 1000;

export const COMPONENT_CLASS = 'Bugzilla::Component';
const AUDIT_REMOVE = '__remove__';

/** What the 304 message says the caller may not do: "add, modify or delete components". */
const OBJECTS = 'components';

/** One changed field in an update answer: both values as strings, booleans as "1"/"0". */
export interface FieldChange {
  added: string;
  removed: string;
}

/** Keys of `changes`, in the order they are reported. */
export type ComponentChangeKey =
  'name' | 'description' | 'default_assignee' | 'default_qa_contact' | 'default_cc' | 'is_open';

export interface ComponentChanges {
  id: number;
  changes: Partial<Record<ComponentChangeKey, FieldChange>>;
}

/** A `components` row as stored, with its product. */
export interface ComponentRow {
  id: number;
  name: string;
  initialowner: number;
  initialqacontact: number | null;
  description: string;
  isactive: boolean;
  product: AdministeredProduct;
}

/** The `components` column behind each change key (also the audit log's `field`); the CC list has no column. */
const CHANGE_COLUMNS: Partial<Record<ComponentChangeKey, keyof ComponentRow>> = {
  name: 'name',
  description: 'description',
  default_assignee: 'initialowner',
  default_qa_contact: 'initialqacontact',
  is_open: 'isactive',
};

/**
 * Thrown inside a transaction when the unique key on (product_id, name) refused a write:
 * another request took the name after our check. Answered with 1200 once the transaction
 * has been rolled back and the winner can be read.
 */
class NameTakenMeanwhile extends Error {
  constructor(
    readonly product: AdministeredProduct,
    readonly requested: string,
  ) {
    super('component name taken meanwhile');
  }
}

/**
 * Creating, changing and deleting components: Bugzilla 5.2's Component.create,
 * Component.update and Component.delete as Bugzilla 5.3 has them (REST: the body
 * python-bugzilla's `editcomponent` sends). Each method takes the request's parameters
 * as one object (query and body merged, path values included), so every transport
 * maps a method onto it directly.
 */
@Injectable()
export class ComponentAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly policy: ProductAdminPolicy,
    private readonly visibility: ProductVisibility,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Component.create: `{"id": N}`. */
  async create(user: AuthUser, params: Record<string, unknown>): Promise<{ id: number }> {
    await this.policy.assertAdministersSomeProduct(user, OBJECTS);
    try {
      return await runInTransaction(this.dataSource, (em) => this.insertComponent(em, user, params));
    } catch (error) {
      if (error instanceof NameTakenMeanwhile) throw await this.nameTakenError(error);
      throw error;
    }
  }

  /** Component.update: `{"components":[{"id":N,"changes":{...}}]}` in target order. */
  async update(user: AuthUser, params: Record<string, unknown>): Promise<{ components: ComponentChanges[] }> {
    await this.policy.assertAdministersSomeProduct(user, OBJECTS);
    try {
      const components = await runInTransaction(this.dataSource, async (em) => {
        const { targets, consumed } = parseComponentTargets('Component.update', params);
        const rows = await this.resolveTargets(em, user, targets);
        const changes = parseComponentChanges(params, consumed);
        refuseUnstorableText(em, [
          { param: 'name', column: 'components.name', value: changes.name },
          { param: 'description', column: 'components.description', value: changes.description },
        ]);
        return this.applyChanges(em, user, rows, changes);
      });
      return { components };
    } catch (error) {
      if (error instanceof NameTakenMeanwhile) throw await this.nameTakenError(error);
      throw error;
    }
  }

  /** Component.delete: `{"components":[{"id":N}]}` in target order. */
  async remove(user: AuthUser, params: Record<string, unknown>): Promise<{ components: { id: number }[] }> {
    await this.policy.assertAdministersSomeProduct(user, OBJECTS);
    const components = await runInTransaction(this.dataSource, async (em) => {
      const { targets } = parseComponentTargets('Component.delete', params);
      const rows = await this.resolveTargets(em, user, targets);
      await this.deleteComponents(em, user, rows);
      return rows.map((row) => ({ id: row.id }));
    });
    return { components };
  }

  // ---------------------------------------------------------------- create

  /**
   * Bugzilla's order: the product (50, 106, 32000), then the validators alphabetically by
   * column (description, initial_cc, initialowner, initialqacontact, isactive), then the
   * name (it depends on the product); an unknown key fails last, at INSERT time.
   */
  private async insertComponent(
    em: EntityManager,
    user: AuthUser,
    params: Record<string, unknown>,
  ): Promise<{ id: number }> {
    // The product row locked (MySQL): a deletion of the product at the same moment waits for this
    // create, or this create waits for it and then finds no product (106) — one clean winner.
    const product = await this.policy.checkCanAdminProduct(em, user, params.product, { lock: true });
    const input = parseCreateComponent(params);
    refuseUnstorableText(em, [
      { param: 'name', column: 'components.name', value: input.name },
      { param: 'description', column: 'components.description', value: input.description },
    ]);
    const description = checkComponentDescription(input.description);

    const assignee = input.defaultAssignee?.trim();
    const qaContact = this.config.params.useqacontact ? input.defaultQaContact?.trim() : undefined;
    const users = await usersByLogin(em, [
      ...input.defaultCc,
      ...(assignee && !isBlank(assignee) ? [assignee] : []),
      ...(qaContact && !isBlank(qaContact) ? [qaContact] : []),
    ]);
    const ccIds = ccList(input.defaultCc, users);
    const ownerId = requiredUser(assignee, users);
    const qaContactId = optionalUser(qaContact, users);
    const isactive = input.isOpen ?? true;

    const name = checkComponentName(input.name);
    const taken = await this.componentNamed(em, product.id, name);
    if (taken) throw componentExists(product.name, taken.name);
    if (input.unknownKey !== undefined) throw unknownCreateParam(input.unknownKey);

    let id: number;
    try {
      id = await insertReturningId(
        em,
        'INSERT INTO components (name, product_id, initialowner, initialqacontact, description, isactive) VALUES (?, ?, ?, ?, ?, ?)',
        [name, product.id, ownerId, qaContactId, description, isactive ? 1 : 0],
      );
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(product, name);
      throw error;
    }
    await this.writeCcList(em, id, ccIds);
    if (input.createSeries) await createComponentSeries(em, product.name, name, user.id);
    await writeAuditLog(em, user.id, [
      { class: COMPONENT_CLASS, objectId: id, field: AUDIT_CREATE, removed: null, added: name },
    ]);
    return { id };
  }

  // ---------------------------------------------------------------- update

  private async applyChanges(
    em: EntityManager,
    user: AuthUser,
    rows: ComponentRow[],
    values: ComponentChangesInput,
  ): Promise<ComponentChanges[]> {
    if (values.name && !isBlank(values.name.trim())) {
      const products = new Set<number>();
      for (const row of rows) {
        if (products.has(row.product.id)) throw multipleRenames();
        products.add(row.product.id);
      }
    }

    // Every login named, looked up once; then each component is checked in Bugzilla's
    // setter order (default_assignee, default_cc, default_qa_contact, description, is_active, name).
    const assignee = values.defaultAssignee?.trim();
    const qaContact = this.config.params.useqacontact ? values.defaultQaContact?.trim() : undefined;
    const users = await usersByLogin(em, [
      ...(assignee && !isBlank(assignee) ? [assignee] : []),
      ...(values.defaultCc ?? []),
      ...(qaContact && !isBlank(qaContact) ? [qaContact] : []),
    ]);
    const currentCc = values.defaultCc === undefined ? new Map<number, number[]>() : await this.ccLists(em, rows);

    const planned: {
      row: ComponentRow;
      next: ComponentRow;
      cc?: { removed: number[]; added: number[]; ids: number[] };
    }[] = [];
    for (const row of rows) {
      const next: ComponentRow = { ...row };
      if (values.defaultAssignee !== undefined) next.initialowner = requiredUser(assignee, users);
      let cc: { removed: number[]; added: number[]; ids: number[] } | undefined;
      if (values.defaultCc !== undefined) {
        const ids = ccList(values.defaultCc, users);
        const before = currentCc.get(row.id) ?? [];
        cc = {
          ids,
          removed: before.filter((id) => !ids.includes(id)),
          added: ids.filter((id) => !before.includes(id)),
        };
      }
      if (qaContact !== undefined) next.initialqacontact = optionalUser(qaContact, users);
      if (values.description !== undefined) next.description = checkComponentDescription(values.description);
      if (values.isActive !== undefined) next.isactive = values.isActive;
      if (values.name !== undefined) {
        next.name = checkComponentName(values.name);
        const taken = await this.componentNamed(em, row.product.id, next.name);
        if (taken && taken.id !== row.id) throw componentExists(row.product.name, taken.name);
      }
      planned.push({ row, next, cc });
    }

    const logins = await loginsById(em, [
      ...planned.flatMap(({ row, next }) => [row.initialowner, next.initialowner]),
      ...planned.flatMap(({ row, next }) => [row.initialqacontact, next.initialqacontact]).filter(isId),
      ...planned.flatMap(({ cc }) => [...(cc?.removed ?? []), ...(cc?.added ?? [])]),
    ]);
    const loginOf = (id: number | null) => (id === null ? '' : (logins.get(id) ?? ''));

    const answer: ComponentChanges[] = [];
    const audit: AuditEntry[] = [];
    for (const { row, next, cc } of planned) {
      const changes: Partial<Record<ComponentChangeKey, FieldChange>> = {};
      const columns: (keyof ComponentRow)[] = [];
      for (const [key, column] of Object.entries(CHANGE_COLUMNS) as [ComponentChangeKey, keyof ComponentRow][]) {
        if (row[column] === next[column]) continue;
        columns.push(column);
        audit.push({
          class: COMPONENT_CLASS,
          objectId: row.id,
          field: column,
          removed: auditValue(row[column]),
          added: auditValue(next[column]),
        });
        changes[key] =
          column === 'initialowner' || column === 'initialqacontact'
            ? { removed: loginOf(row[column] as number | null), added: loginOf(next[column] as number | null) }
            : { removed: textValue(row[column]), added: textValue(next[column]) };
      }
      if (columns.length > 0) {
        try {
          await em.query(`UPDATE components SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [
            ...columns.map((c) => storedValue(next[c])),
            row.id,
          ]);
        } catch (error) {
          if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(row.product, next.name);
          throw error;
        }
      }
      if (cc && (cc.removed.length > 0 || cc.added.length > 0)) {
        await em.query('DELETE FROM component_cc WHERE component_id = ?', [row.id]);
        await this.writeCcList(em, row.id, cc.ids);
        // Bugzilla reports the CC list's difference, not the whole lists, and does not audit it.
        changes.default_cc = {
          removed: sortedLogins(cc.removed, loginOf),
          added: sortedLogins(cc.added, loginOf),
        };
      }
      answer.push({ id: row.id, changes: ordered(changes) });
    }
    await writeAuditLog(em, user.id, audit);
    return answer;
  }

  // ---------------------------------------------------------------- delete

  /** Bugzilla::Component->remove_from_db for each target in turn: the last component (1201), then bugs (1202). */
  private async deleteComponents(em: EntityManager, user: AuthUser, rows: ComponentRow[]): Promise<void> {
    const ids = rows.map((row) => row.id);
    const productIds = [...new Set(rows.map((row) => row.product.id))];
    const remaining = new Map<number, number>();
    const counts: { product_id: number; n: number }[] = await em.query(
      `SELECT product_id, COUNT(*) AS n FROM components WHERE product_id IN (${placeholders(productIds)}) GROUP BY product_id`,
      productIds,
    );
    for (const row of counts) remaining.set(Number(row.product_id), Number(row.n));
    const bugCounts = new Map<number, number>();
    const bugs: { component_id: number; n: number }[] = await em.query(
      `SELECT component_id, COUNT(*) AS n FROM bugs WHERE component_id IN (${placeholders(ids)}) GROUP BY component_id`,
      ids,
    );
    for (const row of bugs) bugCounts.set(Number(row.component_id), Number(row.n));

    const withBugs: number[] = [];
    for (const row of rows) {
      const left = remaining.get(row.product.id) ?? 0;
      if (left <= 1) throw componentIsLast(row.name, row.product.name);
      const bugCount = bugCounts.get(row.id) ?? 0;
      // Bugzilla deletes a component's bugs with it only when `allowbugdeletion` is on.
      if (bugCount > 0 && !this.config.params.allowbugdeletion) throw componentHasBugs(bugCount);
      if (bugCount > 0) withBugs.push(row.id);
      remaining.set(row.product.id, left - 1);
    }
    for (const componentId of withBugs) await deleteBugsOf(em, user.id, { componentId });
    // Bugzilla leaves these to the foreign keys' ON DELETE CASCADE; deleting them here says so.
    for (const table of ['flaginclusions', 'flagexclusions', 'component_cc']) {
      await em.query(`DELETE FROM ${table} WHERE component_id IN (${placeholders(ids)})`, ids);
    }
    await em.query(`DELETE FROM components WHERE id IN (${placeholders(ids)})`, ids);
    await writeAuditLog(
      em,
      user.id,
      rows.map((row) => ({
        class: COMPONENT_CLASS,
        objectId: row.id,
        field: AUDIT_REMOVE,
        removed: row.name,
        added: null,
      })),
    );
  }

  // ---------------------------------------------------------------- shared

  /**
   * The components named by `targets`, in target order without duplicates, read with a lock
   * (MySQL). By name: the product as Component.create checks it (50, 106, 32000), then the
   * component (50 when blank, 51 when the product has none of that name). By id: components of
   * products the caller cannot access are missing (51); of products they do not administer, 32000.
   */
  private async resolveTargets(em: EntityManager, user: AuthUser, targets: ComponentTarget[]): Promise<ComponentRow[]> {
    const lock = dialectOf(em.dataSource).forUpdate;
    const ids = [...new Set(targets.flatMap((t) => ('id' in t ? [t.id] : [])))];
    const byId = new Map<number, ComponentRow>();
    if (ids.length > 0) {
      // In chunks: a request may name more ids than SQLite binds in one statement.
      const rows: Record<string, unknown>[] = [];
      for (let start = 0; start < ids.length; start += ID_CHUNK) {
        const chunk = ids.slice(start, start + ID_CHUNK);
        const found: Record<string, unknown>[] = await em.query(
          `SELECT c.id, c.name, c.initialowner, c.initialqacontact, c.description, c.isactive,
                  p.id AS product_id, p.name AS product_name, p.defaultmilestone
             FROM components c JOIN products p ON p.id = c.product_id
            WHERE c.id IN (${placeholders(chunk)})${lock}`,
          chunk,
        );
        for (const row of found) rows.push(row);
      }
      const accessible = new Set(
        await this.accessibleProductIds(em, user, [...new Set(rows.map((r) => Number(r.product_id)))]),
      );
      const administers = await this.policy.administers(em, user, [...accessible]);
      for (const raw of rows) {
        const row = componentRow(raw, {
          id: Number(raw.product_id),
          name: String(raw.product_name),
          defaultMilestone: String(raw.defaultmilestone),
        });
        if (!accessible.has(row.product.id)) continue;
        byId.set(row.id, row);
      }
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) throw componentIdMissing(id);
        if (!administers.get(row.product.id)) throw productAdminDenied(row.product.name);
      }
    }

    const out: ComponentRow[] = [];
    const seen = new Set<number>();
    for (const target of targets) {
      let row: ComponentRow;
      if ('id' in target) row = byId.get(target.id)!;
      else {
        const product = await this.policy.checkCanAdminProduct(em, user, target.product, { lock: true });
        const name = target.component.trim();
        if (name === '') throw componentNotSpecified();
        const found = await this.componentNamed(em, product.id, name, true);
        if (!found) throw componentMissing(name, product.name);
        row = found.row(product);
      }
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push(row);
    }
    return out;
  }

  /** Which of `productIds` the caller can access (Bugzilla's can_access_product). */
  private async accessibleProductIds(em: EntityManager, user: AuthUser, productIds: number[]): Promise<number[]> {
    if (productIds.length === 0) return [];
    const visible = this.visibility.condition(user, ['accessible'], 'p');
    const rows: { id: number }[] = await em.query(
      `SELECT p.id FROM products p WHERE p.id IN (${placeholders(productIds)}) AND (${visible.sql})`,
      [...productIds, ...visible.params],
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * The component of product `productId` whose name equals `name` as the database compares
   * names (case-insensitively), preferring the exact spelling.
   */
  private async componentNamed(em: EntityManager, productId: number, name: string, lock = false) {
    const dialect = dialectOf(em.dataSource);
    const forUpdate = lock ? dialect.forUpdate : '';
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT id, name, initialowner, initialqacontact, description, isactive FROM components
        WHERE product_id = ? AND ${dialect.textEquals('name')}${forUpdate}`,
      [productId, name],
    );
    const raw = rows.find((r) => r.name === name) ?? rows[0];
    if (!raw) return undefined;
    return {
      id: Number(raw.id),
      name: String(raw.name),
      row: (product: AdministeredProduct) => componentRow(raw, product),
    };
  }

  /** The stored CC lists of `rows`, in one statement. */
  private async ccLists(em: EntityManager, rows: ComponentRow[]): Promise<Map<number, number[]>> {
    const ids = rows.map((row) => row.id);
    const out = new Map<number, number[]>();
    const found: { component_id: number; user_id: number }[] = await em.query(
      `SELECT component_id, user_id FROM component_cc WHERE component_id IN (${placeholders(ids)}) ORDER BY user_id`,
      ids,
    );
    for (const row of found) {
      const list = out.get(Number(row.component_id)) ?? [];
      list.push(Number(row.user_id));
      out.set(Number(row.component_id), list);
    }
    return out;
  }

  private async writeCcList(em: EntityManager, componentId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await em.query(
      `INSERT INTO component_cc (user_id, component_id) VALUES ${userIds.map(() => '(?, ?)').join(', ')}`,
      userIds.flatMap((id) => [id, componentId]),
    );
  }

  /** 1200 after a lost race, naming the component that won (read after our transaction was rolled back). */
  private async nameTakenError(lost: NameTakenMeanwhile) {
    const winner = await this.componentNamed(this.dataSource.manager, lost.product.id, lost.requested);
    return componentExists(lost.product.name, winner?.name ?? lost.requested);
  }
}

/** The default assignee: missing or blank → 32000; no such user → 51. */
function requiredUser(login: string | undefined, users: Map<string, UserRef>): number {
  if (login === undefined || isBlank(login)) throw assigneeRequired();
  const user = users.get(login);
  if (!user) throw userMissing(login);
  return user.id;
}

/** The QA contact: blank → none; no such user → 51. */
function optionalUser(login: string | undefined, users: Map<string, UserRef>): number | null {
  if (login === undefined || isBlank(login)) return null;
  const user = users.get(login);
  if (!user) throw userMissing(login);
  return user.id;
}

/** The default CC list's user ids, duplicates collapsed; the first unknown login → 504. */
function ccList(logins: string[], users: Map<string, UserRef>): number[] {
  const ids: number[] = [];
  for (const login of logins) {
    const user = users.get(login);
    if (!user) throw invalidUsername(login);
    if (!ids.includes(user.id)) ids.push(user.id);
  }
  return ids;
}

function componentRow(raw: Record<string, unknown>, product: AdministeredProduct): ComponentRow {
  return {
    id: Number(raw.id),
    name: String(raw.name),
    initialowner: Number(raw.initialowner),
    initialqacontact:
      raw.initialqacontact === null || raw.initialqacontact === undefined ? null : Number(raw.initialqacontact),
    description: String(raw.description),
    isactive: Number(raw.isactive) !== 0,
    product,
  };
}

function isId(value: number | null): value is number {
  return value !== null;
}

/** A column's value in the audit log: text, ids as digits, booleans as "1"/"0", no QA contact as NULL. */
function auditValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return textValue(value);
}

function textValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function storedValue(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function sortedLogins(ids: number[], loginOf: (id: number) => string): string {
  return ids
    .map(loginOf)
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}

const CHANGE_ORDER: ComponentChangeKey[] = [
  'name',
  'description',
  'default_assignee',
  'default_qa_contact',
  'default_cc',
  'is_open',
];

function ordered(changes: Partial<Record<ComponentChangeKey, FieldChange>>) {
  const out: Partial<Record<ComponentChangeKey, FieldChange>> = {};
  for (const key of CHANGE_ORDER) if (changes[key]) out[key] = changes[key];
  return out;
}
