import type { ApiRequest, TestApp } from './support/test-app.js';
import { forEachDialect } from './support/test-app.js';
import { type FixtureUser, MANDATORY, type ProductFixture, seedProductFixture } from './support/product-fixture.js';
import { envelope } from './support/envelope.js';

/** A product's keys, in the contract's order (SPEC §5.2). */
const PRODUCT_KEYS = [
  'id',
  'name',
  'description',
  'is_active',
  'default_milestone',
  'has_unconfirmed',
  'classification',
  'components',
  'versions',
  'milestones',
];

/**
 * GET /rest/product_selectable|enterable|accessible and GET /rest/product[/{id_or_name}]
 * (SPEC §4, §5.1, §5.2; facts §2, §3, §8.2, §8.4).
 */

type Caller = FixtureUser | 'anonymous';

/** Products only the `perf` user can see: 50 products for the query-count tests, and two odd names. */
interface PerfFixture {
  apiKey: string;
  products: number[];
  digitsName: number;
  umlautName: number;
}

const PERF_PRODUCTS = 50;
const PERF_COMPONENTS = 4;

async function seedPerfFixture(app: TestApp): Promise<PerfFixture> {
  const seed = app.seed;
  const group = await seed.group('perf-group');
  const userId = await seed.user('perf@example.com', { groups: [group] });
  const apiKey = await seed.apiKey(userId);
  const flag = await seed.flagType('perf-flag', { sortkey: 3 });
  const attachmentFlag = await seed.flagType('perf-attachment-flag', { targetType: 'a' });
  const hidden = async (name: string) => {
    const id = await seed.product(name);
    await seed.groupControl(group, id, { entry: true, membercontrol: MANDATORY, othercontrol: MANDATORY });
    return id;
  };
  const products: number[] = [];
  for (let i = 1; i <= PERF_PRODUCTS; i++) {
    const id = await hidden(`Perf ${String(i).padStart(2, '0')}`);
    products.push(id);
    const components: number[] = [];
    for (let c = 1; c <= PERF_COMPONENTS; c++) {
      components.push(await seed.component(id, `comp ${c}`, { owner: userId, qaContact: c === 1 ? userId : null }));
    }
    await seed.insertMany(
      'versions',
      ['value', 'product_id', 'isactive'],
      ['1.0', '1.10', '1.9'].map((v) => [v, id, 1]),
    );
    await seed.insertMany(
      'milestones',
      ['product_id', 'value', 'sortkey', 'isactive'],
      ['---', 'M1', 'M2'].map((m, k) => [id, m, k, 1]),
    );
    await seed.flagInclusion(flag, id, null);
    await seed.flagExclusion(flag, id, components[0]);
    await seed.flagInclusion(attachmentFlag, null, components[1]);
  }
  return { apiKey, products, digitsName: await hidden('1999'), umlautName: await hidden('Ärger') };
}

