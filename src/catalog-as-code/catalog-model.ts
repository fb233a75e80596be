import type { SeedControl } from '../seed/seed.js';

/**
 * The catalogue as plain data, with every default filled in, so the live catalogue and a file can be
 * compared field by field. Live objects carry their ids; a file's objects may carry `renamed_from`.
 * A field or list left `undefined` is not managed: the file did not say (or the read did not ask).
 */

export interface CatValue {
  name: string;
  sort_key: number;
  is_active: boolean;
  renamed_from?: string;
  id?: number;
}

export interface CatComponent {
  name: string;
  description?: string;
  default_assignee?: string;
  /** '' when there is none. */
  default_qa_contact: string;
  /** Sorted logins; undefined: not managed (a file without the key) or not read. */
  default_cc?: string[];
  is_active: boolean;
  renamed_from?: string;
  id?: number;
}

export interface CatGroupControl {
  group: string;
  membercontrol: SeedControl;
  othercontrol: SeedControl;
  entry: boolean;
  canedit: boolean;
  editcomponents: boolean;
  editbugs: boolean;
  canconfirm: boolean;
}

export interface CatProduct {
  name: string;
  description?: string;
  classification: string;
  default_milestone: string;
  is_open: boolean;
  has_unconfirmed: boolean;
  /** The version a new product starts with (POST /rest/product's `version`). */
  version?: string;
  versions?: CatValue[];
  milestones?: CatValue[];
  components?: CatComponent[];
  /** Only the groups with a setting other than the default (NA/NA, every flag off). */
  group_controls?: CatGroupControl[];
  renamed_from?: string;
  id?: number;
}

export interface CatClassification {
  name: string;
  description: string;
  sortkey: number;
  renamed_from?: string;
  id?: number;
}

export interface CatGroup {
  name: string;
  description?: string;
  is_active: boolean;
  id?: number;
  /** Live groups: a bug group (the catalogue's own) or a system group (only named, e.g. as a grant group). */
  is_bug_group?: boolean;
}

export interface CatFlagType {
  name: string;
  target_type: 'bug' | 'attachment';
  description?: string;
  sortkey: number;
  is_active: boolean;
  is_requestable: boolean;
  is_specifically_requestable: boolean;
  is_multiplicable: boolean;
  cc_list: string;
  /** '' when there is none. */
  grant_group: string;
  request_group: string;
  /** `"Product"` or `"Product:Component"`, sorted; `"__Any__"`: every product. */
  inclusions: string[];
  exclusions: string[];
  renamed_from?: string;
  id?: number;
}

export interface Catalogue {
  classifications: CatClassification[];
  groups: CatGroup[];
  products: CatProduct[];
  flag_types: CatFlagType[];
}

export const UNCLASSIFIED = 'Unclassified';
export const UNCLASSIFIED_DESCRIPTION = 'Not assigned to any classification';
/** Bugzilla's inclusion of a new flag type made without one: every product, every component. */
export const ANY_PRODUCT = '__Any__';

export const DEFAULTS = {
  product: { classification: UNCLASSIFIED, default_milestone: '---', is_open: true, has_unconfirmed: true },
  value: { sort_key: 0, is_active: true },
  component: { default_qa_contact: '', is_active: true },
  groupControl: {
    membercontrol: 'NA',
    othercontrol: 'NA',
    entry: false,
    canedit: false,
    editcomponents: false,
    editbugs: false,
    canconfirm: false,
  },
  classification: { description: '', sortkey: 0 },
  group: { is_active: true },
  // POST /rest/flag_type's defaults (Bugzilla's editflagtypes.cgi).
  flagType: {
    target_type: 'bug',
    sortkey: 1,
    is_active: true,
    is_requestable: true,
    is_specifically_requestable: true,
    is_multiplicable: true,
    cc_list: '',
    grant_group: '',
    request_group: '',
    inclusions: [ANY_PRODUCT],
    exclusions: [] as string[],
  },
} as const;

export const GROUP_CONTROL_FIELDS = [
  'membercontrol',
  'othercontrol',
  'entry',
  'canedit',
  'editcomponents',
  'editbugs',
  'canconfirm',
] as const;

export function isDefaultControl(control: CatGroupControl): boolean {
  return GROUP_CONTROL_FIELDS.every((field) => control[field] === DEFAULTS.groupControl[field]);
}

/** Names are matched as Bugzilla matches them: without regard to letter case. */
export const key = (name: string): string => name.toLowerCase();

export function flagTypeKey(type: { name: string; target_type: string }): string {
  return `${key(type.name)}\u0000${type.target_type}`;
}

/** `"P"`/`"P:C"` from a pair; the order every list is kept in. */
export function targetText([product, component]: [string, string | undefined]): string {
  return component === undefined ? product : `${product}:${component}`;
}

export function sortedTargets(targets: string[]): string[] {
  return [...new Set(targets)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
