import net from 'node:net';
import { BugzillaStandIn, listeningFront } from './support/bugzilla-stand-in.js';
import { sendRaw } from './support/raw-http.js';
import { startService, stopService, type ServiceProcess } from './support/service-process.js';
import { createTestDatabase, DIALECTS, type TestApp, type TestDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/**
 * SPEC §13, safe: one parse of each request decides serve-or-pass, and the path that is routed is the
 * path that is sent; ambiguous framing (Content-Length with Transfer-Encoding, two different
 * Content-Lengths) is refused 400 and never passed; /admin/ and /metrics are never passed; a passed
 * request's credentials never reach the access log.
 */

/** Writes bytes on a socket of its own and reads everything until the server closes it (or a pause). */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => socket.destroy(), 3000);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', reject);
    socket.write(bytes);
  });
}

describe.runIf(DIALECTS.includes('mysql'))('the front is safe (SPEC §13) [mysql]', () => {
  const bugzilla = new BugzillaStandIn();
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    ({ app, port } = await listeningFront(bugzilla));
    await app.seed.product('Widget', { description: 'Widgets' });
  });
  afterAll(async () => {
    await app?.close();
    await bugzilla.close();
  });

  it.each([
    [
      'Content-Length and Transfer-Encoding both',
      'POST /rest/bug HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /rest/bug/2 HTTP/1.1\r\nHost: x\r\n\r\n',
    ],
    [
      'two different Content-Lengths',
      'POST /rest/bug HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 40\r\n\r\nabcdGET /rest/bug/2 HTTP/1.1\r\nHost: x\r\n\r\n',
    ],
    [
      'Transfer-Encoding that is not chunked last',
      'POST /rest/bug HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n',
    ],
  ])('a request with %s is refused 400 and never passed', async (_title, bytes) => {
    const from = bugzilla.seen.length;
    const answer = await rawExchange(port, bytes);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    // One answer only: nothing smuggled behind it was read as a request of its own.
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(bugzilla.since(from)).toEqual([]);
  });

  it.each([
    ['/rest/../admin/', '/admin/'],
    ['/rest/%2e%2e/metrics', '/metrics'],
    ['//metrics', '/metrics'],
    ['/rest/bug/%2E%2E/%2e%2e/admin/x', '/admin/x'],
    ['/admin%2f..%2fshow_bug.cgi', '/admin%2f..%2fshow_bug.cgi'],
    ['/METRICS', '/METRICS'],
  ])('a path trick never reaches Bugzilla for /admin or /metrics: %s', async (path) => {
    const from = bugzilla.seen.length;
    const answer = await sendRaw(port, 'GET', path);
    expect([path, answer.headers.via, bugzilla.since(from)]).toEqual([path, undefined, []]);
  });

  it.each([
    // Served: the normalised path is one of the service's routes, and so is answered here.
    ['//rest//product_accessible', 'served', undefined],
    ['/rest/bug/%2e%2e/product_accessible', 'served', undefined],
    ['/rest/./product/../product_accessible', 'served', undefined],
    // Passed: sent as routed (normalised), never as written.
    ['/rest/product/%2E%2E/bug/1', 'passed', '/rest/bug/1'],
    ['//rest//version', 'passed', '/rest/version'],
    ['/rest/product_accessible/../bug?x=1', 'passed', '/rest/bug?x=1'],
  ])('the path that is routed is the path that is sent: %s', async (path, side, sent) => {
    const from = bugzilla.seen.length;
    const answer = await sendRaw(port, 'GET', path);
    const arrived = bugzilla.since(from).map((r) => r.url);
    if (side === 'served')
      expect([answer.status, answer.body, arrived]).toEqual([200, { ids: [expect.any(Number)] }, []]);
    else expect([answer.headers.via, arrived]).toEqual(['1.1 bugzilla-products', [sent]]);
  });

  it('a path climbing above the root is refused (400) and never passed', async () => {
    const from = bugzilla.seen.length;
    const answer = await sendRaw(port, 'GET', '/../show_bug.cgi');
    expect([answer.status, answer.body.code, bugzilla.since(from)]).toEqual([400, 32000, []]);
  });
});

describe.runIf(DIALECTS.includes('mysql'))('the access log of a front (SPEC §13) [mysql]', () => {
  const bugzilla = new BugzillaStandIn();
  let database: TestDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    await bugzilla.start();
    // The service migrates the empty database as it starts.
    database = await createTestDatabase('mysql');
    service = await startService({ DATABASE_URL: database.url, LOG_LEVEL: 'info', BUGZILLA_URL: bugzilla.url() });
  });
  afterAll(async () => {
    await stopService(service);
    await database?.drop();
    await bugzilla.close();
  });

  it('never holds the credentials a passed request carries in its query', async () => {
    const secrets = ['S3CRET-KEY', 'S3CRET-PW', 'S3CRET-TOKEN', 'S3CRET-CSRF', 'S3CRET-RESET', 'S3CRET-NEWPW'];
    const paths = [
      '/rest/bug/1?api_key=S3CRET-KEY&include_fields=id',
      '/rest/bug?Bugzilla_login=a%40b&Bugzilla_password=S3CRET-PW',
      '/rest/bug?token=1-S3CRET-TOKEN',
      '/rest/bug/1/comment?Bugzilla_api_token=S3CRET-CSRF',
      '/token.cgi?t=S3CRET-RESET&a=cfmpw',
      '/userprefs.cgi?new_password1=S3CRET-NEWPW',
      `/jsonrpc.cgi?method=Bug.get&params=${encodeURIComponent('[{"Bugzilla_api_key":"S3CRET-KEY"}]')}`,
    ];
    for (const path of paths) expect((await sendRaw(service.port, 'GET', path)).status).toBe(200);
    const accessLines = () =>
      service
        .output()
        .split('\n')
        .filter((line) => line.includes('"context":"HTTP"'))
        .map((line) => JSON.parse(line) as { url: string; statusCode: number });
    // A line is written once its answer has ended: wait (bounded) until all of them are there.
    await waitFor(`${paths.length} access-log lines`, () => accessLines().length >= paths.length, {
      seen: () =>
        accessLines()
          .map((line) => line.url)
          .join('\n'),
    });
    const lines = accessLines();
    expect(lines.map((line) => line.url)).toEqual([
      '/rest/bug/1?api_key=[redacted]&include_fields=id',
      '/rest/bug?Bugzilla_login=[redacted]&Bugzilla_password=[redacted]',
      '/rest/bug?token=[redacted]',
      '/rest/bug/1/comment?Bugzilla_api_token=[redacted]',
      '/token.cgi?t=[redacted]&a=cfmpw',
      '/userprefs.cgi?new_password1=[redacted]',
      '/jsonrpc.cgi?method=Bug.get&params=[redacted]',
    ]);
    for (const secret of secrets) expect(service.output()).not.toContain(secret);
  });
});
