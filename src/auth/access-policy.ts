import { Injectable } from '@nestjs/common';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { noteCaller } from '../database/read-routing.js';
import { ANONYMOUS, type AuthUser, isLoggedIn } from './auth-user.js';
import { CallerService } from './caller.service.js';
import type { Credentials } from './credentials.js';
import { needsLogin, type RouteAccess } from './route-access.js';

export interface AdmittedCaller {
  user: AuthUser;
  /** The `logincookies` cookie the caller authenticated with, if it used a token (for logout). */
  loginCookie?: string;
}

/**
 * Resolves the caller of one request from its credentials and enforces the login and group rules
 * (SPEC §3). Used by the global REST guard and by the XML-RPC/JSON-RPC servers alike.
 */
@Injectable()
export class AccessPolicy {
  constructor(private readonly callers: CallerService) {}

  async admit(credentials: Credentials, rules: RouteAccess, clientIp: string): Promise<AdmittedCaller> {
    // Bugzilla's login-exempt methods check credentials only when a login and password came.
    const checked = isChecked(credentials, rules);
    const user = checked ? await this.callers.resolve(credentials, clientIp) : ANONYMOUS;
    return this.enforce(user, loginCookieOf(credentials, checked), rules);
  }

  /**
   * admit() without waiting, when the caller is known from memory (CallerService.resolveNow): the
   * same caller, or the same error. Undefined when admit() must run. The REST guard asks this first,
   * so that a request whose caller the model knows passes the guard without a promise.
   */
  admitNow(credentials: Credentials, rules: RouteAccess): AdmittedCaller | undefined {
    const checked = isChecked(credentials, rules);
    const user = checked ? this.callers.resolveNow(credentials) : ANONYMOUS;
    return user && this.enforce(user, loginCookieOf(credentials, checked), rules);
  }

  private enforce(user: AuthUser, loginCookie: string | undefined, rules: RouteAccess): AdmittedCaller {
    // Where this request's reads go depends on whether this caller wrote a moment ago.
    noteCaller(user.id);

    if (needsLogin(rules, this.callers.requireLogin) && !isLoggedIn(user)) throw Errors.loginRequired();

    const requiredGroup = rules.requiredGroup;
    if (requiredGroup && !user.groupNames.has(requiredGroup.group)) {
      throw new BugzillaError(
        ErrorCode.AUTH_FAILURE,
        `Sorry, you aren't a member of the '${requiredGroup.group}' group, and so you are not authorized to ${requiredGroup.action}.`,
      );
    }
    return loginCookie === undefined ? { user } : { user, loginCookie };
  }
}

/** Bugzilla's login-exempt methods check credentials only when a login and password came. */
function isChecked(credentials: Credentials, rules: RouteAccess): boolean {
  return credentials.kind === 'login' || rules.noLoginCheck !== true;
}

/** The `logincookies` cookie of a token the request authenticated with (for logout). */
function loginCookieOf(credentials: Credentials, checked: boolean): string | undefined {
  if (!checked) return undefined;
  if (credentials.kind === 'token') return credentials.cookie;
  if (credentials.kind === 'cookies') {
    return credentials.userId !== undefined && credentials.cookie !== undefined
      ? credentials.cookie
      : loginCookieOf(credentials.fallback, checked);
  }
  return undefined;
}
