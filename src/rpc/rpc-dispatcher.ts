import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AccessPolicy } from '../auth/access-policy.js';
import { extractCredentials } from '../auth/credentials.js';
import { BugzillaError } from '../bugzilla/bugzilla-error.js';
import { toLoggedBugzillaError } from '../bugzilla/error-envelope.js';
import type { RpcMethod } from './rpc-methods.js';
import { JSONRPC_PATH } from './rpc-paths.js';

/**
 * Runs one method of the table for either transport: takes the credentials out of the params
 * struct (and the X-BUGZILLA-* headers) with the same code as the REST guard, admits the caller
 * under the method's access rules (AccessPolicy, as REST), and calls the method's service.
 */
@Injectable()
export class RpcDispatcher {
  constructor(
    private readonly access: AccessPolicy,
    private readonly moduleRef: ModuleRef,
  ) {}

  async invoke(method: RpcMethod, params: Record<string, unknown>, request: FastifyRequest): Promise<unknown> {
    // A copy: extractCredentials deletes the credential parameters it reads.
    const own: Record<string, unknown> = { ...params };
    const credentials = extractCredentials(
      own,
      undefined,
      request.headers,
      method.access.ownCredentialParams === true,
      rpcCookies(request),
    );
    const { user, loginCookie } = await this.access.admit(credentials, method.access, request.ip);
    return method.call({
      user,
      params: own,
      loginCookie,
      clientIp: request.ip,
      service: (type) => this.moduleRef.get(type, { strict: false }),
    });
  }
}

/**
 * Where Bugzilla 5.2's RPC servers let login cookies count: XML-RPC always, JSON-RPC over POST only
 * (JSONRPC.pm handle_login: a GET can be made cross-site, JSONP included).
 */
function rpcCookies(request: FastifyRequest): string | string[] | undefined {
  if (request.method !== 'POST' && request.url.startsWith(JSONRPC_PATH)) return undefined;
  // Counted even when none came: an api token then fails as Bugzilla fails it.
  return request.headers.cookie ?? '';
}

/**
 * Any error as the code and message of a fault: Bugzilla errors as they are, anything else as
 * REST would answer it (database unavailable, or an opaque internal error with a request id, logged).
 */
export function faultOf(error: unknown, request: FastifyRequest): { code: number; message: string } {
  const bzError = error instanceof BugzillaError ? error : toLoggedBugzillaError(error, request);
  return { code: bzError.code, message: bzError.message };
}
