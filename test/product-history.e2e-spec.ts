import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { envelope as error } from './support/envelope.js';
import { otherWriter } from './support/other-writer.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * GET /rest/product/{id_or_name}/history (SPEC §10): the product's trail from audit_log — its own
 * rows, its group controls, components, versions, milestones and the flag types that apply to it,
 * written by the administration routes themselves — newest first, paged with limit and before,
 * only for those who administer the product. Within one second, entries come in the order the rows
 * were written — whoever wrote them — and an entry keeps its id as the trail grows.
 */

interface Entry {
  id: number;
  when: string;
  who: string | null;
  class: string;
  object_id: number;
  field: string;
  removed: string | null;
  added: string | null;
}

/** An audit_log row as written: user, class, object, field, removed, added, at_time. */
type AuditRow = [number, string, number, string, string | null, string | null, string];

/** What an entry says, without its id and time. */
const change = (e: Entry) => [e.class, e.object_id, e.field, e.removed, e.added];

interface World {
  adminId: number;
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
    adminId,
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

  describe('within one second, the order the rows were written', () => {
    const asAdmin = () => as(world.adminKey);
    const createProduct = async (name: string) => {
      const res = await app().post('/rest/product', {
        ...asAdmin(),
        body: { name, description: `${name} things`, version: '1.0' },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const trail = async (product: string, query: Record<string, number> = {}) => {
      const res = await history(world.adminKey, { limit: 1000, ...query }, product);
      expect(res.status).toBe(200);
      return res.body.history as Entry[];
    };
    /** A product's versions or milestones: id by value. */
    const valueIds = async (table: 'versions' | 'milestones', product: number) => {
      const rows = await app().rows<{ id: number; value: string }>(
        `SELECT id, value FROM ${table} WHERE product_id = ?`,
        [product],
      );
      return Object.fromEntries(rows.map((r) => [r.value, Number(r.id)]));
    };
    /** Rows written past the service, one INSERT each, as a Perl Bugzilla or an admin's SQL prompt would. */
    const writeAsAnotherWriter = async (rows: AuditRow[]) => {
      const writer = await otherWriter(app());
      try {
        for (const row of rows) {
          await writer.run(
            'INSERT INTO audit_log (user_id, class, object_id, field, removed, added, at_time) VALUES (?, ?, ?, ?, ?, ?, ?)',
            row,
          );
        }
      } finally {
        await writer.close();
      }
    };

    it("a rename made in the second its product was created is newer than the creation's rows", async () => {
      const id = await createProduct('Sprocket');
      const renamed = await app().put('/rest/product/Sprocket', { ...asAdmin(), body: { name: 'Cogwheel' } });
      expect(renamed.status).toBe(200);
      const versions = await valueIds('versions', id);
      const milestones = await valueIds('milestones', id);
      // As if both requests ran within one second: the rows' time becomes one second, their stored
      // order stays. By class and object, the version's __create__ would sort last (newest).
      await app().rows(
        `UPDATE audit_log SET at_time = '2031-03-04 05:06:07'
          WHERE (class = 'Bugzilla::Product' AND object_id = ?) OR (class = 'Bugzilla::Version' AND object_id = ?)
             OR (class = 'Bugzilla::Milestone' AND object_id = ?)`,
        [id, versions['1.0'], milestones['---']],
      );

      const entries = await trail('Cogwheel');
      expect(entries).toEqual(
        [
          ['Bugzilla::Product', id, 'name', 'Sprocket', 'Cogwheel'],
          ['Bugzilla::Milestone', milestones['---'], '__create__', null, '---'],
          ['Bugzilla::Version', versions['1.0'], '__create__', null, '1.0'],
          ['Bugzilla::Product', id, '__create__', null, 'Sprocket'],
        ].map(([cls, objectId, field, removed, added], i) => ({
          id: 4 - i,
          when: '2031-03-04T05:06:07Z',
          who: 'admin@example.com',
          class: cls,
          object_id: objectId,
          field,
          removed,
          added,
        })),
      );
    });

    it("another writer's rows of one second come out in the order written, whatever their class and object", async () => {
      const id = await createProduct('Gizmo');
      expect((await app().post('/rest/product/Gizmo/version', { ...asAdmin(), body: { name: '2.0' } })).status).toBe(
        201,
      );
      const gears = await app().post('/rest/component', {
        ...asAdmin(),
        body: { product: 'Gizmo', name: 'Gears', description: 'Turns', default_assignee: 'admin@example.com' },
      });
      expect(gears.status).toBe(201);
      const versions = await valueIds('versions', id);
      const [milestone] = Object.values(await valueIds('milestones', id));
      const component = gears.body.id as number;
      const before = await trail('Gizmo');

      // Neither by class (Component < Milestone < Product < Version) nor by object id, nor by field.
      const at = '2032-06-01 12:00:00';
      const written: AuditRow[] = [
        [world.adminId, 'Bugzilla::Version', versions['2.0'], 'value', '2.0', '2.1', at],
        [world.adminId, 'Bugzilla::Version', versions['1.0'], 'value', '1.0', '1.1', at],
        [world.adminId, 'Bugzilla::Product', id, 'description', 'Gizmo things', 'Gizmos', at],
        [world.adminId, 'Bugzilla::Component', component, 'description', 'Turns', 'Spins', at],
        [world.adminId, 'Bugzilla::Milestone', milestone, 'sortkey', '0', '10', at],
        [world.adminId, 'Bugzilla::Product', id, 'defaultmilestone', '---', '---', at],
      ];
      await writeAsAnotherWriter(written);

      const after = await trail('Gizmo');
      expect(after.slice(written.length)).toEqual(before);
      expect(after.slice(0, written.length)).toEqual(
        written
          .map(([, cls, objectId, field, removed, added], i) => ({
            id: before.length + i + 1,
            when: '2032-06-01T12:00:00Z',
            who: 'admin@example.com',
            class: cls,
            object_id: objectId,
            field,
            removed,
            added,
          }))
          .reverse(),
      );
    });

    it('an entry keeps its id as rows are added, in the same second as the newest or later, and when the table is rebuilt', async () => {
      const id = await createProduct('Doohickey');
      await app().put('/rest/product/Doohickey', { ...asAdmin(), body: { description: 'Useful' } });
      const before = await trail('Doohickey');
      expect(before.map((e) => e.id)).toEqual([4, 3, 2, 1]);

      // One more row in the second of the newest, by another writer, then a write through the service.
      const newest = before[0].when.replace('T', ' ').replace('Z', '');
      await writeAsAnotherWriter([[world.adminId, 'Bugzilla::Product', id, 'allows_unconfirmed', '1', '0', newest]]);
      expect(
        (await app().put('/rest/product/Doohickey', { ...asAdmin(), body: { description: 'Handy' } })).status,
      ).toBe(200);
      const after = await trail('Doohickey');
      expect(after.slice(-before.length)).toEqual(before);
      expect(after.slice(0, -before.length).map((e) => [e.id, ...change(e)])).toEqual([
        [6, 'Bugzilla::Product', id, 'description', 'Useful', 'Handy'],
        [5, 'Bugzilla::Product', id, 'allows_unconfirmed', '1', '0'],
      ]);
      expect(after[1].when).toBe(before[0].when);

      // A rebuild copies the table in its stored order (SQLite's VACUUM may renumber rowids).
      await app().rows(app().dialect === 'mysql' ? 'OPTIMIZE TABLE audit_log' : 'VACUUM');
      expect(await trail('Doohickey')).toEqual(after);
    });

    it('pages back with before through a group of one second, in the order written', async () => {
      const id = await createProduct('Thingamajig');
      const created = await trail('Thingamajig');
      const at = '2033-01-01 00:00:00';
      const written: AuditRow[] = ['e', 'd', 'c', 'b', 'a'].map((value, i) => [
        world.adminId,
        i % 2 === 0 ? 'Bugzilla::Product' : 'Bugzilla::Version',
        i % 2 === 0 ? id : created.find((e) => e.class === 'Bugzilla::Version')!.object_id,
        'description',
        null,
        value,
        at,
      ]);
      await writeAsAnotherWriter(written);

      const all = await trail('Thingamajig');
      expect(all.map((e) => e.added)).toEqual(['a', 'b', 'c', 'd', 'e', ...created.map((e) => e.added)]);
      const pages: Entry[][] = [];
      let before: number | undefined;
      for (;;) {
        const page = await trail('Thingamajig', before === undefined ? { limit: 2 } : { limit: 2, before });
        if (page.length === 0) break;
        pages.push(page);
        before = page[page.length - 1].id;
      }
      expect(pages.map((page) => page.map((e) => e.added))).toEqual([
        ['a', 'b'],
        ['c', 'd'],
        ['e', created[0].added],
        created.slice(1).map((e) => e.added),
      ]);
      expect(pages.flat()).toEqual(all);
    });
  });

  itLeavesTheDatabaseConsistent(app);
});
