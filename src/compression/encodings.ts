import type { Transform } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The content codings the service writes (SPEC §18), and how each is made. Levels: gzip at zlib's
 * default, 6, which is what Apache's mod_deflate and nginx use, so that a gzipped answer is no larger
 * than theirs; brotli at quality 5, in text mode, which on the service's JSON and XML is about a
 * fifth smaller than that gzip at about the same cost (brotli's higher qualities cost several times
 * more CPU for a few per cent); zstd at its default level 3, where the runtime has it (Node 22.15+).
 */
export type Encoding = 'br' | 'gzip' | 'zstd';

interface ZstdZlib {
  zstdCompress?: (buffer: Buffer, callback: (error: Error | null, result: Buffer) => void) => void;
  createZstdCompress?: () => Transform;
}
const zstd = zlib as unknown as ZstdZlib;
const HAS_ZSTD = typeof zstd.zstdCompress === 'function' && typeof zstd.createZstdCompress === 'function';

/** The codings made here, in the order preferred when a client weighs them alike. */
export const SUPPORTED_ENCODINGS: readonly Encoding[] = HAS_ZSTD ? ['br', 'zstd', 'gzip'] : ['br', 'gzip'];

const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

function brotliOptions(sizeHint?: number): zlib.BrotliOptions {
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint !== undefined) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return { params };
}

/** `bytes` in `encoding`, made on libuv's thread pool (the event loop goes on serving meanwhile). */
export function encodeBytes(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'gzip') zlib.gzip(bytes, GZIP_OPTIONS, done);
    else if (encoding === 'br') zlib.brotliCompress(bytes, brotliOptions(bytes.length), done);
    else zstd.zstdCompress!(bytes, done);
  });
}

/** pipeline's callback where a stream's end needs no report: a client that left ends the streams, which is nothing to say. */
export function ignoreEnd(): void {}

/** A stream that writes what it is given in `encoding`: for answers written piece by piece. */
export function encodingStream(encoding: Encoding): Transform {
  if (encoding === 'gzip') return zlib.createGzip(GZIP_OPTIONS);
  if (encoding === 'br') return zlib.createBrotliCompress(brotliOptions());
  return zstd.createZstdCompress!();
}

/**
 * The ETag of an answer's bytes in `encoding`: the plain bytes' tag with the coding's name added inside
 * the quotes, as Apache's mod_deflate does (`"abc"` becomes `"abc-gzip"`), so that a cache never takes
 * the compressed bytes for the plain ones. Perl Bugzilla's REST answers carry an unquoted tag
 * (`ETag: oW7EN9MA7w…`): the name is added at its end (`oW7EN9MA7w…-br`), for the same reason.
 */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : `${etag}-${encoding}`;
}

const ENCODED_SUFFIX = new RegExp(`-(?:${['br', 'gzip', 'zstd'].join('|')})("?)$`);

/** The plain bytes' tag of a tag encodedEtag made (any other tag as it is): `If-None-Match` with either matches. */
export function plainEtag(etag: string): string {
  return etag.replace(ENCODED_SUFFIX, '$1');
}

/**
 * Whether a content type is text that compresses (JSON, XML, JavaScript, CSS, HTML, SVG...): never an
 * image, an archive, a PDF or an attachment's octet stream, which are compressed already or are bytes a
 * client wants as they are.
 */
export function isCompressibleType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0].trim().toLowerCase();
  return type.startsWith('text/') || COMPRESSIBLE_TYPES.has(type) || type.endsWith('+json') || type.endsWith('+xml');
}

const COMPRESSIBLE_TYPES = new Set([
  'application/json',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/xml',
  'application/xhtml+xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
]);

/** Whether a `Cache-Control` header forbids changing the body (RFC 9111 §5.2.2.6). */
export function forbidsTransform(cacheControl: string | string[] | number | undefined): boolean {
  if (cacheControl === undefined) return false;
  return /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(cacheControl));
}

/**
 * The `Vary` an answer that may be compressed carries (RFC 9110 §12.5.5): what it names already plus
 * `Accept-Encoding`, so that a cache never gives compressed bytes to a client that did not ask for
 * them; undefined when it names it already (or `*`).
 */
export function varyWithAcceptEncoding(vary: unknown): string | undefined {
  if (vary === undefined || vary === null || vary === '') return 'Accept-Encoding';
  const text = Array.isArray(vary) ? vary.join(', ') : String(vary);
  if (text.trim() === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(text)) return undefined;
  return `${text}, Accept-Encoding`;
}
