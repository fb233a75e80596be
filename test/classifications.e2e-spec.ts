import { forEachDialect, type TestApp } from './support/test-app.js';
import { envelope as error } from './support/envelope.js';

/**
 * GET /rest/classification/{id_or_name} (Bugzilla 5.2's Classification.get, captures §4):
 * path and query targets, who sees which products, classifications left out, unknown
 * names and ids, field filtering, and the `useclassification` setting.
 */

interface Fixture {
  keys: { admin: string; plain: string; secret: string; editcomp: string };
  refClass: number;
  refClassEmpty: number;
  publicProduct: number;
  secretProduct: number;
}

/** The captures' fixture: RefClass holds a public and a secret product; RefClassEmpty holds none. */
async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const key = async (login: string, groups: (string | number)[]) => seed.apiKey(await seed.user(login, { groups }));
  const secretGroup = await seed.group('RefSecretGrp');
  const keys = {
    admin: await key('admin@example.test', ['admin']),
    plain: await key('ref-plain@example.test', []),
    secret: await key('ref-secret@example.test', [secretGroup]),
    editcomp: await key('ref-editcomp@example.test', ['editcomponents']),
  };
  const refClass = await seed.classification('RefClass', 'Ref classification', 50);
  const refClassEmpty = await seed.classification('RefClassEmpty', 'Ref classification without products', 51);
  // Inserted out of name order: products are listed by name.
  const secretProduct = await seed.product('RefProdSecret', {
    classification: refClass,
    description: 'Ref secret product in RefClass',
  });
  await seed.groupControl(secretGroup, secretProduct, { entry: true, membercontrol: 3, othercontrol: 3 });
  const publicProduct = await seed.product('RefProdPublic', {
    classification: refClass,
    description: 'Ref public product in RefClass',
  });
  return { keys, refClass, refClassEmpty, publicProduct, secretProduct };
}

const refClassWith = (f: Fixture, products: 'all' | 'public') => ({
  id: f.refClass,
  name: 'RefClass',
  description: 'Ref classification',
  sort_key: 50,
  products: [
    { id: f.publicProduct, name: 'RefProdPublic', description: 'Ref public product in RefClass' },
    ...(products === 'all'
      ? [{ id: f.secretProduct, name: 'RefProdSecret', description: 'Ref secret product in RefClass' }]
      : []),
  ],
});

