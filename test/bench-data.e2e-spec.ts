import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectBugzillaConsistent } from './support/db-check.js';
import { createTestDatabase, startTestApp, type TestApp } from './support/test-app.js';

/**
 * bench/generate-data.mjs writes what Bugzilla writes, so that what the benchmarks measure is a real
 * site's data: every group it creates is granted to the admin group (membership, bless, visibility)
 * and audited, as Bugzilla's Group->create does, so an admin of the bench data sees every product.
 */
describe('the bench data generator [mysql]', () => {
  let app: TestApp;
  let fixtureDir: string;

  beforeAll(async () => {
    const database = await createTestDatabase('mysql');
    fixtureDir = mkdtempSync(join(tmpdir(), 'bzp-bench-data-'));
    try {
      execFileSync(
        process.execPath,
        ['bench/generate-data.mjs', '--products', '40', '--components', '12', '--versions', '2', '--milestones', '2'],
        {
          env: { ...process.env, DATABASE_URL: database.url, BENCH_FIXTURE_FILE: join(fixtureDir, 'fixture.json') },
          stdio: 'pipe',
        },
      );
    } catch (error) {
      await database.drop();
      throw error;
    }
    app = await startTestApp('mysql', {}, { database });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(fixtureDir, { recursive: true, force: true });
  });

  it('grants every group it creates to the admin group three ways, and audits the creation', async () => {
    const created = await app.rows("SELECT id, name FROM `groups` WHERE name LIKE 'bench-%' ORDER BY id");
    expect(created).toHaveLength(21);
    const grants = await app.rows(
      `SELECT ggm.grantor_id, ggm.grant_type FROM group_group_map ggm JOIN \`groups\` a ON a.id = ggm.member_id
        WHERE a.name = 'admin' AND ggm.grantor_id IN (${created.map((g: { id: number }) => Number(g.id)).join(', ')})
        ORDER BY ggm.grantor_id, ggm.grant_type`,
    );
    expect(
      grants.map((g: { grantor_id: number; grant_type: number }) => [Number(g.grantor_id), Number(g.grant_type)]),
    ).toEqual(created.flatMap((g: { id: number }) => [0, 1, 2].map((type) => [Number(g.id), type])));
    const audit = await app.rows(
      "SELECT object_id, field, removed, added FROM audit_log WHERE class = 'Bugzilla::Group' ORDER BY object_id",
    );
    expect(audit).toEqual(
      created.map((g: { id: number; name: string }) => ({
        object_id: Number(g.id),
        field: '__create__',
        removed: null,
        added: g.name,
      })),
    );
  });

  it('a member of admin sees and may enter every product, as in Bugzilla', async () => {
    const adminId = await app.seed.user('site-admin@bench.example', { groups: ['admin'] });
    const key = await app.seed.apiKey(adminId);
    const all = (await app.rows('SELECT id FROM products ORDER BY id')).map((p: { id: number }) => Number(p.id));
    expect(all).toHaveLength(40);
    const accessible = await app.get('/rest/product_accessible', { headers: { 'X-BUGZILLA-API-KEY': key } });
    expect(accessible.status).toBe(200);
    expect([...accessible.body.ids].sort((a: number, b: number) => a - b)).toEqual(all);
  });

  it('leaves every row as a Perl Bugzilla would (db:check finds nothing)', async () => {
    await expectBugzillaConsistent(app);
  });
});
