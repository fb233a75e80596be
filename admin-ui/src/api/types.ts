/**
 * The REST API's shapes, as the console uses them (SPEC §3, §5, §9, §10). Field names and types are
 * the service's own; test/admin-console-client.e2e-spec.ts checks the client's routes against the
 * served OpenAPI document.
 */

export interface ErrorEnvelope {
  error: true;
  code: number;
  message: string;
  documentation: string;
}

export interface Whoami {
  id: number;
  name: string;
  real_name: string;
  login: string;
}

export interface User {
  id: number;
  name: string;
  real_name: string;
  email?: string;
  can_login?: boolean;
}

export interface FlagTypeSummary {
  id: number;
  name: string;
  description: string;
  cc_list: string;
  sort_key: number;
  is_active: boolean;
  is_requestable: boolean;
  is_requesteeble: boolean;
  is_multiplicable: boolean;
  grant_group: number | null;
  request_group: number | null;
}

export interface Component {
  id: number;
  name: string;
  description: string;
  default_assigned_to: string;
  default_qa_contact: string;
  sort_key: number;
  is_active: boolean;
  flag_types?: { bug: FlagTypeSummary[]; attachment: FlagTypeSummary[] };
}

/** A component as `GET /rest/component/{id}` answers (with its default CC list). */
export interface ComponentRecord {
  id: number;
  name: string;
  product: string;
  description: string;
  default_assignee: string;
  default_qa_contact: string;
  default_cc: string[];
  is_active: boolean;
}

export interface Version {
  id: number;
  name: string;
  sort_key: number;
  is_active: boolean;
}

export type Milestone = Version;

export interface Product {
  id: number;
  name: string;
  description: string;
  is_active: boolean;
  default_milestone: string;
  has_unconfirmed: boolean;
  classification: string;
  components: Component[];
  versions: Version[];
  milestones: Milestone[];
}

/** A catalogue row: a product's own fields (include_fields). */
export interface ProductSummary {
  id: number;
  name: string;
  description: string;
  is_active: boolean;
  classification: string;
}

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

export interface FieldChange {
  added: string;
  removed: string;
}

export interface ProductChanges {
  id: number;
  changes: Record<string, FieldChange>;
}

export interface FlagTypeInfo {
  id: number;
  name: string;
  description: string;
  type: 'bug' | 'attachment';
  values: string[];
  is_active: boolean;
  is_requesteeble: boolean;
  is_multiplicable: boolean;
  inclusions?: string[];
  exclusions?: string[];
}

/** Where a flag type applies (or not): product names, and `{"Product": ["Component", ...]}`. */
export type Clusion = string | Record<string, string[]>;

/**
 * A flag type as `GET /rest/flag_type?ids=` answers an editor: every field, and the whole inclusion and
 * exclusion lists it may change (`"__Any__"`: every product), in the form PUT takes back.
 */
export interface FlagTypeRules {
  id: number;
  name: string;
  description: string;
  target_type: 'bug' | 'attachment';
  sortkey: number;
  is_active: boolean;
  is_requestable: boolean;
  is_specifically_requestable: boolean;
  is_multiplicable: boolean;
  cc_list: string;
  grant_group: string | null;
  request_group: string | null;
  inclusions: Clusion[];
  exclusions: Clusion[];
}

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

export type Control = 'NA' | 'Shown' | 'Default' | 'Mandatory';

export interface GroupControl {
  group: { id: number; name: string; description: string; is_active: boolean };
  entry: boolean;
  membercontrol: Control;
  othercontrol: Control;
  canedit: boolean;
  editcomponents: boolean;
  editbugs: boolean;
  canconfirm: boolean;
  bug_count: number;
}

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

export interface HistoryEntry {
  id: number;
  when: string;
  who: string;
  class: string;
  object_id: number;
  field: string;
  removed: string | null;
  added: string | null;
}

export interface Classification {
  id: number;
  name: string;
  description: string;
  sort_key: number;
  products?: { id: number; name: string; description: string }[];
}

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

export interface GroupControlsUpdate {
  group_controls: GroupControl[];
  changes: Record<string, Record<string, { removed: string; added: string }>>;
}

export interface ClassificationFields {
  name?: string;
  description?: string;
  sortkey?: number;
}

/** A group as `GET /rest/group` (Bugzilla's Group.get) answers. */
export interface Group {
  id: number;
  name: string;
  description: string;
}
