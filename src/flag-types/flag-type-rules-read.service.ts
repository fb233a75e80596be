import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { parseIdList, parseStringList } from '../bugzilla/params.js';
import {
  FLAG_TYPE_COLUMNS,
  FlagTypeApplicability,
  type FlagRuleRow,
  type FlagTypeRow,
} from '../catalogue/flag-type-applicability.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import { ProductAdminPolicy } from '../products/product-admin-policy.js';
import type { FlagTypeRulesDto } from './dto/flag-type.dto.js';
import { type AdminRights, adminRights, checkCanAdminFlagType } from './flag-type-admin-rights.js';
import { ANY_PRODUCT } from './flag-type-any-product.js';
import { flagTypeMissing, notAuthorized } from './flag-type.rules.js';
import { FlagTypesService } from './flag-types.service.js';

/** Ids per statement (far below SQLite's bound on bound parameters). */
const ID_CHUNK = 1000;

/** A rule row with the names the lists show, and whether the caller may name its product in a write. */
interface NamedRuleRow extends FlagRuleRow {
  product_name: string | null;
  component_name: string | null;
  visible: number;
}

type TypeRow = FlagTypeRow & { grant_group_name: string | null; request_group_name: string | null };

/**
 * `GET /rest/flag_type?ids=` (our extension, SPEC §10/§11): a flag type's fields and its whole
 * inclusion and exclusion lists in the form FlagType.update takes, so an editor can send the lists
 * back whole. Bugzilla's FlagType.get shows only one product's rules; its update replaces every
 * product's, so an edit started from FlagType.get would drop the other products' rules. Who may read
 * is who may update (304 without editcomponents anywhere, 1105 for a type not on one's products);
 * product-level admins see only the rules on products they administer, which are all they can
 * change. Four statements whatever the number of types and rules.
 */
@Injectable()
export class FlagTypeRulesReadService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly policy: ProductAdminPolicy,
    private readonly visibility: ProductVisibility,
    private readonly flagTypes: FlagTypesService,
  ) {}

  async read(user: AuthUser, params: { ids?: unknown; names?: unknown }): Promise<{ flagtypes: FlagTypeRulesDto[] }> {
    // The primary: an editor reads back what it just wrote.
    const em = this.dataSource.manager;
    const rights = await adminRights(this.policy, user, em);
    if (!rights.global && rights.products.size === 0) throw notAuthorized('add, modify or delete flag types');
    if (params.ids == null && params.names == null) {
      throw Errors.paramsRequired('FlagType.get', ['ids', 'names']);
    }
    const ids = parseIdList('ids', params.ids);
    const names = parseStringList('names', params.names);
    const targets = [...new Set([...ids, ...(await this.flagTypes.idsNamed(em, names))])];
    if (targets.length === 0) return { flagtypes: [] };

    const types: TypeRow[] = [];
    const rules: NamedRuleRow[] = [];
    const visible = this.visibility.condition(user, ['accessible'], 'p');
    for (let start = 0; start < targets.length; start += ID_CHUNK) {
      const chunk = targets.slice(start, start + ID_CHUNK);
      const list = chunk.map(() => '?').join(', ');
      types.push(
        ...((await em.query(
          `SELECT ${FLAG_TYPE_COLUMNS}, gg.name AS grant_group_name, rg.name AS request_group_name
             FROM flagtypes ft
             LEFT JOIN \`groups\` gg ON gg.id = ft.grant_group_id
             LEFT JOIN \`groups\` rg ON rg.id = ft.request_group_id
            WHERE ft.id IN (${list})`,
          chunk,
        )) as TypeRow[]),
      );
      const ruleSql = (table: string, excluded: number) =>
        `SELECT ${excluded} AS excluded, r.type_id, r.product_id, r.component_id, p.name AS product_name,
                c.name AS component_name, CASE WHEN p.id IS NOT NULL AND (${visible.sql}) THEN 1 ELSE 0 END AS visible
           FROM ${table} r LEFT JOIN products p ON p.id = r.product_id LEFT JOIN components c ON c.id = r.component_id
          WHERE r.type_id IN (${list})`;
      rules.push(
        ...((await em.query(`${ruleSql('flaginclusions', 0)} UNION ALL ${ruleSql('flagexclusions', 1)}`, [
          ...visible.params,
          ...chunk,
          ...visible.params,
          ...chunk,
        ])) as NamedRuleRow[]),
      );
    }
    const byId = new Map(types.map((row) => [Number(row.id), row]));
    const applicability = new FlagTypeApplicability(types, rules);
    return {
      flagtypes: targets.map((id) => {
        const row = byId.get(id);
        if (!row) throw flagTypeMissing(id);
        checkCanAdminFlagType(rights, row, applicability);
        const own = rules.filter((rule) => Number(rule.type_id) === id && shown(rights, rule));
        return {
          id,
          name: row.name,
          description: row.description,
          // Bugzilla: anything stored other than 'b' is an attachment type.
          target_type: row.target_type === 'b' ? 'bug' : 'attachment',
          sortkey: Number(row.sortkey),
          is_active: Number(row.is_active) !== 0,
          is_requestable: Number(row.is_requestable) !== 0,
          is_specifically_requestable: Number(row.is_requesteeble) !== 0,
          is_multiplicable: Number(row.is_multiplicable) !== 0,
          cc_list: row.cc_list ?? '',
          grant_group: row.grant_group_name ?? null,
          request_group: row.request_group_name ?? null,
          inclusions: asList(own.filter((rule) => Number(rule.excluded) === 0)),
          exclusions: asList(own.filter((rule) => Number(rule.excluded) !== 0)),
        };
      }),
    };
  }
}

/**
 * Whether the caller sees a rule: one it could write back. Global admins: every product they can
 * see, and "any product"; product-level admins: the products they administer. A write keeps the
 * rules a caller does not see.
 */
function shown(rights: AdminRights, rule: NamedRuleRow): boolean {
  if (rule.product_id === null) return rights.global;
  if (!Number(rule.visible)) return false;
  return rights.global || rights.products.has(Number(rule.product_id));
}

const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()) || (a < b ? -1 : a > b ? 1 : 0);

/** Rule rows as FlagType.update's list: `__Any__` first, then by product name a name and/or a components object. */
function asList(rows: readonly NamedRuleRow[]): unknown[] {
  const out: unknown[] = [];
  if (rows.some((rule) => rule.product_id === null)) out.push(ANY_PRODUCT);
  const products = new Map<string, { whole: boolean; components: string[] }>();
  for (const rule of rows) {
    if (rule.product_id === null || rule.product_name === null) continue;
    const entry = products.get(rule.product_name) ?? { whole: false, components: [] };
    if (rule.component_id === null) entry.whole = true;
    else if (rule.component_name !== null) entry.components.push(rule.component_name);
    products.set(rule.product_name, entry);
  }
  for (const name of [...products.keys()].sort(byName)) {
    const { whole, components } = products.get(name)!;
    if (whole) out.push(name);
    if (components.length) out.push({ [name]: components.sort(byName) });
  }
  return out;
}
