import { Injectable } from '@nestjs/common';
import { refuseUnstorableText, type StoredText } from '../bugzilla/storable-text.js';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { parseIdList, parseStringList } from '../bugzilla/params.js';
import { AUDIT_CREATE, type AuditEntry, writeAuditLog } from '../database/audit-log.js';
import { dialectOf } from '../database/dialect.js';
import { matchEach, preferExact } from '../database/match-each.js';
import { DatabaseReader, type SqlRunner } from '../database/read-routing.js';
import { insertReturningId, runInTransaction } from '../database/writes.js';
import { cleanUpFlagsOfTypes } from '../flags/flag-retarget.js';
import { productAccessDenied, productNotSpecified } from '../products/product-write.rules.js';
import { ProductAdminPolicy } from '../products/product-admin-policy.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import { type AdminRights, adminRights, checkCanAdminFlagType, rulesOfTypes } from './flag-type-admin-rights.js';
import { ANY_PRODUCT } from './flag-type-any-product.js';
import type {
  FlagTypeChangesDto,
  FlagTypeFieldChangeDto,
  FlagTypeInfoDto,
  FlagTypesOfProductDto,
} from './dto/flag-type.dto.js';
import {
  FLAG_TYPE_COLUMNS,
  type FlagRuleRow,
  FlagTypeApplicability,
  type FlagTypeRow,
  flagRulesSql,
  flagTypesSql,
} from '../catalogue/flag-type-applicability.js';
import {
  checkBoolean,
  checkCcList,
  checkDescription,
  checkName,
  checkSortkey,
  checkTargetType,
  componentMissing,
  componentNotSpecified,
  FlagTypeCode,
  flagTypeMissing,
  groupMissing,
  groupName,
  isSet,
  notAuthorized,
  notEditable,
  paramRequired,
  textParam,
} from './flag-type.rules.js';

/** Ids per statement when reading targets (far below SQLite's bound on bound parameters). */
const ID_CHUNK = 1000;

const FLAG_TYPE_CLASS = 'Bugzilla::FlagType';

/** Parameters of FlagType.get, as every transport hands them over. */
export interface FlagTypeGetParams {
  /** A product name (never an id). */
  product?: unknown;
  /** A component name of that product; blank or "0": none. */
  component?: unknown;
}

/** Parameters of FlagType.create and FlagType.update: the JSON body's keys (see the DTOs). */
export type FlagTypeWriteParams = Record<string, unknown>;

/** One inclusion or exclusion: a product (null: any) and a component (null: the whole product). */
interface Clusion {
  productId: number | null;
  componentId: number | null;
}

/** The columns FlagType.update may change, in the order changes are reported. */
const UPDATE_COLUMNS = [
  'name',
  'description',
  'cc_list',
  'sortkey',
  'is_active',
  'is_requestable',
  'is_requesteeble',
  'is_multiplicable',
  'grant_group_id',
  'request_group_id',
] as const;
type UpdateColumn = (typeof UPDATE_COLUMNS)[number];
type StoredValues = Record<UpdateColumn, string | number | null>;

/**
 * Bugzilla's FlagType.get, create and update. Each request costs a fixed number of
 * statements whatever the number of products, components and flag types; writes are
 * one transaction and leave nothing behind when any check fails.
 */
