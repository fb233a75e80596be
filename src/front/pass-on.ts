import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Agent, Dispatcher } from 'undici';
import { plainEtag } from '../compression/encodings.js';
import { passedAnswerEncoder } from '../compression/passed-compression.js';
import type { FrontMetrics } from '../metrics/front-metrics.js';
import type { RecentAnswers } from './recent-answers.js';
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
   * What it answers for 'starts' and 'answered' is waited for before the client sees the answer's
   * beginning and its end.
   */
  (request: FastifyRequest, outcome: 'starts' | 'answered' | 'undelivered'): Promise<void> | undefined;
}

export interface PassOnOptions {
  baseUrl: string;
  timeoutMs: number;
  metrics: FrontMetrics;
  /** Each passed request's outcome, for `/health` (bugzilla-state.ts). */
  recent: RecentAnswers;
  onAnswered: PassedAnswer;
  /** Compress what Bugzilla sent plain as the client asks (COMPRESSION, SPEC §18). */
  compression: boolean;
}

/** What passes one request on: the path and query to send (the routed ones), and the body stream if any. */
export type PassOn = (request: FastifyRequest, reply: FastifyReply, body: Readable | undefined) => void;

/** Registers reply-from on the application and answers the function that passes a request on. */
export function registerPassOn(fastify: FastifyInstance, options: PassOnOptions): PassOn {
  const agentOptions = {
    connections: 128,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    // reply-from's own agent would not check an https Bugzilla's certificate: these do.
    connect: { timeout: Math.min(options.timeoutMs, 10_000), rejectUnauthorized: true },
  };
  const dispatcher = new ConnectionByRequest(
    new Agent({ ...agentOptions, keepAliveTimeout: 4_000 }),
    // pipelining 0: no keep-alive, each request on a connection of its own (undici's Client docs).
    new Agent({ ...agentOptions, pipelining: 0 }),
  );
  void fastify.register(replyFrom, {
    base: options.baseUrl,
    undici: dispatcher as never,
    disableRequestLogging: true,
    disableCache: true,
  });
  fastify.addHook('onClose', async () => {
    await dispatcher.closeBoth();
  });
  const { metrics, recent } = options;

  return (request, reply, body) => {
    metrics.notePassed();
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    // reply-from reads the body to send from request.body: a stream is sent on as it arrives.
    if (body !== undefined) (request as { body: unknown }).body = body;
    const sentAt = performance.now();
    const seconds = () => (performance.now() - sentAt) / 1000;
    const send = (again: boolean) =>
      // Relative to BUGZILLA_URL (`./`: a first segment with a colon is a path, never a scheme).
      reply.from(`./${path.slice(1)}`, {
        // The query exactly as it came (reply-from would otherwise re-encode it through URL).
        queryString: () => query,
        rewriteRequestHeaders: (_request, headers) => {
          const sent = requestHeaders(request, headers as IncomingHttpHeaders, body);
          if (options.compression) withPlainEtags(sent);
          if (again) sent[FRESH_CONNECTION] = '1';
          return sent;
        },
        // reply-from's own retries are off: what may be passed again is decided in onError below.
        retryDelay: () => null,
        // The answer's headers are written by relayAnswer, on the raw response: none are copied onto the reply.
        rewriteHeaders: () => ({}),
        timeout: options.timeoutMs,
        onResponse: (_request, _reply, raw) => {
          // What reply-from hands over from undici (its typing names a ServerResponse instead).
          const answer = raw as unknown as { statusCode: number; headers: IncomingHttpHeaders; stream: Readable };
          const took = seconds();
          metrics.observeBugzilla('answered', took);
          recent.answered(took * 1000);
          const relay = () =>
            relayAnswer(
              request,
              reply,
              answer.statusCode,
              answer.headers,
              answer.stream,
              () => options.onAnswered(request, 'answered'),
              options.compression,
            );
          const told = options.onAnswered(request, 'starts');
          if (told) void told.then(relay);
          else relay();
        },
        onError: (_reply, { error }) => {
          if (!again && mayPassAgain(request, body, error) && !reply.sent && !reply.raw.headersSent) {
            send(true);
            return;
          }
          const status = (error as { statusCode?: number }).statusCode === 504 ? 504 : 502;
          metrics.observeBugzilla(status === 504 ? 'timeout' : 'unreachable', seconds());
          recent.unanswered();
          // The request id, never the URL (credentials travel in queries).
          logger.warn(`request ${request.id} passed to Bugzilla got no answer (${status}): ${error.message}`);
          options.onAnswered(request, 'undelivered');
          if (!reply.sent && !reply.raw.headersSent) sendUndelivered(request, reply, status);
        },
      });
    try {
      send(false);
    } catch {
      // A path reply-from refuses to build a URL from (a percent sign that encodes nothing): never sent.
      void reply.status(400).header('content-type', 'text/plain; charset=utf-8').send('Bad Request\n');
    }
  };
}

