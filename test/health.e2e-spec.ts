import { startTestApp, DIALECTS, type TestApp } from './support/test-app.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { envelope } from './support/envelope.js';
import { BugzillaStandIn, listeningFront } from './support/bugzilla-stand-in.js';
import { sendRaw } from './support/raw-http.js';
import { PACKAGE_VERSION } from './support/release.js';
import { waitFor } from './support/wait.js';

describe.each(DIALECTS)('GET /health [%s]', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 200 {"status":"ok"} and the version when the database answers', async () => {
    const res = await app.get('/health');
    expect(res.status).toBe(200);
    // The suite's MariaDB has no binary log: the model polls as before, and /health is SPEC §7's, plus the version (§17).
    expect(res.body).toEqual({ status: 'ok', version: PACKAGE_VERSION });
  });
});

describe.runIf(DIALECTS.includes('mysql'))('the database link drops [mysql]', () => {
  const proxy = new TcpProxy();
  let app: TestApp;
  beforeAll(async () => {
    await proxy.start();
    // The app reaches MariaDB through the proxy; the test database itself is made directly.
    // The model is loaded at start and may answer within its bound after the cut: these requests read the database.
    app = await startTestApp(
      'mysql',
      { DB_TIMEOUT_MS: '2000', CACHE_MAX_STALENESS_MS: '0' },
      { mysqlPort: proxy.port },
    );
  });
  afterAll(async () => {
    await app.close();
    await proxy.stop();
  });

  it('answers 503 with the envelope while the link is down, and recovers by itself', async () => {
    expect((await app.get('/health')).status).toBe(200);
    proxy.cut();
    const down = await app.get('/health');
    expect(down.status).toBe(503);
    expect(down.body).toEqual(envelope(-32000, 'The database is not available at the moment. Please try again later.'));
    const api = await app.get('/rest/product_accessible');
    expect(api.status).toBe(503);
    expect(api.body.code).toBe(-32000);

    proxy.restore();
    let up = await app.get('/health');
    await waitFor('/health to answer 200 again', async () => (up = await app.get('/health')).status === 200, {
      intervalMs: 100,
      seen: () => JSON.stringify(up.body),
    });
    expect(up.status).toBe(200);
    expect((await app.get('/rest/product_accessible')).status).toBe(200);
  });
});

/**
 * SPEC §13: in front of a Perl Bugzilla, `/health` names Bugzilla's state without failing on it. A slow
 * Bugzilla is "slow" with the time it takes, never "down"; the requests passed to it in the last 10 s
 * decide when the newest of them was answered, with no request of `/health`'s own.
 */
describe.runIf(DIALECTS.includes('mysql'))('GET /health in front of a Bugzilla [mysql]', () => {
  /** A stand-in that answers every request after `delayMs` (or never, with Infinity). */
  function slowStandIn(delayMs: number): BugzillaStandIn {
    return new BugzillaStandIn().on(
      () => true,
      async (_req, res, body) => {
        await body();
        if (delayMs === Infinity) return;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"5.2"}');
      },
    );
  }
  const versionChecks = (bugzilla: BugzillaStandIn) => bugzilla.seen.filter((r) => r.url === '/rest/version').length;

  describe('a Bugzilla that answers in 3 s', () => {
    const bugzilla = slowStandIn(3_000);
    let app: TestApp;
    let port: number;
    beforeAll(async () => {
      ({ app, port } = await listeningFront(bugzilla));
    });
    afterAll(async () => {
      await app?.close();
      await bugzilla.close();
    });

    it('with nothing passed lately: one check of its own, "slow" while it waits (2 s at most), then with the time it took', async () => {
      const [first, second] = await Promise.all([sendRaw(port, 'GET', '/health'), sendRaw(port, 'GET', '/health')]);
      for (const waiting of [first, second]) {
        expect([waiting.status, waiting.body]).toEqual([
          200,
          {
            status: 'ok',
            version: PACKAGE_VERSION,
            bugzilla: 'slow',
            bugzilla_answer_ms: expect.any(Number),
            bugzilla_still_waiting: true,
          },
        ]);
        expect(waiting.body.bugzilla_answer_ms).toBeGreaterThanOrEqual(2_000);
      }
      await expect
        .poll(async () => (await sendRaw(port, 'GET', '/health')).body)
        .toEqual({ status: 'ok', version: PACKAGE_VERSION, bugzilla: 'slow', bugzilla_answer_ms: expect.any(Number) });
      const health = await sendRaw(port, 'GET', '/health');
      expect(health.body.bugzilla_answer_ms).toBeGreaterThanOrEqual(3_000);
      // Every /health shared the one check.
      expect(versionChecks(bugzilla)).toBe(1);
    });

    it('with requests passed lately: their answers decide, and /health asks Bugzilla nothing', async () => {
      const checks = versionChecks(bugzilla);
      const passed = await Promise.all([1, 2, 3].map((id) => sendRaw(port, 'GET', `/rest/bug/${id}`)));
      expect(passed.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const health = await sendRaw(port, 'GET', '/health');
      expect([health.status, health.body]).toEqual([
        200,
        { status: 'ok', version: PACKAGE_VERSION, bugzilla: 'slow', bugzilla_answer_ms: expect.any(Number) },
      ]);
      expect(health.body.bugzilla_answer_ms).toBeGreaterThanOrEqual(3_000);
      expect(versionChecks(bugzilla)).toBe(checks);
    });
  });

  describe('a Bugzilla that answers at once', () => {
    const bugzilla = new BugzillaStandIn();
    let app: TestApp;
    let port: number;
    beforeAll(async () => {
      ({ app, port } = await listeningFront(bugzilla));
    });
    afterAll(async () => {
      await app?.close();
      await bugzilla.close();
    });

    it('is "ok": from the passed traffic when there is some, with no request of its own', async () => {
      expect((await sendRaw(port, 'GET', '/rest/bug/1')).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const health = await sendRaw(port, 'GET', '/health');
        expect([health.status, health.body]).toEqual([200, { status: 'ok', version: PACKAGE_VERSION, bugzilla: 'ok' }]);
      }
      expect(versionChecks(bugzilla)).toBe(0);
    });
  });

  describe('a Bugzilla that never answers (BUGZILLA_TIMEOUT_MS=4000)', () => {
    const bugzilla = slowStandIn(Infinity);
    let app: TestApp;
    let port: number;
    beforeAll(async () => {
      ({ app, port } = await listeningFront(bugzilla, { BUGZILLA_TIMEOUT_MS: '4000' }));
    });
    afterAll(async () => {
      await app?.close();
      await bugzilla.close();
    });

    it('is "slow" while the check waits, then "down" once it has waited as long as a passed request would', async () => {
      const waiting = await sendRaw(port, 'GET', '/health');
      expect([waiting.status, waiting.body]).toEqual([
        200,
        {
          status: 'ok',
          version: PACKAGE_VERSION,
          bugzilla: 'slow',
          bugzilla_answer_ms: expect.any(Number),
          bugzilla_still_waiting: true,
        },
      ]);
      await expect
        .poll(async () => (await sendRaw(port, 'GET', '/health')).body)
        .toEqual({ status: 'ok', version: PACKAGE_VERSION, bugzilla: 'down' });
      // The first check, which waited 4 s; then, the newest outcome being no answer, a second one, still unanswered.
      expect(versionChecks(bugzilla)).toBe(2);
    });
  });
});
