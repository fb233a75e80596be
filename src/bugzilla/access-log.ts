import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { RequestWithUser } from '../auth/auth.decorators.js';
import { routeTemplate } from './route-template.js';

const CREDENTIAL_PARAM =
  /([?&](?:Bugzilla_api_key|api_key|Bugzilla_login|login|Bugzilla_password|password|Bugzilla_token|token)=)[^&]*/gi;

/** JSON-RPC over GET carries its params struct, credentials included, as JSON in `params`. */
const RPC_PARAMS = /([?&]params=)([^&]*)/gi;
const CREDENTIAL_NAME = /api_key|login|password|token/i;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** Credentials travel in the query string; they never reach a log line. */
export function redactCredentials(url: string): string {
  // Most URLs carry no query at all: nothing to look for.
  if (!url.includes('?')) return url;
  return url
    .replace(CREDENTIAL_PARAM, '$1[redacted]')
    .replace(RPC_PARAMS, (match, name: string, value: string) =>
      CREDENTIAL_NAME.test(decoded(value)) ? `${name}[redacted]` : match,
    );
}

/** Polled by machines at a fixed rate, with no caller: a line each would drown the others (both are counted in /metrics). */
const UNLOGGED_ROUTES = new Set(['/health', '/metrics']);

/** What an access line says about a request (no header, and the URL without credentials). */
export interface AccessLine {
  requestId: string;
  method: string;
  /** The route's template (`/rest/product/:id_or_name`), or '(unmatched)'. */
  route: string;
  url: string;
  statusCode: number;
  /** Milliseconds, one decimal. */
  responseTime: number;
  /** The caller the guard resolved: its user id, 0 when anonymous, null when none was (unknown path, rejected credentials). */
  userId: number | null;
}

export function accessLine(request: FastifyRequest, statusCode: number, elapsedMs: number): AccessLine {
  return {
    requestId: request.id,
    method: request.method,
    route: routeTemplate(request),
    url: redactCredentials(request.url),
    statusCode,
    responseTime: Math.round(elapsedMs * 10) / 10,
    userId: (request as RequestWithUser).user?.id ?? null,
  };
}

/**
 * One structured line per answered request (level info), with Fastify's request id — the id a 500
 * answer names. A Fastify hook writing straight to the application's pino logger, the context bound
 * once in a child logger (pino serialises its bindings once): the same record Nest's Logger('HTTP')
 * wrote through nestjs-pino (`context` first, `msg` last), without the wrappers' copies of it.
 */
export function registerAccessLog(fastify: FastifyInstance, logger: Logger): void {
  const http = logger.child({ context: 'HTTP' });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (http.isLevelEnabled('info') && !UNLOGGED_ROUTES.has(routeTemplate(request))) {
      http.info(accessLine(request, reply.statusCode, reply.elapsedTime), 'request completed');
    }
    done();
  });
}
