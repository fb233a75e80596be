import { forEachDialect, type TestApp } from './support/test-app.js';
import { envelope as error } from './support/envelope.js';

/**
 * GET /rest/classification (our extension, for the admin console): every classification the caller
 * may see, in the items of GET /rest/classification/{id_or_name}, by sort key then name. Members of
 * editclassifications see every classification, empty ones too, with every product; others the
 * classifications where they can select a product, with those products. The setting as the
 * existing route: with useclassification off, 900 for all but editclassifications members.
 */

interface Fixture {
  keys: { editor: string; plain: string; secret: string };
  hardware: number;
  empty: number;
  software: number;
  board: number;
  hidden: number;
  editor: number;
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const key = async (login: string, groups: (string | number)[]) => seed.apiKey(await seed.user(login, { groups }));
  const secretGroup = await seed.group('secret-team');
  const keys = {
    editor: await key('editor@example.test', ['editclassifications']),
    plain: await key('plain@example.test', []),
    secret: await key('secret@example.test', [secretGroup]),
  };
  // Sort keys put Software before Hardware; Empty shares Hardware's key and sorts by name.
  const hardware = await seed.classification('Hardware', 'Things you can touch', 20);
  const empty = await seed.classification('Empty', null, 20);
  const software = await seed.classification('Software', 'Programs', 10);
  const board = await seed.product('Board', { classification: hardware, description: 'Boards' });
  // Software's only product is private: outside secret-team, Software is not there.
  const hidden = await seed.product('Editor', { classification: software, description: 'A text editor' });
  await seed.groupControl(secretGroup, hidden, { entry: true, membercontrol: 3, othercontrol: 3 });
  const editor = await seed.product('Aardvark', { description: 'Unclassified product' });
  return { keys, hardware, empty, software, board, hidden, editor };
}

const UNCLASSIFIED = (f: Fixture) => ({
  id: 1,
  name: 'Unclassified',
  description: 'Not assigned to any classification',
  sort_key: 0,
  products: [{ id: f.editor, name: 'Aardvark', description: 'Unclassified product' }],
});
const SOFTWARE = (f: Fixture) => ({
  id: f.software,
  name: 'Software',
  description: 'Programs',
  sort_key: 10,
  products: [{ id: f.hidden, name: 'Editor', description: 'A text editor' }],
});
const EMPTY = (f: Fixture) => ({ id: f.empty, name: 'Empty', description: null, sort_key: 20, products: [] });
const HARDWARE = (f: Fixture) => ({
  id: f.hardware,
  name: 'Hardware',
  description: 'Things you can touch',
  sort_key: 20,
  products: [{ id: f.board, name: 'Board', description: 'Boards' }],
});

forEachDialect(
  'GET /rest/classification (every classification) with useclassification on',
  (app) => {
    let f: Fixture;
    beforeAll(async () => {
      f = await seedFixture(app());
    });

    const as = (key?: string, query: Record<string, string> = {}) =>
      app().get('/rest/classification', { query, headers: key ? { 'X-BUGZILLA-API-KEY': key } : {} });

    it('lists every classification, empty ones too, for an editclassifications member, by sort key then name', async () => {
      const res = await as(f.keys.editor);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { classifications: [UNCLASSIFIED(f), SOFTWARE(f), EMPTY(f), HARDWARE(f)] },
      });
    });

    it('lists for others the classifications where they can select a product, with those products', async () => {
      const [plain, anonymous, secret] = await Promise.all([as(f.keys.plain), as(), as(f.keys.secret)]);
      const visible = { status: 200, body: { classifications: [UNCLASSIFIED(f), HARDWARE(f)] } };
      expect({ status: plain.status, body: plain.body }).toEqual(visible);
      expect({ status: anonymous.status, body: anonymous.body }).toEqual(visible);
      expect({ status: secret.status, body: secret.body }).toEqual({
        status: 200,
        body: { classifications: [UNCLASSIFIED(f), SOFTWARE(f), HARDWARE(f)] },
      });
    });

    it('answers in the item shape of GET /rest/classification/{id_or_name}, include_fields too', async () => {
      const one = await as(f.keys.editor);
      const byName = await app().get('/rest/classification/Hardware', {
        headers: { 'X-BUGZILLA-API-KEY': f.keys.editor },
      });
      expect(one.body.classifications[3]).toEqual(byName.body.classifications[0]);
      const names = await as(f.keys.editor, { include_fields: 'name' });
      expect(names.body).toEqual({
        classifications: [{ name: 'Unclassified' }, { name: 'Software' }, { name: 'Empty' }, { name: 'Hardware' }],
      });
    });

    it('is Classification.get with names or ids in the query', async () => {
      const res = await as(f.keys.plain, { names: 'Hardware' });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { classifications: [HARDWARE(f)] } });
      const missing = await as(f.keys.plain, { ids: '999' });
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: error(51, "There is no classification with the id '999'."),
      });
    });

    it('shows a classification created through the API at once, and loses a deleted one', async () => {
      const created = await app().post('/rest/classification', {
        headers: { 'X-BUGZILLA-API-KEY': f.keys.editor },
        body: { name: 'Brand New', description: 'Nothing in it yet', sortkey: 30 },
      });
      expect(created.status).toBe(201);
      const after = await as(f.keys.editor);
      expect(after.body.classifications.at(-1)).toEqual({
        id: created.body.id,
        name: 'Brand New',
        description: 'Nothing in it yet',
        sort_key: 30,
        products: [],
      });
      const deleted = await app().delete(`/rest/classification/${created.body.id}`, {
        headers: { 'X-BUGZILLA-API-KEY': f.keys.editor },
      });
      expect(deleted.status).toBe(200);
      expect((await as(f.keys.editor)).body).toEqual({
        classifications: [UNCLASSIFIED(f), SOFTWARE(f), EMPTY(f), HARDWARE(f)],
      });
    });
  },
  { BZ_USECLASSIFICATION: '1' },
);

forEachDialect(
  'GET /rest/classification (every classification) with useclassification off',
  (app) => {
    let f: Fixture;
    beforeAll(async () => {
      f = await seedFixture(app());
    });

    it('answers 900 to all but editclassifications members, as the route by name does', async () => {
      for (const key of [f.keys.plain, f.keys.secret, undefined]) {
        const res = await app().get('/rest/classification', { headers: key ? { 'X-BUGZILLA-API-KEY': key } : {} });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: error(900, 'Sorry, classification is not enabled.'),
        });
        const byName = await app().get('/rest/classification/Hardware', {
          headers: key ? { 'X-BUGZILLA-API-KEY': key } : {},
        });
        expect(byName.status).toBe(res.status);
      }
      const editor = await app().get('/rest/classification', { headers: { 'X-BUGZILLA-API-KEY': f.keys.editor } });
      expect({ status: editor.status, body: editor.body }).toEqual({
        status: 200,
        body: { classifications: [UNCLASSIFIED(f), SOFTWARE(f), EMPTY(f), HARDWARE(f)] },
      });
    });
  },
  { BZ_USECLASSIFICATION: '0' },
);
