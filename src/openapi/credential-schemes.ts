import type { SecurityRequirementObject, SecuritySchemeObject } from '@nestjs/swagger';
import { HEADER_NAMES, OWNABLE, PARAM_NAMES } from '../auth/credentials.js';
import { needsLogin, type RouteAccess } from '../auth/route-access.js';

/**
 * The ways a Bugzilla client sends credentials (SPEC §3), as OpenAPI security schemes. Each scheme
 * is named after the header or query parameter it stands for, and the lists come from the guard's
 * own tables in `auth/credentials.ts`, so a name the guard reads is a name the document shows.
 */

type Credential = 'apiKey' | 'token' | 'login';

/** One way of sending one credential: a single scheme, or a login and password sent together. */
interface CredentialForm {
  credential: Credential;
  /** Names of the schemes that must all be present (one, or the login/password pair). */
  schemes: string[];
  /** Query names that `@OwnCredentialParams()` routes take as their own parameters. */
  ownable: boolean;
}

const WHAT: Record<keyof typeof PARAM_NAMES, string> = {
  apiKey: 'An API key of the user (Bugzilla user preferences, or `npm run user:create`).',
  token: 'A token from `GET /rest/login`, `<userid>-<cookie>`.',
  login: "The user's login name; goes with the password.",
  password: "The user's password; goes with the login name.",
};

const BODY_TOO = ' Also accepted as a key of a JSON request body.';

/** Header names as Bugzilla's documentation spells them (HTTP header names are case-insensitive). */
const headerScheme = (name: string) => name.toUpperCase();

function buildSchemes(): Record<string, SecuritySchemeObject> {
  const schemes: Record<string, SecuritySchemeObject> = {};
  for (const credential of Object.keys(PARAM_NAMES) as (keyof typeof PARAM_NAMES)[]) {
    const header = headerScheme(HEADER_NAMES[credential]);
    schemes[header] = { type: 'apiKey', in: 'header', name: header, description: WHAT[credential] };
    for (const name of PARAM_NAMES[credential]) {
      schemes[name] = { type: 'apiKey', in: 'query', name, description: WHAT[credential] + BODY_TOO };
    }
  }
  return schemes;
}

function buildForms(): CredentialForm[] {
  const single = (credential: 'apiKey' | 'token'): CredentialForm[] => [
    { credential, schemes: [headerScheme(HEADER_NAMES[credential])], ownable: false },
    ...PARAM_NAMES[credential].map((name) => ({ credential, schemes: [name], ownable: OWNABLE.has(name) })),
  ];
  const logins: CredentialForm[] = [
    {
      credential: 'login',
      schemes: [headerScheme(HEADER_NAMES.login), headerScheme(HEADER_NAMES.password)],
      ownable: false,
    },
    ...PARAM_NAMES.login.map((login, i) => {
      const password = PARAM_NAMES.password[i];
      return { credential: 'login' as const, schemes: [login, password], ownable: OWNABLE.has(login) };
    }),
  ];
  // Bugzilla's order of preference: an API key, a token, then a login and password.
  return [...single('apiKey'), ...single('token'), ...logins];
}

/** Every credential scheme, for `components.securitySchemes`. */
export const CREDENTIAL_SCHEMES: Readonly<Record<string, SecuritySchemeObject>> = buildSchemes();

const FORMS = buildForms();

/**
 * The credentials a route accepts, as alternatives: each form the guard would read on that route
 * (a login-exempt route without a login check reads only a login and password; a route that owns
 * `login`, `password` and `token` does not read those names as credentials), then `{}` when an
 * anonymous caller is served.
 */
export function securityFor(access: RouteAccess, requireLogin: boolean): SecurityRequirementObject[] {
  const accepted = FORMS.filter(
    (form) => !(access.noLoginCheck && form.credential !== 'login') && !(access.ownCredentialParams && form.ownable),
  );
  const requirements: SecurityRequirementObject[] = accepted.map((form) =>
    Object.fromEntries(form.schemes.map((scheme) => [scheme, []])),
  );
  if (!needsLogin(access, requireLogin)) requirements.push({});
  return requirements;
}
