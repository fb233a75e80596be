import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { ANONYMOUS, isLoggedIn } from './auth-user.js';
import {
  LOGIN_EXEMPT,
  LOGIN_REQUIRED,
  NO_LOGIN_CHECK,
  OWN_CREDENTIAL_PARAMS,
  REQUIRED_GROUP,
  RequestWithUser,
  RequiredGroup,
} from './auth.decorators.js';
import { CallerService } from './caller.service.js';
import { extractCredentials } from './credentials.js';

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
    const targets = [context.getHandler(), context.getClass()];
    const meta = <T>(key: string) => this.reflector.getAllAndOverride<T | undefined>(key, targets);

    const credentials = extractCredentials(
      request.query as Record<string, unknown>,
      request.body,
      request.headers,
      meta<boolean>(OWN_CREDENTIAL_PARAMS) === true,
    );
    // Bugzilla's login-exempt methods check credentials only when a login and password came.
    const checked = credentials.kind === 'login' || meta<boolean>(NO_LOGIN_CHECK) !== true;
    const user = checked ? await this.callers.resolve(credentials, request.ip) : ANONYMOUS;
    request.user = user;
    if (checked && credentials.kind === 'token') request.loginCookie = credentials.cookie;

    const requiredGroup = meta<RequiredGroup>(REQUIRED_GROUP);
    const loginNeeded =
      meta<boolean>(LOGIN_REQUIRED) === true ||
      requiredGroup !== undefined ||
      (this.callers.requireLogin && meta<boolean>(LOGIN_EXEMPT) !== true);
    if (loginNeeded && !isLoggedIn(user)) throw Errors.loginRequired();

    if (requiredGroup && !user.groupNames.has(requiredGroup.group)) {
      throw new BugzillaError(
        ErrorCode.AUTH_FAILURE,
        `Sorry, you aren't a member of the '${requiredGroup.group}' group, and so you are not authorized to ${requiredGroup.action}.`,
      );
    }
    return true;
  }
}
