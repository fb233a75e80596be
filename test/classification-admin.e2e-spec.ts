import { envelope as error } from './support/envelope.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * POST /rest/classification, PUT and DELETE /rest/classification/{id_or_name} (SPEC §10;
 * Bugzilla's editclassifications.cgi and Classification.pm), and moving a product into another
 * classification through PUT /rest/product: who may, every rule with its message, the rows and
 * audit_log rows written, and nothing changed by a refusal.
 */

interface World {
  editorId: number;
  editorKey: string;
  adminKey: string;
  plainKey: string;
  widget: number;
}

async function seedWorld(app: TestApp): Promise<World> {
  const seed = app.seed;
  // (The admin group is a member of both system groups; these users are in one or both directly.)
  const editorId = await seed.user('editor@example.com', { groups: ['editclassifications', 'editcomponents'] });
  const adminId = await seed.user('components@example.com', { groups: ['editcomponents'] });
  const plainId = await seed.user('plain@example.com');
  const widget = await seed.product('Widget');
  await seed.component(widget, 'Gears', { owner: adminId });
  await seed.version(widget, 'unspecified');
  await seed.milestone(widget, '---');
  return {
    editorId,
    editorKey: await seed.apiKey(editorId),
    adminKey: await seed.apiKey(adminId),
    plainKey: await seed.apiKey(plainId),
    widget,
  };
}

const snapshot = async (app: TestApp) => ({
  classifications: await app.rows('SELECT id, name, description, sortkey FROM classifications ORDER BY id'),
  products: await app.rows('SELECT id, classification_id FROM products ORDER BY id'),
  audit: await app.rows('SELECT COUNT(*) AS n FROM audit_log'),
});

