import { PassThrough, pipeline, type Readable } from 'node:stream';
import { type Encoding, encodingStream, ignoreEnd } from './encodings.js';

/**
 * The body of a request that found its answer's compression under way: the bytes it makes, once made; when
 * there are none to share, the request's own answer (`source`, untouched meanwhile), compressed as it is
 * written.
 */
export function afterCompression(
  compression: Promise<Buffer | undefined>,
  source: Readable,
  encoding: Encoding,
): Readable {
  const body = new PassThrough();
  let started = false;
  body.once('close', () => started || source.destroy());
  void compression.then(
    (bytes) => {
      if (body.destroyed) return;
      started = true;
      if (bytes !== undefined) {
        source.destroy();
        body.end(bytes);
      } else pipeline(source, encodingStream(encoding), body, ignoreEnd);
    },
    () => {
      started = true;
      pipeline(source, encodingStream(encoding), body, ignoreEnd);
    },
  );
  return body;
}
