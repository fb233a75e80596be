import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { type FlagRuleRow, FlagTypeApplicability, type FlagTypeRow } from '../catalogue/flag-type-applicability.js';
import { EDITCOMPONENTS, type ProductAdminPolicy } from '../products/product-admin-policy.js';
import { notEditable } from './flag-type.rules.js';

/** Who may administer flag types: `editcomponents` members, or those with it on some products. */
export interface AdminRights {
  global: boolean;
  /** Products administered through group_control_map.editcomponents (only read without global rights). */
  products: ReadonlySet<number>;
}

export async function adminRights(policy: ProductAdminPolicy, user: AuthUser, em: EntityManager): Promise<AdminRights> {
  if (user.groupNames.has(EDITCOMPONENTS)) return { global: true, products: new Set() };
  return { global: false, products: await policy.administeredIds(user, em) };
}

/**
 * Bugzilla's check_can_admin_flagtype (User.pm) for callers without global rights: 1105 unless the
 * type applies to one of the products they administer; fully editable (deletable, or more than its
 * lists editable) only when every product it is included for is one of theirs.
 */
export function checkCanAdminFlagType(rights: AdminRights, row: FlagTypeRow, rules: FlagTypeApplicability): boolean {
  if (rights.global) return true;
  const id = Number(row.id);
  const included = clusionMap(rules.rulesOf(id, false));
  const excluded = clusionMap(rules.rulesOf(id, true));
  const fullyEditable = [...included.keys()].every((productId) => rights.products.has(productId));
  let canAdmin = false;
  if (!excluded.get(0)?.has(0)) {
    for (const productId of rights.products) {
      if (excluded.get(productId)?.has(0)) continue;
      const components = included.get(productId);
      canAdmin =
        included.get(0)?.has(0) === true ||
        components?.has(0) === true ||
        [...(components ?? [])].some((componentId) => !excluded.get(productId)?.has(componentId));
      if (canAdmin) break;
    }
  }
  if (!canAdmin) throw notEditable(row.name);
  return fullyEditable;
}

/** Inclusion or exclusion rows as product id → component ids, 0 standing for "any" (Bugzilla's *_as_hash). */
function clusionMap(rows: readonly FlagRuleRow[]): Map<number, Set<number>> {
  const map = new Map<number, Set<number>>();
  for (const rule of rows) {
    const productId = rule.product_id === null ? 0 : Number(rule.product_id);
    const componentId = rule.component_id === null ? 0 : Number(rule.component_id);
    const set = map.get(productId);
    if (set) set.add(componentId);
    else map.set(productId, new Set([componentId]));
  }
  return map;
}

/** The inclusion and exclusion rules of these types (rows of flagtypes), read in one statement. */
export async function rulesOfTypes(em: EntityManager, rows: FlagTypeRow[]): Promise<FlagTypeApplicability> {
  const ids = rows.map((row) => Number(row.id));
  const list = ids.length ? ids.map(() => '?').join(', ') : 'NULL';
  const rules: FlagRuleRow[] = await em.query(
    `SELECT 0 AS excluded, type_id, product_id, component_id FROM flaginclusions WHERE type_id IN (${list})
     UNION ALL
     SELECT 1 AS excluded, type_id, product_id, component_id FROM flagexclusions WHERE type_id IN (${list})`,
    [...ids, ...ids],
  );
  return new FlagTypeApplicability(rows, rules);
}
