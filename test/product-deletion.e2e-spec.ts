import { envelope as error } from './support/envelope.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * DELETE /rest/product/{id_or_name} (SPEC §10; Bugzilla's editproducts.cgi `delete`, Product.pm
 * `remove_from_db`, Bug.pm `remove_from_db`): who may, the refusal while the product has bugs,
 * everything that goes with the product (and, with allowbugdeletion, with its bugs), what stays,
 * the audit rows, delete_series, and a concurrent component create.
 */

/** Every table a product or a bug deletion touches, counted before and after. */
const TABLES = [
  'products',
  'components',
  'component_cc',
  'versions',
  'milestones',
  'flaginclusions',
  'flagexclusions',
  'flagtypes',
  'group_control_map',
  'series',
  'series_categories',
  'category_group_map',
  'bugs',
  'cc',
  'bug_group_map',
  'bug_user_last_visit',
  'bugs_fulltext',
  'bugs_aliases',
  'dependencies',
  'duplicates',
  'bug_see_also',
  'keywords',
  'bug_tag',
  'email_bug_ignore',
  'flags',
  'bugs_activity',
  'longdescs',
  'longdescs_tags',
  'longdescs_tags_activity',
  'attachments',
  'attach_data',
  'audit_log',
];

async function counts(app: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await app.rows<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = Number(row.n);
  }
  return out;
}

/** `before`, less the rows a doomed product of seedDoomed has of its own (not counting bugs). */
function withoutDoomedProduct(before: Record<string, number>): Record<string, number> {
  return {
    ...before,
    products: before.products - 1,
    components: before.components - 2,
    component_cc: before.component_cc - 1,
    versions: before.versions - 1,
    milestones: before.milestones - 1,
    flaginclusions: before.flaginclusions - 1,
    flagexclusions: before.flagexclusions - 1,
    group_control_map: before.group_control_map - 1,
  };
}

interface World {
  adminId: number;
  adminKey: string;
  plainKey: string;
  productAdminKey: string;
  keeper: number;
  keeperBug: number;
  keeperComponent: number;
}

async function seedWorld(app: TestApp): Promise<World> {
  const seed = app.seed;
  const adminId = await seed.user('admin@example.com', { groups: ['admin'] });
  const plainId = await seed.user('plain@example.com');
  const owners = await seed.group('owners');
  const productAdminId = await seed.user('owner@example.com', { groups: [owners] });
  // A product that stays: its bug depends on, duplicates and is blocked by the bugs that go.
  const keeper = await seed.product('Keeper');
  const keeperComponent = await seed.component(keeper, 'Stays', { owner: adminId });
  await seed.version(keeper, 'unspecified');
  await seed.milestone(keeper, '---');
  const keeperBug = await seed.bug({
    product: keeper,
    component: keeperComponent,
    reporter: adminId,
    assignee: adminId,
  });
  return {
    adminId,
    adminKey: await seed.apiKey(adminId),
    plainKey: await seed.apiKey(plainId),
    productAdminKey: await seed.apiKey(productAdminId),
    keeper,
    keeperBug,
    keeperComponent,
  };
}

/**
 * A product made through the API (so it has its series, version, milestone and audit rows), with
 * a component and its CC, a flag type included and excluded for it, a group control, and — when
 * asked — two bugs with a row in every table that hangs from a bug.
 */
