import { envelope as error } from './support/envelope.js';
import { forEachDialect } from './support/test-app.js';

/**
 * `GET /rest/flag_type?ids=&names=` (our extension, for the admin console): a flag type's fields
 * and its whole inclusion and exclusion lists in the form PUT takes back. Bugzilla's FlagType.get
 * shows one product's rules and FlagType.update replaces every product's, so an editor needs the
 * whole lists to send back. Who may: as PUT. Global admins see the rules on the products they can
 * see (and "__Any__"); product-level admins those on their products; PUT keeps what a caller is
 * not shown, so lists read and sent back whole lose nothing.
 */
forEachDialect('GET /rest/flag_type?ids= (whole lists)', (app) => {
  const keys: Record<string, string> = {};
  const products: Record<string, number> = {};
  const components: Record<string, number> = {};
  const types: Record<string, number> = {};

  const read = (
    who: string | null,
    query: Record<string, string | number | (string | number)[]>,
    headers: Record<string, string> = {},
  ) =>
    app().get('/rest/flag_type', { query, headers: who ? { ...headers, 'X-BUGZILLA-API-KEY': keys[who] } : headers });
  const stored = async (table: 'flaginclusions' | 'flagexclusions', type: number) =>
    (
      await app().rows<{ product: string | null; component: string | null }>(
        `SELECT p.name AS product, c.name AS component FROM ${table} r
           LEFT JOIN products p ON p.id = r.product_id LEFT JOIN components c ON c.id = r.component_id
          WHERE r.type_id = ?`,
        [type],
      )
    )
      .map((row) => `${row.product ?? '__Any__'}:${row.component ?? ''}`)
      .sort();

  beforeAll(async () => {
    const seed = app().seed;
    const betaAdmins = await seed.group('beta-admins');
    const insiders = await seed.group('insiders');
    const reviewers = await seed.group('reviewers');
    for (const name of ['Alpha', 'Beta', 'Secret']) {
      products[name] = await seed.product(name);
      await seed.version(products[name], 'unspecified');
      await seed.milestone(products[name], '---');
    }
    await seed.groupControl(betaAdmins, products.Beta, { editcomponents: true });
    await seed.groupControl(insiders, products.Secret, { entry: true, membercontrol: 3, othercontrol: 3 });
    const users = {
      admin: await seed.user('admin@example.com', { groups: ['editcomponents'] }),
      insider: await seed.user('insider@example.com', { groups: ['editcomponents', insiders] }),
      betaAdmin: await seed.user('beta@example.com', { groups: [betaAdmins] }),
      plain: await seed.user('plain@example.com'),
    };
    for (const [who, id] of Object.entries(users)) keys[who] = await seed.apiKey(id);
    for (const [product, name] of [
      ['Alpha', 'A1'],
      ['Alpha', 'a2'],
      ['Beta', 'B2'],
      ['Beta', 'B1'],
      ['Secret', 'S1'],
    ]) {
      components[name] = await seed.component(products[product], name, { owner: users.admin });
    }
    types.review = await seed.flagType('review', {
      description: 'Code review',
      sortkey: 5,
      cc_list: 'qa@example.com',
      requestable: true,
      requesteeble: true,
      grantGroup: reviewers,
    });
    await seed.flagInclusion(types.review, products.Alpha);
    await seed.flagInclusion(types.review, products.Beta, components.B2);
    await seed.flagInclusion(types.review, products.Beta, components.B1);
    await seed.flagInclusion(types.review, products.Secret);
    await seed.flagExclusion(types.review, products.Alpha, components.a2);
    types.anywhere = await seed.flagType('anywhere', {
      description: 'Everywhere',
      targetType: 'a',
      requestGroup: insiders,
    });
    await seed.flagInclusion(types.anywhere, null, null);
    await seed.flagExclusion(types.anywhere, products.Beta, components.B2);
    types.alphaOnly = await seed.flagType('alphaOnly', { description: 'Alpha only' });
    await seed.flagInclusion(types.alphaOnly, products.Alpha);
  });

  const review = (inclusions: unknown[], exclusions: unknown[]) => ({
    id: types.review,
    name: 'review',
    description: 'Code review',
    target_type: 'bug',
    sortkey: 5,
    is_active: true,
    is_requestable: true,
    is_specifically_requestable: true,
    is_multiplicable: false,
    cc_list: 'qa@example.com',
    grant_group: 'reviewers',
    request_group: null,
    inclusions,
    exclusions,
  });

  it('gives a global admin every rule on the products it can see, in the form PUT takes', async () => {
    const answers = await Promise.all(
      [
        ['admin', { ids: types.review }],
        ['insider', { ids: types.review }],
        ['admin', { names: 'anywhere', ids: [types.alphaOnly] }],
      ].map(async ([who, query]) => {
        const response = await read(who as string, query as Record<string, string | number | (string | number)[]>);
        return { status: response.status, body: response.body };
      }),
    );
    expect(answers).toEqual([
      { status: 200, body: { flagtypes: [review(['Alpha', { Beta: ['B1', 'B2'] }], [{ Alpha: ['a2'] }])] } },
      {
        status: 200,
        body: { flagtypes: [review(['Alpha', { Beta: ['B1', 'B2'] }, 'Secret'], [{ Alpha: ['a2'] }])] },
      },
      {
        status: 200,
        body: {
          flagtypes: [
            {
              id: types.alphaOnly,
              name: 'alphaOnly',
              description: 'Alpha only',
              target_type: 'bug',
              sortkey: 0,
              is_active: true,
              is_requestable: false,
              is_specifically_requestable: false,
              is_multiplicable: false,
              cc_list: '',
              grant_group: null,
              request_group: null,
              inclusions: ['Alpha'],
              exclusions: [],
            },
            {
              id: types.anywhere,
              name: 'anywhere',
              description: 'Everywhere',
              target_type: 'attachment',
              sortkey: 0,
              is_active: true,
              is_requestable: false,
              is_specifically_requestable: false,
              is_multiplicable: false,
              cc_list: '',
              grant_group: null,
              request_group: 'insiders',
              inclusions: ['__Any__'],
              exclusions: [{ Beta: ['B2'] }],
            },
          ],
        },
      },
    ]);
  });

  it('gives a product-level admin the rules on its products only, and refuses whom PUT refuses', async () => {
    const answers = await Promise.all(
      [
        ['betaAdmin', { ids: types.review }],
        ['betaAdmin', { ids: types.anywhere }],
        ['betaAdmin', { ids: types.alphaOnly }],
        ['plain', { ids: types.review }],
        [null, { ids: types.review }],
        ['admin', {}],
        ['admin', { ids: 'x' }],
        ['admin', { ids: 999999 }],
        ['admin', { names: 'nosuch' }],
      ].map(async ([who, query]) => {
        const response = await read(
          who as string | null,
          query as Record<string, string | number | (string | number)[]>,
        );
        return { status: response.status, body: response.body };
      }),
    );
    expect(answers).toEqual([
      { status: 200, body: { flagtypes: [review([{ Beta: ['B1', 'B2'] }], [])] } },
      {
        status: 200,
        body: {
          flagtypes: [expect.objectContaining({ id: types.anywhere, inclusions: [], exclusions: [{ Beta: ['B2'] }] })],
        },
      },
      {
        status: 400,
        body: error(
          1105,
          "You are not allowed to edit properties of the 'alphaOnly' flag type, because this flag type is not available for the products you can administer.",
        ),
      },
      {
        status: 401,
        body: error(
          304,
          "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete flag types.",
        ),
      },
      { status: 401, body: error(410, 'You must log in before using this part of Bugzilla.') },
      { status: 404, body: error(32614, "A REST API resource was not found for 'GET /flag_type'.") },
      { status: 400, body: error(52, expect.stringContaining("'x'")) },
      { status: 404, body: error(51, "There is no flagtype with the id '999999'.") },
      { status: 200, body: { flagtypes: [] } },
    ]);
  });

  it("leaves Bugzilla's FlagType.get by product and component as it was", async () => {
    const byProduct = await app().get('/rest/flag_type/Beta', { headers: { 'X-BUGZILLA-API-KEY': keys.admin } });
    const byComponent = await app().get('/rest/flag_type/Beta/B2');
    expect({ status: byProduct.status, bug: byProduct.body.bug.map((t: { name: string }) => t.name) }).toEqual({
      status: 200,
      bug: ['review'],
    });
    expect(byProduct.body.bug[0].inclusions).toEqual(['B1', 'B2']);
    expect({ status: byComponent.status, body: byComponent.body }).toEqual({
      status: 200,
      body: { bug: [expect.objectContaining({ name: 'review' })], attachment: [] },
    });
  });

  it('takes its lists back whole: nothing the caller was not shown is lost', async () => {
    // A global admin who cannot see Secret edits review's lists from what it read.
    const before = await read('admin', { ids: types.review });
    const [type] = before.body.flagtypes;
    const put = await app().put(`/rest/flag_type/${types.review}`, {
      headers: { 'X-BUGZILLA-API-KEY': keys.admin, 'If-Match': String(before.headers.etag) },
      body: { inclusions: [...type.inclusions, { Alpha: ['A1'] }], exclusions: type.exclusions },
    });
    expect({ status: put.status, body: put.body }).toEqual({
      status: 200,
      body: {
        flagtypes: [
          {
            id: types.review,
            name: 'review',
            changes: { inclusions: { removed: '0', added: '1' }, exclusions: { removed: '0', added: '1' } },
          },
        ],
      },
    });
    expect(await stored('flaginclusions', types.review)).toEqual([
      'Alpha:',
      'Alpha:A1',
      'Beta:B1',
      'Beta:B2',
      'Secret:',
    ]);
    expect(await stored('flagexclusions', types.review)).toEqual(['Alpha:a2']);

    // "__Any__" goes back as every product.
    const anywhere = (await read('admin', { ids: types.anywhere })).body.flagtypes[0];
    const again = await app().put(`/rest/flag_type/${types.anywhere}`, {
      headers: { 'X-BUGZILLA-API-KEY': keys.admin },
      body: { inclusions: anywhere.inclusions, exclusions: [] },
    });
    expect(again.status).toBe(200);
    expect(await stored('flaginclusions', types.anywhere)).toEqual(['__Any__:']);
    expect(await stored('flagexclusions', types.anywhere)).toEqual([]);

    // A product-level admin cannot name every product.
    const refused = await app().put(`/rest/flag_type/${types.review}`, {
      headers: { 'X-BUGZILLA-API-KEY': keys.betaAdmin },
      body: { inclusions: ['__Any__'] },
    });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 401,
      body: error(106, expect.stringContaining("'__Any__'")),
    });
  });

  it('has the ETag PUT accepts in If-Match; a stale one answers 412 and changes nothing', async () => {
    const first = await read('betaAdmin', { ids: types.review });
    expect(first.headers.etag).toBeTruthy();
    const fresh = await app().put(`/rest/flag_type/${types.review}`, {
      headers: { 'X-BUGZILLA-API-KEY': keys.betaAdmin, 'If-Match': String(first.headers.etag) },
      body: { inclusions: [{ Beta: ['B1'] }] },
    });
    expect(fresh.status).toBe(200);
    const stale = await app().put(`/rest/flag_type/${types.review}`, {
      headers: { 'X-BUGZILLA-API-KEY': keys.betaAdmin, 'If-Match': String(first.headers.etag) },
      body: { inclusions: [{ Beta: ['B2'] }] },
    });
    expect({ status: stale.status, body: stale.body }).toEqual({
      status: 412,
      body: error(32000, 'The object was changed by someone else.'),
    });
    // The product-level admin's edit kept every other product's rule.
    expect(await stored('flaginclusions', types.review)).toEqual(['Alpha:', 'Alpha:A1', 'Beta:B1', 'Secret:']);
  });
});
