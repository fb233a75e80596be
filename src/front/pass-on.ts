import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Agent } from 'undici';
import type { FrontMetrics } from '../metrics/front-metrics.js';
import { sendUndelivered } from './undelivered-answer.js';

/**
 * Passing a request on to the Perl Bugzilla and its answer back (SPEC §13), with
 * `@fastify/reply-from` over an undici Agent: the library streams both bodies (a request body is
 * handed on as the socket's stream, never read into memory), strips the headers named in
 * `Connection`, and times out; this file only says what §13 adds or takes away.
 *
 * Why this library: it is Fastify's own (fastify org), maintained with each Fastify major, and
 * built on undici, Node's own HTTP client (keep-alive pool, backpressure, header and body timeouts);
 * `@fastify/http-proxy` is a thin layer over it for prefix mounts, which the front's
 * per-request choice does not need. Hand-written socket code would have to redo all of that.
 */

const logger = new Logger('Front');

/** The front's name in `Via` (RFC 9110 §7.6.3). */
export const VIA = '1.1 bugzilla-products';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and `Expect`, which concern one connection only: never sent on, either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'http2-settings',
]);

/** Headers named in a `Connection` header are hop-by-hop too. */
function connectionNamed(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    text
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = connectionNamed(headers);
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name) && name.charCodeAt(0) !== 58)
      kept[name] = value;
  }
  return kept;
}

export interface PassedAnswer {
  /**
   * Bugzilla's answer to a passed request begins ('starts': its status and headers came, nothing is
   * written to the client yet), has ended ('answered'), or never came ('undelivered': a 502/504).
   */
  (request: FastifyRequest, outcome: 'starts' | 'answered' | 'undelivered'): void;
}

export interface PassOnOptions {
  baseUrl: string;
  timeoutMs: number;
  metrics: FrontMetrics;
  onAnswered: PassedAnswer;
}

/** What passes one request on: the path and query to send (the routed ones), and the body stream if any. */
export type PassOn = (request: FastifyRequest, reply: FastifyReply, body: Readable | undefined) => void;

/** Registers reply-from on the application and answers the function that passes a request on. */
export function registerPassOn(fastify: FastifyInstance, options: PassOnOptions): PassOn {
  const agent = new Agent({
    connections: 128,
    keepAliveTimeout: 4_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    // reply-from's own agent would not check an https Bugzilla's certificate: this one does.
    connect: { timeout: Math.min(options.timeoutMs, 10_000), rejectUnauthorized: true },
  });
  void fastify.register(replyFrom, {
    base: options.baseUrl,
    undici: agent as never,
    disableRequestLogging: true,
    disableCache: true,
  });
  fastify.addHook('onClose', async () => {
    await agent.close();
  });
  const { metrics } = options;

  return (request, reply, body) => {
    metrics.notePassed();
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    // reply-from reads the body to send from request.body: a stream is sent on as it arrives.
    if (body !== undefined) (request as { body: unknown }).body = body;
    const sentAt = performance.now();
    const seconds = () => (performance.now() - sentAt) / 1000;
    try {
      // Relative to BUGZILLA_URL (`./`: a first segment with a colon is a path, never a scheme).
      reply.from(`./${path.slice(1)}`, {
        // The query exactly as it came (reply-from would otherwise re-encode it through URL).
        queryString: () => query,
        rewriteRequestHeaders: (_request, headers) => requestHeaders(request, headers as IncomingHttpHeaders, body),
        // Never repeated: a request reaches Bugzilla once, as it would without the front.
        retryDelay: () => null,
        // The answer's headers are written by relayAnswer, on the raw response: none are copied onto the reply.
        rewriteHeaders: () => ({}),
        timeout: options.timeoutMs,
        onResponse: (_request, _reply, raw) => {
          // What reply-from hands over from undici (its typing names a ServerResponse instead).
          const answer = raw as unknown as { statusCode: number; headers: IncomingHttpHeaders; stream: Readable };
          metrics.observeBugzilla('answered', seconds());
          options.onAnswered(request, 'starts');
          relayAnswer(request, reply, answer.statusCode, answer.headers, answer.stream, () =>
            options.onAnswered(request, 'answered'),
          );
        },
        onError: (_reply, { error }) => {
          const status = (error as { statusCode?: number }).statusCode === 504 ? 504 : 502;
          metrics.observeBugzilla(status === 504 ? 'timeout' : 'unreachable', seconds());
          // The request id, never the URL (credentials travel in queries).
          logger.warn(`request ${request.id} passed to Bugzilla got no answer (${status}): ${error.message}`);
          options.onAnswered(request, 'undelivered');
          if (!reply.sent && !reply.raw.headersSent) sendUndelivered(request, reply, status);
        },
      });
    } catch {
      // A path reply-from refuses to build a URL from (a percent sign that encodes nothing): never sent.
      void reply.status(400).header('content-type', 'text/plain; charset=utf-8').send('Bad Request\n');
    }
  };
}

/** The request's headers as Bugzilla gets them: end-to-end ones only, plus where the request came from. */
function requestHeaders(request: FastifyRequest, headers: IncomingHttpHeaders, body: Readable | undefined) {
  const sent = endToEnd(headers);
  // No body is sent on (GET, HEAD, or none came): no length either.
  if (body === undefined) delete sent['content-length'];
  const peer = request.raw.socket?.remoteAddress ?? request.ip;
  const forwardedFor = request.headers['x-forwarded-for'];
  sent['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${peer}` : peer;
  sent['x-forwarded-proto'] = request.protocol;
  sent['x-forwarded-host'] = request.host;
  return sent;
}

/**
 * Bugzilla's answer as it is — status, headers (`Set-Cookie`, `Location`, `Content-Disposition`...)
 * and bytes — less its hop-by-hop headers, plus `Via`; written on the reply's own response
 * (hijacked, so that no hook of the service's adds or changes a header), streamed.
 */
function relayAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  headers: IncomingHttpHeaders,
  stream: Readable,
  ended: () => void,
): void {
  const sent: OutgoingHttpHeaders = endToEnd(headers);
  sent.via = headers.via ? `${String(headers.via)}, ${VIA}` : VIA;
  // Bugzilla answered before the request's body was all read: the connection cannot carry another request.
  if (!request.raw.complete) sent.connection = 'close';
  reply.hijack();
  const response = reply.raw;
  response.writeHead(status, sent);
  // pipe() rather than pipeline(): pipeline makes an AbortController per call and aborts it at the end,
  // and the DOMException that abort builds (with its stack) was a tenth of a passed request's CPU.
  let done = false;
  const finish = (failed: boolean) => {
    if (done) return;
    done = true;
    if (failed) {
      stream.destroy();
      response.destroy();
    }
    ended();
  };
  stream.once('error', () => finish(true));
  response.once('close', () => finish(!response.writableFinished));
  response.once('finish', () => finish(false));
  stream.pipe(response);
}
