import { ModelCache } from '../src/cache/model-cache.js';
import { otherWriter, type OtherWriter } from './support/other-writer.js';
import { DIALECTS, type Dialect, startTestApp, type TestApp } from './support/test-app.js';

/**
 * The staleness bound holds unconditionally (SPEC §1, CACHE_MAX_STALENESS_MS): while the
 * in-memory model cannot be brought up to date within the bound — here its reload is held, as
 * a reload of a huge table slower than the bound would be (ModelCache.holdReloadsForTests, a
 * test-only hook) — the reads it would serve come from the database, so an answer asked for
 * more than the bound after another writer's commit has that commit in it; once the reload
 * lands, the model serves again. A request never waits for the held reload: if it did, these
 * tests would hang.
 */

const BOUND_MS = 300;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('no answer older than the bound while the model cannot catch up [%s]', (dialect: Dialect) => {
  let app: TestApp;
  let other: OtherWriter;
  let cache: ModelCache;
  let apiKey: string;
  let shown: number;
  let hidden: number;
  let componentId: number;
  let outsiders: number;

  const asUser = (url: string) => app.get(url, { headers: { 'X-BUGZILLA-API-KEY': apiKey } });

  /** The model's hit and miss counts in /metrics. */
  const modelCounts = async () => {
    const text = (await app.get('/metrics')).text;
    const count = (name: string) => Number(new RegExp(`^${name}\\{cache="model"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { hits: count('bugzilla_cache_hits_total'), misses: count('bugzilla_cache_misses_total') };
  };

  /** The answer to `url`, and whether the model served it (one hit, no miss) or the database did. */
  const served = async (url: string) => {
    const before = await modelCounts();
    const response = await asUser(url);
    const after = await modelCounts();
    const fromModel = after.hits > before.hits && after.misses === before.misses;
    return { body: response.body, from: fromModel ? 'model' : 'database' };
  };

  /** Asks until the model serves `url` again (the held reload has landed), at most ten bounds. */
  const servedAgainFromModel = async (url: string) => {
    for (let i = 0; i < 100; i++) {
      const answer = await served(url);
      if (answer.from === 'model') return answer;
      await pause(BOUND_MS / 10);
    }
    return served(url);
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { CACHE_MAX_STALENESS_MS: String(BOUND_MS) });
    cache = app.app.get(ModelCache);
    const user = await app.seed.user('bounded@example.com');
    apiKey = await app.seed.apiKey(user);
    outsiders = await app.seed.group('bound-outsiders');
    shown = await app.seed.product('Always shown');
    hidden = await app.seed.product('Soon hidden');
    componentId = await app.seed.component(shown, 'Widget', { owner: user, description: 'Before' });
    await app.seed.component(hidden, 'Part', { owner: user });
    other = await otherWriter(app);
  });

  afterAll(async () => {
    await other?.close();
    await app?.close();
  });

  it('a component changed by another writer is in every answer asked for once the bound has passed', async () => {
    const url = `/rest/product/${shown}?include_fields=components.description`;
    expect(await servedAgainFromModel(url)).toEqual({
      body: { products: [{ components: [{ description: 'Before' }] }] },
      from: 'model',
    });
    const release = cache.holdReloadsForTests();
    try {
      await other.run('UPDATE components SET description = ? WHERE id = ?', ['After', componentId]);
      await pause(BOUND_MS + 20);
      const after = { body: { products: [{ components: [{ description: 'After' }] }] }, from: 'database' };
      expect(await served(url)).toEqual(after);
      await pause(BOUND_MS);
      expect(await served(url)).toEqual(after);
    } finally {
      release();
    }
    expect(await servedAgainFromModel(url)).toEqual({
      body: { products: [{ components: [{ description: 'After' }] }] },
      from: 'model',
    });
  });

  it('a group control that hides a product hides it in every answer asked for once the bound has passed', async () => {
    expect(await servedAgainFromModel('/rest/product_accessible')).toEqual({
      body: { ids: [shown, hidden] },
      from: 'model',
    });
    const release = cache.holdReloadsForTests();
    try {
      await other.run(
        'INSERT INTO group_control_map (group_id, product_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm) VALUES (?, ?, 1, 3, 3, 0, 0, 0, 0)',
        [outsiders, hidden],
      );
      await pause(BOUND_MS + 20);
      expect(await served('/rest/product_accessible')).toEqual({ body: { ids: [shown] }, from: 'database' });
      expect(await served(`/rest/product/${hidden}`)).toEqual({ body: { products: [] }, from: 'database' });
      expect(await served(`/rest/product?type=accessible&include_fields=id`)).toEqual({
        body: { products: [{ id: shown }] },
        from: 'database',
      });
    } finally {
      release();
    }
    expect(await servedAgainFromModel('/rest/product_accessible')).toEqual({ body: { ids: [shown] }, from: 'model' });
    expect(await served(`/rest/product/${hidden}`)).toEqual({ body: { products: [] }, from: 'model' });
  });
});

describe.each(DIALECTS.filter((dialect) => dialect !== 'sqlite'))(
  'a reload reads only the products whose rows changed [%s]',
  (dialect: Dialect) => {
    let app: TestApp;
    let other: OtherWriter;
    let apiKey: string;
    let user: number;
    let first: number;
    let second: number;
    let empty: number;

    const asUser = (url: string) => app.get(url, { headers: { 'X-BUGZILLA-API-KEY': apiKey } });
    const names = async (productId: number, field: 'components' | 'versions' | 'milestones') =>
      (await asUser(`/rest/product/${productId}?include_fields=${field}.name`)).body.products[0][field].map(
        (row: { name: string }) => row.name,
      );

    /** Commits `sql` on another connection, waits until `shows`, and returns the model's statements meanwhile. */
    const change = async (sql: string, params: unknown[], shows: () => Promise<boolean>) => {
      const spy = vi.spyOn(app.ds.logger, 'logQuery');
      try {
        await other.run(sql, params);
        for (let i = 0; i < 200 && !(await shows()); i++) await pause(BOUND_MS / 10);
        expect(await shows()).toBe(true);
        return spy.mock.calls.map((call) => String(call[0]));
      } finally {
        spy.mockRestore();
      }
    };

    beforeAll(async () => {
      app = await startTestApp(dialect, { CACHE_MAX_STALENESS_MS: String(BOUND_MS) });
      user = await app.seed.user('partial@example.com');
      apiKey = await app.seed.apiKey(user);
      first = await app.seed.product('First');
      second = await app.seed.product('Second');
      empty = await app.seed.product('Empty');
      for (const productId of [first, second]) {
        for (const name of ['alpha', 'beta', 'gamma']) await app.seed.component(productId, name, { owner: user });
        for (const value of ['1.0', '2.0']) await app.seed.version(productId, value);
        await app.seed.milestone(productId, 'M1');
      }
      other = await otherWriter(app);
      expect(await names(first, 'components')).toEqual(['alpha', 'beta', 'gamma']);
    });

    afterAll(async () => {
      await other?.close();
      await app?.close();
    });

    it('a renamed component is read again with its product only, and takes its place in name order', async () => {
      const sql = await change(
        'UPDATE components SET name = ? WHERE product_id = ? AND name = ?',
        ['aardvark', second, 'gamma'],
        async () => (await names(second, 'components')).join() === 'aardvark,alpha,beta',
      );
      expect(sql.some((statement) => statement.includes(`WHERE c.product_id IN (${second})`))).toBe(true);
      expect(sql.some((statement) => /FROM components c\s+ORDER BY/.test(statement))).toBe(false);
      expect(await names(first, 'components')).toEqual(['alpha', 'beta', 'gamma']);
    });

    it('a product whose last rows are deleted, and one that gets its first, are read again alone', async () => {
      await change(
        'DELETE FROM versions WHERE product_id = ?',
        [first],
        async () => (await names(first, 'versions')).length === 0,
      );
      expect(await names(second, 'versions')).toEqual(['1.0', '2.0']);
      const sql = await change(
        'INSERT INTO milestones (product_id, value, sortkey, isactive) VALUES (?, ?, 0, 1)',
        [empty, 'Later'],
        async () => (await names(empty, 'milestones')).join() === 'Later',
      );
      expect(sql.some((statement) => statement.includes(`WHERE m.product_id IN (${empty})`))).toBe(true);
      expect(await names(first, 'milestones')).toEqual(['M1']);
    });

    it('a product whose only active components are deactivated leaves the enterable list', async () => {
      const enterable = async () => (await asUser('/rest/product_enterable')).body.ids;
      // First lost its versions above: only Second has an active version and component.
      expect(await enterable()).toEqual([second]);
      await change(
        'UPDATE components SET isactive = 0 WHERE product_id = ?',
        [second],
        async () => (await enterable()).length === 0,
      );
    });
  },
);
