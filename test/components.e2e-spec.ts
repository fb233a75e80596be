import { statementsOf } from './support/statement-count.js';
import { forEachDialect, type TestApp } from './support/test-app.js';
import { envelope as error } from './support/envelope.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';

/**
 * Components: POST /rest/component (Bugzilla 5.2's Component.create, as captured in
 * reference/bugzilla-admin-responses.md §1), GET/PUT/DELETE /rest/component/... (read as
 * bugzilla.mozilla.org, update and delete as Bugzilla 5.3's Component.update/delete):
 * who may write, each validation error in Bugzilla's order, the rows written
 * (components, component_cc, series, audit_log), and what a refused write leaves.
 */

interface Fixture {
  ids: Record<'admin' | 'plain' | 'compadmin' | 'editcomp' | 'cc1' | 'cc2' | 'qa', number>;
  keys: Record<'admin' | 'plain' | 'compadmin' | 'editcomp', string>;
  products: Record<'flags' | 'edit' | 'other' | 'secret', number>;
}

/** The captures' fixture (§0): a product administered through group_control_map, one hidden by a Mandatory group. */
async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  await seed.group('RefCompAdmins', { grantAdmin: true });
  await seed.group('RefSecretGrp', { grantAdmin: true });
  const user = (login: string, groups: string[] = []) => seed.user(login, { groups });
  const ids = {
    admin: await user('admin@example.com', ['admin']),
    plain: await user('ref-plain@example.test'),
    compadmin: await user('ref-compadmin@example.test', ['RefCompAdmins']),
    editcomp: await user('ref-editcomp@example.test', ['editcomponents']),
    cc1: await user('ref-cc1@example.test'),
    cc2: await user('ref-cc2@example.test'),
    qa: await user('ref-qa@example.test'),
  };
  const keys = {
    admin: await seed.apiKey(ids.admin),
    plain: await seed.apiKey(ids.plain),
    compadmin: await seed.apiKey(ids.compadmin),
    editcomp: await seed.apiKey(ids.editcomp),
  };
  const product = async (name: string) => {
    const id = await seed.product(name);
    await seed.version(id, 'unspecified');
    await seed.milestone(id, '---');
    return id;
  };
  const products = {
    flags: await product('RefProdFlags'),
    edit: await product('RefProdEdit'),
    other: await product('RefProdOther'),
    secret: await product('RefProdSecret'),
  };
  await seed.groupControl('RefCompAdmins', products.edit, { membercontrol: 0, othercontrol: 0, editcomponents: true });
  await seed.groupControl('RefSecretGrp', products.secret, { entry: true, membercontrol: 3, othercontrol: 3 });
  return { ids, keys, products };
}

/** The stored component of that product and name, as the captures' SQL shows it. */
async function componentRow(app: TestApp, productId: number, name: string) {
  const [row] = await app.rows(
    'SELECT id, name, product_id, initialowner, initialqacontact, description, isactive FROM components WHERE product_id = ? AND name = ?',
    [productId, name],
  );
  return row === undefined
    ? undefined
    : {
        id: Number(row.id),
        name: row.name,
        product_id: Number(row.product_id),
        initialowner: Number(row.initialowner),
        initialqacontact: row.initialqacontact === null ? null : Number(row.initialqacontact),
        description: row.description,
        isactive: Number(row.isactive),
      };
}

async function ccOf(app: TestApp, componentId: number): Promise<number[]> {
  const rows = await app.rows('SELECT user_id FROM component_cc WHERE component_id = ? ORDER BY user_id', [
    componentId,
  ]);
  return rows.map((row) => Number(row.user_id));
}

async function auditOf(app: TestApp, objectId: number, cls = 'Bugzilla::Component') {
  const rows = await app.rows(
    'SELECT user_id, class, object_id, field, removed, added FROM audit_log WHERE class = ? AND object_id = ? ORDER BY at_time, field',
    [cls, objectId],
  );
  return rows.map((row) => ({ ...row, user_id: Number(row.user_id), object_id: Number(row.object_id) }));
}

