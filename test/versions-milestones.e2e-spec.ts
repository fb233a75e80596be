import { DIALECTS, forEachDialect, startTestApp, type TestApp } from './support/test-app.js';
import { envelope as error } from './support/envelope.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';

/**
 * A product's versions and milestones (this service's extension with Bugzilla's rules,
 * Bugzilla/Version.pm and Bugzilla/Milestone.pm): POST /rest/product/{product}/version|milestone,
 * PUT and DELETE /rest/product/{product}/version|milestone/{name}. Who may write, each rule's
 * error, the rows written (versions, milestones, bugs and products following a rename,
 * audit_log), and that a refused write changes nothing.
 */

interface Fixture {
  ids: Record<'admin' | 'plain' | 'compadmin', number>;
  keys: Record<'admin' | 'plain' | 'compadmin', string>;
  products: Record<'main' | 'edit' | 'secret', number>;
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  await seed.group('Admins', { grantAdmin: true });
  await seed.group('Secret', { grantAdmin: true });
  const ids = {
    admin: await seed.user('admin@example.com', { groups: ['admin'] }),
    plain: await seed.user('plain@example.com'),
    compadmin: await seed.user('compadmin@example.com', { groups: ['Admins'] }),
  };
  const keys = {
    admin: await seed.apiKey(ids.admin),
    plain: await seed.apiKey(ids.plain),
    compadmin: await seed.apiKey(ids.compadmin),
  };
  const product = async (name: string) => {
    const id = await seed.product(name, { defaultmilestone: 'M1' });
    await seed.component(id, 'General', { owner: ids.admin });
    await seed.version(id, '1.0');
    await seed.milestone(id, 'M1', { sortkey: 10 });
    return id;
  };
  const products = { main: await product('Main'), edit: await product('Edit'), secret: await product('Hidden') };
  await seed.groupControl('Admins', products.edit, { membercontrol: 0, othercontrol: 0, editcomponents: true });
  await seed.groupControl('Secret', products.secret, { entry: true, membercontrol: 3, othercontrol: 3 });
  return { ids, keys, products };
}

async function values(app: TestApp, table: 'versions' | 'milestones', productId: number) {
  const sortkey = table === 'milestones' ? ', sortkey' : '';
  const rows = await app.rows(`SELECT id, value${sortkey}, isactive FROM ${table} WHERE product_id = ? ORDER BY id`, [
    productId,
  ]);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    isactive: Number(row.isactive),
    ...(table === 'milestones' ? { sortkey: Number(row.sortkey) } : {}),
  }));
}

async function auditOf(app: TestApp, cls: string, objectId: number) {
  const rows = await app.rows(
    'SELECT user_id, field, removed, added FROM audit_log WHERE class = ? AND object_id = ? ORDER BY at_time, field',
    [cls, objectId],
  );
  return rows.map((row) => ({ ...row, user_id: Number(row.user_id) }));
}

