import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';

/**
 * The text rules Bugzilla applies when a product is created or changed
 * (SPEC §5.3, §5.4): trimming, "blank", the length limits and the error each
 * broken rule gives. Pure functions; the service adds what needs the database.
 */

/** `products.name`, `versions.value` and `milestones.value` hold at most 64 characters. */
export const MAX_PRODUCT_NAME_LENGTH = 64;
export const MAX_VALUE_LENGTH = 64;

/** The milestone a product gets when none (or a blank one) is given. */
export const DEFAULT_MILESTONE = '---';

/** Length in characters (code points), as the database counts a varchar's length. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Bugzilla's "blank": nothing left after trimming, or the string "0" (Perl's falsy values). */
export function isBlank(trimmed: string | undefined): boolean {
  return trimmed === undefined || trimmed === '' || trimmed === '0';
}

/** Bugzilla's clean_text: runs of control characters become one space, then trim. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** A product name: trimmed; blank → 700; over 64 characters → 701. */
export function checkProductName(raw: string | undefined): string {
  const name = raw?.trim();
  if (name === undefined || isBlank(name)) {
    throw new BugzillaError(ErrorCode.PRODUCT_BLANK_NAME, 'You must enter a name for the product.');
  }
  const length = characterCount(name);
  if (length > MAX_PRODUCT_NAME_LENGTH) {
    throw new BugzillaError(
      ErrorCode.PRODUCT_NAME_TOO_LONG,
      `The name of a product is limited to ${MAX_PRODUCT_NAME_LENGTH} characters. '${name}' is too long (${length} characters).`,
    );
  }
  return name;
}

/**
 * 702 for a name another product already has: "already exists" when the stored
 * name is exactly the requested one, "differs only in case" otherwise (the
 * database found it with its case-insensitive comparison).
 */
export function productNameTaken(requested: string, existing: string): BugzillaError {
  if (requested === existing) {
    return new BugzillaError(ErrorCode.PRODUCT_NAME_IN_USE, `The product name '${existing}' already exists.`);
  }
  return new BugzillaError(
    ErrorCode.PRODUCT_NAME_IN_USE,
    `The product name '${requested}' differs from existing product '${existing}' only in case.`,
  );
}

/**
 * Which of the products whose names the database matched (case-insensitively)
 * blocks `requested`, preferring an exact match; `ownId` (a product being
 * renamed) never blocks itself.
 */
export function blockingName(
  requested: string,
  matches: { id: number; name: string }[],
  ownId?: number,
): string | undefined {
  const others = matches.filter((row) => row.id !== ownId);
  return (others.find((row) => row.name === requested) ?? others[0])?.name;
}

/** A description: trimmed; blank → 703. May contain HTML, stored as given. */
export function checkDescription(raw: string | undefined): string {
  const description = raw?.trim();
  if (description === undefined || isBlank(description)) {
    throw new BugzillaError(ErrorCode.PRODUCT_MUST_HAVE_DESCRIPTION, 'You must enter a description for this product.');
  }
  return description;
}

/** The first version of a new product: trimmed, control characters removed; blank → 704; over 64 characters → 53. */
export function checkVersion(raw: string | undefined): string {
  const version = raw === undefined ? '' : cleanText(raw);
  if (isBlank(version)) {
    throw new BugzillaError(
      ErrorCode.PRODUCT_MUST_HAVE_VERSION,
      'You must enter a valid version to create a new product.',
    );
  }
  if (characterCount(version) > MAX_VALUE_LENGTH) {
    throw Errors.invalidParam('version', `a value of at most ${MAX_VALUE_LENGTH} characters`);
  }
  return version;
}

/** The default milestone of a new product: trimmed; blank → '---'; over 64 characters → 53. */
export function checkNewDefaultMilestone(raw: string | undefined): string {
  const milestone = raw?.trim();
  if (milestone === undefined || isBlank(milestone)) return DEFAULT_MILESTONE;
  if (characterCount(milestone) > MAX_VALUE_LENGTH) {
    throw Errors.invalidParam('default_milestone', `a value of at most ${MAX_VALUE_LENGTH} characters`);
  }
  return milestone;
}

/** 705: the default milestone must be one of the product's milestones. */
export function milestoneMissing(milestone: string, product: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.PRODUCT_MUST_DEFINE_DEFAULT_MILESTONE,
    `You must create the milestone '${milestone}' before it can be made the default milestone for product '${product}'.`,
  );
}

/** 51 for a classification name that matches none (Bugzilla's object_does_not_exist). */
/** Members administer classifications, and see them even when `useclassification` is off. */
export const EDIT_CLASSIFICATIONS = 'editclassifications';

/** Bugzilla's auth_classification_not_enabled (900). */
export function classificationNotEnabled(): BugzillaError {
  return new BugzillaError(900, 'Sorry, classification is not enabled.');
}

/** 304 for a classification write by someone outside `editclassifications`. */
export function classificationsDenied(): BugzillaError {
  return new BugzillaError(
    ErrorCode.AUTH_FAILURE,
    `Sorry, you aren't a member of the '${EDIT_CLASSIFICATIONS}' group, and so you are not authorized to add, modify or delete classifications.`,
  );
}

export function classificationMissing(name: string): BugzillaError {
  return new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no classification named '${name}'.`);
}

/** 50 for a classification given but blank (Bugzilla's object_not_specified). */
export function classificationNotSpecified(): BugzillaError {
  return new BugzillaError(ErrorCode.PARAMS_REQUIRED, 'You must select/enter a classification.');
}

/** 50 for a product to update given by a blank name (Bugzilla's object_not_specified). */
export function productNotSpecified(): BugzillaError {
  return new BugzillaError(ErrorCode.PARAMS_REQUIRED, 'You must select/enter a product.');
}

/** 106: a product to update that does not exist or that the caller cannot access. */
export function productAccessDenied(target: { id: number } | { name: string }): BugzillaError {
  const what = 'id' in target ? `the product with the id ${target.id}` : `the product '${target.name}'`;
  return new BugzillaError(
    ErrorCode.PRODUCT_ACCESS_DENIED,
    `Either ${what} does not exist or you don't have access to it.`,
  );
}