@Injectable()
export class FlagTypesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: ProductVisibility,
    private readonly policy: ProductAdminPolicy,
    private readonly reader: DatabaseReader,
  ) {}

  // ------------------------------------------------------------------ get

  /** The flag types of a product (or of one of its components) the caller can see, with what it may set. */
  async get(user: AuthUser, params: FlagTypeGetParams): Promise<FlagTypesOfProductDto> {
    if (params.product === undefined || params.product === null) {
      // Bugzilla names the method it was first written as.
      throw new BugzillaError(
        ErrorCode.PARAMS_REQUIRED,
        'The function Bug.flag_types requires a product argument, and that argument was not set.',
      );
    }
    const em = this.reader;
    // Product->check, as everywhere: 50 when blank, 106 when unknown or not accessible.
    const { product } = await this.policy.accessibleProduct(em, user, textParam('product', params.product) ?? '');
    const componentName = textParam('component', params.component);
    let componentId: number | undefined;
    if (isSet(componentName)) {
      const components = await this.components(em, [{ product, name: componentName }]);
      componentId = components.componentId(product, componentName);
    }

    const byName = (column: string) => dialectOf(this.dataSource).textOrder(column);
    const rules: FlagRuleRow[] = await em.query(flagRulesSql('?', { componentNames: true }), [product.id, product.id]);
    const types: FlagTypeRow[] = await em.query(flagTypesSql('?', byName), [product.id]);
    const applicability = new FlagTypeApplicability(types, rules);
    const applicable =
      componentId === undefined
        ? applicability.forProduct(product.id)
        : applicability.forComponent(product.id, componentId);

    const answer: FlagTypesOfProductDto = { bug: [], attachment: [] };
    for (const row of applicable) {
      const item = toFlagTypeInfo(row, user);
      const inclusions = componentList(applicability.rulesOf(Number(row.id), false), product.id);
      let exclusions = componentList(applicability.rulesOf(Number(row.id), true), product.id);
      // Bugzilla: with an inclusion list the exclusions say nothing more; "any component" is not listed.
      if (inclusions.length && exclusions.length) exclusions = [];
      if (inclusions.length && inclusions[0] !== '') item.inclusions = inclusions;
      if (exclusions.length && exclusions[0] !== '') item.exclusions = exclusions;
      (row.target_type === 'b' ? answer.bug : answer.attachment).push(item);
    }
    return answer;
  }

  // ------------------------------------------------------------------ create

  /** A new flag type with its inclusions and exclusions, checked in Bugzilla's order. */
  async create(user: AuthUser, params: FlagTypeWriteParams): Promise<{ id: number }> {
    const rights = await adminRights(this.policy, user, this.dataSource.manager);
    if (!rights.global && rights.products.size === 0) throw notAuthorized('add new flag types');
    const name = textParam('name', params.name);
    if (!isSet(name)) throw paramRequired('name');
    const description = textParam('description', params.description);
    if (!isSet(description)) throw paramRequired('description');
    refuseUnstorableText(this.dataSource, storedTexts(params));

    return runInTransaction(this.dataSource, async (em) => {
      const inclusions =
        params.inclusions == null ? undefined : await this.clusions(em, user, rights, 'inclusions', params.inclusions);
      const exclusions =
        params.exclusions == null ? [] : await this.clusions(em, user, rights, 'exclusions', params.exclusions);

      // Bugzilla's validators run in the alphabetical order of its internal names.
      const groups = await this.groups(em, [
        ['grant_group', params.grant_group],
        ['request_group', params.request_group],
      ]);
      const ccList = checkCcList(params.cc_list ?? '');
      const checkedDescription = checkDescription(description);
      const grantGroupId = groups.idOf('grant_group', params.grant_group);
      const isActive = createFlag('is_active', params.is_active);
      const isMultiplicable = createFlag('is_multiplicable', params.is_multiplicable);
      const isRequestable = createFlag('is_requestable', params.is_requestable);
      const isRequesteeble = createFlag('is_specifically_requestable', params.is_specifically_requestable);
      const checkedName = checkName(name);
      const requestGroupId = groups.idOf('request_group', params.request_group);
      const sortkey = params.sortkey == null ? 1 : checkSortkey(params.sortkey);
      const targetType = params.target_type == null ? 'b' : checkTargetType(params.target_type);
      if (inclusions === undefined && !rights.global) {
        // Bugzilla crashes here (its default, every product, is not a product the caller administers).
        throw new BugzillaError(
          ErrorCode.PARAMS_REQUIRED,
          "The function requires an inclusions argument, and that argument was not set: only members of the 'editcomponents' group may create a flag type for every product.",
        );
      }

      const id = await insertReturningId(
        em,
        `INSERT INTO flagtypes (name, description, cc_list, target_type, is_active, is_requestable,
                                  is_requesteeble, is_multiplicable, sortkey, grant_group_id, request_group_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          checkedName,
          checkedDescription,
          ccList,
          targetType,
          flag(isActive),
          flag(isRequestable),
          flag(isRequesteeble),
          flag(isMultiplicable),
          sortkey,
          grantGroupId,
          requestGroupId,
        ],
      );
      // No inclusions given: every product, as one row for any product and any component.
      await this.writeClusions(em, 'flaginclusions', [id], [inclusions ?? [{ productId: null, componentId: null }]]);
      await this.writeClusions(em, 'flagexclusions', [id], [exclusions]);
      await writeAuditLog(em, user.id, [
        { class: FLAG_TYPE_CLASS, objectId: id, field: AUDIT_CREATE, removed: null, added: checkedName },
      ]);
      return { id };
    });
  }

  // ------------------------------------------------------------------ update

  /** Changes flag types named by `ids` and `names`; every target changes, or none does. */
  async update(user: AuthUser, params: FlagTypeWriteParams): Promise<{ flagtypes: FlagTypeChangesDto[] }> {
    const rights = await adminRights(this.policy, user, this.dataSource.manager);
    if (!rights.global && rights.products.size === 0) throw notAuthorized('add, modify or delete flag types');
    if (params.ids == null && params.names == null) {
      throw Errors.paramsRequired('FlagType.update', ['ids', 'names']);
    }
    const ids = parseIdList('ids', params.ids);
    const names = parseStringList('names', params.names);
    const { ids: _ids, names: _names, inclusions: givenInclusions, exclusions: givenExclusions, ...rest } = params;
    refuseUnstorableText(this.dataSource, storedTexts(rest));
    // Bugzilla sets the values in the alphabetical order of their keys.
    const values = Object.keys(rest)
      .sort()
      .map((key) => [key, rest[key]] as const);

    const flagtypes = await runInTransaction(this.dataSource, async (em) => {
      const targets = [...new Set([...ids, ...(await this.idsNamed(em, names))])];
      const inclusions =
        givenInclusions == null ? undefined : await this.clusions(em, user, rights, 'inclusions', givenInclusions);
      const exclusions =
        givenExclusions == null ? undefined : await this.clusions(em, user, rights, 'exclusions', givenExclusions);
      if (targets.length === 0) return [];

      const lock = dialectOf(this.dataSource).forUpdate;
      // In chunks: a request may name more ids than SQLite binds in one statement.
      const rows: FlagTypeRow[] = [];
      for (let start = 0; start < targets.length; start += ID_CHUNK) {
        const chunk = targets.slice(start, start + ID_CHUNK);
        const found: FlagTypeRow[] = await em.query(
          `SELECT ${FLAG_TYPE_COLUMNS} FROM flagtypes ft WHERE ft.id IN (${chunk.map(() => '?').join(', ')})${lock}`,
          chunk,
        );
        for (const row of found) rows.push(row);
      }
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      // The rules of the types that exist (an unknown id is answered 51 below): as many as there are types.
      const rules = await rulesOfTypes(em, rows);
      // Rules a replaced list keeps: those on products the caller cannot see (it cannot name them).
      const hidden =
        inclusions === undefined && exclusions === undefined
          ? new Set<number>()
          : await this.hiddenProducts(em, user, rows);
      const groups = await this.groups(
        em,
        values.filter(([key]) => key === 'grant_group' || key === 'request_group'),
      );

      const answer: FlagTypeChangesDto[] = [];
      const audit: AuditEntry[] = [];
      const rewritten: Record<'flaginclusions' | 'flagexclusions', { ids: number[]; rows: Clusion[][] }> = {
        flaginclusions: { ids: [], rows: [] },
        flagexclusions: { ids: [], rows: [] },
      };
      for (const id of targets) {
        const row = byId.get(id);
        if (!row) throw flagTypeMissing(id);
        const fullyEditable = checkCanAdminFlagType(rights, row, rules);
        const before = storedValues(row);
        const after = { ...before };
        if (fullyEditable) applyValues(after, values, groups);
        else if (values.length > 0) throw notEditable(row.name);

        const changes: Record<string, FlagTypeFieldChangeDto> = {};
        for (const column of UPDATE_COLUMNS) {
          const removed = text(before[column]);
          const added = text(after[column]);
          if (removed === added) continue;
          changes[column] = { removed, added };
          audit.push({ class: FLAG_TYPE_CLASS, objectId: id, field: column, removed, added });
        }
        for (const [table, key, given] of [
          ['flaginclusions', 'inclusions', inclusions],
          ['flagexclusions', 'exclusions', exclusions],
        ] as const) {
          if (given === undefined) continue;
          rewritten[table].ids.push(id);
          rewritten[table].rows.push([
            ...given,
            ...this.keptClusions(rights, hidden, rules.rulesOf(id, key === 'exclusions')),
          ]);
          // Bugzilla reports a given list as changed, whatever it held before.
          changes[key] = { removed: '0', added: '1' };
        }
        const changed = UPDATE_COLUMNS.filter((column) => column in changes);
        if (changed.length > 0) {
          await em.query(`UPDATE flagtypes SET ${changed.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`, [
            ...changed.map((column) => after[column]),
            id,
          ]);
        }
        answer.push({ id, name: String(after.name), changes });
      }
      for (const table of ['flaginclusions', 'flagexclusions'] as const) {
        const { ids: typeIds, rows: lists } = rewritten[table];
        if (typeIds.length === 0) continue;
        await em.query(`DELETE FROM ${table} WHERE type_id IN (${typeIds.map(() => '?').join(', ')})`, typeIds);
        await this.writeClusions(em, table, typeIds, lists);
      }
      // As FlagType->update: flags where the types no longer apply move to a same-named type
      // or go, and requestees of types no longer specifically requestable are cleared.
      await cleanUpFlagsOfTypes(em, targets);
      await writeAuditLog(em, user.id, audit);
      return answer;
    });
    return { flagtypes };
  }

  /**
   * What a caller cannot change in a list it replaces: the rows of products it cannot see (which
   * `GET /rest/flag_type?ids=` does not show it, so an edit sent back whole cannot name them), and
   * without global rights those of products it does not administer and of "any product".
   */
  private keptClusions(rights: AdminRights, hidden: ReadonlySet<number>, rows: readonly FlagRuleRow[]): Clusion[] {
    return rows
      .filter((rule) =>
        rule.product_id === null
          ? !rights.global
          : hidden.has(Number(rule.product_id)) || (!rights.global && !rights.products.has(Number(rule.product_id))),
      )
      .map((rule) => ({
        productId: rule.product_id === null ? null : Number(rule.product_id),
        componentId: rule.component_id === null ? null : Number(rule.component_id),
      }));
  }

  /** The products named in these types' rules that the caller cannot see, one statement per 1,000 types. */
  private async hiddenProducts(em: EntityManager, user: AuthUser, rows: FlagTypeRow[]): Promise<Set<number>> {
    const hidden = new Set<number>();
    const visible = this.visibility.condition(user, ['accessible'], 'p');
    for (let start = 0; start < rows.length; start += ID_CHUNK) {
      const chunk = rows.slice(start, start + ID_CHUNK).map((row) => Number(row.id));
      const list = chunk.map(() => '?').join(', ');
      const found: { id: number }[] = await em.query(
        `SELECT p.id FROM products p
          WHERE p.id IN (SELECT product_id FROM flaginclusions WHERE type_id IN (${list})
                         UNION SELECT product_id FROM flagexclusions WHERE type_id IN (${list}))
            AND NOT (${visible.sql})`,
        [...chunk, ...chunk, ...visible.params],
      );
      for (const row of found) hidden.add(Number(row.id));
    }
    return hidden;
  }

  // ------------------------------------------------------------------ shared

  /** The accessible products of these (trimmed, non-blank) names, in one statement. */
  private async visibleProducts(
    em: SqlRunner,
    user: AuthUser,
    names: string[],
  ): Promise<Map<string, { id: number; name: string }>> {
    const dialect = dialectOf(this.dataSource);
    const matches = await matchEach(
      em,
      { columns: 'p.id, p.name', from: 'products p', where: this.visibility.condition(user, ['accessible'], 'p') },
      names,
      (name) => ({ sql: dialect.textEquals('p.name'), params: [name] }),
    );
    const out = new Map<string, { id: number; name: string }>();
    for (const name of names) {
      const row = preferExact(matches.get(name), name);
      if (row) out.set(name, { id: Number(row.id), name: String(row.name) });
    }
    return out;
  }

  /**
   * The components of these (product, name) pairs, in one statement; `componentId` then
   * answers 50 for a blank name and 51 for one the product does not have.
   */
  private async components(em: SqlRunner, wanted: { product: { id: number; name: string }; name: string }[]) {
    const key = (productId: number, name: string) => JSON.stringify([productId, name]);
    const dialect = dialectOf(this.dataSource);
    const pairs = wanted.map(({ product, name }) => ({ productId: product.id, name: name.trim() }));
    const matches = await matchEach(
      em,
      { columns: 'c.id, c.name', from: 'components c' },
      pairs.filter((pair) => pair.name !== '').map((pair) => key(pair.productId, pair.name)),
      (pair) => {
        const [productId, name] = JSON.parse(pair) as [number, string];
        return { sql: `(c.product_id = ? AND ${dialect.textEquals('c.name')})`, params: [productId, name] };
      },
    );
    return {
      componentId(product: { id: number; name: string }, given: string): number {
        const name = given.trim();
        if (name === '') throw componentNotSpecified();
        const row = preferExact(matches.get(key(product.id, name)), name);
        if (!row) throw componentMissing(name, product.name);
        return Number(row.id);
      },
    };
  }

  /**
   * An inclusion or exclusion list (Bugzilla's _process_lists): product names (the whole
   * product) and `{"Product": ["Component", ...]}` objects. Each product must be accessible
   * (106) and, without global rights, administered by the caller (106); each component
   * must exist in it (51). Two statements whatever the length of the list.
   */
  private async clusions(
    em: EntityManager,
    user: AuthUser,
    rights: AdminRights,
    param: string,
    value: unknown,
  ): Promise<Clusion[]> {
    const shape = `an array of product names and {"product": ["component", ...]} objects`;
    if (!Array.isArray(value)) throw Errors.invalidParam(param, shape);
    const items: { product: string; components?: string[] }[] = [];
    let anyProduct = false;
    for (const item of value) {
      // Every product, as editflagtypes.cgi names it (and GET /rest/flag_type?ids= shows it): global admins only.
      if (item === ANY_PRODUCT && rights.global) anyProduct = true;
      else if (typeof item === 'string' || typeof item === 'number') items.push({ product: String(item) });
      else if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
        for (const [product, components] of Object.entries(item as Record<string, unknown>)) {
          if (!Array.isArray(components)) throw Errors.invalidParam(param, shape);
          items.push({ product, components: parseStringList(param, components) });
        }
      } else throw Errors.invalidParam(param, shape);
    }

    const names = [...new Set(items.map((item) => item.product.trim()).filter((name) => name !== ''))];
    const products = await this.visibleProducts(em, user, names);
    const usable = (given: string) => {
      const found = products.get(given.trim());
      return found && (rights.global || rights.products.has(found.id)) ? found : undefined;
    };
    const components = await this.components(
      em,
      items.flatMap((item) => {
        const found = usable(item.product);
        return found ? (item.components ?? []).map((name) => ({ product: found, name })) : [];
      }),
    );

    // Errors in Bugzilla's order: item by item, each product before its components.
    const out = new Map<string, Clusion>();
    if (anyProduct) out.set('0:0', { productId: null, componentId: null });
    for (const item of items) {
      const name = item.product.trim();
      if (name === '') throw productNotSpecified();
      if (!products.has(name)) throw productAccessDenied({ name });
      const found = usable(item.product);
      if (!found) throw productAccessDenied({ name: item.product });
      if (item.components === undefined) out.set(`${found.id}:0`, { productId: found.id, componentId: null });
      for (const component of item.components ?? []) {
        const componentId = components.componentId(found, component);
        out.set(`${found.id}:${componentId}`, { productId: found.id, componentId });
      }
    }
    return [...out.values()];
  }

  /** Ids of every flag type with one of these names (as the database compares names). */
  async idsNamed(em: EntityManager, names: string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const dialect = dialectOf(this.dataSource);
    const matches = await matchEach(em, { columns: 'ft.id', from: 'flagtypes ft' }, names, (name) => ({
      sql: dialect.textEquals('ft.name'),
      params: [name],
    }));
    return names.flatMap((name) => (matches.get(name) ?? []).map((row) => Number(row.id)).sort((a, b) => a - b));
  }

  /** Group ids by name for the group parameters given, in one statement; `idOf` answers 51 for an unknown one. */
  private async groups(em: EntityManager, given: (readonly [string, unknown])[]) {
    const names = given.flatMap(([param, value]) => groupName(param, value) ?? []);
    const dialect = dialectOf(this.dataSource);
    const matches = await matchEach(em, { columns: 'g.id, g.name', from: '`groups` g' }, names, (name) => ({
      sql: dialect.textEquals('g.name'),
      params: [name],
    }));
    return {
      idOf(param: string, value: unknown): number | null {
        const name = groupName(param, value);
        if (name === undefined) return null;
        const row = preferExact(matches.get(name), name);
        if (!row) throw groupMissing(name);
        return Number(row.id);
      },
    };
  }

  /** Inserts the rows of `lists[i]` for `typeIds[i]` (duplicates once), all in one statement. */
  private async writeClusions(
    em: EntityManager,
    table: 'flaginclusions' | 'flagexclusions',
    typeIds: number[],
    lists: Clusion[][],
  ): Promise<void> {
    const rows = typeIds.flatMap((typeId, i) => {
      const seen = new Set<string>();
      return lists[i].flatMap((clusion) => {
        const key = `${clusion.productId}:${clusion.componentId}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [[typeId, clusion.productId, clusion.componentId]];
      });
    });
    if (rows.length === 0) return;
    await em.query(
      `INSERT INTO ${table} (type_id, product_id, component_id) VALUES ${rows.map(() => '(?, ?, ?)').join(', ')}`,
      rows.flat(),
    );
  }
}

