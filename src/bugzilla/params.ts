import { Errors } from './bugzilla-error.js';

/**
 * Reading Bugzilla parameters from a query string or a JSON body (SPEC §2):
 * repeated keys are arrays, a single value is a one-element array, ids are
 * integers (52 when a string is not a number, 53 for a wrong JSON type), and
 * booleans accept true/false, 1/0 and "1"/"0".
 */
export function toList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Whether `value` is a natural number written in decimal digits (Bugzilla's detaint_natural). */
export function isNaturalNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  return typeof value === 'string' && /^\d{1,15}$/.test(value.trim());
}

/**
 * The ids a read picks by (`GET /rest/product?ids=`, `GET /rest/component?ids=`): canonical decimal
 * numbers, once each, in order; any other value matches nothing (as Bugzilla's `ids` on a read).
 */
export function matchingIds(value: unknown): number[] {
  const ids = new Set<number>();
  for (const item of toList(value)) {
    const text = typeof item === 'number' ? String(item) : item;
    if (typeof text === 'string' && /^(0|[1-9]\d{0,14})$/.test(text)) ids.add(Number(text));
  }
  return [...ids];
}

/** A list of ids: strings must be digits (52), anything but a number or a string is 53. */
export function parseIdList(param: string, value: unknown): number[] {
  return toList(value).map((item) => parseId(param, item));
}

export function parseId(param: string, value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw Errors.notNumeric(param, value);
    return value;
  }
  if (typeof value === 'string') {
    if (!isNaturalNumber(value)) throw Errors.notNumeric(param, value);
    return Number(value.trim());
  }
  throw Errors.invalidParam(param, 'a number');
}

/** A list of strings (numbers are accepted as their decimal text). */
export function parseStringList(param: string, value: unknown): string[] {
  return toList(value).map((item) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number') return String(item);
    throw Errors.invalidParam(param, 'a string');
  });
}

/** An optional string: a number is read as its text; objects, arrays and booleans are 53. */
export function parseOptionalString(param: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw Errors.invalidParam(param, 'a string');
}

/** An optional boolean: JSON true/false, 1/0 or "1"/"0"; anything else is 53. */
export function parseOptionalBoolean(param: string, value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  throw Errors.invalidParam(param, 'a boolean');
}

/**
 * A flag Bugzilla only tests for Perl truth (Component.create's `is_open`, `create_series`):
 * null, false, 0, "" and "0" are false, every other number or string is true (so is the
 * string "false", as in Bugzilla). Arrays and objects are 53.
 */
export function parsePerlTruth(param: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value !== '' && value !== '0';
  throw Errors.invalidParam(param, 'a boolean');
}
