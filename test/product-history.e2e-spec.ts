import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { envelope as error } from './support/envelope.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * GET /rest/product/{id_or_name}/history (SPEC §10): the product's trail from audit_log — its own
 * rows, its group controls, components, versions, milestones and the flag types that apply to it,
 * written by the administration routes themselves — newest first, paged with limit and before,
 * only for those who administer the product.
 */

interface World {
  adminKey: string;
  plainKey: string;
  ownerKey: string;
  widget: number;
  other: number;
}

async function seedWorld(app: TestApp): Promise<World> {
  const seed = app.seed;
  const adminId = await seed.user('admin@example.com', { groups: ['admin'] });
  const plainId = await seed.user('plain@example.com');
  const owners = await seed.group('owners');
  const ownerId = await seed.user('owner@example.com', { groups: [owners] });
  const adminKey = await seed.apiKey(adminId);
  const as = { headers: { 'X-BUGZILLA-API-KEY': adminKey } };
  const create = async (name: string) =>
    (await app.post('/rest/product', { ...as, body: { name, description: `${name} things`, version: '1.0' } })).body
      .id as number;
  const widget = await create('Widget');
  const other = await create('Other');
  // Writes through the API, each leaving its audit rows.
  await app.put('/rest/product/Widget', { ...as, body: { description: 'Better things' } });
  await app.post('/rest/component', {
    ...as,
    body: { product: 'Widget', name: 'Gears', description: 'Turns', default_assignee: 'admin@example.com' },
  });
  await app.post('/rest/product/Widget/version', { ...as, body: { name: '2.0' } });
  await app.put('/rest/product/Widget/group_controls', {
    ...as,
    body: { group_controls: [{ group: 'owners', editcomponents: true }] },
  });
  await app.post('/rest/flag_type', {
    ...as,
    body: { name: 'review', description: 'Review it', inclusions: ['Widget'] },
  });
  await app.post('/rest/flag_type', {
    ...as,
    body: { name: 'elsewhere', description: 'Only Other', inclusions: ['Other'] },
  });
  await app.put('/rest/product/Other', { ...as, body: { description: 'Unrelated change' } });
  return {
    adminKey,
    plainKey: await seed.apiKey(plainId),
    ownerKey: await seed.apiKey(ownerId),
    widget,
    other,
  };
}

