import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BugzillaError, envelope, ErrorCode, Errors } from './bugzilla-error.js';
import { normalizeRequestUrl } from './request-path.js';
import { admitJsonp } from './rest-jsonp.js';

/**
 * What happens to a request before any route runs: its path is normalised as Apache would
 * (request-path.ts), and requests the service will not route are refused in Bugzilla's envelope —
 * a path climbing above the root (400), a URL longer than HTTP_MAX_HEADER_BYTES (414) — by the
 * first onRequest hook, which also answers OPTIONS (and, in front of a Bugzilla, lets the front decide
 * whether Bugzilla answers instead). Node itself refuses a request line plus headers
 * past the same limit before the application sees the request; clientErrorAnswer gives that answer
 * the envelope too.
 */

/** Requests marked by the URL rewriter, with what to answer them. */
const refusals = new WeakMap<IncomingMessage, () => BugzillaError>();

const tooLong = (limit: number) =>
  new BugzillaError(
    ErrorCode.USER_ERROR,
    `The request line and headers are longer than the limit of ${limit} bytes (HTTP_MAX_HEADER_BYTES).`,
    414,
  );

/** A request that took longer to arrive than the service waits (arrival-deadlines.ts): 408. */
export const lateRequest = () => Errors.badRequest('The request took too long to arrive.');

/** Fastify's `rewriteUrl`: runs before routing, for every request. */
export function requestUrlRewriter(maxHeaderBytes: number): (request: IncomingMessage) => string {
  return (request) => {
    const url = request.url ?? '/';
    if (url.length > maxHeaderBytes) {
      // Never parsed or routed: only a short path is kept, for the logs.
      refusals.set(request, () => tooLong(maxHeaderBytes));
      return url.split('?')[0].slice(0, 1024);
    }
    const normalized = normalizeRequestUrl(url);
    if (normalized !== null) return normalized;
    const path = url.split('?')[0];
    refusals.set(request, () => Errors.badRequest(`The path '${path}' leads above the root of this server.`));
    return url;
  };
}

/**
 * The service's one onRequest hook (a hook is a step of its own on every request): refuses the
 * requests the rewriter marked, then answers OPTIONS (`answerOptions`, http-conventions.ts); a REST
 * GET naming a JSONP callback has it checked and noted (rest-jsonp.ts).
 * Register before any other hook.
 */
export function admitRequests(
  fastify: FastifyInstance,
  answerOptions: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void,
  front?: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => boolean,
): void {
  // Callback style (no promise per request): nearly every request passes.
  fastify.addHook('onRequest', (request, reply, done) => {
    const refusal = refusals.get(request.raw);
    if (refusal) done(refusal());
    // In front of a Bugzilla (SPEC §13, src/front): a request the front takes over is passed on there.
    else if (front !== undefined && front(request, reply, done)) return;
    else if (request.method === 'OPTIONS') answerOptions(request, reply, done);
    else done(admitJsonp(request));
  });
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any request exists (a
 * request line plus headers past the limit, a malformed request, a request that took too long to
 * arrive) is answered with Bugzilla's envelope and the CORS header, then the connection is closed.
 */
export function clientErrorAnswer(maxHeaderBytes: number) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, answer] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [414, 'URI Too Long', tooLong(maxHeaderBytes)]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', lateRequest()]
          : [400, 'Bad Request', Errors.badRequest('The request is not valid HTTP.')];
    const body = JSON.stringify(envelope(answer.code, answer.message));
    // An answer already begun on this connection (a request whose body stopped arriving while it was
    // answered) cannot be followed by another: the connection is only closed.
    const answering = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
    if (socket.writable && !answering?.headersSent) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\n` +
          `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