/** A boolean of FlagType.create: on unless given as false, 0 or "0". */
function createFlag(param: string, value: unknown): boolean {
  return value === undefined || value === null ? true : checkBoolean(param, value);
}

function flag(value: boolean): number {
  return value ? 1 : 0;
}

/** A stored value as the answer and the audit log show it. */
function text(value: string | number | null): string | null {
  return value === null ? null : String(value);
}

function storedValues(row: FlagTypeRow): StoredValues {
  const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    name: row.name,
    description: row.description,
    cc_list: row.cc_list,
    sortkey: Number(row.sortkey),
    is_active: Number(row.is_active),
    is_requestable: Number(row.is_requestable),
    is_requesteeble: Number(row.is_requesteeble),
    is_multiplicable: Number(row.is_multiplicable),
    grant_group_id: id(row.grant_group_id),
    request_group_id: id(row.request_group_id),
  };
}

/** FlagType.update's values, in key order, each through its validator; an unknown key is 67399. */
function applyValues(
  after: StoredValues,
  values: readonly (readonly [string, unknown])[],
  groups: { idOf(param: string, value: unknown): number | null },
): void {
  for (const [key, value] of values) {
    switch (key) {
      case 'cc_list':
        after.cc_list = value === null ? null : checkCcList(value);
        break;
      case 'description':
        after.description = checkDescription(textParam(key, value));
        break;
      case 'grant_group':
        after.grant_group_id = groups.idOf(key, value);
        break;
      case 'is_active':
      case 'is_multiplicable':
      case 'is_requestable':
        after[key] = flag(checkBoolean(key, value));
        break;
      case 'is_specifically_requestable':
        after.is_requesteeble = flag(checkBoolean(key, value));
        break;
      case 'name':
        after.name = checkName(textParam(key, value));
        break;
      case 'request_group':
        after.request_group_id = groups.idOf(key, value);
        break;
      case 'sortkey':
        after.sortkey = checkSortkey(value);
        break;
      default:
        throw new BugzillaError(
          FlagTypeCode.UNKNOWN_FIELD,
          `FlagType.update cannot change '${key}': the fields it sets are cc_list, description, grant_group, ` +
            'is_active, is_multiplicable, is_requestable, is_specifically_requestable, name, request_group and sortkey.',
        );
    }
  }
}

