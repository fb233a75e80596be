import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { parseOptionalBoolean } from '../bugzilla/params.js';

/**
 * The value rules of Bugzilla's FlagType (Bugzilla/FlagType.pm validators) and the
 * errors of FlagType.create/update, as pure functions: the service adds what needs
 * the database (groups, products, components, permissions).
 */

/** Bugzilla's error codes for flag types (WebService::Constants). */
export const FlagTypeCode = {
  NAME_INVALID: 1101,
  DESCRIPTION_INVALID: 1102,
  CC_LIST_INVALID: 1103,
  SORTKEY_INVALID: 1104,
  NOT_EDITABLE: 1105,
  ILLEGAL_EMAIL_ADDRESS: 501,
  /** Bugzilla's code error flag_type_target_type_invalid (-32000), shifted as on REST and JSON-RPC. */
  TARGET_TYPE_INVALID: 68000,
  /** Bugzilla's unknown_method (-32601), shifted likewise: a field FlagType.update cannot set. */
  UNKNOWN_FIELD: 67399,
} as const;

export const MAX_NAME_LENGTH = 50;
export const MAX_CC_LIST_LENGTH = 200;
const MAX_SORTKEY = 32767;

/** Text as Bugzilla reads it: strings as given, numbers as their text; anything else is 53. */
export function textParam(param: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw Errors.invalidParam(param, 'a string');
}

/** Perl's truth, which FlagType.create uses to say a name or description "was not set". */
export function isSet(text: string | undefined): text is string {
  return text !== undefined && text !== '' && text !== '0';
}

export const paramRequired = Errors.paramRequired;

/** A name: trimmed, 1-50 characters, no white space or comma (1101). */
export function checkName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (name === '' || name === '0' || /[\s,]/.test(name) || [...name].length > MAX_NAME_LENGTH) {
    throw new BugzillaError(
      FlagTypeCode.NAME_INVALID,
      `The name ${name} must be 1-50 characters long and must not contain any spaces or commas.`,
    );
  }
  return name;
}

/** A description: trimmed, not blank (1102). */
export function checkDescription(raw: string | undefined): string {
  const description = (raw ?? '').trim();
  if (description === '' || description === '0') {
    throw new BugzillaError(FlagTypeCode.DESCRIPTION_INVALID, 'You must enter a description for this flag type.');
  }
  return description;
}

/**
 * The CC list: one string of addresses separated by commas or white space (an array of
 * addresses is joined), at most 200 characters (1103), each a plain ASCII e-mail address
 * (501); the addresses need not belong to accounts.
 */
export function checkCcList(value: unknown): string {
  let list: string;
  if (Array.isArray(value)) {
    list = value.map((item) => textParam('cc_list', item) ?? '').join(', ');
  } else list = textParam('cc_list', value) ?? '';
  if (list.length > MAX_CC_LIST_LENGTH) {
    throw new BugzillaError(
      FlagTypeCode.CC_LIST_INVALID,
      `The CC list ${list} must be less than ${MAX_CC_LIST_LENGTH} characters long.`,
    );
  }
  for (const address of list.split(/[,\s]+/).filter(Boolean)) {
    if (!isEmailAddress(address)) {
      throw new BugzillaError(
        FlagTypeCode.ILLEGAL_EMAIL_ADDRESS,
        `The e-mail address you entered (${address}) didn't pass our syntax checking for a legal email address. ` +
          "A legal address must contain exactly one '@', and at least one '.' after the @. " +
          'It also must not contain any illegal characters.',
      );
    }
  }
  return list;
}

/** A bare addr-spec: dot-atoms of ASCII atext on both sides of one '@'. */
function isEmailAddress(address: string): boolean {
  const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
  return new RegExp(`^${atom}(\\.${atom})*@${atom}(\\.${atom})*$`).test(address);
}

/** A sort key: a natural number up to 32767 (1104). */
export function checkSortkey(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\d{1,5}$/.test(text) || Number(text) > MAX_SORTKEY) {
    throw new BugzillaError(FlagTypeCode.SORTKEY_INVALID, 'The sort key must be an integer between 0 and 32767.');
  }
  return Number(text);
}

/** The target type, case-sensitive: `bug` → 'b', `attachment` → 'a' (68000 otherwise). */
export function checkTargetType(value: unknown): 'b' | 'a' {
  if (value === 'bug') return 'b';
  if (value === 'attachment') return 'a';
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  throw new BugzillaError(
    FlagTypeCode.TARGET_TYPE_INVALID,
    `The target type was neither bug nor attachment but rather ${shown}.`,
  );
}

/** A flag: JSON true/false, 1/0, "1"/"0" (53 otherwise); null reads as false, as Perl does. */
export function checkBoolean(param: string, value: unknown): boolean {
  return parseOptionalBoolean(param, value) ?? false;
}

/** A group name, or nothing (blank, "0" or null: no group). */
export function groupName(param: string, value: unknown): string | undefined {
  const name = textParam(param, value)?.trim();
  return isSet(name) ? name : undefined;
}

export function groupMissing(name: string): BugzillaError {
  return new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no group named '${name}'.`);
}

export function flagTypeMissing(id: number): BugzillaError {
  return new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no flagtype with the id '${id}'.`);
}

export function componentMissing(component: string, product: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.OBJECT_DOES_NOT_EXIST,
    `There is no component named '${component}' in the '${product}' product.`,
  );
}

export function componentNotSpecified(): BugzillaError {
  return new BugzillaError(ErrorCode.PARAMS_REQUIRED, 'You must select/enter a component.');
}

export function notEditable(name: string): BugzillaError {
  return new BugzillaError(
    FlagTypeCode.NOT_EDITABLE,
    `You are not allowed to edit properties of the '${name}' flag type, because this flag type is not available for the products you can administer.`,
  );
}

/** 304 for callers with editcomponents neither globally nor on any product. */
export function notAuthorized(action: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.AUTH_FAILURE,
    `Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to ${action}.`,
  );
}
