import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config.js';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { runMigrations } from '../src/database/run-migrations.js';
import { Seeder } from '../src/seed/seeder.js';
import { ReplicatedMariaDb } from './support/mariadb-replication.js';
import { request, startService, type HttpOutcome, type ServiceProcess } from './support/service-process.js';
import { PACKAGE_VERSION } from './support/release.js';
import { untilMoreAnswers, waitFor } from './support/wait.js';

/**
 * Read replicas and many instances (docs/operators.md, "Running at scale"), on a real MariaDB primary with a
 * real replica that this file starts and removes (test/support/mariadb-replication.ts): reads go to
 * the replica and writes to the primary, as the servers' own counters show; a replica that stops
 * or falls behind leaves the rotation without a failed request, and comes back; a writer reads its
 * own writes; two service processes, and WORKERS=2, keep names unique and last visits single.
 * MariaDB only: SQLite has no replicas.
 */

const DATABASE = 'bzp_replicas';
const COUNTERS = ['Com_select', 'Com_insert', 'Com_update'];
/** A replica is checked every DB_TIMEOUT_MS / 4 = 500 ms. */
const SERVICE_ENV = {
  DB_TIMEOUT_MS: '2000',
  DB_REPLICA_MAX_LAG_MS: '1000',
  LOG_LEVEL: 'warn',
  BZ_USECLASSIFICATION: '1',
};

interface Fixture {
  adminKey: string;
  writerKey: string;
  readerKey: string;
  writerId: number;
  bugs: number[];
}

async function seedDatabase(pair: ReplicatedMariaDb): Promise<Fixture> {
  await pair.sqlAsRoot(pair.primary, [`CREATE DATABASE ${DATABASE}`]);
  const config = loadConfig({ DATABASE_URL: pair.url(pair.primary, DATABASE), LOG_LEVEL: 'silent' });
  const ds = await new DataSource(buildDataSourceOptions(config)).initialize();
  try {
    await runMigrations(ds, () => undefined);
    return await ds.transaction(async (em) => {
      const seed = new Seeder(em);
      const admin = await seed.user('admin@replicas.test', { groups: ['editcomponents'] });
      const writer = await seed.user('writer@replicas.test');
      const reader = await seed.user('reader@replicas.test');
      const product = await seed.product('Replicated', { description: 'as seeded' });
      const component = await seed.component(product, 'main', { owner: admin });
      await seed.version(product, 'unspecified');
      await seed.milestone(product, '---');
      const bugs: number[] = [];
      for (let i = 0; i < 3; i++) bugs.push(await seed.bug({ product, component, reporter: writer, assignee: reader }));
      return {
        adminKey: await seed.apiKey(admin),
        writerKey: await seed.apiKey(writer),
        readerKey: await seed.apiKey(reader),
        writerId: writer,
        bugs,
      };
    });
  } finally {
    await ds.destroy();
  }
}

function call(service: ServiceProcess, key: string, method: string, path: string, body?: unknown) {
  return request(service.port, method, path, { headers: { 'x-bugzilla-api-key': key }, body });
}

function json(outcome: HttpOutcome): any {
  return JSON.parse(outcome.text ?? 'null');
}

/** The replica's entry in GET /health. */
async function replicaHealth(service: ServiceProcess): Promise<{ status: string; lag_ms: number | null }> {
  const health = await request(service.port, 'GET', '/health');
  expect(health.status).toBe(200);
  return json(health).databases.replicas[0];
}

/** Polls /health until the replica's status is `status` (bounded; the bound is not what is tested). */
async function untilReplicaIs(service: ServiceProcess, status: string): Promise<void> {
  let seen: unknown;
  await waitFor(
    `the replica's /health status to be ${status}`,
    async () => {
      seen = await replicaHealth(service);
      return (seen as { status: string }).status === status;
    },
    { intervalMs: 100, seen: () => `${JSON.stringify(seen)}\n${service.output().slice(-2000)}` },
  );
}

function takenOutWarnings(service: ServiceProcess): number {
  return service.output().match(/taken out of rotation/g)?.length ?? 0;
}

