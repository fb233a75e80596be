import { BugzillaError, Errors } from '../bugzilla/bugzilla-error.js';
import { characterCount } from '../products/product-write.rules.js';

/**
 * Bugzilla's Classification.pm validators and editclassifications.cgi checks, with the messages
 * of global/user-error.html.tmpl (all code 32000: Bugzilla's WebService maps none of them).
 */

/** Bugzilla's MAX_CLASSIFICATION_SIZE. */
export const MAX_NAME_LENGTH = 64;
/** Bugzilla's MAX_SMALLINT: the largest sort key. */
export const MAX_SORTKEY = 32767;
/** The default classification (Unclassified): it cannot be deleted. */
export const DEFAULT_CLASSIFICATION_ID = 1;

/** A text parameter: strings as they are, numbers as their text; objects, arrays and booleans are 53. */
export function textParam(param: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw Errors.invalidParam(param, 'a string');
}

/** _check_name: trimmed, not empty, at most 64 characters. (Uniqueness is checked against the table.) */
export function checkName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (name === '' || name === '0') throw Errors.badRequest('You must enter a classification name.');
  if (characterCount(name) > MAX_NAME_LENGTH) {
    throw Errors.badRequest(
      `The name of a classification is limited to ${MAX_NAME_LENGTH} characters. '${name}' is too long (${characterCount(name)} characters).`,
    );
  }
  return name;
}

/** _check_description: trimmed; empty is allowed. */
export function checkDescription(raw: string | undefined): string {
  return (raw ?? '').trim();
}

/** _check_sortkey: empty or absent is 0; otherwise digits only, at most 32767. */
export function checkSortkey(value: unknown): number {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0' || value === false)
    return 0;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;
  if (text === undefined) throw Errors.invalidParam('sortkey', 'a number');
  if (!/^\d+$/.test(text) || Number(text) > MAX_SORTKEY) {
    throw Errors.badRequest(`The sortkey '${text}' is invalid. It must be an integer between 0 and ${MAX_SORTKEY}.`);
  }
  return Number(text);
}

export function nameTaken(name: string): BugzillaError {
  return Errors.badRequest(`A classification with the name '${name}' already exists.`);
}

export function notDeletable(): BugzillaError {
  return Errors.badRequest('You cannot delete the default classification');
}

export function hasProducts(): BugzillaError {
  return Errors.badRequest(
    'Sorry, there are products for this classification. You must reassign those products to another classification before you can delete this one.',
  );
}
