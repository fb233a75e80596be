import type { Http2ServerRequest } from 'node:http2';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import FindMyWay from 'find-my-way';
import { BODY_LIMIT_BYTES } from '../bugzilla/http-conventions.js';
import { routeTemplate, UNMATCHED_ROUTE } from '../bugzilla/route-template.js';
import { JSONRPC_PATH } from '../rpc/rpc-paths.js';
import type { FrontMetrics } from '../metrics/front-metrics.js';
import { isNeverPassed, isServedMethod, routeDecision, RPC_PATHS } from './front-routes.js';
import type { OutsideWrites, PassedWrite } from './outside-writes.js';
import { registerPassOn } from './pass-on.js';
import type { RecentAnswers } from './recent-answers.js';
import { rpcMethodName } from './rpc-method-name.js';
import { rememberJsonRpcCall } from './undelivered-answer.js';

/**
 * The front (SPEC §13; STYLE "The front is an edge, not a feature"): the one place that decides, from
 * the request as the router has already parsed it, whether the service answers it or Bugzilla does.
 * It runs inside the service's one onRequest hook (request-admission.ts), after the path has been
 * normalised and routed — so the path that decided is the path that is sent — and before any body is
 * read: a passed request's body is streamed to Bugzilla, never parsed or limited. Only a POST to an
 * RPC endpoint is read first (up to the 1 MiB the service would accept), to find the method it calls;
 * it is then served from those bytes or passed on with exactly them.
 */
export type FrontHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => boolean;

export interface FrontOptions {
  baseUrl: string;
  timeoutMs: number;
  maxParamLength: number;
  metrics: FrontMetrics;
  /** Where each passed request's outcome is noted for `/health` (bugzilla-state.ts). */
  recent: RecentAnswers;
  outsideWrites: OutsideWrites;
  /** Compress what Bugzilla sent plain as the client asks (COMPRESSION, SPEC §18). */
  compression: boolean;
}

/** RPC bodies read by the front and served: the router's body parser reads them from here. */
const readBodies = new WeakMap<IncomingMessage, Buffer>();

export function registerFront(fastify: FastifyInstance, options: FrontOptions): FrontHook {
  const { metrics, outsideWrites } = options;
  /** Passed requests that may write, with their callers as they were when passed (outside-writes.ts). */
  const passedWrites = new WeakMap<FastifyRequest, PassedWrite>();
  const passOnly = registerPassOn(fastify, {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    metrics,
    recent: options.recent,
    compression: options.compression,
    // Marked when Bugzilla's answer begins and again when it has ended (a page that prints its headers
    // before it commits, as Bugzilla's admin CGIs do, has written only by then); each time the client
    // sees the answer go on only once every worker (WORKERS=N) knows, so its next request finds them told.
    onAnswered: (request) => {
      const write = passedWrites.get(request);
      return write ? outsideWrites.noteWrite(write) : undefined;
    },
  });
  const passOn: typeof passOnly = (request, reply, body) => {
    if (MAY_WRITE.has(request.method)) passedWrites.set(request, outsideWrites.passing(request));
    passOnly(request, reply, body);
  };
  const servedPaths = servedPathTable(fastify, options.maxParamLength);
  fastify.addHook('onClose', async () => outsideWrites.close());

  // A served RPC request's body, already read, is what the body parser reads: a step of the RPC
  // endpoints' own routes only (a hook on every route would be a step on every request).
  fastify.addHook('onRoute', (route) => {
    if (!RPC_PATHS.has(route.url)) return;
    const own =
      route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [...own, readBodyFirst];
  });

  /** The service answers this request itself (after a check of the model if its caller just wrote through Bugzilla). */
  const served = (request: FastifyRequest) => {
    metrics.noteServed();
    outsideWrites.beforeServed(request);
  };

  return (request, reply, done) => {
    const path = pathOf(request.url);
    if (isNeverPassed(path)) {
      metrics.noteServed();
      return false;
    }
    if (request.method === 'OPTIONS') {
      if (servedPaths(path)) {
        metrics.noteServed();
        return false;
      }
      passOn(request, reply, bodyOf(request));
      return true;
    }
    const route = routeTemplate(request);
    const decision = routeDecision(request.method, route === UNMATCHED_ROUTE ? undefined : route);
    if (decision === 'served') {
      served(request);
      return false;
    }
    if (decision === 'passed' || request.method !== 'POST') {
      const name =
        decision === 'by-method' ? rpcMethodName(path, request.method, queryOf(request), undefined) : undefined;
      if (name !== undefined && isServedMethod(name)) {
        served(request);
        return false;
      }
      passOn(request, reply, bodyOf(request));
      return true;
    }
    // An RPC POST: the method is in the body.
    readUpTo(request.raw, BODY_LIMIT_BYTES).then(
      (read) => {
        const name = read.whole ? rpcMethodName(path, 'POST', queryOf(request), read.bytes) : undefined;
        if (name !== undefined && isServedMethod(name)) {
          readBodies.set(request.raw, read.bytes);
          served(request);
          done();
          return;
        }
        if (read.whole && path === JSONRPC_PATH) rememberJsonRpcCall(request, read.bytes);
        passOn(request, reply, read.whole ? Readable.from([read.bytes], { objectMode: false }) : request.raw);
      },
      // The client went away while sending: nothing to answer.
      () => request.raw.destroy(),
    );
    return true;
  };
}

