import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applySeed } from '../src/seed/seed-loader.js';
import { readSeedFile } from '../src/seed/seed-file.js';
import { SeedError } from '../src/seed/seed-validation.js';
import type { Seed } from '../src/seed/seed.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { startServer } from '../src/index.js';
import { createTestDatabase, DIALECTS, forEachDialect, type TestApp, type TestDatabase } from './support/test-app.js';

const ALICE_KEY = 'AliceKey0123456789012345678901234567890a';
const BOB_KEY = 'BobKey012345678901234567890123456789012b';

/** Every seed key of SPEC §12 at least once. */
const SEED: Seed = {
  classifications: [{ name: 'Tools', description: 'Things that help', sortkey: 5 }],
  groups: [
    { name: 'core-team', description: 'The core team' },
    { name: 'insiders', description: 'Core team and friends', member_of: ['core-team'] },
  ],
  users: [
    { login: 'alice@example.com', real_name: 'Alice', password: 'secret-1', api_key: ALICE_KEY, groups: ['core-team'] },
    { login: 'bob@example.com', real_name: 'Bob', api_key: BOB_KEY },
    { login: 'gone@example.com', disabled_text: 'Left the company.' },
  ],
  products: [
    {
      name: 'Widget',
      description: 'A widget',
      classification: 'Tools',
      version: '1.0',
      versions: ['2.0', { name: 'old', is_active: false }],
      milestones: [{ name: 'M1', sort_key: 10 }],
      components: [
        {
          name: 'Engine',
          description: 'Runs it',
          default_assignee: 'alice@example.com',
          default_qa_contact: 'bob@example.com',
          default_cc: ['bob@example.com'],
        },
      ],
      group_controls: [{ group: 'core-team', membercontrol: 'Mandatory', othercontrol: 'Mandatory', entry: true }],
    },
  ],
  flag_types: [
    { name: 'review', description: 'Review', inclusions: [{ Widget: ['Engine'] }], exclusions: ['Widget:Engine'] },
  ],
  bugs: [
    {
      id: 7,
      product: 'Widget',
      component: 'Engine',
      reporter: 'bob@example.com',
      summary: 'It breaks',
      cc: ['alice@example.com'],
    },
  ],
  last_visits: [{ user: 'alice@example.com', bug: 7, last_visit_ts: '2026-03-04T05:06:07Z' }],
};

/** Row counts of the tables a seed writes, to show a second application changes nothing. */
async function counts(app: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'classifications',
    '`groups`',
    'group_group_map',
    'profiles',
    'user_group_map',
    'user_api_keys',
    'products',
    'versions',
    'milestones',
    'components',
    'component_cc',
    'group_control_map',
    'flagtypes',
    'flaginclusions',
    'flagexclusions',
    'bugs',
    'cc',
    'bug_group_map',
    'bug_user_last_visit',
  ]) {
    const [{ n }] = await app.rows(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = Number(n);
  }
  return out;
}

