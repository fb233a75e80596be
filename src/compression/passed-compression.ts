import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Transform } from 'node:stream';
import { negotiatedEncoding } from './accept-encoding.js';
import {
  encodedEtag,
  encodingStream,
  forbidsTransform,
  isCompressibleType,
  varyWithAcceptEncoding,
} from './encodings.js';
import { MIN_COMPRESSED_BYTES } from './served-compression.js';

/**
 * Compression of what the front passes from Bugzilla (SPEC §18): an answer Bugzilla sent plain and of
 * a text type (REST JSON, which Debian's Apache leaves plain, pages, scripts, styles) is compressed as
 * the client asks, as it streams (constant memory, whatever its size). Never: an answer already encoded
 * (what Apache gzipped passes byte for byte), a `206` or any answer with `Content-Range`, one Bugzilla
 * marked `no-transform`, a binary type (attachments keep their bytes), an answer to HEAD, one with no
 * body, or one under 1 KB.
 *
 * `headers` are the answer's headers as the front will send them; when the answer is to be compressed
 * they are changed to say so (`Content-Encoding`, `Vary`, the ETag of the compressed bytes, no length,
 * no `Accept-Ranges`) and the stream to write the body through is answered.
 */
export function passedAnswerEncoder(
  method: string,
  requestHeaders: IncomingHttpHeaders,
  status: number,
  headers: OutgoingHttpHeaders,
): Transform | undefined {
  if (method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return undefined;
  const contentEncoding = headers['content-encoding'];
  if (contentEncoding !== undefined && String(contentEncoding).trim().toLowerCase() !== 'identity') return undefined;
  if (headers['content-range'] !== undefined) return undefined;
  if (!isCompressibleType(headers['content-type'] as string | undefined)) return undefined;
  const vary = varyWithAcceptEncoding(headers.vary);
  if (vary !== undefined) headers.vary = vary;
  if (forbidsTransform(headers['cache-control'] as string | undefined)) return undefined;
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (length !== undefined && Number.isFinite(length) && length < MIN_COMPRESSED_BYTES) return undefined;
  const encoding = negotiatedEncoding(requestHeaders['accept-encoding']);
  if (encoding === undefined) return undefined;
  headers['content-encoding'] = encoding;
  delete headers['content-length'];
  delete headers['accept-ranges'];
  const etag = headers.etag;
  if (typeof etag === 'string') headers.etag = encodedEtag(etag, encoding);
  return encodingStream(encoding);
}
