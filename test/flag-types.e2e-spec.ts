import { forEachDialect, type TestApp } from './support/test-app.js';
import { envelope as error } from './support/envelope.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';

/**
 * Flag types (Bugzilla 5.2's FlagType.get/create/update, captures §3):
 * GET /rest/flag_type/{product}[/{component}], POST /rest/flag_type and
 * PUT /rest/flag_type/{id_or_name} — who may do what, the rows written, every
 * validation error with nothing written, and the answers' exact shape.
 */

interface Fixture {
  keys: { admin: string; plain: string; compadmin: string; secret: string; editcomp: string };
  userIds: { admin: number; compadmin: number };
  groups: { compAdmins: number; reviewers: number };
  products: { edit: number; other: number; secret: number; flags: number };
  components: { a: number; min: number; edit: number };
}

/**
 * The captures' fixture: ref-compadmin administers RefProdEdit through
 * group_control_map.editcomponents; ref-editcomp is in editcomponents but cannot see
 * RefProdSecret; RefProdFlags has components RefCompA and RefCompMin.
 */
async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const compAdmins = await seed.group('RefCompAdmins');
  const secretGroup = await seed.group('RefSecretGrp');
  const reviewers = await seed.group('Reviewers');
  const user = async (login: string, groups: (string | number)[]) => {
    const id = await seed.user(login, { groups });
    return { id, key: await seed.apiKey(id) };
  };
  const admin = await user('admin@example.test', ['admin', compAdmins, secretGroup]);
  const plain = await user('ref-plain@example.test', []);
  const compadmin = await user('ref-compadmin@example.test', [compAdmins]);
  const secret = await user('ref-secret@example.test', [secretGroup]);
  const editcomp = await user('ref-editcomp@example.test', ['editcomponents']);

  const product = async (name: string) => {
    const id = await seed.product(name);
    await seed.version(id, 'unspecified');
    await seed.milestone(id, '---');
    return id;
  };
  const edit = await product('RefProdEdit');
  await seed.groupControl(compAdmins, edit, { editcomponents: true });
  const other = await product('RefProdOther');
  const secretProduct = await product('RefProdSecret');
  await seed.groupControl(secretGroup, secretProduct, { entry: true, membercontrol: 3, othercontrol: 3 });
  const flags = await product('RefProdFlags');
  const owner = admin.id;
  const a = await seed.component(flags, 'RefCompA', { owner });
  const min = await seed.component(flags, 'RefCompMin', { owner });
  const editComponent = await seed.component(edit, 'EditComp', { owner });
  await seed.component(other, 'OtherComp', { owner });
  await seed.component(secretProduct, 'SecretComp', { owner });
  return {
    keys: { admin: admin.key, plain: plain.key, compadmin: compadmin.key, secret: secret.key, editcomp: editcomp.key },
    userIds: { admin: admin.id, compadmin: compadmin.id },
    groups: { compAdmins, reviewers },
    products: { edit, other, secret: secretProduct, flags },
    components: { a, min, edit: editComponent },
  };
}

/** The flag types every product has in the captures' shared database. */
async function seedGlobalTypes(app: TestApp, f: Fixture) {
  const seed = app.seed;
  const review = await seed.flagType('review', {
    description: 'review flag',
    requestable: true,
    requesteeble: true,
    grantGroup: f.groups.reviewers,
  });
  await seed.flagInclusion(review, null, null);
  const approval = await seed.flagType('approval', {
    description: 'approval flag',
    targetType: 'a',
    requestable: true,
    requesteeble: true,
    grantGroup: f.groups.reviewers,
  });
  await seed.flagInclusion(approval, null, null);
  const accAttach = await seed.flagType('AccAttachFlag', {
    description: 'Attachment flag for every product',
    targetType: 'a',
    requestable: true,
    sortkey: 5,
  });
  await seed.flagInclusion(accAttach, null, null);
  return { review, approval, accAttach };
}

const TABLES = ['flagtypes', 'flaginclusions', 'flagexclusions', 'audit_log'];

async function counts(app: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await app.rows<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = Number(row.n);
  }
  return out;
}

async function flagTypeRow(app: TestApp, id: number) {
  const [row] = await app.rows('SELECT * FROM flagtypes WHERE id = ?', [id]);
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'string' || value === null ? value : Number(value),
    ]),
  );
}

