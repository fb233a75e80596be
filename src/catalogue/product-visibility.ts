import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { dialectOf } from '../database/dialect.js';
import { DatabaseReader } from '../database/read-routing.js';

/** Bugzilla's three product lists (SPEC §4). */
export type ProductSet = 'selectable' | 'enterable' | 'accessible';
export const PRODUCT_SETS: readonly ProductSet[] = ['accessible', 'selectable', 'enterable'];

/** `group_control_map.membercontrol` value for MANDATORY. */
const MANDATORY = 3;

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/**
 * The one policy deciding which products a caller may see (SPEC §4). Every
 * endpoint that touches products asks it, either for a list of ids or for a
 * WHERE fragment on `products` to combine with its own query.
 */
@Injectable()
export class ProductVisibility {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reader: DatabaseReader,
  ) {}

  /** Ids of the products in any of `sets`, without duplicates, ordered by name as Bugzilla's database collates it. */
  async ids(user: AuthUser, sets: readonly ProductSet[] = ['accessible']): Promise<number[]> {
    const where = this.condition(user, sets, 'p');
    const rows: { id: number }[] = await this.reader.query(
      `SELECT p.id FROM products p WHERE ${where.sql} ORDER BY ${this.orderByName('p')}`,
      where.params,
    );
    return rows.map((row) => Number(row.id));
  }

  /** ORDER BY expression giving the case-insensitive name order (the dialect's), then the id. */
  orderByName(alias: string): string {
    return `${dialectOf(this.dataSource).textOrder(`${alias}.name`)}, ${alias}.id`;
  }

  /** A WHERE fragment true for the rows of `products` (aliased `alias`) in any of `sets`. */
  condition(user: AuthUser, sets: readonly ProductSet[], alias: string): SqlFragment {
    const wanted = new Set<ProductSet>();
    for (const set of sets) {
      if (set === 'accessible') {
        wanted.add('selectable');
        wanted.add('enterable');
      } else wanted.add(set);
    }
    const parts: SqlFragment[] = [];
    if (wanted.has('selectable')) parts.push(this.selectable(user, alias));
    if (wanted.has('enterable')) parts.push(this.enterable(user, alias));
    return {
      sql: parts.map((part) => `(${part.sql})`).join(' OR '),
      params: parts.flatMap((part) => part.params),
    };
  }

  /** No MANDATORY group outside the user's groups (or_groups: none, or one of them is the user's). */
  private selectable(user: AuthUser, alias: string): SqlFragment {
    return this.groupRule(user, alias, `gcm.membercontrol = ${MANDATORY}`);
  }

  /**
   * Active, no entry group outside the user's groups, and at least one active component and version.
   * The component and version checks are correlated scalar subqueries rather than EXISTS: MariaDB
   * rewrites EXISTS into IN and may then read every component and version of every product into a
   * temporary table on each request (about 28 ms with 100,000 components, see bench/README.md), where
   * this form looks up the few rows of each product that gets this far through the product_id index.
   */
  private enterable(user: AuthUser, alias: string): SqlFragment {
    const groups = this.groupRule(user, alias, 'gcm.entry != 0');
    return {
      sql:
        `${alias}.isactive = 1 AND ${groups.sql}` +
        ` AND (SELECT 1 FROM components c WHERE c.product_id = ${alias}.id AND c.isactive = 1 LIMIT 1) IS NOT NULL` +
        ` AND (SELECT 1 FROM versions v WHERE v.product_id = ${alias}.id AND v.isactive = 1 LIMIT 1) IS NOT NULL`,
      params: groups.params,
    };
  }

  private groupRule(user: AuthUser, alias: string, controlled: string): SqlFragment {
    const groupIds = [...user.groupIds];
    // `IN ()` is not SQL; -1 is no group's id, so the anonymous user is in none.
    const list = groupIds.length ? groupIds : [-1];
    const placeholders = list.map(() => '?').join(', ');
    const rows = `SELECT 1 FROM group_control_map gcm WHERE gcm.product_id = ${alias}.id AND ${controlled}`;
    if (!this.config.params.or_groups) {
      return { sql: `NOT EXISTS (${rows} AND gcm.group_id NOT IN (${placeholders}))`, params: list };
    }
    return {
      sql: `(NOT EXISTS (${rows}) OR EXISTS (${rows} AND gcm.group_id IN (${placeholders})))`,
      params: list,
    };
  }
}

/** The facts of §4 for one product, as the in-memory model (src/cache) holds them. */
export interface ProductFacts {
  id: number;
  isactive: number;
}

export interface VisibilityFacts {
  /** The product's `group_control_map` rows. */
  controls(productId: number): readonly { group_id: number; entry: number; membercontrol: number }[];
  hasActiveComponent(productId: number): boolean;
  hasActiveVersion(productId: number): boolean;
}

/**
 * The same policy as `ProductVisibility.condition`, evaluated on the model instead of in SQL
 * (test/visibility-leaks.e2e-spec.ts and the other suites run both ways and must agree).
 */
export function isVisibleOnModel(
  product: ProductFacts,
  facts: VisibilityFacts,
  groupIds: ReadonlySet<number>,
  sets: readonly ProductSet[],
  orGroups: boolean,
): boolean {
  const wanted = new Set<ProductSet>();
  for (const set of sets) {
    if (set === 'accessible') {
      wanted.add('selectable');
      wanted.add('enterable');
    } else wanted.add(set);
  }
  const controls = facts.controls(product.id);
  const groupRule = (controlled: (c: { entry: number; membercontrol: number }) => boolean): boolean => {
    const rows = controls.filter(controlled);
    if (!orGroups) return rows.every((c) => groupIds.has(c.group_id));
    return rows.length === 0 || rows.some((c) => groupIds.has(c.group_id));
  };
  if (wanted.has('selectable') && groupRule((c) => c.membercontrol === MANDATORY)) return true;
  return (
    wanted.has('enterable') &&
    product.isactive === 1 &&
    groupRule((c) => c.entry !== 0) &&
    facts.hasActiveComponent(product.id) &&
    facts.hasActiveVersion(product.id)
  );
}
