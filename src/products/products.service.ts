import { Injectable, type StreamableFile } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { FieldFilter } from '../bugzilla/field-filter.js';
import { bytesOfSharedAnswer, sharedAnswer } from '../bugzilla/http-conventions.js';
import { matchingIds, toList } from '../bugzilla/params.js';
import { digestOf, streamedAnswer } from '../bugzilla/streamed-answer.js';
import type { CacheModel } from '../cache/cache-model.js';
import { ModelCache } from '../cache/model-cache.js';
import type { ProductRecord } from '../cache/model-loader.js';
import { type AnswerParts, revisionEtag } from '../cache/product-revisions.js';
import { groupKeyOf } from '../catalogue/group-set-key.js';
import { dialectOf } from '../database/dialect.js';
import {
  ComponentDto,
  MilestoneDto,
  ProductDto,
  ProductIdsDto,
  ProductListDto,
  VersionDto,
} from './dto/product-response.dto.js';
import { ProductSequence, WHOLE_ANSWER_ROWS_LIMIT } from './product-answer.js';
import {
  type ComponentRow,
  ComponentFlagTypes,
  type MilestoneRow,
  type ProductRow,
  type VersionRow,
  toComponent,
  toMilestone,
  toProduct,
  toVersion,
} from './product.mapper.js';
import {
  type FlagRuleRow,
  type FlagTypeRow,
  FlagTypeApplicability,
  flagRulesSql,
  flagTypesSql,
} from '../catalogue/flag-type-applicability.js';
import { PRODUCT_SETS, type ProductSet, ProductVisibility } from '../catalogue/product-visibility.js';
import { sortByVersion } from '../catalogue/version-order.js';
import { EDITCOMPONENTS, ProductAdminPolicy } from './product-admin-policy.js';
import { DatabaseReader } from '../database/read-routing.js';

/** Largest `IN (...)` list sent in one statement; longer lists are split (or filtered in memory). */
export const IN_LIST_CHUNK = 1000;

/**
 * Most parameters SQLite binds in one statement. MySQL/MariaDB have no such bound (mysql2 writes
 * the values into the statement), and `products.id` is a smallint, so there the children of any
 * number of products are read with one statement per kind of child.
 */

/**
 * A large answer waits this long at most for the model to catch up rather than read the database
 * (ModelCache.current): the database path for the whole catalogue of a big site holds hundreds of
 * MiB and takes tens of seconds, a reload of the model seconds.
 */
const LARGE_ANSWER_PATIENCE = { maxWaitMs: 20_000 };

/** What `GET /rest/product` was asked for, after reading its parameters. */
export interface ProductQuery {
  sets: ProductSet[];
  /** Requested ids (canonical decimal text only; anything else matches nothing). */
  ids: number[];
  /** Requested names, lower-cased. */
  names: string[];
  /** Whether ids or names were given at all: without them the whole pool is returned. */
  filtered: boolean;
}

/** Each pool as a list of one, made once (the id routes ask for one pool on every request). */
const ONE_SET: Readonly<Record<ProductSet, readonly ProductSet[]>> = {
  selectable: ['selectable'],
  enterable: ['enterable'],
  accessible: ['accessible'],
};

/**
 * The model remembers one id list per snapshot and question; each gets one frozen answer object, so
 * the HTTP layer serialises it and hashes its ETag once (http-conventions.ts), not on every request.
 */
const idsAnswers = new WeakMap<readonly number[], ProductIdsDto>();

function idsAnswer(ids: number[]): ProductIdsDto {
  let answer = idsAnswers.get(ids);
  if (!answer) {
    answer = sharedAnswer({ ids });
    idsAnswers.set(ids, answer);
  }
  return answer;
}

