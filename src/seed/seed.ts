/**
 * The seed (SPEC §12): a declarative description of the data a test needs, in the REST API's
 * words. Every key is optional; references name things in the seed or already in the database.
 * `seed-schema.ts` is the same shape as a JSON Schema (shipped as `seed.schema.json`).
 */
export interface Seed {
  classifications?: SeedClassification[];
  groups?: SeedGroup[];
  users?: SeedUser[];
  products?: SeedProduct[];
  flag_types?: SeedFlagType[];
  bugs?: SeedBug[];
  last_visits?: SeedLastVisit[];
}

export interface SeedClassification {
  name: string;
  description?: string;
  sortkey?: number;
}

/** A bug group (`isbuggroup` 1); `member_of`: groups whose members its members become (grant_type 0). */
export interface SeedGroup {
  name: string;
  description?: string;
  is_active?: boolean;
  member_of?: string[];
}

export interface SeedUser {
  login: string;
  real_name?: string;
  password?: string;
  /** 40 letters and digits, stored as given so a test can hard-code it; without one a key is made. */
  api_key?: string;
  groups?: string[];
  /** Non-empty: the account is disabled, with this text. */
  disabled_text?: string;
}

export type SeedValue = string | { name: string; sort_key?: number; is_active?: boolean };

export interface SeedComponent {
  name: string;
  description?: string;
  default_assignee: string;
  default_qa_contact?: string;
  default_cc?: string[];
  is_active?: boolean;
}

/** SPEC §10's names: NA, Shown, Default, Mandatory. */
export type SeedControl = 'NA' | 'Shown' | 'Default' | 'Mandatory';

export interface SeedGroupControl {
  group: string;
  membercontrol?: SeedControl;
  othercontrol?: SeedControl;
  entry?: boolean;
  canedit?: boolean;
  editcomponents?: boolean;
  editbugs?: boolean;
  canconfirm?: boolean;
}

export interface SeedProduct {
  name: string;
  description?: string;
  /** The version a new product starts with (POST /rest/product's `version`); default `unspecified`. */
  version?: string;
  classification?: string;
  default_milestone?: string;
  is_open?: boolean;
  has_unconfirmed?: boolean;
  versions?: SeedValue[];
  milestones?: SeedValue[];
  components?: SeedComponent[];
  group_controls?: SeedGroupControl[];
}

/** Where a flag type applies, as POST /rest/flag_type takes it: `"Product"`, `"Product:Component"` or `{"Product": ["Component"]}`. */
export type SeedFlagTarget = string | Record<string, string[]>;

export interface SeedFlagType {
  name: string;
  description?: string;
  target_type?: 'bug' | 'attachment';
  inclusions?: SeedFlagTarget[];
  exclusions?: SeedFlagTarget[];
  sortkey?: number;
  is_active?: boolean;
  is_requestable?: boolean;
  is_specifically_requestable?: boolean;
  is_multiplicable?: boolean;
  cc_list?: string;
  grant_group?: string;
  request_group?: string;
}

export interface SeedBug {
  id: number;
  product: string;
  component: string;
  summary?: string;
  version?: string;
  target_milestone?: string;
  status?: string;
  resolution?: string;
  reporter: string;
  assigned_to?: string;
  qa_contact?: string;
  cc?: string[];
  groups?: string[];
}

export interface SeedLastVisit {
  user: string;
  /** A bug's id (in the seed or in the database). */
  bug: number;
  /** ISO 8601; default: when the seed is applied. */
  last_visit_ts?: string;
}
