import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BugzillaError } from './bugzilla-error.js';
import { routeTemplate, UNMATCHED_ROUTE } from './route-template.js';
import { answerHash, etagOfStreamedAnswer, setEtagOfStreamedAnswer } from './streamed-answer.js';

/**
 * JSONP on the REST routes, as Bugzilla 5.2's REST server answers it (Bugzilla/WebService/Server/REST.pm,
 * "DATA FORMAT"): a GET whose `callback` parameter is set is answered `/**\/callback(answer)` as
 * `text/javascript; charset=UTF-8`, errors included (with their status), so that a page of another site
 * can read the answer with a `<script>` tag. Bugzilla tests the parameter for truth (so `''` and `'0'`
 * mean none), trims it, and refuses one with any character but letters, digits and `_.[]` with
 * 32611 before the method runs — in plain JSON, as no callback is set then. A path no route knows
 * (32614) is answered before Bugzilla reads the parameter: plain JSON too. On the other methods a
 * callback means nothing here (a `<script>` tag only GETs).
 *
 * The JSON-RPC transport has its own JSONP (src/rpc/jsonrpc.server.ts); this is the REST one.
 */

/** A JSONP answer's type, over REST and JSON-RPC alike. */
export const JSONP_TYPE = 'text/javascript; charset=UTF-8';
/** The JSONP callback: no `\w`, which would allow Unicode. */
const CALLBACK = /^[A-Za-z0-9_.[\]]+$/;
/** Bugzilla's json_rpc_invalid_callback, over REST and JSON-RPC alike. */
export const INVALID_CALLBACK = 32611;

/**
 * Why Bugzilla refuses a JSONP callback (already trimmed), or undefined when it takes it: the check
 * of its REST and JSON-RPC servers alike.
 */
export function callbackRefusal(callback: string): string | undefined {
  if (CALLBACK.test(callback)) return undefined;
  return (
    `You cannot use '${callback}' as your 'callback' parameter. For security reasons, only letters, ` +
    "numbers, and the following characters are allowed in the 'callback' parameter: []._"
  );
}

/** The callback of each admitted request that asked for JSONP. */
const callbacks = new WeakMap<FastifyRequest, string>();

/**
 * Before any route runs: notes the callback of a REST GET that names one, or refuses a callback
 * Bugzilla would refuse (32611, HTTP 400). Costs a substring search on every other request.
 */
export function admitJsonp(request: FastifyRequest): BugzillaError | undefined {
  if (!request.url.includes('callback=')) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (!/^\/rest(?:[/?]|$)/.test(request.url) || routeTemplate(request) === UNMATCHED_ROUTE) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.callback;
  const raw = Array.isArray(value) ? value[0] : value;
  // Perl's truth: an empty string and '0' are false.
  if (typeof raw !== 'string' || raw === '' || raw === '0') return undefined;
  const callback = raw.trim();
  const refusal = callbackRefusal(callback);
  if (refusal !== undefined) return new BugzillaError(INVALID_CALLBACK, refusal);
  callbacks.set(request, callback);
  return undefined;
}

/**
 * The answer as JSONP when its request asked for it (admitJsonp), else the answer as it is: a
 * serialised answer or a remembered answer's bytes become the wrapped text (its ETag is then
 * worked out from that text); a streamed answer becomes a stream of the wrapped bytes, with an ETag
 * derived from the answer's and the callback, and its length grown by the wrapping.
 */
export function withJsonp(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const callback = callbacks.get(request);
  if (callback === undefined) return payload;
  const head = `/**/${callback}(`;
  const tail = ')';
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    void reply.header('content-type', JSONP_TYPE);
    return head + payload.toString() + tail;
  }
  const etag = etagOfStreamedAnswer(payload);
  if (etag === undefined || !(payload instanceof Readable)) return payload;
  void reply.header('content-type', JSONP_TYPE);
  const length = reply.getHeader('content-length');
  if (length !== undefined) {
    void reply.header('content-length', String(Number(length) + Buffer.byteLength(head) + tail.length));
  }
  const wrapped = Readable.from(wrap(head, payload, tail), { objectMode: false });
  const hash = answerHash();
  hash.update(`${etag}\n${callback}`);
  setEtagOfStreamedAnswer(wrapped, hash.etag());
  return wrapped;
}

async function* wrap(head: string, answer: Readable, tail: string): AsyncIterable<string | Buffer> {
  yield head;
  // for await: the answer is destroyed if the wrapped stream is (a 304, a client gone).
  for await (const chunk of answer) yield chunk as string | Buffer;
  yield tail;
}