/**
 * Reading products (SPEC §5.1, §5.2): the three id lists and `GET /rest/product`.
 * One request costs a fixed number of queries whatever the number of products:
 * the products (visibility, filter and classification in one statement), then one
 * statement per kind of child that is wanted, with `product_id IN (...)`.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: ProductVisibility,
    private readonly cache: ModelCache,
    private readonly reader: DatabaseReader,
    private readonly adminPolicy: ProductAdminPolicy,
  ) {}

  /**
   * Synchronous when the model is fresh (nearly every request): the answer is a remembered object,
   * and a promise would only add a turn of the event loop to the cheapest read there is.
   */
  ids(user: AuthUser, set: ProductSet): ProductIdsDto | Promise<ProductIdsDto> {
    const fresh = this.cache.freshNow();
    if (fresh) {
      this.cache.noteHit();
      return idsAnswer(fresh.visibleIds(user.groupIds, ONE_SET[set]));
    }
    return this.idsAfterCatchingUp(user, set);
  }

  private async idsAfterCatchingUp(user: AuthUser, set: ProductSet): Promise<ProductIdsDto> {
    const model = await this.cache.current();
    if (model) return idsAnswer(model.visibleIds(user.groupIds, ONE_SET[set]));
    return { ids: await this.visibility.ids(user, ONE_SET[set]) };
  }

  /**
   * Ids of the products the caller may administer, in name order (our extension, docs/admins.md, "The admin
   * console"): from the model when it serves (within the staleness bound), else from the database.
   */
  async editableIds(user: AuthUser): Promise<ProductIdsDto> {
    const global = user.groupNames.has(EDITCOMPONENTS);
    const model = await this.cache.current();
    if (model) return idsAnswer(model.editableIds(user.groupIds, global));
    const selectable = await this.visibility.ids(user, ['selectable']);
    if (global) return { ids: selectable };
    const administered = await this.adminPolicy.administeredIds(user, this.reader);
    return { ids: selectable.filter((id) => administered.has(id)) };
  }

  /** The answer as one list (the representations If-Match compares). */
  async get(user: AuthUser, params: Record<string, unknown>, idOrName?: string): Promise<ProductListDto> {
    const answer = await this.answer(user, params, idOrName);
    return answer instanceof ProductSequence ? answer.toList() : answer;
  }

  /** Product.get (RPC): a large answer as a sequence, which the RPC servers stream. */
  getForRpc(user: AuthUser, params: Record<string, unknown>): Promise<ProductListDto | ProductSequence> {
    return this.answer(user, params);
  }

  /**
   * GET /rest/product: the same answer. A large one (product-answer.ts) is written to the socket
   * product by product, with the same bytes. Served from the model, its ETag comes from the content
   * revisions of its products (product-revisions.ts) and it goes out chunked at once; from the
   * database path, a first pass over the pieces works out its SHA-1 ETag and Content-Length.
   */
  getForRest(
    user: AuthUser,
    params: Record<string, unknown>,
    idOrName: string | undefined,
    url: string,
  ): ProductListDto | Promise<ProductListDto | StreamableFile> {
    return this.rememberedNow(user, params, idOrName, url) ?? this.answerForRest(user, params, idOrName);
  }

  /**
   * The answer the fresh model already remembers for this question (nearly every repeated read),
   * synchronously, as the product-set handlers do: a promise would only add turns of the event
   * loop to a read that is a lookup. Undefined when the answer is to be worked out (answer()).
   * A request asked again (the same `url`, path and query as sent, from a caller with the same
   * groups) finds it by that URL, without its question being read and made into a key.
   */
  private rememberedNow(
    user: AuthUser,
    params: Record<string, unknown>,
    idOrName: string | undefined,
    url: string,
  ): ProductListDto | undefined {
    const fresh = this.cache.freshNow();
    if (!fresh) return undefined;
    const asked = fresh.answerAsAsked<ProductListDto>(user.groupIds, url);
    if (asked) {
      this.cache.noteHit();
      return asked;
    }
    const known = fresh.rememberedAnswer<ProductListDto>(answerKey(user, readProductQuery(params, idOrName), params));
    if (known.value) {
      this.cache.noteHit();
      fresh.rememberAsAsked(user.groupIds, url, known.value);
    }
    return known.value;
  }

  private async answerForRest(
    user: AuthUser,
    params: Record<string, unknown>,
    idOrName?: string,
  ): Promise<ProductListDto | StreamableFile> {
    const answer = await this.answer(user, params, idOrName);
    if (!(answer instanceof ProductSequence)) return answer;
    const digest = answer.knownDigest ?? digestOf(() => answer.pieces());
    return streamedAnswer(() => answer.pieces(), await digest);
  }

  /**
   * Whether the question may have a large answer (more rows than WHOLE_ANSWER_ROWS_LIMIT), judged
   * on the last model loaded, fresh or not: its size only decides whether to wait for the model.
   */
  private mayBeLarge(query: ProductQuery): boolean {
    const last = this.cache.lastLoaded;
    if (!last) return false;
    const products = last.products.length;
    if (products === 0) return false;
    const asked = query.filtered ? Math.min(products, query.ids.length + query.names.length) : products;
    const { components, versions, milestones } = last.tables;
    const rowsPerProduct = 1 + (components.count + versions.count + milestones.count) / products;
    return asked * rowsPerProduct > WHOLE_ANSWER_ROWS_LIMIT;
  }

  private async answer(
    user: AuthUser,
    params: Record<string, unknown>,
    idOrName?: string,
  ): Promise<ProductListDto | ProductSequence> {
    const query = readProductQuery(params, idOrName);
    const filter = FieldFilter.fromParams(params);
    if (query.filtered && query.ids.length === 0 && query.names.length === 0) return { products: [] };

    const model = await this.cache.current(this.mayBeLarge(query) ? LARGE_ANSWER_PATIENCE : undefined);
    if (model) {
      const answer = rememberedFromModel(model, user, query, filter, params);
      if (answer) return answer;
      this.cache.noteMiss();
    }

    const rows = await this.loadProducts(user, query);
    if (rows.length === 0) return { products: [] };
    const productIds = rows.map((row) => Number(row.id));

    const components = filter.wants('components') ? await this.loadComponents(productIds, filter) : undefined;
    const versions = filter.wants('versions') ? await this.loadVersions(productIds, filter) : undefined;
    const milestones = filter.wants('milestones') ? await this.loadMilestones(productIds, filter) : undefined;

    const map = (row: ProductRow) =>
      toProduct(
        row,
        {
          components: components && (components.get(Number(row.id)) ?? []),
          versions: versions && (versions.get(Number(row.id)) ?? []),
          milestones: milestones && (milestones.get(Number(row.id)) ?? []),
        },
        filter,
      );
    let children = 0;
    for (const parts of [components, versions, milestones])
      for (const list of parts?.values() ?? []) children += list.length;
    if (rows.length + children > WHOLE_ANSWER_ROWS_LIMIT) return ProductSequence.of(rows, map);
    return { products: rows.map(map) };
  }

  /** The products of the pool that match the request, ordered by name, in one statement. */
  private async loadProducts(user: AuthUser, query: ProductQuery): Promise<ProductRow[]> {
    const visible = this.visibility.condition(user, query.sets, 'p');
    const where = [`(${visible.sql})`];
    const params = [...visible.params];
    // Very long lists are matched in memory below rather than sent as thousands of placeholders.
    if (query.filtered && query.ids.length + query.names.length <= IN_LIST_CHUNK) {
      const anyOf: string[] = [];
      if (query.ids.length) {
        anyOf.push(`p.id IN (${placeholders(query.ids)})`);
        params.push(...query.ids);
      }
      if (query.names.length) {
        anyOf.push(this.nameCondition(query.names.length));
        params.push(...query.names);
      }
      where.push(`(${anyOf.join(' OR ')})`);
    }
    const rows: ProductRow[] = await this.reader.query(
      `SELECT p.id, p.name, p.description, p.isactive, p.defaultmilestone, p.allows_unconfirmed,
              cl.name AS classification
         FROM products p
         LEFT JOIN classifications cl ON cl.id = p.classification_id
        WHERE ${where.join(' AND ')}
        ORDER BY ${this.visibility.orderByName('p')}`,
      params,
    );
    if (!query.filtered) return rows;
    // The exact rule (Perl's lc equality, exact ids): the SQL above may match more, never less.
    const ids = new Set(query.ids);
    const names = new Set(query.names);
    return rows.filter((row) => ids.has(Number(row.id)) || names.has(row.name.toLowerCase()));
  }

  /**
   * SQL preselecting products whose lower-cased name is one of `count` placeholders (the
   * dialect's lowerCaseIn; the exact rule is applied to the rows read).
   */
  private nameCondition(count: number): string {
    return dialectOf(this.dataSource).lowerCaseIn('p.name', count);
  }

  private async loadComponents(productIds: number[], filter: FieldFilter): Promise<Map<number, ComponentDto[]>> {
    const withAssignee = filter.wants('default_assigned_to', 'components');
    const withQaContact = filter.wants('default_qa_contact', 'components');
    const rows = await this.inChunks<ComponentRow>(
      productIds,
      (list) =>
        `SELECT c.id, c.product_id, c.name, c.description, c.isactive
                ${withAssignee ? ', owner.login_name AS assigned_to' : ''}
                ${withQaContact ? ', qa.login_name AS qa_contact' : ''}
           FROM components c
           ${withAssignee ? 'LEFT JOIN profiles owner ON owner.userid = c.initialowner' : ''}
           ${withQaContact ? 'LEFT JOIN profiles qa ON qa.userid = c.initialqacontact' : ''}
          WHERE c.product_id IN (${list})
          ORDER BY c.product_id, ${this.byName('c.name')}, c.id`,
    );
    const matcher =
      filter.wants('flag_types', 'components') && rows.length > 0 ? await this.loadFlagTypes(productIds) : undefined;
    return groupBy(rows, (row) =>
      toComponent(row, matcher?.forComponent(Number(row.product_id), Number(row.id)), filter),
    );
  }

  /**
   * The flag types that may apply to these products and their inclusion and
   * exclusion rows; which type a component lists is worked out in memory.
   */
  private async loadFlagTypes(productIds: number[]): Promise<ComponentFlagTypes> {
    const rules = await this.inChunks<FlagRuleRow>(productIds, (list) => flagRulesSql(list), 2);
    // One statement keeps the SQL order; beyond one chunk of products, every type with an inclusion is read.
    const restricted = productIds.length <= IN_LIST_CHUNK;
    const types: FlagTypeRow[] = await this.reader.query(
      flagTypesSql(restricted ? placeholders(productIds) : undefined, (column) => this.byName(column)),
      restricted ? productIds : [],
    );
    return new ComponentFlagTypes(new FlagTypeApplicability(types, rules));
  }

  private async loadVersions(productIds: number[], filter: FieldFilter): Promise<Map<number, VersionDto[]>> {
    const rows = await this.inChunks<VersionRow>(
      productIds,
      (list) =>
        `SELECT v.id, v.product_id, v.value, v.isactive FROM versions v
          WHERE v.product_id IN (${list}) ORDER BY v.product_id, v.id`,
    );
    // Bugzilla sorts the id-ordered list with vers_cmp; equal names keep the id order.
    return groupBy(
      sortByVersion(rows, (row) => row.value),
      (row) => toVersion(row, filter),
    );
  }

  private async loadMilestones(productIds: number[], filter: FieldFilter): Promise<Map<number, MilestoneDto[]>> {
    const rows = await this.inChunks<MilestoneRow>(
      productIds,
      (list) =>
        `SELECT m.id, m.product_id, m.value, m.sortkey, m.isactive FROM milestones m
          WHERE m.product_id IN (${list}) ORDER BY m.product_id, m.sortkey, ${this.byName('m.value')}, m.id`,
    );
    return groupBy(rows, (row) => toMilestone(row, filter));
  }

  /** ORDER BY term for a name column: the MySQL collation's case-insensitive order, NOCASE on SQLite. */
  private byName(column: string): string {
    return dialectOf(this.dataSource).textOrder(column);
  }

  /**
   * Runs `sql(list)` with `list` the placeholders of `ids` (repeated `uses` times in the
   * statement): one statement on MySQL/MariaDB whatever the number of products; on SQLite one
   * per chunk of ids that fits its parameter bound (only beyond 16,000 products). Chunks split
   * by product, so the order of each product's rows is kept.
   */
  private async inChunks<T>(ids: number[], sql: (list: string) => string, uses = 1): Promise<T[]> {
    const size = Math.max(1, Math.min(ids.length, Math.floor(dialectOf(this.dataSource).maxParams / uses)));
    const rows: T[] = [];
    for (let start = 0; start < ids.length; start += size) {
      const chunk = ids.slice(start, start + size);
      const params = Array.from({ length: uses }, () => chunk).flat();
      const found = (await this.reader.query(sql(placeholders(chunk)), params)) as T[];
      // Not push(...found): a spread of 100,000 rows would overflow the call stack.
      for (const row of found) rows.push(row);
    }
    return rows;
  }
}