async function seedDoomed(app: TestApp, world: World, name: string, withBugs: boolean) {
  const seed = app.seed;
  const created = await app.post('/rest/product', {
    headers: { 'X-BUGZILLA-API-KEY': world.adminKey },
    body: { name, description: 'Going away', version: '1.0' },
  });
  const product = created.body.id as number;
  const component = await seed.component(product, 'Doomed', { owner: world.adminId });
  await seed.componentCc(component, [world.adminId]);
  const spare = await seed.component(product, 'Spare', { owner: world.adminId });
  // An attachment flag type, for this product's Doomed component and not its Spare one.
  const flagType = await seed.flagType(`${name}-review`, { targetType: 'a' });
  await seed.flagInclusion(flagType, product, component);
  await seed.flagExclusion(flagType, product, spare);
  await seed.groupControl('owners', product, { entry: false, membercontrol: 0, othercontrol: 0, editcomponents: true });
  const bugs: number[] = [];
  if (withBugs) {
    for (let i = 0; i < 2; i++) {
      const bug = await seed.bug({
        product,
        component,
        reporter: world.adminId,
        assignee: world.adminId,
        version: '1.0',
        groups: ['owners'],
        cc: [world.adminId],
      });
      bugs.push(bug);
      await seed.lastVisit(world.adminId, bug, new Date(Date.UTC(2024, 0, 1)));
      await seed.insert('bugs_fulltext', {
        bug_id: bug,
        short_desc: 'A bug',
        comments: 'text',
        comments_noprivate: 'text',
      });
      await seed.insert('bugs_aliases', { alias: `${name}-alias-${i}`, bug_id: bug });
      await seed.insert('bug_see_also', {
        bug_id: bug,
        value: 'https://example.com/1',
        class: 'Bugzilla::BugUrl::Bugzilla',
      });
      await seed.insert('email_bug_ignore', { user_id: world.adminId, bug_id: bug });
      const comment = await seed.insert('longdescs', {
        bug_id: bug,
        who: world.adminId,
        bug_when: new Date(),
        thetext: 'a comment',
      });
      await seed.insert('longdescs_tags', { comment_id: comment, tag: 'spam' });
      await seed.insert('longdescs_tags_activity', {
        bug_id: bug,
        comment_id: comment,
        who: world.adminId,
        bug_when: new Date(),
        added: 'spam',
      });
      const attachment = await seed.insert('attachments', {
        bug_id: bug,
        creation_ts: new Date(),
        modification_time: new Date(),
        description: 'a patch',
        mimetype: 'text/plain',
        filename: 'a.diff',
        submitter_id: world.adminId,
      });
      await seed.insert('attach_data', { id: attachment, thedata: 'diff' });
      await seed.insert('flags', {
        type_id: flagType,
        status: '?',
        bug_id: bug,
        attach_id: attachment,
        creation_date: new Date(),
        setter_id: world.adminId,
      });
      const [{ id: fieldId }] = await app.rows("SELECT id FROM fielddefs WHERE name = 'short_desc'");
      await seed.insert('bugs_activity', {
        bug_id: bug,
        who: world.adminId,
        bug_when: new Date(),
        fieldid: fieldId,
        removed: 'old',
        added: 'new',
      });
      const keyword = await seed.insert('keyworddefs', { name: `${name}-kw-${i}`, description: 'a keyword' });
      await seed.insert('keywords', { bug_id: bug, keywordid: keyword });
      const tag = await seed.insert('tag', { name: `${name}-tag-${i}`, user_id: world.adminId });
      await seed.insert('bug_tag', { bug_id: bug, tag_id: tag });
    }
    await seed.insert('dependencies', { blocked: bugs[0], dependson: world.keeperBug });
    await seed.insert('dependencies', { blocked: world.keeperBug, dependson: bugs[1] });
    await seed.insert('duplicates', { dupe_of: world.keeperBug, dupe: bugs[0] });
  }
  return { product, component, flagType, bugs };
}

