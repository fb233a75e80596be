import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

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
  return url
    .replace(CREDENTIAL_PARAM, '$1[redacted]')
    .replace(RPC_PARAMS, (match, name: string, value: string) =>
      CREDENTIAL_NAME.test(decoded(value)) ? `${name}[redacted]` : match,
    );
}

/**
 * One structured line per answered request (level info), with Fastify's request
 * id — the id a 500 answer names. A Fastify hook rather than pino-http's Nest
 * middleware, which does not run for Fastify routes under Nest 12.
 */
export function registerAccessLog(fastify: FastifyInstance): void {
  const logger = new Logger('HTTP');
  fastify.addHook('onResponse', async (request, reply) => {
    if (request.url === '/health') return;
    logger.log({
      requestId: request.id,
      method: request.method,
      url: redactCredentials(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      msg: 'request completed',
    });
  });
}
