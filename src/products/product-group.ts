import type { EntityManager } from 'typeorm';
import { dialectOf } from '../database/dialect.js';
import { insertReturningId } from '../database/writes.js';

/**
 * The bug group Bugzilla creates with a product when `makeproductgroups` is on
 * (SPEC §5.3): named after the product ('_' appended until no group has the
 * name), given to the `admin` group to be a member of, bless and see, and tied
 * to the product as Default for members, NA for others.
 */

/** `group_group_map.grant_type`: membership, bless, visibility. */
const GRANT_TYPES = [0, 1, 2];
/** `group_control_map.membercontrol`/`othercontrol`. */
const CONTROL_DEFAULT = 2;
const CONTROL_NA = 0;
/** Candidate names looked up per query while searching a free one. */
const CANDIDATES_PER_QUERY = 8;

export function productGroupDescription(product: string): string {
  return `Access to bugs in the ${product} product`;
}

/** The first of `product`, `product_`, `product__`, ... that no group has (compared as the database compares names). */
async function freeGroupName(em: EntityManager, product: string): Promise<string> {
  const dialect = dialectOf(em.dataSource);
  for (let start = 0; ; start += CANDIDATES_PER_QUERY) {
    const candidates = Array.from({ length: CANDIDATES_PER_QUERY }, (_, i) => product + '_'.repeat(start + i));
    // One row: column tN is 1 when some group has candidate N's name.
    const columns = candidates
      .map((_, i) => `MAX(CASE WHEN ${dialect.textEquals('name')} THEN 1 ELSE 0 END) AS t${i}`)
      .join(', ');
    const [row]: Record<string, unknown>[] = await em.query(
      `SELECT ${columns} FROM \`groups\` WHERE ${dialect.textIn('name', candidates.length)}`,
      [...candidates, ...candidates],
    );
    const free = candidates.findIndex((_, i) => Number(row?.[`t${i}`] ?? 0) === 0);
    if (free >= 0) return candidates[free];
  }
}

/** Creates the product's group and its grants; returns the group's id and name (for the audit log). */
export async function createProductGroup(
  em: EntityManager,
  productId: number,
  product: string,
): Promise<{ id: number; name: string }> {
  const name = await freeGroupName(em, product);
  const id = await insertReturningId(
    em,
    "INSERT INTO `groups` (name, description, isbuggroup, userregexp, isactive, icon_url) VALUES (?, ?, 1, '', 1, NULL)",
    [name, productGroupDescription(product)],
  );
  const admin: { id: number }[] = await em.query("SELECT id FROM `groups` WHERE name = 'admin'");
  if (admin.length > 0) {
    const adminId = Number(admin[0].id);
    await em.query(
      `INSERT INTO group_group_map (member_id, grantor_id, grant_type) VALUES ${GRANT_TYPES.map(() => '(?, ?, ?)').join(', ')}`,
      GRANT_TYPES.flatMap((grantType) => [adminId, id, grantType]),
    );
  }
  await em.query(
    'INSERT INTO group_control_map (group_id, product_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm) VALUES (?, ?, 0, ?, ?, 0, 0, 0, 0)',
    [id, productId, CONTROL_DEFAULT, CONTROL_NA],
  );
  return { id, name };
}