forEachDialect('product deletion without allowbugdeletion', (app) => {
  let world: World;
  const as = (key: string) => ({ headers: { 'X-BUGZILLA-API-KEY': key } });

  beforeAll(async () => {
    world = await seedWorld(app());
  });

  it("refuses a product with bugs with Bugzilla's message, changing nothing", async () => {
    const doomed = await seedDoomed(app(), world, 'Buggy', true);
    const before = await counts(app());
    const res = await app().delete(`/rest/product/${doomed.product}`, as(world.adminKey));
    expect([res.status, res.body]).toEqual([
      400,
      error(
        32000,
        'There are 2 bugs entered for this product! You must move those bugs to another product before you can delete this one.',
      ),
    ]);
    expect(await counts(app())).toEqual(before);
  });

  it('refuses anonymous callers, callers who administer nothing, and products they cannot see or do not administer', async () => {
    const doomed = await seedDoomed(app(), world, 'Guarded', false);
    const before = await counts(app());
    expect((await app().delete(`/rest/product/${doomed.product}`)).body).toEqual(
      error(410, 'You must log in before using this part of Bugzilla.'),
    );
    expect((await app().delete(`/rest/product/${doomed.product}`, as(world.plainKey))).body).toEqual(
      error(
        304,
        "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete products.",
      ),
    );
    const missing = await app().delete('/rest/product/No%20Such', as(world.adminKey));
    expect([missing.status, missing.body]).toEqual([
      401,
      error(106, "Either the product 'No Such' does not exist or you don't have access to it."),
    ]);
    // The owners group administers Guarded (its editcomponents control), not Keeper.
    expect((await app().delete(`/rest/product/Keeper`, as(world.productAdminKey))).body).toEqual(
      error(32000, "You are not allowed to edit properties of product 'Keeper'."),
    );
    expect(
      (
        await app().delete(`/rest/product/${doomed.product}`, {
          ...as(world.adminKey),
          query: { delete_series: ['1', '0'] },
        })
      ).body,
    ).toEqual(error(53, "The 'delete_series' parameter is invalid: a boolean was expected."));
    expect(await counts(app())).toEqual(before);
  });

  it('deletes a product without bugs with its components, CCs, versions, milestones, flag rules and group controls; one audit row', async () => {
    const doomed = await seedDoomed(app(), world, 'Empty', false);
    const before = await counts(app());
    const seriesBefore = await app().rows('SELECT COUNT(*) AS n FROM series');
    // A product-level admin may delete the products they administer.
    const res = await app().delete('/rest/product/empty', as(world.productAdminKey));
    expect([res.status, res.body]).toEqual([200, { products: [{ id: doomed.product }] }]);
    const after = await counts(app());
    expect(after).toEqual({ ...withoutDoomedProduct(before), audit_log: before.audit_log + 1 });
    // The flag type and the series stay (no delete_series).
    expect(await app().rows('SELECT COUNT(*) AS n FROM series')).toEqual(seriesBefore);
    const [productOwner] = await app().rows("SELECT userid FROM profiles WHERE login_name = 'owner@example.com'");
    expect(
      await app().rows(
        "SELECT user_id, class, object_id, field, removed, added FROM audit_log WHERE field = '__remove__'",
      ),
    ).toEqual([
      {
        user_id: productOwner.userid,
        class: 'Bugzilla::Product',
        object_id: doomed.product,
        field: '__remove__',
        removed: 'Empty',
        added: null,
      },
    ]);
    expect((await app().get(`/rest/product/${doomed.product}`, as(world.adminKey))).body).toEqual({ products: [] });
    expect((await app().delete('/rest/product/Empty', as(world.adminKey))).status).toBe(401);
  });

  it('delete_series drops the series filed under the product and its category', async () => {
    const doomed = await seedDoomed(app(), world, 'Charted', false);
    const [{ n: mine }] = await app().rows(
      "SELECT COUNT(*) AS n FROM series s JOIN series_categories c ON c.id = s.category WHERE c.name = 'Charted'",
    );
    expect(Number(mine)).toBeGreaterThan(0);
    const [{ n: seriesBefore }] = await app().rows('SELECT COUNT(*) AS n FROM series');
    const res = await app().delete(`/rest/product/${doomed.product}`, {
      ...as(world.adminKey),
      body: { delete_series: true },
    });
    expect(res.status).toBe(200);
    const [{ n: seriesAfter }] = await app().rows('SELECT COUNT(*) AS n FROM series');
    expect(Number(seriesBefore) - Number(seriesAfter)).toBe(Number(mine));
    expect(await app().rows("SELECT name FROM series_categories WHERE name = 'Charted'")).toEqual([]);
    // The shared subcategory "-All-" stays: the other products' series still use it.
    expect(await app().rows("SELECT name FROM series_categories WHERE name = '-All-'")).toHaveLength(1);
  });

  itLeavesTheDatabaseConsistent(app);
});

