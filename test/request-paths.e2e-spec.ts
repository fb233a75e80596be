import type { AddressInfo } from 'node:net';
import { envelope } from './support/envelope.js';
import { methodCall, readMethodResponse } from './support/rpc-client.js';
import { sendRaw } from './support/raw-http.js';
import { forEachDialect } from './support/test-app.js';

/**
 * Paths as Apache 2.4 passes them to Bugzilla: duplicate slashes merged and `.`/`..` segments
 * resolved before any route is chosen, for every route; a path that would climb above the root is
 * refused. Sent over a real socket, exactly as written (Fastify's inject would resolve dot segments itself).
 */

const send = (port: number, method: string, path: string, body?: string, contentType?: string) =>
  sendRaw(port, method, path, { body, contentType });

forEachDialect('request paths as Apache passes them', (app) => {
  let port: number;
  let key: string;
  beforeAll(async () => {
    const admin = await app().seed.user('admin@example.com', { groups: ['editcomponents'] });
    key = await app().seed.apiKey(admin);
    const product = await app().seed.product('Widget', { description: 'Widgets' });
    await app().seed.version(product, '1.0');
    await app().seed.milestone(product, '---');
    await app().app.listen({ port: 0, host: '127.0.0.1' });
    port = (app().app.getHttpServer().address() as AddressInfo).port;
  });

  it.each(['//xmlrpc.cgi', '/./xmlrpc.cgi', '/rest/../xmlrpc.cgi', '/%2e/xmlrpc.cgi'])(
    'XML-RPC at %s',
    async (path) => {
      const res = await send(port, 'POST', path, methodCall('Bugzilla.version', {}), 'text/xml');
      expect([res.status, readMethodResponse(res.text)]).toEqual([200, { value: { version: '5.2' } }]);
    },
  );

  it.each(['//jsonrpc.cgi', '/./jsonrpc.cgi', '//./jsonrpc.cgi'])('JSON-RPC POST and GET at %s', async (path) => {
    const post = await send(port, 'POST', path, JSON.stringify({ method: 'Bugzilla.timezone', params: [{}], id: 1 }));
    expect([post.status, post.body]).toEqual([200, { result: { timezone: '+0000' }, error: null, id: 1 }]);
    const get = await send(port, 'GET', `${path}?method=Bugzilla.version&params=%5B%7B%7D%5D&id=2`);
    expect([get.status, get.body]).toEqual([200, { result: { version: '5.2' }, error: null, id: '2' }]);
  });

  it.each([
    ['//rest/version', { version: '5.2' }],
    ['/rest//version', { version: '5.2' }],
    ['/rest/./timezone', { timezone: '+0000' }],
    ['/rest/product/../version', { version: '5.2' }],
    ['/rest/%2E%2e/rest/version/', { version: '5.2' }],
    ['/rest///product_accessible', { ids: [expect.any(Number)] }],
  ])('REST GET %s', async (path, expected) => {
    const res = await send(port, 'GET', path);
    expect([res.status, res.body]).toEqual([200, expected]);
  });

  it('REST writes and their path parameters: PUT //rest//product/./Widget', async () => {
    const res = await send(
      port,
      'PUT',
      `//rest//product/./Widget?api_key=${key}`,
      JSON.stringify({ description: 'Gadgets' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.products[0].changes).toEqual({ description: { added: 'Gadgets', removed: 'Widgets' } });
    const [row] = await app().rows("SELECT description FROM products WHERE name = 'Widget'");
    expect(row.description).toBe('Gadgets');
  });

  it('the query string is left as sent (slashes and dots in values)', async () => {
    const res = await send(port, 'GET', '//rest/product?names=..//Widget&names=Widget&include_fields=name');
    expect([res.status, res.body]).toEqual([200, { products: [{ name: 'Widget' }] }]);
  });

  it('an unknown path is named normalised in 32614', async () => {
    const res = await send(port, 'GET', '/rest//nothing/./here');
    expect([res.status, res.body]).toEqual([
      404,
      envelope(32614, "A REST API resource was not found for 'GET /nothing/here'."),
    ]);
  });

  it('OPTIONS answers for the normalised path', async () => {
    const res = await send(port, 'OPTIONS', '//rest/./product');
    expect(res.status).toBe(200);
  });

  it.each(['/../rest/version', '/rest/../../rest/version', '/%2e%2e/xmlrpc.cgi', '//..//jsonrpc.cgi'])(
    '%s climbs above the root: refused (400, code 32000), nothing served',
    async (path) => {
      const res = await send(port, 'POST', path, methodCall('Bugzilla.version', {}), 'text/xml');
      expect([res.status, res.body]).toEqual([
        400,
        envelope(32000, `The path '${path}' leads above the root of this server.`),
      ]);
    },
  );
});
