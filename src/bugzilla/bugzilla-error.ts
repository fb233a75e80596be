/**
 * Bugzilla's error codes and the HTTP status each one is answered with (SPEC §2).
 * Services throw `BugzillaError`; the envelope filter is the only place that turns
 * one into a response.
 */
export const DOCUMENTATION_URL = 'https://bugzilla.readthedocs.org/en/5.0/api/';

/** Codes used by name across the service. */
export const ErrorCode = {
  PARAMS_REQUIRED: 50,
  OBJECT_DOES_NOT_EXIST: 51,
  PARAM_MUST_BE_NUMERIC: 52,
  PARAM_INVALID: 53,
  INVALID_BUG_ID: 100,
  BUG_NOT_FOUND: 101,
  BUG_ACCESS_DENIED: 102,
  COMPONENT_NAME_TOO_LONG: 105,
  PRODUCT_ACCESS_DENIED: 106,
  INVALID_LOGIN_OR_PASSWORD: 300,
  ACCOUNT_DISABLED: 301,
  AUTH_FAILURE: 304,
  API_KEY_INVALID: 306,
  /** Bugzilla's auth_invalid_token: a `Bugzilla_api_token` that is not the cookies' user's. */
  AUTH_INVALID_TOKEN: 307,
  LOGIN_REQUIRED: 410,
  INVALID_USERNAME: 504,
  USER_ACCESS_DENIED: 505,
  PRODUCT_BLANK_NAME: 700,
  PRODUCT_NAME_TOO_LONG: 701,
  PRODUCT_NAME_IN_USE: 702,
  PRODUCT_MUST_HAVE_DESCRIPTION: 703,
  PRODUCT_MUST_HAVE_VERSION: 704,
  PRODUCT_MUST_DEFINE_DEFAULT_MILESTONE: 705,
  COMPONENT_ALREADY_EXISTS: 1200,
  COMPONENT_IS_LAST: 1201,
  COMPONENT_HAS_BUGS: 1202,
  /** Bugzilla's "transient unknown": a user error without a code of its own. */
  USER_ERROR: 32000,
  RESOURCE_NOT_FOUND: 32614,
  /** Bugzilla's "fatal unknown": database unreachable or an unexpected fault. */
  FATAL: -32000,
} as const;

const STATUS_404 = new Set([51, 101, 32614]);
const STATUS_401 = new Set([102, 106, 109, 110, 113, 115, 120, 300, 301, 302, 303, 304, 410, 504, 505]);

/** HTTP status for a Bugzilla code (SPEC §2); 413/503/500 are chosen by the thrower. */
export function statusForCode(code: number): number {
  if (STATUS_404.has(code)) return 404;
  if (STATUS_401.has(code)) return 401;
  return 400;
}

export class BugzillaError extends Error {
  readonly status: number;

  constructor(
    readonly code: number,
    message: string,
    status?: number,
  ) {
    super(message);
    this.name = 'BugzillaError';
    this.status = status ?? statusForCode(code);
  }
}

export interface ErrorEnvelope {
  error: true;
  code: number;
  message: string;
  documentation: string;
}

export function envelope(code: number, message: string): ErrorEnvelope {
  return { error: true, code, message, documentation: DOCUMENTATION_URL };
}

/** Errors shared by several endpoints, so their wording lives in one place. */
export const Errors = {
  loginRequired: () =>
    new BugzillaError(ErrorCode.LOGIN_REQUIRED, 'You must log in before using this part of Bugzilla.'),
  notNumeric: (param: string, value: unknown) =>
    new BugzillaError(
      ErrorCode.PARAM_MUST_BE_NUMERIC,
      `Invalid parameter passed to the function: '${param}' must be numeric (got '${String(value)}').`,
    ),
  invalidParam: (param: string, expected: string) =>
    new BugzillaError(ErrorCode.PARAM_INVALID, `The '${param}' parameter is invalid: ${expected} was expected.`),
  /**
   * SPEC §8: a value holding a character beyond U+FFFF, for a database whose text is 3-byte UTF-8
   * (Bugzilla 5.0); `param` undefined where the write path could not tell which parameter it was.
   */
  unstorableText: (param?: string) =>
    new BugzillaError(
      ErrorCode.PARAM_INVALID,
      `${param === undefined ? 'A text value is' : `The '${param}' parameter is`} invalid: this database stores ` +
        '3-byte UTF-8 only, and the value holds a character of 4 bytes (an emoji or a rare CJK character).',
    ),
  paramsRequired: (fn: string, params: string[]) =>
    new BugzillaError(
      ErrorCode.PARAMS_REQUIRED,
      `The function ${fn} requires that you set one of the following parameters: ${params.join(', ')}`,
    ),
  /** Bugzilla's param_required, as its WebService words it when the function is not named. */
  paramRequired: (param: string) =>
    new BugzillaError(
      ErrorCode.PARAMS_REQUIRED,
      `The function requires a ${param} argument, and that argument was not set.`,
    ),
  resourceNotFound: (method: string, path: string) =>
    new BugzillaError(ErrorCode.RESOURCE_NOT_FOUND, `A REST API resource was not found for '${method} ${path}'.`),
  badRequest: (message: string) => new BugzillaError(ErrorCode.USER_ERROR, message),
  databaseUnavailable: () =>
    new BugzillaError(ErrorCode.FATAL, 'The database is not available at the moment. Please try again later.', 503),
  internal: (requestId: string) =>
    new BugzillaError(
      ErrorCode.FATAL,
      `An internal error occurred while processing the request (request id ${requestId}).`,
      500,
    ),
};
