import { placeholders } from '../database/in-lists.js';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { dialectOf } from '../database/dialect.js';
import { productAccessDenied, productNotSpecified } from './product-write.rules.js';
import type { SqlRunner } from '../database/read-routing.js';
import { ProductVisibility, type SqlFragment } from '../catalogue/product-visibility.js';

/** The global group whose members administer every product's components, versions and milestones. */
export const EDITCOMPONENTS = 'editcomponents';

/** How a product is named to the policy's lookups. */
export interface ProductLookup {
  /** Read the row FOR UPDATE (MySQL). */
  lock?: boolean;
  /** The parameter named in a 53 for a value of the wrong JSON type. */
  param?: string;
  /** The value is a path's {id_or_name}: all digits is an id. */
  byId?: boolean;
}

/** A product the caller administers, as read for a write. */
export interface AdministeredProduct {
  id: number;
  name: string;
  defaultMilestone: string;
}

/**
 * Who may administer a product's components, versions and milestones (Bugzilla's
 * User.pm `in_group('editcomponents', $product_id)`, `get_products_by_permission`,
 * `check_can_admin_product`): members of `editcomponents`, and members of a group
 * whose `group_control_map` row for that product has `editcomponents` set, on
 * products they can see.
 */
@Injectable()
export class ProductAdminPolicy {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: ProductVisibility,
  ) {}

  /**
   * 304 unless the caller is in `editcomponents` or administers at least one product they can
   * see. Bugzilla checks this before reading any parameter. `objects` ends the message
   * ("...not authorized to add, modify or delete components.").
   */
  async assertAdministersSomeProduct(user: AuthUser, objects: string): Promise<void> {
    if (user.groupNames.has(EDITCOMPONENTS) || (await this.administeredIds(user)).size > 0) return;
    throw new BugzillaError(
      ErrorCode.AUTH_FAILURE,
      `Sorry, you aren't a member of the '${EDITCOMPONENTS}' group, and so you are not authorized to add, modify or delete ${objects}.`,
    );
  }

  /**
   * Ids of the products the caller administers without being in `editcomponents`: a group
   * of theirs has `group_control_map.editcomponents` on the product (Bugzilla's
   * get_products_by_permission), limited, as there, to the products they can select.
   */
  async administeredIds(user: AuthUser, em: SqlRunner = this.dataSource): Promise<Set<number>> {
    if (user.groupIds.size === 0) return new Set();
    const byControl = editcomponentsByControl(user, 'p');
    const selectable = this.visibility.condition(user, ['selectable'], 'p');
    const rows: { id: number }[] = await em.query(
      `SELECT p.id FROM products p WHERE ${byControl.sql} AND (${selectable.sql})`,
      [...byControl.params, ...selectable.params],
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /**
   * Bugzilla's `check_can_admin_product`: the product named `raw` (trimmed; missing or blank →
   * 50), among the products the caller can access (else 106 naming it as given), which the
   * caller administers and can see (else 32000 naming it as stored). `lock` reads the row
   * FOR UPDATE on MySQL, for writes that depend on the product's default milestone.
   */
  async checkCanAdminProduct(
    em: EntityManager,
    user: AuthUser,
    raw: unknown,
    options: ProductLookup = {},
  ): Promise<AdministeredProduct> {
    const { product, administers } = await this.accessibleProduct(em, user, raw, options);
    if (!administers) throw productAdminDenied(product.name);
    return product;
  }

  /**
   * The product named `raw` among those the caller can access (Bugzilla's Product->check:
   * missing or blank → 50, else 106 naming it as given), and whether the caller administers it.
   */
  async accessibleProduct(
    em: SqlRunner,
    user: AuthUser,
    raw: unknown,
    options: ProductLookup = {},
  ): Promise<{ product: AdministeredProduct; administers: boolean }> {
    if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number') {
      throw Errors.invalidParam(options.param ?? 'product', 'a string');
    }
    const name = raw === undefined || raw === null ? '' : String(raw).trim();
    if (name === '') throw productNotSpecified();
    // A path's {id_or_name}: all digits is an id (SPEC §5.2).
    const id = options.byId && /^\d+$/.test(name) ? Number(name) : undefined;

    const accessible = this.visibility.condition(user, ['accessible'], 'p');
    const selectable = this.visibility.condition(user, ['selectable'], 'p');
    const groups = groupList(user);
    const dialect = dialectOf(this.dataSource);
    const lock = options.lock ? dialect.forUpdate : '';
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT p.id, p.name, p.defaultmilestone,
              CASE WHEN ${selectable.sql} THEN 1 ELSE 0 END AS selectable,
              CASE WHEN EXISTS (SELECT 1 FROM group_control_map gcm WHERE gcm.product_id = p.id
                     AND gcm.editcomponents <> 0 AND gcm.group_id IN (${groups.map(() => '?').join(', ')}))
                   THEN 1 ELSE 0 END AS administers
         FROM products p WHERE ${id === undefined ? dialect.textEquals('p.name') : 'p.id = ?'} AND (${accessible.sql})${lock}`,
      [...selectable.params, ...groups, id ?? name, ...accessible.params],
    );
    // The exact spelling first, should the database's comparison match several.
    const row = rows.find((r) => r.name === name) ?? rows[0];
    if (!row) throw productAccessDenied(id === undefined ? { name } : { id });
    const product = { id: Number(row.id), name: String(row.name), defaultMilestone: String(row.defaultmilestone) };
    const administers =
      (user.groupNames.has(EDITCOMPONENTS) || Number(row.administers) === 1) && Number(row.selectable) === 1;
    return { product, administers };
  }

  /**
   * The products the caller administers, as a condition on `alias`: those they can select, when they are
   * in `editcomponents` or a group of theirs has `editcomponents` on the product (Bugzilla's
   * get_products_by_permission). One condition, so a read of many products costs one statement.
   */
  administeredCondition(user: AuthUser, alias: string): SqlFragment {
    const selectable = this.visibility.condition(user, ['selectable'], alias);
    if (user.groupNames.has(EDITCOMPONENTS)) return selectable;
    const byControl = editcomponentsByControl(user, alias);
    return { sql: `(${selectable.sql}) AND ${byControl.sql}`, params: [...selectable.params, ...byControl.params] };
  }

  /** Whether the caller administers the product `productId` (which they can access): for targets given by id. */
  async administers(em: EntityManager, user: AuthUser, productIds: number[]): Promise<Map<number, boolean>> {
    const out = new Map<number, boolean>();
    if (productIds.length === 0) return out;
    const selectable = this.visibility.condition(user, ['selectable'], 'p');
    const groups = groupList(user);
    const global = user.groupNames.has(EDITCOMPONENTS) ? 1 : 0;
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT p.id, CASE WHEN (${selectable.sql}) AND (${global} = 1 OR EXISTS (
                SELECT 1 FROM group_control_map gcm WHERE gcm.product_id = p.id AND gcm.editcomponents <> 0
                   AND gcm.group_id IN (${groups.map(() => '?').join(', ')}))) THEN 1 ELSE 0 END AS administers
         FROM products p WHERE p.id IN (${productIds.map(() => '?').join(', ')})`,
      [...selectable.params, ...groups, ...productIds],
    );
    for (const row of rows) out.set(Number(row.id), Number(row.administers) === 1);
    return out;
  }
}

/** 32000: the product is visible, but the caller does not administer it (Bugzilla's product_admin_denied). */
export function productAdminDenied(product: string): BugzillaError {
  return Errors.badRequest(`You are not allowed to edit properties of product '${product}'.`);
}

/** The caller's group ids for an `IN (...)` list; -1 (no group) when they have none. */
/** The products on which a group of the caller's has `editcomponents` (group_control_map), as a condition on `alias`. */
function editcomponentsByControl(user: AuthUser, alias: string): SqlFragment {
  const groups = groupList(user);
  return {
    sql: `EXISTS (SELECT 1 FROM group_control_map gcm_admin
            WHERE gcm_admin.product_id = ${alias}.id AND gcm_admin.editcomponents <> 0
              AND gcm_admin.group_id IN (${placeholders(groups)}))`,
    params: groups,
  };
}

function groupList(user: AuthUser): number[] {
  const ids = [...user.groupIds];
  return ids.length > 0 ? ids : [-1];
}
