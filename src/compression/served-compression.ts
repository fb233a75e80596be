import { pipeline, Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CompressionCounts } from '../metrics/app-metrics.js';
import { negotiatedEncoding } from './accept-encoding.js';
import type { CompressedAnswers } from './compressed-answers.js';
import {
  type Encoding,
  encodeBytes,
  encodedEtag,
  encodingStream,
  forbidsTransform,
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
 * Passed answers (the front's, pass-on.ts) are written on the raw response and never come here.
 */
export class ServedCompression {
  /** Moves at each clear: bytes compressed for an older revision are not kept. */
  private generation = 0;
  /** Answers sent compressed from kept bytes, and compressed for their request (the metrics). */
  private fromKept = 0;
  private compressed = 0;
  /** Answers (coding and ETag) whose compressed bytes a stream is collecting to keep: see encodedStream. */
  private readonly collecting = new Set<string>();
  private collectors = 0;

  constructor(private readonly cache: CompressedAnswers) {}

  /** A new catalogue revision: what was compressed for the one before is dropped. */
  newRevision(): void {
    this.generation++;
    this.cache.clear();
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
      this.compressed++;
      const generation = this.generation;
      encodeBytes(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding).then(
        (compressed) => {
          if (etag !== undefined && generation === this.generation) this.cache.set(etag, encoding, compressed);
          done(null, encoded(reply, encoding, etag, compressed));
        },
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
      this.compressed++;
      return done(null, encoded(reply, encoding, etag, this.encodedStream(payload, encoding, etag)));
    }
    done(null, payload);
  }

  /**
   * A streamed answer compressed as it is written (constant memory), its compressed bytes kept as they
   * pass when it has an ETag and stays within the cache's per-answer bound; kept only once complete.
   * One stream at a time collects the bytes of a given answer and coding: others asked for meanwhile
   * (four whole catalogues at once, before the first is kept) are compressed as they stream but not
   * collected, so that n at once hold one copy of the compressed answer, not n.
   */
  private encodedStream(source: Readable, encoding: Encoding, etag: string | undefined): Readable {
    const encoder = encodingStream(encoding);
    const key = etag === undefined ? undefined : `${encoding} ${etag}`;
    if (etag === undefined || key === undefined || this.cache.entryLimitBytes === 0 || this.collecting.has(key)) {
      pipeline(source, encoder, ignoreEnd);
      return encoder;
    }
    this.collecting.add(key);
    this.collectors++;
    const generation = this.generation;
    const limit = this.cache.entryLimitBytes;
    const cache = this.cache;
    const isCurrent = () => generation === this.generation;
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    const keeper = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (chunks !== undefined) {
          size += chunk.length;
          if (size > limit) chunks = undefined;
          else chunks.push(chunk);
        }
        callback(null, chunk);
      },
      flush(callback) {
        if (chunks !== undefined && isCurrent()) cache.set(etag, encoding, Buffer.concat(chunks, size));
        chunks = undefined;
        callback();
      },
    });
    // Ended, or the client left: the next stream of this answer may collect it.
    pipeline(source, encoder, keeper, () => {
      chunks = undefined;
      this.collecting.delete(key);
      this.collectors--;
    });
    return keeper;
  }

  /** How many streams collect compressed bytes to keep now (one per answer and coding at most). */
  get collectingStreams(): number {
    return this.collectors;
  }
}

/** pipeline's callback: a client that left ends the streams, which is nothing to report. */
function ignoreEnd(): void {}

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
