import { forEachDialect } from './support/test-app.js';
import { envelope } from './support/envelope.js';

forEachDialect('Bugzilla wire conventions', (app) => {
  let adminKey: string;
  beforeAll(async () => {
    const seed = app().seed;
    const admin = await seed.user('admin@example.com', { groups: ['admin'] });
    adminKey = await seed.apiKey(admin);
  });

  it('answers an unknown path with 32614 and HTTP 404, naming the method and the path without /rest', async () => {
    const res = await app().get('/rest/no_such_thing?x=1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelope(32614, "A REST API resource was not found for 'GET /no_such_thing'."));
  });

  it('answers a known path with an unsupported method with 32614', async () => {
    // (DELETE /rest/product/{id} deletes a product now; POST is still not a method of the path.)
    const res = await app().request('POST', '/rest/product/1', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelope(32614, "A REST API resource was not found for 'POST /product/1'."));
  });

  it('treats a non-digit id in a path as an unknown path', async () => {
    const res = await app().post('/rest/bug_user_last_visit/abc', { query: { api_key: adminKey } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelope(32614, "A REST API resource was not found for 'POST /bug_user_last_visit/abc'."));
  });

  it('answers OPTIONS on a known path with 200, the methods it allows and no body (so no content type)', async () => {
    const res = await app().request('OPTIONS', '/rest/product');
    expect(res.status).toBe(200);
    expect(String(res.headers['allow']).split(', ').sort()).toEqual(['GET', 'POST', 'PUT']);
    expect([res.text, res.headers['content-type']]).toEqual(['', undefined]);
    const unknown = await app().request('OPTIONS', '/rest/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(32614);
  });

  it('accepts a trailing slash', async () => {
    const res = await app().get('/rest/version/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: '5.2' });
  });

  it('answers malformed JSON with 32000 and HTTP 400', async () => {
    const res = await app().post('/rest/product', {
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
      query: { api_key: adminKey },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(32000);
    expect(res.body.error).toBe(true);
    expect(res.body.message).toMatch(/JSON/);
  });

  it('answers a JSON body that is not an object with 32000 and HTTP 400', async () => {
    for (const rawBody of ['[1, 2]', '"text"', '42', 'null']) {
      const res = await app().post('/rest/product', {
        rawBody,
        headers: { 'content-type': 'application/json' },
        query: { api_key: adminKey },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(envelope(32000, 'The request body must be a JSON object.'));
    }
  });

  it('answers a body over 1 MiB with 413 and code 32000', async () => {
    const res = await app().post('/rest/product', {
      rawBody: JSON.stringify({ name: 'x', description: 'y'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
      query: { api_key: adminKey },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(envelope(32000, 'The request body is larger than the limit of 1 MiB.'));
  });

  it("sends the CORS header and Bugzilla's security headers on success and on errors", async () => {
    for (const url of ['/rest/version', '/rest/nothing']) {
      const { headers } = await app().get(url);
      expect(headers['access-control-allow-origin']).toBe('*');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['x-xss-protection']).toBe('1; mode=block');
    }
  });

  it('sends an ETag with every 200 and answers a matching If-None-Match with 304 and no body', async () => {
    const first = await app().get('/rest/version');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app().get('/rest/version', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await app().get('/rest/extensions', { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ extensions: {} });
  });

  it("answers JSONP on a REST GET with a callback, as Bugzilla 5.2's REST.pm: /**/callback(answer) as text/javascript, errors too", async () => {
    const product = await app().seed.product('Jsonp Widget', { description: 'Read by a <script> tag' });
    const jsonp = async (url: string, query: Record<string, string>, callback: string) => {
      const plain = await app().get(url, { query });
      const wrapped = await app().get(url, { query: { ...query, callback } });
      return { plain, wrapped };
    };

    // A served answer (the product read is remembered by the model: sent as bytes), the same bytes wrapped.
    for (const [url, query] of [
      ['/rest/version', {}],
      ['/rest/product', { names: 'Jsonp Widget', include_fields: 'id,name,description' }],
      [`/rest/product/${product}`, {}],
      ['/rest/product_accessible', {}],
    ] as const) {
      const { plain, wrapped } = await jsonp(url, query, 'cbs.list[0]');
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect([wrapped.status, wrapped.headers['content-type']]).toEqual([200, 'text/javascript; charset=UTF-8']);
      expect(wrapped.text).toBe(`/**/cbs.list[0](${plain.text})`);
      expect(wrapped.headers['access-control-allow-origin']).toBe('*');
      // Its own ETag (other bytes than the JSON's), and 304 to it.
      expect(wrapped.headers.etag).toMatch(/^".+"$/);
      expect(wrapped.headers.etag).not.toBe(plain.headers.etag);
      const again = await app().get(url, {
        query: { ...query, callback: 'cbs.list[0]' },
        headers: { 'if-none-match': String(wrapped.headers.etag) },
      });
      expect([again.status, again.text]).toEqual([304, '']);
    }

    // Bugzilla trims the callback; an error is wrapped too, with its status.
    const trimmed = await jsonp('/rest/product', { names: 'Jsonp Widget' }, '  cb  ');
    expect(trimmed.wrapped.text).toBe(`/**/cb(${trimmed.plain.text})`);
    const error = await jsonp('/rest/product', { type: 'bogus' }, 'cb');
    expect(error.plain.status).toBe(400);
    expect([error.wrapped.status, error.wrapped.headers['content-type']]).toEqual([
      400,
      'text/javascript; charset=UTF-8',
    ]);
    expect(error.wrapped.text).toBe(`/**/cb(${error.plain.text})`);

    // A callback Bugzilla refuses: 32611 before anything runs, in plain JSON (no callback is set then).
    for (const callback of ['alert(1)', 'my-cb', ' ', 'é']) {
      const refused = await app().get('/rest/version', { query: { callback } });
      expect(refused.status).toBe(400);
      expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(refused.body).toEqual(
        envelope(
          32611,
          `You cannot use '${callback.trim()}' as your 'callback' parameter. For security reasons, only letters, ` +
            "numbers, and the following characters are allowed in the 'callback' parameter: []._",
        ),
      );
    }

    // Bugzilla tests the callback for truth: '' and '0' are none. An unknown path is answered before
    // the callback is read; on a write a callback means nothing (a <script> tag only GETs).
    for (const callback of ['', '0']) {
      const none = await app().get('/rest/version', { query: { callback } });
      expect([none.status, none.headers['content-type'], none.text]).toEqual([
        200,
        'application/json; charset=utf-8',
        '{"version":"5.2"}',
      ]);
    }
    const unknown = await app().get('/rest/nothing', { query: { callback: 'cb' } });
    expect([unknown.status, unknown.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    expect(unknown.body.code).toBe(32614);
  });

  it('serves the OpenAPI document and its browser page', async () => {
    const doc = await app().get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/rest/version', '/health']));
    const page = await app().get('/api');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/swagger/i);
  });

  it('answers an unexpected fault with 500 and code -32000, naming a request id and no internals', async () => {
    // A table that vanished under the service is a fault no request can cause.
    await app().ds.query('DROP TABLE bug_user_last_visit');
    const res = await app().get('/rest/bug_user_last_visit', { query: { api_key: adminKey } });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(-32000);
    expect(res.body.message).toMatch(
      /^An internal error occurred while processing the request \(request id [\w-]+\)\.$/,
    );
    expect(res.text).not.toMatch(/bug_user_last_visit|SELECT|sqlite|mysql|at \w+ \(/i);
  });
});
