import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BugzillaStandIn, listeningFront } from './support/bugzilla-stand-in.js';
import { sendRaw } from './support/raw-http.js';
import { methodCall } from './support/rpc-client.js';
import { DIALECTS, startTestApp, type TestApp } from './support/test-app.js';
import { PACKAGE_VERSION } from './support/release.js';

/**
 * SPEC §13, transparent: a passed request reaches Bugzilla with its method, path, query, body and
 * end-to-end headers, plus X-Forwarded-*; Bugzilla's answer comes back with its status, headers and
 * bytes, plus Via. And when Bugzilla is down or slow: 502/504 in the form of each protocol, while
 * the service's own routes keep answering and /health says so.
 */

/** One request over a socket of its own, with headers as given (a header may repeat), the body as bytes. */
function exchange(
  port: number,
  method: string,
  path: string,
  headers: [string, string][] = [],
  body?: Buffer | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[]; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    // Headers as a list, sent as they are (Node then adds no Host of its own).
    const list = [['Host', `127.0.0.1:${port}`], ...headers].flat();
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: list as never }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe.runIf(DIALECTS.includes('mysql'))('the front passes requests on unchanged (SPEC §13) [mysql]', () => {
  const bugzilla = new BugzillaStandIn();
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    ({ app, port } = await listeningFront(bugzilla, { BUGZILLA_TIMEOUT_MS: '1500' }));
    await app.seed.product('Widget', { description: 'Widgets' });
  });
  afterAll(async () => {
    await app?.close();
    await bugzilla.close();
  });

  it('a request keeps its method, path, query and end-to-end headers; hop-by-hop ones go, X-Forwarded-* come', async () => {
    const from = bugzilla.seen.length;
    const body = '{"summary":"a bug","product":"Widget"}';
    await exchange(
      port,
      'POST',
      '/rest/bug?api_key=k1&ids=1&ids=2&q=%22a%20b%22&x=%zz',
      [
        ['Content-Type', 'application/json'],
        ['Cookie', 'Bugzilla_login=1; Bugzilla_logincookie=abc'],
        ['Authorization', 'Basic dXNlcjpwYXNz'],
        ['X-BUGZILLA-API-KEY', 'k2'],
        ['If-Match', '"tag"'],
        ['Range', 'bytes=0-9'],
        ['Accept-Language', 'fr'],
        ['Connection', 'close, X-Hop'],
        ['X-Hop', 'only for the front'],
        ['TE', 'trailers'],
        ['Keep-Alive', 'timeout=5'],
        ['Proxy-Authorization', 'Basic cHJveHk6cHc='],
        ['X-Forwarded-For', '203.0.113.7'],
      ],
      body,
    );
    const [seen] = bugzilla.since(from);
    expect({ method: seen.method, url: seen.url, body: seen.body }).toEqual({
      method: 'POST',
      url: '/rest/bug?api_key=k1&ids=1&ids=2&q=%22a%20b%22&x=%zz',
      body,
    });
    expect(seen.headers).toEqual({
      host: `127.0.0.1:${bugzilla.port}`,
      'content-type': 'application/json',
      'content-length': String(body.length),
      cookie: 'Bugzilla_login=1; Bugzilla_logincookie=abc',
      authorization: 'Basic dXNlcjpwYXNz',
      'x-bugzilla-api-key': 'k2',
      'if-match': '"tag"',
      range: 'bytes=0-9',
      'accept-language': 'fr',
      'x-forwarded-for': '203.0.113.7, 127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': `127.0.0.1:${port}`,
      // undici's own connection header to Bugzilla: a write goes on a connection of its own (pass-on.ts).
      connection: 'close',
    });
  });

  it("an answer keeps Bugzilla's status, headers (every Set-Cookie) and bytes, plus Via; no header of the service's is added", async () => {
    const answer = await exchange(port, 'GET', '/rest/bug/1');
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toEqual([
      'Bugzilla_login_request_cookie=standin; path=/; HttpOnly',
      'second=2; path=/',
    ]);
    expect(answer.headers['x-stand-in']).toBe('echo');
    expect(answer.headers.via).toBe('1.1 bugzilla-products');
    // Hop-by-hop headers of Bugzilla's connection stay there; the service adds no CORS, ETag or security header.
    for (const name of ['keep-alive', 'access-control-allow-origin', 'etag', 'x-frame-options']) {
      expect([name, answer.headers[name]]).toEqual([name, undefined]);
    }
    expect(JSON.parse(answer.bytes.toString())).toEqual({
      stand_in: true,
      method: 'GET',
      url: '/rest/bug/1',
      body_length: 0,
      body_sha256: sha(''),
    });
  });

  it("a redirect is passed back, not followed; a download keeps its bytes and Content-Disposition; Via is appended to Bugzilla's", async () => {
    bugzilla.on(
      (method, url) => url.startsWith('/index.cgi'),
      (_req, res) => {
        res.writeHead(302, {
          location: 'http://bugzilla.example/show_bug.cgi?id=1',
          'set-cookie': 'Bugzilla_login=1; path=/',
        });
        res.end();
      },
    );
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
    bugzilla.on(
      (_method, url) => url.startsWith('/attachment.cgi'),
      (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="core.bin"',
          via: '1.1 apache',
        });
        res.end(bytes);
      },
    );
    const redirect = await exchange(
      port,
      'POST',
      '/index.cgi',
      [['Content-Type', 'application/x-www-form-urlencoded']],
      'Bugzilla_login=a&Bugzilla_password=b',
    );
    expect([redirect.status, redirect.headers.location, redirect.headers['set-cookie'], redirect.bytes.length]).toEqual(
      [302, 'http://bugzilla.example/show_bug.cgi?id=1', ['Bugzilla_login=1; path=/'], 0],
    );
    const download = await exchange(port, 'GET', '/attachment.cgi?id=5');
    expect([
      download.status,
      download.headers['content-disposition'],
      download.headers.via,
      sha(download.bytes),
    ]).toEqual([200, 'attachment; filename="core.bin"', '1.1 apache, 1.1 bugzilla-products', sha(bytes)]);
  });

  it("Bugzilla's error answers are passed as they are", async () => {
    bugzilla.on(
      (_m, url) => url.startsWith('/rest/bug/999'),
      (_req, res) => {
        res.writeHead(404, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(
          '{"documentation":"https://bugzilla.readthedocs.org/en/5.2/api/","code":101,"error":true,"message":"Bug #999 does not exist."}',
        );
      },
    );
    const answer = await sendRaw(port, 'GET', '/rest/bug/999');
    expect([answer.status, answer.text]).toEqual([
      404,
      '{"documentation":"https://bugzilla.readthedocs.org/en/5.2/api/","code":101,"error":true,"message":"Bug #999 does not exist."}',
    ]);
  });

  it("metrics count served and passed requests and time Bugzilla's answers", async () => {
    const before = await sendRaw(port, 'GET', '/metrics');
    const count = (text: string, who: string) =>
      Number(new RegExp(`bugzilla_front_requests_total\\{answered_by="${who}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    const timed = (text: string) =>
      Number(/bugzilla_front_bugzilla_answer_seconds_count\{outcome="answered"\} (\d+)/.exec(text)?.[1] ?? 0);
    await sendRaw(port, 'GET', '/rest/bug/1');
    await sendRaw(port, 'GET', '/rest/bug/2');
    await sendRaw(port, 'GET', '/rest/product_accessible');
    const after = await sendRaw(port, 'GET', '/metrics');
    // The first scrape is served too.
    expect([
      count(after.text, 'bugzilla') - count(before.text, 'bugzilla'),
      count(after.text, 'service') - count(before.text, 'service'),
    ]).toEqual([2, 2]);
    expect(timed(after.text) - timed(before.text)).toBe(2);
  });

  describe('when Bugzilla is down', () => {
    beforeAll(() => bugzilla.stop());
    afterAll(() => bugzilla.restart());

    it('502 in the form of each protocol', async () => {
      const rest = await sendRaw(port, 'GET', '/rest/bug/1');
      expect([rest.status, rest.body]).toEqual([
        502,
        {
          error: true,
          code: -32000,
          message: 'Bugzilla could not be reached to answer this request. Please try again later.',
          documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
        },
      ]);
      const xml = await sendRaw(port, 'POST', '/xmlrpc.cgi', {
        body: methodCall('Bug.get', { ids: [1] }),
        contentType: 'text/xml',
      });
      expect([xml.status, xml.headers['content-type'], xml.text]).toEqual([
        502,
        'text/xml',
        expect.stringContaining('<name>faultCode</name><value><int>-32000</int></value>'),
      ]);
      const json = await sendRaw(port, 'POST', '/jsonrpc.cgi', {
        body: JSON.stringify({ method: 'Bug.get', params: [{ ids: [1] }], id: 3 }),
      });
      expect([json.status, json.body]).toEqual([
        502,
        {
          result: null,
          error: {
            code: 68000,
            message: 'Bugzilla could not be reached to answer this request. Please try again later.',
          },
          id: 3,
        },
      ]);
      // The caller's own shape and id, as a JSON-RPC client matches answers to calls: 1.1 over POST, and GET.
      const v11 = await sendRaw(port, 'POST', '/jsonrpc.cgi', {
        body: JSON.stringify({ version: '1.1', method: 'Bug.get', params: { ids: [1] }, id: 'seven' }),
      });
      expect([v11.status, v11.body]).toEqual([
        502,
        {
          version: '1.1',
          error: {
            name: 'JSONRPCError',
            code: 68000,
            message: 'Bugzilla could not be reached to answer this request. Please try again later.',
          },
          id: 'seven',
        },
      ]);
      const get = await sendRaw(port, 'GET', '/jsonrpc.cgi?method=Bug.get&params=%5B%7B%22ids%22%3A%5B1%5D%7D%5D&id=9');
      expect([get.status, get.body.id, get.body.error.code]).toEqual([502, '9', 68000]);
      const page = await sendRaw(port, 'GET', '/show_bug.cgi?id=1');
      expect([page.status, page.headers['content-type'], page.text]).toEqual([
        502,
        'text/html; charset=utf-8',
        expect.stringContaining('<h1>Bad Gateway</h1>'),
      ]);
    });

    it("the service's own routes keep answering, and /health names Bugzilla's state without failing", async () => {
      const own = await sendRaw(port, 'GET', '/rest/product_accessible');
      expect([own.status, own.body]).toEqual([200, { ids: [expect.any(Number)] }]);
      const xml = await sendRaw(port, 'POST', '/xmlrpc.cgi', {
        body: methodCall('Product.get_accessible_products', {}),
        contentType: 'text/xml',
      });
      expect([xml.status, xml.text]).toEqual([200, expect.stringContaining('<name>ids</name>')]);
      const health = await sendRaw(port, 'GET', '/health');
      expect([health.status, health.body]).toEqual([200, { status: 'ok', bugzilla: 'down', version: PACKAGE_VERSION }]);
    });
  });

  it('/health says "ok" when Bugzilla answers', async () => {
    const health = await sendRaw(port, 'GET', '/health');
    expect([health.status, health.body]).toEqual([200, { status: 'ok', bugzilla: 'ok', version: PACKAGE_VERSION }]);
  });

  it('a Bugzilla slower than BUGZILLA_TIMEOUT_MS: 504, in the form of the protocol', async () => {
    const held: http.ServerResponse[] = [];
    bugzilla.on(
      (_m, url) => url.includes('slow'),
      (_req, res) => void held.push(res),
    );
    const rest = await sendRaw(port, 'GET', '/rest/bug/slow');
    expect([rest.status, rest.body.code, rest.body.message]).toEqual([
      504,
      -32000,
      'Bugzilla did not answer this request in time. Please try again later.',
    ]);
    const page = await sendRaw(port, 'GET', '/slow.cgi');
    expect([page.status, page.text]).toEqual([504, expect.stringContaining('<h1>Gateway Timeout</h1>')]);
    for (const res of held) res.destroy();
  });
});

describe.runIf(DIALECTS.includes('mysql'))(
  'the front of a Bugzilla under a path (BUGZILLA_URL=http://host/bugzilla/) [mysql]',
  () => {
    const bugzilla = new BugzillaStandIn();
    let app: TestApp;
    let port: number;

    beforeAll(async () => {
      await bugzilla.start();
      app = await startTestApp('mysql', { BUGZILLA_URL: bugzilla.url('/bugzilla') });
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.app.getHttpServer().address() as AddressInfo).port;
    });
    afterAll(async () => {
      await app?.close();
      await bugzilla.close();
    });

    it('each passed path is sent under it, a path that looks like a URL included', async () => {
      for (const [path, arrived] of [
        ['/rest/bug/1?x=1', '/bugzilla/rest/bug/1?x=1'],
        ['/', '/bugzilla/'],
        // The path as routed: its `//` merged as Apache merges it (request-path.ts), then sent as such.
        ['/http://evil.example/x', '/bugzilla/http:/evil.example/x'],
        ['/a:b', '/bugzilla/a:b'],
      ]) {
        const from = bugzilla.seen.length;
        const answer = await sendRaw(port, 'GET', path);
        expect([path, answer.status, bugzilla.since(from).map((r) => r.url)]).toEqual([path, 200, [arrived]]);
      }
    });
  },
);
