import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { parseId } from '../bugzilla/params.js';
import { formatBugzillaDateTime } from '../database/dialect.js';
import { DatabaseReader } from '../database/read-routing.js';
import type { HistoryEntryDto, ProductHistoryDto } from './dto/product-history.dto.js';
import { ProductAdminPolicy, productAdminDenied } from './product-admin-policy.js';

/** Entries per page unless `limit` says otherwise, and the most a page holds (SPEC §10). */
export const DEFAULT_HISTORY_LIMIT = 100;
export const MAX_HISTORY_LIMIT = 1000;

/**
 * The rows of `audit_log` that belong to a product's trail (SPEC §10): its own (its fields and
 * its group controls), and those of its components, versions and milestones and of the flag types
 * that apply to it (an inclusion for it or for any product, no exclusion of the whole product).
 * Objects deleted since cannot be traced back to the product (audit_log names only the class and
 * id), except the product's own rows.
 */
const TRAIL = `
  (a.class = 'Bugzilla::Product' AND a.object_id = ?)
  OR (a.class = 'Bugzilla::Component' AND a.object_id IN (SELECT id FROM components WHERE product_id = ?))
  OR (a.class = 'Bugzilla::Version' AND a.object_id IN (SELECT id FROM versions WHERE product_id = ?))
  OR (a.class = 'Bugzilla::Milestone' AND a.object_id IN (SELECT id FROM milestones WHERE product_id = ?))
  OR (a.class = 'Bugzilla::FlagType'
      AND a.object_id IN (SELECT type_id FROM flaginclusions WHERE product_id = ? OR product_id IS NULL)
      AND a.object_id NOT IN (SELECT type_id FROM flagexclusions
                               WHERE (product_id = ? OR product_id IS NULL) AND component_id IS NULL))`;
const TRAIL_PARAMS = 6;

/**
 * GET /rest/product/{id_or_name}/history. Bugzilla's `audit_log` has no key of its own, so an
 * entry's `id` is its position in the product's trail, oldest first (by time, then class, object,
 * field and values): stable as the trail grows, since new rows come last. One statement per page.
 */
@Injectable()
export class ProductHistoryService {
  constructor(
    private readonly reader: DatabaseReader,
    private readonly policy: ProductAdminPolicy,
  ) {}

  async history(user: AuthUser, idOrName: string, params: Record<string, unknown>): Promise<ProductHistoryDto> {
    await this.policy.assertAdministersSomeProduct(user, 'products');
    const limit = parseLimit(params.limit);
    const before = params.before === undefined ? undefined : parseId('before', single('before', params.before));
    const { product, administers } = await this.policy.accessibleProduct(this.reader, user, idOrName, { byId: true });
    if (!administers) throw productAdminDenied(product.name);

    const rows: Record<string, unknown>[] = await this.reader.query(
      `SELECT t.id, t.at_time, t.class, t.object_id, t.field, t.removed, t.added, pr.login_name
         FROM (SELECT ROW_NUMBER() OVER (ORDER BY a.at_time, a.class, a.object_id, a.field, a.removed, a.added) AS id,
                      a.at_time, a.class, a.object_id, a.field, a.removed, a.added, a.user_id
                 FROM audit_log a WHERE ${TRAIL}) t
         LEFT JOIN profiles pr ON pr.userid = t.user_id
        ${before === undefined ? '' : 'WHERE t.id < ?'}
        ORDER BY t.id DESC LIMIT ?`,
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
