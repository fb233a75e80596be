import { forEachDialect, type ApiResponse, type TestApp } from './support/test-app.js';
import { withKey } from './support/reliability.js';
import { envelope } from './support/envelope.js';

/**
 * A caller outside a product's groups cannot learn that the product exists
 * (SPEC §4): every answer an outsider gets is the same whether the product is
 * missing or there but not theirs — through ids, names, type unions, error
 * messages, ETags and counts. The one documented exception is a name taken by a
 * product the admin cannot see (702). No caller ever reads another user's last
 * visits; bugs keep Bugzilla's 101/102 distinction (SPEC §6).
 *
 * The proof: the same battery of requests is answered before the secret
 * products exist and after (with ids reserved in advance), and every answer —
 * status, body and ETag — must be identical.
 */

const SECRET_ID = 900;
const SECRET_INACTIVE_ID = 901;
const SECRET_BUG = 800;
const MISSING_ID = 999;
const MANDATORY = 3;

type Caller = 'anonymous' | 'plain' | 'outsiderAdmin';

interface Fixture {
  keys: Record<'plain' | 'outsiderAdmin' | 'insider' | 'insiderAdmin', string>;
  ids: Record<'plain' | 'outsiderAdmin' | 'insider' | 'insiderAdmin', number>;
  publicProduct: number;
  publicComponent: number;
  publicBug: number;
}

async function seedPublicWorld(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  await seed.group('secret-group');
  await seed.group('second-secret');
  const user = async (login: string, groups: string[]) => {
    const id = await seed.user(login, { groups });
    return { id, key: await seed.apiKey(id) };
  };
  const plain = await user('plain@leaks.test', []);
  const outsiderAdmin = await user('outsider-admin@leaks.test', ['editcomponents']);
  const insider = await user('insider@leaks.test', ['secret-group', 'second-secret']);
  const insiderAdmin = await user('insider-admin@leaks.test', ['editcomponents', 'secret-group', 'second-secret']);
  const publicProduct = await seed.product('Public Product', { defaultmilestone: '---' });
  const publicComponent = await seed.component(publicProduct, 'general', { owner: insider.id });
  await seed.version(publicProduct, 'unspecified');
  await seed.milestone(publicProduct, '---');
  const everywhere = await seed.flagType('review', { requestable: true });
  await seed.flagInclusion(everywhere, null, null);
  // A public bug both the plain user and the insider are involved with.
  const publicBug = await seed.bug({
    product: publicProduct,
    component: publicComponent,
    reporter: insider.id,
    assignee: plain.id,
  });
  return {
    keys: { plain: plain.key, outsiderAdmin: outsiderAdmin.key, insider: insider.key, insiderAdmin: insiderAdmin.key },
    ids: { plain: plain.id, outsiderAdmin: outsiderAdmin.id, insider: insider.id, insiderAdmin: insiderAdmin.id },
    publicProduct,
    publicComponent,
    publicBug,
  };
}

/** The secret products (ids reserved in advance), with everything a product can have, and the insider's traces. */
async function addSecrets(app: TestApp, fx: Fixture, orGroups: boolean): Promise<void> {
  const seed = app.seed;
  await seed.insert('products', {
    id: SECRET_ID,
    name: 'Secret Plans',
    classification_id: 1,
    description: 'Nobody outside may know',
    isactive: true,
    defaultmilestone: 'SecretMS',
    allows_unconfirmed: true,
  });
  await seed.insert('products', {
    id: SECRET_INACTIVE_ID,
    name: 'Zeta Hidden',
    classification_id: 1,
    description: 'Retired and hidden',
    isactive: false,
    defaultmilestone: '---',
    allows_unconfirmed: false,
  });
  for (const product of [SECRET_ID, SECRET_INACTIVE_ID]) {
    const component = await seed.component(product, 'classified', { owner: fx.ids.insider });
    await seed.version(product, '1.0');
    await seed.milestone(product, product === SECRET_ID ? 'SecretMS' : '---');
    const flag = await seed.flagType(`secret-flag-${product}`);
    await seed.flagInclusion(flag, product, component);
    const controls = { entry: true, membercontrol: MANDATORY, othercontrol: MANDATORY };
    await seed.groupControl('secret-group', product, controls);
    // With or_groups on, a second group must not open the product to outsiders either.
    if (orGroups) await seed.groupControl('second-secret', product, controls);
  }
  const component = await app.rows<{ id: number }>('SELECT id FROM components WHERE product_id = ?', [SECRET_ID]);
  await seed.insert('bugs', {
    bug_id: SECRET_BUG,
    assigned_to: fx.ids.insider,
    bug_file_loc: '',
    bug_severity: 'normal',
    bug_status: 'CONFIRMED',
    creation_ts: new Date(),
    delta_ts: new Date(),
    short_desc: 'secret bug',
    op_sys: 'All',
    priority: '---',
    product_id: SECRET_ID,
    rep_platform: 'All',
    reporter: fx.ids.insider,
    version: '1.0',
    component_id: Number(component[0].id),
    resolution: '',
    target_milestone: 'SecretMS',
    status_whiteboard: '',
    everconfirmed: true,
    reporter_accessible: true,
    cclist_accessible: true,
    estimated_time: 0,
    remaining_time: 0,
  });
  await seed.bugGroup(SECRET_BUG, 'secret-group');
  await seed.lastVisit(fx.ids.insider, SECRET_BUG, new Date(Date.UTC(2025, 0, 1, 12, 0, 0)));
  await seed.lastVisit(fx.ids.insider, fx.publicBug, new Date(Date.UTC(2025, 0, 2, 12, 0, 0)));
}