forEachDialect('Seeds (SPEC §12)', (app) => {
  it('applies every kind of seed entry, and the API serves it with the fixed keys', async () => {
    const { apiKeys } = await applySeed(app().ds, SEED);
    expect(apiKeys['alice@example.com']).toBe(ALICE_KEY);
    expect(apiKeys['gone@example.com']).toMatch(/^[A-Za-z0-9]{40}$/);

    const whoami = await app().get('/rest/whoami', { headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY } });
    expect(whoami.body).toMatchObject({ login: 'alice@example.com', real_name: 'Alice' });
    const product = await app().get('/rest/product/Widget', {
      headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY },
      query: {
        include_fields:
          'name,classification,versions.name,milestones.name,components.name,components.default_assigned_to',
      },
    });
    expect(product.status).toBe(200);
    expect(product.body.products[0]).toEqual({
      name: 'Widget',
      classification: 'Tools',
      versions: expect.arrayContaining([{ name: '1.0' }, { name: '2.0' }, { name: 'old' }]),
      milestones: expect.arrayContaining([{ name: '---' }, { name: 'M1' }]),
      components: [{ name: 'Engine', default_assigned_to: 'alice@example.com' }],
    });
    // Mandatory for core-team: bob, not a member, does not see it.
    const asBob = await app().get('/rest/product/Widget', { headers: { 'X-BUGZILLA-API-KEY': BOB_KEY } });
    expect(asBob.body).toEqual({ products: [] });
    const visit = await app().get('/rest/bug_user_last_visit/7', { headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY } });
    expect(visit.body).toEqual([{ id: 7, last_visit_ts: '2026-03-04T05:06:07Z' }]);

    // Stored as Bugzilla stores them.
    const [gone] = await app().rows('SELECT is_enabled, disabledtext FROM profiles WHERE login_name = ?', [
      'gone@example.com',
    ]);
    expect([Number(gone.is_enabled), gone.disabledtext]).toEqual([0, 'Left the company.']);
    const [bug] = await app().rows(
      'SELECT assigned_to, qa_contact, version, target_milestone, bug_status FROM bugs WHERE bug_id = 7',
    );
    const ids = Object.fromEntries(
      (await app().rows('SELECT userid, login_name FROM profiles')).map((r) => [r.login_name, Number(r.userid)]),
    );
    expect({ ...bug, assigned_to: Number(bug.assigned_to), qa_contact: Number(bug.qa_contact) }).toEqual({
      assigned_to: ids['alice@example.com'],
      qa_contact: ids['bob@example.com'],
      version: '1.0',
      target_milestone: '---',
      bug_status: 'CONFIRMED',
    });
    // The component's default CC and the bug's own CC; the product's mandatory group.
    const cc = await app().rows('SELECT who FROM cc WHERE bug_id = 7 ORDER BY who');
    expect(cc.map((r) => Number(r.who)).sort()).toEqual([ids['alice@example.com'], ids['bob@example.com']].sort());
    const groups = await app().rows(
      'SELECT g.name FROM bug_group_map m JOIN `groups` g ON g.id = m.group_id WHERE m.bug_id = 7',
    );
    expect(groups.map((g) => g.name)).toEqual(['core-team']);
    // member_of: insiders' members are members of core-team; the admin group is granted each new group.
    const [grant] = await app().rows(
      `SELECT COUNT(*) AS n FROM group_group_map m JOIN \`groups\` a ON a.id = m.member_id JOIN \`groups\` b ON b.id = m.grantor_id
        WHERE a.name = 'insiders' AND b.name = 'core-team' AND m.grant_type = 0`,
    );
    expect(Number(grant.n)).toBe(1);
  });

  it('applies the same seed again without changing anything, and updates what a seed changes', async () => {
    const before = await counts(app());
    await applySeed(app().ds, SEED);
    expect(await counts(app())).toEqual(before);

    await applySeed(app().ds, {
      users: [{ login: 'bob@example.com', real_name: 'Robert', groups: ['core-team'] }],
      products: [
        {
          name: 'Widget',
          description: 'A better widget',
          components: [{ name: 'Engine', default_assignee: 'bob@example.com' }],
        },
      ],
    });
    const [bob] = await app().rows('SELECT realname FROM profiles WHERE login_name = ?', ['bob@example.com']);
    expect(bob.realname).toBe('Robert');
    const [widget] = await app().rows("SELECT description FROM products WHERE name = 'Widget'");
    expect(widget.description).toBe('A better widget');
    const asBob = await app().get('/rest/product/Widget', {
      headers: { 'X-BUGZILLA-API-KEY': BOB_KEY },
      query: { include_fields: 'name,components.default_assigned_to' },
    });
    expect(asBob.body).toEqual({
      products: [{ name: 'Widget', components: [{ default_assigned_to: 'bob@example.com' }] }],
    });
  });

  it("puts a new bug in the product's groups as Bugzilla's Bug->create does for its reporter", async () => {
    await applySeed(app().ds, {
      groups: [
        { name: 'by-default', description: 'Default for members' },
        { name: 'others-locked', description: 'Mandatory for non-members' },
        { name: 'shown-only', description: 'Shown for members' },
      ],
      users: [
        { login: 'member@example.com', groups: ['by-default', 'others-locked', 'shown-only'] },
        { login: 'outsider@example.com' },
      ],
      products: [
        {
          name: 'Grouped',
          components: [{ name: 'Core', default_assignee: 'member@example.com' }],
          group_controls: [
            { group: 'by-default', membercontrol: 'Default', othercontrol: 'NA' },
            { group: 'others-locked', membercontrol: 'Shown', othercontrol: 'Mandatory' },
            { group: 'shown-only', membercontrol: 'Shown', othercontrol: 'Shown' },
          ],
        },
      ],
      bugs: [
        { id: 21, product: 'Grouped', component: 'Core', reporter: 'member@example.com', summary: 'by a member' },
        { id: 22, product: 'Grouped', component: 'Core', reporter: 'outsider@example.com', summary: 'by an outsider' },
        {
          id: 23,
          product: 'Grouped',
          component: 'Core',
          reporter: 'member@example.com',
          summary: 'groups named',
          groups: ['shown-only'],
        },
      ],
    });
    const groupsOf = async (bug: number) =>
      (
        await app().rows(
          'SELECT g.name FROM bug_group_map m JOIN `groups` g ON g.id = m.group_id WHERE m.bug_id = ? ORDER BY g.name',
          [bug],
        )
      ).map((row) => row.name);
    // A member gets the Default group; Mandatory-for-others does not apply to a member.
    expect(await groupsOf(21)).toEqual(['by-default']);
    // An outsider: othercontrol Mandatory applies, Default-for-members does not (othercontrol NA).
    expect(await groupsOf(22)).toEqual(['others-locked']);
    // Groups named in the seed replace the defaults (Bugzilla adds defaults only when none are given).
    expect(await groupsOf(23)).toEqual(['shown-only']);
  });

  it('refuses a seed with problems, listing each by its path, and writes nothing', async () => {
    const before = await counts(app());
    const error = await applySeed(app().ds, {
      users: [{ login: 'carol@example.com', groups: ['nobody-group'] }],
      products: [
        { name: 'Gadget', components: [{ name: 'UI', default_assignee: 'x@example.com' }] },
        { name: 'Gizmo', group_controls: [{ group: 'core-team', membercontrol: 'NA', othercontrol: 'Shown' }] },
      ],
      bugs: [{ id: 8, product: 'Widget', component: 'Nope', reporter: 'carol@example.com', version: '9.9' }],
      last_visits: [{ user: 'alice@example.com', bug: 999 }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedError);
    expect((error as SeedError).problems).toEqual([
      "users[0].groups[0]: no group 'nobody-group'",
      "products[0].components[0].default_assignee: no user 'x@example.com'",
      'products[1].group_controls[0]: membercontrol NA with othercontrol Shown is not allowed',
      "bugs[0].component: no component 'Nope' in product 'Widget'",
      "bugs[0].version: no version '9.9' in product 'Widget'",
      'last_visits[0].bug: no bug 999',
    ]);
    const shape = await applySeed(app().ds, {
      products: [{ name: 'Gadget', colour: 'red', components: [{ name: 'UI' }] }],
      users: [{ login: 'dave@example.com', api_key: 'short' }],
    }).catch((e: unknown) => e);
    expect((shape as SeedError).problems).toEqual([
      'users[0].api_key: must match pattern "^[A-Za-z0-9]{40}$"',
      'products[0].colour: is not a known key',
      'products[0].components[0].default_assignee: is required',
    ]);
    expect(await counts(app())).toEqual(before);
  });

  it('reads seed files as YAML or JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-seed-'));
    try {
      writeFileSync(join(dir, 'a.yaml'), 'classifications:\n  - { name: Yaml }\n');
      writeFileSync(join(dir, 'b.json'), '{"classifications":[{"name":"Json"}]}');
      writeFileSync(join(dir, 'c.json'), '{"classifications":');
      await applySeed(app().ds, readSeedFile(join(dir, 'a.yaml')));
      await applySeed(app().ds, readSeedFile(join(dir, 'b.json')));
      const rows = await app().rows("SELECT name FROM classifications WHERE name IN ('Yaml', 'Json') ORDER BY name");
      expect(rows.map((r) => r.name)).toEqual(['Json', 'Yaml']);
      expect(() => readSeedFile(join(dir, 'c.json'))).toThrow(/c\.json: not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  itLeavesTheDatabaseConsistent(app);
});

describe.each(DIALECTS)('npm run seed -- FILE [%s]', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'bzp-seed-cmd-'));
    writeFileSync(
      join(dir, 'seed.yaml'),
      `users:\n  - { login: alice@example.com, api_key: ${ALICE_KEY} }\n  - { login: bob@example.com }\n` +
        'products:\n  - { name: Widget, description: A widget, components: [{ name: Engine, default_assignee: alice@example.com }] }\n',
    );
    writeFileSync(
      join(dir, 'bad.json'),
      JSON.stringify({ products: [{ name: 'X', components: [{ name: 'C', default_assignee: 'x@example.com' }] }] }),
    );
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const seedCommand = (file: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['dist/src/cli/seed.js', join(dir, file)],
        { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });

  it('applies a seed file to the database, prints the keys, and changes nothing the second time', async () => {
    const first = await seedCommand('seed.yaml');
    expect(first.code).toBe(0);
    const keys = [...first.stdout.matchAll(/^\s+(\S+@\S+)\s+([A-Za-z0-9]{40})$/gm)].map((m) => [m[1], m[2]]);
    expect(keys.map(([login]) => login)).toEqual(['alice@example.com', 'bob@example.com']);
    expect(keys[0][1]).toBe(ALICE_KEY);
    const second = await seedCommand('seed.yaml');
    expect([second.code, second.stdout]).toEqual([0, first.stdout]);

    // The service on that database serves it.
    const server = await startServer({ database: database.url });
    try {
      const answer = await fetch(`${server.url}/rest/product/Widget?include_fields=name,components.name`, {
        headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY },
      });
      expect(await answer.json()).toEqual({ products: [{ name: 'Widget', components: [{ name: 'Engine' }] }] });
    } finally {
      await server.close();
    }
  });

  it('refuses a seed with problems: every one by path, exit 1', async () => {
    const outcome = await seedCommand('bad.json');
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim().split('\n')).toEqual([
      'seed: The seed has 1 problem:',
      "  products[0].components[0].default_assignee: no user 'x@example.com'",
    ]);
  });
});
