import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultEmailSettings } from '../src/users/create-user.js';
import { runBuiltCommand } from './support/built-command.js';
import { startService, type ServiceProcess } from './support/service-process.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/test-app.js';

/** Runs a built command (dist/ is built by the e2e global setup) and collects its output and exit code. */
const run = runBuiltCommand;

/** Sends SIGTERM and resolves with the exit code. */
async function stop(service: ServiceProcess): Promise<number | null> {
  service.child.kill('SIGTERM');
  return service.exited;
}

describe('npm start on the embedded default', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bzp-start-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the SQLite file, loads the demo data, prints the demo API keys, serves, and exits 0 on SIGTERM', async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'bugzilla.sqlite')}`, DEMO_DATA: 'auto' };
    const first = await startService(env);
    const port = first.port;
    const keys = [...first.output().matchAll(/^\s+(\S+@\S+)\s+([A-Za-z0-9]{40})\s/gm)].map((m) => ({
      login: m[1],
      key: m[2],
    }));
    expect(keys.map((k) => k.login)).toEqual(['admin@example.com', 'dev@example.com', 'user@example.com']);

    const whoami = await fetch(`http://127.0.0.1:${port}/rest/whoami`, {
      headers: { 'X-BUGZILLA-API-KEY': keys[0].key },
    });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { login: string }).login).toBe('admin@example.com');
    const products = (await (await fetch(`http://127.0.0.1:${port}/rest/product_accessible`)).json()) as {
      ids: number[];
    };
    expect(products.ids.length).toBeGreaterThanOrEqual(2);
    expect(await stop(first)).toBe(0);

    // The second start reuses the database: no new demo data, the same keys still work.
    const second = await startService(env);
    expect(second.output()).not.toContain('Demo data loaded');
    const again = await fetch(`http://127.0.0.1:${second.port}/rest/whoami?api_key=${keys[1].key}`);
    expect(again.status).toBe(200);
    expect(await stop(second)).toBe(0);
  }, 90_000);

  it('refuses to start with a bad setting, naming it in one line', async () => {
    const outcome = await run('dist/src/main.js', [], {
      PORT: 'eighty',
      DATABASE_URL: `sqlite:${join(dir, 'x.sqlite')}`,
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toBe("Configuration error: PORT must be an integer from 0 to 65535 (got 'eighty')");
  });
});

describe.each(DIALECTS)('npm run user:create [%s]', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.drop();
  });

  const userCreate = (...args: string[]) =>
    run('dist/src/cli/user-create.js', args, { DATABASE_URL: database.url, DEMO_DATA: 'false' });

  it('creates a user with groups and prints an API key that is stored for that user', async () => {
    const outcome = await userCreate(
      '--login',
      'ops@example.com',
      '--password',
      'pw123456',
      '--group',
      'editcomponents',
    );
    expect(outcome.code).toBe(0);
    const match = /^API key for ops@example\.com: ([A-Za-z0-9]{40})$/.exec(outcome.stdout.trim());
    expect(match).not.toBeNull();
    const check = await keyOwner(database.url, match![1]);
    // editbugs: its userregexp '.*' grants it to every new user, as in Bugzilla.
    expect(check).toEqual({ login: 'ops@example.com', groups: ['editbugs', 'editcomponents'] });
  });

  it('writes the rows Bugzilla::User->create writes: audit, 63 mail settings, regexp groups, activity', async () => {
    const rows = await createdUserRows(database.url, 'ops@example.com');
    expect(rows.audit).toEqual([{ user_id: null, field: '__create__', removed: null, added: 'ops@example.com' }]);
    expect(rows.emailSettings).toHaveLength(63);
    expect(rows.emailSettings).toEqual(
      defaultEmailSettings()
        .map(([r, e]) => `${r}:${e}`)
        .sort(),
    );
    // Not "changed by me" (51), and CC additions (8) only as the reporter (relationship 2).
    expect(rows.emailSettings).not.toContain('0:51');
    expect(rows.emailSettings).not.toContain('0:8');
    expect(rows.emailSettings).toContain('2:8');
    expect(rows.emailSettings).toEqual(expect.arrayContaining(['100:100', '100:101']));
    expect(rows.memberships).toEqual([
      { group: 'editbugs', isbless: 0, grant_type: 2 },
      { group: 'editcomponents', isbless: 0, grant_type: 0 },
    ]);
    expect(rows.activity).toEqual([
      { field: 'creation_ts', who: 'self', oldvalue: null, newvalue: 'profiles_when' },
      { field: 'bug_group', who: 'self', oldvalue: '', newvalue: 'editcomponents' },
    ]);
  });

  it('refuses a login that is taken, and an unknown group, with a one-line error and exit 1', async () => {
    const taken = await userCreate('--login', 'ops@example.com');
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim()).toBe("user:create: A user with the login 'ops@example.com' already exists.");
    const unknown = await userCreate('--login', 'new@example.com', '--group', 'no-such-group');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe("user:create: There is no group named 'no-such-group'.");
  });
});

