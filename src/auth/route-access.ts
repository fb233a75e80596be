import type { Reflector } from '@nestjs/core';
import {
  LOGIN_EXEMPT,
  LOGIN_REQUIRED,
  NO_LOGIN_CHECK,
  OWN_CREDENTIAL_PARAMS,
  REQUIRED_GROUP,
  type RequiredGroup,
} from './auth.decorators.js';

/**
 * What a route's auth decorators say about its callers (or an RPC method table entry about its
 * method). AccessPolicy enforces it for REST and RPC alike, and the OpenAPI document describes it,
 * all from this one shape, so they cannot disagree.
 */
export interface RouteAccess {
  /** `@LoginRequired()`. */
  loginRequired?: boolean;
  /** `@RequireGroup()`: implies a login. */
  requiredGroup?: RequiredGroup;
  /** `@LoginExempt()`: anonymous callers are served even when `requirelogin` is on. */
  loginExempt?: boolean;
  /** `@OwnCredentialParams()`: `login`, `password` and `token` are the route's own parameters. */
  ownCredentialParams?: boolean;
  /** `@NoLoginCheck()`: only a login and password are checked; a token or an API key is ignored. */
  noLoginCheck?: boolean;
}

/** Decorators never change once the application runs: each handler's rules are read once. */
const accessByHandler = new WeakMap<Function, RouteAccess>();

/** readRouteAccess, remembered per handler (the global guard asks on every request). */
export function routeAccessOf(reflector: Reflector, handler: Function, controller: Function): RouteAccess {
  let access = accessByHandler.get(handler);
  if (!access) {
    access = readRouteAccess(reflector, handler, controller);
    accessByHandler.set(handler, access);
  }
  return access;
}

/** Reads the decorators of a handler and its controller (the handler's win). */
export function readRouteAccess(reflector: Reflector, handler: Function, controller: Function): RouteAccess {
  const meta = <T>(key: string) => reflector.getAllAndOverride<T | undefined>(key, [handler, controller]);
  return {
    loginRequired: meta<boolean>(LOGIN_REQUIRED) === true,
    requiredGroup: meta<RequiredGroup>(REQUIRED_GROUP),
    loginExempt: meta<boolean>(LOGIN_EXEMPT) === true,
    ownCredentialParams: meta<boolean>(OWN_CREDENTIAL_PARAMS) === true,
    noLoginCheck: meta<boolean>(NO_LOGIN_CHECK) === true,
  };
}

/** Whether the route refuses anonymous callers (410), given Bugzilla's `requirelogin` setting. */
export function needsLogin(access: RouteAccess, requireLogin: boolean): boolean {
  return access.loginRequired === true || access.requiredGroup !== undefined || (requireLogin && !access.loginExempt);
}
