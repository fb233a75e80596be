/**
 * Which flag types apply where (SPEC §5.2, Bugzilla's FlagType::match): a type applies
 * through its inclusion rows unless an exclusion row takes it away. One piece shared by
 * the product read (the flag types of each component) and FlagType.get (the flag types
 * of a product, or of one of its components). Rows are read with the SQL below, a fixed
 * number of statements whatever the number of types, rules or products.
 */

/** A `flagtypes` row as the queries below return it. */
export interface FlagTypeRow {
  id: number;
  name: string;
  description: string;
  cc_list: string | null;
  target_type: string;
  is_active: number;
  is_requestable: number;
  is_requesteeble: number;
  is_multiplicable: number;
  sortkey: number;
  grant_group_id: number | null;
  request_group_id: number | null;
}

/** A row of `flaginclusions` (excluded = 0) or `flagexclusions` (excluded = 1); NULL means any. */
export interface FlagRuleRow {
  excluded: number;
  type_id: number;
  product_id: number | null;
  component_id: number | null;
  /** The component's name, when the query joined it (FlagType.get lists included components). */
  component_name?: string | null;
}

/** Columns of a flag type, table aliased `ft`. */
export const FLAG_TYPE_COLUMNS =
  'ft.id, ft.name, ft.description, ft.cc_list, ft.target_type, ft.is_active, ft.is_requestable, ' +
  'ft.is_requesteeble, ft.is_multiplicable, ft.sortkey, ft.grant_group_id, ft.request_group_id';

/**
 * The inclusion and exclusion rows that can matter for the products whose ids are the
 * placeholders `list` (used twice): those of the products and those for any product.
 */
export function flagRulesSql(list: string, options: { componentNames?: boolean } = {}): string {
  const rules = (table: string, alias: string, excluded: number) =>
    options.componentNames
      ? `SELECT ${excluded} AS excluded, ${alias}.type_id, ${alias}.product_id, ${alias}.component_id, c.name AS component_name
           FROM ${table} ${alias} LEFT JOIN components c ON c.id = ${alias}.component_id
          WHERE ${alias}.product_id IS NULL OR ${alias}.product_id IN (${list})`
      : `SELECT ${excluded} AS excluded, ${alias}.type_id, ${alias}.product_id, ${alias}.component_id
           FROM ${table} ${alias} WHERE ${alias}.product_id IS NULL OR ${alias}.product_id IN (${list})`;
  return `${rules('flaginclusions', 'i', 0)} UNION ALL ${rules('flagexclusions', 'e', 1)}`;
}

/**
 * The flag types with an inclusion row for the products whose ids are the placeholders
 * `list` (or for any product), ordered as Bugzilla lists them: sort key, then name
 * (`byName` is the ORDER BY term giving the database's case-insensitive name order).
 * Without `list`, every type with an inclusion row (for very long product lists).
 */
export function flagTypesSql(list: string | undefined, byName: (column: string) => string): string {
  const restriction = list === undefined ? '' : `WHERE i.product_id IS NULL OR i.product_id IN (${list})`;
  return `SELECT ${FLAG_TYPE_COLUMNS} FROM flagtypes ft
           WHERE ft.id IN (SELECT i.type_id FROM flaginclusions i ${restriction})
           ORDER BY ft.sortkey, ${byName('ft.name')}, ft.id`;
}

const int = (value: unknown): number => Number(value);
const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export class FlagTypeApplicability {
  private readonly inclusions = new Map<number, FlagRuleRow[]>();
  private readonly exclusions = new Map<number, FlagRuleRow[]>();

  /** `types` in the order answers list them; `rules` at least those of the products asked about. */
  constructor(
    readonly types: readonly FlagTypeRow[],
    rules: readonly FlagRuleRow[],
  ) {
    for (const rule of rules) {
      const byType = Number(rule.excluded) !== 0 ? this.exclusions : this.inclusions;
      const typeId = int(rule.type_id);
      const list = byType.get(typeId);
      if (list) list.push(rule);
      else byType.set(typeId, [rule]);
    }
  }

  /**
   * The types of a component: an inclusion row matching (product or NULL, component or
   * NULL) and no exclusion row matching the same way.
   */
  forComponent(productId: number, componentId: number): FlagTypeRow[] {
    const matches = (rule: FlagRuleRow) =>
      (rule.product_id === null || int(rule.product_id) === productId) &&
      (rule.component_id === null || int(rule.component_id) === componentId);
    return this.types.filter((type) => {
      const typeId = int(type.id);
      return this.inclusions.get(typeId)?.some(matches) === true && !this.exclusions.get(typeId)?.some(matches);
    });
  }

  /**
   * The types of a product as a whole (Bugzilla's FlagType::match without a component):
   * some inclusion row for the product (or any product) survives the exclusions, where an
   * exclusion takes away a row when it is for the whole product, for any product, or for
   * the very component that row includes.
   */
  forProduct(productId: number): FlagTypeRow[] {
    return this.types.filter((type) => {
      const typeId = int(type.id);
      const exclusions = this.exclusions.get(typeId) ?? [];
      return (this.inclusions.get(typeId) ?? []).some((inclusion) => {
        if (inclusion.product_id !== null && int(inclusion.product_id) !== productId) return false;
        const includedComponent = idOrNull(inclusion.component_id);
        return !exclusions.some(
          (exclusion) =>
            exclusion.product_id === null ||
            (int(exclusion.product_id) === productId && exclusion.component_id === null) ||
            (includedComponent !== null && idOrNull(exclusion.component_id) === includedComponent),
        );
      });
    });
  }

  /** The inclusion (or exclusion) rows loaded for one type. */
  rulesOf(typeId: number, excluded: boolean): readonly FlagRuleRow[] {
    return (excluded ? this.exclusions : this.inclusions).get(typeId) ?? [];
  }
}