forEachDialect(
  'product deletion with allowbugdeletion',
  (app) => {
    let world: World;
    const as = (key: string) => ({ headers: { 'X-BUGZILLA-API-KEY': key } });

    beforeAll(async () => {
      world = await seedWorld(app());
    });

    it('deletes the bugs with everything hanging from them, an audit row per bug, and nothing of the other products', async () => {
      const doomed = await seedDoomed(app(), world, 'Buggy', true);
      const before = await counts(app());
      const res = await app().delete(`/rest/product/Buggy`, as(world.adminKey));
      expect([res.status, res.body]).toEqual([200, { products: [{ id: doomed.product }] }]);
      const after = await counts(app());
      expect(after).toEqual({
        ...withoutDoomedProduct(before),
        bugs: before.bugs - 2,
        cc: before.cc - 2,
        bug_group_map: before.bug_group_map - 2,
        bug_user_last_visit: before.bug_user_last_visit - 2,
        bugs_fulltext: before.bugs_fulltext - 2,
        bugs_aliases: before.bugs_aliases - 2,
        dependencies: before.dependencies - 2,
        duplicates: before.duplicates - 1,
        bug_see_also: before.bug_see_also - 2,
        keywords: before.keywords - 2,
        bug_tag: before.bug_tag - 2,
        email_bug_ignore: before.email_bug_ignore - 2,
        flags: before.flags - 2,
        bugs_activity: before.bugs_activity - 2,
        longdescs: before.longdescs - 2,
        longdescs_tags: before.longdescs_tags - 2,
        longdescs_tags_activity: before.longdescs_tags_activity - 2,
        attachments: before.attachments - 2,
        attach_data: before.attach_data - 2,
        audit_log: before.audit_log + 3,
      });
      expect(
        await app().rows(
          "SELECT class, object_id, removed, added FROM audit_log WHERE field = '__remove__' ORDER BY class, object_id",
        ),
      ).toEqual([
        { class: 'Bugzilla::Bug', object_id: doomed.bugs[0], removed: String(doomed.bugs[0]), added: null },
        { class: 'Bugzilla::Bug', object_id: doomed.bugs[1], removed: String(doomed.bugs[1]), added: null },
        { class: 'Bugzilla::Product', object_id: doomed.product, removed: 'Buggy', added: null },
      ]);
      // Keeper and its bug are untouched.
      expect(await app().rows('SELECT bug_id FROM bugs WHERE product_id = ?', [world.keeper])).toEqual([
        { bug_id: world.keeperBug },
      ]);
      // Keywords, tags and the flag type themselves stay: only their links to the bugs went.
      expect(await app().rows('SELECT id FROM flagtypes WHERE id = ?', [doomed.flagType])).toHaveLength(1);
    });

    it('a component created in the product while it is deleted: one clean winner, never a 500', async () => {
      for (let round = 0; round < 3; round++) {
        const doomed = await seedDoomed(app(), world, `Raced${round}`, round === 1);
        const [deleted, created] = await Promise.all([
          app().delete(`/rest/product/${doomed.product}`, as(world.adminKey)),
          app().post('/rest/component', {
            ...as(world.adminKey),
            body: {
              product: `Raced${round}`,
              name: 'Late',
              description: 'late',
              default_assignee: 'admin@example.com',
            },
          }),
        ]);
        expect(deleted.status).toBe(200);
        expect([201, 401]).toContain(created.status);
        if (created.status === 401) {
          expect(created.body).toEqual(
            error(106, `Either the product 'Raced${round}' does not exist or you don't have access to it.`),
          );
        }
        expect(await app().rows('SELECT id FROM components WHERE product_id = ?', [doomed.product])).toEqual([]);
        expect(await app().rows('SELECT id FROM products WHERE id = ?', [doomed.product])).toEqual([]);
      }
    });

    itLeavesTheDatabaseConsistent(app);
  },
  { BZ_ALLOWBUGDELETION: '1' },
);
