import type { Encoding } from './encodings.js';

/**
 * Compressed bytes of the service's answers, kept so that an answer is compressed once per catalogue
 * revision rather than once per request (SPEC §18). Keyed by the answer's ETag and the coding: an ETag
 * is the hash of the answer's bytes (or, for an answer served from the model, of everything its bytes
 * are made of: the question, the products the caller may see and their content revisions), so one key
 * is one body, and a caller never gets bytes made for another caller's visibility.
 *
 * Bounded in bytes (COMPRESSION_CACHE_MB): the least recently served go first, and an answer larger
 * than a quarter of the bound is never kept (it is compressed as it is written, each time). Emptied
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
    return Math.floor(this.limitBytes / 4);
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

  set(etag: string, encoding: Encoding, bytes: Buffer): void {
    if (bytes.length > this.entryLimitBytes) return;
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

function keyOf(etag: string, encoding: Encoding): string {
  return `${encoding} ${etag}`;
}