/**
 * fromModel, remembered by the model for the callers with the same groups asking the same
 * question (the answer depends on nothing else): a small answer whole, a large one (a
 * ProductSequence, mapped as it is written) by its ETag and length only.
 */
/** What a remembered answer depends on besides the model: the question, the fields asked for, the caller's groups. */
function answerKey(user: AuthUser, query: ProductQuery, params: Record<string, unknown>): string {
  return JSON.stringify([
    query,
    params.include_fields ?? null,
    params.exclude_fields ?? null,
    groupKeyOf(user.groupIds),
  ]);
}

function rememberedFromModel(
  model: CacheModel,
  user: AuthUser,
  query: ProductQuery,
  filter: FieldFilter,
  params: Record<string, unknown>,
): ProductListDto | ProductSequence | undefined {
  const key = answerKey(user, query, params);
  const known = model.rememberedAnswer<ProductListDto | undefined>(key);
  if (known.found) return known.value;
  const selection = fromModel(model, user, query, filter);
  if (!selection) return undefined;
  if (selection.rows > WHOLE_ANSWER_ROWS_LIMIT) {
    // Its ETag from the content revisions of the products in it (product-revisions.ts), worked out
    // without serialising it: the first byte goes out at once, chunked (no Content-Length).
    const etagKey = `etag:${key}`;
    let etag = model.rememberedAnswer<{ etag: string }>(etagKey).value?.etag;
    if (etag === undefined) {
      const question = JSON.stringify([query, params.include_fields ?? null, params.exclude_fields ?? null]);
      etag = revisionEtag(model, question, selection.products, selection.parts);
      model.remember(etagKey, { etag });
    }
    return ProductSequence.of(selection.products, selection.map, Promise.resolve({ etag }));
  }
  const answer = sharedAnswer({ products: selection.products.map(selection.map) });
  model.remember(key, answer, bytesOfSharedAnswer(answer).length);
  return answer;
}

