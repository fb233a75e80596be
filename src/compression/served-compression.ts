import { pipeline, Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CompressionCounts } from '../metrics/app-metrics.js';
import { negotiatedEncoding } from './accept-encoding.js';
import { type CompressedAnswers, keyOf } from './compressed-answers.js';
import { afterCompression } from './after-compression.js';
import {
  type Encoding,
  encodeBytes,
  encodedEtag,
  encodingStream,
  forbidsTransform,
  ignoreEnd,
  isCompressibleType,
  varyWithAcceptEncoding,
} from './encodings.js';

/**
 * Answers smaller than this go plain (SPEC §18, "under about 1 KB"): a compressed body that small
 * saves a few hundred bytes, less than a packet, for the CPU and the extra header.
 */
export const MIN_COMPRESSED_BYTES = 1024;

type Done = (error: Error | null, payload?: unknown) => void;

/**
 * Compression of the service's own answers (SPEC §18): the last step of the wire conventions' onSend
 * hook (http-conventions.ts), after the ETag, so that a 304 is decided on the plain bytes' tag. Every
 * answer of a text type gets `Vary: Accept-Encoding`; one of 1 KB or more is sent in the coding the
 * request's `Accept-Encoding` prefers, with `Content-Encoding` and its own ETag (encodedEtag). An answer
 * with an ETag is compressed once (CompressedAnswers) and served from those bytes after: the model's
 * answers, the whole catalogue streamed included, cost a compression per revision, not per request.
 * Requests for an answer whose compression is under way wait for its bytes rather than compressing them
 * again: after a new revision, many clients asking at once for the same large answer (python-bugzilla's
 * whole catalogue: seconds of CPU) cost one compression, not one each.
 * Passed answers (the front's, pass-on.ts) are written on the raw response and never come here.
 */
export class ServedCompression {
  /** Moves at each clear: bytes compressed for an older revision are not kept. */
  private generation = 0;
  /** Answers sent compressed from kept bytes, and compressed for their request (the metrics). */
  private fromKept = 0;
  private compressed = 0;
  /**
   * Compressions under way, by coding and ETag: each resolves to the compressed bytes, or to undefined when
   * they are not kept (larger than the cache takes, or the answer was not written to its end).
   */
  private readonly underWay = new Map<string, Promise<Buffer | undefined>>();

  constructor(private readonly cache: CompressedAnswers) {}

  /** A new catalogue revision: what was compressed for the one before is dropped. */
  newRevision(): void {
    this.generation++;
    this.cache.clear();
    // A compression under way still ends for the requests waiting for it (their ETag names those bytes),
    // but a request from now on starts its own, which is kept for the new revision.
    this.underWay.clear();
  }

  /** Compressions under way that requests may wait for (one per answer and coding at most). */
  get compressionsUnderWay(): number {
    return this.underWay.size;
  }

  get counts(): CompressionCounts {
    const { answers, bytes } = this.cache.size;
    return { fromKept: this.fromKept, compressed: this.compressed, keptAnswers: answers, keptBytes: bytes };
  }

  /** The onSend step: calls `done` with the payload to send, plain or compressed. */
  compress(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: Done): void {
    const status = reply.statusCode;
    if (status === 304) {
      tagNotModified(request, reply);
      return done(null, payload);
    }
    if (
      status < 200 ||
      status === 204 ||
      status === 206 ||
      reply.hasHeader('content-encoding') ||
      !isCompressibleType(reply.getHeader('content-type') as string | undefined)
    )
      return done(null, payload);
    addVary(reply);
    if (forbidsTransform(reply.getHeader('cache-control') as string | undefined)) return done(null, payload);
    const encoding = negotiatedEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return done(null, payload);
    const etag = reply.getHeader('etag') as string | undefined;

    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      // Counted before it is encoded: most answers of a string (errors, small lists) stay plain.
      const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (length < MIN_COMPRESSED_BYTES) return done(null, payload);
      const kept = etag === undefined ? undefined : this.cache.get(etag, encoding);
      if (kept !== undefined) {
        this.fromKept++;
        return done(null, encoded(reply, encoding, etag, kept));
      }
      const own = () => encodeBytes(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
      const joined = etag === undefined ? undefined : this.underWay.get(keyOf(etag, encoding));
      if (joined !== undefined) this.fromKept++;
      else this.compressed++;
      // A compression joined that keeps nothing (a streamed answer of the same tag, past the cache's bound)
      // leaves this request to compress its own.
      const compression: Promise<Buffer> = joined
        ? joined.then((bytes) => bytes ?? own(), own)
        : this.startCompression(etag, encoding, own());
      compression.then(
        (compressed) => done(null, encoded(reply, encoding, etag, compressed)),
        (error: Error) => done(error),
      );
      return;
    }
    if (payload instanceof Readable) {
      const length = Number(reply.getHeader('content-length'));
      if (Number.isFinite(length) && length < MIN_COMPRESSED_BYTES) return done(null, payload);
      const kept = etag === undefined ? undefined : this.cache.get(etag, encoding);
      if (kept !== undefined) {
        this.fromKept++;
        payload.destroy();
        return done(null, encoded(reply, encoding, etag, kept));
      }
      const joined = etag === undefined ? undefined : this.underWay.get(keyOf(etag, encoding));
      if (joined !== undefined) {
        this.fromKept++;
        return done(null, encoded(reply, encoding, etag, afterCompression(joined, payload, encoding)));
      }
      this.compressed++;
      return done(null, encoded(reply, encoding, etag, this.encodedStream(payload, encoding, etag)));
    }
    done(null, payload);
  }