/** Row counts of every table a component write touches: a refused write leaves them all as they were. */
async function counts(app: TestApp) {
  const out: Record<string, number> = {};
  for (const table of ['components', 'component_cc', 'series', 'series_categories', 'audit_log', 'bugs']) {
    const [row] = await app.rows(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = Number(row.n);
  }
  return out;
}

const X65 = `RefC${'x'.repeat(61)}`;
const Y64 = `RefC${'y'.repeat(60)}`;
const NO_USER = (login: string) =>
  `There is no user named '${login}'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.`;
const NOT_EDITCOMPONENTS =
  "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete components.";

forEachDialect(
  'components',
  (getApp) => {
    let app: TestApp;
    let fx: Fixture;
    /** As the admin unless another key is given; `null`: anonymous. */
    const create = (body: unknown, key: string | null = fx.keys.admin) =>
      app.post('/rest/component', { query: key === null ? {} : { api_key: key }, body });
    const base = (extra: Record<string, unknown> = {}) => ({
      product: 'RefProdFlags',
      description: 'x',
      default_assignee: 'admin@example.com',
      ...extra,
    });

    beforeAll(async () => {
      app = getApp();
      fx = await seedFixture(app);
    });

    describe('POST /rest/component creates a component as Bugzilla 5.2 does', () => {
      it('writes the component, its default CC list and one audit row, and answers 201 with its id', async () => {
        const response = await create({
          product: 'RefProdFlags',
          name: 'RefCompA',
          description: 'Ref component A',
          default_assignee: 'ref-plain@example.test',
          default_qa_contact: 'ref-qa@example.test',
          default_cc: ['ref-cc1@example.test', 'ref-cc2@example.test'],
          is_open: true,
        });
        expect(response.status).toBe(201);
        const row = await componentRow(app, fx.products.flags, 'RefCompA');
        expect(response.body).toEqual({ id: row!.id });
        expect(row).toEqual({
          id: row!.id,
          name: 'RefCompA',
          product_id: fx.products.flags,
          initialowner: fx.ids.plain,
          initialqacontact: fx.ids.qa,
          description: 'Ref component A',
          isactive: 1,
        });
        expect(await ccOf(app, row!.id)).toEqual([fx.ids.cc1, fx.ids.cc2]);
        expect(await auditOf(app, row!.id)).toEqual([
          {
            user_id: fx.ids.admin,
            class: 'Bugzilla::Component',
            object_id: row!.id,
            field: '__create__',
            removed: null,
            added: 'RefCompA',
          },
        ]);
        expect(await app.rows('SELECT * FROM flaginclusions WHERE component_id = ?', [row!.id])).toEqual([]);
        expect(await app.rows("SELECT * FROM series_categories WHERE name = 'RefCompA'")).toEqual([]);
      });

      it('with create_series writes "All Open" and "All Closed" under the product and the component', async () => {
        const response = await create(
          base({ name: 'RefCompSeries', description: 'Ref component with series', create_series: true }),
        );
        expect(response.status).toBe(201);
        const series = await app.rows(
          `SELECT s.creator, c1.name AS category, c2.name AS subcategory, s.name, s.frequency, s.query, s.is_public
             FROM series s JOIN series_categories c1 ON c1.id = s.category JOIN series_categories c2 ON c2.id = s.subcategory
            WHERE c2.name = 'RefCompSeries' ORDER BY s.series_id`,
        );
        const common = {
          creator: fx.ids.admin,
          category: 'RefProdFlags',
          subcategory: 'RefCompSeries',
          frequency: 1,
          is_public: 1,
        };
        expect(
          series.map((s) => ({
            ...s,
            creator: Number(s.creator),
            frequency: Number(s.frequency),
            is_public: Number(s.is_public),
          })),
        ).toEqual([
          {
            ...common,
            name: 'All Open',
            query:
              'field0-0-0=resolution&type0-0-0=notregexp&value0-0-0=.&product=RefProdFlags&component=RefCompSeries',
          },
          {
            ...common,
            name: 'All Closed',
            query: 'field0-0-0=resolution&type0-0-0=regexp&value0-0-0=.&product=RefProdFlags&component=RefCompSeries',
          },
        ]);
      });

      it('with only the required fields: no QA contact, open, no CC', async () => {
        const response = await create(base({ name: 'RefCompMin', description: 'Ref minimal component' }));
        expect(response.status).toBe(201);
        const row = await componentRow(app, fx.products.flags, 'RefCompMin');
        expect(row).toMatchObject({ initialowner: fx.ids.admin, initialqacontact: null, isactive: 1 });
        expect(await ccOf(app, row!.id)).toEqual([]);
      });

      it('stores the name trimmed, collapses duplicate CC logins, stores an empty QA contact as none', async () => {
        expect((await create(base({ name: '  RefCompTrim  ' }))).status).toBe(201);
        expect(await componentRow(app, fx.products.flags, 'RefCompTrim')).toBeDefined();
        expect((await create(base({ name: Y64 }))).status).toBe(201);
        const dup = await create(
          base({
            name: 'RefCompDupCC',
            default_cc: ['ref-cc1@example.test', 'ref-cc1@example.test'],
            default_qa_contact: '',
          }),
        );
        expect(dup.status).toBe(201);
        expect(await ccOf(app, dup.body.id)).toEqual([fx.ids.cc1]);
        expect(await componentRow(app, fx.products.flags, 'RefCompDupCC')).toMatchObject({ initialqacontact: null });
      });

      it('tests is_open for Perl truth as Bugzilla does ("false" is true)', async () => {
        for (const [name, isOpen, stored] of [
          ['RefCompOpenStr0', '0', 0],
          ['RefCompOpenStrFalse', 'false', 1],
          ['RefCompOpenFalse', false, 0],
        ] as const) {
          expect((await create(base({ name, is_open: isOpen }))).status).toBe(201);
          expect(await componentRow(app, fx.products.flags, name)).toMatchObject({ isactive: stored });
        }
      });

      it('allows the same name in another product', async () => {
        expect((await create(base({ product: 'RefProdOther', name: 'RefCompA' }))).status).toBe(201);
      });

      it("accepts python-bugzilla's documented keys `component` and `is_active`", async () => {
        const response = await create(base({ component: 'RefCompPy', is_active: false }));
        expect(response.status).toBe(201);
        expect(await componentRow(app, fx.products.flags, 'RefCompPy')).toMatchObject({ isactive: 0 });
      });
    });

    describe('POST /rest/component: who may create', () => {
      it.each([
        [
          'anonymous',
          undefined,
          base({ name: 'RefCompX' }),
          401,
          error(410, 'You must log in before using this part of Bugzilla.'),
        ],
        [
          'a wrong API key',
          'x'.repeat(40),
          base({ name: 'RefCompX' }),
          400,
          error(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
        ],
        ['a user without editcomponents', 'plain', base({ name: 'RefCompX' }), 401, error(304, NOT_EDITCOMPONENTS)],
        [
          'a user without editcomponents, before any body check',
          'plain',
          { product: 'NoSuchProduct' },
          401,
          error(304, NOT_EDITCOMPONENTS),
        ],
        [
          'a product-level admin on a product they do not administer',
          'compadmin',
          base({ product: 'RefProdOther', name: 'RefCompX' }),
          400,
          error(32000, "You are not allowed to edit properties of product 'RefProdOther'."),
        ],
        [
          'a product-level admin on a product they cannot see',
          'compadmin',
          base({ product: 'RefProdSecret', name: 'RefCompX' }),
          401,
          error(106, "Either the product 'RefProdSecret' does not exist or you don't have access to it."),
        ],
        [
          'an editcomponents member on a product they cannot see',
          'editcomp',
          base({ product: 'RefProdSecret', name: 'RefCompX' }),
          401,
          error(106, "Either the product 'RefProdSecret' does not exist or you don't have access to it."),
        ],
      ] as const)('refuses %s', async (_, who, body, status, expected) => {
        const before = await counts(app);
        const key = who === undefined ? null : who in fx.keys ? fx.keys[who as keyof Fixture['keys']] : who;
        const response = await create(body, key);
        expect(response.status).toBe(status);
        expect(response.body).toEqual(expected);
        expect(await counts(app)).toEqual(before);
      });

      it('lets a product-level admin (group_control_map.editcomponents) create in their product', async () => {
        const response = await create(
          {
            product: 'RefProdEdit',
            name: 'RefCompByCompAdmin',
            description: 'created by product-level admin',
            default_assignee: 'ref-compadmin@example.test',
          },
          fx.keys.compadmin,
        );
        expect(response.status).toBe(201);
        expect(await auditOf(app, response.body.id)).toMatchObject([
          { user_id: fx.ids.compadmin, added: 'RefCompByCompAdmin' },
        ]);
      });

      it('lets an editcomponents member create in any product they can see', async () => {
        const response = await create(
          base({ product: 'RefProdOther', name: 'RefCompByEditComp', default_assignee: 'ref-editcomp@example.test' }),
          fx.keys.editcomp,
        );
        expect(response.status).toBe(201);
      });
    });

    describe('POST /rest/component: each validation error, in Bugzilla order, writes nothing', () => {
      it.each([
        ['missing name', base(), 400, error(32000, 'You must enter a name for this new component.')],
        ['empty name', base({ name: '' }), 400, error(32000, 'You must enter a name for this new component.')],
        ['whitespace name', base({ name: '   ' }), 400, error(32000, 'You must enter a name for this new component.')],
        [
          'a 65-character name',
          base({ name: X65 }),
          400,
          error(105, `The name of a component is limited to 64 characters. '${X65}' is too long (65 characters).`),
        ],
        [
          'a taken name',
          base({ name: 'RefCompA' }),
          400,
          error(1200, 'The RefProdFlags product already has a component named RefCompA.'),
        ],
        [
          'a taken name in another case',
          base({ name: 'refcompa' }),
          400,
          error(1200, 'The RefProdFlags product already has a component named RefCompA.'),
        ],
        [
          'an unknown product',
          base({ product: 'NoSuchProduct', name: 'RefCompX' }),
          401,
          error(106, "Either the product 'NoSuchProduct' does not exist or you don't have access to it."),
        ],
        [
          'no product',
          { description: 'x', default_assignee: 'admin@example.com', name: 'RefCompX' },
          400,
          error(50, 'You must select/enter a product.'),
        ],
        [
          'an empty product',
          base({ product: '', name: 'RefCompX' }),
          400,
          error(50, 'You must select/enter a product.'),
        ],
        [
          'an unknown default assignee',
          base({ name: 'RefCompX', default_assignee: 'nobody@example.test' }),
          404,
          error(51, NO_USER('nobody@example.test')),
        ],
        [
          'no default assignee',
          { product: 'RefProdFlags', description: 'x', name: 'RefCompX' },
          400,
          error(32000, 'A default assignee is required for this component.'),
        ],
        [
          'an empty default assignee',
          base({ name: 'RefCompX', default_assignee: '' }),
          400,
          error(32000, 'A default assignee is required for this component.'),
        ],
        [
          'an unknown QA contact',
          base({ name: 'RefCompX', default_qa_contact: 'nobody@example.test' }),
          404,
          error(51, NO_USER('nobody@example.test')),
        ],
        [
          'an unknown login in the default CC list',
          base({ name: 'RefCompX', default_cc: ['ref-cc1@example.test', 'nobody@example.test'] }),
          401,
          error(
            504,
            'The name nobody@example.test is not a valid username. Either you misspelled it, or the person has not registered for a Bugzilla account.',
          ),
        ],
        [
          'a default CC list given as a string (Bugzilla 5.2 crashes: 201 with code 100500)',
          base({ name: 'RefCompX', default_cc: 'ref-cc1@example.test' }),
          400,
          error(53, "The 'default_cc' parameter is invalid: an array of login names was expected."),
        ],
        [
          'no description',
          { product: 'RefProdFlags', default_assignee: 'admin@example.com', name: 'RefCompX' },
          400,
          error(32000, 'You must enter a non-blank description for this component.'),
        ],
        [
          'an empty description',
          base({ name: 'RefCompX', description: '' }),
          400,
          error(32000, 'You must enter a non-blank description for this component.'),
        ],
        [
          'an unknown key',
          base({ name: 'RefCompX', sortkey: 5 }),
          400,
          error(53, 'sortkey is not a valid parameter for the Bugzilla::Component::create function.'),
        ],
        [
          'an empty name, an empty description and an unknown assignee: the description',
          { product: 'RefProdFlags', description: '', default_assignee: 'nobody@example.test', name: '' },
          400,
          error(32000, 'You must enter a non-blank description for this component.'),
        ],
        [
          'a taken name and an unknown assignee: the assignee',
          base({ name: 'RefCompA', default_assignee: 'nobody@example.test' }),
          404,
          error(51, NO_USER('nobody@example.test')),
        ],
        [
          'an empty name and an unknown product: the product',
          base({ product: 'NoSuchProduct', name: '' }),
          401,
          error(106, "Either the product 'NoSuchProduct' does not exist or you don't have access to it."),
        ],
        [
          'a name that is an object',
          base({ name: { a: 1 } }),
          400,
          error(53, "The 'name' parameter is invalid: a string was expected."),
        ],
      ])('%s', async (_, body, status, expected) => {
        const before = await counts(app);
        const response = await create(body);
        expect(response.status).toBe(status);
        expect(response.body).toEqual(expected);
        expect(await counts(app)).toEqual(before);
      });
    });

    describe('POST /rest/component: concurrent creates of one name', () => {
      it('end with one 201 and one 1200, never a 500 or two rows', async () => {
        const responses = await Promise.all([
          create(base({ name: 'RefCompRace' })),
          create(base({ name: 'refcomprace' })),
        ]);
        expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
        const lost = responses.find((r) => r.status === 400)!;
        const won = responses.find((r) => r.status === 201)!;
        const [row] = await app.rows('SELECT name FROM components WHERE id = ?', [won.body.id]);
        expect(lost.body).toEqual(error(1200, `The RefProdFlags product already has a component named ${row.name}.`));
        const rows = await app.rows("SELECT id FROM components WHERE product_id = ? AND LOWER(name) = 'refcomprace'", [
          fx.products.flags,
        ]);
        expect(rows).toHaveLength(1);
      });
    });

    describe('GET /rest/component/{product}/{component} and /rest/component/{id}', () => {
      it('answers the component as bugzilla.mozilla.org does, with its default CC list', async () => {
        const row = await componentRow(app, fx.products.flags, 'RefCompA');
        const expected = {
          id: row!.id,
          name: 'RefCompA',
          product: 'RefProdFlags',
          description: 'Ref component A',
          default_assignee: 'ref-plain@example.test',
          default_qa_contact: 'ref-qa@example.test',
          default_cc: ['ref-cc1@example.test', 'ref-cc2@example.test'],
          is_active: true,
        };
        const byName = await app.get('/rest/component/RefProdFlags/RefCompA');
        expect(byName.status).toBe(200);
        expect(byName.body).toEqual(expected);
        const byId = await app.get(`/rest/component/${row!.id}`);
        expect(byId.status).toBe(200);
        expect(byId.body).toEqual(expected);
      });

      it('treats components of products the caller cannot see as missing', async () => {
        const hidden = await app.seed.component(fx.products.secret, 'Hidden', { owner: fx.ids.admin });
        expect(
          await app.get('/rest/component/RefProdSecret/Hidden', { query: { api_key: fx.keys.plain } }),
        ).toMatchObject({
          status: 401,
          body: error(106, "Either the product 'RefProdSecret' does not exist or you don't have access to it."),
        });
        expect(await app.get(`/rest/component/${hidden}`, { query: { api_key: fx.keys.plain } })).toMatchObject({
          status: 404,
          body: error(51, `There is no component with the id '${hidden}'.`),
        });
        expect(
          (await app.get('/rest/component/RefProdSecret/Hidden', { query: { api_key: fx.keys.admin } })).status,
        ).toBe(200);
      });

      it('answers 51 for an unknown component or id', async () => {
        expect(await app.get('/rest/component/RefProdFlags/NoSuchComp')).toMatchObject({
          status: 404,
          body: error(51, "There is no component named 'NoSuchComp' in the 'RefProdFlags' product."),
        });
        expect(await app.get('/rest/component/999999')).toMatchObject({
          status: 404,
          body: error(51, "There is no component with the id '999999'."),
        });
      });
    });

    describe('GET /rest/component: many components at once', () => {
      const idsOf = async (productId: number) =>
        (await app.rows('SELECT id FROM components WHERE product_id = ?', [productId])).map((r) => Number(r.id));
      const singles = async (ids: number[], key: string) =>
        Promise.all(ids.map(async (id) => (await app.get(`/rest/component/${id}`, { query: { api_key: key } })).body));
      const text = (a: string, b: string) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
      const byName = (a: { product: string; name: string }, b: { product: string; name: string }) =>
        text(a.product, b.product) || text(a.name, b.name);

      it('answers every component of the products named, each as GET /rest/component/{id} does, by product and name', async () => {
        const flags = await idsOf(fx.products.flags);
        const edit = await idsOf(fx.products.edit);
        const res = await app.get('/rest/component', {
          query: { api_key: fx.keys.admin, product_ids: [fx.products.flags, fx.products.edit] },
        });
        expect(res.status).toBe(200);
        const expected = (await singles([...flags, ...edit], fx.keys.admin)).sort(byName);
        expect(expected.length).toBeGreaterThan(1);
        expect(res.body).toEqual({ components: expected });
        expect(res.body.components.find((c: { name: string }) => c.name === 'RefCompA').default_cc).toEqual([
          'ref-cc1@example.test',
          'ref-cc2@example.test',
        ]);
      });

      it('answers the components named by id (each once), and leaves out unknown ids and what the caller cannot see', async () => {
        const [first] = await idsOf(fx.products.flags);
        const [hidden] = await idsOf(fx.products.secret);
        const query = { ids: [first, hidden, 999999, 'x'], product_ids: [fx.products.flags] };
        const plain = await app.get('/rest/component', { query: { ...query, api_key: fx.keys.plain } });
        const flags = await idsOf(fx.products.flags);
        expect(plain.body).toEqual({ components: (await singles(flags, fx.keys.plain)).sort(byName) });
        const admin = await app.get('/rest/component', { query: { ids: [hidden], api_key: fx.keys.admin } });
        expect(admin.body).toEqual({ components: await singles([hidden], fx.keys.admin) });
        const anonymous = await app.get('/rest/component', { query: { ids: [hidden] } });
        expect([anonymous.status, anonymous.body]).toEqual([200, { components: [] }]);
      });

      it('needs ids or product_ids (50)', async () => {
        expect(await app.get('/rest/component')).toMatchObject({
          status: 400,
          body: error(
            50,
            'The function GET /rest/component requires that you set one of the following parameters: ids, product_ids',
          ),
        });
      });

      it('names at most 1,000 ids and 100 product ids in one request (53), so that one answer stays bounded', async () => {
        const many = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
        const tooManyIds = await app.get('/rest/component', { query: { ids: many(1001), api_key: fx.keys.admin } });
        expect([tooManyIds.status, tooManyIds.body]).toEqual([
          400,
          error(53, "The 'ids' parameter is invalid: a list of at most 1000 ids was expected."),
        ]);
        const tooManyProducts = await app.get('/rest/component', {
          query: { product_ids: many(101), api_key: fx.keys.admin },
        });
        expect([tooManyProducts.status, tooManyProducts.body]).toEqual([
          400,
          error(53, "The 'product_ids' parameter is invalid: a list of at most 100 product ids was expected."),
        ]);
        const atTheLimit = await app.get('/rest/component', {
          query: { ids: many(1000), product_ids: many(100), api_key: fx.keys.admin },
        });
        expect(atTheLimit.status).toBe(200);
      });

      it('costs the same statements for one component as for every component of four products', async () => {
        const statements = (query: Record<string, number[]>) =>
          statementsOf(app, () => app.get('/rest/component', { query: { ...query, api_key: fx.keys.admin } }));
        const [first] = await idsOf(fx.products.flags);
        await statements({ ids: [first] }); // the key's first use of the minute records its use
        expect(await statements({ product_ids: Object.values(fx.products) })).toBe(await statements({ ids: [first] }));
      });
    });

    describe('PUT /rest/component...: Component.update', () => {
      let id: number;
      beforeAll(async () => {
        const response = await create(
          base({
            name: 'RefCompEdit',
            description: 'Edit me',
            default_assignee: 'ref-plain@example.test',
            default_cc: ['ref-cc1@example.test'],
          }),
        );
        id = response.body.id;
      });

      it("changes every field through python-bugzilla's names+updates body and reports only what changed", async () => {
        const response = await app.put('/rest/component/RefProdFlags/RefCompEdit', {
          query: { api_key: fx.keys.admin },
          body: {
            names: [{ product: 'RefProdFlags', component: 'RefCompEdit' }],
            updates: {
              name: 'RefCompEdited',
              description: 'Edited',
              default_assignee: 'ref-cc2@example.test',
              default_qa_contact: 'ref-qa@example.test',
              default_cc: ['ref-cc2@example.test', 'ref-qa@example.test'],
              is_active: false,
            },
          },
        });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          components: [
            {
              id,
              changes: {
                name: { removed: 'RefCompEdit', added: 'RefCompEdited' },
                description: { removed: 'Edit me', added: 'Edited' },
                default_assignee: { removed: 'ref-plain@example.test', added: 'ref-cc2@example.test' },
                default_qa_contact: { removed: '', added: 'ref-qa@example.test' },
                default_cc: { removed: 'ref-cc1@example.test', added: 'ref-cc2@example.test, ref-qa@example.test' },
                is_open: { removed: '1', added: '0' },
              },
            },
          ],
        });
        expect(await componentRow(app, fx.products.flags, 'RefCompEdited')).toEqual({
          id,
          name: 'RefCompEdited',
          product_id: fx.products.flags,
          initialowner: fx.ids.cc2,
          initialqacontact: fx.ids.qa,
          description: 'Edited',
          isactive: 0,
        });
        expect(await ccOf(app, id)).toEqual([fx.ids.cc2, fx.ids.qa].sort((a, b) => a - b));
        const audit = await auditOf(app, id);
        expect(
          audit
            .slice(1)
            .map((row) => [row.field, row.removed, row.added])
            .sort(),
        ).toEqual(
          [
            ['description', 'Edit me', 'Edited'],
            ['initialowner', String(fx.ids.plain), String(fx.ids.cc2)],
            ['initialqacontact', null, String(fx.ids.qa)],
            ['isactive', '1', '0'],
            ['name', 'RefCompEdit', 'RefCompEdited'],
          ].sort(),
        );
      });

      it('by id with top-level values; the same values again change nothing', async () => {
        const first = await app.put(`/rest/component/${id}`, {
          query: { api_key: fx.keys.admin },
          body: { is_open: true, default_qa_contact: '' },
        });
        expect(first.body).toEqual({
          components: [
            {
              id,
              changes: {
                default_qa_contact: { removed: 'ref-qa@example.test', added: '' },
                is_open: { removed: '0', added: '1' },
              },
            },
          ],
        });
        const again = await app.put('/rest/component', {
          query: { api_key: fx.keys.admin },
          body: { ids: [id], is_open: true, description: 'Edited' },
        });
        expect(again.status).toBe(200);
        expect(again.body).toEqual({ components: [{ id, changes: {} }] });
      });

      it.each([
        [
          'anonymous',
          undefined,
          'RefProdFlags',
          {},
          401,
          error(410, 'You must log in before using this part of Bugzilla.'),
        ],
        ['a user without editcomponents', 'plain', 'RefProdFlags', {}, 401, error(304, NOT_EDITCOMPONENTS)],
        [
          'a product-level admin on another product',
          'compadmin',
          'RefProdFlags',
          { description: 'y' },
          400,
          error(32000, "You are not allowed to edit properties of product 'RefProdFlags'."),
        ],
        [
          'an invisible product',
          'editcomp',
          'RefProdSecret',
          { description: 'y' },
          401,
          error(106, "Either the product 'RefProdSecret' does not exist or you don't have access to it."),
        ],
      ] as const)('refuses %s', async (_, who, product, body, status, expected) => {
        const before = await counts(app);
        const key = who === undefined ? {} : { api_key: fx.keys[who] };
        const response = await app.put(`/rest/component/${product}/RefCompEdited`, { query: key, body });
        expect(response.status).toBe(status);
        expect(response.body).toEqual(expected);
        expect(await counts(app)).toEqual(before);
      });

      it.each([
        [
          'an unknown component',
          '/rest/component/RefProdFlags/NoSuchComp',
          { description: 'y' },
          404,
          error(51, "There is no component named 'NoSuchComp' in the 'RefProdFlags' product."),
        ],
        [
          'no targets',
          '/rest/component',
          { description: 'y' },
          400,
          error(50, 'The function Component.update requires that you set one of the following parameters: ids, names'),
        ],
        [
          'an unknown parameter',
          '/rest/component/RefProdFlags/RefCompEdited',
          { sortkey: 1 },
          400,
          error(32000, "Unknown parameter 'sortkey'."),
        ],
        [
          'a blank name',
          '/rest/component/RefProdFlags/RefCompEdited',
          { name: ' ' },
          400,
          error(32000, 'You must enter a name for this new component.'),
        ],
        [
          'a taken name',
          '/rest/component/RefProdFlags/RefCompEdited',
          { name: 'refcompa' },
          400,
          error(1200, 'The RefProdFlags product already has a component named RefCompA.'),
        ],
        [
          'a blank description',
          '/rest/component/RefProdFlags/RefCompEdited',
          { updates: { description: '' } },
          400,
          error(32000, 'You must enter a non-blank description for this component.'),
        ],
        [
          'an empty assignee',
          '/rest/component/RefProdFlags/RefCompEdited',
          { default_assignee: '' },
          400,
          error(32000, 'A default assignee is required for this component.'),
        ],
        [
          'an unknown assignee',
          '/rest/component/RefProdFlags/RefCompEdited',
          { default_assignee: 'nobody@example.test' },
          404,
          error(51, NO_USER('nobody@example.test')),
        ],
        [
          'an unknown CC login',
          '/rest/component/RefProdFlags/RefCompEdited',
          { default_cc: ['nobody@example.test'] },
          401,
          error(
            504,
            'The name nobody@example.test is not a valid username. Either you misspelled it, or the person has not registered for a Bugzilla account.',
          ),
        ],
        [
          'a CC list as a string',
          '/rest/component/RefProdFlags/RefCompEdited',
          { default_cc: 'ref-cc1@example.test' },
          400,
          error(53, "The 'default_cc' parameter is invalid: an array of login names was expected."),
        ],
        [
          'a boolean that is no boolean',
          '/rest/component/RefProdFlags/RefCompEdited',
          { is_active: 'yes' },
          400,
          error(53, "The 'is_active' parameter is invalid: a boolean was expected."),
        ],
      ])('refuses %s and changes nothing', async (_, url, body, status, expected) => {
        const before = await counts(app);
        const stored = await componentRow(app, fx.products.flags, 'RefCompEdited');
        const response = await app.put(url, { query: { api_key: fx.keys.admin }, body });
        expect(response.status).toBe(status);
        expect(response.body).toEqual(expected);
        expect(await counts(app)).toEqual(before);
        expect(await componentRow(app, fx.products.flags, 'RefCompEdited')).toEqual(stored);
      });

      it('refuses one new name for two components of one product', async () => {
        const response = await app.put('/rest/component', {
          query: { api_key: fx.keys.admin },
          body: {
            names: [
              { product: 'RefProdFlags', component: 'RefCompEdited' },
              { product: 'RefProdFlags', component: 'RefCompMin' },
            ],
            name: 'Same',
          },
        });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(
          error(32000, 'You can not update the name for multiple components of the same product.'),
        );
      });

      it('lets a product-level admin change a component of their product', async () => {
        const response = await app.put('/rest/component/RefProdEdit/RefCompByCompAdmin', {
          query: { api_key: fx.keys.compadmin },
          body: { description: 'changed by product admin' },
        });
        expect(response.status).toBe(200);
        expect(response.body.components[0].changes).toEqual({
          description: { removed: 'created by product-level admin', added: 'changed by product admin' },
        });
      });
    });

    describe('DELETE /rest/component/...', () => {
      it('refuses a component bugs are filed in (1202), and deletes an unused one with its CC list and flag rows', async () => {
        const used = await componentRow(app, fx.products.flags, 'RefCompMin');
        await app.seed.bug({
          product: fx.products.flags,
          component: used!.id,
          reporter: fx.ids.admin,
          assignee: fx.ids.admin,
          version: 'unspecified',
          targetMilestone: '---',
        });
        const before = await counts(app);
        const refused = await app.delete('/rest/component/RefProdFlags/RefCompMin', {
          query: { api_key: fx.keys.admin },
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual(
          error(
            1202,
            'There are 1 bugs entered for this component! You must reassign those bugs to another component before you can delete this one.',
          ),
        );
        expect(await counts(app)).toEqual(before);

        const doomed = await componentRow(app, fx.products.flags, 'RefCompDupCC');
        const flag = await app.seed.flagType('RefDoomFlag');
        await app.seed.flagInclusion(flag, fx.products.flags, doomed!.id);
        await app.seed.flagExclusion(flag, fx.products.flags, doomed!.id);
        const response = await app.delete('/rest/component/RefProdFlags/RefCompDupCC', {
          query: { api_key: fx.keys.admin },
        });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ components: [{ id: doomed!.id }] });
        expect(await componentRow(app, fx.products.flags, 'RefCompDupCC')).toBeUndefined();
        for (const table of ['component_cc', 'flaginclusions', 'flagexclusions']) {
          expect(await app.rows(`SELECT * FROM ${table} WHERE component_id = ?`, [doomed!.id])).toEqual([]);
        }
        expect((await auditOf(app, doomed!.id)).at(-1)).toEqual({
          user_id: fx.ids.admin,
          class: 'Bugzilla::Component',
          object_id: doomed!.id,
          field: '__remove__',
          removed: 'RefCompDupCC',
          added: null,
        });
      });

      it("refuses a product's last component (1201) and the usual permission cases", async () => {
        const only = await app.seed.product('RefProdOne');
        await app.seed.milestone(only, '---');
        await app.seed.component(only, 'Only', { owner: fx.ids.admin });
        expect(
          await app.delete('/rest/component/RefProdOne/Only', { query: { api_key: fx.keys.admin } }),
        ).toMatchObject({
          status: 400,
          body: error(1201, "'Only' is the last component of the 'RefProdOne' product. You cannot delete it."),
        });
        expect(await app.delete('/rest/component/RefProdFlags/RefCompA')).toMatchObject({
          status: 401,
          body: error(410, 'You must log in before using this part of Bugzilla.'),
        });
        expect(
          await app.delete('/rest/component/RefProdFlags/RefCompA', { query: { api_key: fx.keys.plain } }),
        ).toMatchObject({
          status: 401,
          body: error(304, NOT_EDITCOMPONENTS),
        });
        expect(
          await app.delete('/rest/component/RefProdSecret/Hidden', { query: { api_key: fx.keys.editcomp } }),
        ).toMatchObject({
          status: 401,
          body: error(106, "Either the product 'RefProdSecret' does not exist or you don't have access to it."),
        });
        expect(
          await app.delete('/rest/component/RefProdFlags/Nope', { query: { api_key: fx.keys.admin } }),
        ).toMatchObject({
          status: 404,
          body: error(51, "There is no component named 'Nope' in the 'RefProdFlags' product."),
        });
      });
    });

    itLeavesTheDatabaseConsistent(getApp);
  },
  { BZ_USEQACONTACT: '1' },
);

forEachDialect('components with useqacontact off', (getApp) => {
  it('ignores the QA contact, as Bugzilla does', async () => {
    const app = getApp();
    const fx = await seedFixture(app);
    const response = await app.post('/rest/component', {
      query: { api_key: fx.keys.admin },
      body: {
        product: 'RefProdFlags',
        name: 'NoQa',
        description: 'x',
        default_assignee: 'admin@example.com',
        default_qa_contact: 'nobody@example.test',
      },
    });
    expect(response.status).toBe(201);
    expect(await componentRow(app, fx.products.flags, 'NoQa')).toMatchObject({ initialqacontact: null });
  });
});