/**
 * The same answer as the database path, from the in-memory model: the same rows in the same
 * order (the model keeps the database's order), mapped by the same mappers (`map`, one product
 * at a time), with the number of rows it holds. Undefined when an id or name asked for is not
 * in the model (it may be newer than the model: the database path answers it).
 */
function fromModel(
  model: CacheModel,
  user: AuthUser,
  query: ProductQuery,
  filter: FieldFilter,
):
  | { products: ProductRecord[]; map: (product: ProductRecord) => ProductDto; rows: number; parts: AnswerParts }
  | undefined {
  let products: ProductRecord[];
  if (query.filtered) {
    const found = new Set<ProductRecord>();
    for (const id of query.ids) {
      const product = model.product(id);
      if (!product) return undefined;
      found.add(product);
    }
    for (const name of query.names) {
      const named = model.productsNamed(name);
      if (named.length === 0) return undefined;
      for (const product of named) found.add(product);
    }
    products = [...found]
      .filter((product) => model.isVisible(product, user.groupIds, query.sets))
      .sort((a, b) => a.rank - b.rank);
  } else {
    products = model.visibleIds(user.groupIds, query.sets).map((id) => model.product(id)!);
  }

  const withComponents = filter.wants('components');
  const withFlagTypes =
    withComponents &&
    filter.wants('flag_types', 'components') &&
    products.some((product) => model.components(product.id).length > 0);
  const flagTypes = withFlagTypes ? new ComponentFlagTypes(model.flagTypes) : undefined;
  const withVersions = filter.wants('versions');
  const withMilestones = filter.wants('milestones');

  let rows = products.length;
  for (const product of products) {
    if (withComponents) rows += model.components(product.id).length;
    if (withVersions) rows += model.versions(product.id).length;
    if (withMilestones) rows += model.milestones(product.id).length;
  }
  const map = (product: ProductRecord) =>
    toProduct(
      { ...product, classification: model.classificationName(product.classification_id) },
      {
        components: withComponents
          ? model.components(product.id).map((component) =>
              toComponent(
                {
                  ...component,
                  assigned_to: model.loginOf(component.initialowner),
                  qa_contact: model.loginOf(component.initialqacontact),
                },
                flagTypes?.forComponent(product.id, component.id),
                filter,
              ),
            )
          : undefined,
        versions: withVersions ? model.versions(product.id).map((row) => toVersion(row, filter)) : undefined,
        milestones: withMilestones ? model.milestones(product.id).map((row) => toMilestone(row, filter)) : undefined,
      },
      filter,
    );
  const parts: AnswerParts = {
    components: withComponents,
    logins:
      withComponents &&
      (filter.wants('default_assigned_to', 'components') || filter.wants('default_qa_contact', 'components')),
    flagTypes: withFlagTypes,
    versions: withVersions,
    milestones: withMilestones,
  };
  return { products, map, rows, parts };
}

