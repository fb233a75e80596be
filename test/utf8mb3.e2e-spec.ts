import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { fieldError, launchChromium, signIn } from './support/admin-console.js';
import { runBuiltCommand as run } from './support/built-command.js';
import { UnstorableTextValue } from '../src/database/text-capacity.js';
import { envelope } from './support/envelope.js';
import { snapshotTables, WRITE_TABLES } from './support/reliability.js';
import { jsonrpc, xmlrpc } from './support/rpc-client.js';
import {
  createTestDatabase,
  DIALECTS,
  forEachDialect,
  startTestApp,
  TEST_MYSQL_SERVER,
  type ApiRequest,
  type TestApp,
} from './support/test-app.js';

/**
 * A Bugzilla 5.0 database (SPEC §8): the same tables as 5.2's, kept in 3-byte UTF-8 (`utf8mb3`), as
 * Bugzilla 5.0 makes them and as a 5.2 site whose `utf8` parameter is `utf8` keeps them. The service's
 * tables are migrated, then converted the way checksetup.pl converts them, then the service starts on
 * them. A 4-byte character (an emoji) in a read matches nothing, answered as any unknown name, on every
 * protocol, from the model and from the database; in a write it is refused, 400, code 53, naming the
 * parameter, nothing written; 3-byte characters are stored and read back exactly.
 */

const ROCKET = '🚀';
/** Characters of 3 bytes or fewer: stored as they are. */
const THREE_BYTE = '中文 é';

const refused = (param: string) =>
  envelope(
    53,
    `The '${param}' parameter is invalid: this database stores 3-byte UTF-8 only, and the value holds a character of 4 bytes (an emoji or a rare CJK character).`,
  );

/**
 * Every table a write of these families may touch: a refused write leaves each as it was
 * (user_api_keys aside: a good key's `last_used` is set by every request that uses it).
 */
const TABLES = [
  ...WRITE_TABLES,
  'classifications',
  'flagtypes',
  'flaginclusions',
  'flagexclusions',
  'component_cc',
  'profiles',
];

/**
 * The service's tables converted as Bugzilla 5.0 keeps them: 3-byte UTF-8 (`ALTER TABLE ... CONVERT TO
 * CHARACTER SET utf8mb3`) and the compact row format.
 */
async function convertToThreeByte(url: string): Promise<void> {
  const connection = await mysql.createConnection(url);
  try {
    const [tables] = await connection.query<mysql.RowDataPacket[]>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
    );
    const database = new URL(url).pathname.slice(1);
    await connection.query(`ALTER DATABASE \`${database}\` CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci`);
    for (const { name } of tables) {
      await connection.query(
        `ALTER TABLE \`${name}\` CONVERT TO CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci, ROW_FORMAT=COMPACT`,
      );
    }
  } finally {
    await connection.end();
  }
}

/** A service on a migrated, then converted MariaDB database. */
async function startOnThreeByteDatabase(env: Record<string, string>): Promise<TestApp> {
  const database = await createTestDatabase('mysql');
  const migrating = await startTestApp('mysql', env, { database });
  await migrating.app.close();
  await convertToThreeByte(database.url);
  return startTestApp('mysql', { BZ_USECLASSIFICATION: '1', ...env }, { database });
}

interface Fixture {
  adminKey: string;
  userKey: string;
  productId: number;
  componentId: number;
  flagTypeId: number;
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const admin = await seed.user('admin@example.com', { groups: ['admin'] });
  const user = await seed.user('user@example.com');
  const productId = await seed.product('SideBySide');
  await seed.version(productId, 'unspecified');
  await seed.milestone(productId, '---');
  const componentId = await seed.component(productId, 'Engine', { owner: admin });
  const flagTypeId = await seed.flagType('review');
  await seed.flagInclusion(flagTypeId, productId);
  await seed.group('Testers', { description: 'testers' });
  return { adminKey: await seed.apiKey(admin), userKey: await seed.apiKey(user), productId, componentId, flagTypeId };
}

/**
 * Beside it, the databases that store every character (MariaDB in utf8mb4, as the suite makes it;
 * PostgreSQL's UTF8; SQLite): the same 4-byte values are stored and read back. This is the one place
 * where answers depend on the database: a 201 there is a 400 on a 3-byte database.
 */