/** What user creation wrote for `login`, read back straight from the database. */
async function createdUserRows(url: string, login: string) {
  return withDatabase(url, async (ds) => {
    const [{ userid }] = await ds.query('SELECT userid FROM profiles WHERE login_name = ?', [login]);
    const audit = await ds.query(
      "SELECT user_id, field, removed, added FROM audit_log WHERE class = 'Bugzilla::User' AND object_id = ?",
      [userid],
    );
    const settings: { relationship: number; event: number }[] = await ds.query(
      'SELECT relationship, event FROM email_setting WHERE user_id = ?',
      [userid],
    );
    const memberships: { group: string; isbless: number; grant_type: number }[] = await ds.query(
      'SELECT g.name AS `group`, m.isbless, m.grant_type FROM user_group_map m JOIN `groups` g ON g.id = m.group_id WHERE m.user_id = ? ORDER BY g.name',
      [userid],
    );
    const activity: { field: string; who: number; oldvalue: string | null; newvalue: string | null; at: unknown }[] =
      await ds.query(
        `SELECT f.name AS field, a.who, a.oldvalue, a.newvalue, a.profiles_when AS at
           FROM profiles_activity a JOIN fielddefs f ON f.id = a.fieldid WHERE a.userid = ? ORDER BY a.id`,
        [userid],
      );
    const stamp = (value: unknown) =>
      value instanceof Date ? value.toISOString().slice(0, 19).replace('T', ' ') : value;
    return {
      audit,
      emailSettings: settings.map((s) => `${s.relationship}:${s.event}`).sort(),
      memberships: memberships.map((m) => ({ ...m, isbless: Number(m.isbless), grant_type: Number(m.grant_type) })),
      activity: activity.map((a) => ({
        field: a.field,
        who: Number(a.who) === Number(userid) ? 'self' : a.who,
        oldvalue: a.oldvalue,
        newvalue: a.newvalue !== null && String(a.newvalue) === String(stamp(a.at)) ? 'profiles_when' : a.newvalue,
      })),
    };
  });
}

/** Reads back who owns an API key and their groups, straight from the database. */
async function keyOwner(url: string, key: string): Promise<{ login: string; groups: string[] }> {
  return withDatabase(url, async (ds) => {
    const [user] = await ds.query(
      'SELECT p.userid, p.login_name FROM user_api_keys k JOIN profiles p ON p.userid = k.user_id WHERE k.api_key = ?',
      [key],
    );
    const groups = await ds.query(
      'SELECT g.name FROM user_group_map m JOIN `groups` g ON g.id = m.group_id WHERE m.user_id = ? ORDER BY g.name',
      [user.userid],
    );
    return { login: user.login_name, groups: groups.map((g: { name: string }) => g.name) };
  });
}

/** Runs `work` on a connection of its own to the database at `url` (what a command left there), then closes it. */
async function withDatabase<T>(url: string, work: (ds: import('typeorm').DataSource) => Promise<T>): Promise<T> {
  const { DataSource } = await import('typeorm');
  const { buildDataSourceOptions } = await import('../src/database/data-source-options.js');
  const { loadConfig } = await import('../src/config/app-config.js');
  const ds = new DataSource(buildDataSourceOptions(loadConfig({ DATABASE_URL: url })));
  await ds.initialize();
  try {
    return await work(ds);
  } finally {
    await ds.destroy();
  }
}
