import { envelope } from './support/envelope.js';
import { DB_UNAVAILABLE, waitForHealth } from './support/reliability.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { DIALECTS, startTestApp, type TestApp } from './support/test-app.js';

/**
 * GET /metrics (Prometheus' text format): a request moves the series of exactly
 * its route template, method and status; the database pool, database errors,
 * 503s, caches and Node's process metrics are there; METRICS=false turns it off.
 */

/** One scrape: every sample by its series (`name{label="value",...}` as printed), and the whole text. */
interface Scrape {
  text: string;
  samples: Map<string, number>;
}

async function scrape(app: TestApp): Promise<Scrape> {
  const res = await app.get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  const samples = new Map<string, number>();
  for (const line of res.text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return { text: res.text, samples };
}

/** How much every series of `name` moved between two scrapes (only those that moved). */
function moved(before: Scrape, after: Scrape, name: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [series, value] of after.samples) {
    if (series !== name && !series.startsWith(`${name}{`)) continue;
    const delta = value - (before.samples.get(series) ?? 0);
    if (delta !== 0) out[series] = delta;
  }
  return out;
}

const series = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',')}}`;

const requestsOf = (route: string, method: string, status: number) =>
  series('bugzilla_http_requests_total', { route, method, status: String(status) });

/** The scrape itself is counted once its answer ends, so the next scrape shows it. */
const ONE_SCRAPE = { [requestsOf('/metrics', 'GET', 200)]: 1 };

describe.each(DIALECTS)('GET /metrics [%s]', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    await app.seed.product('Metered');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers in Prometheus text format with Node default process metrics', async () => {
    const { text, samples } = await scrape(app);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_version_info',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(samples.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE bugzilla_http_requests_total counter');
    expect(text).toContain('# TYPE bugzilla_http_request_duration_seconds histogram');
  });

  it('is not part of the OpenAPI document', async () => {
    const doc = await app.get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).not.toContain('/metrics');
  });

  it('counts a request once, under its route template, method and status, never its URL', async () => {
    const before = await scrape(app);
    const res = await app.get('/rest/product/Metered', { query: { include_fields: 'name' } });
    expect(res.status).toBe(200);
    const after = await scrape(app);

    const route = '/rest/product/:id_or_name';
    expect(moved(before, after, 'bugzilla_http_requests_total')).toEqual({
      [requestsOf(route, 'GET', 200)]: 1,
      ...ONE_SCRAPE,
    });
    const labels = { route, method: 'GET', status: '200' };
    expect(moved(before, after, 'bugzilla_http_request_duration_seconds_count')).toEqual({
      [series('bugzilla_http_request_duration_seconds_count', labels)]: 1,
      [series('bugzilla_http_request_duration_seconds_count', { route: '/metrics', method: 'GET', status: '200' })]: 1,
    });
    expect(after.samples.get(series('bugzilla_http_request_duration_seconds_bucket', { le: '+Inf', ...labels }))).toBe(
      after.samples.get(series('bugzilla_http_request_duration_seconds_count', labels)),
    );
    expect(after.text).not.toContain('Metered');
  });

  it('counts every unknown path under one fixed route label', async () => {
    const before = await scrape(app);
    expect((await app.get('/rest/no/such/thing-1')).status).toBe(404);
    expect((await app.post('/elsewhere/thing-2', { body: {} })).status).toBe(404);
    const after = await scrape(app);
    expect(moved(before, after, 'bugzilla_http_requests_total')).toEqual({
      [requestsOf('(unmatched)', 'GET', 404)]: 1,
      [requestsOf('(unmatched)', 'POST', 404)]: 1,
      ...ONE_SCRAPE,
    });
    expect(after.text).not.toContain('thing-');
  });

  it('reports the database pool: in use, idle, waiting and its size', async () => {
    expect((await app.get('/rest/product_accessible')).status).toBe(200);
    const { samples } = await scrape(app);
    const pool = {
      inUse: samples.get('bugzilla_db_pool_connections_in_use'),
      idle: samples.get('bugzilla_db_pool_connections_idle'),
      waiting: samples.get('bugzilla_db_pool_waiting_requests'),
      max: samples.get('bugzilla_db_pool_connections_max'),
    };
    if (dialect === 'sqlite') {
      // One connection, synchronous statements, no transaction open between requests.
      expect(pool).toEqual({ inUse: 0, idle: 1, waiting: 0, max: 1 });
    } else {
      // Nothing runs while the scrape is answered; the connections the last requests used are back in the pool.
      expect(pool).toEqual({ inUse: 0, idle: pool.idle, waiting: 0, max: 10 });
      expect(pool.idle).toBeGreaterThanOrEqual(1);
      expect(pool.idle).toBeLessThanOrEqual(10);
    }
  });

  it('declares the database error, 503 and cache series', async () => {
    const { text, samples } = await scrape(app);
    expect(samples.get('bugzilla_http_unavailable_responses_total')).toBe(0);
    for (const name of [
      'bugzilla_db_errors_total counter',
      'bugzilla_http_unavailable_responses_total counter',
      'bugzilla_cache_hits_total counter',
      'bugzilla_cache_misses_total counter',
      'bugzilla_cache_refreshes_total counter',
      'bugzilla_cache_oldest_data_age_seconds gauge',
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });

  it('counts a database error that is not an outage (a 500) as kind "other"', async () => {
    // The last test of this app: the products table is gone, every product query fails.
    await app.rows(
      dialect === 'mysql' ? 'RENAME TABLE products TO products_gone' : 'ALTER TABLE products RENAME TO products_gone',
    );
    const before = await scrape(app);
    const res = await app.get('/rest/product_accessible');
    expect(res.status).toBe(500);
    const after = await scrape(app);
    expect(moved(before, after, 'bugzilla_db_errors_total')).toEqual({
      [series('bugzilla_db_errors_total', { kind: 'other' })]: 1,
    });
    expect(moved(before, after, 'bugzilla_http_unavailable_responses_total')).toEqual({});
    await app.rows(
      dialect === 'mysql' ? 'RENAME TABLE products_gone TO products' : 'ALTER TABLE products_gone RENAME TO products',
    );
  });
});

describe.each(DIALECTS)('METRICS=false [%s]', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { METRICS: 'false' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers /metrics as an unknown path: 404 with the envelope', async () => {
    const res = await app.get('/metrics');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelope(32614, "A REST API resource was not found for 'GET /metrics'."));
    expect((await app.get('/health')).status).toBe(200);
  });
});

describe.runIf(DIALECTS.includes('mysql'))('metrics during a database outage [mysql]', () => {
  const proxy = new TcpProxy();
  let app: TestApp;
  beforeAll(async () => {
    await proxy.start();
    // The model is loaded at start and may answer within its bound after the cut: these requests read the database.
    app = await startTestApp(
      'mysql',
      { DB_TIMEOUT_MS: '2000', CACHE_MAX_STALENESS_MS: '0' },
      { mysqlPort: proxy.port },
    );
  });
  afterAll(async () => {
    proxy.restore();
    await app?.close();
    await proxy.stop();
  });

  it('a cut link moves the database-error and 503 counters once per request answered 503', async () => {
    expect((await app.get('/health')).status).toBe(200);
    const before = await scrape(app);
    proxy.cut();
    const api = await app.get('/rest/product_accessible');
    const health = await app.get('/health');
    expect({ api: [api.status, api.body], health: health.status }).toEqual({
      api: [503, DB_UNAVAILABLE],
      health: 503,
    });
    const after = await scrape(app);
    proxy.restore();
    await waitForHealth(app);

    expect(moved(before, after, 'bugzilla_db_errors_total')).toEqual({
      [series('bugzilla_db_errors_total', { kind: 'unavailable' })]: 2,
    });
    expect(moved(before, after, 'bugzilla_http_unavailable_responses_total')).toEqual({
      bugzilla_http_unavailable_responses_total: 2,
    });
    expect(moved(before, after, 'bugzilla_http_requests_total')).toEqual({
      [requestsOf('/rest/product_accessible', 'GET', 503)]: 1,
      [requestsOf('/health', 'GET', 503)]: 1,
      ...ONE_SCRAPE,
    });
  });
});
