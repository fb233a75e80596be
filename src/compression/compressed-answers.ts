import type { Encoding } from './encodings.js';

/**
 * Compressed bytes of the service's answers, kept so that an answer is compressed once per catalogue
 * revision rather than once per request (SPEC §18). Keyed by the answer's ETag and the coding: an ETag
 * is the hash of the answer's bytes (or, for an answer served from the model, of everything its bytes
 * are made of: the question, the products the caller may see and their content revisions), so one key
 * is one body, and a caller never gets bytes made for another caller's visibility.
 *
 * Bounded in bytes (COMPRESSION_CACHE_MB): the least recently served go first, and an answer larger
 * than half the bound is never kept (it is compressed as it is written, each time). Half, not less: the
 * largest answers — python-bugzilla's whole catalogue over XML-RPC, 24.5 MB in gzip at 10,000 products —
 * are the ones whose compression costs seconds, so they are the ones most worth keeping; one of them may
 * push out many single products, each cheap to compress again. Emptied
 * when the model loads a new revision (`clear`), so compressed bytes never outlive the revision they
 * were made for: ETags of the revision before are not asked for again.
 */
export class CompressedAnswers {
  /** In the order last served: a Map iterates in insertion order, and a hit is moved to the end. */
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(readonly limitBytes: number) {}

  /** The bytes largest that one answer may be to be kept. */
  get entryLimitBytes(): number {
    return Math.floor(this.limitBytes / 2);
  }

  get(etag: string, encoding: Encoding): Buffer | undefined {
    const key = keyOf(etag, encoding);
    const bytes = this.entries.get(key);
    if (bytes !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(etag: string, encoding: Encoding, made: Buffer): void {
    if (made.length > this.entryLimitBytes) return;
    const bytes = ownMemory(made);
    const key = keyOf(etag, encoding);
    const before = this.entries.get(key);
    if (before !== undefined) {
      this.entries.delete(key);
      this.bytes -= before.length;
    }
    this.entries.set(key, bytes);
    this.bytes += bytes.length;
    for (const [oldest, oldBytes] of this.entries) {
      if (this.bytes <= this.limitBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldBytes.length;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** What is kept now, for the metrics. */
  get size(): { answers: number; bytes: number } {
    return { answers: this.entries.size, bytes: this.bytes };
  }
}

/**
 * `bytes` in memory of their own, so that what is kept is what is counted. A coding's result is often a
 * view of a larger block: brotli's and a streamed coding's last output chunk is a slice of the stream's
 * 16 KB output buffer, and a gzip result under 4 KB is Buffer.concat's slice of Node's shared 8 KB pool.
 * Kept as it is, a 1.5 KB answer holds the whole block alive — up to ten times the bytes counted
 * against COMPRESSION_CACHE_MB.
 */
function ownMemory(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** An answer's key: its coding and its ETag (also the key of its compression under way, served-compression.ts). */
export function keyOf(etag: string, encoding: Encoding): string {
  return `${encoding} ${etag}`;
}