forEachDialect('product history', (app) => {
  let world: World;
  const as = (key: string) => ({ headers: { 'X-BUGZILLA-API-KEY': key } });
  const history = (key: string, query: Record<string, string | number> = {}, product = 'Widget') =>
    app().get(`/rest/product/${product}/history`, { ...as(key), query });

  beforeAll(async () => {
    world = await seedWorld(app());
  });

  it("lists the product's trail, newest first: its rows, its group controls, its component, versions, milestone and flag types", async () => {
    const res = await history(world.adminKey);
    expect(res.status).toBe(200);
    const entries = res.body.history as Record<string, unknown>[];
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual(Array.from({ length: entries.length }, (_, i) => entries.length - i));
    for (const entry of entries) {
      expect(entry).toEqual({
        id: expect.any(Number),
        when: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        who: 'admin@example.com',
        class: expect.any(String),
        object_id: expect.any(Number),
        field: expect.any(String),
        removed: entry.removed === null ? null : expect.any(String),
        added: entry.added === null ? null : expect.any(String),
      });
    }
    const [component] = await app().rows("SELECT id FROM components WHERE name = 'Gears'");
    const [review] = await app().rows("SELECT id FROM flagtypes WHERE name = 'review'");
    const versions = await app().rows('SELECT id, value FROM versions WHERE product_id = ? ORDER BY value', [
      world.widget,
    ]);
    const [milestone] = await app().rows('SELECT id FROM milestones WHERE product_id = ?', [world.widget]);
    const key = (e: Record<string, unknown>) => `${e.class} ${e.object_id} ${e.field} ${e.removed} ${e.added}`;
    expect(
      entries
        .map(({ class: c, object_id, field, removed, added }) => ({ class: c, object_id, field, removed, added }))
        .sort((a, b) => key(a).localeCompare(key(b))),
    ).toEqual(
      [
        { class: 'Bugzilla::Component', object_id: component.id, field: '__create__', removed: null, added: 'Gears' },
        { class: 'Bugzilla::FlagType', object_id: review.id, field: '__create__', removed: null, added: 'review' },
        { class: 'Bugzilla::Milestone', object_id: milestone.id, field: '__create__', removed: null, added: '---' },
        { class: 'Bugzilla::Product', object_id: world.widget, field: '__create__', removed: null, added: 'Widget' },
        {
          class: 'Bugzilla::Product',
          object_id: world.widget,
          field: 'description',
          removed: 'Widget things',
          added: 'Better things',
        },
        {
          class: 'Bugzilla::Product',
          object_id: world.widget,
          field: 'group_control_map.editcomponents',
          removed: 'owners: 0',
          added: 'owners: 1',
        },
        { class: 'Bugzilla::Version', object_id: versions[0].id, field: '__create__', removed: null, added: '1.0' },
        { class: 'Bugzilla::Version', object_id: versions[1].id, field: '__create__', removed: null, added: '2.0' },
      ].sort((a, b) => key(a).localeCompare(key(b))),
    );
    // Newest first: the group control came after the product was created.
    const position = (field: string) => entries.findIndex((e) => e.field === field && e.class === 'Bugzilla::Product');
    expect(position('group_control_map.editcomponents')).toBeLessThan(position('__create__'));
  });

  it('pages back with limit and before; the pages together are the whole trail', async () => {
    const all = (await history(world.adminKey)).body.history as { id: number }[];
    const pages: { id: number }[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await history(world.adminKey, before === undefined ? { limit: 3 } : { limit: 3, before });
      expect(page.status).toBe(200);
      const entries = page.body.history as { id: number }[];
      if (entries.length === 0) break;
      expect(entries.length).toBeLessThanOrEqual(3);
      pages.push(...entries);
      before = entries[entries.length - 1].id;
    }
    expect(pages).toEqual(all);
    expect((await history(world.adminKey, { before: 1 })).body).toEqual({ history: [] });
  });

  it.each([
    [{ limit: 0 }, 32000, 'The limit must be a number from 1 to 1000 (got 0).'],
    [{ limit: 1001 }, 32000, 'The limit must be a number from 1 to 1000 (got 1001).'],
    [{ limit: 'ten' }, 52, "Invalid parameter passed to the function: 'limit' must be numeric (got 'ten')."],
    [{ before: 'x' }, 52, "Invalid parameter passed to the function: 'before' must be numeric (got 'x')."],
  ])('refuses %j with %i', async (query, code, message) => {
    const res = await history(world.adminKey, query);
    expect([res.status, res.body]).toEqual([400, error(code, message)]);
  });

  it('only for those who administer the product', async () => {
    expect((await app().get('/rest/product/Widget/history')).body).toEqual(
      error(410, 'You must log in before using this part of Bugzilla.'),
    );
    expect((await history(world.plainKey)).body.code).toBe(304);
    // The owners group got editcomponents on Widget above: its member reads Widget's history, not Other's.
    expect((await history(world.ownerKey)).status).toBe(200);
    expect((await history(world.ownerKey, {}, 'Other')).body).toEqual(
      error(32000, "You are not allowed to edit properties of product 'Other'."),
    );
    const missing = await history(world.adminKey, {}, '999999');
    expect([missing.status, missing.body]).toEqual([
      401,
      error(106, "Either the product with the id 999999 does not exist or you don't have access to it."),
    ]);
    // Other's trail holds its own rows and its flag type, none of Widget's.
    const other = (await history(world.adminKey, {}, String(world.other))).body.history as { added: string | null }[];
    expect(other.map((e) => e.added).sort()).toEqual(['---', '1.0', 'Other', 'Unrelated change', 'elsewhere']);
  });

  itLeavesTheDatabaseConsistent(app);
});