async function clusionRows(app: TestApp, table: 'flaginclusions' | 'flagexclusions', id: number) {
  const rows = await app.rows(
    `SELECT type_id, product_id, component_id FROM ${table} WHERE type_id = ? ORDER BY product_id, component_id`,
    [id],
  );
  const n = (value: unknown) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    type_id: n(row.type_id),
    product_id: n(row.product_id),
    component_id: n(row.component_id),
  }));
}

async function auditRows(app: TestApp, id: number) {
  const rows = await app.rows(
    `SELECT user_id, class, object_id, field, removed, added FROM audit_log
      WHERE class = 'Bugzilla::FlagType' AND object_id = ? ORDER BY field, removed`,
    [id],
  );
  return rows.map((row) => ({ ...row, user_id: Number(row.user_id), object_id: Number(row.object_id) }));
}

const item = (
  id: number,
  name: string,
  description: string,
  type: 'bug' | 'attachment',
  values: string[],
  extra: { is_requesteeble?: boolean; is_multiplicable?: boolean; inclusions?: string[] } = {},
) => ({
  id,
  name,
  description,
  type,
  values,
  is_active: true,
  is_requesteeble: extra.is_requesteeble ?? true,
  is_multiplicable: extra.is_multiplicable ?? false,
  ...(extra.inclusions ? { inclusions: extra.inclusions } : {}),
});

