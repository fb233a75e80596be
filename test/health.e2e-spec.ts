import { startTestApp, DIALECTS, type TestApp } from './support/test-app.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { envelope } from './support/envelope.js';
import { PACKAGE_VERSION } from './support/release.js';

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
    for (let attempt = 0; attempt < 20 && up.status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      up = await app.get('/health');
    }
    expect(up.status).toBe(200);
    expect((await app.get('/rest/product_accessible')).status).toBe(200);
  });
});
