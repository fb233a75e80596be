import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { characterCount, cleanText, isBlank, MAX_VALUE_LENGTH } from './product-write.rules.js';

/**
 * Bugzilla::Version's and Bugzilla::Milestone's rules for a product's versions and
 * milestones (Bugzilla/Version.pm, Bugzilla/Milestone.pm, texts of
 * global/user-error.html.tmpl), and the few this service adds: a version name is
 * limited to 64 characters as a milestone's is (Bugzilla leaves that to the
 * database), a milestone used by bugs is not deleted (Bugzilla would move its bugs
 * to the default milestone), and the default milestone cannot be deactivated.
 * None of these errors has a WebService code in Bugzilla: all are 32000.
 */

export type ValueKind = 'version' | 'milestone';

/** What differs between the two kinds of product values. */
export interface ValueKindInfo {
  kind: ValueKind;
  table: 'versions' | 'milestones';
  /** Key of the answer to an update or delete. */
  plural: 'versions' | 'milestones';
  auditClass: 'Bugzilla::Version' | 'Bugzilla::Milestone';
  /** The `bugs` column that holds the value (by name, not id). */
  bugColumn: 'version' | 'target_milestone';
  hasSortkey: boolean;
}

export const VALUE_KINDS: Record<ValueKind, ValueKindInfo> = {
  version: {
    kind: 'version',
    table: 'versions',
    plural: 'versions',
    auditClass: 'Bugzilla::Version',
    bugColumn: 'version',
    hasSortkey: false,
  },
  milestone: {
    kind: 'milestone',
    table: 'milestones',
    plural: 'milestones',
    auditClass: 'Bugzilla::Milestone',
    bugColumn: 'target_milestone',
    hasSortkey: true,
  },
};

/** Bugzilla's MIN_SMALLINT and MAX_SMALLINT: the range of `milestones.sortkey`. */
export const MIN_SORTKEY = -32768;
export const MAX_SORTKEY = 32767;

/**
 * A version or milestone name: trimmed (a version's also loses control characters, as
 * Bugzilla's clean_text does); blank or "0" → 32000; over 64 characters → 32000.
 */
export function checkValueName(kind: ValueKind, raw: string | undefined): string {
  let name = raw?.trim() ?? '';
  if (isBlank(name)) throw Errors.badRequest(`You must enter a name for this ${kind}.`);
  if (kind === 'version') name = cleanText(name);
  const length = characterCount(name);
  if (length > MAX_VALUE_LENGTH) {
    throw Errors.badRequest(
      `The name of a ${kind} is limited to ${MAX_VALUE_LENGTH} characters. '${name}' is too long (${length} characters).`,
    );
  }
  return name;
}

/** A milestone's sort key: an integer (digits, optionally signed) within a smallint, else 32000. */
export function checkSortkey(raw: unknown): number {
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
  const value = /^-?\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < MIN_SORTKEY || value > MAX_SORTKEY) {
    throw Errors.badRequest(
      `The sortkey '${typeof raw === 'object' ? JSON.stringify(raw) : String(raw)}' is not in the range ${MIN_SORTKEY} ≤ sortkey ≤ ${MAX_SORTKEY}.`,
    );
  }
  return value;
}

/** 32000: the product already has a version/milestone of that name (both as stored). */
export function valueExists(kind: ValueKind, name: string, product: string): BugzillaError {
  return Errors.badRequest(`The ${kind} '${name}' already exists for product '${product}'.`);
}

/** 51: the product has no version/milestone of that name. */
export function valueMissing(kind: ValueKind, name: string, product: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.OBJECT_DOES_NOT_EXIST,
    `There is no ${kind} named '${name}' in the '${product}' product.`,
  );
}

/** 50: the path named a blank version/milestone. */
export function valueNotSpecified(kind: ValueKind): BugzillaError {
  return new BugzillaError(ErrorCode.PARAMS_REQUIRED, `You must select/enter a ${kind}.`);
}

/** 32000: bugs use the value. */
export function valueHasBugs(kind: ValueKind, count: number): BugzillaError {
  return Errors.badRequest(
    `There are ${count} bugs associated with this ${kind}! You must reassign those bugs to another ${kind} before you can delete this one.`,
  );
}

/** 32000: a product keeps at least one version (Bugzilla's version_is_last). */
export function versionIsLast(name: string, product: string): BugzillaError {
  return Errors.badRequest(`'${name}' is the last version of the '${product}' product. You cannot delete it.`);
}

/** 32000: the default milestone stays (Bugzilla's milestone_is_default; "deactivated" is this service's rule). */
export function milestoneIsDefault(name: string, product: string, action: 'deleted' | 'deactivated'): BugzillaError {
  return Errors.badRequest(
    `Sorry, but ${name} is the default milestone for the '${product}' product, and so it cannot be ${action}.`,
  );
}
