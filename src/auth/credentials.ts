import { LOGIN_COOKIE, LOGIN_ID_COOKIE, readCookie } from './bugzilla-cookies.js';

/**
 * Which credentials a request carries (SPEC §3), from the query, a JSON body or
 * headers. Reading them also removes them from the query and the body, so that
 * handlers never see credential parameters.
 */
export type Credentials =
  | { kind: 'login'; login: string; password: string }
  | { kind: 'token'; userId: number; cookie: string }
  | { kind: 'apiKey'; key: string }
  | CookieCredentials
  | { kind: 'none' };

/**
 * A browser's login cookies (`Bugzilla_login` + `Bugzilla_logincookie`, Bugzilla/Auth/Login/Cookie.pm),
 * where Bugzilla 5.2's web services let them count (XML-RPC, JSON-RPC POST, REST POST and PUT), with
 * the page's `Bugzilla_api_token` if one came: that must then be an `api_token` of the cookies' user
 * (`tokens`), else the request fails (307), even when the cookies are missing. Without the pair, the
 * rest of the login stack answers (`fallback`: a `Bugzilla_token`, an API key, or none).
 */
export interface CookieCredentials {
  kind: 'cookies';
  /** `Bugzilla_login` (a user id), when a whole number. */
  userId: number | undefined;
  /** `Bugzilla_logincookie`. */
  cookie: string | undefined;
  apiToken: string | undefined;
  fallback: Exclude<Credentials, CookieCredentials>;
}

type Params = Record<string, unknown>;

/** Query and body parameter names of each credential, in Bugzilla's order of preference. */
export const PARAM_NAMES = {
  apiKey: ['Bugzilla_api_key', 'api_key'],
  login: ['Bugzilla_login', 'login'],
  password: ['Bugzilla_password', 'password'],
  token: ['Bugzilla_token', 'token'],
} as const;

/** Not a credential by itself: a page's proof that its cookies are sent on purpose (with cookies only). */
const API_TOKEN_PARAMS = ['Bugzilla_api_token'] as const;

/** Header of each credential (lower case, as Node gives header names). */
export const HEADER_NAMES = {
  apiKey: 'x-bugzilla-api-key',
  login: 'x-bugzilla-login',
  password: 'x-bugzilla-password',
  token: 'x-bugzilla-token',
} as const;

/** Routes such as /rest/login own these names as parameters. */
export const OWNABLE = new Set<string>(['login', 'password', 'token']);

/** Passwords are used exactly as sent (Bugzilla does not trim them); other credentials are trimmed. */
const UNTRIMMED = new Set<string>([...PARAM_NAMES.password, HEADER_NAMES.password]);

function firstString(value: unknown, name: string): string {
  const scalar = Array.isArray(value) ? value[0] : value;
  if (typeof scalar !== 'string' && typeof scalar !== 'number') return '';
  return UNTRIMMED.has(name) ? String(scalar) : String(scalar).trim();
}

function decodeHeader(value: string | string[] | undefined, name: string): string {
  const raw = firstString(value, name);
  // Nothing to decode (an API key never has a `%`): the value as it is.
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Takes (reads and deletes) one credential from the request's parameter sources: every value sent
 * under its names is removed, and the first one `counts` accepts, in order of preference, is the
 * answer (JSON null is not a value, as Perl's undef is not).
 */
function take(
  sources: readonly Params[],
  names: readonly string[],
  keepOwn: boolean,
  counts: (value: string) => boolean,
): string | undefined {
  let taken: string | undefined;
  for (const source of sources) {
    for (const name of names) {
      if (!(name in source) || (keepOwn && OWNABLE.has(name))) continue;
      const value = source[name];
      if (taken === undefined && value !== undefined && value !== null) {
        const text = firstString(value, name);
        if (counts(text)) taken = text;
      }
      delete source[name];
    }
  }
  return taken;
}

/** An API key or a token counts only when it is not empty (Bugzilla's APIKey and Cookie logins test truth). */
const notEmpty = (value: string) => value !== '';
/** A login and a password count when sent, empty or not (Bugzilla's CGI login tests `defined`). */
const sent = () => true;

/** No parameters at all (most requests carry their API key in a header): nothing to take. */
const NO_SOURCES: readonly Params[] = [];

/** A header's value, `undefined` when it was not sent (an empty header is sent). */
function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  return headers[name] === undefined ? undefined : decodeHeader(headers[name], name);
}

/**
 * `cookies`: the request's `Cookie` header where Bugzilla 5.2 lets login cookies count (the transport
 * decides: XML-RPC, JSON-RPC POST, REST POST and PUT), undefined where they do not.
 */
export function extractCredentials(
  query: Params | undefined,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
  keepOwnParams: boolean,
  cookies?: string | string[],
): Credentials {
  const fromQuery = query && typeof query === 'object' && hasKeys(query);
  const fromBody = body && typeof body === 'object' && !Array.isArray(body) && hasKeys(body as Params);
  // Bugzilla lets query-string keys win over body keys on non-GET requests.
  const sources: readonly Params[] =
    fromQuery && fromBody ? [query, body as Params] : fromQuery ? [query] : fromBody ? [body as Params] : NO_SOURCES;

  const apiKey = take(sources, PARAM_NAMES.apiKey, keepOwnParams, notEmpty) || header(headers, HEADER_NAMES.apiKey);
  const token = take(sources, PARAM_NAMES.token, keepOwnParams, notEmpty) || header(headers, HEADER_NAMES.token);
  // An empty login or password is a failed login (300), counted by the lockout for a known account.
  const login = take(sources, PARAM_NAMES.login, keepOwnParams, sent) ?? header(headers, HEADER_NAMES.login);
  const password = take(sources, PARAM_NAMES.password, keepOwnParams, sent) ?? header(headers, HEADER_NAMES.password);
  const apiToken = take(sources, API_TOKEN_PARAMS, false, notEmpty);

  // Bugzilla's login stack: login/password first, then the cookies or the token, then the API key.
  if (login !== undefined && password !== undefined) return { kind: 'login', login, password };
  const tokenMatch = token ? /^(\d+)-(.+)$/.exec(token) : null;
  // A badly formed token is ignored, as Bugzilla does.
  const rest: Exclude<Credentials, CookieCredentials> = tokenMatch
    ? { kind: 'token', userId: Number(tokenMatch[1]), cookie: tokenMatch[2] }
    : apiKey
      ? { kind: 'apiKey', key: apiKey }
      : NONE;
  if (cookies === undefined) return rest;
  const userText = readCookie(cookies, LOGIN_ID_COOKIE);
  const userId = userText !== undefined && /^\d+$/.test(userText) ? Number(userText) : undefined;
  const cookie = readCookie(cookies, LOGIN_COOKIE);
  const pair = userId !== undefined && cookie !== undefined;
  if (!pair && apiToken === undefined) return rest;
  return { kind: 'cookies', userId, cookie, apiToken, fallback: rest };
}

const NONE = Object.freeze({ kind: 'none' as const });

function hasKeys(params: Params): boolean {
  for (const _ in params) return true;
  return false;
}
