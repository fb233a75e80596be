import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS, AuthUser } from './auth-user.js';

export const LOGIN_REQUIRED = 'bz:login-required';
export const REQUIRED_GROUP = 'bz:required-group';
export const LOGIN_EXEMPT = 'bz:login-exempt';
export const OWN_CREDENTIAL_PARAMS = 'bz:own-credential-params';
export const NO_LOGIN_CHECK = 'bz:no-login-check';

export interface RequiredGroup {
  group: string;
  /** Ends Bugzilla's 304 message: "...and so you are not authorized to <action>." */
  action: string;
}

/** The route needs a logged-in caller (410 otherwise). */
export const LoginRequired = () => SetMetadata(LOGIN_REQUIRED, true);

/** The route needs a logged-in member of `group` (410 when anonymous, 304 otherwise). */
export const RequireGroup = (group: string, action: string) =>
  SetMetadata(REQUIRED_GROUP, { group, action } satisfies RequiredGroup);

/** The route answers anonymous callers even when Bugzilla's `requirelogin` is on. */
export const LoginExempt = () => SetMetadata(LOGIN_EXEMPT, true);

/** On this route `login`, `password` and `token` are the handler's own parameters, not credentials. */
export const OwnCredentialParams = () => SetMetadata(OWN_CREDENTIAL_PARAMS, true);

/**
 * Bugzilla's LOGIN_EXEMPT methods (`version`, `login`): the caller is not logged in at all unless
 * a login and password are sent as credentials, so a stale token or key is ignored (stripped,
 * never an error). python-bugzilla relies on it: it sends its cached token with `GET /rest/version`
 * and `GET /rest/login`, and could never log in again once that token is gone.
 */
export const NoLoginCheck = () => SetMetadata(NO_LOGIN_CHECK, true);

export type RequestWithUser = FastifyRequest & {
  user?: AuthUser;
  /** The `logincookies` cookie the caller authenticated with, if it used a token (for logout). */
  loginCookie?: string;
};

/**
 * The caller resolved by the guard (the anonymous user when no credentials were sent). The request
 * is the HTTP context's first argument: read as such, not through `switchToHttp()`, which adds three
 * new functions to the context object on every call.
 */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser => ctx.getArgByIndex<RequestWithUser>(0).user ?? ANONYMOUS,
);
