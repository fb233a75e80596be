import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LINGER_MAX_BYTES } from '../src/bugzilla/lingering-close.js';
import { envelope } from './support/envelope.js';
import { PYTHON } from './support/python-bugzilla.js';
import { sendRaw } from './support/raw-http.js';
import { methodCall, readMethodResponse } from './support/rpc-client.js';
import { upload, type UploadAnswer, type UploadOutcome } from './support/slow-upload.js';
import { forEachDialect } from './support/test-app.js';

/**
 * Bodies over SPEC §2's 1 MiB limit, sent over a real connection by clients that write their whole
 * body before (or without) stopping to read: the service answers 413 at once, then reads and drops the
 * rest of the body before it closes (the lingering close, src/bugzilla/lingering-close.ts), so the
 * client finishes writing and reads its answer instead of meeting a reset (EPIPE, ECONNRESET). A client
 * that goes on past the bounds is cut off. (`inject` never opens a connection: none of this shows there.)
 */

const TOO_LARGE = 'The request body is larger than the limit of 1 MiB.';
const KiB = 1024;
const MB = 1_000_000;
const POST_BODY = join(dirname(fileURLToPath(import.meta.url)), 'support', 'python', 'post_body.py');

/** `template` with its `@` replaced by as many `y` as make it `size` bytes long. */
const padded = (template: string, size: number) =>
  Buffer.from(template.replace('@', 'y'.repeat(size - template.length + 1)));

interface Protocol {
  name: string;
  path: (key: string) => string;
  contentType: string;
  /** A call that would create product `name` if it were accepted, `size` bytes long. */
  body: (key: string, name: string, size: number) => Buffer;
  /** The answer's body, read as the protocol's clients read it. */
  read: (answer: UploadAnswer | undefined) => unknown;
  tooLarge: unknown;
}

const PROTOCOLS: Protocol[] = [
  {
    name: 'REST',
    path: (key) => `/rest/product?api_key=${key}`,
    contentType: 'application/json',
    body: (_key, name, size) => padded(JSON.stringify({ name, description: '@', version: '1.0' }), size),
    read: (answer) => answer && JSON.parse(answer.text),
    tooLarge: envelope(32000, TOO_LARGE),
  },
  {
    name: 'XML-RPC',
    path: () => '/xmlrpc.cgi',
    contentType: 'text/xml',
    body: (key, name, size) =>
      padded(methodCall('Product.create', { Bugzilla_api_key: key, name, description: '@', version: '1.0' }), size),
    read: (answer) => answer && readMethodResponse(answer.text).fault,
    tooLarge: { code: 32000, message: TOO_LARGE },
  },
  {
    name: 'JSON-RPC',
    path: () => '/jsonrpc.cgi',
    contentType: 'application/json',
    body: (key, name, size) =>
      padded(
        JSON.stringify({
          method: 'Product.create',
          params: [{ Bugzilla_api_key: key, name, description: '@', version: '1.0' }],
          id: 1,
        }),
        size,
      ),
    read: (answer) => answer && JSON.parse(answer.text),
    tooLarge: { result: null, error: { code: 32000, message: TOO_LARGE }, id: null },
  },
];

/** What a test compares: the answer (status, body, Connection) and how the client's sending ended. */
function summary(protocol: Protocol, outcome: UploadOutcome) {
  return {
    status: outcome.answer?.status,
    body: protocol.read(outcome.answer),
    connection: outcome.answer?.headers['connection'],
    wroteAll: outcome.wroteAll,
    error: outcome.error,
  };
}

/** Runs test/support/python/post_body.py: `tries` POSTs of `body` with urllib, one result each. */
function postWithUrllib(url: string, contentType: string, body: Buffer, tries: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [POST_BODY, url, contentType, String(tries)], {
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', NO_PROXY: '*', PYTHONDONTWRITEBYTECODE: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`post_body.py exited with ${code}: ${stderr}`));
      resolve(
        stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      );
    });
    child.stdin.end(body);
  });
}

