import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { CompressedAnswers } from './compressed-answers.js';
import { ServedCompression } from './served-compression.js';

/** The little of a Fastify reply that the compression step uses. */
function fakeReply(etag: string) {
  const headers = new Map<string, unknown>([
    ['content-type', 'application/json; charset=utf-8'],
    ['etag', etag],
  ]);
  const reply = {
    statusCode: 200,
    hasHeader: (name: string) => headers.has(name),
    getHeader: (name: string) => headers.get(name),
    header: (name: string, value: unknown) => {
      headers.set(name, value);
      return reply;
    },
    removeHeader: (name: string) => headers.delete(name),
  };
  return reply;
}

const gzipRequest = { headers: { 'accept-encoding': 'gzip' } };

/** A streamed answer (as the whole catalogue is sent) of `text`, in pieces of 4 KB. */
function streamOf(text: string): Readable {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += 4096) pieces.push(text.slice(at, at + 4096));
  return Readable.from(pieces, { objectMode: false });
}

function compress(served: ServedCompression, payload: unknown, etag = '"r1"'): Promise<unknown> {
  return new Promise((resolve, reject) =>
    served.compress(gzipRequest as never, fakeReply(etag) as never, payload, (error, sent) =>
      error ? reject(error) : resolve(sent),
    ),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const catalogue = JSON.stringify({
  products: Array.from({ length: 300 }, (_, id) => ({ id, name: `Product ${id}`, components: ['a', 'b'] })),
});

describe('ServedCompression: a streamed answer asked for by several at once', () => {
  it('is compressed and collected by one stream only, the others waiting for its bytes; every one sends the whole answer', async () => {
    const cache = new CompressedAnswers(64 * 1024 * 1024);
    const served = new ServedCompression(cache);
    const sent = (await Promise.all(
      Array.from({ length: 4 }, () => compress(served, streamOf(catalogue))),
    )) as Readable[];
    expect(sent.every((one) => one instanceof Readable)).toBe(true);
    expect(served.compressionsUnderWay).toBe(1);
    const bodies = await Promise.all(sent.map(readAll));
    for (const body of bodies) expect(gunzipSync(body).toString()).toBe(catalogue);
    await new Promise((resolve) => setImmediate(resolve));
    expect(served.compressionsUnderWay).toBe(0);
    expect(cache.size.answers).toBe(1);
    expect(gunzipSync(cache.get('"r1"', 'gzip')!).toString()).toBe(catalogue);
    // The next one is sent from the kept bytes.
    const kept = await compress(served, streamOf(catalogue));
    expect(Buffer.isBuffer(kept)).toBe(true);
    expect(served.counts).toMatchObject({ fromKept: 4, compressed: 1, keptAnswers: 1 });
  });

  it('a compressing stream whose client left lets the next one compress and collect', async () => {
    const cache = new CompressedAnswers(64 * 1024 * 1024);
    const served = new ServedCompression(cache);
    const left = (await compress(served, streamOf(catalogue))) as Readable;
    expect(served.compressionsUnderWay).toBe(1);
    left.destroy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(served.compressionsUnderWay).toBe(0);
    expect(cache.size.answers).toBe(0);
    const next = (await compress(served, streamOf(catalogue))) as Readable;
    expect(served.compressionsUnderWay).toBe(1);
    expect(gunzipSync(await readAll(next)).toString()).toBe(catalogue);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size.answers).toBe(1);
  });

  it('waiting requests are sent the bytes once made, even while the client of the stream compressing them reads nothing', async () => {
    const cache = new CompressedAnswers(64 * 1024 * 1024);
    const served = new ServedCompression(cache);
    // A catalogue larger than the streams' own buffers: the first client, never reading, would stall it.
    const large = JSON.stringify({
      products: Array.from({ length: 20_000 }, (_, id) => ({ id, name: `Product ${id}`, about: `${id}`.repeat(20) })),
    });
    const unread = (await compress(served, streamOf(large))) as Readable;
    const waiting = (await compress(served, streamOf(large))) as Readable;
    expect(gunzipSync(await readAll(waiting)).toString()).toBe(large);
    expect(served.counts).toMatchObject({ fromKept: 1, compressed: 1, keptAnswers: 1 });
    // What the first client reads later is the same answer.
    expect(gunzipSync(await readAll(unread)).toString()).toBe(large);
  });
});
