import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope } from './support/envelope.js';
import { BUGZILLA_CLI, run } from './support/python-bugzilla.js';
import { sendRaw } from './support/raw-http.js';
import { forEachDialect, startTestApp } from './support/test-app.js';

/**
 * A big catalogue through URLs as real clients build them: python-bugzilla's `info --products` over
 * REST sends every product id back in one URL (about 9 bytes per product), JSON-RPC over GET puts
 * the whole call in the URL. Request lines and headers are served up to HTTP_MAX_HEADER_BYTES
 * (256 KiB by default); past it the answer is 414 in Bugzilla's envelope, from Node's parser (a real
 * socket) as from the application (inject, which no parser limit applies to).
 */

const PRODUCTS = 3000;
const LIMIT = 262_144;
const name = (i: number) => `P${String(i).padStart(4, '0')}`;
const TOO_LONG = envelope(
  32000,
  `The request line and headers are longer than the limit of ${LIMIT} bytes (HTTP_MAX_HEADER_BYTES).`,
);

forEachDialect(`a catalogue of ${PRODUCTS} products`, (app) => {
  let port: number;
  let ids: number[];
  beforeAll(async () => {
    const rows = Array.from({ length: PRODUCTS }, (_, i) => [name(i + 1), 1, `Product ${i + 1}`, 1, '---', 1]);
    for (let start = 0; start < rows.length; start += 500) {
      await app().seed.insertMany(
        'products',
        ['name', 'classification_id', 'description', 'isactive', 'defaultmilestone', 'allows_unconfirmed'],
        rows.slice(start, start + 500),
      );
    }
    ids = (await app().rows('SELECT id FROM products ORDER BY id')).map((r: { id: number }) => Number(r.id));
    await app().app.listen({ port: 0, host: '127.0.0.1' });
    port = (app().app.getHttpServer().address() as AddressInfo).port;
  });

  it('python-bugzilla `info --products` over REST lists every product (one URL of every id)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'bzp-home-'));
    try {
      const out = await run([BUGZILLA_CLI, '--bugzilla', `http://127.0.0.1:${port}/rest`, 'info', '--products'], home);
      expect(out).toEqual({
        code: 0,
        stdout: Array.from({ length: PRODUCTS }, (_, i) => `${name(i + 1)}\n`).join(''),
        stderr: '',
      });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);

  it('the URL python-bugzilla sends (over 16 KiB) is answered whole', async () => {
    const query = [...ids.map((id) => `ids=${id}`), 'include_fields=name', 'include_fields=id'].join('&');
    expect(query.length).toBeGreaterThan(16 * 1024);
    const res = await sendRaw(port, 'GET', `/rest/product/get?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(ids.map((id, i) => ({ id, name: name(i + 1) })));
  });

  it('JSON-RPC over GET with all 3,000 ids in the URL answers them', async () => {
    const params = encodeURIComponent(JSON.stringify([{ ids, include_fields: ['id', 'name'] }]));
    const res = await sendRaw(port, 'GET', `/jsonrpc.cgi?method=Product.get&id=7&params=${params}`);
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.result.products).toEqual(ids.map((id, i) => ({ id, name: name(i + 1) })));
  });

  it('a request line past the limit: 414 in the envelope, from Node (real socket) and from the application (inject)', async () => {
    const url = `/rest/product?names=${'x'.repeat(LIMIT)}`;
    const socket = await sendRaw(port, 'GET', url);
    expect([socket.status, socket.body, socket.headers['access-control-allow-origin']]).toEqual([414, TOO_LONG, '*']);
    const injected = await app().get(url);
    expect([injected.status, injected.body]).toEqual([414, TOO_LONG]);
    // JSON-RPC over GET: the same answer (the call never starts).
    const rpc = await sendRaw(port, 'GET', `/jsonrpc.cgi?method=Product.get&params=${'%5B'.repeat(LIMIT / 3)}`);
    expect([rpc.status, rpc.body]).toEqual([414, TOO_LONG]);
  });

  it('headers past the limit: the same 414 (Node counts the request line and the headers together)', async () => {
    const res = await sendRaw(port, 'GET', '/rest/version', { headers: { 'x-padding': 'y'.repeat(LIMIT) } });
    expect([res.status, res.body]).toEqual([414, TOO_LONG]);
  });

  it('a request just under the limit is served', async () => {
    const prefix = '/rest/product?names=';
    const url = `${prefix}${'x'.repeat(LIMIT - prefix.length - 200)}`;
    const res = await sendRaw(port, 'GET', url);
    expect([res.status, res.body]).toEqual([200, { products: [] }]);
  });
});

describe('HTTP_MAX_HEADER_BYTES is a setting', () => {
  it('a smaller limit refuses a URL the default serves', async () => {
    const app = await startTestApp('sqlite', { HTTP_MAX_HEADER_BYTES: '20000' });
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.getHttpServer().address() as AddressInfo;
      const url = `/rest/product?names=${'x'.repeat(25_000)}`;
      const message = 'The request line and headers are longer than the limit of 20000 bytes (HTTP_MAX_HEADER_BYTES).';
      const socket = await sendRaw(port, 'GET', url);
      expect([socket.status, socket.body]).toEqual([414, envelope(32000, message)]);
      expect((await app.get(url)).status).toBe(414);
      expect((await sendRaw(port, 'GET', `/rest/product?names=${'x'.repeat(15_000)}`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a request Node cannot parse gets 400 in the envelope too (the connection then closes)', async () => {
    const app = await startTestApp('sqlite');
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.getHttpServer().address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      const [head, body] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(head).toContain('Access-Control-Allow-Origin: *');
      expect(JSON.parse(body)).toEqual(envelope(32000, 'The request is not valid HTTP.'));
    } finally {
      await app.close();
    }
  });
});