/** preParsing of the RPC routes: the body the front has read, if it read one. */
const readBodyFirst: preParsingHookHandler = (request, _reply, payload, done) => {
  const body = readBodies.get(request.raw);
  if (body === undefined) return done(null, payload);
  readBodies.delete(request.raw);
  done(null, Readable.from([body], { objectMode: false }));
};

/** Methods after whose answer the caller's next read must see what Bugzilla wrote. */
const MAY_WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

/** The request's body as a stream to send on, or undefined when it has none (GET and HEAD never send one). */
function bodyOf(request: FastifyRequest): Readable | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  // HTTP/2 (SPEC §18) frames a body with DATA frames, with or without a Content-Length: there is none only
  // when the request's HEADERS ended its stream.
  if (request.raw.httpVersionMajor === 2)
    return (request.raw as unknown as Http2ServerRequest).stream.endAfterHeaders ? undefined : request.raw;
  const headers = request.headers;
  const length = headers['content-length'];
  if (headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return undefined;
  return request.raw;
}

/**
 * Reads a request body up to `limit` bytes: all of it (`whole`), or, past the limit, the bytes read so
 * far put back at the front of the stream (unshift), which then still holds the whole body to send on.
 */
function readUpTo(stream: IncomingMessage, limit: number): Promise<{ whole: boolean; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('aborted', onError);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      cleanup();
      stream.pause();
      stream.unshift(Buffer.concat(chunks));
      resolve({ whole: false, bytes: Buffer.alloc(0) });
    };
    const onEnd = () => {
      cleanup();
      resolve({ whole: true, bytes: Buffer.concat(chunks, size) });
    };
    const onError = (error?: Error) => {
      cleanup();
      reject(error ?? new Error('aborted'));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('aborted', onError);
  });
}

/**
 * Whether a path is one of the service's served routes under some method (for OPTIONS, which names
 * no method of its own): the same path rules as the router, over the routes the front serves.
 */
function servedPathTable(fastify: FastifyInstance, maxParamLength: number): (path: string) => boolean {
  const routes = FindMyWay({ ignoreTrailingSlash: true, maxParamLength });
  fastify.addHook('onRoute', (route) => {
    for (const method of (Array.isArray(route.method) ? route.method : [route.method]).map(String)) {
      if (method === 'HEAD' || method === 'OPTIONS' || routeDecision(method, route.url) !== 'served') continue;
      try {
        routes.on(method as 'GET', route.url, () => undefined);
      } catch {
        // Already known under this method.
      }
    }
  });
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
  return (path) => methods.some((method) => routes.find(method, path) !== null);
}
