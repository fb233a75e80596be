import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { NO_ERRORS, runSanityCheck } from '../src/consistency/sanity-check.js';
import { createBugzillaUser } from '../src/users/create-user.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * `npm run db:check`: Bugzilla's sanitycheck.cgi for the service's tables. A clean database
 * answers `No errors have been found.` and exit 0; each kind of broken row gives Bugzilla's
 * line and exit 1; a product without components or versions is listed and does not fail it.
 * The command is run as built (dist/), against each test database.
 */

const execFileAsync = promisify(execFile);

async function dbCheck(app: TestApp): Promise<{ code: number; lines: string[] }> {
  const url = app.config.database.url;
  try {
    const { stdout } = await execFileAsync(process.execPath, ['dist/src/cli/db-check.js'], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent', DEMO_DATA: 'false' },
      timeout: 60_000,
    });
    return { code: 0, lines: stdout.trim().split('\n') };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, lines: failed.stdout.trim().split('\n').filter(Boolean) };
  }
}

/** Writes rows a foreign key would refuse, as a broken or hand-edited database holds them. */
async function withoutForeignKeys(app: TestApp, statements: [string, unknown[]][]): Promise<void> {
  const runner = app.ds.createQueryRunner();
  try {
    // PostgreSQL checks foreign keys with triggers, which a replica's session role does not fire.
    const [off, on] = {
      mysql: ['SET FOREIGN_KEY_CHECKS = 0', 'SET FOREIGN_KEY_CHECKS = 1'],
      postgres: ['SET session_replication_role = replica', 'SET session_replication_role = DEFAULT'],
      sqlite: ['PRAGMA foreign_keys = OFF', 'PRAGMA foreign_keys = ON'],
    }[app.dialect];
    await runner.query(off);
    for (const [sql, params] of statements) await runner.query(sql, params);
    await runner.query(on);
  } finally {
    await runner.release();
  }
}

forEachDialect('npm run db:check', (app) => {
  let ids: { admin: number; product: number; core: number; bug: number; attachment: number; flagType: number };

  beforeAll(async () => {
    const seed = app().seed;
    const admin = await app().ds.transaction((em) =>
      createBugzillaUser(em, { login: 'admin@example.com', groups: ['admin'] }),
    );
    const product = await seed.product('Firefly');
    const core = await seed.component(product, 'Core', { owner: admin });
    await seed.version(product, 'unspecified');
    await seed.milestone(product, '---');
    const bug = await seed.bug({ product, component: core, reporter: admin, assignee: admin });
    const flagType = await seed.flagType('review', { targetType: 'a' });
    await seed.flagInclusion(flagType, product, null);
    const attachment = await seed.attachment(bug, admin);
    ids = { admin, product, core, bug, attachment, flagType };
  });

  it('finds nothing on a database the service and Bugzilla wrote: exit 0, "No errors have been found."', async () => {
    const outcome = await dbCheck(app());
    expect(outcome).toEqual({ code: 0, lines: [NO_ERRORS] });
  });

  it('lists a product without components or versions in Bugzilla words, and still answers 0', async () => {
    const empty = await app().seed.product('Empty');
    await app().seed.milestone(empty, '---');
    const outcome = await dbCheck(app());
    expect(outcome).toEqual({ code: 0, lines: ['Product Empty has no components or no versions.', NO_ERRORS] });
  });

  it('names each broken row as sanitycheck.cgi does and answers 1', async () => {
    const { admin, product, core, bug, attachment, flagType } = ids;
    const bugFlag = await app().seed.flagType('approval');
    await app().seed.flagInclusion(bugFlag, product, null);
    await app().seed.flagExclusion(bugFlag, product, core);
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await withoutForeignKeys(app(), [
      ['INSERT INTO component_cc (user_id, component_id) VALUES (?, ?)', [9999, core]],
      ['INSERT INTO email_setting (user_id, relationship, event) VALUES (?, ?, ?)', [9998, 0, 0]],
      ['INSERT INTO user_group_map (user_id, group_id, isbless, grant_type) VALUES (?, ?, 0, 0)', [admin, 777]],
      ['INSERT INTO flaginclusions (type_id, product_id, component_id) VALUES (?, ?, NULL)', [flagType, 555]],
      [
        'INSERT INTO bugs_activity (bug_id, who, bug_when, fieldid, removed, added) VALUES (?, ?, ?, ?, ?, ?)',
        [bug, admin, now, 4242, '', 'x'],
      ],
      ['UPDATE bugs SET version = ? WHERE bug_id = ?', ['nope', bug]],
      ['UPDATE products SET defaultmilestone = ? WHERE id = ?', ['M9', product]],
      [
        `INSERT INTO flags (id, type_id, status, bug_id, attach_id, creation_date, setter_id) VALUES (?, ?, '?', ?, NULL, ?, ?)`,
        [13, bugFlag, bug, now, admin],
      ],
      [
        `INSERT INTO flags (id, type_id, status, bug_id, attach_id, creation_date, setter_id) VALUES (?, ?, '+', ?, ?, ?, ?)`,
        [14, flagType, bug, 4444, now, admin],
      ],
    ]);
    const outcome = await dbCheck(app());
    expect(outcome.code).toBe(1);
    expect(outcome.lines).toEqual([
      "Bad value '4242' found in bugs_activity.fieldid",
      "Bad value '777' found in user_group_map.group_id",
      "Bad value '9998' found in email_setting.user_id",
      "Bad value '9999' found in component_cc.user_id",
      `Bad value '555' found in flaginclusions.product_id (type_id == '${flagType}')`,
      `Bad values '${bug}', '4444' found in flags.bug_id / flags.attach_id.`,
      `Bad values '${product}', 'nope' found in bugs.product_id / bugs.version. (bug ${bug})`,
      `Bad values '${product}', 'M9' found in products.id / products.defaultmilestone. (name == 'Firefly')`,
      `Invalid flag 13 for bug ${bug}.`,
      'Product Empty has no components or no versions.',
    ]);
    // The same report through the function the e2e suites call at their end.
    const report = await runSanityCheck(app().ds);
    expect(report.failed).toBe(true);
    expect(report.problems.map((p) => p.kind)).toEqual([...Array(8).fill('reference'), 'flag', 'product']);
    expect(attachment).toBeGreaterThan(0);
  });
});