forEachDialect('bodies over the limit, on a real connection', (app) => {
  let port: number;
  let key: string;
  beforeAll(async () => {
    const admin = await app().seed.user('admin@example.com', { groups: ['editcomponents'] });
    key = await app().seed.apiKey(admin);
    await app().app.listen({ port: 0, host: '127.0.0.1' });
    port = (app().app.getHttpServer().address() as AddressInfo).port;
  });

  const productNamed = async (name: string) => app().rows('SELECT name FROM products WHERE name = ?', [name]);

  describe.each(PROTOCOLS)('$name', (protocol) => {
    /** Writes `size` bytes slowly (64 KiB every 5 ms): the whole 413 comes back, and nothing is created. */
    const slowUploadIsRefusedWhole = async (name: string, size: number, chunked: boolean) => {
      const outcome = await upload(port, {
        path: protocol.path(key),
        contentType: protocol.contentType,
        body: protocol.body(key, name, size),
        chunked,
        chunkBytes: 64 * KiB,
        pauseMs: 5,
      });
      expect(summary(protocol, outcome)).toEqual({
        status: 413,
        body: protocol.tooLarge,
        connection: 'close',
        wroteAll: true,
        error: undefined,
      });
      // The answer came while the client was still sending (what used to cost it the answer).
      expect(outcome.chunksAfterAnswer).toBeGreaterThan(0);
      expect(await productNamed(name)).toEqual([]);
    };

    it.each([1_100_000, 5 * MB])(
      'a %i-byte body written slowly: the whole answer (413, Connection: close) and no reset before the body is all written; nothing created',
      (size) => slowUploadIsRefusedWhole(`${protocol.name} ${size}`, size, false),
    );

    it('a chunked body that crosses the limit mid-stream, written slowly: the same', () =>
      slowUploadIsRefusedWhole(`${protocol.name} chunked`, 5 * MB, true));
  });

  it.each([
    { protocol: PROTOCOLS[0], size: 1_100_000 },
    { protocol: PROTOCOLS[0], size: 5 * MB },
    { protocol: PROTOCOLS[1], size: 5 * MB },
    { protocol: PROTOCOLS[2], size: 5 * MB },
  ])(
    "Python's urllib (which writes the whole body before it reads): five $protocol.name posts of $size bytes, five 413 answers",
    async ({ protocol, size }) => {
      const name = `urllib ${protocol.name} ${size}`;
      const results = await postWithUrllib(
        `http://127.0.0.1:${port}${protocol.path(key)}`,
        protocol.contentType,
        protocol.body(key, name, size),
        5,
      );
      const read = (result: any) => ('error' in result ? result : [result.status, protocol.read(result)]);
      expect(results.map(read)).toEqual(Array(5).fill([413, protocol.tooLarge]));
      expect(await productNamed(name)).toEqual([]);
    },
  );

  it('a client that declares a huge body and trickles it: answered, then cut off after the time bound; other requests are served meanwhile', async () => {
    let answered: () => void = () => undefined;
    const whileLingering = new Promise<void>((resolve) => (answered = resolve));
    const trickle = upload(port, {
      path: `/rest/product?api_key=${key}`,
      contentType: 'application/json',
      endless: { declaredLength: 1024 * MB },
      chunkBytes: KiB,
      pauseMs: 20,
      onAnswer: () => answered(),
    });
    await whileLingering;
    const version = await sendRaw(port, 'GET', '/rest/version');
    expect([version.status, version.body]).toEqual([200, { version: '5.2' }]);
    const created = await sendRaw(port, 'POST', `/rest/product?api_key=${key}`, {
      body: JSON.stringify({ name: 'Served meanwhile', description: 'x', version: '1.0' }),
    });
    expect(created.status).toBe(201);

    const outcome = await trickle;
    expect(summary(PROTOCOLS[0], outcome)).toEqual({
      status: 413,
      body: envelope(32000, TOO_LARGE),
      connection: 'close',
      wroteAll: false,
      error: expect.stringMatching(/^(EPIPE|ECONNRESET)$/),
    });
    // Read for a while after the answer (Node alone closed at once: a reset within a chunk or two).
    expect(outcome.chunksAfterAnswer).toBeGreaterThan(10);
  });

  it('a client that sends without end as fast as it can: answered, then cut off once the byte bound has been read', async () => {
    const outcome = await upload(port, {
      path: `/rest/product?api_key=${key}`,
      contentType: 'application/json',
      endless: { declaredLength: 1024 * MB },
      chunkBytes: 256 * KiB,
      pauseMs: 0,
    });
    expect(summary(PROTOCOLS[0], outcome)).toEqual({
      status: 413,
      body: envelope(32000, TOO_LARGE),
      connection: 'close',
      wroteAll: false,
      error: expect.stringMatching(/^(EPIPE|ECONNRESET)$/),
    });
    // The bound read, then the close: in 256 KiB chunks the client has written the bound exactly when
    // the close comes before its next chunk is taken (seen once), more when the socket buffered one.
    expect(outcome.bodyBytesWritten).toBeGreaterThanOrEqual(LINGER_MAX_BYTES);
  });

  it('a request refused before its body is read (a path above the root): Connection: close, and the body read to its end', async () => {
    const outcome = await upload(port, {
      path: '/rest/../../product',
      contentType: 'application/json',
      body: PROTOCOLS[0].body(key, 'refused', 5 * MB),
      chunkBytes: 64 * KiB,
      pauseMs: 5,
    });
    expect(summary(PROTOCOLS[0], outcome)).toEqual({
      status: 400,
      body: envelope(32000, "The path '/rest/../../product' leads above the root of this server."),
      connection: 'close',
      wroteAll: true,
      error: undefined,
    });
  });

  it('a body within the limit: the connection is kept alive for the next request, as before', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<{ status?: number; connection?: string; reused: boolean; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/jsonrpc.cgi',
            agent,
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode,
                connection: res.headers.connection,
                reused: request.reusedSocket,
                text,
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ method: 'Bugzilla.version', params: [{}], id: 1 }));
      });
    try {
      const first = await post();
      const second = await post();
      const answer = '{"result":{"version":"5.2"},"error":null,"id":1}';
      expect([first, second]).toEqual([
        { status: 200, connection: 'keep-alive', reused: false, text: answer },
        { status: 200, connection: 'keep-alive', reused: true, text: answer },
      ]);
    } finally {
      agent.destroy();
    }
  });
});