  /**
   * Makes `made` the compression under way of (`etag`, `encoding`) until it settles, for requests to wait for,
   * and keeps its bytes for the revision it began in (none when it settles to undefined). An answer without an
   * ETag is compressed for its request alone.
   */
  private startCompression<T extends Buffer | undefined>(
    etag: string | undefined,
    encoding: Encoding,
    made: Promise<T>,
  ): Promise<T> {
    if (etag === undefined) return made;
    const generation = this.generation;
    const key = keyOf(etag, encoding);
    const compression = made.then((bytes) => {
      if (bytes !== undefined && generation === this.generation) this.cache.set(etag, encoding, bytes);
      return bytes;
    });
    this.underWay.set(key, compression);
    const settled = () => {
      if (this.underWay.get(key) === compression) this.underWay.delete(key);
    };
    compression.then(settled, settled);
    return compression;
  }

  /**
   * A streamed answer compressed as it is written (constant memory), its compressed bytes kept as they
   * pass when it has an ETag and stays within the cache's per-answer bound; kept only once complete.
   *
   * The compressed bytes are gathered whatever pace the client reads at: the stream that hands them to the
   * client holds up to the per-answer bound unread, so a slow client (a phone, a long link) does not hold back
   * the requests waiting for this compression, which are sent the bytes as soon as they are all made. Those
   * are bytes gathered anyway; past the bound nothing is gathered, and the client's pace applies again.
   */
  private encodedStream(source: Readable, encoding: Encoding, etag: string | undefined): Readable {
    const encoder = encodingStream(encoding);
    if (etag === undefined || this.cache.entryLimitBytes === 0) {
      pipeline(source, encoder, ignoreEnd);
      return encoder;
    }
    const limit = this.cache.entryLimitBytes;
    let settle!: (bytes: Buffer | undefined) => void;
    void this.startCompression(etag, encoding, new Promise<Buffer | undefined>((resolve) => (settle = resolve)));
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    // Too large to keep, or not written to its end (the client left): requests waiting for these bytes
    // compress their own answer.
    const keepNothing = () => {
      chunks = undefined;
      settle(undefined);
    };
    const keeper = new Transform({
      readableHighWaterMark: limit,
      transform(chunk: Buffer, _encoding, callback) {
        if (chunks !== undefined) {
          size += chunk.length;
          if (size > limit) keepNothing();
          else chunks.push(chunk);
        }
        callback(null, chunk);
      },
      flush(callback) {
        if (chunks !== undefined) settle(Buffer.concat(chunks, size));
        chunks = undefined;
        callback();
      },
    });
    keeper.once('close', keepNothing);
    pipeline(source, encoder, keeper, ignoreEnd);
    return keeper;
  }
}

/** Sets what a compressed answer's headers say, and answers its body. */
function encoded<T>(reply: FastifyReply, encoding: Encoding, etag: string | undefined, body: T): T {
  void reply.header('content-encoding', encoding);
  if (etag !== undefined) void reply.header('etag', encodedEtag(etag, encoding));
  // A Buffer's length is counted by Fastify; a stream's is not known before its end (sent chunked).
  reply.removeHeader('content-length');
  return body;
}

/**
 * A 304 carries the tag the 200 would have (RFC 9110 §15.4.5): the compressed bytes' tag when the
 * request's `If-None-Match` names that one for the coding it asks for.
 */
function tagNotModified(request: FastifyRequest, reply: FastifyReply): void {
  const etag = reply.getHeader('etag') as string | undefined;
  const encoding = negotiatedEncoding(request.headers['accept-encoding']);
  addVary(reply);
  if (etag === undefined || encoding === undefined) return;
  const variant = encodedEtag(etag, encoding);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.includes(variant)) void reply.header('etag', variant);
}

/** Adds `Accept-Encoding` to the answer's `Vary`, keeping what it names already. */
function addVary(reply: FastifyReply): void {
  const vary = varyWithAcceptEncoding(reply.getHeader('vary'));
  if (vary !== undefined) void reply.header('vary', vary);
}
