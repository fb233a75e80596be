import mysql from 'mysql2/promise';
import { BinlogMariaDb } from './support/binlog-mariadb.js';
import { expectFreshFromTheLogAlone, modelSeries, parseModelSeries, streamDatabase } from './support/change-stream.js';
import { ReplicatedMariaDb } from './support/mariadb-replication.js';
import { otherWriter, type OtherWriter } from './support/other-writer.js';
import { request, startService, stopService, type ServiceProcess } from './support/service-process.js';
import { createTestDatabase, DIALECTS, startTestApp, type TestApp } from './support/test-app.js';
import { PACKAGE_VERSION } from './support/release.js';

/**
 * The in-memory model follows the server's binary log (SPEC §15): what the log gives beyond the
 * changes of every kind the coherence spec already checks on it (test/cache-coherence.e2e-spec.ts,
 * [mysql-binlog]): transactions whole, statements that have no row events, this instance's own writes,
 * the cost of a quiet database, a server restarted and a primary switched under the stream, and what
 * DB_CHANGE_STREAM does when the server cannot give a log.
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

describe.runIf(DIALECTS.includes('mysql'))('the model follows the binary log (SPEC §15) [mysql-binlog]', () => {
  let server: BinlogMariaDb;
  let app: TestApp;
  let other: OtherWriter;
  let adminKey: string;
  let productId: number;
  let componentId: number;
  let flagId: number;

  const asAdmin = (path: string) => app.get(path, { headers: { 'X-BUGZILLA-API-KEY': adminKey } });
  const product = async () => (await asAdmin(`/rest/product/${productId}`)).body.products[0];
  const flagNames = async (): Promise<string[]> =>
    (await product()).components[0].flag_types.bug.map((f: { name: string }) => f.name);

  beforeAll(async () => {
    // MariaDB's default row metadata (NO_LOG): the stream reads column names from information_schema,
    // once per table (the coherence spec's server logs them: FULL).
    server = await BinlogMariaDb.start({ options: ['--binlog-row-metadata=NO_LOG'] });
    app = await startTestApp(
      'mysql',
      { CACHE_MAX_STALENESS_MS: String(BOUND_MS), DB_CHANGE_STREAM: 'binlog' },
      { database: await streamDatabase(server) },
    );
    const admin = await app.seed.user('stream-admin@example.com', { groups: ['admin', 'editcomponents'] });
    adminKey = await app.seed.apiKey(admin);
    productId = await app.seed.product('Streamed');
    componentId = await app.seed.component(productId, 'Core', { owner: admin });
    await app.seed.version(productId, '1.0');
    flagId = await app.seed.flagType('streamed-flag');
    await app.seed.flagInclusion(flagId, productId, null);
    other = await otherWriter(app);
    expect((await product()).name).toBe('Streamed');
  });

  afterAll(async () => {
    await other?.close();
    await app?.close();
    await server?.stop();
  });

  it('says at /health and in the metrics that it follows the log', async () => {
    const health = await app.get('/health');
    expect([health.status, health.body]).toEqual([
      200,
      { status: 'ok', change_stream: { configured: 'binlog', mode: 'binlog' }, version: PACKAGE_VERSION },
    ]);
    expect((await modelSeries(app)).mode).toBe('binlog');
  });

  it('a transaction is served whole: no answer has one of its changes without the other', async () => {
    const answers: [string, string][] = [];
    const both = async () => {
      const p = await product();
      answers.push([p.description, p.components[0].description]);
      return p.description === 'Both' && p.components[0].description === 'Both';
    };
    expect(await both()).toBe(false);
    const connection = await mysql.createConnection(app.config.database.url as string);
    try {
      await connection.beginTransaction();
      await connection.query('UPDATE products SET description = ? WHERE id = ?', ['Both', productId]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await connection.query('UPDATE components SET description = ? WHERE id = ?', ['Both', componentId]);
      await connection.commit();
    } finally {
      await connection.end();
    }
    expect(await until(both)).toBeLessThan(BOUND_MS);
    expect(answers.filter(([p, c]) => (p === 'Both') !== (c === 'Both'))).toEqual([]);
  });

  it('a TRUNCATE (a statement with no row events) reads its table again whole', async () => {
    await other.run('INSERT INTO flagexclusions (type_id, product_id, component_id) VALUES (?, ?, NULL)', [
      flagId,
      productId,
    ]);
    expect(await until(async () => (await flagNames()).length === 0)).toBeLessThan(BOUND_MS);
    const before = await modelSeries(app);
    await other.run('TRUNCATE TABLE flagexclusions');
    expect(await until(async () => (await flagNames()).join() === 'streamed-flag')).toBeLessThan(BOUND_MS);
    const after = await modelSeries(app);
    expect(after.reloads.flagexclusions).toBeGreaterThan(before.reloads.flagexclusions ?? 0);
    expect(after.keyed.flagexclusions).toBe(before.keyed.flagexclusions);
    expect(after.pollReadings).toBe(0);
  });

  it('an ALTER TABLE reads that table again whole, and its rows keep coming from the log after it', async () => {
    const before = await modelSeries(app);
    await other.run('ALTER TABLE components ADD COLUMN stream_note INT NULL');
    try {
      expect(
        await until(async () => ((await modelSeries(app)).reloads.components ?? 0) > (before.reloads.components ?? 0)),
      ).toBeLessThan(BOUND_MS);
      const altered = await modelSeries(app);
      expect(altered.keyed.components).toBe(before.keyed.components);
      await other.run('UPDATE components SET description = ?, stream_note = 1 WHERE id = ?', [
        'After the ALTER',
        componentId,
      ]);
      expect(await until(async () => (await product()).components[0].description === 'After the ALTER')).toBeLessThan(
        BOUND_MS,
      );
      expect((await modelSeries(app)).keyed.components).toBeGreaterThan(altered.keyed.components ?? 0);
    } finally {
      await other.run('ALTER TABLE components DROP COLUMN stream_note');
    }
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
    const names = (await product()).components.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Core', 'Written here']);
    const after = await modelSeries(app);
    expect(after.positionReadings).toBeGreaterThan(before.positionReadings);
    expect(after.pollReadings).toBe(0);
  });

  it('while nothing changes, keeping the model fresh reads no table: the heartbeats vouch for it (a late one costs a read of the log position, never a table)', async () => {
    await expectFreshFromTheLogAlone(app, BOUND_MS, 'SELECT @@GLOBAL.gtid_binlog_pos AS pos');
  });

  it('the server restarted under the stream: the database checks stand in, and the stream resumes from its last GTID', async () => {
    // The stream may not reconnect until the grant is back: the change below is made while it is away.
    await server.sqlAsRoot(["REVOKE REPLICATION SLAVE ON *.* FROM 'bzapp'@'127.0.0.1'"]);
    await server.restart();
    await other.close();
    other = await otherWriter(app);
    await other.run('UPDATE products SET description = ? WHERE id = ?', ['While the stream was away', productId]);
    const changedAt = Date.now();
    // Served all the same, within the bound, by the database checks; /health says so.
    await until(async () => (await product())?.description === 'While the stream was away', 10_000);
    expect(Date.now() - changedAt).toBeLessThan(3 * BOUND_MS);
    const away = await modelSeries(app);
    expect(away.mode).toBe('poll');
    expect((await app.get('/health')).body.change_stream).toEqual({
      configured: 'binlog',
      mode: 'poll',
      reason: expect.stringMatching(/^the binary log stream broke: /),
    });
    // Back: the stream reconnects from the GTID of the last transaction it read, so the server sends it the
    // change made while it was away, and the product's row is read again by its key (nothing else has
    // changed a product since).
    // Past the database checks' re-reading of tables changed in the last second or two (UPDATE_TIME's
    // resolution), so that the change is not read again whole by them when the stream comes back.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await server.sqlAsRoot(["GRANT REPLICATION SLAVE ON *.* TO 'bzapp'@'127.0.0.1'"]);
    expect(
      await until(async () => (await app.get('/health')).body.change_stream?.mode === 'binlog', 15_000),
    ).toBeLessThan(15_000);
    expect(
      await until(async () => ((await modelSeries(app)).keyed.products ?? 0) > (away.keyed.products ?? 0)),
    ).toBeLessThan(3 * BOUND_MS);
    const resumed = await modelSeries(app);
    await other.run('UPDATE products SET description = ? WHERE id = ?', ['Through the log again', productId]);
    expect(await until(async () => (await product()).description === 'Through the log again')).toBeLessThan(BOUND_MS);
    const after = await modelSeries(app);
    expect([after.mode, after.streamTransactions > resumed.streamTransactions]).toEqual(['binlog', true]);
  });

  it('the log purged past the stream while it was away: it starts again at the end and reads every table whole', async () => {
    await server.sqlAsRoot(["REVOKE REPLICATION SLAVE ON *.* FROM 'bzapp'@'127.0.0.1'"]);
    await server.restart();
    await other.close();
    other = await otherWriter(app);
    await other.run('UPDATE products SET description = ? WHERE id = ?', ['Before the purge', productId]);
    expect(await until(async () => (await product())?.description === 'Before the purge', 10_000)).toBeLessThan(
      3 * BOUND_MS,
    );
    // The file holding the stream's position goes: the server cannot send from there any more. (A file is
    // purged only once InnoDB has checkpointed past it: rotate and purge until the older files are gone.)
    const logNames = async (): Promise<string[]> =>
      (await server.sqlAsRoot(['SHOW BINARY LOGS'])).map((log: { Log_name: string }) => log.Log_name);
    await until(async () => {
      await server.sqlAsRoot(['FLUSH BINARY LOGS']);
      const names = await logNames();
      await server.sqlAsRoot([`PURGE BINARY LOGS TO '${names[names.length - 1]}'`]);
      if ((await logNames()).length === 1) return true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return false;
    }, 15_000);
    expect(await logNames()).toHaveLength(1);
    const before = await modelSeries(app);
    await server.sqlAsRoot(["GRANT REPLICATION SLAVE ON *.* TO 'bzapp'@'127.0.0.1'"]);
    expect(
      await until(async () => (await app.get('/health')).body.change_stream?.mode === 'binlog', 20_000),
    ).toBeLessThan(20_000);
    // Every table read whole once, from the stream's reading (not by the database checks' fingerprints).
    expect(
      await until(
        async () => ((await modelSeries(app)).reloads.classifications ?? 0) > (before.reloads.classifications ?? 0),
      ),
    ).toBeLessThan(3 * BOUND_MS);
    await other.run('UPDATE products SET description = ? WHERE id = ?', ['After the purge', productId]);
    expect(await until(async () => (await product()).description === 'After the purge')).toBeLessThan(BOUND_MS);
    expect((await modelSeries(app)).mode).toBe('binlog');
  });
});

describe.runIf(DIALECTS.includes('mysql'))('a primary switch under the stream (SPEC §15) [mysql-binlog]', () => {
  const DATABASE = `bzp_switch_${process.pid}`;
  let pair: ReplicatedMariaDb;
  let app: TestApp;
  let productId: number;

  const description = async () => (await app.get(`/rest/product/${productId}`)).body.products?.[0]?.description;

  beforeAll(async () => {
    pair = await ReplicatedMariaDb.start({ binlog: true });
    await pair.sqlAsRoot(pair.primary, [
      `CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`,
    ]);
    // Both servers, in order: the service moves to the second when the first stops answering.
    const first = new URL(pair.url(pair.primary, DATABASE));
    const url = `mysql://${first.username}:${first.password}@127.0.0.1:${pair.primary.port},127.0.0.1:${pair.replica.port}/${DATABASE}`;
    app = await startTestApp(
      'mysql',
      { CACHE_MAX_STALENESS_MS: String(BOUND_MS), DB_CHANGE_STREAM: 'binlog' },
      { database: { url, drop: async () => undefined } },
    );
    productId = await app.seed.product('Switched');
    await pair.waitForReplicaToCatchUp();
    expect(await description()).toBe('Switched description');
  });

  afterAll(async () => {
    await app?.close();
    await pair?.stop();
  });

  it('the stream resumes on the promoted replica from its last GTID, and its changes are served from it', async () => {
    await pair.stopServer(pair.primary);
    await pair.promoteReplica();
    const replica = await mysql.createConnection(pair.url(pair.replica, DATABASE));
    try {
      // The service moves to the replica (its node check) and the stream follows it.
      expect(
        await until(async () => {
          const health = (await app.get('/health')).body;
          return health.databases?.nodes?.[1]?.in_use === true && health.change_stream?.mode === 'binlog';
        }, 30_000),
      ).toBeLessThan(30_000);
      const before = await modelSeries(app);
      await replica.query('UPDATE products SET description = ? WHERE id = ?', [
        'Written on the new primary',
        productId,
      ]);
      expect(await until(async () => (await description()) === 'Written on the new primary')).toBeLessThan(BOUND_MS);
      const after = await modelSeries(app);
      expect(after.streamTransactions).toBeGreaterThan(before.streamTransactions);
      expect(after.mode).toBe('binlog');
    } finally {
      await replica.end();
    }
  });
});

describe.runIf(DIALECTS.includes('mysql'))('when the server cannot give its log (SPEC §15) [mysql]', () => {
  it('DB_CHANGE_STREAM=binlog refuses to start, and says why', async () => {
    const database = await createTestDatabase('mysql');
    try {
      const started = startService({ DATABASE_URL: database.url, DB_CHANGE_STREAM: 'binlog', LOG_LEVEL: 'info' });
      await expect(started).rejects.toThrow(
        /DB_CHANGE_STREAM=binlog, but the server has no binary log \(log_bin is OFF\)/,
      );
    } finally {
      await database.drop();
    }
  });

  it('DB_CHANGE_STREAM=auto polls when its user may not read the log: it says why at start and in the metrics, /health is as before', async () => {
    const server = await BinlogMariaDb.start();
    let service: ServiceProcess | undefined;
    try {
      const database = await streamDatabase(server);
      await server.sqlAsRoot([
        "CREATE USER 'noreader'@'127.0.0.1' IDENTIFIED BY 'noreader-pw'",
        "GRANT ALL PRIVILEGES ON `bzp\\_%`.* TO 'noreader'@'127.0.0.1'",
      ]);
      const url = new URL(database.url);
      url.username = 'noreader';
      url.password = 'noreader-pw';
      service = await startService({ DATABASE_URL: url.toString(), LOG_LEVEL: 'info' });
      const health = await request(service.port, 'GET', '/health');
      expect([health.status, JSON.parse(health.text ?? 'null')]).toEqual([
        200,
        { status: 'ok', version: PACKAGE_VERSION },
      ]);
      const metrics = await request(service.port, 'GET', '/metrics');
      expect(parseModelSeries(metrics.text ?? '').mode).toBe('poll');
      expect(service.output()).toMatch(
        /changes: the model checks the database every half bound \(the binary log stream could not start: .*REPLICATION SLAVE/,
      );
    } finally {
      await stopService(service);
      await server.stop();
    }
  });
});
