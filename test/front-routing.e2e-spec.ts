import type { AddressInfo } from 'node:net';
import { RPC_METHODS } from '../src/rpc/rpc-methods.js';
import { BugzillaStandIn, listeningFront } from './support/bugzilla-stand-in.js';
import { sendRaw, type RawAnswer } from './support/raw-http.js';
import { routeTable } from './support/route-table.js';
import { methodCall } from './support/rpc-client.js';
import { DIALECTS, startTestApp, type TestApp } from './support/test-app.js';

/**
 * SPEC §13, who answers what: in front of a Bugzilla (BUGZILLA_URL), the service answers its own
 * routes and RPC methods and passes everything else. Every route the application has registered and
 * every method of the RPC table is sent through a front on a real socket, and each must land where
 * the contract says — the contract's own words, kept here as the test's expectation: Bugzilla's
 * session and server endpoints (login, logout, valid_login, whoami, user, version, extensions, time,
 * timezone, parameters, last_audit_time; the `Bugzilla` and `User` classes) are passed, every other
 * route and method is served. A passed request is told by the stand-in having seen it and by `Via`.
 */

/** §13's "passed" REST routes (Bugzilla's session and server endpoints), as the contract names them. */
const BUGZILLA_REST_ROUTES = new Set([
  'GET /rest/login',
  'GET /rest/logout',
  'GET /rest/valid_login',
  'GET /rest/whoami',
  'GET /rest/user',
  'GET /rest/user/:id_or_login',
  'GET /rest/version',
  'GET /rest/extensions',
  'GET /rest/time',
  'GET /rest/timezone',
  'GET /rest/parameters',
  'GET /rest/last_audit_time',
]);

/** A concrete path for a route: each parameter becomes `1` (an id, or a name that is one). */
const concrete = (route: string) => route.replace(/:[^/]+(?:\([^)]*\))?(?:\|:[^/]+)*/g, '1').split(' ')[1];

