import { statementsOf } from './support/statement-count.js';
import { xmlrpc } from './support/rpc-client.js';
import { envelope as error } from './support/envelope.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * GET and PUT /rest/product/{id_or_name}/group_controls (SPEC §10; Bugzilla's editproducts.cgi
 * editgroupcontrols/updategroupcontrols and Product.pm set_group_controls/update): who may, the
 * list, every rule with its message, the rows written (group_control_map, bug_group_map,
 * bugs_activity, audit_log), and a product made private through the API disappearing at once
 * for anonymous callers over REST and XML-RPC.
 */

interface Fixture {
  adminId: number;
  adminKey: string;
  plainKey: string;
  productAdminKey: string;
  widget: number;
  other: number;
  groups: { secret: number; old: number; notBug: number; prodAdmins: number };
  bugs: { open: number; secret: number; other: number };
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const adminId = await seed.user('admin@example.com', { realname: 'Admin', groups: ['admin'] });
  const plainId = await seed.user('plain@example.com');
  const secret = await seed.group('Secret', { description: 'Only the secret team' });
  const old = await seed.group('Old', { description: 'Retired', isactive: false });
  const notBug = await seed.group('NotBug', { description: 'A system group', isbuggroup: false });
  const prodAdmins = await seed.group('prodadmins', { description: 'Widget admins' });
  const productAdminId = await seed.user('widgetadmin@example.com', { groups: [prodAdmins] });

  const widget = await seed.product('Widget');
  const component = await seed.component(widget, 'Gears', { owner: adminId });
  await seed.version(widget, 'unspecified');
  await seed.milestone(widget, '---');
  await seed.groupControl(old, widget, { entry: false, membercontrol: 1, othercontrol: 0 });
  await seed.groupControl(prodAdmins, widget, {
    entry: false,
    membercontrol: 0,
    othercontrol: 0,
    editcomponents: true,
  });

  const other = await seed.product('Other');
  const otherComponent = await seed.component(other, 'Cogs', { owner: adminId });
  await seed.version(other, 'unspecified');
  await seed.milestone(other, '---');

  const open = await seed.bug({ product: widget, component, reporter: adminId, assignee: adminId });
  const secretBug = await seed.bug({
    product: widget,
    component,
    reporter: adminId,
    assignee: adminId,
    groups: [secret],
  });
  const otherBug = await seed.bug({
    product: other,
    component: otherComponent,
    reporter: adminId,
    assignee: adminId,
    groups: [secret],
  });
  return {
    adminId,
    adminKey: await seed.apiKey(adminId),
    plainKey: await seed.apiKey(plainId),
    productAdminKey: await seed.apiKey(productAdminId),
    widget,
    other,
    groups: { secret, old, notBug, prodAdmins },
    bugs: { open, secret: secretBug, other: otherBug },
  };
}

const control = (
  group: { id: number; name: string; description: string; is_active: boolean },
  settings: Partial<Record<string, unknown>> = {},
) => ({
  group,
  entry: false,
  membercontrol: 'NA',
  othercontrol: 'NA',
  canedit: false,
  editcomponents: false,
  editbugs: false,
  canconfirm: false,
  bug_count: 0,
  ...settings,
});