/**
 * Which connection a passed request goes on, and when it is passed again. Apache (Bugzilla under
 * mod_perl) may close a kept-alive connection just as the front sends the next request on it:
 * Bugzilla's own mod_perl.pl ends a child that grew past Apache2::SizeLimit after the request it
 * served, and its socket then resets the next request (undici: UND_ERR_SOCKET "other side closed",
 * or ECONNRESET), before any byte of an answer. That request never reached Bugzilla, but the front
 * cannot know so from the error alone.
 *
 * - GET, HEAD, OPTIONS and TRACE without a body (safe and idempotent, RFC 9110 §9.2.1–2) go on the
 *   kept-alive pool, and when their connection is lost before any answer came they are passed once
 *   more, on a new connection of their own — what browsers and curl do on a reused connection.
 * - Every other request (a POST, PUT, PATCH or DELETE, or one with a body) goes on a new connection
 *   of its own, and is never passed again: "a proxy MUST NOT automatically retry non-idempotent
 *   requests" (RFC 9110 §9.2.2), and a streamed body is gone once sent. A new connection cannot meet
 *   a server closing it for idleness, so such a request reaches Bugzilla once, or answers 502 when
 *   Bugzilla is really unreachable. The cost is one TCP connect per write, small beside a Bugzilla
 *   request.
 * reply-from's own retry (retriesCount/retryDelay) resends on the same pool, where the next idle
 * connection may be closing too, and undici retries only within a pipeline: neither is used.
 * (Not chosen: undici's RetryAgent, which also resumes a broken answer body with Range requests — a
 * proxy must not splice two answers.)
 */
class ConnectionByRequest extends Dispatcher {
  constructor(
    private readonly keptAlive: Agent,
    private readonly fresh: Agent,
  ) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const headers = options.headers as Record<string, string | undefined> | undefined;
    const again = headers?.[FRESH_CONNECTION] !== undefined;
    if (again) delete headers![FRESH_CONNECTION];
    const reuse = !again && REUSABLE.has(options.method) && !options.body;
    return (reuse ? this.keptAlive : this.fresh).dispatch(options, handler);
  }

  async closeBoth(): Promise<void> {
    await Promise.all([this.keptAlive.close(), this.fresh.close()]);
  }
}

/** Methods sent on kept-alive connections (safe and idempotent, when they carry no body). */
const REUSABLE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Marks, between pass-on and its dispatcher only, a request passed again: it goes on a new connection. */
const FRESH_CONNECTION = 'x-bugzilla-products-fresh-connection';

/** Errors of a connection lost before any answer came (reply-from's wrappers keep undici's code). */
const CONNECTION_LOST = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** Whether a passed request that got no answer may be passed once more (see ConnectionByRequest). */
function mayPassAgain(request: FastifyRequest, body: Readable | undefined, error: Error): boolean {
  if (body !== undefined || !REUSABLE.has(request.method)) return false;
  const code = (error as { code?: string }).code;
  const causeCode = (error.cause as { code?: string } | undefined)?.code;
  return CONNECTION_LOST.has(code ?? '') || CONNECTION_LOST.has(causeCode ?? '');
}

/** The request's headers as Bugzilla gets them: end-to-end ones only, plus where the request came from. */
function requestHeaders(request: FastifyRequest, headers: IncomingHttpHeaders, body: Readable | undefined) {
  const sent = endToEnd(headers);
  // The front's own mark (ConnectionByRequest), never taken from a client.
  delete sent[FRESH_CONNECTION];
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
 * The tags of a passed request's conditions as Bugzilla knows them: a tag of bytes the front compressed
 * (`"abc-br"`, passed-compression.ts) names Bugzilla's plain bytes (`"abc"`), as Apache's mod_deflate
 * reads its own `-gzip` tags.
 */
function withPlainEtags(headers: IncomingHttpHeaders): void {
  for (const name of ['if-none-match', 'if-match'] as const) {
    const value = headers[name];
    if (typeof value === 'string')
      headers[name] = value
        .split(',')
        .map((tag) => plainEtag(tag.trim()))
        .join(', ');
  }
}

/**
 * Bugzilla's answer as it is — status, headers (`Set-Cookie`, `Location`, `Content-Disposition`...)
 * and bytes — less its hop-by-hop headers, plus `Via`, its body compressed on the way when Bugzilla sent
 * it plain and the client asks (`compress`, passed-compression.ts); written on the reply's own response
 * (hijacked, so that no hook of the service's adds or changes a header), streamed.
 */
function relayAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  headers: IncomingHttpHeaders,
  stream: Readable,
  ended: () => Promise<void> | undefined,
  compress: boolean,
): void {
  const sent: OutgoingHttpHeaders = endToEnd(headers);
  sent.via = headers.via ? `${String(headers.via)}, ${VIA}` : VIA;
  // Bugzilla answered before the request's body was all read: the connection cannot carry another request.
  // (HTTP/1.1 only: an HTTP/2 stream has no connection of its own to close, and no `Connection` header.)
  if (!request.raw.complete && request.raw.httpVersionMajor !== 2) sent.connection = 'close';
  // Compressed on the way when Bugzilla sent it plain and the client asks (passed-compression.ts).
  const encoder = compress ? passedAnswerEncoder(request.method, request.headers, status, sent) : undefined;
  reply.hijack();
  const response = reply.raw;
  // pipe() rather than pipeline(): pipeline makes an AbortController per call and aborts it at the end,
  // and the DOMException that abort builds (with its stack) was a tenth of a passed request's CPU.
  let done = false;
  let told = false;
  const tell = () => (told ? undefined : ((told = true), ended()));
  const finish = (failed: boolean) => {
    if (done) return;
    done = true;
    if (failed) {
      stream.destroy();
      encoder?.destroy();
      response.destroy();
    }
    void tell();
  };
  // The client left while the beginning was being noted (front.ts): nothing to relay.
  if (response.destroyed) return finish(true);
  response.writeHead(status, sent);
  stream.once('error', () => finish(true));
  response.once('close', () => finish(!response.writableFinished));
  response.once('finish', () => finish(false));
  // The answer's last bytes leave once its end has been noted (a passed write: every worker knows of it).
  let body: Readable = stream;
  if (encoder) {
    encoder.once('error', () => finish(true));
    body = stream.pipe(encoder);
  }
  body.pipe(response, { end: false });
  body.once('end', () => {
    const noted = tell();
    if (noted) void noted.then(() => response.end());
    else response.end();
  });
}