const PRODUCT_TYPE_CHOICES = "Valid choices are 'accessible', 'selectable', and 'enterable'.";

/**
 * Reads `ids`, `names` and `type` (SPEC §5.2). The path value, when there is one,
 * is an id when all digits, else a name. Ids that are not canonical decimal numbers
 * match nothing (Bugzilla compares them as text with the product's id), without error.
 */
export function readProductQuery(params: Record<string, unknown>, idOrName?: string): ProductQuery {
  const sets: ProductSet[] = [];
  for (const value of toList(params.type)) {
    const type = typeof value === 'string' ? value : JSON.stringify(value);
    if (!(PRODUCT_SETS as readonly string[]).includes(type)) {
      throw Errors.badRequest(`The product type '${type}' is invalid. ${PRODUCT_TYPE_CHOICES}`);
    }
    if (!sets.includes(type as ProductSet)) sets.push(type as ProductSet);
  }
  if (sets.length === 0) sets.push('accessible');

  const rawIds = toList(params.ids);
  const rawNames = toList(params.names);
  if (idOrName !== undefined) (/^\d+$/.test(idOrName) ? rawIds : rawNames).unshift(idOrName);

  const names = new Set<string>();
  for (const value of rawNames) {
    if (typeof value === 'string' || typeof value === 'number') names.add(String(value).toLowerCase());
  }
  return {
    sets,
    ids: matchingIds(rawIds),
    names: [...names],
    filtered: params.ids !== undefined || params.names !== undefined || idOrName !== undefined,
  };
}

function placeholders(list: number | readonly unknown[]): string {
  const count = typeof list === 'number' ? list : list.length;
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Maps rows and groups them by `product_id`, keeping their order. */
function groupBy<R extends { product_id: number }, T>(rows: readonly R[], map: (row: R) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const productId = Number(row.product_id);
    const list = groups.get(productId);
    if (list) list.push(map(row));
    else groups.set(productId, [map(row)]);
  }
  return groups;
}
