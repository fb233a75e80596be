import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { WHOLE_ANSWER_ROWS_LIMIT } from '../src/products/product-answer.js';
import { BugzillaStandIn, listeningFront } from './support/bugzilla-stand-in.js';
import { methodCall } from './support/rpc-client.js';
import { DIALECTS, type Dialect, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Compression of the service's own answers (SPEC §18), on each database: every protocol answers in
 * the coding `Accept-Encoding` asks for (br, gzip) or plain, the decoded bytes are exactly the plain
 * answer's, each coding has an ETag of its own and `If-None-Match` with either is a 304, small answers
 * and unreadable headers go plain, and the model's answers are compressed once per catalogue revision
 * (the metrics count where the bytes came from) for what the caller may see. Requests go through
 * `inject`, which hands back the bytes as sent (no client decoding them on the way).
 */

interface Sent {
  status: number;
  headers: Record<string, string | string[] | number | undefined> | http.IncomingHttpHeaders;
  bytes: Buffer;
}

function decoded(answer: Sent): string {
  const coding = answer.headers['content-encoding'];
  if (coding === 'gzip') return gunzipSync(answer.bytes).toString('utf8');
  if (coding === 'br') return brotliDecompressSync(answer.bytes).toString('utf8');
  expect(coding).toBeUndefined();
  return answer.bytes.toString('utf8');
}

const CODINGS = ['br', 'gzip'] as const;
const COMPONENTS = 40;

describe.each(DIALECTS)('compression of served answers [%s]', (dialect: Dialect) => {
  let app: TestApp;
  let memberKey: string;

  async function send(
    url: string,
    headers: Record<string, string> = {},
    options: { method?: 'GET' | 'POST' | 'HEAD'; payload?: string } = {},
  ): Promise<Sent> {
    const answer = await app.app.inject({ method: options.method ?? 'GET', url, headers, payload: options.payload });
    return { status: answer.statusCode, headers: answer.headers, bytes: answer.rawPayload };
  }

  /** The compressed-answer counters of /metrics: answers sent from kept bytes, and compressed for their request. */
  async function compressions(): Promise<{ kept: number; compressed: number }> {
    const text = (await send('/metrics')).bytes.toString('utf8');
    const count = (bytes: string) =>
      Number(new RegExp(`^bugzilla_compressed_answers_total\\{bytes="${bytes}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    return { kept: count('kept'), compressed: count('compressed') };
  }

  beforeAll(async () => {
    app = await startTestApp(dialect, { CACHE_MAX_STALENESS_MS: '60000' });
    const seed = app.seed;
    await seed.group('insiders');
    const member = await seed.user('member@compression.test', { groups: ['insiders'] });
    memberKey = await seed.apiKey(member);
    const owner = await seed.user('owner@compression.test');
    const open = await seed.product('Open', { description: 'A product anyone may see' });
    const secret = await seed.product('Secret', { description: 'Only insiders see this one' });
    await seed.groupControl('insiders', secret, { entry: true, membercontrol: 3, othercontrol: 3 });
    const big = await seed.product('Big');
    for (const product of [open, secret])
      await seed.insertMany(
        'components',
        ['name', 'product_id', 'initialowner', 'description', 'isactive'],
        Array.from({ length: COMPONENTS }, (_, c) => [`Part ${c}`, product, owner, `What part ${c} is about`, 1]),
      );
    // Enough rows for the whole catalogue to be written as it is made (a streamed answer).
    const rows = Array.from({ length: WHOLE_ANSWER_ROWS_LIMIT + 10 }, (_, c) => [
      `Piece ${c}`,
      big,
      owner,
      `About ${c}`,
      1,
    ]);
    for (let start = 0; start < rows.length; start += 500)
      await seed.insertMany(
        'components',
        ['name', 'product_id', 'initialowner', 'description', 'isactive'],
        rows.slice(start, start + 500),
      );
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each(CODINGS)(
    'REST JSON in %s: decodes to the plain bytes, with Content-Encoding, Vary and an ETag of its own',
    async (coding) => {
      const plain = await send('/rest/product?names=Open');
      const compressed = await send('/rest/product?names=Open', { 'accept-encoding': coding });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(plain.bytes.toString()).products[0].components).toHaveLength(COMPONENTS);
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(coding);
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(compressed.headers['content-type']).toBe(plain.headers['content-type']);
      expect(compressed.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, `-${coding}"`));
      expect(Number(compressed.headers['content-length'])).toBe(compressed.bytes.length);
      expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 3);
      expect(decoded(compressed)).toBe(plain.bytes.toString('utf8'));
    },
  );

  it('prefers br when both are welcome, follows q-values, and answers plain for identity, nothing it makes, or a header it cannot read', async () => {
    const url = '/rest/product?names=Open';
    const plain = await send(url);
    const codingFor = async (header: string) => (await send(url, { 'accept-encoding': header })).headers;
    expect((await codingFor('gzip, deflate, br'))['content-encoding']).toBe('br');
    expect((await codingFor('br;q=0.1, gzip;q=0.9'))['content-encoding']).toBe('gzip');
    expect((await codingFor('*'))['content-encoding']).toBe('br');
    for (const header of ['identity', 'deflate', 'gzip;q=0', 'gzip;q=nope', 'br;;;=', 'gzip; level=9']) {
      const answer = await send(url, { 'accept-encoding': header });
      expect([answer.status, answer.headers['content-encoding'], answer.headers.etag]).toEqual([
        200,
        undefined,
        plain.headers.etag,
      ]);
      expect(answer.bytes.equals(plain.bytes)).toBe(true);
    }
  });

  it('If-None-Match with the plain or the compressed tag is a 304 in either coding, carrying the tag asked for', async () => {
    const url = '/rest/product?names=Open';
    const plainTag = String((await send(url)).headers.etag);
    const gzipTag = String((await send(url, { 'accept-encoding': 'gzip' })).headers.etag);
    expect(gzipTag).toBe(plainTag.replace(/"$/, '-gzip"'));
    for (const [acceptEncoding, ifNoneMatch, expectedTag] of [
      ['gzip', gzipTag, gzipTag],
      ['gzip', plainTag, plainTag],
      ['br', gzipTag, plainTag],
      ['identity', gzipTag, plainTag],
    ]) {
      const answer = await send(url, { 'accept-encoding': acceptEncoding, 'if-none-match': ifNoneMatch });
      expect([answer.status, answer.bytes.length, answer.headers.etag]).toEqual([304, 0, expectedTag]);
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
    const stale = await send(url, { 'accept-encoding': 'gzip', 'if-none-match': '"other-gzip"' });
    expect(stale.status).toBe(200);
  });

  it('leaves answers under 1 KB plain (with Vary), and HEAD says what GET would send', async () => {
    const small = await send('/rest/version', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(small.bytes.toString())).toEqual({ version: expect.any(String) });
    const get = await send('/rest/product?names=Open', { 'accept-encoding': 'gzip' });
    const head = await send('/rest/product?names=Open', { 'accept-encoding': 'gzip' }, { method: 'HEAD' });
    expect([head.status, head.bytes.length]).toEqual([200, 0]);
    for (const name of ['content-encoding', 'etag', 'vary', 'content-length'])
      expect([name, head.headers[name]]).toEqual([name, get.headers[name]]);
  });

  it("XML-RPC (python-bugzilla sends gzip), JSON-RPC, JSONP, the OpenAPI document and the console's script are compressed the same way", async () => {
    const xml = methodCall('Product.get', { names: ['Open', 'Secret'] });
    const xmlHeaders = { 'content-type': 'text/xml' };
    const jsonBody = JSON.stringify({ method: 'Product.get', params: [{ names: ['Open'] }], id: 1 });
    const jsonHeaders = { 'content-type': 'application/json' };
    const cases: [string, string, Record<string, string>, { method?: 'POST'; payload?: string }][] = [
      ['XML-RPC', '/xmlrpc.cgi', xmlHeaders, { method: 'POST', payload: xml }],
      ['JSON-RPC', '/jsonrpc.cgi', jsonHeaders, { method: 'POST', payload: jsonBody }],
      ['JSONP', '/rest/product?names=Open&callback=take', {}, {}],
      ['OpenAPI', '/api/openapi.json', {}, {}],
      ["the console's script", '/admin/app.js', {}, {}],
    ];
    for (const [what, url, headers, options] of cases) {
      const plain = await send(url, headers, options);
      expect([what, plain.status, plain.headers['content-encoding']]).toEqual([what, 200, undefined]);
      for (const coding of CODINGS) {
        const compressed = await send(url, { ...headers, 'accept-encoding': coding }, options);
        expect([what, compressed.status, compressed.headers['content-encoding']]).toEqual([what, 200, coding]);
        expect([what, compressed.headers.vary]).toEqual([what, 'Accept-Encoding']);
        expect([what, decoded(compressed)]).toEqual([what, plain.bytes.toString('utf8')]);
      }
    }
  });

  it("compresses the model's answers once per catalogue revision; a change is compressed anew", async () => {
    const url = '/rest/product?names=Open&include_fields=name,components';
    const first = await send(url, { 'accept-encoding': 'br' });
    const before = await compressions();
    const again = await send(url, { 'accept-encoding': 'br' });
    const after = await compressions();
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(after).toEqual({ kept: before.kept + 1, compressed: before.compressed });

    await app.rows("UPDATE components SET description = 'Rewritten' WHERE name = 'Part 0'");
    const changed = await send(url, { 'accept-encoding': 'br' });
    const afterChange = await compressions();
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(decoded(changed)).products[0].components[0].description).toBe('Rewritten');
    expect(afterChange).toEqual({ kept: after.kept, compressed: after.compressed + 1 });
  });

  it('requests arriving together for an answer not compressed yet share one compression', async () => {
    const url = '/rest/product?names=Open&include_fields=components';
    const plain = await send(url);
    const before = await compressions();
    const together = await Promise.all(Array.from({ length: 5 }, () => send(url, { 'accept-encoding': 'br' })));
    const after = await compressions();
    for (const answer of together) {
      expect([answer.status, answer.headers['content-encoding']]).toEqual([200, 'br']);
      expect(decoded(answer)).toBe(plain.bytes.toString('utf8'));
    }
    expect(after).toEqual({ kept: before.kept + 4, compressed: before.compressed + 1 });
  });

  it('keeps compressed bytes per visibility: an insider gets the secret product, anyone else never does', async () => {
    const url = '/rest/product?type=accessible&include_fields=name';
    const insider = { 'accept-encoding': 'gzip', 'x-bugzilla-api-key': memberKey };
    const anonymousFirst = JSON.parse(decoded(await send(url, { 'accept-encoding': 'gzip' })));
    const insiders = JSON.parse(decoded(await send(url, insider)));
    const anonymousAfter = JSON.parse(decoded(await send(url, { 'accept-encoding': 'gzip' })));
    expect(insiders.products.map((p: { name: string }) => p.name)).toEqual(['Big', 'Open', 'Secret']);
    expect(anonymousFirst.products.map((p: { name: string }) => p.name)).toEqual(['Big', 'Open']);
    expect(anonymousAfter).toEqual(anonymousFirst);
  });

  it('the whole catalogue, written as it is made, is compressed as it streams and kept for the next read', async () => {
    const url = '/rest/product?type=accessible';
    const plain = await send(url);
    expect(plain.headers['transfer-encoding']).toBe('chunked');
    const before = await compressions();
    const first = await send(url, { 'accept-encoding': 'gzip' });
    const second = await send(url, { 'accept-encoding': 'gzip' });
    const after = await compressions();
    expect([first.status, first.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(first.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-gzip"'));
    expect(decoded(first)).toBe(plain.bytes.toString('utf8'));
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(after).toEqual({ kept: before.kept + 1, compressed: before.compressed + 1 });
    expect(first.bytes.length).toBeLessThan(plain.bytes.length / 5);
  });

  it('the whole catalogue asked for by several clients at once, after a change, is compressed once as it streams', async () => {
    const url = '/rest/product?type=accessible';
    await app.rows("UPDATE components SET description = 'Streamed anew' WHERE name = 'Piece 0'");
    const plain = await send(url);
    expect(plain.bytes.toString('utf8')).toContain('Streamed anew');
    const before = await compressions();
    const together = await Promise.all(Array.from({ length: 3 }, () => send(url, { 'accept-encoding': 'gzip' })));
    const after = await compressions();
    for (const answer of together) {
      expect([answer.status, answer.headers['content-encoding']]).toEqual([200, 'gzip']);
      expect(decoded(answer)).toBe(plain.bytes.toString('utf8'));
    }
    expect(after).toEqual({ kept: before.kept + 2, compressed: before.compressed + 1 });
  });
});

describe.runIf(DIALECTS.includes('sqlite'))('COMPRESSION=false [sqlite]', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { COMPRESSION: 'false', DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends every answer as it is, whatever the client asks, with no Vary and no compression metrics', async () => {
    const answer = await app.app.inject({
      method: 'GET',
      url: '/rest/product?type=accessible',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.rawPayload.length).toBeGreaterThan(1024);
    expect(JSON.parse(answer.body).products.length).toBeGreaterThan(0);
    const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).not.toContain('bugzilla_compressed_answers_total');
  });
});

/**
 * Compression of what the front passes from Bugzilla (SPEC §18), against the stand-in Bugzilla: what it
 * sent plain and of a text type is compressed as the client asks; what is encoded already, a `206`, a
 * `no-transform` answer, a binary type, a small answer and an answer to HEAD pass as they came. The
 * front's choice does not depend on the database: one is enough.
 */
describe.runIf(DIALECTS.includes('mysql'))('compression of passed answers [mysql]', () => {
  const bugzilla = new BugzillaStandIn();
  let app: TestApp;
  let port: number;
  const page = `<!DOCTYPE html><html><body>${'<p>A bug list row, as Bugzilla writes many.</p>'.repeat(200)}</body></html>`;
  const json = JSON.stringify({ bugs: Array.from({ length: 100 }, (_, id) => ({ id, summary: `Bug ${id}` })) });
  const gzipped = gzipSync(Buffer.from(page));

  /** One request on a connection of its own; the body as it crossed the wire. */
  function fetchRaw(path: string, headers: Record<string, string>, method = 'GET'): Promise<Sent> {
    return new Promise((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });
  }

  beforeAll(async () => {
    const answer =
      (status: number, headers: Record<string, string>, body: Buffer | string) =>
      (req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
    const at = (path: string) => (_method: string, url: string) => url.split('?')[0] === path;
    bugzilla
      // Perl Bugzilla's REST ETag is unquoted (its md5, base64); a CGI page's (Apache's) is quoted.
      .on(at('/rest/bug'), answer(200, { 'content-type': 'application/json; charset=UTF-8', etag: 'bz1Tag' }, json))
      .on(at('/buglist.cgi'), answer(200, { 'content-type': 'text/html; charset=UTF-8', etag: '"ac11-66"' }, page))
      .on(
        at('/show_bug.cgi'),
        answer(
          200,
          { 'content-type': 'text/html; charset=UTF-8', 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
          gzipped,
        ),
      )
      .on(
        at('/partial.txt'),
        answer(206, { 'content-type': 'text/plain', 'content-range': `bytes 0-${page.length - 1}/99999` }, page),
      )
      .on(
        at('/no-transform.cgi'),
        answer(200, { 'content-type': 'text/html', 'cache-control': 'private, no-transform' }, page),
      )
      .on(at('/attachment.cgi'), answer(200, { 'content-type': 'application/pdf' }, page))
      .on(at('/small.cgi'), answer(200, { 'content-type': 'text/html' }, '<p>small</p>'));
    ({ app, port } = await listeningFront(bugzilla));
  });

  afterAll(async () => {
    await app?.close();
    await bugzilla.close();
  });

  it.each(CODINGS)('plain JSON and HTML from Bugzilla come compressed in %s, decoding to its bytes', async (coding) => {
    const rest = await fetchRaw('/rest/bug?id=1', { 'accept-encoding': coding });
    expect([rest.status, rest.headers['content-encoding'], rest.headers.vary, rest.headers.etag]).toEqual([
      200,
      coding,
      'Accept-Encoding',
      `bz1Tag-${coding}`,
    ]);
    expect(rest.headers['content-length']).toBeUndefined();
    expect(decoded(rest)).toBe(json);
    const list = await fetchRaw('/buglist.cgi', { 'accept-encoding': coding });
    expect([list.status, list.headers['content-encoding'], list.headers.via]).toEqual([
      200,
      coding,
      '1.1 bugzilla-products',
    ]);
    expect(decoded(list)).toBe(page);
    expect(list.bytes.length).toBeLessThan(page.length / 10);
  });

  it("without Accept-Encoding, Bugzilla's bytes pass as they came (with Vary), and a conditional request reaches Bugzilla with its own tag", async () => {
    const plain = await fetchRaw('/rest/bug?id=1', {});
    expect([
      plain.status,
      plain.headers['content-encoding'],
      plain.headers['content-length'],
      plain.headers.vary,
    ]).toEqual([200, undefined, String(json.length), 'Accept-Encoding']);
    expect(plain.bytes.toString()).toBe(json);
    const seen = bugzilla.seen.length;
    await fetchRaw('/rest/bug?id=1', { 'accept-encoding': 'br', 'if-none-match': 'bz1Tag-br' });
    await fetchRaw('/buglist.cgi', { 'accept-encoding': 'br', 'if-none-match': '"ac11-66-gzip", "other"' });
    expect(bugzilla.since(seen).map((request) => request.headers['if-none-match'])).toEqual([
      'bz1Tag',
      '"ac11-66", "other"',
    ]);
  });

  it('what Bugzilla gzipped passes byte for byte; a 206, a no-transform answer, a binary type, a small answer and HEAD pass as they came', async () => {
    const welcome = { 'accept-encoding': 'br, gzip' };
    const show = await fetchRaw('/show_bug.cgi?id=1', welcome);
    expect([show.headers['content-encoding'], show.headers['content-length'], show.bytes.equals(gzipped)]).toEqual([
      'gzip',
      String(gzipped.length),
      true,
    ]);
    for (const [path, status] of [
      ['/partial.txt', 206],
      ['/no-transform.cgi', 200],
      ['/attachment.cgi?id=1', 200],
      ['/small.cgi', 200],
    ] as const) {
      const passed = await fetchRaw(path, { ...welcome, range: 'bytes=0-' });
      expect([path, passed.status, passed.headers['content-encoding']]).toEqual([path, status, undefined]);
      expect([path, passed.headers['content-length']]).toEqual([path, String(passed.bytes.length)]);
    }
    const head = await fetchRaw('/buglist.cgi', welcome, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.headers['content-length'], head.bytes.length]).toEqual([
      200,
      undefined,
      String(page.length),
      0,
    ]);
  });
});
