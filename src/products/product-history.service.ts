import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { parseId } from '../bugzilla/params.js';
import { formatBugzillaDateTime } from '../database/dialect.js';
import { DatabaseReader } from '../database/read-routing.js';
import type { HistoryEntryDto, ProductHistoryDto } from './dto/product-history.dto.js';
import { ProductAdminPolicy, productAdminDenied } from './product-admin-policy.js';
import { historyQueries, TRAIL_PARAMS } from './product-history.query.js';

/** Entries per page unless `limit` says otherwise, and the most a page holds (SPEC §10). */
export const DEFAULT_HISTORY_LIMIT = 100;
export const MAX_HISTORY_LIMIT = 1000;

/**
 * GET /rest/product/{id_or_name}/history. Bugzilla's `audit_log` has no key of its own, so an
 * entry's `id` is its position in the product's trail, oldest first: by time, then within one
 * second in the order the rows were written (product-history.query.ts says how each database
 * tells). Stable as the trail grows, since new rows come last. One statement per page.
 */
@Injectable()
export class ProductHistoryService implements OnModuleInit {
  /** The page's statement, without and with `before`: the server's kind is read once, at start. */
  private queries?: { first: string; paged: string };

  constructor(
    private readonly reader: DatabaseReader,
    private readonly policy: ProductAdminPolicy,
    private readonly dataSource: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queries = await historyQueries(this.dataSource);
  }

  async history(user: AuthUser, idOrName: string, params: Record<string, unknown>): Promise<ProductHistoryDto> {
    await this.policy.assertAdministersSomeProduct(user, 'products');
    const limit = parseLimit(params.limit);
    const before = params.before === undefined ? undefined : parseId('before', single('before', params.before));
    const { product, administers } = await this.policy.accessibleProduct(this.reader, user, idOrName, { byId: true });
    if (!administers) throw productAdminDenied(product.name);

    if (!this.queries) throw new Error('ProductHistoryService used before its module was initialised');
    const rows: Record<string, unknown>[] = await this.reader.query(
      before === undefined ? this.queries.first : this.queries.paged,
      [...Array<number>(TRAIL_PARAMS).fill(product.id), ...(before === undefined ? [] : [before]), limit],
    );
    return { history: rows.map(entry) };
  }
}

function entry(row: Record<string, unknown>): HistoryEntryDto {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: Number(row.id),
    when: formatBugzillaDateTime(row.at_time as Date | string),
    who: text(row.login_name),
    class: String(row.class),
    object_id: Number(row.object_id),
    field: String(row.field),
    removed: text(row.removed),
    added: text(row.added),
  };
}

/** A query value given once (a repeated one is 53). */
function single(param: string, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length !== 1) throw Errors.invalidParam(param, 'a single number');
    return value[0];
  }
  return value;
}

/** `limit`: digits (52 otherwise), 1 to 1,000 (32000 otherwise); 100 when absent. */
function parseLimit(value: unknown): number {
  if (value === undefined) return DEFAULT_HISTORY_LIMIT;
  const limit = parseId('limit', single('limit', value));
  if (limit < 1 || limit > MAX_HISTORY_LIMIT) {
    throw Errors.badRequest(`The limit must be a number from 1 to ${MAX_HISTORY_LIMIT} (got ${limit}).`);
  }
  return limit;
}
