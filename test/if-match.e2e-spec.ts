import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { envelope as error } from './support/envelope.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * `If-Match` on every administration write that names its object in the path (SPEC §10, last
 * bullet): the ETag of the object's GET lets the write through; a stale one answers 412 with the
 * envelope and changes nothing; `*` matches any object that exists; no header, no check.
 */

const STALE = error(32000, 'The object was changed by someone else.');

interface World {
  adminKey: string;
  widget: number;
  component: number;
  flagType: number;
}

async function seedWorld(app: TestApp): Promise<World> {
  const seed = app.seed;
  const adminId = await seed.user('admin@example.com', { groups: ['admin'] });
  await seed.group('secret');
  const widget = await seed.product('Widget');
  const component = await seed.component(widget, 'Gears', { owner: adminId });
  await seed.version(widget, '1.0');
  await seed.milestone(widget, '---');
  await seed.milestone(widget, 'M1');
  const flagType = await seed.flagType('review');
  await seed.flagInclusion(flagType, widget, null);
  const doomed = await seed.product('Doomed');
  await seed.version(doomed, '1.0');
  await seed.milestone(doomed, '---');
  await seed.classification('Desktop', 'Apps', 5);
  return { adminKey: await seed.apiKey(adminId), widget, component, flagType };
}

forEachDialect(
  'If-Match on administration writes',
  (app) => {
    let world: World;
    const headers = (extra: Record<string, string> = {}) => ({ 'X-BUGZILLA-API-KEY': world.adminKey, ...extra });
    const etag = async (url: string) => {
      const res = await app().get(url, { headers: headers() });
      expect(res.status).toBe(200);
      return String(res.headers.etag);
    };

    beforeAll(async () => {
      world = await seedWorld(app());
    });

    /**
     * For one write route: the GET's ETag lets a first write through; the same (now stale) ETag is
     * refused with 412 and changes nothing (the GET answers as before the refused write).
     */
    const checks: [string, () => string, () => string, () => [unknown, unknown]][] = [
      [
        'PUT /rest/product/{id}',
        () => `/rest/product/${world.widget}`,
        () => `/rest/product/${world.widget}`,
        () => [{ description: 'First' }, { description: 'Second' }],
      ],
      [
        'PUT /rest/product/{id}/group_controls',
        () => `/rest/product/${world.widget}/group_controls`,
        () => `/rest/product/${world.widget}/group_controls`,
        () => [
          { group_controls: [{ group: 'secret', entry: true }] },
          { group_controls: [{ group: 'secret', canedit: true }] },
        ],
      ],
      [
        'PUT /rest/component/{id}',
        () => `/rest/component/${world.component}`,
        () => `/rest/component/${world.component}`,
        () => [{ description: 'First' }, { description: 'Second' }],
      ],
      [
        'PUT /rest/component/{product}/{component}',
        () => '/rest/component/Widget/Gears',
        () => '/rest/component/Widget/Gears',
        () => [{ description: 'Third' }, { description: 'Fourth' }],
      ],
      [
        'PUT /rest/product/{product}/milestone/{name}',
        () => '/rest/product/Widget',
        () => '/rest/product/Widget/milestone/M1',
        () => [{ sortkey: 10 }, { sortkey: 20 }],
      ],
      [
        'PUT /rest/flag_type/{id}',
        () => '/rest/flag_type/Widget',
        () => `/rest/flag_type/${world.flagType}`,
        () => [{ description: 'First' }, { description: 'Second' }],
      ],
      [
        'PUT /rest/classification/{name}',
        () => '/rest/classification/Desktop',
        () => '/rest/classification/Desktop',
        () => [{ sortkey: 6 }, { sortkey: 7 }],
      ],
    ];

    it.each(checks)(
      '%s: the current ETag writes, a stale one answers 412 and changes nothing',
      async (_, read, write, bodies) => {
        const [first, second] = bodies();
        const before = await etag(read());
        const ok = await app().put(write(), { headers: headers({ 'If-Match': before }), body: first });
        expect(ok.status).toBe(200);
        const after = await etag(read());
        expect(after).not.toBe(before);
        const stale = await app().put(write(), { headers: headers({ 'If-Match': before }), body: second });
        expect([stale.status, stale.body]).toEqual([412, STALE]);
        expect(await etag(read())).toBe(after);
        // A list of tags, one of them current; and `*`.
        const listed = await app().put(write(), { headers: headers({ 'If-Match': `"nope", ${after}` }), body: second });
        expect(listed.status).toBe(200);
        const star = await app().put(write(), { headers: headers({ 'If-Match': '*' }), body: first });
        expect(star.status).toBe(200);
      },
    );

    it('DELETE /rest/product/{name} and /rest/classification/{name}: stale → 412 and nothing goes; current → deleted', async () => {
      const tag = await etag('/rest/product/Doomed');
      const stale = await app().delete('/rest/product/Doomed', { headers: headers({ 'If-Match': '"old"' }) });
      expect([stale.status, stale.body]).toEqual([412, STALE]);
      expect(await app().rows("SELECT name FROM products WHERE name = 'Doomed'")).toHaveLength(1);
      const ok = await app().delete('/rest/product/Doomed', { headers: headers({ 'If-Match': tag }) });
      expect(ok.status).toBe(200);

      await app().post('/rest/classification', { headers: headers(), body: { name: 'Empty' } });
      const classTag = await etag('/rest/classification/Empty');
      expect(
        (await app().delete('/rest/classification/Empty', { headers: headers({ 'If-Match': '"old"' }) })).status,
      ).toBe(412);
      expect(
        (await app().delete('/rest/classification/Empty', { headers: headers({ 'If-Match': classTag }) })).status,
      ).toBe(200);
    });

    it("without If-Match nothing is checked; an object that cannot be read answers the write's own error", async () => {
      const res = await app().put(`/rest/product/${world.widget}`, {
        headers: headers(),
        body: { description: 'Free' },
      });
      expect(res.status).toBe(200);
      const missing = await app().put('/rest/product/999999', {
        headers: headers({ 'If-Match': '"anything"' }),
        body: { description: 'x' },
      });
      expect([missing.status, missing.body.code]).toEqual([401, 106]);
    });

    itLeavesTheDatabaseConsistent(app);
  },
  { BZ_USECLASSIFICATION: '1' },
);
