import { CompressedAnswers } from './compressed-answers.js';
import { encodeBytes, encodedEtag, plainEtag, varyWithAcceptEncoding } from './encodings.js';

const bytes = (size: number) => Buffer.alloc(size, 1);

describe('CompressedAnswers: compressed bytes by ETag and coding, bounded in bytes', () => {
  it('keeps an answer per tag and coding', () => {
    const cache = new CompressedAnswers(1000);
    cache.set('"a"', 'gzip', bytes(10));
    expect(cache.get('"a"', 'gzip')).toEqual(bytes(10));
    expect(cache.get('"a"', 'br')).toBeUndefined();
    expect(cache.get('"b"', 'gzip')).toBeUndefined();
    expect(cache.size).toEqual({ answers: 1, bytes: 10 });
  });

  it('drops the least recently served first when over its bound', () => {
    const cache = new CompressedAnswers(1000);
    for (const tag of ['"a"', '"b"', '"c"']) cache.set(tag, 'gzip', bytes(250));
    cache.get('"a"', 'gzip');
    cache.set('"d"', 'gzip', bytes(250));
    expect(cache.size).toEqual({ answers: 4, bytes: 1000 });
    cache.set('"e"', 'gzip', bytes(250));
    expect(cache.get('"b"', 'gzip')).toBeUndefined();
    expect(cache.get('"a"', 'gzip')).toBeDefined();
    expect(cache.size).toEqual({ answers: 4, bytes: 1000 });
  });

  it('never keeps one answer larger than half the bound, and keeps nothing with a bound of 0', () => {
    const cache = new CompressedAnswers(1000);
    cache.set('"big"', 'br', bytes(501));
    expect(cache.get('"big"', 'br')).toBeUndefined();
    cache.set('"half"', 'br', bytes(500));
    expect(cache.get('"half"', 'br')).toEqual(bytes(500));
    const none = new CompressedAnswers(0);
    none.set('"a"', 'br', bytes(1));
    expect(none.size).toEqual({ answers: 0, bytes: 0 });
  });

  it("keeps its own copy of bytes that are a view of a larger block (a coding stream's output chunk, the pool)", () => {
    const cache = new CompressedAnswers(1_000_000);
    const block = Buffer.alloc(16_384, 7);
    cache.set('"view"', 'br', block.subarray(100, 1_600));
    const kept = cache.get('"view"', 'br')!;
    expect(kept).toEqual(Buffer.alloc(1_500, 7));
    expect(kept.buffer.byteLength).toBe(1_500);
    // Not shared with the block: it may be reused or freed.
    block.fill(0);
    expect(kept[0]).toBe(7);
    // Bytes that are their block whole are kept as they are.
    const whole = Buffer.alloc(2_000, 1);
    cache.set('"whole"', 'gzip', whole);
    expect(cache.get('"whole"', 'gzip')).toBe(whole);
  });

  it('what a brotli and a gzip result keep alive is their length, once kept', async () => {
    const cache = new CompressedAnswers(1_000_000);
    const answer = Buffer.from(
      JSON.stringify({ products: [{ id: 1, components: Array.from({ length: 600 }, () => 'component') }] }),
    );
    for (const encoding of ['br', 'gzip'] as const) {
      const made = await encodeBytes(answer, encoding);
      expect(made.length).toBeLessThan(4096);
      cache.set('"a"', encoding, made);
      const kept = cache.get('"a"', encoding)!;
      expect(kept).toEqual(made);
      expect(kept.buffer.byteLength).toBe(kept.length);
    }
  });

  it('replacing an entry counts its bytes once; clear empties it', () => {
    const cache = new CompressedAnswers(1000);
    cache.set('"a"', 'gzip', bytes(100));
    cache.set('"a"', 'gzip', bytes(50));
    expect(cache.size).toEqual({ answers: 1, bytes: 50 });
    cache.clear();
    expect(cache.size).toEqual({ answers: 0, bytes: 0 });
  });
});

describe('tags and Vary of compressed answers', () => {
  it("adds the coding inside the quotes, as Apache's mod_deflate does, and reads it back", () => {
    expect(encodedEtag('"abc"', 'gzip')).toBe('"abc-gzip"');
    expect(encodedEtag('W/"abc"', 'br')).toBe('W/"abc-br"');
    expect(plainEtag('"abc-gzip"')).toBe('"abc"');
    expect(plainEtag('"abc-br"')).toBe('"abc"');
    expect(plainEtag('"abc"')).toBe('"abc"');
    // Perl Bugzilla's REST ETags are unquoted.
    expect(encodedEtag('oW7EN9MA7w', 'br')).toBe('oW7EN9MA7w-br');
    expect(plainEtag('oW7EN9MA7w-br')).toBe('oW7EN9MA7w');
    expect(plainEtag('W/"abc-gzip"')).toBe('W/"abc"');
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyWithAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyWithAcceptEncoding('origin, accept-encoding')).toBeUndefined();
    expect(varyWithAcceptEncoding('*')).toBeUndefined();
  });
});