async function counts(app: TestApp) {
  const out: Record<string, number> = {};
  for (const table of ['versions', 'milestones', 'audit_log']) {
    const [row] = await app.rows(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = Number(row.n);
  }
  return out;
}

const LOGIN = error(410, 'You must log in before using this part of Bugzilla.');
const NOT_ADMIN = (objects: string) =>
  error(
    304,
    `Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete ${objects}.`,
  );
const HIDDEN = error(106, "Either the product 'Hidden' does not exist or you don't have access to it.");

forEachDialect('versions and milestones', (getApp) => {
  let app: TestApp;
  let fx: Fixture;
  const as = (key: string | null) => (key === null ? {} : { api_key: key });

  beforeAll(async () => {
    app = getApp();
    fx = await seedFixture(app);
  });

  describe('versions', () => {
    it('POST releases a version: 201 with its id, the row and a __create__ audit row', async () => {
      const response = await app.post('/rest/product/Main/version', {
        query: as(fx.keys.admin),
        body: { name: '  2.0  ' },
      });
      expect(response.status).toBe(201);
      const stored = await values(app, 'versions', fx.products.main);
      expect(response.body).toEqual({ id: stored[1].id });
      expect(stored[1]).toEqual({ id: stored[1].id, value: '2.0', isactive: 1 });
      expect(await auditOf(app, 'Bugzilla::Version', stored[1].id)).toEqual([
        { user_id: fx.ids.admin, field: '__create__', removed: null, added: '2.0' },
      ]);
      const inactive = await app.post('/rest/product/Main/version', {
        query: as(fx.keys.admin),
        body: { name: '0.9', is_active: false },
      });
      expect(inactive.status).toBe(201);
      expect((await values(app, 'versions', fx.products.main))[2]).toMatchObject({ value: '0.9', isactive: 0 });
    });

    it.each([
      ['anonymous', null, 'Main', { name: '3.0' }, 401, LOGIN],
      ['a user without editcomponents', 'plain', 'Main', { name: '3.0' }, 401, NOT_ADMIN('versions')],
      [
        'a product-level admin on another product',
        'compadmin',
        'Main',
        { name: '3.0' },
        400,
        error(32000, "You are not allowed to edit properties of product 'Main'."),
      ],
      ['an invisible product', 'compadmin', 'Hidden', { name: '3.0' }, 401, HIDDEN],
      ['a blank name', 'admin', 'Main', { name: ' ' }, 400, error(32000, 'You must enter a name for this version.')],
      ['no name', 'admin', 'Main', {}, 400, error(32000, 'You must enter a name for this version.')],
      [
        'a taken name (any case)',
        'admin',
        'Main',
        { name: '2.0' },
        400,
        error(32000, "The version '2.0' already exists for product 'Main'."),
      ],
      [
        'a 65-character name',
        'admin',
        'Main',
        { name: 'v'.repeat(65) },
        400,
        error(
          32000,
          `The name of a version is limited to 64 characters. '${'v'.repeat(65)}' is too long (65 characters).`,
        ),
      ],
      [
        'a sort key (versions have none)',
        'admin',
        'Main',
        { name: '3.0', sort_key: 1 },
        400,
        error(32000, "Unknown parameter 'sort_key'."),
      ],
      [
        'a name that is no string',
        'admin',
        'Main',
        { name: ['3.0'] },
        400,
        error(53, "The 'name' parameter is invalid: a string was expected."),
      ],
    ] as const)('POST refuses %s and writes nothing', async (_, who, product, body, status, expected) => {
      const before = await counts(app);
      const response = await app.post(`/rest/product/${product}/version`, {
        query: as(who === null ? null : fx.keys[who]),
        body,
      });
      expect(response.status).toBe(status);
      expect(response.body).toEqual(expected);
      expect(await counts(app)).toEqual(before);
    });

    it('lets a product-level admin release a version of their product', async () => {
      const response = await app.post('/rest/product/Edit/version', {
        query: as(fx.keys.compadmin),
        body: { name: '2.0' },
      });
      expect(response.status).toBe(201);
    });

    it("PUT renames a version and the bugs' version with it, and deactivates it", async () => {
      const general = await app.rows("SELECT id FROM components WHERE product_id = ? AND name = 'General'", [
        fx.products.main,
      ]);
      const bug = await app.seed.bug({
        product: fx.products.main,
        component: Number(general[0].id),
        reporter: fx.ids.admin,
        assignee: fx.ids.admin,
        version: '2.0',
        targetMilestone: 'M1',
      });
      const id = (await values(app, 'versions', fx.products.main))[1].id;
      const response = await app.put('/rest/product/Main/version/2.0', {
        query: as(fx.keys.admin),
        body: { name: '2.0.1', is_active: false },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        versions: [
          { id, changes: { name: { added: '2.0.1', removed: '2.0' }, is_active: { added: '0', removed: '1' } } },
        ],
      });
      expect((await values(app, 'versions', fx.products.main))[1]).toEqual({ id, value: '2.0.1', isactive: 0 });
      expect(await app.rows('SELECT version FROM bugs WHERE bug_id = ?', [bug])).toEqual([{ version: '2.0.1' }]);
      expect((await auditOf(app, 'Bugzilla::Version', id)).slice(1)).toEqual([
        { user_id: fx.ids.admin, field: 'isactive', removed: '1', added: '0' },
        { user_id: fx.ids.admin, field: 'value', removed: '2.0', added: '2.0.1' },
      ]);
      const again = await app.put('/rest/product/Main/version/2.0.1', {
        query: as(fx.keys.admin),
        body: { is_active: 0 },
      });
      expect(again.body).toEqual({ versions: [{ id, changes: {} }] });
    });

    it.each([
      [
        'an unknown version',
        '/rest/product/Main/version/9.9',
        { name: 'x' },
        404,
        error(51, "There is no version named '9.9' in the 'Main' product."),
      ],
      [
        'a taken name',
        '/rest/product/Main/version/2.0.1',
        { name: '1.0' },
        400,
        error(32000, "The version '1.0' already exists for product 'Main'."),
      ],
      [
        'an unknown parameter',
        '/rest/product/Main/version/2.0.1',
        { sortkey: 3 },
        400,
        error(32000, "Unknown parameter 'sortkey'."),
      ],
      [
        'a bad boolean',
        '/rest/product/Main/version/2.0.1',
        { is_active: 'no' },
        400,
        error(53, "The 'is_active' parameter is invalid: a boolean was expected."),
      ],
      ['a product the caller cannot see', '/rest/product/Hidden/version/1.0', { name: 'x' }, 401, HIDDEN],
    ])('PUT refuses %s and changes nothing', async (_, url, body, status, expected) => {
      const before = await values(app, 'versions', fx.products.main);
      // The admin sees every product (the admin group is in each product group); the product admin does not.
      const key = url.includes('Hidden') ? fx.keys.compadmin : fx.keys.admin;
      const response = await app.put(url, { query: as(key), body });
      expect(response.status).toBe(status);
      expect(response.body).toEqual(expected);
      expect(await values(app, 'versions', fx.products.main)).toEqual(before);
    });

    it('DELETE refuses a version bugs use, then deletes an unused one with a __remove__ audit row', async () => {
      const used = await app.delete('/rest/product/Main/version/2.0.1', { query: as(fx.keys.admin) });
      expect(used.status).toBe(400);
      expect(used.body).toEqual(
        error(
          32000,
          'There are 1 bugs associated with this version! You must reassign those bugs to another version before you can delete this one.',
        ),
      );
      const unused = (await values(app, 'versions', fx.products.main)).find((v) => v.value === '0.9')!;
      const response = await app.delete('/rest/product/Main/version/0.9', { query: as(fx.keys.admin) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ versions: [{ id: unused.id }] });
      expect((await values(app, 'versions', fx.products.main)).map((v) => v.value)).toEqual(['1.0', '2.0.1']);
      expect((await auditOf(app, 'Bugzilla::Version', unused.id)).at(-1)).toEqual({
        user_id: fx.ids.admin,
        field: '__remove__',
        removed: '0.9',
        added: null,
      });
    });

    it("DELETE refuses a product's last version", async () => {
      const lone = await app.seed.product('Lone');
      await app.seed.milestone(lone, '---');
      await app.seed.version(lone, 'only');
      const response = await app.delete('/rest/product/Lone/version/only', { query: as(fx.keys.admin) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        error(32000, "'only' is the last version of the 'Lone' product. You cannot delete it."),
      );
      expect(await app.delete('/rest/product/Lone/version/only', { query: as(fx.keys.plain) })).toMatchObject({
        status: 401,
        body: NOT_ADMIN('versions'),
      });
    });
  });

  describe('milestones', () => {
    it('POST adds a milestone with its sort key', async () => {
      const response = await app.post('/rest/product/Main/milestone', {
        query: as(fx.keys.admin),
        body: { name: 'M2', sort_key: 20 },
      });
      expect(response.status).toBe(201);
      const stored = await values(app, 'milestones', fx.products.main);
      expect(stored[1]).toEqual({ id: response.body.id, value: 'M2', sortkey: 20, isactive: 1 });
      expect(await auditOf(app, 'Bugzilla::Milestone', response.body.id)).toEqual([
        { user_id: fx.ids.admin, field: '__create__', removed: null, added: 'M2' },
      ]);
    });

    it.each([
      ['a user without editcomponents', 'plain', { name: 'M3' }, 401, NOT_ADMIN('milestones')],
      ['a blank name', 'admin', { name: '' }, 400, error(32000, 'You must enter a name for this milestone.')],
      [
        'a taken name',
        'admin',
        { name: 'm2' },
        400,
        error(32000, "The milestone 'M2' already exists for product 'Main'."),
      ],
      [
        'a sort key out of range',
        'admin',
        { name: 'M3', sort_key: 40000 },
        400,
        error(32000, "The sortkey '40000' is not in the range -32768 ≤ sortkey ≤ 32767."),
      ],
      [
        'a sort key that is no integer',
        'admin',
        { name: 'M3', sort_key: '1.5' },
        400,
        error(32000, "The sortkey '1.5' is not in the range -32768 ≤ sortkey ≤ 32767."),
      ],
    ] as const)('POST refuses %s and writes nothing', async (_, who, body, status, expected) => {
      const before = await counts(app);
      const response = await app.post('/rest/product/Main/milestone', { query: as(fx.keys[who]), body });
      expect(response.status).toBe(status);
      expect(response.body).toEqual(expected);
      expect(await counts(app)).toEqual(before);
    });

    it("PUT renaming the default milestone renames the product's default milestone and the bugs' target", async () => {
      const m1 = (await values(app, 'milestones', fx.products.main))[0];
      const response = await app.put('/rest/product/Main/milestone/M1', {
        query: as(fx.keys.admin),
        body: { name: 'Mile 1', sort_key: 5 },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        milestones: [
          { id: m1.id, changes: { name: { added: 'Mile 1', removed: 'M1' }, sort_key: { added: '5', removed: '10' } } },
        ],
      });
      expect(await app.rows('SELECT defaultmilestone FROM products WHERE id = ?', [fx.products.main])).toEqual([
        { defaultmilestone: 'Mile 1' },
      ]);
      expect(
        await app.rows('SELECT DISTINCT target_milestone FROM bugs WHERE product_id = ?', [fx.products.main]),
      ).toEqual([{ target_milestone: 'Mile 1' }]);
      expect(
        (await auditOf(app, 'Bugzilla::Milestone', m1.id)).map((row) => [row.field, row.removed, row.added]),
      ).toEqual([
        ['sortkey', '10', '5'],
        ['value', 'M1', 'Mile 1'],
      ]);
    });

    it('PUT refuses to deactivate the default milestone', async () => {
      const before = await values(app, 'milestones', fx.products.main);
      const response = await app.put('/rest/product/Main/milestone/Mile 1', {
        query: as(fx.keys.admin),
        body: { is_active: false },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        error(
          32000,
          "Sorry, but Mile 1 is the default milestone for the 'Main' product, and so it cannot be deactivated.",
        ),
      );
      expect(await values(app, 'milestones', fx.products.main)).toEqual(before);
    });

    it('DELETE refuses the default milestone, and deletes one bugs use as Bugzilla does: its bugs move to the default milestone with an activity row', async () => {
      expect(await app.delete('/rest/product/Main/milestone/Mile 1', { query: as(fx.keys.admin) })).toMatchObject({
        status: 400,
        body: error(
          32000,
          "Sorry, but Mile 1 is the default milestone for the 'Main' product, and so it cannot be deleted.",
        ),
      });
      await app.rows("UPDATE bugs SET target_milestone = 'M2', delta_ts = '2020-01-02 03:04:05' WHERE product_id = ?", [
        fx.products.main,
      ]);
      const bugIds = (
        await app.rows('SELECT bug_id FROM bugs WHERE product_id = ? ORDER BY bug_id', [fx.products.main])
      ).map((row) => Number(row.bug_id));
      expect(bugIds.length).toBeGreaterThan(0);
      const m2 = (await values(app, 'milestones', fx.products.main))[1];
      const response = await app.delete('/rest/product/Main/milestone/M2', { query: as(fx.keys.admin) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ milestones: [{ id: m2.id }] });
      expect((await values(app, 'milestones', fx.products.main)).map((m) => m.value)).toEqual(['Mile 1']);
      expect((await auditOf(app, 'Bugzilla::Milestone', m2.id)).at(-1)).toMatchObject({
        field: '__remove__',
        removed: 'M2',
        added: null,
      });
      // Milestone->remove_from_db: the bugs now target the default milestone, changed now, with one
      // bugs_activity row each (target_milestone: M2 → Mile 1) at the same time, by the admin.
      const bugs = await app.rows(
        `SELECT b.bug_id, b.target_milestone, b.delta_ts, a.who, a.bug_when, f.name AS field, a.removed, a.added
           FROM bugs b JOIN bugs_activity a ON a.bug_id = b.bug_id JOIN fielddefs f ON f.id = a.fieldid
          WHERE b.product_id = ? ORDER BY b.bug_id`,
        [fx.products.main],
      );
      expect(
        bugs.map((b) => [Number(b.bug_id), b.target_milestone, Number(b.who), b.field, b.removed, b.added]),
      ).toEqual(bugIds.map((id) => [id, 'Mile 1', fx.ids.admin, 'target_milestone', 'M2', 'Mile 1']));
      for (const bug of bugs) {
        expect(String(bug.delta_ts)).not.toContain('2020');
        expect(String(bug.bug_when)).toBe(String(bug.delta_ts));
      }
      expect(await app.delete('/rest/product/Main/milestone/M9', { query: as(fx.keys.admin) })).toMatchObject({
        status: 404,
        body: error(51, "There is no milestone named 'M9' in the 'Main' product."),
      });
    });

    it('the product reads back with its new versions and milestones through GET /rest/product', async () => {
      const response = await app.get('/rest/product', {
        query: {
          names: 'Main',
          include_fields: 'name,default_milestone,versions.name,milestones.name,milestones.sort_key',
        },
      });
      expect(response.body).toEqual({
        products: [
          {
            name: 'Main',
            default_milestone: 'Mile 1',
            versions: [{ name: '1.0' }, { name: '2.0.1' }],
            milestones: [{ name: 'Mile 1', sort_key: 5 }],
          },
        ],
      });
    });

    it('concurrent creates of one name end with one 201 and one refusal', async () => {
      const responses = await Promise.all(
        ['RaceM', 'racem'].map((name) =>
          app.post('/rest/product/Main/milestone', { query: as(fx.keys.admin), body: { name } }),
        ),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(responses.find((r) => r.status === 400)!.body.code).toBe(32000);
      const rows = await app.rows("SELECT id FROM milestones WHERE product_id = ? AND LOWER(value) = 'racem'", [
        fx.products.main,
      ]);
      expect(rows).toHaveLength(1);
    });
  });

  itLeavesTheDatabaseConsistent(getApp);
});

/**
 * On PostgreSQL a product may have two milestones spelled alike but for letter case (Bugzilla's Pg index on
 * `milestones (product_id, value)` counts it; a Perl Bugzilla there may have made both). The default names
 * one of them exactly, as Bugzilla's `eq` and its sanitycheck compare there.
 */
describe.runIf(DIALECTS.includes('postgres'))('two milestones spelled alike but for letter case [postgres]', () => {
  let app: TestApp;
  let fx: Fixture;
  beforeAll(async () => {
    app = await startTestApp('postgres');
    fx = await seedFixture(app);
    await app.seed.milestone(fx.products.main, 'm1', { sortkey: 20 });
    const [general] = await app.rows('SELECT id FROM components WHERE product_id = ?', [fx.products.main]);
    await app.seed.bug({
      product: fx.products.main,
      component: Number(general.id),
      reporter: fx.ids.admin,
      assignee: fx.ids.admin,
      version: '1.0',
      targetMilestone: 'm1',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('deletes M1, which is not the default m1, and leaves m1, its bugs and the default alone', async () => {
    await app.rows("UPDATE products SET defaultmilestone = 'm1' WHERE id = ?", [fx.products.main]);
    const removed = await app.delete('/rest/product/Main/milestone/M1', { query: { api_key: fx.keys.admin } });
    expect(removed.status).toBe(200);
    expect((await values(app, 'milestones', fx.products.main)).map((m) => m.value)).toEqual(['m1']);
    expect(await app.rows('SELECT defaultmilestone FROM products WHERE id = ?', [fx.products.main])).toEqual([
      { defaultmilestone: 'm1' },
    ]);
    expect(await app.rows('SELECT target_milestone FROM bugs WHERE product_id = ?', [fx.products.main])).toEqual([
      { target_milestone: 'm1' },
    ]);
    const refused = await app.delete('/rest/product/Main/milestone/m1', { query: { api_key: fx.keys.admin } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(
      error(32000, "Sorry, but m1 is the default milestone for the 'Main' product, and so it cannot be deleted."),
    );
  });

  itLeavesTheDatabaseConsistent(() => app);
});
