import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { ANONYMOUS, isLoggedIn } from './auth-user.js';
import type { RequestWithUser } from './auth.decorators.js';
import { CallerService } from './caller.service.js';
import { extractCredentials } from './credentials.js';
import { needsLogin, readRouteAccess } from './route-access.js';

/**
 * The one global guard: resolves the caller from the request's credentials,
 * strips the credential parameters, and enforces the route's login and group needs.
 * Bad credentials fail the request even where anonymous access is allowed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const access = readRouteAccess(this.reflector, context.getHandler(), context.getClass());

    const credentials = extractCredentials(
      request.query as Record<string, unknown>,
      request.body,
      request.headers,
      access.ownCredentialParams,
    );
    // Bugzilla's login-exempt methods check credentials only when a login and password came.
    const checked = credentials.kind === 'login' || !access.noLoginCheck;
    const user = checked ? await this.callers.resolve(credentials, request.ip) : ANONYMOUS;
    request.user = user;
    if (checked && credentials.kind === 'token') request.loginCookie = credentials.cookie;

    if (needsLogin(access, this.callers.requireLogin) && !isLoggedIn(user)) throw Errors.loginRequired();

    const requiredGroup = access.requiredGroup;
    if (requiredGroup && !user.groupNames.has(requiredGroup.group)) {
      throw new BugzillaError(
        ErrorCode.AUTH_FAILURE,
        `Sorry, you aren't a member of the '${requiredGroup.group}' group, and so you are not authorized to ${requiredGroup.action}.`,
      );
    }
    return true;
  }
}
