import { CompressedAnswers } from './compressed-answers.js';
import { encodedEtag, plainEtag, varyWithAcceptEncoding } from './encodings.js';

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

  it('never keeps one answer larger than a quarter of the bound, and keeps nothing with a bound of 0', () => {
    const cache = new CompressedAnswers(1000);
    cache.set('"big"', 'br', bytes(251));
    expect(cache.get('"big"', 'br')).toBeUndefined();
    const none = new CompressedAnswers(0);
    none.set('"a"', 'br', bytes(1));
    expect(none.size).toEqual({ answers: 0, bytes: 0 });
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
