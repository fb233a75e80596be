import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { jsonrpc, xmlrpc } from './support/rpc-client.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * What a flag type update does to existing flags, as Bugzilla's FlagType->update does it in
 * the same transaction (Bugzilla/FlagType.pm `update`, Bugzilla/Flag.pm `force_retarget` and
 * `retarget`): flags on bugs and attachments their type no longer applies to move to the first
 * active type of the same name that applies, has room (multiplicable, or no flag there yet)
 * and that the setter may set (or request, for '?') — else they are deleted; a type no longer
 * specifically requestable loses its flags' requestees. Over REST, XML-RPC and JSON-RPC.
 */

interface Fixture {
  key: string;
  users: Record<'admin' | 'granter' | 'plain', number>;
  products: Record<'one' | 'two', number>;
  components: Record<'a' | 'b' | 'c', number>;
  bugs: Record<'a' | 'b' | 'c', number>;
  attachments: Record<'a' | 'c', number>;
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  await seed.group('granters', { grantAdmin: true });
  const users = {
    admin: await seed.user('admin@example.com', { groups: ['admin', 'editcomponents'] }),
    granter: await seed.user('granter@example.com', { groups: ['granters'] }),
    plain: await seed.user('plain@example.com'),
  };
  const key = await seed.apiKey(users.admin);
  const product = async (name: string) => {
    const id = await seed.product(name);
    await seed.version(id, 'unspecified');
    await seed.milestone(id, '---');
    return id;
  };
  const products = { one: await product('One'), two: await product('Two') };
  const components = {
    a: await seed.component(products.one, 'A', { owner: users.admin }),
    b: await seed.component(products.one, 'B', { owner: users.admin }),
    c: await seed.component(products.two, 'C', { owner: users.admin }),
  };
  const bug = (productId: number, component: number) =>
    seed.bug({ product: productId, component, reporter: users.admin, assignee: users.admin });
  const bugs = {
    a: await bug(products.one, components.a),
    b: await bug(products.one, components.b),
    c: await bug(products.two, components.c),
  };
  const attachment = (bugId: number) => seed.attachment(bugId, users.admin, { filename: 'fix.diff' });
  const attachments = { a: await attachment(bugs.a), c: await attachment(bugs.c) };
  return { key, users, products, components, bugs, attachments };
}

/** A flag as Bugzilla stores it; returns its id. */
const flag = (app: TestApp, row: Parameters<TestApp['seed']['flag']>[0]) => app.seed.flag(row);