/**
 * The components of `productId` a type's rows name (Bugzilla's _flagtype_clusions_to_hash):
 * `['']` as soon as one row is for the whole product (or any product), else the component
 * names, by name.
 */
function componentList(rows: readonly FlagRuleRow[], productId: number): string[] {
  const names: string[] = [];
  for (const rule of rows) {
    if (rule.product_id !== null && Number(rule.product_id) !== productId) continue;
    if (rule.component_id === null) return [''];
    names.push(rule.component_name ?? '');
  }
  return names.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || (a < b ? -1 : a > b ? 1 : 0));
}

/** A flag type as FlagType.get shows it to this caller. */
function toFlagTypeInfo(row: FlagTypeRow, user: AuthUser): FlagTypeInfoDto {
  const inGroup = (groupId: number | null) => !Number(groupId) || user.groupIds.has(Number(groupId));
  const canSet = inGroup(row.grant_group_id);
  const canRequest = canSet || inGroup(row.request_group_id);
  const values = ['X'];
  if (Number(row.is_requestable) && canRequest) values.push('?');
  if (canSet) values.push('+', '-');
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    // Bugzilla: anything stored other than 'b' is an attachment type.
    type: row.target_type === 'b' ? 'bug' : 'attachment',
    values,
    is_active: Number(row.is_active) !== 0,
    is_requesteeble: Number(row.is_requesteeble) !== 0,
    is_multiplicable: Number(row.is_multiplicable) !== 0,
  };
}

/** The texts a flag type's create or update stores (SPEC §8: checked before anything is written). */
function storedTexts(params: Record<string, unknown>): StoredText[] {
  return (['name', 'description', 'cc_list'] as const).map((param) => ({
    param,
    column: `flagtypes.${param}`,
    value: typeof params[param] === 'string' ? params[param] : undefined,
  }));
}
