import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { parseOptionalBoolean } from '../bugzilla/params.js';

/**
 * A product's group controls (`group_control_map`) as Bugzilla's Product.pm
 * `set_group_controls` and editproducts.cgi `updategroupcontrols` define them: the
 * member/other control values, their legal combinations, the four flags, and the
 * messages of global/user-error.html.tmpl and code-error.html.tmpl.
 */

/** Bugzilla's CONTROLMAPNA .. CONTROLMAPMANDATORY, by the names SPEC §10 uses on the wire. */
export const CONTROL_NAMES = ['NA', 'Shown', 'Default', 'Mandatory'] as const;
export type ControlName = (typeof CONTROL_NAMES)[number];
export const NA = 0;
export const MANDATORY = 3;

/** The boolean columns of a group control, in Bugzilla's order. */
export const FLAG_FIELDS = ['entry', 'canedit', 'editcomponents', 'editbugs', 'canconfirm'] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

/** Every column of a group control, in the order Bugzilla's update compares them (and changes are reported). */
export const CONTROL_FIELDS = [
  'entry',
  'membercontrol',
  'othercontrol',
  'canedit',
  'editcomponents',
  'editbugs',
  'canconfirm',
] as const;
export type ControlField = (typeof CONTROL_FIELDS)[number];

/** One product's settings for one group, as stored (0/1 flags, 0..3 controls). */
export type ControlSettings = Record<ControlField, number>;

/** The settings of a group that has no row for the product (Bugzilla's default hash). */
export const NO_CONTROL: ControlSettings = {
  entry: 0,
  membercontrol: NA,
  othercontrol: NA,
  canedit: 0,
  editcomponents: 0,
  editbugs: 0,
  canconfirm: 0,
};

/** One requested change, parsed: the group as given, and only the fields given. */
export interface ControlChange {
  group: { id: number } | { name: string };
  membercontrol?: number;
  othercontrol?: number;
  flags: Partial<Record<FlagField, number>>;
}

export function controlName(value: number): ControlName {
  return CONTROL_NAMES[value] ?? 'NA';
}

/** A control given as its name (any letter case) or as Bugzilla's number 0..3; anything else is Bugzilla's code error. */
export function parseControl(field: 'membercontrol' | 'othercontrol', value: unknown): number {
  if (typeof value === 'string') {
    const index = CONTROL_NAMES.findIndex((name) => name.toLowerCase() === value.trim().toLowerCase());
    if (index >= 0) return index;
    if (/^[0-3]$/.test(value.trim())) return Number(value.trim());
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3) return value;
  if (value !== null && typeof value === 'object') throw Errors.invalidParam(field, 'a string');
  throw Errors.badRequest(`'${String(value)}' is not a legal value for the '${field}' field.`);
}

/** The body's `group_controls`: a non-empty array of objects (50 when missing, 53 for a wrong JSON type). */
export function parseControlChanges(body: Record<string, unknown>): ControlChange[] {
  const raw = body.group_controls;
  if (raw === undefined || raw === null) {
    throw Errors.paramRequired('group_controls');
  }
  if (!Array.isArray(raw)) throw Errors.invalidParam('group_controls', 'an array');
  if (raw.length === 0) throw Errors.paramRequired('group_controls');
  return raw.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw Errors.invalidParam('group_controls', 'an array of objects');
    }
    const entry = item as Record<string, unknown>;
    const change: ControlChange = { group: parseGroupRef(entry.group), flags: {} };
    if (entry.membercontrol !== undefined && entry.membercontrol !== null) {
      change.membercontrol = parseControl('membercontrol', entry.membercontrol);
    }
    if (entry.othercontrol !== undefined && entry.othercontrol !== null) {
      change.othercontrol = parseControl('othercontrol', entry.othercontrol);
    }
    for (const field of FLAG_FIELDS) {
      const value = parseOptionalBoolean(field, entry[field]);
      if (value !== undefined) change.flags[field] = value ? 1 : 0;
    }
    return change;
  });
}

function parseGroupRef(value: unknown): { id: number } | { name: string } {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return { id: value };
  if (typeof value === 'string' && value.trim() !== '') return { name: value.trim() };
  if (value === undefined || value === null || value === '') {
    throw new BugzillaError(ErrorCode.PARAMS_REQUIRED, "Each group control must name its 'group'.");
  }
  throw Errors.invalidParam('group', 'a group name or id');
}

/**
 * Bugzilla's set_group_controls on one group's current settings: both controls or neither
 * (we refuse one alone, where Bugzilla would silently ignore it), the legal combinations
 *
 *     member \ other  NA SH DE MA
 *     NA              +  -  -  -
 *     Shown           +  +  +  +
 *     Default         +  -  +  +
 *     Mandatory       -  -  -  +
 *
 * and the flags stored as 0/1. Returns the new settings.
 */
export function applyControlChange(
  groupName: string,
  current: ControlSettings,
  change: ControlChange,
): ControlSettings {
  const next = { ...current };
  const hasMember = change.membercontrol !== undefined;
  const hasOther = change.othercontrol !== undefined;
  if (!hasMember && !hasOther && Object.keys(change.flags).length === 0) {
    throw Errors.badRequest(`New settings must be defined to edit group controls for the ${groupName} group.`);
  }
  if (hasMember !== hasOther) {
    throw Errors.badRequest(
      `Both membercontrol and othercontrol must be given to change the controls of the ${groupName} group.`,
    );
  }
  if (hasMember && hasOther) {
    const member = change.membercontrol!;
    const other = change.othercontrol!;
    if (!isLegalCombination(member, other)) {
      throw Errors.badRequest(`Your group control combination for group "${groupName}" is illegal.`);
    }
    next.membercontrol = member;
    next.othercontrol = other;
  }
  for (const [field, value] of Object.entries(change.flags) as [FlagField, number][]) next[field] = value;
  return next;
}

export function isLegalCombination(member: number, other: number): boolean {
  return member === other || member === 1 || (member === 2 && other !== 1);
}

/** Bugzilla's product_illegal_group: only active bug groups get controls. */
export function illegalGroup(name: string): BugzillaError {
  return Errors.badRequest(`${name} is not an active bug group and so you cannot edit group controls for it.`);
}

export function groupMissing(group: { id: number } | { name: string }): BugzillaError {
  return new BugzillaError(
    ErrorCode.OBJECT_DOES_NOT_EXIST,
    'id' in group ? `There is no group with the id '${group.id}'.` : `There is no group named '${group.name}'.`,
  );
}

/** A setting as the answer's `changes` and the audit log show it: a control's name, a flag's "0"/"1". */
export function settingText(field: ControlField, value: number): string {
  return field === 'membercontrol' || field === 'othercontrol' ? controlName(value) : String(value);
}