forEachDialect('product group controls', (app) => {
  let fx: Fixture;
  const as = (key: string) => ({ headers: { 'X-BUGZILLA-API-KEY': key } });
  const path = () => `/rest/product/${fx.widget}/group_controls`;
  const groups = () => ({
    old: { id: fx.groups.old, name: 'Old', description: 'Retired', is_active: false },
    prodAdmins: { id: fx.groups.prodAdmins, name: 'prodadmins', description: 'Widget admins', is_active: true },
    secret: { id: fx.groups.secret, name: 'Secret', description: 'Only the secret team', is_active: true },
  });
  const stored = async () => ({
    controls: await app().rows(
      `SELECT group_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm
         FROM group_control_map WHERE product_id = ? ORDER BY group_id`,
      [fx.widget],
    ),
    bugGroups: await app().rows('SELECT bug_id, group_id FROM bug_group_map ORDER BY bug_id, group_id'),
    audit: await app().rows('SELECT COUNT(*) AS n FROM audit_log'),
    activity: await app().rows('SELECT COUNT(*) AS n FROM bugs_activity'),
  });

  beforeAll(async () => {
    fx = await seedFixture(app());
  });

  it('lists every active bug group and every mapped group by name, with the bug counts of the product', async () => {
    const res = await app().get(path(), as(fx.adminKey));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      group_controls: [
        control(groups().old, { membercontrol: 'Shown' }),
        control(groups().prodAdmins, { editcomponents: true }),
        control(groups().secret, { bug_count: 1 }),
      ],
    });
    expect(res.headers.etag).toMatch(/^"/);
    // By name works too, and the product-level editcomponents control is enough (as editproducts.cgi).
    const byName = await app().get('/rest/product/widget/group_controls', as(fx.productAdminKey));
    expect(byName.body).toEqual(res.body);
  });

  it('refuses anonymous callers (410), callers who administer no product (304), and hides what they cannot see (106)', async () => {
    expect((await app().get(path())).body).toEqual(error(410, 'You must log in before using this part of Bugzilla.'));
    const plain = await app().get(path(), as(fx.plainKey));
    expect([plain.status, plain.body]).toEqual([
      401,
      error(
        304,
        "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete products.",
      ),
    ]);
    const missing = await app().get('/rest/product/999999/group_controls', as(fx.adminKey));
    expect([missing.status, missing.body]).toEqual([
      401,
      error(106, "Either the product with the id 999999 does not exist or you don't have access to it."),
    ]);
    const notTheirs = await app().get(`/rest/product/${fx.other}/group_controls`, as(fx.productAdminKey));
    expect([notTheirs.status, notTheirs.body]).toEqual([
      400,
      error(32000, "You are not allowed to edit properties of product 'Other'."),
    ]);
    const write = await app().put(`/rest/product/Other/group_controls`, {
      ...as(fx.productAdminKey),
      body: { group_controls: [{ group: 'Secret', entry: true }] },
    });
    expect(write.body).toEqual(error(32000, "You are not allowed to edit properties of product 'Other'."));
  });

  describe('many products at once (GET /rest/product_group_controls)', () => {
    const many = '/rest/product_group_controls';
    const withoutCount = (list: { bug_count: number }[]) => list.map(({ bug_count: _count, ...item }) => item);

    it("answers each product's list as its own route does, without the bug counts, for every product the caller administers", async () => {
      const res = await app().get(many, as(fx.adminKey));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        products: [
          {
            id: fx.other,
            name: 'Other',
            group_controls: withoutCount([control(groups().prodAdmins), control(groups().secret)]),
          },
          {
            id: fx.widget,
            name: 'Widget',
            group_controls: withoutCount([
              control(groups().old, { membercontrol: 'Shown' }),
              control(groups().prodAdmins, { editcomponents: true }),
              control(groups().secret),
            ]),
          },
        ],
      });
      for (const product of res.body.products) {
        const one = await app().get(`/rest/product/${product.id}/group_controls`, as(fx.adminKey));
        expect(product.group_controls).toEqual(withoutCount(one.body.group_controls));
      }
    });

    it('picks by ids and names (any letter case); a product that is missing, or not administered by the caller, is left out', async () => {
      const picked = await app().get(many, {
        ...as(fx.adminKey),
        query: { names: ['WIDGET', 'Nowhere'], ids: [999999] },
      });
      expect(picked.body.products.map((p: { name: string }) => p.name)).toEqual(['Widget']);
      const byId = await app().get(many, { ...as(fx.adminKey), query: { ids: [fx.other, 'x'] } });
      expect(byId.body.products.map((p: { name: string }) => p.name)).toEqual(['Other']);
      // The product-level editcomponents control: Widget only, asked for or not.
      const theirs = await app().get(many, as(fx.productAdminKey));
      expect(theirs.body.products.map((p: { name: string }) => p.name)).toEqual(['Widget']);
      const notTheirs = await app().get(many, { ...as(fx.productAdminKey), query: { names: ['Other'] } });
      expect([notTheirs.status, notTheirs.body]).toEqual([200, { products: [] }]);
    });

    it('refuses anonymous callers (410) and callers who administer no product (304)', async () => {
      expect((await app().get(many)).body).toEqual(error(410, 'You must log in before using this part of Bugzilla.'));
      const plain = await app().get(many, as(fx.plainKey));
      expect([plain.status, plain.body]).toEqual([
        401,
        error(
          304,
          "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete products.",
        ),
      ]);
    });

    it('costs the same statements for one product as for all of them', async () => {
      const statements = (query: Record<string, string[]>) =>
        statementsOf(app(), () => app().get(many, { ...as(fx.adminKey), query }));
      await statements({}); // the key's first use of the minute records its use
      expect(await statements({ names: ['Widget'] })).toBe(await statements({}));
    });
  });

  it.each([
    [{}, 50, 'The function requires a group_controls argument, and that argument was not set.'],
    [{ group_controls: [] }, 50, 'The function requires a group_controls argument, and that argument was not set.'],
    [{ group_controls: 'Secret' }, 53, "The 'group_controls' parameter is invalid: an array was expected."],
    [
      { group_controls: ['Secret'] },
      53,
      "The 'group_controls' parameter is invalid: an array of objects was expected.",
    ],
    [{ group_controls: [{ entry: true }] }, 50, "Each group control must name its 'group'."],
    [
      { group_controls: [{ group: true, entry: true }] },
      53,
      "The 'group' parameter is invalid: a group name or id was expected.",
    ],
    [
      { group_controls: [{ group: 'Secret', entry: 'yes' }] },
      53,
      "The 'entry' parameter is invalid: a boolean was expected.",
    ],
    [{ group_controls: [{ group: 'Nobody', entry: true }] }, 51, "There is no group named 'Nobody'."],
    [{ group_controls: [{ group: 999999, entry: true }] }, 51, "There is no group with the id '999999'."],
    [
      { group_controls: [{ group: 'Old', entry: true }] },
      32000,
      'Old is not an active bug group and so you cannot edit group controls for it.',
    ],
    [
      { group_controls: [{ group: 'NotBug', entry: true }] },
      32000,
      'NotBug is not an active bug group and so you cannot edit group controls for it.',
    ],
    [
      { group_controls: [{ group: 'Secret' }] },
      32000,
      'New settings must be defined to edit group controls for the Secret group.',
    ],
    [
      { group_controls: [{ group: 'Secret', membercontrol: 'Mandatory' }] },
      32000,
      'Both membercontrol and othercontrol must be given to change the controls of the Secret group.',
    ],
    [
      { group_controls: [{ group: 'Secret', membercontrol: 'Sometimes', othercontrol: 'NA' }] },
      32000,
      "'Sometimes' is not a legal value for the 'membercontrol' field.",
    ],
    [
      { group_controls: [{ group: 'Secret', membercontrol: 'NA', othercontrol: 'Shown' }] },
      32000,
      'Your group control combination for group "Secret" is illegal.',
    ],
    [
      { group_controls: [{ group: 'Secret', membercontrol: 'Default', othercontrol: 'Shown' }] },
      32000,
      'Your group control combination for group "Secret" is illegal.',
    ],
    [
      { group_controls: [{ group: 'Secret', membercontrol: 'Mandatory', othercontrol: 'Default' }] },
      32000,
      'Your group control combination for group "Secret" is illegal.',
    ],
    // A later item failing undoes an earlier one.
    [
      {
        group_controls: [
          { group: 'Secret', entry: true },
          { group: 'Old', entry: true },
        ],
      },
      32000,
      'Old is not an active bug group and so you cannot edit group controls for it.',
    ],
  ])('refuses %j with %i, changing nothing', async (body, code, message) => {
    const before = await stored();
    const res = await app().put(path(), { ...as(fx.adminKey), body });
    expect([res.status, res.body]).toEqual([code === 51 ? 404 : 400, error(code, message)]);
    expect(await stored()).toEqual(before);
  });

  it('makes the product private: the bugs join the Mandatory group, and anonymous callers lose it at once over REST and XML-RPC', async () => {
    const anonymousBefore = await app().get('/rest/product_accessible');
    expect(anonymousBefore.body.ids).toContain(fx.widget);
    const [{ n: auditBefore }] = await app().rows('SELECT COUNT(*) AS n FROM audit_log');

    const res = await app().put(path(), {
      ...as(fx.adminKey),
      body: { group_controls: [{ group: 'Secret', membercontrol: 'Mandatory', othercontrol: 'mandatory', entry: 1 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      group_controls: [
        control(groups().old, { membercontrol: 'Shown' }),
        control(groups().prodAdmins, { editcomponents: true }),
        control(groups().secret, { entry: true, membercontrol: 'Mandatory', othercontrol: 'Mandatory', bug_count: 2 }),
      ],
      changes: {
        Secret: {
          entry: { removed: '0', added: '1' },
          membercontrol: { removed: 'NA', added: 'Mandatory' },
          othercontrol: { removed: 'NA', added: 'Mandatory' },
        },
      },
    });

    expect(
      await app().rows(
        'SELECT entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm FROM group_control_map WHERE product_id = ? AND group_id = ?',
        [fx.widget, fx.groups.secret],
      ),
    ).toEqual([
      { entry: 1, membercontrol: 3, othercontrol: 3, canedit: 0, editcomponents: 0, editbugs: 0, canconfirm: 0 },
    ]);
    expect(
      await app().rows('SELECT bug_id FROM bug_group_map WHERE group_id = ? ORDER BY bug_id', [fx.groups.secret]),
    ).toEqual([{ bug_id: fx.bugs.open }, { bug_id: fx.bugs.secret }, { bug_id: fx.bugs.other }]);
    // Bugzilla's LogActivityEntry for the bug that joined (field bug_group).
    expect(
      await app().rows(
        `SELECT a.bug_id, a.who, f.name AS field, a.removed, a.added FROM bugs_activity a
           JOIN fielddefs f ON f.id = a.fieldid ORDER BY a.bug_id`,
      ),
    ).toEqual([{ bug_id: fx.bugs.open, who: fx.adminId, field: 'bug_group', removed: '', added: 'Secret' }]);
    expect(
      await app().rows(
        `SELECT user_id, class, object_id, field, removed, added FROM audit_log
          WHERE field LIKE 'group_control_map.%' ORDER BY field`,
      ),
    ).toEqual(
      [
        ['entry', '0', '1'],
        ['membercontrol', 'NA', 'Mandatory'],
        ['othercontrol', 'NA', 'Mandatory'],
      ].map(([field, removed, added]) => ({
        user_id: fx.adminId,
        class: 'Bugzilla::Product',
        object_id: fx.widget,
        field: `group_control_map.${field}`,
        removed: `Secret: ${removed}`,
        added: `Secret: ${added}`,
      })),
    );
    const [{ n: auditAfter }] = await app().rows('SELECT COUNT(*) AS n FROM audit_log');
    expect(Number(auditAfter) - Number(auditBefore)).toBe(3);

    // Anonymous callers lose it at once on this instance (read-your-writes of the model).
    expect((await app().get('/rest/product_accessible')).body.ids).not.toContain(fx.widget);
    expect((await app().get('/rest/product', { query: { names: 'Widget' } })).body).toEqual({ products: [] });
    expect((await app().get(`/rest/product/${fx.widget}`)).body).toEqual({ products: [] });
    const rpc = await xmlrpc(app(), 'Product.get', { ids: [fx.widget] });
    expect(rpc.value).toEqual({ products: [] });
    const rpcAccessible = await xmlrpc(app(), 'Product.get_accessible_products');
    expect((rpcAccessible.value as { ids: number[] }).ids).not.toContain(fx.widget);
    // The admin is not in Secret either: Widget is gone for them too, but its controls stay theirs to edit? No:
    // Bugzilla's check_can_admin_product needs the product to be visible.
    const adminRead = await app().get(path(), as(fx.adminKey));
    expect(adminRead.status).toBe(401);
  });

  it('a group becoming NA: its rows go when every setting is zero, and the bugs of the product leave the group', async () => {
    // The admin joins Secret to see Widget again.
    await app().seed.userGroups(fx.adminId, [fx.groups.secret]);
    const res = await app().put(`/rest/product/Widget/group_controls`, {
      ...as(fx.adminKey),
      body: { group_controls: [{ group: fx.groups.secret, membercontrol: 'NA', othercontrol: 'NA', entry: false }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual({
      Secret: {
        entry: { removed: '1', added: '0' },
        membercontrol: { removed: 'Mandatory', added: 'NA' },
        othercontrol: { removed: 'Mandatory', added: 'NA' },
      },
    });
    expect(res.body.group_controls[2]).toEqual(control(groups().secret));
    expect(
      await app().rows('SELECT 1 FROM group_control_map WHERE product_id = ? AND group_id = ?', [
        fx.widget,
        fx.groups.secret,
      ]),
    ).toEqual([]);
    // Other's bug keeps the group; Widget's bugs left it.
    expect(
      await app().rows('SELECT bug_id FROM bug_group_map WHERE group_id = ? ORDER BY bug_id', [fx.groups.secret]),
    ).toEqual([{ bug_id: fx.bugs.other }]);
    expect(
      await app().rows(
        `SELECT a.bug_id, f.name AS field, a.removed, a.added FROM bugs_activity a
           JOIN fielddefs f ON f.id = a.fieldid WHERE a.removed = 'Secret' ORDER BY a.bug_id`,
      ),
    ).toEqual([
      { bug_id: fx.bugs.open, field: 'bug_group', removed: 'Secret', added: '' },
      { bug_id: fx.bugs.secret, field: 'bug_group', removed: 'Secret', added: '' },
    ]);
    expect((await app().get('/rest/product_accessible')).body.ids).toContain(fx.widget);
  });

  it('tens of thousands of groups in one body: 51 for the first unknown one, never a 500, nothing changed', async () => {
    const before = await stored();
    const group_controls = [
      { group: 'Secret', entry: true },
      ...Array.from({ length: 25_000 }, (_, i) => ({ group: `g${i}`, entry: 1 })),
    ];
    const res = await app().put(path(), { ...as(fx.adminKey), body: { group_controls } });
    expect([res.status, res.body]).toEqual([404, error(51, "There is no group named 'g0'.")]);
    expect(await stored()).toEqual(before);
  });

  it('flags alone change without the controls; a no-op answers no changes and writes nothing', async () => {
    const res = await app().put(path(), {
      ...as(fx.productAdminKey),
      body: { group_controls: [{ group: 'prodadmins', canconfirm: true, editbugs: '1' }] },
    });
    expect(res.body.changes).toEqual({
      prodadmins: { editbugs: { removed: '0', added: '1' }, canconfirm: { removed: '0', added: '1' } },
    });
    const before = await stored();
    const again = await app().put(path(), {
      ...as(fx.productAdminKey),
      body: { group_controls: [{ group: 'prodadmins', canconfirm: true }] },
    });
    expect([again.status, again.body.changes]).toEqual([200, {}]);
    expect(await stored()).toEqual(before);
  });

  itLeavesTheDatabaseConsistent(app);
});
