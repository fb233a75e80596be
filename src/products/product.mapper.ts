import type { FieldFilter } from '../bugzilla/field-filter.js';
import {
  ComponentDto,
  ComponentFlagTypesDto,
  FlagTypeDto,
  MilestoneDto,
  ProductDto,
  VersionDto,
} from './dto/product-response.dto.js';
import type { FlagTypeApplicability, FlagTypeRow } from '../catalogue/flag-type-applicability.js';

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
 * The flag types each component lists (SPEC §5.2, facts §2.3), split by target type, in
 * the order of the loaded types (sort key, then name). Each type is mapped once and the
 * same object shared by every component listing it.
 */
export class ComponentFlagTypes {
  private readonly dtos = new Map<FlagTypeRow, FlagTypeDto>();

  constructor(private readonly applicability: FlagTypeApplicability) {}

  forComponent(productId: number, componentId: number): ComponentFlagTypesDto {
    const result: ComponentFlagTypesDto = { bug: [], attachment: [] };
    for (const row of this.applicability.forComponent(productId, componentId)) {
      let dto = this.dtos.get(row);
      if (!dto) {
        dto = toFlagType(row);
        this.dtos.set(row, dto);
      }
      if (row.target_type === 'b') result.bug.push(dto);
      else if (row.target_type === 'a') result.attachment.push(dto);
    }
    return result;
  }
}