forEachDialect(
  'classification administration',
  (app) => {
    let world: World;
    const as = (key: string) => ({ headers: { 'X-BUGZILLA-API-KEY': key } });

    beforeAll(async () => {
      world = await seedWorld(app());
    });

    it('creates a classification with its audit row; name and description trimmed, sortkey as given', async () => {
      const res = await app().post('/rest/classification', {
        ...as(world.editorKey),
        body: { name: '  Desktop ', description: ' Apps ', sortkey: '10', unknown: 'ignored' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number) });
      expect(
        await app().rows('SELECT name, description, sortkey FROM classifications WHERE id = ?', [res.body.id]),
      ).toEqual([{ name: 'Desktop', description: 'Apps', sortkey: 10 }]);
      expect(
        await app().rows(
          "SELECT user_id, class, object_id, field, removed, added FROM audit_log WHERE class = 'Bugzilla::Classification'",
        ),
      ).toEqual([
        {
          user_id: world.editorId,
          class: 'Bugzilla::Classification',
          object_id: res.body.id,
          field: '__create__',
          removed: null,
          added: 'Desktop',
        },
      ]);
      // Without description and sortkey: empty and 0.
      const bare = await app().post('/rest/classification', { ...as(world.editorKey), body: { name: 'Bare' } });
      expect(await app().rows('SELECT description, sortkey FROM classifications WHERE id = ?', [bare.body.id])).toEqual(
        [{ description: '', sortkey: 0 }],
      );
    });

    it.each([
      [{}, 32000, 'You must enter a classification name.'],
      [{ name: '   ' }, 32000, 'You must enter a classification name.'],
      [
        { name: 'x'.repeat(65) },
        32000,
        `The name of a classification is limited to 64 characters. '${'x'.repeat(65)}' is too long (65 characters).`,
      ],
      [{ name: 'desktop' }, 32000, "A classification with the name 'Desktop' already exists."],
      [{ name: 'Unclassified' }, 32000, "A classification with the name 'Unclassified' already exists."],
      [{ name: 'New', sortkey: -1 }, 32000, "The sortkey '-1' is invalid. It must be an integer between 0 and 32767."],
      [
        { name: 'New', sortkey: 32768 },
        32000,
        "The sortkey '32768' is invalid. It must be an integer between 0 and 32767.",
      ],
      [
        { name: 'New', sortkey: 'abc' },
        32000,
        "The sortkey 'abc' is invalid. It must be an integer between 0 and 32767.",
      ],
      [{ name: ['New'] }, 53, "The 'name' parameter is invalid: a string was expected."],
      [{ name: 'New', description: { a: 1 } }, 53, "The 'description' parameter is invalid: a string was expected."],
    ])('refuses to create %j (%i), changing nothing', async (body, code, message) => {
      const before = await snapshot(app());
      const res = await app().post('/rest/classification', { ...as(world.editorKey), body });
      expect([res.status, res.body]).toEqual([400, error(code, message)]);
      expect(await snapshot(app())).toEqual(before);
    });

    it('only editclassifications members may write (410, 304), before anything is read', async () => {
      const before = await snapshot(app());
      expect((await app().post('/rest/classification', { body: { name: 'X' } })).body).toEqual(
        error(410, 'You must log in before using this part of Bugzilla.'),
      );
      const denied = error(
        304,
        "Sorry, you aren't a member of the 'editclassifications' group, and so you are not authorized to add, modify or delete classifications.",
      );
      for (const [method, url] of [
        ['POST', '/rest/classification'],
        ['PUT', '/rest/classification/Desktop'],
        ['DELETE', '/rest/classification/Desktop'],
        ['DELETE', '/rest/classification/Nowhere'],
      ]) {
        const res = await app().request(method, url, { ...as(world.adminKey), body: { name: 'X' } });
        expect([res.status, res.body]).toEqual([401, denied]);
      }
      expect(await snapshot(app())).toEqual(before);
    });

    it('updates the fields given, reporting and auditing what changed; the default classification may be renamed', async () => {
      const res = await app().put('/rest/classification/desktop', {
        ...as(world.editorKey),
        body: { name: 'Desktop Apps', sortkey: 20, description: 'Apps' },
      });
      expect([res.status, res.body]).toEqual([
        200,
        {
          classifications: [
            {
              id: expect.any(Number),
              changes: { name: { removed: 'Desktop', added: 'Desktop Apps' }, sortkey: { removed: '10', added: '20' } },
            },
          ],
        },
      ]);
      const id = res.body.classifications[0].id;
      expect(
        await app().rows(
          "SELECT field, removed, added FROM audit_log WHERE class = 'Bugzilla::Classification' AND object_id = ? AND field <> '__create__' ORDER BY field",
          [id],
        ),
      ).toEqual([
        { field: 'name', removed: 'Desktop', added: 'Desktop Apps' },
        { field: 'sortkey', removed: '10', added: '20' },
      ]);
      // By id; a change of letter case only is allowed; a no-op answers {}.
      const again = await app().put(`/rest/classification/${id}`, {
        ...as(world.editorKey),
        body: { name: 'desktop apps' },
      });
      expect(again.body.classifications[0].changes).toEqual({
        name: { removed: 'Desktop Apps', added: 'desktop apps' },
      });
      const noop = await app().put(`/rest/classification/${id}`, {
        ...as(world.editorKey),
        body: { description: 'Apps' },
      });
      expect(noop.body).toEqual({ classifications: [{ id, changes: {} }] });
      // Bugzilla forbids deleting the default classification, not renaming it.
      const renamed = await app().put('/rest/classification/1', {
        ...as(world.editorKey),
        body: { name: 'Everything Else' },
      });
      expect(renamed.body.classifications[0].changes).toEqual({
        name: { removed: 'Unclassified', added: 'Everything Else' },
      });
      await app().put('/rest/classification/1', { ...as(world.editorKey), body: { name: 'Unclassified' } });
    });

    it.each([
      [
        '/rest/classification/desktop%20apps',
        { name: 'Bare' },
        400,
        32000,
        "A classification with the name 'Bare' already exists.",
      ],
      ['/rest/classification/desktop%20apps', { name: '' }, 400, 32000, 'You must enter a classification name.'],
      [
        '/rest/classification/desktop%20apps',
        { sortkey: 1.5 },
        400,
        32000,
        "The sortkey '1.5' is invalid. It must be an integer between 0 and 32767.",
      ],
      ['/rest/classification/desktop%20apps', { products: ['Widget'] }, 400, 32000, "Unknown parameter 'products'."],
      ['/rest/classification/Nowhere', { sortkey: 1 }, 404, 51, "There is no classification named 'Nowhere'."],
      ['/rest/classification/999999', { sortkey: 1 }, 404, 51, "There is no classification with the id '999999'."],
    ])('refuses PUT %s %j, changing nothing', async (url, body, status, code, message) => {
      const before = await snapshot(app());
      const res = await app().put(url, { ...as(world.editorKey), body });
      expect([res.status, res.body]).toEqual([status, error(code, message)]);
      expect(await snapshot(app())).toEqual(before);
    });

    it('moves a product into a classification through PUT /rest/product (editclassifications only), audited', async () => {
      const [target] = await app().rows("SELECT id FROM classifications WHERE name = 'desktop apps'");
      const denied = await app().put(`/rest/product/${world.widget}`, {
        ...as(world.adminKey),
        body: { classification: 'desktop apps' },
      });
      expect([denied.status, denied.body.code]).toEqual([401, 304]);
      const missing = await app().put(`/rest/product/${world.widget}`, {
        ...as(world.editorKey),
        body: { classification: 'Nowhere' },
      });
      expect([missing.status, missing.body]).toEqual([404, error(51, "There is no classification named 'Nowhere'.")]);

      const res = await app().put(`/rest/product/${world.widget}`, {
        ...as(world.editorKey),
        body: { classification: 'Desktop Apps', description: 'Moved' },
      });
      expect(res.body).toEqual({
        products: [
          {
            id: world.widget,
            changes: {
              description: { added: 'Moved', removed: expect.any(String) },
              classification: { added: 'desktop apps', removed: 'Unclassified' },
            },
          },
        ],
      });
      expect(await app().rows('SELECT classification_id FROM products WHERE id = ?', [world.widget])).toEqual([
        { classification_id: target.id },
      ]);
      expect(
        await app().rows(
          "SELECT removed, added FROM audit_log WHERE class = 'Bugzilla::Product' AND field = 'classification_id'",
        ),
      ).toEqual([{ removed: '1', added: String(target.id) }]);
      expect((await app().get(`/rest/product/${world.widget}`)).body.products[0].classification).toBe('desktop apps');
    });

    it('deletes a classification without products, never the default one or one with products', async () => {
      const before = await snapshot(app());
      const withProducts = await app().delete('/rest/classification/Desktop%20Apps', as(world.editorKey));
      expect([withProducts.status, withProducts.body]).toEqual([
        400,
        error(
          32000,
          'Sorry, there are products for this classification. You must reassign those products to another classification before you can delete this one.',
        ),
      ]);
      const unclassified = await app().delete('/rest/classification/Unclassified', as(world.editorKey));
      expect(unclassified.body).toEqual(error(32000, 'You cannot delete the default classification'));
      expect(await snapshot(app())).toEqual(before);

      const [bare] = await app().rows("SELECT id FROM classifications WHERE name = 'Bare'");
      const res = await app().delete('/rest/classification/bare', as(world.editorKey));
      expect([res.status, res.body]).toEqual([200, { classifications: [{ id: bare.id }] }]);
      expect(await app().rows('SELECT id FROM classifications WHERE id = ?', [bare.id])).toEqual([]);
      expect(
        await app().rows(
          "SELECT user_id, removed, added FROM audit_log WHERE class = 'Bugzilla::Classification' AND field = '__remove__'",
        ),
      ).toEqual([{ user_id: world.editorId, removed: 'Bare', added: null }]);
      expect((await app().delete('/rest/classification/bare', as(world.editorKey))).status).toBe(404);
    });

    it('concurrent creates of one name: one 201, the others the duplicate message, never a 500', async () => {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          app().post('/rest/classification', { ...as(world.editorKey), body: { name: 'Raced' } }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
      for (const answer of answers.filter((a) => a.status === 400)) {
        expect(answer.body).toEqual(error(32000, "A classification with the name 'Raced' already exists."));
      }
    });

    itLeavesTheDatabaseConsistent(app);
  },
  { BZ_USECLASSIFICATION: '1' },
);

forEachDialect('classification administration with useclassification off', (app) => {
  it('answers 900 to editclassifications members, changing nothing', async () => {
    const world = await seedWorld(app());
    const before = await snapshot(app());
    for (const [method, url] of [
      ['POST', '/rest/classification'],
      ['PUT', '/rest/classification/Unclassified'],
      ['DELETE', '/rest/classification/Unclassified'],
    ]) {
      const res = await app().request(method, url, {
        headers: { 'X-BUGZILLA-API-KEY': world.editorKey },
        body: { name: 'X' },
      });
      expect([res.status, res.body]).toEqual([400, error(900, 'Sorry, classification is not enabled.')]);
    }
    const move = await app().put(`/rest/product/${world.widget}`, {
      headers: { 'X-BUGZILLA-API-KEY': world.editorKey },
      body: { classification: 'Unclassified' },
    });
    expect(move.body).toEqual(error(900, 'Sorry, classification is not enabled.'));
    expect(await snapshot(app())).toEqual(before);
  });

  itLeavesTheDatabaseConsistent(app);
});