describe.runIf(DIALECTS.includes('mysql'))('the front: who answers what (SPEC §13) [mysql]', () => {
  const bugzilla = new BugzillaStandIn();
  let app: TestApp;
  let port: number;
  let routes: string[];

  beforeAll(async () => {
    await bugzilla.start();
    app = await startTestApp('mysql', { BUGZILLA_URL: bugzilla.url() });
    routes = routeTable(app.app.getHttpAdapter().getInstance());
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await bugzilla.close();
  });

  /** Sends one request through the front: whether Bugzilla got it (as sent), and the answer. */
  async function through(
    method: string,
    path: string,
    options: Parameters<typeof sendRaw>[3] = {},
  ): Promise<{ passed: boolean; answer: RawAnswer; arrived?: (typeof bugzilla.seen)[number] }> {
    const from = bugzilla.seen.length;
    const answer = await sendRaw(port, method, path, options);
    const arrived = bugzilla.since(from);
    expect(arrived.length).toBeLessThanOrEqual(1);
    // Only passed answers carry Via, and every passed one does.
    expect(answer.headers.via === '1.1 bugzilla-products').toBe(arrived.length === 1);
    return { passed: arrived.length === 1, answer, arrived: arrived[0] };
  }

  it('the route table is the one the contract describes (a new route must be placed on a side here)', () => {
    const rest = routes.filter((route) => route.includes(' /rest/'));
    expect(rest.length).toBeGreaterThan(50);
    for (const route of BUGZILLA_REST_ROUTES) expect(rest).toContain(route);
  });

  it("every REST route: Bugzilla's session and server routes are passed, every other one is served", async () => {
    const landed: Record<string, 'served' | 'passed'> = {};
    const expected: Record<string, 'served' | 'passed'> = {};
    for (const route of routes.filter((r) => r.includes(' /rest/'))) {
      const method = route.split(' ')[0];
      const { passed, arrived } = await through(method, concrete(route), method === 'GET' ? {} : { body: '{}' });
      landed[route] = passed ? 'passed' : 'served';
      expected[route] = BUGZILLA_REST_ROUTES.has(route.replace(/\|:[^/]+/g, '')) ? 'passed' : 'served';
      // The path that was routed is the path that was sent.
      if (passed) expect(`${arrived!.method} ${arrived!.url}`).toBe(`${method} ${concrete(route)}`);
    }
    expect(landed).toEqual(expected);
  });

  it("the service's own other routes (health, metrics, the OpenAPI document, the console) are served", async () => {
    for (const route of routes.filter((r) => !r.includes(' /rest/'))) {
      const [method, path] = route.split(' ');
      // A passed request just answered: /health then reads Bugzilla's state from it and asks nothing
      // (test/health.e2e-spec.ts has /health's own check).
      expect((await sendRaw(port, 'GET', '/show_bug.cgi?id=1')).headers.via).toBe('1.1 bugzilla-products');
      const from = bugzilla.seen.length;
      const answer = await sendRaw(port, method, path);
      expect([route, bugzilla.since(from).map((r) => `${r.method} ${r.url}`), answer.headers.via]).toEqual([
        route,
        [],
        undefined,
      ]);
    }
  });

  it('every RPC method over XML-RPC and JSON-RPC POST: the Bugzilla and User classes are passed, every other one is served', async () => {
    const landed: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of Object.keys(RPC_METHODS)) {
      const bugzillas = /^(Bugzilla|User)\./.test(name);
      const xml = methodCall(name, {});
      const viaXml = await through('POST', '/xmlrpc.cgi', { body: xml, contentType: 'text/xml' });
      const json = JSON.stringify({ method: name, params: [{}], id: 1 });
      const viaJson = await through('POST', '/jsonrpc.cgi', { body: json, contentType: 'application/json' });
      landed[name] = `${viaXml.passed ? 'passed' : 'served'} ${viaJson.passed ? 'passed' : 'served'}`;
      expected[name] = bugzillas ? 'passed passed' : 'served served';
      // A passed call arrives with its bytes unchanged.
      if (viaXml.passed) expect([viaXml.arrived!.url, viaXml.arrived!.body]).toEqual(['/xmlrpc.cgi', xml]);
      if (viaJson.passed) expect([viaJson.arrived!.url, viaJson.arrived!.body]).toEqual(['/jsonrpc.cgi', json]);
    }
    expect(landed).toEqual(expected);
  });

  it('JSON-RPC over GET goes by its method parameter', async () => {
    const served = await through('GET', '/jsonrpc.cgi?method=Product.get_accessible_products&params=%5B%7B%7D%5D&id=1');
    expect([served.passed, served.answer.body]).toEqual([false, { result: { ids: [] }, error: null, id: '1' }]);
    for (const path of [
      '/jsonrpc.cgi?method=Bugzilla.version&params=%5B%7B%7D%5D&id=1',
      '/jsonrpc.cgi?method=Bug.get&params=%5B%7B%22ids%22%3A%5B1%5D%7D%5D&id=1',
      '/jsonrpc.cgi',
    ]) {
      const { passed, arrived } = await through('GET', path);
      expect([passed, arrived?.url]).toEqual([true, path]);
    }
  });

  it("other methods, unknown ones and calls the service's servers would not read are passed with their bytes", async () => {
    const bodies: [string, string, string][] = [
      ['/xmlrpc.cgi', methodCall('Bug.create', { product: 'Widget', summary: 'x' }), 'text/xml'],
      ['/xmlrpc.cgi', methodCall('Foo.bar', {}), 'text/xml'],
      ['/xmlrpc.cgi', '<methodCall><methodName>Product.get', 'text/xml'],
      [
        '/jsonrpc.cgi',
        JSON.stringify({ method: 'Bug.search', params: [{ product: 'Widget' }], id: 7 }),
        'application/json',
      ],
      ['/jsonrpc.cgi', JSON.stringify([{ method: 'Product.get', params: [{}], id: 1 }]), 'application/json'],
      ['/jsonrpc.cgi', '{"method": "Product.get", ', 'application/json'],
    ];
    for (const [path, body, contentType] of bodies) {
      const { passed, arrived } = await through('POST', path, { body, contentType });
      expect([passed, arrived?.body, arrived?.headers['content-type']]).toEqual([true, body, contentType]);
    }
    // python-bugzilla's probe, and the other HTTP methods of the endpoints.
    for (const [method, path] of [
      ['HEAD', '/xmlrpc.cgi'],
      ['GET', '/xmlrpc.cgi'],
      ['PUT', '/jsonrpc.cgi'],
    ]) {
      expect((await through(method, path)).passed).toBe(true);
    }
  });

  it('everything else is passed: other REST routes and methods, CGI pages, static files, the root', async () => {
    for (const [method, path] of [
      ['GET', '/rest/bug/1'],
      ['GET', '/rest/bug?product=Widget&include_fields=id'],
      ['POST', '/rest/bug'],
      ['POST', '/rest/product/1'],
      ['GET', '/rest/product/1/nosuch'],
      ['GET', '/show_bug.cgi?id=1'],
      ['POST', '/editcomponents.cgi'],
      ['GET', '/skins/standard/global.css'],
      ['GET', '/'],
    ]) {
      const { passed, arrived } = await through(
        method,
        path,
        method === 'POST' ? { body: 'a=1', contentType: 'application/x-www-form-urlencoded' } : {},
      );
      expect([method, path, passed, arrived?.url]).toEqual([method, path, true, path]);
    }
  });

  it('OPTIONS: answered by the service on its own paths, passed on any other', async () => {
    const own = await through('OPTIONS', '/rest/product/1');
    expect([own.passed, own.answer.status, own.answer.headers.allow]).toEqual([false, 200, 'GET, PUT, DELETE']);
    for (const path of ['/rest/bug/1', '/rest/login', '/xmlrpc.cgi'])
      expect((await through('OPTIONS', path)).passed).toBe(true);
  });

  it('/admin/ and /metrics are never passed, whatever follows them', async () => {
    for (const path of [
      '/admin/',
      '/admin/nosuch.cgi',
      '/admin/../admin/x',
      '/metrics',
      '/metrics/x',
      '/metrics?x=1',
    ]) {
      const { passed, answer } = await through('GET', path);
      expect([path, passed]).toEqual([path, false]);
      expect(answer.status).not.toBe(502);
    }
  });
});

describe.runIf(DIALECTS.includes('mysql'))(
  'the front without the console and metrics (ADMIN_UI=false, METRICS=false) [mysql]',
  () => {
    const bugzilla = new BugzillaStandIn();
    let app: TestApp;
    let port: number;

    beforeAll(async () => {
      ({ app, port } = await listeningFront(bugzilla, { ADMIN_UI: 'false', METRICS: 'false' }));
    });
    afterAll(async () => {
      await app?.close();
      await bugzilla.close();
    });

    it('/admin/ and /metrics are still never passed: they are unknown paths of the service', async () => {
      for (const path of ['/admin/', '/admin/index.html', '/metrics']) {
        const answer = await sendRaw(port, 'GET', path);
        expect([path, answer.status, answer.body.code, answer.headers.via]).toEqual([path, 404, 32614, undefined]);
      }
      expect(bugzilla.seen).toEqual([]);
    });
  },
);
