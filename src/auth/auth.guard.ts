import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessPolicy, type AdmittedCaller } from './access-policy.js';
import type { RequestWithUser } from './auth.decorators.js';
import { type Credentials, extractCredentials } from './credentials.js';
import { type RouteAccess, routeAccessOf } from './route-access.js';

/**
 * The one global guard: resolves the caller from the request's credentials,
 * strips the credential parameters, and enforces the route's login and group needs
 * (AccessPolicy, shared with the RPC servers).
 * Bad credentials fail the request even where anonymous access is allowed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessPolicy,
  ) {}

  /**
   * Synchronous when the caller is known from memory (nearly every request: an API key or a token
   * of the fresh model, or no credentials), so that Nest's guard step adds no promise; otherwise
   * the caller is resolved from the database.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // The HTTP request is the context's first argument (switchToHttp() would add three functions to the context).
    const request = context.getArgByIndex<RequestWithUser>(0);
    const rules = routeAccessOf(this.reflector, context.getHandler(), context.getClass());
    const credentials = extractCredentials(
      request.query as Record<string, unknown>,
      request.body,
      request.headers,
      rules.ownCredentialParams === true,
      restCookies(request),
    );
    const admitted = this.access.admitNow(credentials, rules);
    if (!admitted) return this.admitFromDatabase(request, credentials, rules);
    admitCaller(request, admitted);
    return true;
  }

  private async admitFromDatabase(request: RequestWithUser, credentials: Credentials, rules: RouteAccess) {
    admitCaller(request, await this.access.admit(credentials, rules, request.ip));
    return true;
  }
}

/**
 * Bugzilla 5.2's REST server lets login cookies count on POST and PUT only (REST.pm handle_login:
 * never over GET, which another site can make a browser send). Here also only with a JSON body: a
 * form another site posts (text/plain, form-encoded) cannot log in with the visitor's cookies.
 */
function restCookies(request: RequestWithUser): string | string[] | undefined {
  if (request.method !== 'POST' && request.method !== 'PUT') return undefined;
  const type = request.headers['content-type'];
  return type !== undefined && /^application\/json\s*(;|$)/i.test(type) ? (request.headers.cookie ?? '') : undefined;
}

function admitCaller(request: RequestWithUser, { user, loginCookie }: AdmittedCaller): void {
  request.user = user;
  if (loginCookie !== undefined) request.loginCookie = loginCookie;
}
