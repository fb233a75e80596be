import type { FieldFilter } from '../bugzilla/field-filter.js';
import {
  ComponentDto,
  ComponentFlagTypesDto,
  FlagTypeDto,
  MilestoneDto,
  ProductDto,
  VersionDto,
} from './dto/product-response.dto.js';

/**
 * Rows of the product read queries, as the database returns them, and their
 * mapping to the API's objects (SPEC §5.2): field names, key order, JSON types
 * (booleans stored as 0/1, ids as integers) and include/exclude filtering.
 */

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  isactive: number;
  defaultmilestone: string;
  allows_unconfirmed: number;
  classification: string | null;
}

export interface ComponentRow {
  id: number;
  product_id: number;
  name: string;
  description: string;
  isactive: number;
  /** Login of `initialowner`; absent when the query did not ask for it. */
  assigned_to?: string | null;
  /** Login of `initialqacontact`, NULL when there is none; absent when not asked for. */
  qa_contact?: string | null;
}

export interface VersionRow {
  id: number;
  product_id: number;
  value: string;
  isactive: number;
}

export interface MilestoneRow {
  id: number;
  product_id: number;
  value: string;
  sortkey: number;
  isactive: number;
}

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
}

const bool = (value: unknown): boolean => Number(value) !== 0;
const int = (value: unknown): number => Number(value);
const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** What was loaded for one product; a part left out was not wanted and is not in the answer. */
export interface ProductParts {
  components?: ComponentDto[];
  versions?: VersionDto[];
  milestones?: MilestoneDto[];
}

export function toProduct(row: ProductRow, parts: ProductParts, filter: FieldFilter): ProductDto {
  const product: ProductDto = {
    id: int(row.id),
    name: row.name,
    description: row.description,
    is_active: bool(row.isactive),
    default_milestone: row.defaultmilestone,
    has_unconfirmed: bool(row.allows_unconfirmed),
    classification: row.classification ?? '',
  };
  if (parts.components) product.components = parts.components;
  if (parts.versions) product.versions = parts.versions;
  if (parts.milestones) product.milestones = parts.milestones;
  return filter.pick(product);
}

export function toComponent(
  row: ComponentRow,
  flagTypes: ComponentFlagTypesDto | undefined,
  filter: FieldFilter,
): ComponentDto {
  const component: ComponentDto = {
    id: int(row.id),
    name: row.name,
    description: row.description,
    default_assigned_to: row.assigned_to ?? '',
    default_qa_contact: row.qa_contact ?? '',
    sort_key: 0,
    is_active: bool(row.isactive),
  };
  if (flagTypes) component.flag_types = flagTypes;
  return filter.pick(component, 'components');
}

export function toVersion(row: VersionRow, filter: FieldFilter): VersionDto {
  return filter.pick({ id: int(row.id), name: row.value, sort_key: 0, is_active: bool(row.isactive) }, 'versions');
}

export function toMilestone(row: MilestoneRow, filter: FieldFilter): MilestoneDto {
  return filter.pick(
    { id: int(row.id), name: row.value, sort_key: int(row.sortkey), is_active: bool(row.isactive) },
    'milestones',
  );
}

/** A flag type with all its fields: Bugzilla never filters them (facts §2.3). */
export function toFlagType(row: FlagTypeRow): FlagTypeDto {
  return {
    id: int(row.id),
    name: row.name,
    description: row.description,
    cc_list: row.cc_list ?? '',
    sort_key: int(row.sortkey),
    is_active: bool(row.is_active),
    is_requestable: bool(row.is_requestable),
    is_requesteeble: bool(row.is_requesteeble),
    is_multiplicable: bool(row.is_multiplicable),
    grant_group: intOrNull(row.grant_group_id),
    request_group: intOrNull(row.request_group_id),
  };
}

/**
 * Which flag types each component lists (SPEC §5.2, facts §2.3): a type with an
 * inclusion row matching (product or NULL, component or NULL) and no exclusion
 * row matching the same way, split by target type, in the order of `types`
 * (sort key, then name).
 */
export class FlagTypeMatcher {
  private readonly inclusions = new Map<number, FlagRuleRow[]>();
  private readonly exclusions = new Map<number, FlagRuleRow[]>();
  private readonly types: { row: FlagTypeRow; dto: FlagTypeDto }[];

  constructor(types: readonly FlagTypeRow[], rules: readonly FlagRuleRow[]) {
    for (const rule of rules) {
      const byType = bool(rule.excluded) ? this.exclusions : this.inclusions;
      const typeId = int(rule.type_id);
      const list = byType.get(typeId);
      if (list) list.push(rule);
      else byType.set(typeId, [rule]);
    }
    this.types = types.map((row) => ({ row, dto: toFlagType(row) }));
  }

  forComponent(productId: number, componentId: number): ComponentFlagTypesDto {
    const matches = (rule: FlagRuleRow) =>
      (rule.product_id === null || int(rule.product_id) === productId) &&
      (rule.component_id === null || int(rule.component_id) === componentId);
    const result: ComponentFlagTypesDto = { bug: [], attachment: [] };
    for (const { row, dto } of this.types) {
      const typeId = int(row.id);
      if (!this.inclusions.get(typeId)?.some(matches)) continue;
      if (this.exclusions.get(typeId)?.some(matches)) continue;
      if (row.target_type === 'b') result.bug.push(dto);
      else if (row.target_type === 'a') result.attachment.push(dto);
    }
    return result;
  }
}