forEachDialect('a database that stores 4-byte UTF-8', (app) => {
  it('stores 4-byte names and descriptions and reads them back; a 4-byte name matches its product only', async () => {
    const admin = await app().seed.user('admin@example.com', { groups: ['admin'] });
    const key = await app().seed.apiKey(admin);
    const created = await app().post('/rest/product', {
      query: { api_key: key },
      body: { name: `Rocket ${ROCKET}`, description: `rocket ${ROCKET} here`, version: `v ${ROCKET}` },
    });
    expect(created.status).toBe(201);
    const read = await app().get('/rest/product', { query: { names: [`Rocket ${ROCKET}`, ROCKET] } });
    expect(read.status).toBe(200);
    expect(
      read.body.products.map((p: { name: string; description: string; versions: { name: string }[] }) => [
        p.name,
        p.description,
        p.versions.map((v) => v.name),
      ]),
    ).toEqual([[`Rocket ${ROCKET}`, `rocket ${ROCKET} here`, [`v ${ROCKET}`]]]);
  });
});

const describeOnMariaDb = DIALECTS.includes('mysql') ? describe : describe.skip;

describeOnMariaDb.each([
  ['the in-memory model', {}],
  ['the database (no cache)', { CACHE_MAX_STALENESS_MS: '0' }],
] as const)('a 3-byte UTF-8 (Bugzilla 5.0) database, reads from %s', (_title, env) => {
  let app: TestApp;
  let fx: Fixture;
  beforeAll(async () => {
    app = await startOnThreeByteDatabase(env);
    fx = await seedFixture(app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const as = (key: string, extra: ApiRequest = {}): ApiRequest => ({
    ...extra,
    query: { ...extra.query, api_key: key },
  });

  /**
   * `ask(name)` answers for a 4-byte name exactly as for a name that matches nothing (the name in a
   * message aside), and not as a 500.
   */
  async function answersAsUnknown(
    ask: (name: string) => Promise<{ status: number; body: unknown }>,
    expected?: { status: number },
  ) {
    const unknown = 'NoSuchName';
    const [plain, rocket] = [await ask(unknown), await ask(`${ROCKET}x`)];
    expect(rocket.status).toBe(plain.status);
    expect(JSON.parse(JSON.stringify(rocket.body).replaceAll(`${ROCKET}x`, unknown))).toEqual(plain.body);
    if (expected) expect(rocket.status).toBe(expected.status);
    return rocket;
  }

  it('the columns are 3-byte UTF-8, as Bugzilla 5.0 makes them', async () => {
    const rows = await app.rows(
      "SELECT DISTINCT character_set_name AS cs FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'products' AND character_set_name IS NOT NULL",
    );
    expect(rows).toEqual([{ cs: 'utf8mb3' }]);
    const [{ format }] = await app.rows(
      "SELECT row_format AS format FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'products'",
    );
    expect(format).toBe('Compact');
  });

  it('GET /rest/product?names= and /rest/product/{name}: a 4-byte name matches nothing, anonymous or not', async () => {
    const list = await answersAsUnknown((name) => app.get('/rest/product', { query: { names: name } }), {
      status: 200,
    });
    expect(list.body).toEqual({ products: [] });
    await answersAsUnknown((name) => app.get(`/rest/product/${encodeURIComponent(name)}`), { status: 200 });
    await answersAsUnknown((name) => app.get('/rest/product', as(fx.adminKey, { query: { names: [name] } })));
    const mixed = await app.get('/rest/product', { query: { names: [ROCKET, 'SideBySide'] } });
    expect(mixed.status).toBe(200);
    expect(mixed.body.products.map((p: { name: string }) => p.name)).toEqual(['SideBySide']);
  });

  it('Product.get over JSON-RPC and XML-RPC: a 4-byte name matches nothing', async () => {
    for (const call of [jsonrpc, xmlrpc]) {
      const plain = await call(app, 'Product.get', { names: ['NoSuchName'] });
      const rocket = await call(app, 'Product.get', { names: [ROCKET] });
      expect(rocket.status).toBe(200);
      expect(rocket.fault).toBeUndefined();
      expect(rocket.value).toEqual(plain.value);
    }
  });

  it('components, flag types, classifications, groups and users: a 4-byte name is an unknown name', async () => {
    await answersAsUnknown((name) =>
      app.get(`/rest/component/SideBySide/${encodeURIComponent(name)}`, as(fx.adminKey)),
    );
    await answersAsUnknown((name) => app.get(`/rest/flag_type/${encodeURIComponent(name)}`, as(fx.adminKey)));
    await answersAsUnknown((name) => app.get(`/rest/classification/${encodeURIComponent(name)}`, as(fx.adminKey)));
    await answersAsUnknown((name) => app.get('/rest/group', as(fx.adminKey, { query: { names: name } })));
    await answersAsUnknown((name) => app.get('/rest/user', as(fx.adminKey, { query: { names: name } })));
    await answersAsUnknown((name) => app.get('/rest/user', { query: { names: name } }));
    // A search value: User.get's match (the console's user completion), compared with LIKE.
    await answersAsUnknown((name) => app.get('/rest/user', as(fx.adminKey, { query: { match: name } })), {
      status: 200,
    });
    await answersAsUnknown((name) => app.get('/rest/user', as(fx.adminKey, { query: { match: `ad${name}` } })));
  });

  it('credentials: a 4-byte login, API key or token is a wrong one', async () => {
    await answersAsUnknown((name) => app.get('/rest/login', { query: { login: name, password: 'x' } }), {
      status: 401,
    });
    await answersAsUnknown((name) => app.get('/rest/whoami', { query: { api_key: name } }), { status: 400 });
    await answersAsUnknown((name) => app.get('/rest/whoami', { query: { token: `1-${name}` } }), { status: 400 });
  });

  it('a write naming an object by a 4-byte name finds no such object', async () => {
    await answersAsUnknown((name) =>
      app.put(`/rest/product/${encodeURIComponent(name)}`, as(fx.adminKey, { body: { description: 'd' } })),
    );
    await answersAsUnknown((name) =>
      app.post('/rest/component', as(fx.adminKey, { body: { product: name, name: 'c', description: 'd' } })),
    );
    await answersAsUnknown((name) => app.delete(`/rest/product/${encodeURIComponent(name)}`, as(fx.adminKey)));
    await answersAsUnknown((name) =>
      app.delete(`/rest/component/SideBySide/${encodeURIComponent(name)}`, as(fx.adminKey)),
    );
    await answersAsUnknown((name) =>
      app.put(`/rest/product/SideBySide/version/${encodeURIComponent(name)}`, as(fx.adminKey, { body: { name: 'v' } })),
    );
    await answersAsUnknown((name) =>
      app.put(`/rest/flag_type/${encodeURIComponent(name)}`, as(fx.adminKey, { body: { description: 'd' } })),
    );
    await answersAsUnknown((name) =>
      app.post(
        '/rest/product',
        as(fx.adminKey, { body: { name: 'P', description: 'd', version: '1', classification: name } }),
      ),
    );
  });
});

describeOnMariaDb('a 3-byte UTF-8 (Bugzilla 5.0) database, writes', () => {
  let app: TestApp;
  let fx: Fixture;
  beforeAll(async () => {
    app = await startOnThreeByteDatabase({});
    fx = await seedFixture(app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const admin = (body: unknown): ApiRequest => ({ query: { api_key: fx.adminKey }, body });
  const rocket = `rocket ${ROCKET} here`;

  /** Refused with 53 naming `param`, and every table as it was. */
  async function refusedUnchanged(param: string, write: () => Promise<{ status: number; body: unknown }>) {
    const before = await snapshotTables(app, TABLES);
    const res = await write();
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refused(param) });
    expect(await snapshotTables(app, TABLES)).toEqual(before);
  }

  it('POST /rest/product: each text a 4-byte character is refused, naming it', async () => {
    const body = { name: 'Rocket', description: 'd', version: '1.0', default_milestone: 'M1' };
    for (const param of ['name', 'description', 'version', 'default_milestone'] as const) {
      await refusedUnchanged(param, () => app.post('/rest/product', admin({ ...body, [param]: rocket })));
    }
  });

  it('PUT /rest/product: a 4-byte name or description is refused', async () => {
    await refusedUnchanged('description', () => app.put('/rest/product/SideBySide', admin({ description: rocket })));
    await refusedUnchanged('name', () => app.put('/rest/product/SideBySide', admin({ name: rocket })));
  });

  it('components: create and update', async () => {
    await refusedUnchanged('description', () =>
      app.post(
        '/rest/component',
        admin({ product: 'SideBySide', name: 'Wing', description: rocket, default_assignee: 'admin@example.com' }),
      ),
    );
    await refusedUnchanged('name', () =>
      app.post(
        '/rest/component',
        admin({ product: 'SideBySide', name: rocket, description: 'd', default_assignee: 'admin@example.com' }),
      ),
    );
    await refusedUnchanged('description', () =>
      app.put('/rest/component/SideBySide/Engine', admin({ description: rocket })),
    );
  });

  it("group controls: a 4-byte group name is refused as a write's value, naming 'group'", async () => {
    await refusedUnchanged('group', () =>
      app.put(
        '/rest/product/SideBySide/group_controls',
        admin({ group_controls: [{ group: rocket, membercontrol: 'Shown', othercontrol: 'NA' }] }),
      ),
    );
  });

  it('versions and milestones: create and update', async () => {
    await refusedUnchanged('name', () => app.post('/rest/product/SideBySide/version', admin({ name: rocket })));
    await refusedUnchanged('name', () =>
      app.put('/rest/product/SideBySide/version/unspecified', admin({ name: rocket })),
    );
    await refusedUnchanged('name', () => app.post('/rest/product/SideBySide/milestone', admin({ name: rocket })));
    await refusedUnchanged('name', () => app.put('/rest/product/SideBySide/milestone/---', admin({ name: rocket })));
  });

  it('flag types: create and update', async () => {
    const body = { name: 'approve', description: 'd', inclusions: [{ product: 'SideBySide' }] };
    for (const param of ['name', 'description', 'cc_list'] as const) {
      await refusedUnchanged(param, () => app.post('/rest/flag_type', admin({ ...body, [param]: rocket })));
    }
    await refusedUnchanged('description', () =>
      app.put(`/rest/flag_type/${fx.flagTypeId}`, admin({ description: rocket })),
    );
  });

  it('classifications: create and update', async () => {
    await refusedUnchanged('name', () => app.post('/rest/classification', admin({ name: rocket })));
    await refusedUnchanged('description', () =>
      app.put('/rest/classification/Unclassified', admin({ description: rocket })),
    );
  });

  it('every RPC write method, over JSON-RPC and XML-RPC, answers the same refusal as a fault, nothing written', async () => {
    const calls: [method: string, params: Record<string, unknown>, param: string][] = [
      ['Product.create', { name: 'Rocket', description: rocket, version: '1.0' }, 'description'],
      ['Product.update', { names: ['SideBySide'], name: rocket }, 'name'],
      [
        'Component.create',
        { product: 'SideBySide', name: 'Wing', description: rocket, default_assignee: 'admin@example.com' },
        'description',
      ],
      ['Component.update', { names: [{ product: 'SideBySide', component: 'Engine' }], name: rocket }, 'name'],
      ['FlagType.create', { name: rocket, description: 'd', inclusions: [{ product: 'SideBySide' }] }, 'name'],
      ['FlagType.update', { ids: [fx.flagTypeId], cc_list: rocket }, 'cc_list'],
    ];
    for (const call of [jsonrpc, xmlrpc]) {
      for (const [method, params, param] of calls) {
        const before = await snapshotTables(app, TABLES);
        const answer = await call(app, method, { api_key: fx.adminKey, ...params });
        expect({ method, fault: answer.fault }).toEqual({
          method,
          fault: { code: 53, message: refused(param).message },
        });
        expect(await snapshotTables(app, TABLES)).toEqual(before);
      }
    }
  });

  it('3-byte characters are stored and read back exactly', async () => {
    const created = await app.post(
      '/rest/product',
      admin({
        name: `P ${THREE_BYTE}`,
        description: `desc ${THREE_BYTE}`,
        version: `v ${THREE_BYTE}`,
        default_milestone: `m ${THREE_BYTE}`,
      }),
    );
    expect(created.status).toBe(201);
    const component = await app.post(
      '/rest/component',
      admin({
        product: `P ${THREE_BYTE}`,
        name: `C ${THREE_BYTE}`,
        description: `cd ${THREE_BYTE}`,
        default_assignee: 'admin@example.com',
      }),
    );
    expect(component.status).toBe(201);
    const read = await app.get('/rest/product', { query: { api_key: fx.adminKey, names: `p ${THREE_BYTE}` } });
    expect(read.status).toBe(200);
    const [product] = read.body.products;
    expect({
      name: product.name,
      description: product.description,
      default_milestone: product.default_milestone,
      versions: product.versions.map((v: { name: string }) => v.name),
      components: product.components.map((c: { name: string; description: string }) => [c.name, c.description]),
    }).toEqual({
      name: `P ${THREE_BYTE}`,
      description: `desc ${THREE_BYTE}`,
      default_milestone: `m ${THREE_BYTE}`,
      versions: [`v ${THREE_BYTE}`],
      components: [[`C ${THREE_BYTE}`, `cd ${THREE_BYTE}`]],
    });
    expect(await app.rows('SELECT name, description FROM products WHERE id = ?', [created.body.id])).toEqual([
      { name: `P ${THREE_BYTE}`, description: `desc ${THREE_BYTE}` },
    ]);
  });

  it('under every statement: a write no check named (here a seed row) is refused before it reaches the database', async () => {
    const before = await snapshotTables(app, TABLES);
    await expect(app.seed.product(`P ${ROCKET}`)).rejects.toBeInstanceOf(UnstorableTextValue);
    await expect(app.seed.classification('C', rocket)).rejects.toBeInstanceOf(UnstorableTextValue);
    expect(await snapshotTables(app, TABLES)).toEqual(before);
  });

  it('npm run user:create: a 4-byte login or real name is refused in one line, exit 1, no user written', async () => {
    const url = `${TEST_MYSQL_SERVER}/${(app.config.database as { database: string }).database}`;
    const before = await snapshotTables(app, TABLES);
    const login = await run('dist/src/cli/user-create.js', ['--login', `${ROCKET}@example.com`], {
      DATABASE_URL: url,
    });
    expect(login).toMatchObject({ code: 1, stdout: '', stderr: `user:create: ${refused('login').message}\n` });
    const realname = await run('dist/src/cli/user-create.js', ['--login', 'r@example.com', '--realname', rocket], {
      DATABASE_URL: url,
    });
    expect(realname).toMatchObject({ code: 1, stdout: '', stderr: `user:create: ${refused('real_name').message}\n` });
    expect(await snapshotTables(app, TABLES)).toEqual(before);
  });

  it('catalog apply: the refused write stops the apply with its message, exit 1, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-utf8mb3-'));
    await app.app.listen(0, '127.0.0.1');
    try {
      const file = join(dir, 'catalog.yaml');
      writeFileSync(file, `products:\n  - name: SideBySide\n    description: "${rocket}"\n`);
      const before = await snapshotTables(app, TABLES);
      const applied = await run(
        'dist/src/cli/bugzilla-products.js',
        ['catalog', 'apply', file, '--yes', '--url', await app.app.getUrl()],
        { BUGZILLA_API_KEY: fx.adminKey },
      );
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain('failed ~ product "SideBySide"');
      expect(applied.stderr).toContain(refused('description').message);
      expect(await snapshotTables(app, TABLES)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeOnMariaDb('a 3-byte UTF-8 (Bugzilla 5.0) database, the admin console', () => {
  const PASSWORD = 'correct horse battery';
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let productId: number;
  beforeAll(async () => {
    app = await startOnThreeByteDatabase({});
    await app.seed.user('admin@example.com', { password: PASSWORD, groups: ['admin'] });
    productId = await app.seed.product('SideBySide');
    await app.seed.version(productId, 'unspecified');
    await app.seed.milestone(productId, '---');
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.getHttpServer().address() as { port: number };
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`http://127.0.0.1:${port}/admin/`);
    await signIn(page, 'admin@example.com', PASSWORD);
    await page.getByText('Signed in as').waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const errorOf = (label: string) => fieldError(page, label);

  it("shows the refusal of a 4-byte character at the field that holds it, in the API's words", async () => {
    await page.evaluate(() => (location.hash = '#/products/new'));
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Rocket');
    await page.getByLabel('Description').fill(`rocket ${ROCKET} here`);
    await page.getByLabel('First version').fill('1.0');
    await page.getByRole('button', { name: 'Create product' }).click();
    expect(await errorOf('Description')).toBe(refused('description').message);
    expect(await app.rows('SELECT id FROM products WHERE name = ?', ['Rocket'])).toEqual([]);

    await page.evaluate((id) => (location.hash = `#/products/${id}`), productId);
    await page.getByRole('heading', { name: 'SideBySide' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(`Side ${ROCKET}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await errorOf('Name')).toBe(refused('name').message);
    expect(await app.rows('SELECT name FROM products WHERE id = ?', [productId])).toEqual([{ name: 'SideBySide' }]);
  });
});
