import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessPolicy } from './access-policy.js';
import type { RequestWithUser } from './auth.decorators.js';
import { extractCredentials } from './credentials.js';
import { routeAccessOf } from './route-access.js';

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

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const rules = routeAccessOf(this.reflector, context.getHandler(), context.getClass());
    const credentials = extractCredentials(
      request.query as Record<string, unknown>,
      request.body,
      request.headers,
      rules.ownCredentialParams === true,
    );
    const { user, loginCookie } = await this.access.admit(credentials, rules, request.ip);
    request.user = user;
    if (loginCookie !== undefined) request.loginCookie = loginCookie;
    return true;
  }
}
