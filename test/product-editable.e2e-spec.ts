import { ModelCache } from '../src/cache/model-cache.js';
import { otherWriter, type OtherWriter } from './support/other-writer.js';
import { DIALECTS, type Dialect, startTestApp, type TestApp } from './support/test-app.js';

/**
 * `GET /rest/product_editable` (our extension, for the admin console): the ids of the products the
 * caller may administer, by name. Bugzilla's editproducts.cgi rule: members of `editcomponents` every
 * product (they can select), others get_products_by_permission('editcomponents') — the products they
 * can select on which a group of theirs has `editcomponents` in group_control_map. Like the other
 * product-set routes it obeys the staleness bound: while the model cannot catch up, the database
 * answers.
 */

const BOUND_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('GET /rest/product_editable [%s]', (dialect: Dialect) => {
  let app: TestApp;
  let other: OtherWriter;
  let cache: ModelCache;
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let productAdmins: number;

  const as = (who: string | null) =>
    app.get('/rest/product_editable', { headers: who ? { 'X-BUGZILLA-API-KEY': keys[who] } : {} });

  /** The model's hit count in /metrics: it moves when the model answers. */
  const modelHits = async () =>
    Number(/^bugzilla_cache_hits_total\{cache="model"\} (\d+)/m.exec((await app.get('/metrics')).text)?.[1] ?? 0);

  beforeAll(async () => {
    app = await startTestApp(dialect, { CACHE_MAX_STALENESS_MS: String(BOUND_MS) });
    cache = app.app.get(ModelCache);
    const seed = app.seed;
    productAdmins = await seed.group('beta-admins');
    const insiders = await seed.group('insiders');
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta']) ids[name] = await seed.product(name);
    // Beta: administered through a group control. Gamma: private (insiders only). Delta: administered
    // through a group control but private, so not for someone who cannot select it.
    await seed.groupControl(productAdmins, ids.Beta, { editcomponents: true });
    await seed.groupControl(insiders, ids.Gamma, { membercontrol: 3, othercontrol: 3 });
    await seed.groupControl(productAdmins, ids.Delta, { editcomponents: true });
    await seed.groupControl(insiders, ids.Delta, { membercontrol: 3, othercontrol: 3 });
    const users = {
      admin: await seed.user('admin@example.com', { groups: ['editcomponents'] }),
      insiderAdmin: await seed.user('insider-admin@example.com', { groups: ['editcomponents', insiders] }),
      productAdmin: await seed.user('beta@example.com', { groups: [productAdmins] }),
      plain: await seed.user('plain@example.com'),
    };
    for (const [who, id] of Object.entries(users)) keys[who] = await seed.apiKey(id);
    other = await otherWriter(app);
  });

  afterAll(async () => {
    await other?.close();
    await app?.close();
  });

  it('answers each caller with the products it may administer, by name', async () => {
    const answers = await Promise.all(
      ['admin', 'insiderAdmin', 'productAdmin', 'plain', null].map(async (who) => {
        const response = await as(who);
        return { who, status: response.status, body: response.body };
      }),
    );
    expect(answers).toEqual([
      { who: 'admin', status: 200, body: { ids: [ids.Alpha, ids.Beta] } },
      { who: 'insiderAdmin', status: 200, body: { ids: [ids.Alpha, ids.Beta, ids.Delta, ids.Gamma] } },
      { who: 'productAdmin', status: 200, body: { ids: [ids.Beta] } },
      { who: 'plain', status: 200, body: { ids: [] } },
      { who: null, status: 200, body: { ids: [] } },
    ]);
  });

  it('is served by the model, and by the database while the model cannot catch up within the bound', async () => {
    // The model answers once it is loaded.
    await expect
      .poll(async () => {
        const before = await modelHits();
        await as('productAdmin');
        return (await modelHits()) > before;
      })
      .toBe(true);
    const release = cache.holdReloadsForTests();
    try {
      await other.run('UPDATE group_control_map SET editcomponents = 1 WHERE group_id = ? AND product_id = ?', [
        productAdmins,
        ids.Delta,
      ]);
      await other.run(
        'INSERT INTO group_control_map (group_id, product_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm) VALUES (?, ?, 0, 0, 0, 0, 1, 0, 0)',
        [productAdmins, ids.Alpha],
      );
      await pause(BOUND_MS + 20);
      const answer = await as('productAdmin');
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 200,
        body: { ids: [ids.Alpha, ids.Beta] },
      });
    } finally {
      release();
    }
    await expect.poll(async () => (await as('productAdmin')).body).toEqual({ ids: [ids.Alpha, ids.Beta] });
    expect((await as('plain')).body).toEqual({ ids: [] });
  });
});
