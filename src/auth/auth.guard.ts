import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessPolicy, type AccessRules } from './access-policy.js';
import {
  LOGIN_EXEMPT,
  LOGIN_REQUIRED,
  NO_LOGIN_CHECK,
  OWN_CREDENTIAL_PARAMS,
  REQUIRED_GROUP,
  RequestWithUser,
  RequiredGroup,
} from './auth.decorators.js';
import { extractCredentials } from './credentials.js';

/** The access rules a route's decorators declare (on the handler or its controller). */
export function accessRulesOf(
  reflector: Reflector,
  targets: Parameters<Reflector['getAllAndOverride']>[1],
): AccessRules {
  const meta = <T>(key: string) => reflector.getAllAndOverride<T | undefined>(key, targets);
  return {
    loginRequired: meta<boolean>(LOGIN_REQUIRED) === true,
    requiredGroup: meta<RequiredGroup>(REQUIRED_GROUP),
    loginExempt: meta<boolean>(LOGIN_EXEMPT) === true,
    noLoginCheck: meta<boolean>(NO_LOGIN_CHECK) === true,
    ownCredentialParams: meta<boolean>(OWN_CREDENTIAL_PARAMS) === true,
  };
}

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
    const rules = accessRulesOf(this.reflector, [context.getHandler(), context.getClass()]);
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
