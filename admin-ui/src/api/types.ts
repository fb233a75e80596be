/**
 * The REST API's shapes, as the console uses them (SPEC §3, §5, §9, §10). The answers are the types
 * generated from the service's OpenAPI document (src/openapi/rest-api.d.ts, kept current by
 * test/openapi-client.e2e-spec.ts), so a DTO changed in the service breaks the console's build, not the
 * console; what the console reads in part (include_fields) and the narrower bodies it sends are its own.
 */

import type { components } from '../../../src/openapi/rest-api.js';

type Schemas = components['schemas'];

export type ErrorEnvelope = Schemas['ErrorEnvelopeDto'];

export type Whoami = Schemas['WhoamiDto'];

export type User = Schemas['UserDto'];

export type FlagTypeSummary = Schemas['FlagTypeDto'];

export type Component = Schemas['ComponentDto'];

/** A component as `GET /rest/component/{id}` answers (with its default CC list). */
export type ComponentRecord = Schemas['ComponentRecordDto'];

export type Version = Schemas['VersionDto'];

export type Milestone = Schemas['MilestoneDto'];

export type Product = Schemas['ProductDto'];

/** A catalogue row: a product's own fields (include_fields). */
export type ProductSummary = Pick<Product, 'id' | 'name' | 'description' | 'is_active' | 'classification'>;

/** A product read with only the ids of its parts (include_fields), for the catalogue's counts. */
export interface ProductParts {
  id: number;
  components: { id: number }[];
  versions: { id: number }[];
  milestones: { id: number }[];
}

export interface PartCounts {
  components: number;
  versions: number;
  milestones: number;
}

export type FieldChange = Schemas['FieldChangeDto'];

export type ProductChanges = Schemas['ProductChangesDto'];

export type FlagTypeInfo = Schemas['FlagTypeInfoDto'];

/** Where a flag type applies (or not): product names, and `{"Product": ["Component", ...]}`. */
export type Clusion = string | Record<string, string[]>;

/**
 * A flag type as `GET /rest/flag_type?ids=` answers an editor: every field, and the whole inclusion and
 * exclusion lists it may change (`"__Any__"`: every product), in the form PUT takes back.
 */
export type FlagTypeRules = Schemas['FlagTypeRulesDto'];

/** A flag type's fields as POST/PUT /rest/flag_type take them (only those that change, for PUT). */
export interface FlagTypeFields {
  name?: string;
  description?: string;
  target_type?: 'bug' | 'attachment';
  sortkey?: number | string;
  is_active?: boolean;
  is_requestable?: boolean;
  is_specifically_requestable?: boolean;
  is_multiplicable?: boolean;
  cc_list?: string;
  grant_group?: string;
  request_group?: string;
  inclusions?: Clusion[];
  exclusions?: Clusion[];
}

export type Control = GroupControl['membercontrol'];

export type GroupControl = Schemas['GroupControlDto'];

export interface GroupControlChange {
  group: string | number;
  membercontrol?: Control;
  othercontrol?: Control;
  entry?: boolean;
  canedit?: boolean;
  editcomponents?: boolean;
  editbugs?: boolean;
  canconfirm?: boolean;
}

export type HistoryEntry = Schemas['HistoryEntryDto'];

export type Classification = Schemas['ClassificationDto'];

export interface NewProduct {
  name: string;
  description: string;
  version: string;
  default_milestone?: string;
  classification?: string;
  has_unconfirmed?: boolean;
  is_open?: boolean;
}

export interface ProductFields {
  name?: string;
  description?: string;
  default_milestone?: string;
  is_open?: boolean;
  has_unconfirmed?: boolean;
  classification?: string;
}

export interface ComponentFields {
  name?: string;
  description?: string;
  default_assignee?: string;
  default_qa_contact?: string;
  default_cc?: string[];
  is_open?: boolean;
}

export interface ValueFields {
  name?: string;
  sort_key?: number;
  is_active?: boolean;
}

export type GroupControlsUpdate = Schemas['UpdatedGroupControlsDto'];

export interface ClassificationFields {
  name?: string;
  description?: string;
  sortkey?: number;
}

/** A group as `GET /rest/group` (Bugzilla's Group.get) answers. */
export type Group = Schemas['GroupDto'];