interface Probe {
  label: string;
  send: () => Promise<ApiResponse>;
}

/** Every way an outsider might ask about the secret products, without changing anything they can reach. */
function battery(app: () => TestApp, fx: Fixture, caller: Caller): Probe[] {
  const key = caller === 'anonymous' ? undefined : fx.keys[caller];
  const get = (url: string, query?: Record<string, any>): Probe => ({
    label: `GET ${url} ${JSON.stringify(query ?? {})}`,
    send: () => app().get(url, withKey(key, { query })),
  });
  const put = (url: string, body: unknown): Probe => ({
    label: `PUT ${url} ${JSON.stringify(body)}`,
    send: () => app().put(url, withKey(key, { body })),
  });
  const types = [
    ['accessible'],
    ['selectable'],
    ['enterable'],
    ['selectable', 'enterable'],
    ['accessible', 'selectable'],
    ['enterable', 'accessible', 'selectable'],
    ['enterable', 'enterable'],
  ];
  const probes: Probe[] = [
    get('/rest/product_selectable'),
    get('/rest/product_enterable'),
    get('/rest/product_accessible'),
    get('/rest/product'),
    get('/rest/product', { include_fields: 'id' }),
    get('/rest/product', { include_fields: ['components.flag_types', 'name'] }),
    get('/rest/product', { exclude_fields: 'components' }),
    ...types.map((type) => get('/rest/product', { type })),
    ...types.map((type) => get('/rest/product', { type, ids: [SECRET_ID, SECRET_INACTIVE_ID] })),
    get('/rest/product', { ids: SECRET_ID }),
    get('/rest/product', { ids: [SECRET_ID, fx.publicProduct] }),
    get('/rest/product', { ids: [SECRET_ID, SECRET_INACTIVE_ID, MISSING_ID] }),
    get('/rest/product', { ids: Array.from({ length: 1000 }, (_, i) => i + 1) }),
    get('/rest/product', { names: 'Secret Plans' }),
    get('/rest/product', { names: ['SECRET PLANS', 'secret plans', 'Zeta Hidden', 'Public Product'] }),
    get('/rest/product', { names: 'Secret Plans', type: ['selectable', 'enterable'] }),
    get(`/rest/product/${SECRET_ID}`),
    get(`/rest/product/${SECRET_INACTIVE_ID}`, { type: 'selectable' }),
    get('/rest/product/Secret%20Plans'),
    get('/rest/product/secret%20plans', { type: ['enterable', 'selectable'] }),
    get('/rest/product/get', { ids: [SECRET_ID, SECRET_INACTIVE_ID], names: 'Zeta Hidden' }),
    get('/rest/product/Zeta%20Hidden', { include_fields: '_all' }),
    get('/rest/bug_user_last_visit'),
    get(`/rest/bug_user_last_visit/${SECRET_BUG}`),
    get('/rest/bug_user_last_visit', { ids: [SECRET_BUG, fx.publicBug] }),
    put(`/rest/product/${SECRET_ID}`, { description: 'mine now' }),
    put(`/rest/product/${SECRET_INACTIVE_ID}`, { is_open: true }),
    put('/rest/product/Secret%20Plans', { description: 'mine now' }),
    put('/rest/product/SECRET%20PLANS', {}),
    put('/rest/product', { names: ['secret plans'], description: 'mine now' }),
    put('/rest/product', { ids: [fx.publicProduct, SECRET_ID], description: 'both' }),
    put('/rest/product', { ids: [SECRET_ID], names: ['Public Product'], description: 'both' }),
    put(`/rest/product/${SECRET_ID}`, { name: 'Renamed Secret' }),
    put(`/rest/product/${SECRET_ID}`, { default_milestone: 'SecretMS' }),
    put(`/rest/product/${SECRET_ID}`, { description: '' }),
    put(`/rest/product/${SECRET_ID}`, { bogus: 1 }),
    put(`/rest/product/${SECRET_ID}`, { ids: ['x'] }),
    put('/rest/product', { ids: [SECRET_ID, SECRET_INACTIVE_ID], name: 'One Name' }),
  ];
  return probes;
}

