import { ModelCache } from '../src/cache/model-cache.js';
import { expectFreshFromTheLogAlone, modelSeries } from './support/change-stream.js';
import { otherWriter, type OtherWriter } from './support/other-writer.js';
import { type PostgresServer, startPostgres } from './support/postgres-server.js';
import { DIALECTS, startTestApp, type TestApp } from './support/test-app.js';
import { PACKAGE_VERSION } from './support/release.js';

/**
 * The in-memory model follows PostgreSQL's logical decoding (SPEC §16, §15), as it follows MariaDB's
 * binary log (test/change-stream.e2e-spec.ts): another writer's transactions served whole, only their
 * rows read again, this instance's own writes in its next answer, a quiet database sent nothing, a
 * server crash under the stream, and what DB_CHANGE_STREAM does on a server without wal_level=logical
 * (the machine's PostgreSQL: wal_level=replica). The adapter itself: test/pg-change-stream.e2e-spec.ts.
 */

const BOUND_MS = 1000;

/** Polls `shows` every 10 ms until it is true or `limitMs` passed; the milliseconds it took. */
async function until(shows: () => Promise<boolean>, limitMs = 3 * BOUND_MS): Promise<number> {
  const start = Date.now();
  while (!(await shows())) {
    if (Date.now() - start > limitMs) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}

describe.runIf(DIALECTS.includes('postgres'))(
  "the model follows PostgreSQL's logical decoding (SPEC §16) [pg-logical]",
  () => {
    let server: PostgresServer;
    let app: TestApp;
    let other: OtherWriter;
    let adminKey: string;
    let productId: number;
    let adminId: number;

    const asAdmin = (path: string) => app.get(path, { headers: { 'X-BUGZILLA-API-KEY': adminKey } });
    const product = async () => (await asAdmin(`/rest/product/${productId}`)).body.products?.[0];

    beforeAll(async () => {
      // No autovacuum: its ANALYZE writes WAL at moments of its own, and the quiet spec needs a server that writes none.
      server = await startPostgres(['autovacuum=off']);
      await server.sql('CREATE DATABASE bzp_logical');
      app = await startTestApp(
        'postgres',
        { CACHE_MAX_STALENESS_MS: String(BOUND_MS), DB_CHANGE_STREAM: 'log', DB_CHANGE_STREAM_SLOT: 'bzp_e2e' },
        { database: { url: server.url('bzp_logical'), drop: async () => undefined } },
      );
      adminId = await app.seed.user('stream-admin@example.com', { groups: ['admin', 'editcomponents'] });
      adminKey = await app.seed.apiKey(adminId);
      productId = await app.seed.product('Streamed');
      await app.seed.component(productId, 'Core', { owner: adminId });
      other = await otherWriter(app);
      expect((await product()).name).toBe('Streamed');
    });

    afterAll(async () => {
      await other?.close();
      await app?.close();
      await server?.stop();
    });

    it('says at /health and in the metrics that it follows the log; the slot and publication are the named ones', async () => {
      const health = await app.get('/health');
      expect([health.status, health.body]).toEqual([
        200,
        {
          status: 'ok',
          version: PACKAGE_VERSION,
          change_stream: { configured: 'logical_decoding', mode: 'logical_decoding' },
        },
      ]);
      expect((await modelSeries(app)).mode).toBe('logical_decoding');
      expect(await server.sql('SELECT slot_name, plugin, active FROM pg_replication_slots', 'bzp_logical')).toEqual([
        { slot_name: 'bzp_e2e', plugin: 'pgoutput', active: true },
      ]);
      expect(await server.sql('SELECT pubname FROM pg_publication', 'bzp_logical')).toEqual([{ pubname: 'bzp_e2e' }]);
    });

    it("another writer's transaction is served whole, and only the rows it named are read again", async () => {
      const before = await modelSeries(app);
      await other.run('BEGIN');
      await other.run(
        "INSERT INTO components (name, product_id, initialowner, description, isactive) VALUES ('Outside', ?, ?, 'x', 1)",
        [productId, adminId],
      );
      await other.run("INSERT INTO versions (value, product_id, isactive) VALUES ('9.9', ?, 1)", [productId]);
      await other.run('COMMIT');
      expect(
        await until(async () => {
          const answer = await product();
          const components = answer.components.map((c: { name: string }) => c.name);
          const versions = answer.versions.map((v: { name: string }) => v.name);
          // Never one without the other.
          expect(components.includes('Outside')).toBe(versions.includes('9.9'));
          return components.includes('Outside');
        }),
      ).toBeLessThan(3 * BOUND_MS);
      const after = await modelSeries(app);
      expect(after.streamTransactions).toBeGreaterThan(before.streamTransactions);
      expect((after.keyed.components ?? 0) - (before.keyed.components ?? 0)).toBeGreaterThanOrEqual(1);
      expect((after.keyed.versions ?? 0) - (before.keyed.versions ?? 0)).toBeGreaterThanOrEqual(1);
      // Read by key, never whole: every reload of these tables since was a keyed one.
      for (const table of ['components', 'versions'])
        expect((after.reloads[table] ?? 0) - (before.reloads[table] ?? 0)).toBe(
          (after.keyed[table] ?? 0) - (before.keyed[table] ?? 0),
        );
      expect(after.pollReadings).toBe(0);
    });

    it("this instance's own write is in its next answer, with no poll of the database", async () => {
      const before = await modelSeries(app);
      const created = await app.post('/rest/component', {
        headers: { 'X-BUGZILLA-API-KEY': adminKey },
        body: {
          product: 'Streamed',
          name: 'Written here',
          description: 'Made through the service.',
          default_assignee: 'stream-admin@example.com',
        },
      });
      expect(created.status).toBe(201);
      expect((await product()).components.map((c: { name: string }) => c.name)).toContain('Written here');
      const after = await modelSeries(app);
      expect(after.positionReadings).toBeGreaterThan(before.positionReadings);
      expect(after.pollReadings).toBe(0);
    });

    it('while nothing changes, keeping the model fresh reads no table: the keepalives vouch for it (a late one costs a read of the log position, never a table)', async () => {
      // The server's own log records after the writes above (the standby snapshot the background writer logs
      // after activity) are written now, once: any WAL, of any table or database, moves the log's position,
      // and a check then asks the server for its position.
      await server.sql('CHECKPOINT');
      await expectFreshFromTheLogAlone(app, BOUND_MS, 'SELECT pg_current_wal_flush_lsn()::text AS pos');
    });

    it('the server crashed under the stream: the database checks stand in, and the stream resumes from its slot', async () => {
      await other.close();
      await server.restart('SIGKILL');
      other = await otherWriter(app);
      await other.run('UPDATE products SET description = ? WHERE id = ?', ['After the crash', productId]);
      // Served, by the database checks or by the stream back on its slot, and the stream is back.
      expect(await until(async () => (await product())?.description === 'After the crash', 15_000)).toBeLessThan(
        15_000,
      );
      expect(
        await until(async () => (await app.get('/health')).body.change_stream?.mode === 'logical_decoding', 15_000),
      ).toBeLessThan(15_000);
      const resumed = await modelSeries(app);
      await other.run('UPDATE products SET description = ? WHERE id = ?', ['Through the log again', productId]);
      expect(await until(async () => (await product())?.description === 'Through the log again')).toBeLessThan(
        BOUND_MS,
      );
      const after = await modelSeries(app);
      expect([after.mode, after.streamTransactions > resumed.streamTransactions]).toEqual(['logical_decoding', true]);
    });
  },
);

describe.runIf(DIALECTS.includes('postgres'))('when PostgreSQL cannot give its log (SPEC §16) [postgres]', () => {
  it('DB_CHANGE_STREAM=log refuses to start on a server without wal_level=logical, and says why', async () => {
    await expect(
      startTestApp('postgres', { CACHE_MAX_STALENESS_MS: String(BOUND_MS), DB_CHANGE_STREAM: 'log' }),
    ).rejects.toThrow(/^DB_CHANGE_STREAM=binlog, but wal_level is replica \(it must be logical\)$/);
  });

  it('DB_CHANGE_STREAM=auto polls there, and says why in /health and the metrics', async () => {
    const app = await startTestApp('postgres', { CACHE_MAX_STALENESS_MS: String(BOUND_MS), DB_CHANGE_STREAM: 'auto' });
    try {
      await app.get('/rest/product_accessible');
      expect((await modelSeries(app)).mode).toBe('poll');
      // /health answers as before (SPEC §7): no log in play; the reason is said at start.
      expect((await app.get('/health')).body).toEqual({ status: 'ok', version: PACKAGE_VERSION });
      expect(app.app.get(ModelCache).changeFollowing).toEqual({
        configured: 'auto',
        mode: 'poll',
        reason: 'wal_level is replica (it must be logical)',
      });
    } finally {
      await app.close();
    }
  });
});
