import { toUtcDate } from '../src/database/dialect.js';
import { forEachDialect, type ApiResponse, type TestApp } from './support/test-app.js';
import { envelope as error } from './support/envelope.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';

/**
 * POST /rest/product and PUT /rest/product[/{id_or_name}] (SPEC §5.3, §5.4):
 * who may write, every validation rule with its exact error, the rows written
 * (products, versions, milestones, series, groups, audit_log), atomicity, and
 * concurrent writes of one name.
 */

const COUNTED = [
  'products',
  'versions',
  'milestones',
  'series',
  'series_categories',
  'audit_log',
  '`groups`',
  'group_group_map',
  'group_control_map',
];

interface Fixture {
  adminId: number;
  adminKey: string;
  userKey: string;
  otherClassification: number;
  secret: number;
}

/** Users and products shared by the tests of one database; each test adds the products it changes. */
async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const adminId = await seed.user('admin@example.com', { realname: 'Admin', groups: ['admin'] });
  const adminKey = await seed.apiKey(adminId);
  const userId = await seed.user('user@example.com');
  const userKey = await seed.apiKey(userId);
  const otherClassification = await seed.classification('Other Things');
  // A product the admin cannot see: a Mandatory group it is not in.
  await seed.group('Secret Group');
  const secret = await seed.product('Secret');
  await seed.groupControl('Secret Group', secret, { entry: true, membercontrol: 3, othercontrol: 3 });
  await seed.version(secret, 'unspecified');
  await seed.milestone(secret, '---');
  return { adminId, adminKey, userKey, otherClassification, secret };
}

async function counts(app: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await app.rows<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = Number(row.n);
  }
  return out;
}

/** Everything a failed write must leave as it was. */
async function snapshot(app: TestApp) {
  return {
    counts: await counts(app),
    products: await app.rows(
      'SELECT id, name, classification_id, description, isactive, defaultmilestone, allows_unconfirmed FROM products ORDER BY id',
    ),
  };
}

interface ProductRowView {
  id: number;
  name: string;
  classification_id: number;
  description: string;
  isactive: number;
  defaultmilestone: string;
  allows_unconfirmed: number;
}

async function productRow(app: TestApp, id: number): Promise<ProductRowView | undefined> {
  const rows = await app.rows(
    'SELECT id, name, classification_id, description, isactive, defaultmilestone, allows_unconfirmed FROM products WHERE id = ?',
    [id],
  );
  return rows[0]
    ? {
        id: Number(rows[0].id),
        name: rows[0].name,
        classification_id: Number(rows[0].classification_id),
        description: rows[0].description,
        isactive: Number(rows[0].isactive),
        defaultmilestone: rows[0].defaultmilestone,
        allows_unconfirmed: Number(rows[0].allows_unconfirmed),
      }
    : undefined;
}

async function auditRows(app: TestApp, where: string, params: unknown[]) {
  const rows = await app.rows(
    `SELECT user_id, class, object_id, field, removed, added, at_time FROM audit_log WHERE ${where} ORDER BY class, object_id, field`,
    params,
  );
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    class: row.class,
    object_id: Number(row.object_id),
    field: row.field,
    removed: row.removed,
    added: row.added,
    at_time: toUtcDate(row.at_time),
  }));
}

/** An audit row without its time, for toEqual. */
function withoutTime<T extends { at_time: Date }>({ at_time: _time, ...rest }: T): Omit<T, 'at_time'> {
  return rest;
}

/** A stored audit time is the database's current UTC time: within a minute of the test's clock. */
function expectRecent(time: Date): void {
  expect(Math.abs(time.getTime() - Date.now())).toBeLessThan(60_000);
}