interface Seen {
  status: number;
  body: unknown;
  etag: unknown;
}

const seen = (res: ApiResponse): Seen => ({ status: res.status, body: res.body, etag: res.headers.etag });

function describeLeaks(orGroups: boolean): void {
  forEachDialect(
    `an outsider cannot learn that a product exists${orGroups ? ' (or_groups on)' : ''}`,
    (app) => {
      let fx: Fixture;
      const before = new Map<string, Seen>();
      const callers: Caller[] = ['anonymous', 'plain', 'outsiderAdmin'];

      beforeAll(async () => {
        fx = await seedPublicWorld(app());
        for (const caller of callers) {
          for (const probe of battery(app, fx, caller))
            before.set(`${caller} ${probe.label}`, seen(await probe.send()));
        }
        await addSecrets(app(), fx, orGroups);
      });

      it.each(callers)(
        '%s: every answer (status, body, ETag) is the same as before the secret products existed',
        async (caller) => {
          let compared = 0;
          for (const probe of battery(app, fx, caller)) {
            const label = `${caller} ${probe.label}`;
            expect({ label, ...seen(await probe.send()) }).toEqual({ label, ...before.get(label) });
            compared++;
          }
          expect(compared).toBeGreaterThan(40);
          // Nothing an outsider sent changed a secret product.
          expect(
            await app().rows('SELECT name, description, isactive FROM products WHERE id IN (?, ?) ORDER BY id', [
              SECRET_ID,
              SECRET_INACTIVE_ID,
            ]),
          ).toEqual([
            { name: 'Secret Plans', description: 'Nobody outside may know', isactive: 1 },
            { name: 'Zeta Hidden', description: 'Retired and hidden', isactive: 0 },
          ]);
        },
      );

      it('the insider does see them (the fixture is secret only to outsiders)', async () => {
        const res = await app().get('/rest/product_selectable', withKey(fx.keys.insider));
        expect(res.body.ids).toEqual(expect.arrayContaining([SECRET_ID, SECRET_INACTIVE_ID]));
        const one = await app().get(
          `/rest/product/${SECRET_ID}`,
          withKey(fx.keys.insider, { query: { include_fields: 'name' } }),
        );
        expect(one.body).toEqual({ products: [{ name: 'Secret Plans' }] });
      });

      it('the same URL asked in turns by the insider and by outsiders gets each caller its own answer', async () => {
        // Answers are remembered per URL and group set: asked again and again, none crosses to another caller.
        const query = { names: 'Secret Plans', include_fields: 'name' };
        for (let round = 0; round < 3; round++) {
          const insider = await app().get('/rest/product', withKey(fx.keys.insider, { query }));
          expect(insider.body).toEqual({ products: [{ name: 'Secret Plans' }] });
          for (const key of [fx.keys.plain, fx.keys.outsiderAdmin, undefined]) {
            const outsider = await app().get('/rest/product', withKey(key, { query }));
            expect(outsider.status).toBe(200);
            expect(outsider.body).toEqual({ products: [] });
            expect(outsider.headers.etag).not.toBe(insider.headers.etag);
          }
        }
      });

      it('PUT on an invisible and on a missing product: the same 106 answer but for the name or id the caller gave', async () => {
        const as = withKey(fx.keys.outsiderAdmin, { body: { description: 'x' } });
        const invisible = await app().put(`/rest/product/${SECRET_ID}`, as);
        const missing = await app().put(`/rest/product/${MISSING_ID}`, as);
        expect(invisible.status).toBe(401);
        expect(missing.status).toBe(401);
        expect(JSON.parse(invisible.text.replace(String(SECRET_ID), 'N'))).toEqual(
          JSON.parse(missing.text.replace(String(MISSING_ID), 'N')),
        );
        expect(invisible.body).toEqual(
          envelope(106, `Either the product with the id ${SECRET_ID} does not exist or you don't have access to it.`),
        );
        const byName = await app().put('/rest/product/SECRET%20plans', as);
        const byMissingName = await app().put('/rest/product/MISSING%20plans', as);
        expect(byName.body.message.replace('SECRET plans', 'X')).toBe(
          byMissingName.body.message.replace('MISSING plans', 'X'),
        );
        // The message echoes what was asked for, never the stored spelling.
        expect(byName.body.message).toBe(
          "Either the product 'SECRET plans' does not exist or you don't have access to it.",
        );
      });

      it('the documented exception: creating or renaming to the name of a product the admin cannot see is 702', async () => {
        const create = await app().post(
          '/rest/product',
          withKey(fx.keys.outsiderAdmin, { body: { name: 'Secret Plans', description: 'd', version: '1' } }),
        );
        expect(create.status).toBe(400);
        expect(create.body).toEqual(envelope(702, "The product name 'Secret Plans' already exists."));
        const rename = await app().put(
          `/rest/product/${fx.publicProduct}`,
          withKey(fx.keys.outsiderAdmin, { body: { name: 'secret plans' } }),
        );
        expect(rename.body.code).toBe(702);
        expect(await app().rows("SELECT COUNT(*) AS n FROM products WHERE name = 'Secret Plans'")).toEqual([{ n: 1 }]);
      });

      it("no caller reads another user's last visits; bugs keep 101 (missing) and 102 (not visible)", async () => {
        const plain = (query?: Record<string, any>) => withKey(fx.keys.plain, { query });
        // The insider visited the public bug; the plain user (its assignee) has no record of it.
        expect((await app().get('/rest/bug_user_last_visit', plain())).body).toEqual([]);
        expect((await app().get(`/rest/bug_user_last_visit/${fx.publicBug}`, plain())).body).toEqual([]);
        expect(
          (await app().get('/rest/bug_user_last_visit', plain({ user_id: fx.ids.insider, ids: fx.publicBug }))).body,
        ).toEqual([]);
        // Visiting records the plain user's own time and leaves the insider's as it was.
        const visit = await app().post(
          `/rest/bug_user_last_visit/${fx.publicBug}`,
          withKey(fx.keys.plain, { body: { user_id: fx.ids.insider } }),
        );
        expect(visit.status).toBe(200);
        const mine = await app().get(`/rest/bug_user_last_visit/${fx.publicBug}`, plain());
        expect(mine.body).toEqual(visit.body);
        const insiders = await app().get('/rest/bug_user_last_visit', withKey(fx.keys.insider));
        expect(insiders.body).toEqual([
          { id: fx.publicBug, last_visit_ts: '2025-01-02T12:00:00Z' },
          { id: SECRET_BUG, last_visit_ts: '2025-01-01T12:00:00Z' },
        ]);
        const rows = await app().rows('SELECT user_id FROM bug_user_last_visit WHERE bug_id = ? ORDER BY user_id', [
          fx.publicBug,
        ]);
        expect(rows.map((r) => Number(r.user_id)).sort((a, b) => a - b)).toEqual(
          [fx.ids.plain, fx.ids.insider].sort((a, b) => a - b),
        );
        // Bugs are Bugzilla's documented exception: a missing bug is 101, a bug one cannot see 102.
        const invisible = await app().post(`/rest/bug_user_last_visit/${SECRET_BUG}`, withKey(fx.keys.plain));
        expect(invisible.body).toEqual(envelope(102, `You are not authorized to access bug #${SECRET_BUG}.`));
        const missing = await app().post('/rest/bug_user_last_visit/799', withKey(fx.keys.plain));
        expect(missing.body).toEqual(envelope(101, 'Bug #799 does not exist.'));
      });
    },
    orGroups ? { BZ_OR_GROUPS: '1' } : {},
  );
}

describeLeaks(false);
describeLeaks(true);
