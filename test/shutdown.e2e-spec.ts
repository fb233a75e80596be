import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config.js';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { runMigrations } from '../src/database/run-migrations.js';
import { Seeder } from '../src/seed/seeder.js';
import { envelopeProblem } from './support/reliability.js';
import { request, slowPost, startService, type HttpOutcome, type ServiceProcess } from './support/service-process.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/test-app.js';

/**
 * SIGTERM while the built service (`node dist/src/main.js`) is under load:
 * requests it has accepted finish with complete answers (no connection reset,
 * no half body, no 5xx), writes answered 2xx are stored and unanswered ones are
 * stored completely or not at all, and the process exits 0. (That the process
 * exits 0 on SIGTERM when idle is test/commands.e2e-spec.ts's.)
 */

const PRODUCTS = 60;
const WORKERS = 6;

interface Seeded {
  adminKey: string;
  userKey: string;
  bugs: number[];
}

/** Migrates the database and fills it with enough products that reading them all takes a while. */
async function prepare(database: TestDatabase): Promise<Seeded> {
  const config = loadConfig({ DATABASE_URL: database.url, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const ds = await new DataSource(buildDataSourceOptions(config)).initialize();
  try {
    await runMigrations(ds, () => undefined);
    return await ds.transaction(async (em) => {
      const seed = new Seeder(em);
      const admin = await seed.user('admin@shutdown.test', { groups: ['editcomponents'] });
      const user = await seed.user('user@shutdown.test');
      const bugs: number[] = [];
      for (let p = 0; p < PRODUCTS; p++) {
        const product = await seed.product(`Load ${String(p).padStart(3, '0')}`, { description: 'x'.repeat(200) });
        for (let c = 0; c < 6; c++) {
          const component = await seed.component(product, `component ${c}`, {
            owner: admin,
            description: 'y'.repeat(200),
          });
          if (p < 2 && c === 0) bugs.push(await seed.bug({ product, component, reporter: user, assignee: admin }));
        }
        for (const v of ['1.0', '1.10', '1.9', '2.0-beta']) await seed.version(product, v);
        for (const [m, sortkey] of [
          ['---', 0],
          ['M1', 10],
          ['M2', 20],
        ] as const)
          await seed.milestone(product, m, { sortkey });
      }
      return { adminKey: await seed.apiKey(admin), userKey: await seed.apiKey(user), bugs };
    });
  } finally {
    await ds.destroy();
  }
}

interface Sent {
  kind: 'read' | 'ids' | 'create' | 'visit' | 'held';
  name?: string;
  outcome: HttpOutcome;
}

describe.each(DIALECTS)('SIGTERM under load [%s]', (dialect) => {
  let database: TestDatabase;
  let seeded: Seeded;
  let service: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    seeded = await prepare(database);
    service = await startService({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    await database?.drop();
  });

  it('lets every accepted request finish with a complete answer, stores what it answered, and exits 0', async () => {
    const { port } = service;
    const sent: Sent[] = [];
    let stopped = false;
    const heavy = '/rest/product?include_fields=_all';

    const one = async (worker: number, i: number): Promise<Sent> => {
      switch (i % 4) {
        case 0:
          return {
            kind: 'read',
            outcome: await request(port, 'GET', heavy, { headers: { 'x-bugzilla-api-key': seeded.userKey } }),
          };
        case 1:
          return { kind: 'ids', outcome: await request(port, 'GET', '/rest/product_accessible') };
        case 2: {
          const name = `Created ${worker}-${i}`;
          const body = { name, description: 'made under load', version: '1.0' };
          return {
            kind: 'create',
            name,
            outcome: await request(port, 'POST', '/rest/product', {
              headers: { 'x-bugzilla-api-key': seeded.adminKey },
              body,
            }),
          };
        }
        default:
          return {
            kind: 'visit',
            outcome: await request(port, 'POST', '/rest/bug_user_last_visit', {
              headers: { 'x-bugzilla-api-key': seeded.userKey },
              body: { ids: seeded.bugs },
            }),
          };
      }
    };
    const workers = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; !stopped && i < 2000; i++) {
        const s = await one(worker, i);
        sent.push(s);
        if (s.outcome.error === 'ECONNREFUSED') break; // the service no longer accepts connections
      }
    });

    // Load for a while, then hold several slow reads open and make sure the service has accepted them:
    // a request answered on a connection opened after theirs means theirs were accepted before it.
    while (sent.filter((s) => s.outcome.complete).length < 40) await new Promise((r) => setTimeout(r, 20));
    let written = 0;
    let allWritten: () => void = () => undefined;
    const writtenAll = new Promise<void>((resolve) => (allWritten = resolve));
    const held = Array.from({ length: 6 }, () =>
      request(port, 'GET', heavy, {
        headers: { 'x-bugzilla-api-key': seeded.userKey },
        onWritten: () => ++written === 6 && allWritten(),
      }),
    );
    await writtenAll;
    // And a create whose body is only half sent: in progress on the server until the test sends the rest.
    const upload = slowPost(
      port,
      '/rest/product',
      { 'x-bugzilla-api-key': seeded.adminKey },
      {
        name: 'Uploaded Slowly',
        description: 'z'.repeat(20_000),
        version: '1.0',
      },
    );
    await upload.started;
    const probeStarted = Date.now();
    const probe = await request(port, 'GET', '/rest/version');
    expect(probe.status).toBe(200);
    service.child.kill('SIGTERM');
    const signalled = Date.now();
    // The service is shutting down; the upload it accepted still completes.
    await new Promise((r) => setTimeout(r, 300));
    expect(service.child.exitCode).toBeNull();
    upload.finish();
    const uploaded = await upload.outcome;
    expect({ status: uploaded.status, complete: uploaded.complete }).toEqual({ status: 201, complete: true });
    expect(uploaded.answeredAt).toBeGreaterThan(signalled + 250);

    const code = await service.exited;
    stopped = true;
    await Promise.all(workers);
    sent.push(...(await Promise.all(held)).map((outcome) => ({ kind: 'held' as const, outcome })));

    expect(code).toBe(0);
    expect(service.output()).toContain('SIGTERM received');

    // The held reads were in flight at SIGTERM: each completes with every product.
    for (const s of sent.filter((x) => x.kind === 'held')) {
      expect({ status: s.outcome.status, complete: s.outcome.complete, error: s.outcome.error }).toEqual({
        status: 200,
        complete: true,
        error: undefined,
      });
      expect(JSON.parse(s.outcome.text!).products.length).toBeGreaterThanOrEqual(PRODUCTS);
    }
    // Every answer is complete and well-formed: a success or the envelope, never a 5xx.
    const answered = sent.filter((s) => s.outcome.status !== undefined);
    for (const { kind, outcome } of answered) {
      const body = JSON.parse(outcome.text!);
      expect({ kind, complete: outcome.complete, status: outcome.status, text: outcome.text }).toEqual({
        kind,
        complete: true,
        status: expect.toSatisfy((s: number) => s < 500),
        text: outcome.text,
      });
      if (outcome.status! >= 400)
        expect({ kind, problem: envelopeProblem({ status: outcome.status!, body }) }).toEqual({
          kind,
          problem: undefined,
        });
    }
    // A request left unanswered was never accepted: refused, or reset while it waited in the listen queue
    // (which only a request connected after the probe's can be).
    for (const { kind, outcome } of sent.filter((s) => s.outcome.status === undefined)) {
      expect({ kind, error: outcome.error }).toEqual({
        kind,
        error: expect.stringMatching(/^(ECONNREFUSED|ECONNRESET|EPIPE)$/),
      });
      if (outcome.writtenAt !== undefined) expect(outcome.writtenAt).toBeGreaterThanOrEqual(probeStarted);
    }
    expect(answered.filter((s) => (s.outcome.writtenAt ?? Infinity) < signalled).length).toBeGreaterThan(40);

    // Storage: every 201 is a complete product; an unanswered create is complete or absent; refused ones absent.
    const config = loadConfig({ DATABASE_URL: database.url, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
    const ds = await new DataSource(buildDataSourceOptions(config)).initialize();
    try {
      for (const s of sent.filter((x) => x.kind === 'create')) {
        const rows: { id: number }[] = await ds.query('SELECT id FROM products WHERE name = ?', [s.name]);
        const parts = rows.length
          ? [
              (await ds.query('SELECT id FROM versions WHERE product_id = ?', [rows[0].id])).length,
              (await ds.query('SELECT id FROM milestones WHERE product_id = ?', [rows[0].id])).length,
              (await ds.query('SELECT id FROM series_categories WHERE name = ?', [s.name])).length,
            ]
          : [];
        const state = rows.length === 0 ? 'absent' : parts.every((n) => n === 1) ? 'complete' : `partial ${parts}`;
        const expected =
          s.outcome.status === 201
            ? ['complete']
            : s.outcome.status === undefined
              ? ['complete', 'absent']
              : ['absent'];
        expect({ name: s.name, status: s.outcome.status, state: expected.includes(state) }).toEqual({
          name: s.name,
          status: s.outcome.status,
          state: true,
        });
      }
      const slow: unknown[] = await ds.query('SELECT id FROM products WHERE name = ?', ['Uploaded Slowly']);
      expect(slow).toEqual([{ id: JSON.parse(uploaded.text!).id }]);
      if (sent.some((s) => s.kind === 'visit' && s.outcome.status === 200)) {
        const visits: unknown[] = await ds.query('SELECT bug_id FROM bug_user_last_visit');
        expect(visits.length).toBe(seeded.bugs.length);
      }
    } finally {
      await ds.destroy();
    }
    console.log(
      `shutdown [${dialect}]: ${sent.length} requests, ${answered.length} answered, ` +
        `${answered.filter((a) => (a.outcome.answeredAt ?? 0) > signalled).length} answered after SIGTERM, ` +
        `${sent.length - answered.length} refused after SIGTERM, exit ${code}`,
    );
  }, 120_000);
});