forEachDialect('product writes', (app) => {
  let fx: Fixture;

  beforeAll(async () => {
    fx = await seedFixture(app());
  });

  const create = (body: unknown, key: string | null = fx.adminKey) =>
    app().post('/rest/product', { query: key ? { api_key: key } : {}, body });
  const update = (path: string, body: unknown, key: string | null = fx.adminKey) =>
    app().put(`/rest/product${path}`, { query: key ? { api_key: key } : {}, body });
  const read = (id: number) => app().get(`/rest/product/${id}`, { query: { api_key: fx.adminKey } });

  /** A product to update, with versions and milestones of its own. */
  async function product(
    name: string,
    options: {
      milestones?: string[];
      defaultmilestone?: string;
      isactive?: boolean;
      allows_unconfirmed?: boolean;
    } = {},
  ): Promise<number> {
    const seed = app().seed;
    const id = await seed.product(name, {
      description: `${name} description`,
      defaultmilestone: options.defaultmilestone ?? '---',
      isactive: options.isactive ?? true,
      allows_unconfirmed: options.allows_unconfirmed ?? true,
    });
    await seed.version(id, 'unspecified');
    for (const [i, milestone] of (options.milestones ?? ['---']).entries()) {
      await seed.milestone(id, milestone, { sortkey: i * 10 });
    }
    return id;
  }

  /** The request fails with `status`/`body` and changes nothing that was stored. */
  async function expectRefused(send: () => Promise<ApiResponse>, status: number, body: unknown): Promise<void> {
    const before = await snapshot(app());
    const response = await send();
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
    expect(await snapshot(app())).toEqual(before);
  }

  describe('POST /rest/product: who may create', () => {
    it('refuses an anonymous caller with 410', async () => {
      await expectRefused(
        () => create({ name: 'Anon', description: 'x', version: '1.0' }, null),
        401,
        error(410, 'You must log in before using this part of Bugzilla.'),
      );
    });

    it('refuses a caller outside editcomponents with 304', async () => {
      await expectRefused(
        () => create({ name: 'ByUser', description: 'x', version: '1.0' }, fx.userKey),
        401,
        error(
          304,
          "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add new products.",
        ),
      );
    });

    it('refuses a wrong API key with 306 before looking at the body', async () => {
      await expectRefused(
        () => create({}, 'not-a-key'),
        400,
        error(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
      );
    });
  });

  describe('POST /rest/product: what is written', () => {
    it('creates a product with its version, default milestone, series and audit rows (defaults)', async () => {
      const before = await counts(app());
      const response = await create({ name: 'Widget Pro', description: 'All about widgets', version: 'unspecified' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.any(Number) });
      const id: number = response.body.id;

      expect(await productRow(app(), id)).toEqual({
        id,
        name: 'Widget Pro',
        classification_id: 1,
        description: 'All about widgets',
        isactive: 1,
        defaultmilestone: '---',
        allows_unconfirmed: 1,
      });
      const versions = await app().rows('SELECT id, value, isactive FROM versions WHERE product_id = ?', [id]);
      expect(versions.map((v) => ({ value: v.value, isactive: Number(v.isactive) }))).toEqual([
        { value: 'unspecified', isactive: 1 },
      ]);
      const milestones = await app().rows('SELECT id, value, sortkey, isactive FROM milestones WHERE product_id = ?', [
        id,
      ]);
      expect(
        milestones.map((m) => ({ value: m.value, sortkey: Number(m.sortkey), isactive: Number(m.isactive) })),
      ).toEqual([{ value: '---', sortkey: 0, isactive: 1 }]);

      const series = await app().rows(
        `SELECT s.name, s.query, s.creator, s.frequency, s.is_public, c.name AS category, sc.name AS subcategory
           FROM series s JOIN series_categories c ON c.id = s.category JOIN series_categories sc ON sc.id = s.subcategory
          WHERE c.name = ? ORDER BY s.series_id`,
        ['Widget Pro'],
      );
      const q = '&product=Widget%20Pro';
      expect(
        series.map((s) => ({
          ...s,
          creator: Number(s.creator),
          frequency: Number(s.frequency),
          is_public: Number(s.is_public),
        })),
      ).toEqual(
        [
          ['UNCONFIRMED', `bug_status=UNCONFIRMED${q}`],
          ['CONFIRMED', `bug_status=CONFIRMED${q}`],
          ['IN_PROGRESS', `bug_status=IN_PROGRESS${q}`],
          ['RESOLVED', `bug_status=RESOLVED${q}`],
          ['VERIFIED', `bug_status=VERIFIED${q}`],
          ['FIXED', `resolution=FIXED${q}`],
          ['INVALID', `resolution=INVALID${q}`],
          ['WONTFIX', `resolution=WONTFIX${q}`],
          ['DUPLICATE', `resolution=DUPLICATE${q}`],
          ['WORKSFORME', `resolution=WORKSFORME${q}`],
          ['All Open', `bug_status=UNCONFIRMED&bug_status=CONFIRMED&bug_status=IN_PROGRESS${q}`],
        ].map(([name, query]) => ({
          name,
          query,
          creator: fx.adminId,
          frequency: 1,
          is_public: 1,
          category: 'Widget Pro',
          subcategory: '-All-',
        })),
      );

      const audit = await auditRows(
        app(),
        "field = '__create__' AND ((class = ? AND object_id = ?) OR (class <> ? AND object_id IN (?, ?)))",
        ['Bugzilla::Product', id, 'Bugzilla::Product', Number(versions[0].id), Number(milestones[0].id)],
      );
      expect(audit.map(withoutTime)).toEqual([
        {
          user_id: fx.adminId,
          class: 'Bugzilla::Milestone',
          object_id: Number(milestones[0].id),
          field: '__create__',
          removed: null,
          added: '---',
        },
        {
          user_id: fx.adminId,
          class: 'Bugzilla::Product',
          object_id: id,
          field: '__create__',
          removed: null,
          added: 'Widget Pro',
        },
        {
          user_id: fx.adminId,
          class: 'Bugzilla::Version',
          object_id: Number(versions[0].id),
          field: '__create__',
          removed: null,
          added: 'unspecified',
        },
      ]);
      audit.forEach((row) => expectRecent(row.at_time));
      expect(new Set(audit.map((row) => row.at_time.getTime())).size).toBe(1);

      const after = await counts(app());
      expect(after).toEqual({
        ...before,
        products: before.products + 1,
        versions: before.versions + 1,
        milestones: before.milestones + 1,
        series: before.series + 11,
        series_categories: before.series_categories + 2,
        audit_log: before.audit_log + 3,
      });

      const got = await read(id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({
        products: [
          {
            id,
            name: 'Widget Pro',
            description: 'All about widgets',
            is_active: true,
            default_milestone: '---',
            has_unconfirmed: true,
            classification: 'Unclassified',
            components: [],
            versions: [{ id: Number(versions[0].id), name: 'unspecified', sort_key: 0, is_active: true }],
            milestones: [{ id: Number(milestones[0].id), name: '---', sort_key: 0, is_active: true }],
          },
        ],
      });
    });

    it('stores every optional field: classification, default milestone, closed, no UNCONFIRMED, no series', async () => {
      const before = await counts(app());
      const response = await create({
        name: 'Gamma',
        description: 'Gamma product',
        version: '2.0',
        has_unconfirmed: false,
        classification: 'other things',
        default_milestone: 'M1',
        is_open: false,
        create_series: false,
      });
      expect(response.status).toBe(201);
      const id: number = response.body.id;
      expect(await productRow(app(), id)).toEqual({
        id,
        name: 'Gamma',
        classification_id: fx.otherClassification,
        description: 'Gamma product',
        isactive: 0,
        defaultmilestone: 'M1',
        allows_unconfirmed: 0,
      });
      expect(await app().rows('SELECT value, sortkey FROM milestones WHERE product_id = ?', [id])).toEqual([
        { value: 'M1', sortkey: 0 },
      ]);
      const after = await counts(app());
      expect(after.series).toBe(before.series);
      expect(after.series_categories).toBe(before.series_categories);
      expect(after.audit_log).toBe(before.audit_log + 3);

      const got = await read(id);
      expect(got.body.products).toHaveLength(1);
      expect(got.body.products[0]).toMatchObject({
        name: 'Gamma',
        is_active: false,
        has_unconfirmed: false,
        default_milestone: 'M1',
        classification: 'Other Things',
      });
    });

    it('reads booleans given as 1/0 and "1"/"0"', async () => {
      const first = await create({
        name: 'Delta',
        description: 'd',
        version: '1',
        has_unconfirmed: '0',
        is_open: 0,
        create_series: '0',
      });
      const second = await create({
        name: 'Epsilon',
        description: 'e',
        version: '1',
        has_unconfirmed: 1,
        is_open: '1',
        create_series: 1,
      });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(await productRow(app(), first.body.id)).toMatchObject({ isactive: 0, allows_unconfirmed: 0 });
      expect(await productRow(app(), second.body.id)).toMatchObject({ isactive: 1, allows_unconfirmed: 1 });
      const seriesOf = async (name: string) => {
        const [{ n }] = await app().rows(
          'SELECT COUNT(*) AS n FROM series s JOIN series_categories c ON c.id = s.category WHERE c.name = ?',
          [name],
        );
        return Number(n);
      };
      expect([await seriesOf('Delta'), await seriesOf('Epsilon')]).toEqual([0, 11]);
    });

    it('trims name, description and version; keeps HTML and Unicode in the description exactly', async () => {
      const description = '<p>Grüße &amp; <b>bold</b> — 日本語 😀</p>\n<script>alert(1)</script>';
      const response = await create({ name: '  Padded  ', description: `  \n${description}\t `, version: '  1.0  ' });
      expect(response.status).toBe(201);
      const id: number = response.body.id;
      expect(await productRow(app(), id)).toMatchObject({ name: 'Padded', description });
      expect(await app().rows('SELECT value FROM versions WHERE product_id = ?', [id])).toEqual([{ value: '1.0' }]);
      const got = await read(id);
      expect(got.body.products[0]).toMatchObject({ name: 'Padded', description });
    });

    it('accepts a name of exactly 64 characters, counting characters rather than bytes', async () => {
      const ascii = await create({ name: 'L'.repeat(64), description: 'x', version: '1.0' });
      const emoji = await create({ name: '😀'.repeat(64), description: 'x', version: '1.0', create_series: false });
      expect([ascii.status, emoji.status]).toEqual([201, 201]);
      expect((await productRow(app(), emoji.body.id))?.name).toBe('😀'.repeat(64));
    });

    it("gives the milestone '---' when default_milestone is blank", async () => {
      const response = await create({
        name: 'Blank MS',
        description: 'x',
        version: '1.0',
        default_milestone: '   ',
        create_series: false,
      });
      expect(response.status).toBe(201);
      expect(await productRow(app(), response.body.id)).toMatchObject({ defaultmilestone: '---' });
    });

    it('ignores unknown keys', async () => {
      const response = await create({
        name: 'Extra Keys',
        description: 'x',
        version: '1.0',
        foo: 'bar',
        components: [1],
        create_series: false,
      });
      expect(response.status).toBe(201);
      expect(await productRow(app(), response.body.id)).toMatchObject({ name: 'Extra Keys' });
    });

    it('takes parameters from the query string too, as Bugzilla does for POST', async () => {
      const response = await app().post('/rest/product', {
        query: { api_key: fx.adminKey, name: 'From Query', create_series: '0' },
        body: { description: 'x', version: '1.0' },
      });
      expect(response.status).toBe(201);
      expect(await productRow(app(), response.body.id)).toMatchObject({ name: 'From Query' });
    });

    it('updates an existing series of the same category instead of failing', async () => {
      const seed = app().seed;
      const category = await seed.insert('series_categories', { name: 'Reborn' });
      const all = await app().rows("SELECT id FROM series_categories WHERE name = '-All-'");
      const sub = all.length ? Number(all[0].id) : await seed.insert('series_categories', { name: '-All-' });
      await seed.insert('series', {
        creator: null,
        category,
        subcategory: sub,
        name: 'CONFIRMED',
        frequency: 7,
        query: 'old',
        is_public: 0,
      });
      const response = await create({ name: 'Reborn', description: 'x', version: '1.0' });
      expect(response.status).toBe(201);
      const rows = await app().rows(
        'SELECT name, frequency, query, is_public FROM series WHERE category = ? ORDER BY series_id',
        [category],
      );
      expect(rows).toHaveLength(11);
      expect(rows[0]).toEqual({
        name: 'CONFIRMED',
        frequency: 1,
        query: 'bug_status=CONFIRMED&product=Reborn',
        is_public: 1,
      });
    });
  });

  describe('POST /rest/product: validation, first failure wins, nothing stored', () => {
    const ok = { name: 'Valid Name', description: 'x', version: '1.0' };
    const cases: [string, Record<string, unknown>, number, ReturnType<typeof error>][] = [
      [
        'an unknown classification',
        { ...ok, classification: 'NoSuchClassification' },
        404,
        error(51, "There is no classification named 'NoSuchClassification'."),
      ],
      [
        'a blank classification',
        { ...ok, classification: '  ' },
        400,
        error(50, 'You must select/enter a classification.'),
      ],
      [
        'a missing description',
        { name: 'N', version: '1.0' },
        400,
        error(703, 'You must enter a description for this product.'),
      ],
      [
        'a whitespace-only description',
        { ...ok, description: ' \n\t ' },
        400,
        error(703, 'You must enter a description for this product.'),
      ],
      [
        'the description "0"',
        { ...ok, description: '0' },
        400,
        error(703, 'You must enter a description for this product.'),
      ],
      [
        'a missing name',
        { description: 'x', version: '1.0' },
        400,
        error(700, 'You must enter a name for the product.'),
      ],
      ['an empty name', { ...ok, name: '' }, 400, error(700, 'You must enter a name for the product.')],
      ['a name of only spaces', { ...ok, name: '     ' }, 400, error(700, 'You must enter a name for the product.')],
      ['the name "0"', { ...ok, name: '0' }, 400, error(700, 'You must enter a name for the product.')],
      [
        'a name of 65 characters',
        { ...ok, name: 'N'.repeat(65) },
        400,
        error(
          701,
          `The name of a product is limited to 64 characters. '${'N'.repeat(65)}' is too long (65 characters).`,
        ),
      ],
      [
        'a name of 10,000 characters',
        { ...ok, name: 'x'.repeat(10_000) },
        400,
        error(
          701,
          `The name of a product is limited to 64 characters. '${'x'.repeat(10_000)}' is too long (10000 characters).`,
        ),
      ],
      [
        'a missing version',
        { name: 'N', description: 'x' },
        400,
        error(704, 'You must enter a valid version to create a new product.'),
      ],
      [
        'a blank version',
        { ...ok, version: '  ' },
        400,
        error(704, 'You must enter a valid version to create a new product.'),
      ],
      [
        'a version of 65 characters',
        { ...ok, version: 'v'.repeat(65) },
        400,
        error(53, "The 'version' parameter is invalid: a value of at most 64 characters was expected."),
      ],
      [
        'a default milestone of 65 characters',
        { ...ok, default_milestone: 'm'.repeat(65) },
        400,
        error(53, "The 'default_milestone' parameter is invalid: a value of at most 64 characters was expected."),
      ],
      ['an empty body', {}, 400, error(703, 'You must enter a description for this product.')],
      [
        'an unknown classification before a blank description',
        { classification: 'Nope' },
        404,
        error(51, "There is no classification named 'Nope'."),
      ],
      [
        'a blank name before a blank version',
        { description: 'x' },
        400,
        error(700, 'You must enter a name for the product.'),
      ],
      [
        'a name as an object',
        { ...ok, name: { a: 1 } },
        400,
        error(53, "The 'name' parameter is invalid: a string was expected."),
      ],
      [
        'a name as an array',
        { ...ok, name: ['A'] },
        400,
        error(53, "The 'name' parameter is invalid: a string was expected."),
      ],
      [
        'a name as a boolean',
        { ...ok, name: true },
        400,
        error(53, "The 'name' parameter is invalid: a string was expected."),
      ],
      [
        'a description as an array',
        { ...ok, description: ['x'] },
        400,
        error(53, "The 'description' parameter is invalid: a string was expected."),
      ],
      [
        'a version as an object',
        { ...ok, version: {} },
        400,
        error(53, "The 'version' parameter is invalid: a string was expected."),
      ],
      [
        'a classification as a boolean',
        { ...ok, classification: false },
        400,
        error(53, "The 'classification' parameter is invalid: a string was expected."),
      ],
      [
        'has_unconfirmed "yes"',
        { ...ok, has_unconfirmed: 'yes' },
        400,
        error(53, "The 'has_unconfirmed' parameter is invalid: a boolean was expected."),
      ],
      [
        'is_open 2',
        { ...ok, is_open: 2 },
        400,
        error(53, "The 'is_open' parameter is invalid: a boolean was expected."),
      ],
      [
        'create_series "true"',
        { ...ok, create_series: 'true' },
        400,
        error(53, "The 'create_series' parameter is invalid: a boolean was expected."),
      ],
      [
        'a wrong type before a blank name',
        { name: '', description: 'x', version: '1', is_open: {} },
        400,
        error(53, "The 'is_open' parameter is invalid: a boolean was expected."),
      ],
    ];
    it.each(cases)('refuses %s', async (_title, body, status, expected) => {
      await expectRefused(() => create(body), status, expected);
    });

    it('refuses a name that exists, exactly or in another case (702)', async () => {
      await product('Alpha Taken');
      await expectRefused(
        () => create({ name: 'Alpha Taken', description: 'x', version: '1.0' }),
        400,
        error(702, "The product name 'Alpha Taken' already exists."),
      );
      await expectRefused(
        () => create({ name: ' aLPHA tAKEN ', description: 'x', version: '1.0' }),
        400,
        error(702, "The product name 'aLPHA tAKEN' differs from existing product 'Alpha Taken' only in case."),
      );
    });

    it('a description with a NUL: stored as sent where the database can hold it, refused 400 (32000) on PostgreSQL, whose text cannot', async () => {
      const body = { name: 'Nul Product', description: 'before\u0000after', version: '1.0' };
      if (app().dialect === 'postgres') {
        await expectRefused(
          () => create(body),
          400,
          error(32000, 'A text value holds a NUL character, which cannot be stored.'),
        );
        return;
      }
      const created = await create(body);
      expect(created.status).toBe(201);
      const [row] = await app().rows<{ description: string }>(
        `SELECT description FROM products WHERE name = 'Nul Product'`,
      );
      expect(row.description).toBe('before\u0000after');
    });

    it('refuses the name of a product the caller cannot see (names are unique across all products)', async () => {
      await expectRefused(
        () => create({ name: 'Secret', description: 'x', version: '1.0' }),
        400,
        error(702, "The product name 'Secret' already exists."),
      );
      const got = await app().get('/rest/product/Secret', { query: { api_key: fx.adminKey } });
      expect(got.body).toEqual({ products: [] });
    });

    it('refuses a body that is not JSON, or not an object', async () => {
      await expectRefused(
        () =>
          app().post('/rest/product', {
            query: { api_key: fx.adminKey },
            rawBody: '[1, 2]',
            headers: { 'content-type': 'application/json' },
          }),
        400,
        error(32000, 'The request body must be a JSON object.'),
      );
      const before = await snapshot(app());
      const broken = await app().post('/rest/product', {
        query: { api_key: fx.adminKey },
        rawBody: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toMatchObject({ error: true, code: 32000 });
      expect(await snapshot(app())).toEqual(before);
    });
  });

  describe('POST /rest/product: concurrent creates of one name', () => {
    it('ten creates of one name at once: one 201, nine 702, one set of rows', async () => {
      const before = await counts(app());
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => create({ name: 'Race', description: 'racing', version: '1.0' })),
      );
      const winners = responses.filter((r) => r.status === 201);
      const losers = responses.filter((r) => r.status !== 201);
      expect(winners).toHaveLength(1);
      expect(losers.map((r) => ({ status: r.status, body: r.body }))).toEqual(
        Array.from({ length: 9 }, () => ({ status: 400, body: error(702, "The product name 'Race' already exists.") })),
      );
      const rows = await app().rows("SELECT id FROM products WHERE name = 'Race'");
      expect(rows.map((r) => Number(r.id))).toEqual([winners[0].body.id]);
      expect(await counts(app())).toEqual({
        ...before,
        products: before.products + 1,
        versions: before.versions + 1,
        milestones: before.milestones + 1,
        series: before.series + 11,
        series_categories: before.series_categories + 1,
        audit_log: before.audit_log + 3,
      });
    });

    it('creates of one name in different cases at once: one 201, the others 702 naming the winner', async () => {
      const names = ['Mixed Case', 'MIXED CASE', 'mixed case', 'MiXeD CaSe', 'mIxEd cAsE', 'Mixed case'];
      const responses = await Promise.all(names.map((name) => create({ name, description: 'x', version: '1.0' })));
      const winners = responses.filter((r) => r.status === 201);
      expect(winners).toHaveLength(1);
      const stored = await app().rows("SELECT id, name FROM products WHERE LOWER(name) = 'mixed case'");
      expect(stored).toHaveLength(1);
      expect(Number(stored[0].id)).toBe(winners[0].body.id);
      responses.forEach((response, i) => {
        if (response.status === 201) return;
        expect({ status: response.status, body: response.body }).toEqual({
          status: 400,
          body: error(
            702,
            `The product name '${names[i]}' differs from existing product '${stored[0].name}' only in case.`,
          ),
        });
      });
    });

    it('creates of different names at once all succeed', async () => {
      const responses = await Promise.all(
        ['Para A', 'Para B', 'Para C', 'Para D'].map((name) => create({ name, description: 'x', version: '1.0' })),
      );
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      const [{ n }] = await app().rows(
        "SELECT COUNT(*) AS n FROM series s JOIN series_categories c ON c.id = s.category WHERE c.name LIKE 'Para %'",
      );
      expect(Number(n)).toBe(44);
    });
  });

  describe('PUT /rest/product: who may update', () => {
    it('refuses an anonymous caller with 410 and a caller outside editcomponents with 304', async () => {
      const id = await product('Auth Target');
      await expectRefused(
        () => update(`/${id}`, { description: 'x' }, null),
        401,
        error(410, 'You must log in before using this part of Bugzilla.'),
      );
      await expectRefused(
        () => update(`/${id}`, { description: 'x' }, fx.userKey),
        401,
        error(
          304,
          "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete products.",
        ),
      );
    });
  });

  describe('PUT /rest/product: changes', () => {
    it('renames a product named in the path and logs the change', async () => {
      const id = await product('Beta');
      const response = await update('/Beta', { name: 'BetaRenamed' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        products: [{ id, changes: { name: { added: 'BetaRenamed', removed: 'Beta' } } }],
      });
      expect(await productRow(app(), id)).toMatchObject({ name: 'BetaRenamed' });
      const audit = await auditRows(app(), 'class = ? AND object_id = ?', ['Bugzilla::Product', id]);
      expect(audit.map(withoutTime)).toEqual([
        {
          user_id: fx.adminId,
          class: 'Bugzilla::Product',
          object_id: id,
          field: 'name',
          removed: 'Beta',
          added: 'BetaRenamed',
        },
      ]);
      expectRecent(audit[0].at_time);
      const got = await read(id);
      expect(got.body.products[0]).toMatchObject({ id, name: 'BetaRenamed' });
    });

    it('changes several fields by id; reports only real changes, booleans as "1"/"0", in a stable key order', async () => {
      const id = await product('Multi', { milestones: ['---', 'M1'] });
      const response = await update(`/${id}`, {
        is_open: false,
        has_unconfirmed: true,
        description: '  New <i>description</i> ✓  ',
        default_milestone: 'M1',
        name: 'Multi',
      });
      expect(response.status).toBe(200);
      expect(response.text).toBe(
        JSON.stringify({
          products: [
            {
              id,
              changes: {
                description: { added: 'New <i>description</i> ✓', removed: 'Multi description' },
                default_milestone: { added: 'M1', removed: '---' },
                is_open: { added: '0', removed: '1' },
              },
            },
          ],
        }),
      );
      expect(await productRow(app(), id)).toMatchObject({
        name: 'Multi',
        description: 'New <i>description</i> ✓',
        defaultmilestone: 'M1',
        isactive: 0,
        allows_unconfirmed: 1,
      });
      const audit = await auditRows(app(), 'class = ? AND object_id = ?', ['Bugzilla::Product', id]);
      expect(audit.map(withoutTime)).toEqual([
        {
          user_id: fx.adminId,
          class: 'Bugzilla::Product',
          object_id: id,
          field: 'defaultmilestone',
          removed: '---',
          added: 'M1',
        },
        {
          user_id: fx.adminId,
          class: 'Bugzilla::Product',
          object_id: id,
          field: 'description',
          removed: 'Multi description',
          added: 'New <i>description</i> ✓',
        },
        { user_id: fx.adminId, class: 'Bugzilla::Product', object_id: id, field: 'isactive', removed: '1', added: '0' },
      ]);
      const got = await read(id);
      expect(got.body.products[0]).toMatchObject({
        is_active: false,
        default_milestone: 'M1',
        description: 'New <i>description</i> ✓',
      });
    });

    it('answers {} and writes nothing when every value is already stored', async () => {
      const id = await product('Same', { isactive: false });
      const before = await snapshot(app());
      const response = await update(`/${id}`, {
        is_open: false,
        has_unconfirmed: true,
        description: 'Same description',
        name: 'Same',
      });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: { products: [{ id, changes: {} }] },
      });
      expect(await snapshot(app())).toEqual(before);
    });

    it('accepts the aliases allows_unconfirmed and is_active, and booleans as 1/0 and "1"/"0"', async () => {
      const id = await product('Aliases');
      const response = await update(`/${id}`, { allows_unconfirmed: '0', is_active: 0 });
      expect(response.body).toEqual({
        products: [
          { id, changes: { is_open: { added: '0', removed: '1' }, has_unconfirmed: { added: '0', removed: '1' } } },
        ],
      });
      const audit = await auditRows(app(), 'class = ? AND object_id = ?', ['Bugzilla::Product', id]);
      expect(audit.map((row) => [row.field, row.removed, row.added])).toEqual([
        ['allows_unconfirmed', '1', '0'],
        ['isactive', '1', '0'],
      ]);
      const back = await update(`/${id}`, { has_unconfirmed: 1, is_open: '1' });
      expect(back.body).toEqual({
        products: [
          { id, changes: { is_open: { added: '1', removed: '0' }, has_unconfirmed: { added: '1', removed: '0' } } },
        ],
      });
    });

    it('lets a product change only the case of its own name', async () => {
      const id = await product('casey');
      const response = await update('/CASEY', { name: 'Casey' });
      expect(response.body).toEqual({ products: [{ id, changes: { name: { added: 'Casey', removed: 'casey' } } }] });
      expect(await productRow(app(), id)).toMatchObject({ name: 'Casey' });
    });

    it('finds the default milestone as the database compares values and stores it trimmed, as given (as Bugzilla does)', async () => {
      const id = await product('Milestoned', { milestones: ['---', 'Beta-1'] });
      const response = await update(`/${id}`, { default_milestone: ' beta-1 ' });
      // On PostgreSQL, whose comparison counts letter case (Bugzilla's sanitycheck there too), the default is
      // stored as the milestone is spelled, so that it names an existing milestone.
      const stored = app().dialect === 'postgres' ? 'Beta-1' : 'beta-1';
      expect(response.body).toEqual({
        products: [{ id, changes: { default_milestone: { added: stored, removed: '---' } } }],
      });
      expect(await productRow(app(), id)).toMatchObject({ defaultmilestone: stored });
    });

    it('updates the path product, body ids and body names together, in that order, without duplicates', async () => {
      const a = await product('Target A');
      const b = await product('Target B');
      const c = await product('Target C');
      const response = await update('/Target B', {
        ids: [c, b],
        names: ['target a', 'Target C'],
        description: 'Shared',
      });
      expect(response.status).toBe(200);
      const change = (name: string) => ({ description: { added: 'Shared', removed: `${name} description` } });
      expect(response.body).toEqual({
        products: [
          { id: b, changes: change('Target B') },
          { id: c, changes: change('Target C') },
          { id: a, changes: change('Target A') },
        ],
      });
      for (const id of [a, b, c]) expect(await productRow(app(), id)).toMatchObject({ description: 'Shared' });
    });

    it('updates products named only in the body on PUT /rest/product', async () => {
      const a = await product('Collection A');
      const b = await product('Collection B');
      const response = await update('', { ids: [String(a)], names: ['Collection B'], is_open: false });
      expect(response.body).toEqual({
        products: [
          { id: a, changes: { is_open: { added: '0', removed: '1' } } },
          { id: b, changes: { is_open: { added: '0', removed: '1' } } },
        ],
      });
    });

    it('takes targets and values from the query string too', async () => {
      const id = await product('Query Target');
      const response = await app().put('/rest/product', {
        query: { api_key: fx.adminKey, ids: String(id), is_open: '0' },
        body: {},
      });
      expect(response.body).toEqual({ products: [{ id, changes: { is_open: { added: '0', removed: '1' } } }] });
    });
  });

  describe('PUT /rest/product: refusals change nothing', () => {
    let alpha: number;
    let other: number;
    beforeAll(async () => {
      alpha = await product('Alpha', { milestones: ['M1'], defaultmilestone: 'M1' });
      other = await product('Other Product');
    });

    it('needs a target (50)', async () => {
      const message = 'The function Product.update requires that you set one of the following parameters: ids, names';
      await expectRefused(() => update('', { description: 'x' }), 400, error(50, message));
      await expectRefused(() => update('', { ids: [], names: [], description: 'x' }), 400, error(50, message));
    });

    it('refuses a product that does not exist or cannot be accessed (106)', async () => {
      await expectRefused(
        () => update('/NoSuchProduct', { description: 'x' }),
        401,
        error(106, "Either the product 'NoSuchProduct' does not exist or you don't have access to it."),
      );
      await expectRefused(
        () => update('/999999', { description: 'x' }),
        401,
        error(106, "Either the product with the id 999999 does not exist or you don't have access to it."),
      );
      await expectRefused(
        () => update('/Secret', { description: 'x' }),
        401,
        error(106, "Either the product 'Secret' does not exist or you don't have access to it."),
      );
      await expectRefused(
        () => update(`/${alpha}`, { ids: [fx.secret], description: 'x' }),
        401,
        error(106, `Either the product with the id ${fx.secret} does not exist or you don't have access to it.`),
      );
    });

    it('refuses a blank target name with 50, as Bugzilla does (object_not_specified)', async () => {
      const message = 'You must select/enter a product.';
      await expectRefused(() => update('', { names: [''], description: 'x' }), 400, error(50, message));
      await expectRefused(() => update('', { names: ['Alpha', '  '], description: 'x' }), 400, error(50, message));
      await expectRefused(() => update('/%20', { description: 'x' }), 400, error(50, message));
    });

    it('resolves the targets (106) before looking at the values (unknown keys, types), as Bugzilla does', async () => {
      await expectRefused(
        () => update('/NoSuchProduct', { foo: 1 }),
        401,
        error(106, "Either the product 'NoSuchProduct' does not exist or you don't have access to it."),
      );
      await expectRefused(
        () => update('/Secret', { is_open: 'yes' }),
        401,
        error(106, "Either the product 'Secret' does not exist or you don't have access to it."),
      );
    });

    it('refuses a new name when more than one product is targeted (32000)', async () => {
      await expectRefused(
        () => update(`/${alpha}`, { ids: [other], name: 'SameName' }),
        400,
        error(32000, 'A new name can only be given when updating a single product, because product names are unique.'),
      );
    });

    it('refuses unknown parameters (32000)', async () => {
      await expectRefused(
        () => update(`/${alpha}`, { description: 'x', foo: 1 }),
        400,
        error(32000, "Unknown parameter 'foo'."),
      );
      // A classification is a known key (test/classification-admin.e2e-spec.ts), refused while useclassification is off.
      await expectRefused(
        () => update(`/${alpha}`, { classification: 'Other Things' }),
        400,
        error(900, 'Sorry, classification is not enabled.'),
      );
    });

    it('does not count credentials in the body as parameters', async () => {
      const response = await app().put(`/rest/product/${other}`, {
        body: { api_key: fx.adminKey, description: 'Other Product description' },
      });
      expect(response.body).toEqual({ products: [{ id: other, changes: {} }] });
    });

    const badTypes: [string, Record<string, unknown>, ReturnType<typeof error>][] = [
      ['ids as a scalar', { ids: 1 }, error(53, "The 'ids' parameter is invalid: an array was expected.")],
      [
        'a non-numeric id',
        { ids: ['abc'] },
        error(52, "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc')."),
      ],
      ['an id as an object', { ids: [{}] }, error(53, "The 'ids' parameter is invalid: a number was expected.")],
      [
        'names as an object',
        { names: { a: 1 } },
        error(53, "The 'names' parameter is invalid: an array was expected."),
      ],
      [
        'a name in names as a boolean',
        { names: [true] },
        error(53, "The 'names' parameter is invalid: a string was expected."),
      ],
      ['name as an object', { name: {} }, error(53, "The 'name' parameter is invalid: a string was expected.")],
      ['name null', { name: null }, error(53, "The 'name' parameter is invalid: a string was expected.")],
      [
        'description as an array',
        { description: ['x'] },
        error(53, "The 'description' parameter is invalid: a string was expected."),
      ],
      [
        'default_milestone as a boolean',
        { default_milestone: true },
        error(53, "The 'default_milestone' parameter is invalid: a string was expected."),
      ],
      ['is_open "yes"', { is_open: 'yes' }, error(53, "The 'is_open' parameter is invalid: a boolean was expected.")],
      [
        'has_unconfirmed null',
        { has_unconfirmed: null },
        error(53, "The 'has_unconfirmed' parameter is invalid: a boolean was expected."),
      ],
      [
        'is_active "false"',
        { is_active: 'false' },
        error(53, "The 'is_active' parameter is invalid: a boolean was expected."),
      ],
    ];
    it.each(badTypes)('refuses %s', async (_title, body, expected) => {
      await expectRefused(() => update(`/${alpha}`, body), 400, expected);
    });

    const badValues: [string, Record<string, unknown>, ReturnType<typeof error>][] = [
      ['an empty name', { name: '' }, error(700, 'You must enter a name for the product.')],
      ['a name of only spaces', { name: '   ' }, error(700, 'You must enter a name for the product.')],
      [
        'a name of 65 characters',
        { name: 'Z'.repeat(65) },
        error(
          701,
          `The name of a product is limited to 64 characters. '${'Z'.repeat(65)}' is too long (65 characters).`,
        ),
      ],
      [
        'the name of another product',
        { name: 'Other Product' },
        error(702, "The product name 'Other Product' already exists."),
      ],
      [
        'the name of another product in another case',
        { name: 'other PRODUCT' },
        error(702, "The product name 'other PRODUCT' differs from existing product 'Other Product' only in case."),
      ],
      [
        'the name of a product the caller cannot see',
        { name: 'Secret' },
        error(702, "The product name 'Secret' already exists."),
      ],
      ['an empty description', { description: '' }, error(703, 'You must enter a description for this product.')],
      [
        'a milestone the product does not have',
        { default_milestone: 'NoSuchMilestone' },
        error(
          705,
          "You must create the milestone 'NoSuchMilestone' before it can be made the default milestone for product 'Alpha'.",
        ),
      ],
      [
        "'---' when the product has no such milestone",
        { default_milestone: '---' },
        error(
          705,
          "You must create the milestone '---' before it can be made the default milestone for product 'Alpha'.",
        ),
      ],
      [
        'an unknown milestone before an empty description',
        { default_milestone: 'Nope', description: '' },
        error(
          705,
          "You must create the milestone 'Nope' before it can be made the default milestone for product 'Alpha'.",
        ),
      ],
      [
        'an empty description before an empty name',
        { description: ' ', name: '' },
        error(703, 'You must enter a description for this product.'),
      ],
    ];
    it.each(badValues)('refuses %s', async (_title, body, expected) => {
      await expectRefused(() => update(`/${alpha}`, body), 400, expected);
    });

    it('changes none of several products when one of them fails', async () => {
      await expectRefused(
        () => update(`/${other}`, { ids: [alpha], default_milestone: '---', description: 'Both' }),
        400,
        error(
          705,
          "You must create the milestone '---' before it can be made the default milestone for product 'Alpha'.",
        ),
      );
    });
  });

  describe('PUT /rest/product: concurrent renames to one name', () => {
    it('five products renamed to one name at once: one 200, four 702, one product with the name', async () => {
      const ids: number[] = [];
      for (let i = 1; i <= 5; i++) ids.push(await product(`Renamer ${i}`));
      const auditBefore = (await counts(app())).audit_log;
      const responses = await Promise.all(ids.map((id) => update(`/${id}`, { name: 'Renamed Once' })));
      const winners = responses.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(responses.filter((r) => r.status !== 200).map((r) => ({ status: r.status, body: r.body }))).toEqual(
        Array.from({ length: 4 }, () => ({
          status: 400,
          body: error(702, "The product name 'Renamed Once' already exists."),
        })),
      );
      const stored = await app().rows("SELECT id FROM products WHERE name = 'Renamed Once'");
      expect(stored.map((r) => Number(r.id))).toEqual([winners[0].body.products[0].id]);
      const names = await app().rows(`SELECT name FROM products WHERE id IN (${ids.join(', ')}) ORDER BY name`);
      expect(names.map((r) => r.name).filter((n) => n.startsWith('Renamer'))).toHaveLength(4);
      expect((await counts(app())).audit_log).toBe(auditBefore + 1);
    });
  });
  describe('routes and documentation', () => {
    it('answers OPTIONS with the methods of each path and refuses other methods with 32614', async () => {
      const collection = await app().request('OPTIONS', '/rest/product');
      expect([collection.status, collection.headers.allow]).toEqual([200, 'GET, POST, PUT']);
      const one = await app().request('OPTIONS', '/rest/product/1');
      expect([one.status, one.headers.allow]).toEqual([200, 'GET, PUT, DELETE']);
      const remove = await app().request('DELETE', '/rest/product', { query: { api_key: fx.adminKey } });
      expect({ status: remove.status, body: remove.body }).toEqual({
        status: 404,
        body: error(32614, "A REST API resource was not found for 'DELETE /product'."),
      });
      const postOne = await app().post('/rest/product/1', { query: { api_key: fx.adminKey }, body: {} });
      expect(postOne.body).toEqual(error(32614, "A REST API resource was not found for 'POST /product/1'."));
    });

    it('documents both routes in the OpenAPI document: bodies, answers and errors', async () => {
      const doc = await app().get('/api/openapi.json');
      expect(doc.status).toBe(200);
      const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
      const json = (operation: any, status: string) => operation.responses[status].content['application/json'].schema;
      const post = doc.body.paths['/rest/product'].post;
      expect(post.requestBody.content['application/json'].schema).toEqual(schema('CreateProductDto'));
      expect(json(post, '201')).toEqual(schema('CreatedProductDto'));
      for (const status of ['400', '401', '404']) expect(json(post, status)).toEqual(schema('ErrorEnvelopeDto'));
      for (const path of ['/rest/product', '/rest/product/{id_or_name}']) {
        const put = doc.body.paths[path].put;
        expect(put.requestBody.content['application/json'].schema).toEqual(schema('UpdateProductDto'));
        expect(json(put, '200')).toEqual(schema('UpdatedProductsDto'));
        for (const status of ['400', '401']) expect(json(put, status)).toEqual(schema('ErrorEnvelopeDto'));
      }
      const schemas = doc.body.components.schemas;
      expect(schemas.CreateProductDto.required).toEqual(['name', 'description', 'version']);
      expect(Object.keys(schemas.CreateProductDto.properties)).toEqual([
        'name',
        'description',
        'version',
        'has_unconfirmed',
        'classification',
        'default_milestone',
        'is_open',
        'create_series',
      ]);
      // Closed (unknown keys: 32000), so it lists the aliases and the credentials a body may carry.
      expect(schemas.UpdateProductDto.additionalProperties).toBe(false);
      expect(Object.keys(schemas.UpdateProductDto.properties)).toEqual([
        'ids',
        'names',
        'name',
        'description',
        'default_milestone',
        'has_unconfirmed',
        'is_open',
        'classification',
        'allows_unconfirmed',
        'is_active',
        'Bugzilla_api_key',
        'api_key',
        'Bugzilla_login',
        'login',
        'Bugzilla_password',
        'password',
        'Bugzilla_token',
        'token',
      ]);
      expect(Object.keys(schemas.ProductChangeSetDto.properties)).toEqual([
        'name',
        'description',
        'default_milestone',
        'is_open',
        'has_unconfirmed',
        'classification',
      ]);
    });
  });

  itLeavesTheDatabaseConsistent(app);
});

