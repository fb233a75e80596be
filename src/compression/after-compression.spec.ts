import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { afterCompression } from './after-compression.js';

/** The request's own answer, not to be read when the shared bytes serve. */
function ownAnswer(content: string): Readable {
  return Readable.from([Buffer.from(content)]);
}

describe('afterCompression: the body of a request that waited for a compression under way', () => {
  it('is the bytes that compression made, and the request never reads its own answer', async () => {
    const own = ownAnswer('not read');
    const body = afterCompression(Promise.resolve(Buffer.from('shared bytes')), own, 'gzip');
    expect(await text(body)).toBe('shared bytes');
    expect(own.destroyed).toBe(true);
  });

  it('is its own answer, compressed as it streams, when that compression kept nothing (too large, or its client left)', async () => {
    const body = afterCompression(Promise.resolve(undefined), ownAnswer('its own answer'), 'gzip');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe('its own answer');
  });

  it('is its own answer too when that compression failed', async () => {
    const body = afterCompression(Promise.reject(new Error('compression failed')), ownAnswer('still answered'), 'gzip');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe('still answered');
  });

  it('lets go of its own answer when its client leaves while waiting', async () => {
    let finish: (bytes: Buffer) => void = () => undefined;
    const own = ownAnswer('never read');
    const body = afterCompression(new Promise((resolve) => (finish = resolve)), own, 'gzip');
    body.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(own.destroyed).toBe(true);
    finish(Buffer.from('too late'));
  });
});
