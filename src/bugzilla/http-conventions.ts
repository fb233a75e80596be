import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { ServedCompression } from '../compression/served-compression.js';
import { plainEtag } from '../compression/encodings.js';
import { BugzillaError, ErrorCode, Errors } from './bugzilla-error.js';
import { bugzillaPath } from './error-envelope.js';
import { lingerOnUnreadBody } from './lingering-close.js';
import { withJsonp } from './rest-jsonp.js';
import { answerHash, etagOfStreamedAnswer } from './streamed-answer.js';

/** Largest accepted request body (SPEC §2). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const ALLOW_HEADERS = 'origin, content-type, accept, x-requested-with';

/**
 * Answers that are frozen (the in-memory model's remembered answers, served to every caller
 * with the same groups asking the same question until the next snapshot) are serialised, encoded
 * and hashed once: their UTF-8 bytes per object (forgotten with the object, which a new snapshot
 * replaces), and the ETag of those bytes. Sent as bytes, a remembered answer costs nothing per
 * request for its size: a string body is encoded to UTF-8 by Node and its length counted by
 * Fastify on every request (70 KB for the bench's single product).
 */
const rememberedBytes = new WeakMap<object, Buffer>();
/** The ETag of each remembered answer's bytes (only those: any other Buffer is sent as it is). */
const etagsOfBytes = new WeakMap<Buffer, string>();

/**
 * An answer object shared by every request that asks the same question of one model snapshot:
 * frozen (so serialised, encoded and hashed once, above) and without a prototype. Nest's router asks
 * of every result whether it is a plain object (to find a stream wrapped in one): for an object with
 * Object's prototype that costs two `Function.prototype.toString` calls per request, for one with
 * none it stops at the first test. JSON.stringify treats both alike.
 */
export function sharedAnswer<T extends object>(fields: T): T {
  return Object.freeze(Object.assign(Object.create(null) as T, fields));
}

function serializeAnswer(payload: unknown): string | Buffer {
  if (!payload || typeof payload !== 'object' || !Object.isFrozen(payload)) return JSON.stringify(payload);
  return bytesOfSharedAnswer(payload);
}

/**
 * The UTF-8 bytes a frozen answer (sharedAnswer) is sent as: serialised, encoded and hashed on the
 * first call, then the same Buffer for as long as the answer lives (what the in-memory model
 * weighs the answers it remembers by).
 */
export function bytesOfSharedAnswer(answer: object): Buffer {
  let bytes = rememberedBytes.get(answer);
  if (bytes === undefined) {
    const json = JSON.stringify(answer);
    bytes = Buffer.from(json);
    rememberedBytes.set(answer, bytes);
    etagsOfBytes.set(bytes, etagOfText(json));
  }
  return bytes;
}

/** The ETag every 200 with this body carries (SPEC §2); If-Match compares with it (if-match.ts). */
export function etagOfText(payload: string): string {
  const hash = answerHash();
  hash.update(payload);
  return hash.etag();
}

/**
 * Bugzilla's wire conventions that hold for every route (SPEC §2): JSON object
 * bodies, CORS and ETag/304 (OPTIONS: optionsAnswerer), REST's JSONP (rest-jsonp.ts), the
 * lingering close of a connection answered before its body was read (lingering-close.ts), and the
 * compression the request asks for (SPEC §18, served-compression.ts; none when `compression` is not
 * given: COMPRESSION=false). (Errors Fastify raises itself,
 * such as body parsing and limits, reach the envelope filter through Nest's Fastify
 * error handler.)
 */
export function applyHttpConventions(fastify: FastifyInstance, compression?: ServedCompression): void {
  registerJsonBodyParser(fastify);
  // Fastify sends the Buffer as it is (its type says string: a Buffer is a body it takes as well).
  fastify.setReplySerializer(serializeAnswer as (payload: unknown) => string);
  // Callback style, as the other per-request hooks: an async hook costs a promise per request.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('access-control-allow-origin', '*');
    void reply.header('access-control-allow-headers', ALLOW_HEADERS);
    // The security headers Bugzilla sends with every answer.
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('x-frame-options', 'SAMEORIGIN');
    void reply.header('x-xss-protection', '1; mode=block');
    // An answer sent before the body has all arrived (a body over the limit): close, but read the rest first.
    lingerOnUnreadBody(request, reply);
    const answer = withEtag(request, reply, withJsonp(request, reply, payload));
    if (compression) compression.compress(request, reply, answer, done);
    else done(null, answer);
  });
}

/** Any content type is read as JSON (clients differ in what they send); it must be an object. */
function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return done(
        new BugzillaError(
          ErrorCode.USER_ERROR,
          `Could not parse the request body as valid JSON. Error: ${(error as Error).message}`,
        ),
        undefined,
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return done(Errors.badRequest('The request body must be a JSON object.'), undefined);
    }
    done(null, parsed);
  });
}

/**
 * OPTIONS on a known path answers 200 with the methods the path supports: the answer to an OPTIONS
 * request, for the service's one onRequest hook (request-admission.ts), which passes every other
 * request on. Must be made before `app.init()`, so that the route table is observed.
 */
export function optionsAnswerer(
  fastify: FastifyInstance,
  maxParamLength: number,
): (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void {
  // The same path rules as the application's router (bootstrap.ts), so that every routable path is known here.
  const routes = FindMyWay({ ignoreTrailingSlash: true, maxParamLength });
  fastify.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      try {
        routes.on(method as 'GET', route.url, () => undefined);
      } catch {
        // Already known under this method (Nest may register a path twice); nothing to add.
      }
    }
  });
  return (request, reply, done) => {
    const path = request.url.split('?')[0];
    const allowed = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => routes.find(m as 'GET', path) !== null);
    if (allowed.length === 0) return done(Errors.resourceNotFound('OPTIONS', bugzillaPath(request.url)));
    const allow = allowed.join(', ');
    // No body, so no content type (an empty body is not JSON). Answered here: done() is not called.
    void reply.status(200).header('allow', allow).header('access-control-allow-methods', allow).send();
  };
}

/**
 * Every 200 carries an ETag; a GET whose If-None-Match matches answers 304 with no body. A
 * remembered answer's bytes, and a streamed answer (streamed-answer.ts), come with their ETag
 * worked out before (once per answer).
 */
function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode !== 200) return payload;
  const remembered = Buffer.isBuffer(payload) ? etagsOfBytes.get(payload) : undefined;
  const streamed = remembered === undefined ? etagOfStreamedAnswer(payload) : undefined;
  if (remembered === undefined && streamed === undefined && typeof payload !== 'string') return payload;
  const etag = remembered ?? streamed ?? etagOfText(payload as string);
  void reply.header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (request.method === 'GET' && ifNoneMatch && matchesEtag(ifNoneMatch, etag)) {
    if (streamed !== undefined) (payload as Readable).destroy();
    void reply.status(304);
    void reply.removeHeader('content-type');
    void reply.removeHeader('content-length');
    return '';
  }
  return payload;
}

/**
 * Whether an If-None-Match or If-Match header (a list of tags, or `*`) names `etag`: the tag of the
 * plain bytes, or of the same bytes compressed (served-compression.ts), as with Apache's mod_deflate.
 */
export function matchesEtag(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => plainEtag(tag.trim().replace(/^W\//, '')))
    .some((tag) => tag === '*' || tag === etag);
}
