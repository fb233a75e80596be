import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { characterCount, isBlank } from '../products/product-write.rules.js';

/**
 * Bugzilla::Component's rules for a component's fields and the error each
 * broken rule gives (Bugzilla/Component.pm validators, texts of
 * global/user-error.html.tmpl). Pure functions; the service adds what needs the database.
 */

/** Bugzilla's MAX_COMPONENT_SIZE. */
export const MAX_COMPONENT_NAME_LENGTH = 64;

/** A component name: trimmed; blank → 32000; over 64 characters → 105. */
export function checkComponentName(raw: string | undefined): string {
  const name = raw?.trim();
  if (name === undefined || isBlank(name)) throw Errors.badRequest('You must enter a name for this new component.');
  const length = characterCount(name);
  if (length > MAX_COMPONENT_NAME_LENGTH) {
    throw new BugzillaError(
      ErrorCode.COMPONENT_NAME_TOO_LONG,
      `The name of a component is limited to ${MAX_COMPONENT_NAME_LENGTH} characters. '${name}' is too long (${length} characters).`,
    );
  }
  return name;
}

/** A component description: trimmed; blank → 32000. */
export function checkComponentDescription(raw: string | undefined): string {
  const description = raw?.trim();
  if (description === undefined || isBlank(description)) {
    throw Errors.badRequest('You must enter a non-blank description for this component.');
  }
  return description;
}

/** 32000: no default assignee (missing, empty or "0"). */
export function assigneeRequired(): BugzillaError {
  return Errors.badRequest('A default assignee is required for this component.');
}

/** 51 for a default assignee or QA contact that matches no account (Bugzilla::User->check). */
export function userMissing(login: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.OBJECT_DOES_NOT_EXIST,
    `There is no user named '${login}'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.`,
  );
}

/** 504 for a default CC login that matches no account (login_to_id with THROW_ERROR). */
export function invalidUsername(login: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.INVALID_USERNAME,
    `The name ${login} is not a valid username. Either you misspelled it, or the person has not registered for a Bugzilla account.`,
  );
}

/** 1200: the product already has a component of that name (both as stored). */
export function componentExists(product: string, component: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.COMPONENT_ALREADY_EXISTS,
    `The ${product} product already has a component named ${component}.`,
  );
}

/** 51 for a component named in a product that has none of that name. */
export function componentMissing(name: string, product: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.OBJECT_DOES_NOT_EXIST,
    `There is no component named '${name}' in the '${product}' product.`,
  );
}

/** 51 for a component id that matches no component of a product the caller can access. */
export function componentIdMissing(id: number | string): BugzillaError {
  return new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no component with the id '${id}'.`);
}

/** 50 for a component target given by a blank name (Bugzilla's object_not_specified). */
export function componentNotSpecified(): BugzillaError {
  return new BugzillaError(ErrorCode.PARAMS_REQUIRED, 'You must select/enter a component.');
}

/** 32000: one new name for several components of one product (Bugzilla 5.3's multiple_components_update_not_allowed). */
export function multipleRenames(): BugzillaError {
  return Errors.badRequest('You can not update the name for multiple components of the same product.');
}

/** 1201: a product keeps at least one component. */
export function componentIsLast(component: string, product: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.COMPONENT_IS_LAST,
    `'${component}' is the last component of the '${product}' product. You cannot delete it.`,
  );
}

/** 1202: bugs are filed in the component. */
export function componentHasBugs(count: number): BugzillaError {
  return new BugzillaError(
    ErrorCode.COMPONENT_HAS_BUGS,
    `There are ${count} bugs entered for this component! You must reassign those bugs to another component before you can delete this one.`,
  );
}

/** 53 for a key Bugzilla::Component->create does not know (Bugzilla fails on it at INSERT time). */
export function unknownCreateParam(key: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.PARAM_INVALID,
    `${key} is not a valid parameter for the Bugzilla::Component::create function.`,
  );
}