async function flagsOf(app: TestApp, ids: number[]) {
  const rows = await app.rows(
    `SELECT id, type_id, requestee_id FROM flags WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
    ids,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    type_id: Number(row.type_id),
    requestee_id: row.requestee_id === null ? null : Number(row.requestee_id),
  }));
}

forEachDialect('a flag type update and the flags that exist', (app) => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await seedFixture(app());
  });

  it('REST: turning is_requesteeble off clears the requestee of every flag of the type, and only of that type', async () => {
    const seed = app().seed;
    const needinfo = await seed.flagType('needinfo', { requestable: true, requesteeble: true, multiplicable: true });
    const other = await seed.flagType('needinfo-other', { requestable: true, requesteeble: true });
    for (const type of [needinfo, other]) await seed.flagInclusion(type, null, null);
    const asked = await flag(app(), {
      type: needinfo,
      status: '?',
      bug: fx.bugs.a,
      setter: fx.users.admin,
      requestee: fx.users.plain,
    });
    const askedOfGranter = await flag(app(), {
      type: needinfo,
      status: '?',
      bug: fx.bugs.a,
      setter: fx.users.admin,
      requestee: fx.users.granter,
    });
    const untouched = await flag(app(), {
      type: other,
      status: '?',
      bug: fx.bugs.a,
      setter: fx.users.admin,
      requestee: fx.users.plain,
    });

    const res = await app().put(`/rest/flag_type/${needinfo}`, {
      query: { api_key: fx.key },
      body: { is_specifically_requestable: false },
    });
    expect({ status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({
      status: 200,
      body: undefined,
    });
    expect(res.body).toEqual({
      flagtypes: [{ id: needinfo, name: 'needinfo', changes: { is_requesteeble: { removed: '1', added: '0' } } }],
    });
    expect(await flagsOf(app(), [asked, askedOfGranter, untouched])).toEqual([
      { id: asked, type_id: needinfo, requestee_id: null },
      { id: askedOfGranter, type_id: needinfo, requestee_id: null },
      { id: untouched, type_id: other, requestee_id: fx.users.plain },
    ]);
  });

  it('REST: bug flags outside the new inclusions move to the same-named type the setter may set, or are deleted', async () => {
    const seed = app().seed;
    const qa = await seed.flagType('qa', { requestable: true, multiplicable: true, sortkey: 10 });
    await seed.flagInclusion(qa, fx.products.one, null);
    // Its twin: same name, only on One/B, granted by 'granters' (anyone may request it).
    const twin = await seed.flagType('qa', {
      requestable: true,
      multiplicable: true,
      sortkey: 20,
      grantGroup: 'granters',
    });
    await seed.flagInclusion(twin, fx.products.one, fx.components.b);
    // Same name but another case: Bugzilla compares names exactly.
    const otherCase = await seed.flagType('QA', { requestable: true, multiplicable: true, sortkey: 1 });
    await seed.flagInclusion(otherCase, null, null);

    const onA = await flag(app(), { type: qa, status: '+', bug: fx.bugs.a, setter: fx.users.granter });
    const grantedOnB = await flag(app(), { type: qa, status: '+', bug: fx.bugs.b, setter: fx.users.granter });
    const setByPlainOnB = await flag(app(), { type: qa, status: '+', bug: fx.bugs.b, setter: fx.users.plain });
    const requestedByPlainOnB = await flag(app(), { type: qa, status: '?', bug: fx.bugs.b, setter: fx.users.plain });

    const res = await app().put(`/rest/flag_type/${qa}`, {
      query: { api_key: fx.key },
      body: { inclusions: ['Two'] },
    });
    expect({ status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({
      status: 200,
      body: undefined,
    });
    expect(res.body.flagtypes[0].changes).toEqual({ inclusions: { removed: '0', added: '1' } });
    expect(await flagsOf(app(), [onA, grantedOnB, setByPlainOnB, requestedByPlainOnB])).toEqual([
      // One/A: no 'qa' type applies there any more (the twin is for One/B only).
      // One/B: the twin applies; the granter may set it, the plain user may only request it.
      { id: grantedOnB, type_id: twin, requestee_id: null },
      { id: requestedByPlainOnB, type_id: twin, requestee_id: null },
    ]);
  });

  it('JSON-RPC: attachment flags now excluded skip inactive and bug types, and a non-multiplicable type takes one', async () => {
    const seed = app().seed;
    const review = await seed.flagType('review', {
      targetType: 'a',
      requestable: true,
      multiplicable: true,
      sortkey: 10,
    });
    await seed.flagInclusion(review, null, null);
    const inactive = await seed.flagType('review', { targetType: 'a', isactive: false, sortkey: 1 });
    await seed.flagInclusion(inactive, null, null);
    const bugReview = await seed.flagType('review', { targetType: 'b', sortkey: 2 });
    await seed.flagInclusion(bugReview, null, null);
    const single = await seed.flagType('review', { targetType: 'a', requestable: true, sortkey: 20 });
    await seed.flagInclusion(single, null, null);

    const requested = await flag(app(), {
      type: review,
      status: '?',
      bug: fx.bugs.a,
      attachment: fx.attachments.a,
      setter: fx.users.plain,
    });
    const granted = await flag(app(), {
      type: review,
      status: '+',
      bug: fx.bugs.a,
      attachment: fx.attachments.a,
      setter: fx.users.admin,
    });
    const elsewhere = await flag(app(), {
      type: review,
      status: '+',
      bug: fx.bugs.c,
      attachment: fx.attachments.c,
      setter: fx.users.admin,
    });

    const answer = await jsonrpc(app(), 'FlagType.update', {
      api_key: fx.key,
      ids: [review],
      exclusions: [{ One: ['A'] }],
    });
    expect(answer.fault).toEqual(undefined);
    expect(await flagsOf(app(), [requested, granted, elsewhere])).toEqual([
      // The first applicable active attachment type of that name with room takes the first flag;
      // it is not multiplicable, so the second finds no room and is deleted.
      { id: requested, type_id: single, requestee_id: null },
      { id: elsewhere, type_id: review, requestee_id: null },
    ]);
  });

  it('XML-RPC: the same rules over the other transport (a requestee cleared on an attachment flag, a bug flag moved)', async () => {
    const seed = app().seed;
    const sec = await seed.flagType('sec', {
      targetType: 'a',
      requestable: true,
      requesteeble: true,
      multiplicable: true,
    });
    await seed.flagInclusion(sec, null, null);
    const onAttachment = await flag(app(), {
      type: sec,
      status: '?',
      bug: fx.bugs.c,
      attachment: fx.attachments.c,
      setter: fx.users.admin,
      requestee: fx.users.plain,
    });
    const triage = await seed.flagType('triage', { multiplicable: true, sortkey: 10 });
    await seed.flagInclusion(triage, null, null);
    const triageTwo = await seed.flagType('triage', { multiplicable: true, sortkey: 20 });
    await seed.flagInclusion(triageTwo, fx.products.two, null);
    const onC = await flag(app(), { type: triage, status: '+', bug: fx.bugs.c, setter: fx.users.plain });

    const first = await xmlrpc(app(), 'FlagType.update', {
      api_key: fx.key,
      ids: [sec],
      is_specifically_requestable: false,
    });
    expect(first.fault).toEqual(undefined);
    const second = await xmlrpc(app(), 'FlagType.update', { api_key: fx.key, ids: [triage], exclusions: ['Two'] });
    expect(second.fault).toEqual(undefined);
    expect(await flagsOf(app(), [onAttachment, onC])).toEqual([
      { id: onAttachment, type_id: sec, requestee_id: null },
      { id: onC, type_id: triageTwo, requestee_id: null },
    ]);
  });

  it('a refused update changes no flag', async () => {
    const seed = app().seed;
    const keep = await seed.flagType('keep', { requesteeble: true, requestable: true });
    await seed.flagInclusion(keep, null, null);
    const kept = await flag(app(), {
      type: keep,
      status: '?',
      bug: fx.bugs.a,
      setter: fx.users.admin,
      requestee: fx.users.plain,
    });
    const res = await app().put(`/rest/flag_type/${keep}`, {
      query: { api_key: fx.key },
      body: { is_specifically_requestable: false, inclusions: ['NoSuchProduct'] },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await flagsOf(app(), [kept])).toEqual([{ id: kept, type_id: keep, requestee_id: fx.users.plain }]);
  });

  itLeavesTheDatabaseConsistent(app);
});