forEachDialect(
  'product create with makeproductgroups',
  (app) => {
    let adminKey: string;
    let adminId: number;
    beforeAll(async () => {
      adminId = await app().seed.user('admin@example.com', { groups: ['admin'] });
      adminKey = await app().seed.apiKey(adminId);
      await app().seed.group('grouped', { description: 'a group that has the name already' });
    });

    it("creates the product's bug group ('_' appended while the name is taken), its grants and its control row", async () => {
      const response = await app().post('/rest/product', {
        query: { api_key: adminKey },
        body: { name: 'Grouped', description: 'x', version: '1.0', create_series: false },
      });
      expect(response.status).toBe(201);
      const id: number = response.body.id;
      const groups = await app().rows(
        "SELECT id, name, description, isbuggroup, userregexp, isactive, icon_url FROM `groups` WHERE name = 'Grouped_'",
      );
      expect(
        groups.map((g) => ({ ...g, id: Number(g.id), isbuggroup: Number(g.isbuggroup), isactive: Number(g.isactive) })),
      ).toEqual([
        {
          id: expect.any(Number),
          name: 'Grouped_',
          description: 'Access to bugs in the Grouped product',
          isbuggroup: 1,
          userregexp: '',
          isactive: 1,
          icon_url: null,
        },
      ]);
      const groupId = Number(groups[0].id);
      const [admin] = await app().rows("SELECT id FROM `groups` WHERE name = 'admin'");
      const grants = await app().rows(
        'SELECT member_id, grantor_id, grant_type FROM group_group_map WHERE grantor_id = ? ORDER BY grant_type',
        [groupId],
      );
      expect(grants.map((g) => [Number(g.member_id), Number(g.grantor_id), Number(g.grant_type)])).toEqual(
        [0, 1, 2].map((type) => [Number(admin.id), groupId, type]),
      );
      const controls = await app().rows('SELECT * FROM group_control_map WHERE product_id = ?', [id]);
      expect(controls.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])))).toEqual([
        {
          group_id: groupId,
          product_id: id,
          entry: 0,
          membercontrol: 2,
          othercontrol: 0,
          canedit: 0,
          editcomponents: 0,
          editbugs: 0,
          canconfirm: 0,
        },
      ]);
      const audit = await app().rows(
        "SELECT class, object_id, added FROM audit_log WHERE field = '__create__' ORDER BY class",
      );
      expect(audit.map((row) => [row.class, Number(row.object_id), row.added])).toEqual([
        ['Bugzilla::Group', groupId, 'Grouped_'],
        ['Bugzilla::Milestone', expect.any(Number), '---'],
        ['Bugzilla::Product', id, 'Grouped'],
        ['Bugzilla::Version', expect.any(Number), '1.0'],
      ]);
      // The admin (a member of the new group through the admin group) still sees the product.
      const got = await app().get(`/rest/product/${id}`, { query: { api_key: adminKey, include_fields: 'id,name' } });
      expect(got.body).toEqual({ products: [{ id, name: 'Grouped' }] });
    });

    itLeavesTheDatabaseConsistent(app);
  },
  { BZ_MAKEPRODUCTGROUPS: '1' },
);
