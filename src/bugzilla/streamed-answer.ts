import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';

/** The ETag of an answer: the SHA-1 of its bytes, whether hashed whole or piece by piece. */
export function answerHash(): { update(text: string): void; etag(): string } {
  const hash = createHash('sha1');
  return {
    update: (text) => void hash.update(text),
    etag: () => `"${hash.digest('base64url')}"`,
  };
}

/** What the headers of a streamed answer say before its body is written: its ETag and length. */
export interface AnswerDigest {
  etag: string;
  /** Content-Length, in bytes of UTF-8; unknown (sent chunked) when the ETag did not need the body. */
  length?: number;
}

/** The JSON text of an answer in pieces; each call starts again from the first piece. */
export type AnswerPieces = () => Iterable<string>;

/**
 * The pieces of `{"<key>":[...items]}`, an item at a time: joined, exactly the text of
 * `JSON.stringify` of the whole, with each item serialised only when it is taken.
 */
export function* listPieces(key: string, items: Iterable<unknown>): Iterable<string> {
  yield `{${JSON.stringify(key)}:[`;
  let first = true;
  for (const item of items) {
    yield (first ? '' : ',') + JSON.stringify(item);
    first = false;
  }
  yield ']}';
}

/** Longest stretch (ms) of hashing or writing one answer before other requests get their turn. */
const HASH_SLICE_MS = 10;

/**
 * Works out an answer's ETag and length from its pieces, holding one piece at a time, and
 * letting other requests run every few milliseconds (a whole catalogue takes seconds to hash).
 */
export async function digestOf(pieces: AnswerPieces): Promise<AnswerDigest> {
  const hash = answerHash();
  let length = 0;
  let sliceStart = performance.now();
  for (const piece of pieces()) {
    hash.update(piece);
    length += Buffer.byteLength(piece);
    if (performance.now() - sliceStart > HASH_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return { etag: hash.etag(), length };
}

/**
 * The pieces, letting other requests run every few milliseconds: a client that reads as fast as the
 * answer is made (the socket never full) would otherwise keep the event loop for the whole answer,
 * so that a second big answer (or any request) could not even start before the first was written
 * (seen: 4 whole catalogues at once, the last first byte after 5 s).
 */
async function* takingTurns(pieces: Iterable<string>): AsyncIterable<string> {
  let sliceStart = performance.now();
  for (const piece of pieces) {
    yield piece;
    if (performance.now() - sliceStart > HASH_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/**
 * A body written piece by piece, each piece made only when the socket has room for it, taking
 * turns with other requests (takingTurns): what a streamed answer, REST or RPC, is sent as.
 */
export function piecesStream(pieces: Iterable<string>, etag?: string): Readable {
  const stream = Readable.from(takingTurns(pieces), { objectMode: false });
  if (etag !== undefined) etagsOfStreams.set(stream, etag);
  return stream;
}

/**
 * An answer whose one list is made item by item as it is written (a ProductSequence): the RPC
 * servers write it in their own encodings without holding the whole (rpc/streamed-result.ts).
 */
export interface ListAnswer {
  /** The answer's one member, a list. */
  readonly listKey: string;
  /** Its items, made one at a time; each call starts again. */
  listItems(): Iterable<unknown>;
  /**
   * An ETag of its content known without a pass over the items (served from the model: the
   * content revisions of its products), whatever the encoding; undefined when only the bytes say.
   */
  readonly knownDigest?: Promise<AnswerDigest>;
}

export function isListAnswer(value: unknown): value is ListAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ListAnswer).listKey === 'string' &&
    typeof (value as ListAnswer).listItems === 'function'
  );
}

/** ETags of the streams of streamed answers, for the wire conventions' ETag/304 step. */
const etagsOfStreams = new WeakMap<object, string>();

/** The ETag a streamed answer was sent with (undefined for any other payload). */
export function etagOfStreamedAnswer(payload: unknown): string | undefined {
  return payload && typeof payload === 'object' ? etagsOfStreams.get(payload) : undefined;
}

/** Gives a stream made of a streamed answer (its JSONP form, rest-jsonp.ts) the ETag it is sent with. */
export function setEtagOfStreamedAnswer(stream: object, etag: string): void {
  etagsOfStreams.set(stream, etag);
}

/**
 * A JSON answer written to the socket piece by piece (docs/operators.md, "Large answers"): the same bytes
 * as `JSON.stringify` of the whole, the same ETag (the SHA-1 of those bytes) and the same
 * Content-Length, without the whole text ever in memory. The pieces are made only as the socket
 * takes them (a Readable pulls the next piece when its buffer has room), so a slow client
 * holds up only its own answer.
 */
export function streamedAnswer(pieces: AnswerPieces, digest: AnswerDigest): StreamableFile {
  const stream = piecesStream(pieces(), digest.etag);
  return new StreamableFile(stream, { type: 'application/json; charset=utf-8', length: digest.length });
}
