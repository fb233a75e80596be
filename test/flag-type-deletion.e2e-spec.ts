import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { envelope as error } from './support/envelope.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * DELETE /rest/flag_type/{id_or_name} (SPEC §10; Bugzilla's editflagtypes.cgi `delete`,
 * User.pm check_can_admin_flagtype): who may, the type going with its inclusions, exclusions and
 * flags, its audit row, and refusals that change nothing.
 */

interface World {
  adminId: number;
  adminKey: string;
  plainKey: string;
  ownerKey: string;
  ownerId: number;
  types: { mine: number; shared: number; theirs: number; byName: number[] };
  bug: number;
}

async function seedWorld(app: TestApp): Promise<World> {
  const seed = app.seed;
  const adminId = await seed.user('admin@example.com', { groups: ['admin'] });
  const plainId = await seed.user('plain@example.com');
  const owners = await seed.group('owners');
  const ownerId = await seed.user('owner@example.com', { groups: [owners] });
  const product = async (name: string) => {
    const id = await seed.product(name);
    const component = await seed.component(id, 'main', { owner: adminId });
    await seed.version(id, 'unspecified');
    await seed.milestone(id, '---');
    return { id, component };
  };
  const ours = await product('Ours');
  const other = await product('Other');
  await seed.groupControl(owners, ours.id, { entry: false, membercontrol: 0, othercontrol: 0, editcomponents: true });

  const mine = await seed.flagType('mine', { requestable: true });
  await seed.flagInclusion(mine, ours.id, null);
  const spare = await seed.component(ours.id, 'spare', { owner: adminId });
  await seed.flagExclusion(mine, ours.id, spare);
  const shared = await seed.flagType('shared');
  await seed.flagInclusion(shared, ours.id, null);
  await seed.flagInclusion(shared, other.id, null);
  const theirs = await seed.flagType('theirs');
  await seed.flagInclusion(theirs, other.id, null);
  const twinA = await seed.flagType('twin');
  await seed.flagInclusion(twinA, other.id, null);
  const twinB = await seed.flagType('twin');
  await seed.flagInclusion(twinB, null, null);

  const bug = await seed.bug({ product: ours.id, component: ours.component, reporter: adminId, assignee: adminId });
  for (const [type, status] of [
    [mine, '?'],
    [shared, '+'],
  ] as const) {
    await seed.insert('flags', {
      type_id: type,
      status,
      bug_id: bug,
      creation_date: new Date(),
      modification_date: new Date(),
      setter_id: adminId,
    });
  }
  return {
    adminId,
    adminKey: await seed.apiKey(adminId),
    plainKey: await seed.apiKey(plainId),
    ownerKey: await seed.apiKey(ownerId),
    ownerId,
    types: { mine, shared, theirs, byName: [twinA, twinB] },
    bug,
  };
}

const snapshot = async (app: TestApp) => ({
  types: await app.rows('SELECT id FROM flagtypes ORDER BY id'),
  inclusions: await app.rows(
    'SELECT type_id, product_id, component_id FROM flaginclusions ORDER BY type_id, product_id',
  ),
  exclusions: await app.rows('SELECT type_id, product_id, component_id FROM flagexclusions ORDER BY type_id'),
  flags: await app.rows('SELECT id, type_id FROM flags ORDER BY id'),
  audit: await app.rows('SELECT COUNT(*) AS n FROM audit_log'),
});

forEachDialect('flag type deletion', (app) => {
  let world: World;
  const as = (key: string) => ({ headers: { 'X-BUGZILLA-API-KEY': key } });

  beforeAll(async () => {
    world = await seedWorld(app());
  });

  it('refuses without rights (410, 304), unknown types (51), and types a product-level admin may not delete', async () => {
    const before = await snapshot(app());
    expect((await app().delete(`/rest/flag_type/${world.types.mine}`)).body).toEqual(
      error(410, 'You must log in before using this part of Bugzilla.'),
    );
    const plain = await app().delete(`/rest/flag_type/${world.types.mine}`, as(world.plainKey));
    expect([plain.status, plain.body]).toEqual([
      401,
      error(
        304,
        "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete flag types.",
      ),
    ]);
    const missing = await app().delete('/rest/flag_type/999999', as(world.adminKey));
    expect([missing.status, missing.body]).toEqual([404, error(51, "There is no flagtype with the id '999999'.")]);
    const missingName = await app().delete('/rest/flag_type/nothing', as(world.adminKey));
    expect([missingName.status, missingName.body]).toEqual([404, error(51, "There is no flagtype named 'nothing'.")]);
    const theirs = await app().delete(`/rest/flag_type/${world.types.theirs}`, as(world.ownerKey));
    expect([theirs.status, theirs.body]).toEqual([
      400,
      error(
        1105,
        "You are not allowed to edit properties of the 'theirs' flag type, because this flag type is not available for the products you can administer.",
      ),
    ]);
    const shared = await app().delete(`/rest/flag_type/${world.types.shared}`, as(world.ownerKey));
    expect([shared.status, shared.body]).toEqual([
      400,
      error(
        32000,
        "Sorry, but the flag type 'shared' also applies to some products you cannot see, and so you are not allowed to delete it.",
      ),
    ]);
    expect(await snapshot(app())).toEqual(before);
  });

  it('a product-level admin deletes a type of their products only: it goes with its rules and flags, audited', async () => {
    const before = await snapshot(app());
    const res = await app().delete(`/rest/flag_type/${world.types.mine}`, as(world.ownerKey));
    expect([res.status, res.body]).toEqual([200, { flagtypes: [{ id: world.types.mine }] }]);
    const after = await snapshot(app());
    expect(after.types).toEqual(before.types.filter((t: { id: number }) => t.id !== world.types.mine));
    expect(after.inclusions).toEqual(
      before.inclusions.filter((r: { type_id: number }) => r.type_id !== world.types.mine),
    );
    expect(after.exclusions).toEqual(
      before.exclusions.filter((r: { type_id: number }) => r.type_id !== world.types.mine),
    );
    expect(after.flags).toEqual(before.flags.filter((f: { type_id: number }) => f.type_id !== world.types.mine));
    expect(after.flags).toHaveLength(1);
    expect(
      await app().rows(
        "SELECT user_id, class, object_id, field, removed, added FROM audit_log WHERE field = '__remove__'",
      ),
    ).toEqual([
      {
        user_id: world.ownerId,
        class: 'Bugzilla::FlagType',
        object_id: world.types.mine,
        field: '__remove__',
        removed: 'mine',
        added: null,
      },
    ]);
    // The product read no longer lists it.
    const product = await app().get('/rest/product/Ours', as(world.adminKey));
    const listed = product.body.products[0].components[0].flag_types.bug.map((t: { name: string }) => t.name);
    expect(listed).toEqual(['shared', 'twin']);
  });

  it('an editcomponents member deletes any type; a name deletes every type of that name', async () => {
    const shared = await app().delete(`/rest/flag_type/${world.types.shared}`, as(world.adminKey));
    expect(shared.body).toEqual({ flagtypes: [{ id: world.types.shared }] });
    expect(await app().rows('SELECT id FROM flags')).toEqual([]);
    const twins = await app().delete('/rest/flag_type/twin', as(world.adminKey));
    expect(twins.body).toEqual({ flagtypes: world.types.byName.map((id) => ({ id })) });
    expect(await app().rows('SELECT name FROM flagtypes ORDER BY name')).toEqual([{ name: 'theirs' }]);
  });

  itLeavesTheDatabaseConsistent(app);
});