forEachDialect('Products, read side', (app) => {
  let fx: ProductFixture;
  let perf: PerfFixture;
  let p: ProductFixture['products'];

  beforeAll(async () => {
    fx = await seedProductFixture(app().seed);
    p = fx.products;
    perf = await seedPerfFixture(app());
  });

  /** GET as a fixture user (API key header) or anonymously. */
  const get = (url: string, caller: Caller = 'anonymous', options: ApiRequest = {}) =>
    app().get(url, {
      ...options,
      headers: {
        ...options.headers,
        ...(caller === 'anonymous' ? {} : { 'X-BUGZILLA-API-KEY': fx.users[caller].apiKey }),
      },
    });

  // ---- expected objects, in the contract's key order -------------------------------------------------

  const flagType = {
    review: () => ({
      id: fx.flagTypes.review,
      name: 'review',
      description: 'review description',
      cc_list: '',
      sort_key: 1,
      is_active: true,
      is_requestable: true,
      is_requesteeble: true,
      is_multiplicable: false,
      grant_group: null,
      request_group: null,
    }),
    specMulti: () => ({
      id: fx.flagTypes.specMulti,
      name: 'spec_multi_flag',
      description: 'spec_multi_flag description',
      cc_list: '',
      sort_key: 1,
      is_active: true,
      is_requestable: true,
      is_requesteeble: true,
      is_multiplicable: true,
      grant_group: fx.groups.editbugs,
      request_group: null,
    }),
    approval: () => ({
      id: fx.flagTypes.approval,
      name: 'approval',
      description: 'approval description',
      cc_list: 'qa@example.com',
      sort_key: 5,
      is_active: true,
      is_requestable: true,
      is_requesteeble: false,
      is_multiplicable: false,
      grant_group: null,
      request_group: fx.groups.qa,
    }),
    zeta: () => ({
      id: fx.flagTypes.zeta,
      name: 'zeta',
      description: 'zeta description',
      cc_list: '',
      sort_key: 0,
      is_active: false,
      is_requestable: false,
      is_requesteeble: false,
      is_multiplicable: false,
      grant_group: null,
      request_group: null,
    }),
  };

  const anotherComponents = () => [
    {
      id: fx.components.c1,
      name: 'c1',
      description: 'first component',
      default_assigned_to: 'admin@example.com',
      default_qa_contact: 'QA-Selenium-TEST@my.company',
      sort_key: 0,
      is_active: true,
      flag_types: { bug: [flagType.review(), flagType.specMulti()], attachment: [flagType.approval()] },
    },
    {
      id: fx.components.c2,
      name: 'c2',
      description: 'second component',
      default_assigned_to: 'QA-Selenium-TEST@my.company',
      default_qa_contact: '',
      sort_key: 0,
      is_active: true,
      flag_types: { bug: [flagType.zeta()], attachment: [flagType.approval()] },
    },
    {
      id: fx.components.dOld,
      name: 'D-old',
      description: 'retired',
      default_assigned_to: 'admin@example.com',
      default_qa_contact: '',
      sort_key: 0,
      is_active: false,
      flag_types: { bug: [flagType.review()], attachment: [flagType.approval()] },
    },
  ];

  const anotherVersions = () =>
    (
      [
        ['0.9', false],
        ['1.9', true],
        ['1.10', true],
        ['2.0', true],
        ['2.0-beta', true],
        ['unspecified', true],
      ] as const
    ).map(([name, isActive]) => ({ id: fx.versions[name], name, sort_key: 0, is_active: isActive }));

  const anotherMilestones = () =>
    (
      [
        ['---', 0, true],
        ['Milestone', 5, true],
        ['alpha-ms', 10, true],
        ['AnotherMS1', 10, true],
        ['AnotherMS2', 10, true],
        ['old', 20, false],
      ] as const
    ).map(([name, sortKey, isActive]) => ({ id: fx.milestones[name], name, sort_key: sortKey, is_active: isActive }));

  const another = () => ({
    id: p.another,
    name: 'Another Product',
    description: 'The <b>public</b> product',
    is_active: true,
    default_milestone: 'AnotherMS1',
    has_unconfirmed: true,
    classification: 'Unclassified',
    components: anotherComponents(),
    versions: anotherVersions(),
    milestones: anotherMilestones(),
  });

  /** The fixture's other products: one component "main" (flag type review via NULL/NULL), version "unspecified", milestone "---". */
  const simple = (
    name: string,
    options: { componentActive?: boolean; versionActive?: boolean; isActive?: boolean; classification?: string } = {},
  ) => ({
    id: (p as Record<string, number>)[productKey[name]],
    name,
    description: `${name} description`,
    is_active: options.isActive ?? true,
    default_milestone: '---',
    has_unconfirmed: true,
    classification: options.classification ?? 'Unclassified',
    components: [
      {
        id: fx.components[`${name}/main`],
        name: 'main',
        description: 'main description',
        default_assigned_to: 'admin@example.com',
        default_qa_contact: '',
        sort_key: 0,
        is_active: options.componentActive ?? true,
        flag_types: { bug: [flagType.review()], attachment: [] },
      },
    ],
    versions: [
      {
        id: fx.versions[`${name}/unspecified`],
        name: 'unspecified',
        sort_key: 0,
        is_active: options.versionActive ?? true,
      },
    ],
    milestones: [{ id: fx.milestones[`${name}/---`], name: '---', sort_key: 0, is_active: true }],
  });

  const productKey: Record<string, keyof ProductFixture['products']> = {
    'Another Product': 'another',
    bravo: 'bravo',
    'C2 Forever': 'c2Forever',
    'Hollow Product': 'hollow',
    'Inactive Product': 'inactive',
    'QA Entry Only': 'entryOnly',
    'QA Search Only': 'searchOnly',
    'QA-Selenium-TEST': 'private',
    'Two Groups': 'twoGroups',
    'Versionless Product': 'versionless',
  };
  const nameOf = (id: number) => Object.keys(productKey).find((name) => p[productKey[name]] === id)!;
  const idNames = (ids: number[]) => ids.map((id) => ({ id, name: nameOf(id) }));

  // ---- who sees what (SPEC §4) -------------------------------------------------------------------------

  const lists = () => {
    const publicSelectable = [p.another, p.bravo, p.c2Forever, p.hollow, p.inactive, p.entryOnly, p.versionless];
    const outsider = {
      selectable: publicSelectable,
      enterable: [p.another, p.bravo, p.c2Forever, p.searchOnly],
      accessible: [p.another, p.bravo, p.c2Forever, p.hollow, p.inactive, p.entryOnly, p.searchOnly, p.versionless],
    };
    const qaMember = {
      selectable: [
        p.another,
        p.bravo,
        p.c2Forever,
        p.hollow,
        p.inactive,
        p.entryOnly,
        p.searchOnly,
        p.private,
        p.versionless,
      ],
      enterable: [p.another, p.bravo, p.c2Forever, p.entryOnly, p.searchOnly, p.private],
      accessible: [
        p.another,
        p.bravo,
        p.c2Forever,
        p.hollow,
        p.inactive,
        p.entryOnly,
        p.searchOnly,
        p.private,
        p.versionless,
      ],
    };
    const inBothGroups = {
      selectable: [p.another, p.bravo, p.c2Forever, p.hollow, p.inactive, p.entryOnly, p.twoGroups, p.versionless],
      enterable: [p.another, p.bravo, p.c2Forever, p.searchOnly, p.twoGroups],
      accessible: [
        p.another,
        p.bravo,
        p.c2Forever,
        p.hollow,
        p.inactive,
        p.entryOnly,
        p.searchOnly,
        p.twoGroups,
        p.versionless,
      ],
    };
    return {
      anonymous: outsider,
      nonMember: outsider,
      admin: outsider,
      halfMember: outsider,
      member: qaMember,
      inherited: qaMember,
      bothGroups: inBothGroups,
    } satisfies Record<Caller, unknown>;
  };

  const callers: Caller[] = ['anonymous', 'nonMember', 'member', 'inherited', 'halfMember', 'bothGroups'];

  describe('the three id lists', () => {
    for (const caller of callers) {
      for (const set of ['selectable', 'enterable', 'accessible'] as const) {
        it(`GET /rest/product_${set} as ${caller}: exactly the ${set} ids, by name`, async () => {
          const response = await get(`/rest/product_${set}`, caller);
          expect(response.status).toBe(200);
          expect(response.body).toEqual({ ids: lists()[caller][set] });
        });
      }
    }

    it('orders by name ignoring case ("bravo" between "Another Product" and "C2 Forever")', async () => {
      const response = await get('/rest/product_accessible');
      expect(response.body.ids.slice(0, 3)).toEqual([p.another, p.bravo, p.c2Forever]);
    });

    it('sends the ids as JSON integers', async () => {
      const response = await get('/rest/product_selectable');
      expect(response.text).toBe(JSON.stringify({ ids: lists().anonymous.selectable }));
    });

    it('accepts a trailing slash', async () => {
      const response = await get('/rest/product_enterable/', 'member');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ids: lists().member.enterable });
    });

    it('ignores include_fields and other parameters', async () => {
      const response = await get('/rest/product_accessible', 'anonymous', {
        query: { include_fields: 'name', ids: '1', type: 'bogus' },
      });
      expect(response.body).toEqual({ ids: lists().anonymous.accessible });
    });

    it('answers a bad API key with 306 even though anonymous callers are allowed', async () => {
      const response = await app().get('/rest/product_selectable', { headers: { 'X-BUGZILLA-API-KEY': 'wrong' } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        envelope(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
      );
    });

    it('has no other methods: POST is 32614', async () => {
      const response = await app().post('/rest/product_accessible', { body: {} });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(
        envelope(32614, "A REST API resource was not found for 'POST /product_accessible'."),
      );
    });
  });

  describe('GET /rest/product: the pool', () => {
    for (const caller of callers) {
      it(`without ids or names returns the whole accessible pool, by name, as ${caller}`, async () => {
        const response = await get('/rest/product', caller, { query: { include_fields: 'id,name' } });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ products: idNames(lists()[caller].accessible) });
      });

      it(`with every fixture id returns exactly the accessible ones, as ${caller}`, async () => {
        const response = await get('/rest/product', caller, {
          query: { ids: Object.values(p).map(String), include_fields: ['id', 'name'] },
        });
        expect(response.body).toEqual({ products: idNames(lists()[caller].accessible) });
      });
    }

    it('returns the full nested products of the pool (anonymous)', async () => {
      const response = await get('/rest/product');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        products: [
          another(),
          simple('bravo'),
          simple('C2 Forever', { classification: 'Class2_QA' }),
          simple('Hollow Product', { componentActive: false }),
          simple('Inactive Product', { isActive: false }),
          simple('QA Entry Only'),
          simple('QA Search Only'),
          simple('Versionless Product', { versionActive: false }),
        ],
      });
    });

    it('a member also gets the private product (G3: all four QA products by id)', async () => {
      const response = await get('/rest/product', 'member', {
        query: { ids: [p.another, p.private, p.entryOnly, p.searchOnly].map(String) },
      });
      expect(response.body).toEqual({
        products: [another(), simple('QA Entry Only'), simple('QA Search Only'), simple('QA-Selenium-TEST')],
      });
    });

    it('a member through group inheritance gets the private product too', async () => {
      const response = await get(`/rest/product/${p.private}`, 'inherited');
      expect(response.body).toEqual({ products: [simple('QA-Selenium-TEST')] });
    });

    it('G6/G10: a non-member asking for public, no_entry and no_search gets all three', async () => {
      for (const caller of ['nonMember', 'anonymous'] as const) {
        const response = await get('/rest/product', caller, {
          query: { ids: [p.another, p.entryOnly, p.searchOnly].map(String), include_fields: 'id' },
        });
        expect(response.body).toEqual({ products: [{ id: p.another }, { id: p.entryOnly }, { id: p.searchOnly }] });
      }
    });

    it('G7/G11: a private product is silently left out for a non-member, by id and by name', async () => {
      for (const caller of ['nonMember', 'anonymous', 'halfMember'] as const) {
        await expect(get(`/rest/product?ids=${p.private}`, caller)).resolves.toMatchObject({
          status: 200,
          body: { products: [] },
        });
        await expect(get('/rest/product/QA-Selenium-TEST', caller)).resolves.toMatchObject({
          status: 200,
          body: { products: [] },
        });
        await expect(get(`/rest/product/${p.private}`, caller)).resolves.toMatchObject({
          status: 200,
          body: { products: [] },
        });
      }
    });

    it('Two Groups needs both mandatory groups when or_groups is off', async () => {
      const half = await get(`/rest/product/${p.twoGroups}`, 'halfMember', { query: { include_fields: 'id' } });
      expect(half.body).toEqual({ products: [] });
      const both = await get(`/rest/product/${p.twoGroups}`, 'bothGroups', { query: { include_fields: 'id' } });
      expect(both.body).toEqual({ products: [{ id: p.twoGroups }] });
    });

    it('an inactive product is returned, also anonymously, with is_active false', async () => {
      const response = await get('/rest/product?names=Inactive%20Product&include_fields=id,name,is_active');
      expect(response.body).toEqual({ products: [{ id: p.inactive, name: 'Inactive Product', is_active: false }] });
    });

    it('the products of another user group stay invisible (the perf products)', async () => {
      const response = await get('/rest/product', 'member', { query: { ids: perf.products.slice(0, 3).map(String) } });
      expect(response.body).toEqual({ products: [] });
    });
  });

  describe('GET /rest/product: type', () => {
    it('type=selectable is the selectable pool (inactive and hollow products in, no_search out)', async () => {
      const response = await get('/rest/product?type=selectable&include_fields=id,name');
      expect(response.body).toEqual({ products: idNames(lists().anonymous.selectable) });
    });

    it('type=enterable is the enterable pool', async () => {
      const response = await get('/rest/product?type=enterable&include_fields=id,name', 'member');
      expect(response.body).toEqual({ products: idNames(lists().member.enterable) });
    });

    it('type=accessible is the default pool', async () => {
      const response = await get('/rest/product?type=accessible&include_fields=id,name', 'bothGroups');
      expect(response.body).toEqual({ products: idNames(lists().bothGroups.accessible) });
    });

    it('D3: several types give their union without duplicates, by name', async () => {
      const response = await get('/rest/product?type=enterable&type=selectable&include_fields=id,name');
      expect(response.body).toEqual({ products: idNames(lists().anonymous.accessible) });
      const again = await get('/rest/product?type=accessible&type=enterable&type=enterable&include_fields=id,name');
      expect(again.body).toEqual({ products: idNames(lists().anonymous.accessible) });
    });

    it('ids and names are matched within the pool of the given type', async () => {
      const enterable = await get(
        `/rest/product?type=enterable&ids=${p.inactive}&names=Hollow%20Product&ids=${p.another}`,
      );
      expect(enterable.body).toEqual({ products: [another()] });
      const selectable = await get(`/rest/product?type=selectable&ids=${p.searchOnly}&include_fields=id`);
      expect(selectable.body).toEqual({ products: [] });
      const accessible = await get(`/rest/product?ids=${p.searchOnly}&include_fields=id`);
      expect(accessible.body).toEqual({ products: [{ id: p.searchOnly }] });
    });

    it.each([
      ['bogus', 'type=bogus'],
      ['Accessible', 'type=Accessible'],
      ['', 'type='],
      ['bogus', 'type=accessible&type=bogus&ids=1'],
    ])("D2: type '%s' is code 32000, HTTP 400 (%s)", async (value, query) => {
      const response = await get(`/rest/product?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        envelope(
          32000,
          `The product type '${value}' is invalid. Valid choices are 'accessible', 'selectable', and 'enterable'.`,
        ),
      );
    });

    it('an invalid type is an error on the path route too', async () => {
      const response = await get(`/rest/product/${p.another}?type=all`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(32000);
    });
  });

  describe('GET /rest/product: ids and names', () => {
    it('D5: an unknown id gives an empty list, no error', async () => {
      await expect(get('/rest/product/999999')).resolves.toMatchObject({ status: 200, body: { products: [] } });
      await expect(get('/rest/product?ids=9999')).resolves.toMatchObject({ status: 200, body: { products: [] } });
    });

    it('an unknown name gives an empty list, no error', async () => {
      await expect(get('/rest/product?names=NoSuchProduct')).resolves.toMatchObject({
        status: 200,
        body: { products: [] },
      });
      await expect(get('/rest/product/NoSuchProduct')).resolves.toMatchObject({ status: 200, body: { products: [] } });
    });

    it('non-numeric ids are silently left out (no 52 here)', async () => {
      const response = await get(`/rest/product?ids=abc&ids=${p.bravo}&ids=1.0&ids=-1&include_fields=id`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ products: [{ id: p.bravo }] });
    });

    it('ids match as Bugzilla compares them, as exact decimal text: "01" and " 1" match nothing', async () => {
      const response = await get('/rest/product', 'anonymous', {
        query: { ids: [`0${p.bravo}`, ` ${p.bravo}`, `${p.bravo} `, `+${p.bravo}`], include_fields: 'id' },
      });
      expect(response.body).toEqual({ products: [] });
    });

    it('an empty ids= or names= matches nothing (it is not "no filter")', async () => {
      await expect(get('/rest/product?ids=')).resolves.toMatchObject({ status: 200, body: { products: [] } });
      await expect(get('/rest/product?names=')).resolves.toMatchObject({ status: 200, body: { products: [] } });
      const mixed = await get('/rest/product?ids=&names=bravo&include_fields=name');
      expect(mixed.body).toEqual({ products: [{ name: 'bravo' }] });
    });

    it('D4: names match case-insensitively, in the query and in the path', async () => {
      const query = await get('/rest/product?names=ANOTHER%20PRODUCT&names=BrAvO&include_fields=id,name');
      expect(query.body).toEqual({
        products: [
          { id: p.another, name: 'Another Product' },
          { id: p.bravo, name: 'bravo' },
        ],
      });
      const path = await get('/rest/product/another%20product');
      expect(path.body).toEqual({ products: [another()] });
    });

    it('names are not trimmed and must match exactly apart from case (no padding, no accent folding)', async () => {
      await expect(get('/rest/product', 'anonymous', { query: { names: 'bravo ' } })).resolves.toMatchObject({
        body: { products: [] },
      });
      await expect(get('/rest/product', 'anonymous', { query: { names: ' bravo' } })).resolves.toMatchObject({
        body: { products: [] },
      });
      const perfCaller = { headers: { 'X-BUGZILLA-API-KEY': perf.apiKey }, query: { include_fields: 'id,name' } };
      const accents = await app().get('/rest/product?names=arger', perfCaller);
      expect(accents.body).toEqual({ products: [] });
    });

    it('non-ASCII names match case-insensitively', async () => {
      const perfCaller = { headers: { 'X-BUGZILLA-API-KEY': perf.apiKey }, query: { include_fields: 'id,name' } };
      for (const name of ['Ärger', 'ärger', 'ÄRGER']) {
        const response = await app().get(`/rest/product?names=${encodeURIComponent(name)}`, perfCaller);
        expect(response.body).toEqual({ products: [{ id: perf.umlautName, name: 'Ärger' }] });
      }
      const path = await app().get(`/rest/product/${encodeURIComponent('äRGER')}`, perfCaller);
      expect(path.body).toEqual({ products: [{ id: perf.umlautName, name: 'Ärger' }] });
    });

    it('an all-digit path value is an id, even when a product has that name; names= finds it', async () => {
      const perfCaller = { headers: { 'X-BUGZILLA-API-KEY': perf.apiKey }, query: { include_fields: 'id,name' } };
      const byPath = await app().get('/rest/product/1999', perfCaller);
      expect(byPath.body).toEqual({ products: [] });
      const byName = await app().get('/rest/product?names=1999', perfCaller);
      expect(byName.body).toEqual({ products: [{ id: perf.digitsName, name: '1999' }] });
    });

    it('ids and names give their union, without duplicates, by name', async () => {
      const response = await get('/rest/product', 'anonymous', {
        query: {
          ids: [String(p.versionless), String(p.bravo), String(p.bravo)],
          names: ['Another Product', 'BRAVO', 'another product'],
          include_fields: 'id,name',
        },
      });
      expect(response.body).toEqual({
        products: [
          { id: p.another, name: 'Another Product' },
          { id: p.bravo, name: 'bravo' },
          { id: p.versionless, name: 'Versionless Product' },
        ],
      });
    });

    it('D6: the same product by id and by name appears once', async () => {
      const response = await get(`/rest/product?ids=${p.another}&names=Another%20Product`);
      expect(response.body).toEqual({ products: [another()] });
    });

    it('unknown and invisible ids and names are left out, the rest returned', async () => {
      const response = await get('/rest/product', 'nonMember', {
        query: {
          ids: ['999999', String(p.private), String(p.c2Forever)],
          names: ['QA-Selenium-TEST', 'Two Groups', 'No such', 'qa entry only'],
          include_fields: 'name',
        },
      });
      expect(response.body).toEqual({ products: [{ name: 'C2 Forever' }, { name: 'QA Entry Only' }] });
    });

    it('the path value is merged with the query ids and names', async () => {
      const byId = await get(`/rest/product/${p.versionless}`, 'anonymous', {
        query: { ids: String(p.bravo), names: 'c2 forever', include_fields: 'name' },
      });
      expect(byId.body).toEqual({
        products: [{ name: 'bravo' }, { name: 'C2 Forever' }, { name: 'Versionless Product' }],
      });
      const byName = await get('/rest/product/Versionless%20Product', 'anonymous', {
        query: { ids: String(p.another), include_fields: 'name' },
      });
      expect(byName.body).toEqual({ products: [{ name: 'Another Product' }, { name: 'Versionless Product' }] });
    });

    it('python-bugzilla: GET /rest/product/get?ids=1&ids=2 returns those products ("get" is just a name)', async () => {
      const response = await get(`/rest/product/get?ids=${p.bravo}&ids=${p.another}`, 'anonymous', {
        query: { include_fields: 'id' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ products: [{ id: p.another }, { id: p.bravo }] });
    });

    it('accepts a trailing slash on both routes', async () => {
      const path = await get(`/rest/product/${p.another}/`);
      expect(path.status).toBe(200);
      expect(path.body).toEqual({ products: [another()] });
      const collection = await get('/rest/product/', 'anonymous', {
        query: { names: 'bravo', include_fields: 'name' },
      });
      expect(collection.body).toEqual({ products: [{ name: 'bravo' }] });
    });

    it('long id lists work (matched in memory beyond one IN list)', async () => {
      const ids = Array.from({ length: 1500 }, (_, i) => String(i + 1));
      const response = await get('/rest/product', 'anonymous', { query: { ids, include_fields: 'id' } });
      expect(response.body).toEqual({ products: lists().anonymous.accessible.map((id) => ({ id })) });
      const names = Array.from({ length: 1200 }, (_, i) => `name ${i}`).concat('bravo');
      const byName = await get('/rest/product', 'anonymous', { query: { names, include_fields: 'id' } });
      expect(byName.body).toEqual({ products: [{ id: p.bravo }] });
    });

    it('carries an ETag; a matching If-None-Match answers 304 without a body', async () => {
      const first = await get(`/rest/product/${p.another}`);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toEqual(expect.any(String));
      expect(first.headers['access-control-allow-origin']).toBe('*');
      const second = await get(`/rest/product/${p.another}`, 'anonymous', {
        headers: { 'If-None-Match': String(first.headers.etag) },
      });
      expect(second.status).toBe(304);
      expect(second.text).toBe('');
    });

    it('D32: DELETE /rest/product (no product named) is 32614', async () => {
      // DELETE /rest/product/{id_or_name} exists since SPEC §10 (test/product-deletion.e2e-spec.ts).
      const response = await app().request('DELETE', '/rest/product');
      expect(response.status).toBe(404);
      expect(response.body).toEqual(envelope(32614, "A REST API resource was not found for 'DELETE /product'."));
    });
  });

  describe('GET /rest/product: the product object', () => {
    it('has the contract key order at every level', async () => {
      const response = await get(`/rest/product/${p.another}`);
      expect(response.text).toBe(JSON.stringify({ products: [another()] }));
      const [product] = response.body.products;
      expect(Object.keys(product)).toEqual(PRODUCT_KEYS);
      expect(Object.keys(product.components[0])).toEqual([
        'id',
        'name',
        'description',
        'default_assigned_to',
        'default_qa_contact',
        'sort_key',
        'is_active',
        'flag_types',
      ]);
      expect(Object.keys(product.components[0].flag_types)).toEqual(['bug', 'attachment']);
      expect(Object.keys(product.components[0].flag_types.bug[0])).toEqual([
        'id',
        'name',
        'description',
        'cc_list',
        'sort_key',
        'is_active',
        'is_requestable',
        'is_requesteeble',
        'is_multiplicable',
        'grant_group',
        'request_group',
      ]);
      expect(Object.keys(product.versions[0])).toEqual(['id', 'name', 'sort_key', 'is_active']);
      expect(Object.keys(product.milestones[0])).toEqual(['id', 'name', 'sort_key', 'is_active']);
    });

    it('lists all components, active or not, by name ignoring case (c1, c2, D-old)', async () => {
      const response = await get(`/rest/product/${p.another}?include_fields=components.name,components.is_active`);
      expect(response.body).toEqual({
        products: [
          {
            components: [
              { name: 'c1', is_active: true },
              { name: 'c2', is_active: true },
              { name: 'D-old', is_active: false },
            ],
          },
        ],
      });
    });

    it('lists all versions, active or not, in vers_cmp order with sort_key 0 (1.9 before 1.10, 2.0 before 2.0-beta)', async () => {
      const response = await get(`/rest/product/${p.another}?include_fields=versions`);
      expect(response.body).toEqual({ products: [{ versions: anotherVersions() }] });
    });

    it('lists all milestones, active or not, by sort key then name ignoring case', async () => {
      const response = await get(`/rest/product/${p.another}?include_fields=milestones`);
      expect(response.body).toEqual({ products: [{ milestones: anotherMilestones() }] });
    });

    it('D10: a flag type included for one component (spec_multi_flag, c1) is absent from the others', async () => {
      const response = await get(`/rest/product/${p.another}?include_fields=components.name,components.flag_types`);
      const byName = Object.fromEntries(
        response.body.products[0].components.map((c: any) => [c.name, c.flag_types.bug.map((f: any) => f.name)]),
      );
      expect(byName).toEqual({ c1: ['review', 'spec_multi_flag'], c2: ['zeta'], 'D-old': ['review'] });
      expect(response.body.products[0].components[0].flag_types.bug[1].grant_group).toBe(fx.groups.editbugs);
    });

    it('flag types: inclusion with NULL product and component applies everywhere; an exclusion for one component removes it there only', async () => {
      const response = await get('/rest/product?names=bravo&include_fields=components.flag_types');
      expect(response.body).toEqual({
        products: [{ components: [{ flag_types: { bug: [flagType.review()], attachment: [] } }] }],
      });
    });

    it('flag types: a NULL-product inclusion for one component applies to that component only (zeta on c2)', async () => {
      const response = await get(`/rest/product/${p.another}?include_fields=components.flag_types`);
      const bugFlags = response.body.products[0].components.map((c: any) => c.flag_types.bug.map((f: any) => f.id));
      expect(bugFlags).toEqual([
        [fx.flagTypes.review, fx.flagTypes.specMulti],
        [fx.flagTypes.zeta],
        [fx.flagTypes.review],
      ]);
    });

    it('flag types: a type without inclusions, excluded everywhere, or of another target type is never listed', async () => {
      const response = await get('/rest/product');
      const ids = new Set<number>();
      for (const product of response.body.products) {
        for (const component of product.components) {
          for (const type of [...component.flag_types.bug, ...component.flag_types.attachment]) ids.add(type.id);
        }
      }
      expect(ids.has(fx.flagTypes.unused)).toBe(false);
      expect(ids.has(fx.flagTypes.blocked)).toBe(false);
      expect(ids.has(fx.flagTypes.odd)).toBe(false);
      expect([...ids].sort((a, b) => a - b)).toEqual(
        [fx.flagTypes.review, fx.flagTypes.specMulti, fx.flagTypes.approval, fx.flagTypes.zeta].sort((a, b) => a - b),
      );
    });

    it('flag types are split by target type and ordered by sort key, then name (inactive ones included)', async () => {
      const response = await get(`/rest/product/${p.another}?include_fields=components.flag_types`);
      expect(response.body.products[0].components[0].flag_types).toEqual({
        bug: [flagType.review(), flagType.specMulti()],
        attachment: [flagType.approval()],
      });
      expect(response.body.products[0].components[1].flag_types.bug).toEqual([flagType.zeta()]);
    });

    it('the classification is given by name', async () => {
      const response = await get('/rest/product/C2%20Forever?include_fields=name,classification');
      expect(response.body).toEqual({ products: [{ name: 'C2 Forever', classification: 'Class2_QA' }] });
    });

    it('inactive components and versions are listed (Hollow and Versionless Product)', async () => {
      const response = await get('/rest/product', 'anonymous', {
        query: {
          names: ['Versionless Product', 'Hollow Product'],
          include_fields: 'name,components.is_active,versions.is_active',
        },
      });
      expect(response.body).toEqual({
        products: [
          { name: 'Hollow Product', components: [{ is_active: false }], versions: [{ is_active: true }] },
          { name: 'Versionless Product', components: [{ is_active: true }], versions: [{ is_active: false }] },
        ],
      });
    });
  });

  describe('GET /rest/product: include_fields and exclude_fields', () => {
    const scalars = () => {
      const { components: _c, versions: _v, milestones: _m, ...rest } = another();
      return rest;
    };
    const cases: [string, Record<string, string | string[]>, () => unknown][] = [
      ['D7: include_fields=name', { include_fields: 'name' }, () => ({ name: 'Another Product' })],
      [
        'include_fields=id,name (comma list)',
        { include_fields: 'id,name' },
        () => ({ id: p.another, name: 'Another Product' }),
      ],
      [
        'include_fields repeated',
        { include_fields: ['id', 'name'] },
        () => ({ id: p.another, name: 'Another Product' }),
      ],
      [
        'include_fields split on spaces',
        { include_fields: 'id name' },
        () => ({ id: p.another, name: 'Another Product' }),
      ],
      [
        'D8: include_fields=components.name pulls in components with only their names',
        { include_fields: 'components.name' },
        () => ({ components: [{ name: 'c1' }, { name: 'c2' }, { name: 'D-old' }] }),
      ],
      [
        'include_fields=id&include_fields=components.name',
        { include_fields: ['id', 'components.name'] },
        () => ({ id: p.another, components: [{ name: 'c1' }, { name: 'c2' }, { name: 'D-old' }] }),
      ],
      [
        'include_fields=components: all component fields, flag types included, nothing else',
        { include_fields: 'components' },
        () => ({ components: anotherComponents() }),
      ],
      [
        'include_fields=components.flag_types: components holding only their flag types',
        { include_fields: 'components.flag_types' },
        () => ({ components: anotherComponents().map((c) => ({ flag_types: c.flag_types })) }),
      ],
      [
        'include_fields=components.flag_types.name: no sub-sub filtering, components are empty objects',
        { include_fields: 'components.flag_types.name' },
        () => ({ components: [{}, {}, {}] }),
      ],
      [
        'include_fields=versions.name,milestones.sort_key',
        { include_fields: 'versions.name,milestones.sort_key' },
        () => ({
          versions: anotherVersions().map((v) => ({ name: v.name })),
          milestones: anotherMilestones().map((m) => ({ sort_key: m.sort_key })),
        }),
      ],
      [
        'D9: exclude_fields=components,versions,milestones',
        { exclude_fields: 'components,versions,milestones' },
        scalars,
      ],
      ['exclude_fields repeated', { exclude_fields: ['components', 'versions', 'milestones'] }, scalars],
      [
        'exclude_fields=components.flag_types keeps components without flag types',
        { exclude_fields: 'components.flag_types', include_fields: 'components' },
        () => ({ components: anotherComponents().map(({ flag_types: _f, ...c }) => c) }),
      ],
      [
        'exclude_fields=id drops only the product id (components keep theirs)',
        { exclude_fields: 'id', include_fields: 'id,name,components.id' },
        () => ({
          name: 'Another Product',
          components: [{ id: fx.components.c1 }, { id: fx.components.c2 }, { id: fx.components.dOld }],
        }),
      ],
      [
        'exclude_fields=id alone: the rest of the product, components with ids',
        { exclude_fields: 'id' },
        () => {
          const { id: _id, ...rest } = another();
          return rest;
        },
      ],
      [
        'exclude beats include: include name,id exclude name',
        { include_fields: 'name,id', exclude_fields: 'name' },
        () => ({ id: p.another }),
      ],
      ['exclude beats include: the same name in both', { include_fields: 'name', exclude_fields: 'name' }, () => ({})],
      ['exclude_fields=_default gives {}', { exclude_fields: '_default' }, () => ({})],
      ['exclude_fields=_all gives {}', { exclude_fields: '_all' }, () => ({})],
      [
        'exclude_fields=_all keeps an explicitly included field',
        { exclude_fields: '_all', include_fields: 'name' },
        () => ({ name: 'Another Product' }),
      ],
      ['include_fields=_all gives everything', { include_fields: '_all' }, another],
      ['include_fields=_default gives everything', { include_fields: '_default' }, another],
      [
        'include_fields=_all beats exclude_fields=_default',
        { include_fields: '_all', exclude_fields: '_default' },
        another,
      ],
      ['include_fields=_extra gives {}', { include_fields: '_extra' }, () => ({})],
      ['an empty include_fields means everything', { include_fields: '' }, another],
      [
        'unknown include names are ignored (the others still apply)',
        { include_fields: 'bogus,id' },
        () => ({ id: p.another }),
      ],
      ['only unknown include names: nothing is wanted', { include_fields: 'bogus' }, () => ({})],
      ['unknown exclude names are ignored', { exclude_fields: 'bogus,components.bogus' }, another],
      ['names are case-sensitive', { include_fields: 'ID,Name,id' }, () => ({ id: p.another })],
      [
        'flag type fields are never filtered',
        {
          include_fields: 'components.flag_types',
          exclude_fields: 'name,flag_types.name,components.flag_types.name,id',
        },
        () => ({ components: anotherComponents().map((c) => ({ flag_types: c.flag_types })) }),
      ],
      [
        'a parent excluded wins over an included child field',
        { include_fields: 'components.name', exclude_fields: 'components' },
        () => ({}),
      ],
    ];

    it.each(cases)('%s', async (_title, query, expected) => {
      const response = await get(`/rest/product/${p.another}`, 'anonymous', { query });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ products: [expected()] });
    });

    it('filters every product of the answer alike', async () => {
      const response = await get(
        '/rest/product?names=bravo&names=Versionless%20Product&include_fields=name,versions.name',
      );
      expect(response.body).toEqual({
        products: [
          { name: 'bravo', versions: [{ name: 'unspecified' }] },
          { name: 'Versionless Product', versions: [{ name: 'unspecified' }] },
        ],
      });
    });
  });

  describe('OpenAPI', () => {
    it('documents the five read routes with their parameters and responses', async () => {
      const response = await app().get('/api/openapi.json');
      expect(response.status).toBe(200);
      const paths = response.body.paths;
      for (const path of ['/rest/product_selectable', '/rest/product_enterable', '/rest/product_accessible']) {
        expect(paths[path].get.responses['200'].content['application/json'].schema).toEqual({
          $ref: '#/components/schemas/ProductIdsDto',
        });
      }
      for (const path of ['/rest/product', '/rest/product/{id_or_name}']) {
        const operation = paths[path].get;
        const parameter = (name: string) => operation.parameters.find((p: any) => p.name === name);
        for (const name of ['ids', 'names', 'type', 'include_fields', 'exclude_fields']) {
          expect(parameter(name)).toMatchObject({ in: 'query', required: false, schema: { type: 'array' } });
        }
        expect(parameter('ids').schema.items).toEqual({ type: 'integer' });
        expect(parameter('type').schema.items).toMatchObject({ enum: ['accessible', 'selectable', 'enterable'] });
        expect(operation.responses['200'].content['application/json'].schema).toEqual({
          $ref: '#/components/schemas/ProductListDto',
        });
        expect(operation.responses['400']).toBeDefined();
      }
      expect(
        paths['/rest/product/{id_or_name}'].get.parameters.find((p: any) => p.name === 'id_or_name'),
      ).toMatchObject({
        in: 'path',
        required: true,
      });
      const schemas = response.body.components.schemas;
      expect(Object.keys(schemas.ProductDto.properties)).toEqual(PRODUCT_KEYS);
      expect(schemas.FlagTypeDto.required).toEqual(
        expect.arrayContaining(['id', 'name', 'grant_group', 'request_group']),
      );
    });
  });
});

forEachDialect(
  'Products, read side, with or_groups on',
  (app) => {
    let fx: ProductFixture;
    let p: ProductFixture['products'];
    beforeAll(async () => {
      fx = await seedProductFixture(app().seed);
      p = fx.products;
    });
    const get = (url: string, caller: Caller) =>
      app().get(url, caller === 'anonymous' ? {} : { headers: { 'X-BUGZILLA-API-KEY': fx.users[caller].apiKey } });

    it('a user in one of two mandatory groups may select and enter the product', async () => {
      const selectable = await get('/rest/product_selectable', 'halfMember');
      expect(selectable.body.ids).toContain(p.twoGroups);
      const enterable = await get('/rest/product_enterable', 'halfMember');
      expect(enterable.body).toEqual({ ids: [p.another, p.bravo, p.c2Forever, p.searchOnly, p.twoGroups] });
      const accessible = await get('/rest/product_accessible', 'halfMember');
      expect(accessible.body).toEqual({
        ids: [
          p.another,
          p.bravo,
          p.c2Forever,
          p.hollow,
          p.inactive,
          p.entryOnly,
          p.searchOnly,
          p.twoGroups,
          p.versionless,
        ],
      });
      const product = await get(`/rest/product/${p.twoGroups}?include_fields=id`, 'halfMember');
      expect(product.body).toEqual({ products: [{ id: p.twoGroups }] });
    });

    it('a user in neither group still may not', async () => {
      for (const caller of ['nonMember', 'anonymous', 'member'] as const) {
        const accessible = await get('/rest/product_accessible', caller);
        expect(accessible.body.ids).not.toContain(p.twoGroups);
        const product = await get(`/rest/product/${p.twoGroups}`, caller);
        expect(product.body).toEqual({ products: [] });
      }
    });

    it('products without groups and the single-group rules are unchanged', async () => {
      const outsider = await get('/rest/product_selectable', 'nonMember');
      expect(outsider.body).toEqual({
        ids: [p.another, p.bravo, p.c2Forever, p.hollow, p.inactive, p.entryOnly, p.versionless],
      });
      const member = await get('/rest/product_enterable', 'inherited');
      expect(member.body).toEqual({ ids: [p.another, p.bravo, p.c2Forever, p.entryOnly, p.searchOnly, p.private] });
    });
  },
  { BZ_OR_GROUPS: '1' },
);

/** The SQL statements of the database path (CACHE_MAX_STALENESS_MS=0: every request reads the database). */
forEachDialect(
  'Products, read side: a constant number of SQL queries per request on the database path',
  (app) => {
    let perf: PerfFixture;
    beforeAll(async () => {
      await seedProductFixture(app().seed);
      perf = await seedPerfFixture(app());
    });

    /** Counts the statements the request sends (every query of both drivers goes through the logger). */
    const countQueries = async (url: string, query: ApiRequest['query'] = {}) => {
      const spy = vi.spyOn(app().ds.logger, 'logQuery');
      try {
        const response = await app().get(url, { headers: { 'X-BUGZILLA-API-KEY': perf.apiKey }, query });
        expect(response.status).toBe(200);
        const sql = spy.mock.calls.map((call) => String(call[0]));
        return { count: sql.length, sql, body: response.body };
      } finally {
        spy.mockRestore();
      }
    };

    beforeAll(async () => {
      // The first use of a key also records its last use; later requests within the minute do not.
      await countQueries('/rest/product_accessible');
    });

    it('one product and fifty products (4 components each, versions, milestones, flag types) cost the same', async () => {
      const one = await countQueries('/rest/product', { ids: String(perf.products[0]) });
      const fifty = await countQueries('/rest/product', { ids: perf.products.map(String) });
      expect(one.body.products).toHaveLength(1);
      expect(fifty.body.products).toHaveLength(PERF_PRODUCTS);
      for (const product of fifty.body.products) {
        expect(product.components).toHaveLength(PERF_COMPONENTS);
        expect(product.versions.map((v: any) => v.name)).toEqual(['1.0', '1.9', '1.10']);
        expect(product.milestones.map((m: any) => m.name)).toEqual(['---', 'M1', 'M2']);
        expect(product.components.map((c: any) => c.flag_types.bug.map((f: any) => f.name))).toEqual([
          ['review'],
          ['review', 'perf-flag'],
          ['review', 'perf-flag'],
          ['review', 'perf-flag'],
        ]);
        expect(product.components.map((c: any) => c.flag_types.attachment.length)).toEqual([0, 1, 0, 0]);
        expect(product.components[0].default_qa_contact).toBe('perf@example.com');
      }
      expect(fifty.count).toBe(one.count);
      // The whole pool, still the same.
      const pool = await countQueries('/rest/product');
      expect(pool.body.products.length).toBeGreaterThan(PERF_PRODUCTS);
      expect(pool.count).toBe(one.count);
    });

    it('products, then one statement each for components, flag rules, flag types, versions, milestones', async () => {
      const base = await countQueries('/rest/product_accessible'); // the caller's own queries + the id list
      const full = await countQueries('/rest/product', { ids: perf.products.map(String) });
      expect(full.count).toBe(base.count + 5);
    });

    it.each([
      ['include_fields=id,name', { include_fields: 'id,name' }, 0],
      ['exclude_fields=components,versions,milestones', { exclude_fields: 'components,versions,milestones' }, 0],
      ['exclude_fields=components', { exclude_fields: 'components' }, 2],
      ['exclude_fields=components.flag_types', { exclude_fields: 'components.flag_types' }, 3],
      ['include_fields=components.name', { include_fields: 'components.name' }, 1],
      ['include_fields=versions', { include_fields: 'versions' }, 1],
      ['include_fields=milestones.name', { include_fields: 'milestones.name' }, 1],
      ['include_fields=components.flag_types', { include_fields: 'components.flag_types' }, 3],
    ])('parts left out are not loaded: %s → products + %i', async (_title, query, extra) => {
      const base = await countQueries('/rest/product_accessible');
      const filtered = await countQueries('/rest/product', { ...query, ids: perf.products.map(String) });
      expect(filtered.count).toBe(base.count + extra);
      const text = filtered.sql.join('\n');
      if (extra < 3) expect(text).not.toMatch(/flagtypes|flaginclusions|flagexclusions/);
      if (extra === 0) expect(text).not.toMatch(/milestones/);
    });

    it('no query is sent for products when ids and names are all empty', async () => {
      const base = await countQueries('/rest/product_accessible');
      const empty = await countQueries('/rest/product', { ids: '' });
      expect(empty.body).toEqual({ products: [] });
      expect(empty.count).toBe(base.count - 1);
    });
  },
  { CACHE_MAX_STALENESS_MS: '0' },
);

/**
 * With the in-memory model (SPEC §1), a read whose model is fresh sends no statement at all. The
 * bound is long here so that no background check runs during the requests counted.
 */
forEachDialect(
  'Products, read side: no SQL statement for an answer from the in-memory model',
  (app) => {
    let perf: PerfFixture;
    const count = async (url: string, query: ApiRequest['query'] = {}) => {
      const spy = vi.spyOn(app().ds.logger, 'logQuery');
      try {
        const response = await app().get(url, { headers: { 'X-BUGZILLA-API-KEY': perf.apiKey }, query });
        expect(response.status).toBe(200);
        return { count: spy.mock.calls.length, body: response.body };
      } finally {
        spy.mockRestore();
      }
    };
    beforeAll(async () => {
      await seedProductFixture(app().seed);
      perf = await seedPerfFixture(app());
      // The first request loads the model and records the key's last use (once a minute).
      await count('/rest/product_accessible');
      await count('/rest/product_accessible');
    });

    it.each([
      ['/rest/product_accessible', {}],
      ['/rest/product_selectable', {}],
      ['/rest/product_enterable', {}],
      ['/rest/product', {}],
      ['/rest/product', { type: 'enterable', include_fields: 'id,name' }],
      ['/rest/product', { ids: '' }],
      ['/rest/product/Perf 01', {}],
    ])('GET %s %o: 0 statements', async (url, query) => {
      const answer = await count(url, query as ApiRequest['query']);
      expect(answer.count).toBe(0);
    });

    it('fifty full products (components, flag types, versions, milestones): 0 statements', async () => {
      const fifty = await count('/rest/product', { ids: perf.products.map(String) });
      expect(fifty.body.products).toHaveLength(PERF_PRODUCTS);
      expect(fifty.body.products[0].components[1].flag_types.bug.map((f: any) => f.name)).toEqual([
        'review',
        'perf-flag',
      ]);
      expect(fifty.count).toBe(0);
    });
  },
  { CACHE_MAX_STALENESS_MS: '60000' },
);
