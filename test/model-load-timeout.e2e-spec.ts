import { DataSource } from 'typeorm';
import { tableLoadReader } from '../src/cache/model-loader.js';
import { DIALECTS, startTestApp, type TestApp } from './support/test-app.js';

/**
 * The model's table loads are not bound by DB_TIMEOUT_MS (docs/operators.md, "The in-memory model"): the first
 * load of a large catalogue (500,000 components) takes longer than a request may wait for one query,
 * and no request waits for it. They get CACHE_LOAD_TIMEOUT_MS instead (0: no limit), MySQL/MariaDB
 * only (SQLite has no query timeout). A statement that outlasts it fails, and its connection leaves
 * the pool; the model then keeps what it had and reads go to the database path.
 */
describe.skipIf(!DIALECTS.includes('mysql'))('the model load timeout [mysql]', () => {
  let app: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    app = await startTestApp('mysql', { DB_TIMEOUT_MS: '1000', CACHE_LOAD_TIMEOUT_MS: '0' });
    ds = app.app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a request query is cut at DB_TIMEOUT_MS; a model load statement is not', async () => {
    await expect(ds.query('SELECT SLEEP(1.5) AS slept')).rejects.toThrow();
    const rows = await tableLoadReader(
      ds,
      app.config.cacheLoadTimeoutMs,
    )<{ slept: number }>('SELECT SLEEP(1.5) AS slept');
    expect(rows.map((row) => Number(row.slept))).toEqual([0]);
  });

  it('a load statement past CACHE_LOAD_TIMEOUT_MS fails, and the pool still serves', async () => {
    await expect(tableLoadReader(ds, 200)('SELECT SLEEP(1.5)')).rejects.toMatchObject({
      code: 'PROTOCOL_SEQUENCE_TIMEOUT',
    });
    expect(await tableLoadReader(ds, 200)<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(app.config.cacheLoadTimeoutMs).toBe(0);
  });

  it('the model loads and serves with a DB_TIMEOUT_MS shorter than a load', async () => {
    const answer = await app.get('/rest/product_accessible');
    expect([answer.status, answer.body]).toEqual([200, { ids: [] }]);
    const metrics = (await app.get('/metrics')).text;
    expect(Number(/^bugzilla_cache_hits_total\{cache="model"\} (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
  });
});