forEachDialect(
  'GET /rest/classification with useclassification on',
  (app) => {
    let f: Fixture;
    beforeAll(async () => {
      f = await seedFixture(app());
    });

    it('shows an editclassifications member every product of the classification, by name', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { api_key: f.keys.admin } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'all')] });
      expect(Object.keys(res.body.classifications[0])).toEqual(['id', 'name', 'description', 'sort_key', 'products']);
    });

    it('silently leaves out the products a plain user cannot select', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { api_key: f.keys.plain } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'public')] });
    });

    it('answers anonymous callers like plain users', async () => {
      const res = await app().get('/rest/classification/RefClass');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'public')] });
    });

    it('shows a member of the product group the restricted product', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { api_key: f.keys.secret } });
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'all')] });
    });

    it('filters by selectability for a global editcomponents member outside editclassifications', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { api_key: f.keys.editcomp } });
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'public')] });
    });

    it('reads an all-digit path value as an id', async () => {
      const res = await app().get(`/rest/classification/${f.refClass}`, { query: { api_key: f.keys.plain } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'public')] });
    });

    it('matches names case-insensitively', async () => {
      const res = await app().get('/rest/classification/refclass', { query: { api_key: f.keys.plain } });
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'public')] });
    });

    it('merges the path id with query names: names first, then ids, without duplicates', async () => {
      const res = await app().get(`/rest/classification/${f.refClass}`, {
        query: { names: ['RefClassEmpty', 'RefClass'], ids: [String(f.refClass)], api_key: f.keys.admin },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        classifications: [
          {
            id: f.refClassEmpty,
            name: 'RefClassEmpty',
            description: 'Ref classification without products',
            sort_key: 51,
            products: [],
          },
          refClassWith(f, 'all'),
        ],
      });
    });

    it('shows an empty classification to an editclassifications member only', async () => {
      const admin = await app().get('/rest/classification/RefClassEmpty', { query: { api_key: f.keys.admin } });
      expect(admin.body).toEqual({
        classifications: [
          {
            id: f.refClassEmpty,
            name: 'RefClassEmpty',
            description: 'Ref classification without products',
            sort_key: 51,
            products: [],
          },
        ],
      });
      for (const query of [{ api_key: f.keys.plain }, {}]) {
        const res = await app().get('/rest/classification/RefClassEmpty', { query });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ classifications: [] });
      }
    });

    it('applies include_fields inside the products', async () => {
      const res = await app().get('/rest/classification/RefClass', {
        query: { include_fields: 'name,products.name', api_key: f.keys.admin },
      });
      expect(res.body).toEqual({
        classifications: [{ name: 'RefClass', products: [{ name: 'RefProdPublic' }, { name: 'RefProdSecret' }] }],
      });
    });

    it('applies exclude_fields', async () => {
      const res = await app().get('/rest/classification/RefClass', {
        query: { exclude_fields: ['products', 'description'], api_key: f.keys.plain },
      });
      expect(res.body).toEqual({ classifications: [{ id: f.refClass, name: 'RefClass', sort_key: 50 }] });
    });

    it('answers 51 for an unknown name, also to anonymous callers', async () => {
      for (const query of [{ api_key: f.keys.admin }, {}]) {
        const res = await app().get('/rest/classification/NoSuchClass', { query });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(error(51, "There is no classification named 'NoSuchClass'."));
      }
    });

    it('answers 51 for an unknown id', async () => {
      const res = await app().get('/rest/classification/99999', { query: { api_key: f.keys.admin } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(error(51, "There is no classification with the id '99999'."));
    });

    it('checks the names before the ids', async () => {
      const res = await app().get('/rest/classification/99999', { query: { names: 'NoSuchClass' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(error(51, "There is no classification named 'NoSuchClass'."));
    });

    it('answers 50 for a blank name', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { names: ' ' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(error(50, 'You must select/enter a classification.'));
    });

    it('answers 52 for an id that is not a number', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { ids: 'abc' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        error(52, "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc')."),
      );
    });

    it('refuses a wrong API key even though no login is needed', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { api_key: 'x'.repeat(40) } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        error(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
      );
    });

    it('answers names in the query without a path as the route by name does (our GET /rest/classification)', async () => {
      // Bugzilla 5.2 has no such route (32614); this service lists classifications there
      // (test/classification-list.e2e-spec.ts), and with names or ids it is Classification.get.
      const res = await app().get('/rest/classification', { query: { names: 'RefClass', api_key: f.keys.admin } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'all')] });
    });
  },
  { BZ_USECLASSIFICATION: '1' },
);

forEachDialect(
  'GET /rest/classification with useclassification off',
  (app) => {
    let f: Fixture;
    beforeAll(async () => {
      f = await seedFixture(app());
    });

    it('still answers editclassifications members in full', async () => {
      const res = await app().get('/rest/classification/RefClass', { query: { api_key: f.keys.admin } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ classifications: [refClassWith(f, 'all')] });
    });

    it('answers 900 to everyone else, global editcomponents members included', async () => {
      for (const query of [{ api_key: f.keys.plain }, {}, { api_key: f.keys.editcomp }]) {
        const res = await app().get('/rest/classification/RefClass', { query });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(error(900, 'Sorry, classification is not enabled.'));
      }
    });

    it('checks the setting before the lookup', async () => {
      const plain = await app().get('/rest/classification/NoSuchClass', { query: { api_key: f.keys.plain } });
      expect(plain.status).toBe(400);
      expect(plain.body).toEqual(error(900, 'Sorry, classification is not enabled.'));
      const admin = await app().get('/rest/classification/NoSuchClass', { query: { api_key: f.keys.admin } });
      expect(admin.status).toBe(404);
      expect(admin.body).toEqual(error(51, "There is no classification named 'NoSuchClass'."));
    });
  },
  { BZ_USECLASSIFICATION: '0' },
);