forEachDialect('GET /rest/flag_type/{product}[/{component}]', (app) => {
  let f: Fixture;
  let g: Awaited<ReturnType<typeof seedGlobalTypes>>;
  let t: { bug: number; attach: number; defaults: number; compAdmin: number; unused: number };

  beforeAll(async () => {
    f = await seedFixture(app());
    g = await seedGlobalTypes(app(), f);
    const seed = app().seed;
    // The state of the captures in §3.3: the types §3.1 created.
    const bug = await seed.flagType('RefFlagBug', {
      description: 'Ref bug flag',
      requestable: true,
      requesteeble: true,
      sortkey: 10,
      cc_list: 'ref-cc1@example.test',
    });
    await seed.flagInclusion(bug, f.products.flags, f.components.a);
    const attach = await seed.flagType('RefFlagAttach', {
      description: 'Ref attachment flag',
      targetType: 'a',
      requestable: true,
      requesteeble: true,
      multiplicable: true,
      sortkey: 1,
      grantGroup: f.groups.compAdmins,
    });
    await seed.flagInclusion(attach, f.products.flags, null);
    await seed.flagExclusion(attach, f.products.flags, f.components.min);
    const defaults = await seed.flagType('RefFlagDefaults', {
      description: 'Ref flag with defaults',
      requesteeble: true,
      sortkey: 1,
    });
    await seed.flagInclusion(defaults, f.products.flags, null);
    const compAdmin = await seed.flagType('RefFlagCompAdmin', { sortkey: 1 });
    await seed.flagInclusion(compAdmin, f.products.edit, null);
    // Excluded for the whole product: never listed for it.
    const unused = await seed.flagType('RefFlagExcluded', { sortkey: 1 });
    await seed.flagInclusion(unused, f.products.flags, f.components.a);
    await seed.flagExclusion(unused, f.products.flags, null);
    t = { bug, attach, defaults, compAdmin, unused };
  });

  const productAnswer = (attachValues: string[]) => ({
    bug: [
      item(g.review, 'review', 'review flag', 'bug', ['X', '?']),
      item(t.defaults, 'RefFlagDefaults', 'Ref flag with defaults', 'bug', ['X', '+', '-']),
      item(t.bug, 'RefFlagBug', 'Ref bug flag', 'bug', ['X', '?', '+', '-'], { inclusions: ['RefCompA'] }),
    ],
    attachment: [
      item(g.approval, 'approval', 'approval flag', 'attachment', ['X', '?']),
      item(t.attach, 'RefFlagAttach', 'Ref attachment flag', 'attachment', attachValues, { is_multiplicable: true }),
      item(g.accAttach, 'AccAttachFlag', 'Attachment flag for every product', 'attachment', ['X', '?', '+', '-'], {
        is_requesteeble: false,
      }),
    ],
  });

  it('lists the types of a product for an admin, by sort key then name, with what it may set', async () => {
    const res = await app().get('/rest/flag_type/RefProdFlags', { query: { api_key: f.keys.admin } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(productAnswer(['X', '?', '+', '-']));
    expect(Object.keys(res.body.bug[2])).toEqual([
      'id',
      'name',
      'description',
      'type',
      'values',
      'is_active',
      'is_requesteeble',
      'is_multiplicable',
      'inclusions',
    ]);
  });

  it('offers plain users and anonymous callers no + or - on a type with a grant group they are not in', async () => {
    for (const query of [{ api_key: f.keys.plain }, {}]) {
      const res = await app().get('/rest/flag_type/RefProdFlags', { query });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(productAnswer(['X', '?']));
    }
  });

  it('lists the types of one component', async () => {
    const res = await app().get('/rest/flag_type/RefProdFlags/RefCompA', { query: { api_key: f.keys.admin } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(productAnswer(['X', '?', '+', '-']));
  });

  it('leaves out the types excluded for the component', async () => {
    const expected = {
      bug: [
        item(g.review, 'review', 'review flag', 'bug', ['X', '?']),
        item(t.defaults, 'RefFlagDefaults', 'Ref flag with defaults', 'bug', ['X', '+', '-']),
      ],
      attachment: [
        item(g.approval, 'approval', 'approval flag', 'attachment', ['X', '?']),
        item(g.accAttach, 'AccAttachFlag', 'Attachment flag for every product', 'attachment', ['X', '?', '+', '-'], {
          is_requesteeble: false,
        }),
      ],
    };
    const path = await app().get('/rest/flag_type/RefProdFlags/RefCompMin');
    expect(path.status).toBe(200);
    expect(path.body).toEqual(expected);
    // The component as a query parameter works like the path segment.
    const query = await app().get('/rest/flag_type/RefProdFlags', { query: { component: 'RefCompMin' } });
    expect(query.body).toEqual(expected);
  });

  it('reads the product segment as a name, never an id', async () => {
    const res = await app().get(`/rest/flag_type/${f.products.flags}`, { query: { api_key: f.keys.admin } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(
      error(106, `Either the product '${f.products.flags}' does not exist or you don't have access to it.`),
    );
  });

  it('treats a product the caller cannot see as missing', async () => {
    for (const query of [{ api_key: f.keys.plain }, {}, { api_key: f.keys.editcomp }]) {
      const res = await app().get('/rest/flag_type/RefProdSecret', { query });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(
        error(106, "Either the product 'RefProdSecret' does not exist or you don't have access to it."),
      );
    }
    const member = await app().get('/rest/flag_type/RefProdSecret', { query: { api_key: f.keys.secret } });
    expect(member.status).toBe(200);
    expect(member.body).toEqual({
      bug: [item(g.review, 'review', 'review flag', 'bug', ['X', '?'])],
      attachment: [
        item(g.approval, 'approval', 'approval flag', 'attachment', ['X', '?']),
        item(g.accAttach, 'AccAttachFlag', 'Attachment flag for every product', 'attachment', ['X', '?', '+', '-'], {
          is_requesteeble: false,
        }),
      ],
    });
  });

  it('answers 106 for an unknown product and 51 for an unknown component', async () => {
    const product = await app().get('/rest/flag_type/NoSuchProduct', { query: { api_key: f.keys.admin } });
    expect(product.status).toBe(401);
    expect(product.body).toEqual(
      error(106, "Either the product 'NoSuchProduct' does not exist or you don't have access to it."),
    );
    const component = await app().get('/rest/flag_type/refprodflags/NoSuchComp', { query: { api_key: f.keys.admin } });
    expect(component.status).toBe(404);
    expect(component.body).toEqual(
      error(51, "There is no component named 'NoSuchComp' in the 'RefProdFlags' product."),
    );
  });

  it('answers 50 for a blank component', async () => {
    const res = await app().get('/rest/flag_type/RefProdFlags', { query: { component: ' ' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error(50, 'You must select/enter a component.'));
  });

  it('lists several included components by name', async () => {
    await app().seed.flagInclusion(t.bug, f.products.flags, f.components.min);
    try {
      const res = await app().get('/rest/flag_type/RefProdFlags', { query: { component: 'RefCompMin' } });
      expect(res.body.bug[2]).toEqual(
        item(t.bug, 'RefFlagBug', 'Ref bug flag', 'bug', ['X', '?', '+', '-'], {
          inclusions: ['RefCompA', 'RefCompMin'],
        }),
      );
    } finally {
      await app().rows('DELETE FROM flaginclusions WHERE type_id = ? AND component_id = ?', [t.bug, f.components.min]);
    }
  });

  it('refuses a wrong API key, and has no route without a product', async () => {
    const key = await app().get('/rest/flag_type/RefProdFlags', { query: { api_key: 'x'.repeat(40) } });
    expect(key.status).toBe(400);
    expect(key.body).toEqual(
      error(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
    );
    const none = await app().get('/rest/flag_type');
    expect(none.status).toBe(404);
    expect(none.body).toEqual(error(32614, "A REST API resource was not found for 'GET /flag_type'."));
  });
});

forEachDialect('POST /rest/flag_type', (app) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await seedFixture(app());
  });

  const post = (key: string | undefined, body: unknown) =>
    app().post('/rest/flag_type', { query: key ? { api_key: key } : {}, body });

  it('creates a bug type included for one component, with its row, inclusion and audit row', async () => {
    const res = await post(f.keys.admin, {
      name: 'RefFlagBug',
      description: 'Ref bug flag',
      target_type: 'bug',
      inclusions: [{ RefProdFlags: ['RefCompA'] }],
      is_requestable: true,
      is_requesteeble: true,
      is_multiplicable: false,
      sortkey: 10,
      cc_list: 'ref-cc1@example.test',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const id = res.body.id;
    expect(await flagTypeRow(app(), id)).toEqual({
      id,
      name: 'RefFlagBug',
      description: 'Ref bug flag',
      cc_list: 'ref-cc1@example.test',
      target_type: 'b',
      is_active: 1,
      is_requestable: 1,
      is_requesteeble: 1,
      is_multiplicable: 0,
      sortkey: 10,
      grant_group_id: null,
      request_group_id: null,
    });
    expect(await clusionRows(app(), 'flaginclusions', id)).toEqual([
      { type_id: id, product_id: f.products.flags, component_id: f.components.a },
    ]);
    expect(await clusionRows(app(), 'flagexclusions', id)).toEqual([]);
    expect(await auditRows(app(), id)).toEqual([
      {
        user_id: f.userIds.admin,
        class: 'Bugzilla::FlagType',
        object_id: id,
        field: '__create__',
        removed: null,
        added: 'RefFlagBug',
      },
    ]);
  });

  it('creates an attachment type for a whole product with an exclusion and a grant group', async () => {
    const res = await post(f.keys.admin, {
      name: 'RefFlagAttach',
      description: 'Ref attachment flag',
      target_type: 'attachment',
      inclusions: ['RefProdFlags'],
      exclusions: [{ RefProdFlags: ['RefCompMin'] }],
      grant_group: 'RefCompAdmins',
      is_multiplicable: true,
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(await flagTypeRow(app(), id)).toMatchObject({
      cc_list: '',
      target_type: 'a',
      is_requestable: 1,
      is_requesteeble: 1,
      is_multiplicable: 1,
      sortkey: 1,
      grant_group_id: f.groups.compAdmins,
      request_group_id: null,
    });
    expect(await clusionRows(app(), 'flaginclusions', id)).toEqual([
      { type_id: id, product_id: f.products.flags, component_id: null },
    ]);
    expect(await clusionRows(app(), 'flagexclusions', id)).toEqual([
      { type_id: id, product_id: f.products.flags, component_id: f.components.min },
    ]);
  });

  it('applies the defaults and reads "0"/0 as off', async () => {
    const res = await post(f.keys.admin, {
      name: 'RefFlagDefaults',
      description: 'Ref flag with defaults',
      inclusions: ['RefProdFlags'],
      is_requestable: '0',
      is_multiplicable: 0,
      is_active: true,
    });
    expect(res.status).toBe(201);
    expect(await flagTypeRow(app(), res.body.id)).toMatchObject({
      target_type: 'b',
      is_active: 1,
      is_requestable: 0,
      is_requesteeble: 1,
      is_multiplicable: 0,
      sortkey: 1,
    });
  });

  it('includes every product by default: one row for any product and any component', async () => {
    const res = await post(f.keys.admin, { name: 'RefFlagEverywhere', description: ' everywhere ' });
    expect(res.status).toBe(201);
    expect(await flagTypeRow(app(), res.body.id)).toMatchObject({ description: 'everywhere', is_multiplicable: 1 });
    expect(await clusionRows(app(), 'flaginclusions', res.body.id)).toEqual([
      { type_id: res.body.id, product_id: null, component_id: null },
    ]);
  });

  it('lets a product-level admin create a type for a product it administers', async () => {
    const res = await post(f.keys.compadmin, {
      name: 'RefFlagCompAdmin',
      description: 'Ref flag by product-level admin',
      inclusions: ['RefProdEdit'],
    });
    expect(res.status).toBe(201);
    expect(await clusionRows(app(), 'flaginclusions', res.body.id)).toEqual([
      { type_id: res.body.id, product_id: f.products.edit, component_id: null },
    ]);
    expect((await auditRows(app(), res.body.id))[0].user_id).toBe(f.userIds.compadmin);
  });

  const valid = { name: 'RefFlagX', description: 'x', inclusions: ['RefProdFlags'] };
  const refusals: [string, string | 'none' | 'plain' | 'compadmin' | 'editcomp', unknown, number, number, string][] = [
    ['no credentials', 'none', valid, 401, 410, 'You must log in before using this part of Bugzilla.'],
    [
      'a user without editcomponents anywhere',
      'plain',
      valid,
      401,
      304,
      "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add new flag types.",
    ],
    [
      'a missing name',
      'admin',
      { description: 'x', inclusions: ['RefProdFlags'] },
      400,
      50,
      'The function requires a name argument, and that argument was not set.',
    ],
    [
      'an empty name',
      'admin',
      { ...valid, name: '' },
      400,
      50,
      'The function requires a name argument, and that argument was not set.',
    ],
    [
      'a name with a space',
      'admin',
      { ...valid, name: 'Ref Flag' },
      400,
      1101,
      'The name Ref Flag must be 1-50 characters long and must not contain any spaces or commas.',
    ],
    [
      'a name with a comma',
      'admin',
      { ...valid, name: 'Ref,Flag' },
      400,
      1101,
      'The name Ref,Flag must be 1-50 characters long and must not contain any spaces or commas.',
    ],
    [
      'a name longer than 50 characters',
      'admin',
      { ...valid, name: `RefF${'z'.repeat(47)}` },
      400,
      1101,
      `The name RefF${'z'.repeat(47)} must be 1-50 characters long and must not contain any spaces or commas.`,
    ],
    [
      'a missing description',
      'admin',
      { name: 'RefFlagX', inclusions: ['RefProdFlags'] },
      400,
      50,
      'The function requires a description argument, and that argument was not set.',
    ],
    [
      'a blank description',
      'admin',
      { ...valid, description: '  ' },
      400,
      1102,
      'You must enter a description for this flag type.',
    ],
    [
      'a bad target type',
      'admin',
      { ...valid, target_type: 'foo' },
      400,
      68000,
      'The target type was neither bug nor attachment but rather foo.',
    ],
    [
      'a target type in the wrong case',
      'admin',
      { ...valid, target_type: 'Bug' },
      400,
      68000,
      'The target type was neither bug nor attachment but rather Bug.',
    ],
    [
      'an unknown grant group',
      'admin',
      { ...valid, grant_group: 'NoSuchGroup' },
      404,
      51,
      "There is no group named 'NoSuchGroup'.",
    ],
    [
      'an unknown request group',
      'admin',
      { ...valid, request_group: 'NoSuchGroup' },
      404,
      51,
      "There is no group named 'NoSuchGroup'.",
    ],
    [
      'a sort key that is not a number',
      'admin',
      { ...valid, sortkey: 'abc' },
      400,
      1104,
      'The sort key must be an integer between 0 and 32767.',
    ],
    [
      'a negative sort key',
      'admin',
      { ...valid, sortkey: -1 },
      400,
      1104,
      'The sort key must be an integer between 0 and 32767.',
    ],
    [
      'a sort key too large',
      'admin',
      { ...valid, sortkey: 32768 },
      400,
      1104,
      'The sort key must be an integer between 0 and 32767.',
    ],
    [
      'an invalid CC address',
      'admin',
      { ...valid, cc_list: 'not an address' },
      400,
      501,
      "The e-mail address you entered (not) didn't pass our syntax checking for a legal email address. A legal address must contain exactly one '@', and at least one '.' after the @. It also must not contain any illegal characters.",
    ],
    [
      'a CC list over 200 characters',
      'admin',
      { ...valid, cc_list: `${'a'.repeat(190)}@example.test` },
      400,
      1103,
      `The CC list ${'a'.repeat(190)}@example.test must be less than 200 characters long.`,
    ],
    [
      'a "Product:Component" string (read as a product name)',
      'admin',
      { ...valid, inclusions: ['RefProdFlags:RefCompA'] },
      401,
      106,
      "Either the product 'RefProdFlags:RefCompA' does not exist or you don't have access to it.",
    ],
    [
      'an unknown product in the inclusions',
      'admin',
      { ...valid, inclusions: ['NoSuchProduct'] },
      401,
      106,
      "Either the product 'NoSuchProduct' does not exist or you don't have access to it.",
    ],
    [
      'an unknown component in the inclusions',
      'admin',
      { ...valid, inclusions: [{ RefProdFlags: ['NoSuchComp'] }] },
      404,
      51,
      "There is no component named 'NoSuchComp' in the 'RefProdFlags' product.",
    ],
    [
      'an unknown component in the exclusions',
      'admin',
      { ...valid, exclusions: [{ RefProdFlags: ['NoSuchComp'] }] },
      404,
      51,
      "There is no component named 'NoSuchComp' in the 'RefProdFlags' product.",
    ],
    [
      'inclusions given as a string (Bugzilla crashes with 100500)',
      'admin',
      { ...valid, inclusions: 'RefProdFlags' },
      400,
      53,
      'The \'inclusions\' parameter is invalid: an array of product names and {"product": ["component", ...]} objects was expected.',
    ],
    [
      'an inclusion whose components are not a list',
      'admin',
      { ...valid, inclusions: [{ RefProdFlags: 'RefCompA' }] },
      400,
      53,
      'The \'inclusions\' parameter is invalid: an array of product names and {"product": ["component", ...]} objects was expected.',
    ],
    [
      'a product the caller cannot see',
      'editcomp',
      { ...valid, inclusions: ['RefProdSecret'] },
      401,
      106,
      "Either the product 'RefProdSecret' does not exist or you don't have access to it.",
    ],
    [
      'a product-level admin including a product it does not administer',
      'compadmin',
      { ...valid, inclusions: ['RefProdOther'] },
      401,
      106,
      "Either the product 'RefProdOther' does not exist or you don't have access to it.",
    ],
    [
      'a product-level admin without inclusions (Bugzilla crashes with 100500)',
      'compadmin',
      { name: 'RefFlagX', description: 'x' },
      400,
      50,
      "The function requires an inclusions argument, and that argument was not set: only members of the 'editcomponents' group may create a flag type for every product.",
    ],
    [
      'a boolean that is not one',
      'admin',
      { ...valid, is_active: 'yes' },
      400,
      53,
      "The 'is_active' parameter is invalid: a boolean was expected.",
    ],
  ];

  it.each(refusals)('refuses %s and writes nothing', async (_title, who, body, status, code, message) => {
    const before = await counts(app());
    const key = who === 'none' ? undefined : f.keys[who as keyof Fixture['keys']];
    const res = await post(key, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(error(code, message));
    expect(await counts(app())).toEqual(before);
  });

  it('checks the lists before the other values, inclusions first, item by item', async () => {
    const res = await post(f.keys.admin, {
      name: 'bad name',
      description: 'x',
      exclusions: ['NoSuchExcluded'],
      inclusions: [{ RefProdFlags: ['NoSuchComp'] }, 'NoSuchProduct'],
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(error(51, "There is no component named 'NoSuchComp' in the 'RefProdFlags' product."));
  });

  itLeavesTheDatabaseConsistent(app);
});

forEachDialect('PUT /rest/flag_type/{id_or_name}', (app) => {
  let f: Fixture;
  let bug: number;
  let defaults: number;
  let compAdminType: number;
  beforeAll(async () => {
    f = await seedFixture(app());
    const seed = app().seed;
    bug = await seed.flagType('RefFlagBug', {
      description: 'Ref bug flag',
      requestable: true,
      requesteeble: true,
      sortkey: 10,
      cc_list: 'ref-cc1@example.test',
    });
    await seed.flagInclusion(bug, f.products.flags, f.components.a);
    defaults = await seed.flagType('RefFlagDefaults', {
      description: 'Ref flag with defaults',
      requesteeble: true,
      sortkey: 1,
      cc_list: '',
    });
    await seed.flagInclusion(defaults, f.products.flags, null);
    compAdminType = await seed.flagType('RefFlagCompAdmin', { description: 'Ref flag by product-level admin' });
    await seed.flagInclusion(compAdminType, f.products.edit, null);
  });

  const put = (key: string | undefined, target: string | number, body: unknown) =>
    app().put(`/rest/flag_type/${target}`, { query: key ? { api_key: key } : {}, body });

  it('changes description, sort key and is_active, reporting and auditing each change', async () => {
    const res = await put(f.keys.admin, bug, { description: 'Ref bug flag (changed)', sortkey: 20, is_active: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      flagtypes: [
        {
          id: bug,
          name: 'RefFlagBug',
          changes: {
            description: { removed: 'Ref bug flag', added: 'Ref bug flag (changed)' },
            sortkey: { removed: '10', added: '20' },
            is_active: { removed: '1', added: '0' },
          },
        },
      ],
    });
    expect(await flagTypeRow(app(), bug)).toMatchObject({
      description: 'Ref bug flag (changed)',
      sortkey: 20,
      is_active: 0,
    });
    const audit = (field: string, removed: string, added: string) => ({
      user_id: f.userIds.admin,
      class: 'Bugzilla::FlagType',
      object_id: bug,
      field,
      removed,
      added,
    });
    expect(await auditRows(app(), bug)).toEqual([
      audit('description', 'Ref bug flag', 'Ref bug flag (changed)'),
      audit('is_active', '1', '0'),
      audit('sortkey', '10', '20'),
    ]);
  });

  it('replaces the inclusions and reports them as changed, without an audit row', async () => {
    const before = (await auditRows(app(), bug)).length;
    const res = await put(f.keys.admin, bug, { inclusions: [{ RefProdFlags: ['RefCompA', 'RefCompMin'] }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      flagtypes: [{ id: bug, name: 'RefFlagBug', changes: { inclusions: { removed: '0', added: '1' } } }],
    });
    expect(await clusionRows(app(), 'flaginclusions', bug)).toEqual([
      { type_id: bug, product_id: f.products.flags, component_id: f.components.a },
      { type_id: bug, product_id: f.products.flags, component_id: f.components.min },
    ]);
    expect(await auditRows(app(), bug)).toHaveLength(before);
  });

  it('updates by name, renaming', async () => {
    const res = await put(f.keys.admin, 'RefFlagBug', { name: 'RefFlagBug2', is_active: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      flagtypes: [
        {
          id: bug,
          name: 'RefFlagBug2',
          changes: {
            name: { removed: 'RefFlagBug', added: 'RefFlagBug2' },
            is_active: { removed: '0', added: '1' },
          },
        },
      ],
    });
    expect(await flagTypeRow(app(), bug)).toMatchObject({ name: 'RefFlagBug2', is_active: 1 });
  });

  it('reports no changes when the values are the same', async () => {
    const res = await put(f.keys.admin, bug, { description: 'Ref bug flag (changed)' });
    expect(res.body).toEqual({ flagtypes: [{ id: bug, name: 'RefFlagBug2', changes: {} }] });
  });

  it('lets body ids replace the id of the path', async () => {
    const res = await put(f.keys.admin, bug, { ids: [defaults], cc_list: 'ref-cc2@example.test' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      flagtypes: [
        {
          id: defaults,
          name: 'RefFlagDefaults',
          changes: { cc_list: { removed: '', added: 'ref-cc2@example.test' } },
        },
      ],
    });
    expect(await flagTypeRow(app(), bug)).toMatchObject({ cc_list: 'ref-cc1@example.test' });
  });

  it('sets and clears groups, reporting group ids', async () => {
    const set = await put(f.keys.admin, defaults, { grant_group: 'RefCompAdmins', is_specifically_requestable: false });
    expect(set.body).toEqual({
      flagtypes: [
        {
          id: defaults,
          name: 'RefFlagDefaults',
          changes: {
            is_requesteeble: { removed: '1', added: '0' },
            grant_group_id: { removed: null, added: String(f.groups.compAdmins) },
          },
        },
      ],
    });
    const cleared = await put(f.keys.admin, defaults, { grant_group: '' });
    expect(cleared.body.flagtypes[0].changes).toEqual({
      grant_group_id: { removed: String(f.groups.compAdmins), added: null },
    });
    expect(await flagTypeRow(app(), defaults)).toMatchObject({ grant_group_id: null, is_requesteeble: 0 });
  });

  it('answers an empty list for a name that matches nothing', async () => {
    const res = await put(f.keys.admin, 'NoSuchFlag', { description: 'x' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ flagtypes: [] });
  });

  it('lets a product-level admin change a type of a product it administers', async () => {
    const res = await put(f.keys.compadmin, compAdminType, { description: 'changed by product-level admin' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      flagtypes: [
        {
          id: compAdminType,
          name: 'RefFlagCompAdmin',
          changes: {
            description: { removed: 'Ref flag by product-level admin', added: 'changed by product-level admin' },
          },
        },
      ],
    });
    expect((await auditRows(app(), compAdminType)).map((row) => row.user_id)).toEqual([f.userIds.compadmin]);
  });

  it('keeps the rows of products a product-level admin does not administer when it replaces a list', async () => {
    const seed = app().seed;
    const shared = await seed.flagType('RefFlagShared');
    await seed.flagInclusion(shared, f.products.edit, null);
    await seed.flagInclusion(shared, f.products.other, null);
    // Not fully editable: only the lists may change.
    const refused = await put(f.keys.compadmin, shared, { description: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(
      error(
        1105,
        "You are not allowed to edit properties of the 'RefFlagShared' flag type, because this flag type is not available for the products you can administer.",
      ),
    );
    const res = await put(f.keys.compadmin, shared, { inclusions: [{ RefProdEdit: ['EditComp'] }] });
    expect(res.status).toBe(200);
    expect(res.body.flagtypes[0].changes).toEqual({ inclusions: { removed: '0', added: '1' } });
    expect(await clusionRows(app(), 'flaginclusions', shared)).toEqual([
      { type_id: shared, product_id: f.products.edit, component_id: f.components.edit },
      { type_id: shared, product_id: f.products.other, component_id: null },
    ]);
  });

  const refusals: [string, string, string | number, unknown, number, number, string][] = [
    ['an unknown id', 'admin', 999999, { description: 'x' }, 404, 51, "There is no flagtype with the id '999999'."],
    [
      'an invalid new name',
      'admin',
      'RefFlagDefaults',
      { name: 'bad name' },
      400,
      1101,
      'The name bad name must be 1-50 characters long and must not contain any spaces or commas.',
    ],
    [
      'a field that cannot be set',
      'admin',
      'RefFlagDefaults',
      { foo: 1 },
      400,
      67399,
      "FlagType.update cannot change 'foo': the fields it sets are cc_list, description, grant_group, is_active, is_multiplicable, is_requestable, is_specifically_requestable, name, request_group and sortkey.",
    ],
    [
      'no credentials',
      'none',
      'RefFlagDefaults',
      { description: 'x' },
      401,
      410,
      'You must log in before using this part of Bugzilla.',
    ],
    [
      'a user without editcomponents anywhere',
      'plain',
      'RefFlagDefaults',
      { description: 'x' },
      401,
      304,
      "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete flag types.",
    ],
    [
      'a product-level admin on a type of another product',
      'compadmin',
      'RefFlagDefaults',
      { description: 'x' },
      400,
      1105,
      "You are not allowed to edit properties of the 'RefFlagDefaults' flag type, because this flag type is not available for the products you can administer.",
    ],
    [
      'an unknown group',
      'admin',
      'RefFlagDefaults',
      { request_group: 'NoSuchGroup' },
      404,
      51,
      "There is no group named 'NoSuchGroup'.",
    ],
    [
      'an unknown product in the inclusions',
      'admin',
      'RefFlagDefaults',
      { inclusions: ['NoSuchProduct'] },
      401,
      106,
      "Either the product 'NoSuchProduct' does not exist or you don't have access to it.",
    ],
    [
      'a bad sort key',
      'admin',
      'RefFlagDefaults',
      { sortkey: 'abc' },
      400,
      1104,
      'The sort key must be an integer between 0 and 32767.',
    ],
    [
      'a blank description',
      'admin',
      'RefFlagDefaults',
      { description: '' },
      400,
      1102,
      'You must enter a description for this flag type.',
    ],
    [
      'a body id that is not a number',
      'admin',
      'RefFlagDefaults',
      { ids: ['abc'] },
      400,
      52,
      "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc').",
    ],
  ];

  it.each(refusals)('refuses %s and changes nothing', async (_title, who, target, body, status, code, message) => {
    const before = await counts(app());
    const row = await flagTypeRow(app(), defaults);
    const key = who === 'none' ? undefined : f.keys[who as keyof Fixture['keys']];
    const res = await put(key, target, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(error(code, message));
    expect(await counts(app())).toEqual(before);
    expect(await flagTypeRow(app(), defaults)).toEqual(row);
  });

  it('changes every target or none: a bad later target rolls back the earlier one', async () => {
    const row = await flagTypeRow(app(), defaults);
    const res = await put(f.keys.admin, defaults, { ids: [defaults, 999999], description: 'both' });
    expect(res.status).toBe(404);
    expect(await flagTypeRow(app(), defaults)).toEqual(row);
  });

  it('has no collection route', async () => {
    const res = await app().put('/rest/flag_type', { query: { api_key: f.keys.admin }, body: { ids: [bug] } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(error(32614, "A REST API resource was not found for 'PUT /flag_type'."));
  });

  itLeavesTheDatabaseConsistent(app);
});