describe('read replicas and many instances [mysql]', () => {
  let pair: ReplicatedMariaDb;
  let fixture: Fixture;
  let service: ServiceProcess;
  let replicaUrl: string;
  let primaryUrl: string;

  /** Counter changes on each server while `work` runs. */
  async function countDuring(work: () => Promise<void>) {
    const before = {
      primary: await pair.counters(pair.primary, COUNTERS),
      replica: await pair.counters(pair.replica, COUNTERS),
    };
    await work();
    const after = {
      primary: await pair.counters(pair.primary, COUNTERS),
      replica: await pair.counters(pair.replica, COUNTERS),
    };
    const delta = (server: 'primary' | 'replica') =>
      Object.fromEntries(COUNTERS.map((name) => [name, after[server][name] - before[server][name]]));
    // The counting statements themselves are SHOW statements, not Com_select.
    return { primary: delta('primary'), replica: delta('replica') };
  }

  async function productDescription(key: string): Promise<string> {
    const res = await call(service, key, 'GET', '/rest/product?names=Replicated&include_fields=description');
    expect(res.status).toBe(200);
    return json(res).products[0].description;
  }

  beforeAll(async () => {
    pair = await ReplicatedMariaDb.start();
    fixture = await seedDatabase(pair);
    await pair.waitForReplicaToCatchUp();
    primaryUrl = pair.url(pair.primary, DATABASE);
    replicaUrl = pair.url(pair.replica, DATABASE);
    // The in-memory model answers product reads and callers without any statement (and reads the
    // primary itself): with it off, every read is a statement whose server shows where it went.
    service = await startService({
      ...SERVICE_ENV,
      CACHE_MAX_STALENESS_MS: '0',
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URLS: replicaUrl,
    });
  });

  // A test that lost a server of the pair (a crash, a failed restart) stops the next ones with its cause.
  beforeEach(() => {
    const failure = pair?.failure();
    if (failure) throw new Error(`this file's replication pair is broken since an earlier test: ${failure}`);
  });

  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    await pair?.stop();
  });

  it('GET /health reports the primary and the replica', async () => {
    const health = await request(service.port, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(json(health)).toEqual({
      status: 'ok',
      databases: {
        primary: 'ok',
        replicas: [{ name: `127.0.0.1:${pair.replica.port}/${DATABASE}`, status: 'ok', lag_ms: 0 }],
      },
      version: PACKAGE_VERSION,
    });
  });

  it('sends reads to the replica and writes to the primary (Com_select, Com_insert, Com_update)', async () => {
    // Once first, so that the key's once-a-minute last_used write is not counted with the reads; and that
    // write replicated before counting starts (the replica's counters also count what replication applies).
    await call(service, fixture.readerKey, 'GET', '/rest/product_accessible');
    await pair.waitForReplicaToCatchUp();
    const reads = await countDuring(async () => {
      for (const path of [
        '/rest/product_accessible',
        '/rest/product_selectable',
        '/rest/product?names=Replicated',
        '/rest/product/Replicated',
        '/rest/bug_user_last_visit',
        '/rest/classification/Unclassified',
        '/rest/component/Replicated/main',
        '/rest/flag_type/Replicated',
      ]) {
        const res = await call(service, fixture.readerKey, 'GET', path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
    });
    // Eight requests: the caller's lookup and each endpoint's reads, all on the replica.
    expect(reads.primary).toEqual({ Com_select: 0, Com_insert: 0, Com_update: 0 });
    expect(reads.replica.Com_select).toBeGreaterThanOrEqual(16);
    expect(reads.replica.Com_insert + reads.replica.Com_update).toBe(0);
    expect((await pair.appUserCommands(pair.replica)).updates).toBe(0);

    const appOnReplica = await pair.appUserCommands(pair.replica);
    const writes = await countDuring(async () => {
      const visit = await call(service, fixture.writerKey, 'POST', `/rest/bug_user_last_visit/${fixture.bugs[0]}`);
      expect(visit.status).toBe(200);
      const created = await call(service, fixture.adminKey, 'POST', '/rest/product', {
        name: 'Written',
        description: 'made on the primary',
        version: '1.0',
      });
      expect(created.status).toBe(201);
      await pair.waitForReplicaToCatchUp();
    });
    expect(writes.primary.Com_insert).toBeGreaterThanOrEqual(2);
    // The replica's Com_insert/Com_update also count what replication applied there; the service's own
    // user (which the read-only replica would refuse anyway) ran no INSERT, UPDATE or DELETE on it.
    expect(writes.replica.Com_insert).toBe(writes.primary.Com_insert);
    expect((await pair.appUserCommands(pair.replica)).updates).toBe(appOnReplica.updates);
    const [stored] = await pair.sqlAsRoot(pair.replica, [
      `SELECT description FROM ${DATABASE}.products WHERE name = 'Written'`,
    ]);
    expect(stored).toEqual({ description: 'made on the primary' });
  });

  it('STOP SLAVE, then a write: the writer reads it at once, and the stopped replica leaves the rotation', async () => {
    const warnings = takenOutWarnings(service);
    await pair.sqlAsRoot(pair.replica, ['STOP SLAVE']);
    const update = await call(service, fixture.adminKey, 'PUT', '/rest/product/Replicated', {
      description: 'changed while the replica was stopped',
    });
    expect(update.status).toBe(200);
    // The replica does not have it...
    const [onReplica] = await pair.sqlAsRoot(pair.replica, [
      `SELECT description FROM ${DATABASE}.products WHERE name = 'Replicated'`,
    ]);
    expect(onReplica.description).toBe('as seeded');
    // ...yet the writer's next read sees it.
    expect(await productDescription(fixture.adminKey)).toBe('changed while the replica was stopped');

    await untilReplicaIs(service, 'stopped');
    expect(await replicaHealth(service)).toEqual(expect.objectContaining({ status: 'stopped', lag_ms: null }));
    // Out of rotation: everyone reads the primary now, and GET /health stays 200.
    const reads = await countDuring(async () => {
      expect(await productDescription(fixture.readerKey)).toBe('changed while the replica was stopped');
    });
    expect(reads.replica.Com_select).toBe(0);
    expect(reads.primary.Com_select).toBeGreaterThan(0);
    expect(takenOutWarnings(service) - warnings).toBe(1);
    // STOP SLAVE stops the SQL thread first, then the IO thread: the service may look between the two.
    expect(service.output()).toMatch(/replication is not running \(IO thread: (?:No|Yes), SQL thread: No\)/);

    await pair.sqlAsRoot(pair.replica, ['START SLAVE']);
    await untilReplicaIs(service, 'ok');
    const back = await countDuring(async () => {
      expect(await productDescription(fixture.readerKey)).toBe('changed while the replica was stopped');
    });
    expect(back.replica.Com_select).toBeGreaterThan(0);
    expect(back.primary.Com_select).toBe(0);
  });

  it('a replica lagging beyond DB_REPLICA_MAX_LAG_MS leaves the rotation while the writer reads its write', async () => {
    const warnings = takenOutWarnings(service);
    // Delayed replication: every event is applied 4 s after the primary wrote it.
    await pair.sqlAsRoot(pair.replica, ['STOP SLAVE', 'CHANGE MASTER TO MASTER_DELAY = 4', 'START SLAVE']);
    try {
      await untilReplicaIs(service, 'ok');
      const update = await call(service, fixture.adminKey, 'PUT', '/rest/product/Replicated', {
        description: 'written while the replica lags',
      });
      expect(update.status).toBe(200);
      expect(await productDescription(fixture.adminKey)).toBe('written while the replica lags');
      await untilReplicaIs(service, 'lagging');
      expect((await replicaHealth(service)).lag_ms).toBeGreaterThan(1000);
      expect(await productDescription(fixture.readerKey)).toBe('written while the replica lags');
      expect(service.output()).toMatch(/lags \d+ ms behind the primary \(limit 1000 ms\)/);
      expect(takenOutWarnings(service) - warnings).toBe(1);
      // Once the delayed event is applied, the replica has caught up and is back.
      await untilReplicaIs(service, 'ok');
    } finally {
      await pair.sqlAsRoot(pair.replica, ['STOP SLAVE', 'CHANGE MASTER TO MASTER_DELAY = 0', 'START SLAVE']);
    }
  });

  it('stopping the replica under load fails no request; started again, reads move back to it', async () => {
    await untilReplicaIs(service, 'ok');
    const warnings = takenOutWarnings(service);
    const outcomes: HttpOutcome[] = [];
    let loading = true;
    const clients = Array.from({ length: 4 }, async (_, i) => {
      while (loading) {
        const path = i % 2 ? '/rest/product_accessible' : '/rest/product?names=Replicated&include_fields=name';
        outcomes.push(await call(service, fixture.readerKey, 'GET', path));
      }
    });
    // Each phase serves 20 more answers under load before the next begins.
    await untilMoreAnswers(outcomes, 20, 'before the replica stops');
    await pair.stopServer(pair.replica);
    await untilReplicaIs(service, 'down');
    await untilMoreAnswers(outcomes, 20, 'with the replica down');
    await pair.startServer(pair.replica);
    await untilReplicaIs(service, 'ok');
    await untilMoreAnswers(outcomes, 20, 'with the replica back');
    loading = false;
    await Promise.all(clients);

    const failed = outcomes.filter((o) => o.status !== 200 || !o.complete);
    expect(failed).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(20);
    expect(takenOutWarnings(service) - warnings).toBe(1);
    // (Its return is logged at info level: "Read replica ... is back in rotation".)
    const reads = await countDuring(async () => {
      expect((await call(service, fixture.readerKey, 'GET', '/rest/product_accessible')).status).toBe(200);
    });
    expect(reads.replica.Com_select).toBeGreaterThan(0);
    expect(reads.primary.Com_select).toBe(0);
  });

  describe.each([
    ['two service processes', 'pair'],
    ['WORKERS=2', 'workers'],
  ])('%s on one database', (_label, mode) => {
    let instances: ServiceProcess[];

    beforeAll(async () => {
      const env = { ...SERVICE_ENV, DATABASE_URL: primaryUrl, DATABASE_REPLICA_URLS: replicaUrl };
      instances =
        mode === 'pair'
          ? [await startService(env), await startService(env)]
          : [await startService({ ...env, WORKERS: '2' })];
    });
    afterAll(async () => {
      for (const instance of instances ?? []) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    });

    const target = (i: number) => instances[i % instances.length];

    it('one name: one 201, the rest 702, one product stored', async () => {
      const name = `Claimed ${mode}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(target(i), fixture.adminKey, 'POST', '/rest/product', { name, description: 'raced', version: '1.0' }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(400)]);
      for (const loser of answers.filter((a) => a.status === 400)) expect(json(loser).code).toBe(702);
      const rows = await pair.sqlAsRoot(pair.primary, [`SELECT id FROM ${DATABASE}.products WHERE name = '${name}'`]);
      expect(rows).toHaveLength(1);
      // The creator reads its product at once, whichever worker answers (separate processes behind a
      // load balancer promise it only on the instance that wrote: SPEC §1).
      if (mode === 'pair') return;
      for (let i = 0; i < 4; i++) {
        const read = await call(target(i), fixture.adminKey, 'GET', `/rest/product?names=${encodeURIComponent(name)}`);
        expect(json(read).products.map((p: { name: string }) => p.name)).toEqual([name]);
      }
    });

    it('one caller visiting one bug at once: one last-visit row', async () => {
      const bug = mode === 'pair' ? fixture.bugs[1] : fixture.bugs[2];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(target(i), fixture.writerKey, 'POST', `/rest/bug_user_last_visit/${bug}`),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const rows = await pair.sqlAsRoot(pair.primary, [
        `SELECT COUNT(*) AS n FROM ${DATABASE}.bug_user_last_visit WHERE user_id = ${fixture.writerId} AND bug_id = ${bug}`,
      ]);
      expect(Number(rows[0].n)).toBe(1);
    });

    if (mode === 'workers') {
      it('SIGTERM stops every worker and the service exits 0', async () => {
        const [cluster] = instances;
        expect(cluster.output().match(/worker \d+ ready/g)).toHaveLength(2);
        cluster.child.kill('SIGTERM');
        expect(await cluster.exited).toBe(0);
        expect(cluster.output().match(/SIGTERM received/g)?.length).toBe(3);
      });
    }
  });
});
