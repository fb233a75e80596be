import { toUtcDate } from '../src/database/dialect.js';
import { forEachDialect, type ApiResponse, type TestApp } from './support/test-app.js';

/**
 * POST /rest/product and PUT /rest/product[/{id_or_name}] (SPEC §5.3, §5.4):
 * who may write, every validation rule with its exact error, the rows written
 * (products, versions, milestones, series, groups, audit_log), atomicity, and
 * concurrent writes of one name.
 */

const DOC = 'https://bugzilla.readthedocs.org/en/5.0/api/';
const error = (code: number, message: string) => ({ error: true, code, message, documentation: DOC });

const COUNTED = [
  'products',
  'versions',
  'milestones',
  'series',
  'series_categories',
  'audit_log',
  '`groups`',
  'group_group_map',
  'group_control_map',
];

interface Fixture {
  adminId: number;
  adminKey: string;
  userKey: string;
  otherClassification: number;
  secret: number;
}

/** Users and products shared by the tests of one database; each test adds the products it changes. */
async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const adminId = await seed.user('admin@example.com', { realname: 'Admin', groups: ['admin'] });
  const adminKey = await seed.apiKey(adminId);
  const userId = await seed.user('user@example.com');
  const userKey = await seed.apiKey(userId);
  const otherClassification = await seed.classification('Other Things');
  // A product the admin cannot see: a Mandatory group it is not in.
  await seed.group('Secret Group');
  const secret = await seed.product('Secret');
  await seed.groupControl('Secret Group', secret, { entry: true, membercontrol: 3, othercontrol: 3 });
  await seed.version(secret, 'unspecified');
  await seed.milestone(secret, '---');
  return { adminId, adminKey, userKey, otherClassification, secret };
}

async function counts(app: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await app.rows<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = Number(row.n);
  }
  return out;
}

/** Everything a failed write must leave as it was. */
async function snapshot(app: TestApp) {
  return {
    counts: await counts(app),
    products: await app.rows(
      'SELECT id, name, classification_id, description, isactive, defaultmilestone, allows_unconfirmed FROM products ORDER BY id',
    ),
  };
}

interface ProductRowView {
  id: number;
  name: string;
  classification_id: number;
  description: string;
  isactive: number;
  defaultmilestone: string;
  allows_unconfirmed: number;
}

async function productRow(app: TestApp, id: number): Promise<ProductRowView | undefined> {
  const rows = await app.rows(
    'SELECT id, name, classification_id, description, isactive, defaultmilestone, allows_unconfirmed FROM products WHERE id = ?',
    [id],
  );
  return rows[0]
    ? {
        id: Number(rows[0].id),
        name: rows[0].name,
        classification_id: Number(rows[0].classification_id),
        description: rows[0].description,
        isactive: Number(rows[0].isactive),
        defaultmilestone: rows[0].defaultmilestone,
        allows_unconfirmed: Number(rows[0].allows_unconfirmed),
      }
    : undefined;
}

async function auditRows(app: TestApp, where: string, params: unknown[]) {
  const rows = await app.rows(
    `SELECT user_id, class, object_id, field, removed, added, at_time FROM audit_log WHERE ${where} ORDER BY class, object_id, field`,
    params,
  );
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    class: row.class,
    object_id: Number(row.object_id),
    field: row.field,
    removed: row.removed,
    added: row.added,
    at_time: toUtcDate(row.at_time),
  }));
}

/** A stored audit time is the database's current UTC time: within a minute of the test's clock. */
function expectRecent(time: Date): void {
  expect(Math.abs(time.getTime() - Date.now())).toBeLessThan(60_000);
}

forEachDialect('product writes', (app) => {
  let fx: Fixture;

  beforeAll(async () => {
    fx = await seedFixture(app());
  });

  const create = (body: unknown, key: string | null = fx.adminKey) =>
    app().post('/rest/product', { query: key ? { api_key: key } : {}, body });
  const update = (path: string, body: unknown, key: string | null = fx.adminKey) =>
    app().put(`/rest/product${path}`, { query: key ? { api_key: key } : {}, body });
  const read = (id: number) => app().get(`/rest/product/${id}`, { query: { api_key: fx.adminKey } });

  /** A product to update, with versions and milestones of its own. */
  async function product(
    name: string,
    options: { milestones?: string[]; defaultmilestone?: string; isactive?: boolean; allows_unconfirmed?: boolean } = {},
  ): Promise<number> {
    const seed = app().seed;
    const id = await seed.product(name, {
      description: `${name} description`,
      defaultmilestone: options.defaultmilestone ?? '---',
      isactive: options.isactive ?? true,
      allows_unconfirmed: options.allows_unconfirmed ?? true,
    });
    await seed.version(id, 'unspecified');
    for (const [i, milestone] of (options.milestones ?? ['---']).entries()) {
      await seed.milestone(id, milestone, { sortkey: i * 10 });
    }
    return id;
  }

  /** The request fails with `status`/`body` and changes nothing that was stored. */
  async function expectRefused(send: () => Promise<ApiResponse>, status: number, body: unknown): Promise<void> {
    const before = await snapshot(app());
    const response = await send();
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
    expect(await snapshot(app())).toEqual(before);
  }

  describe('POST /rest/product: who may create', () => {
    it('refuses an anonymous caller with 410', async () => {
      await expectRefused(
        () => create({ name: 'Anon', description: 'x', version: '1.0' }, null),
        401,
        error(410, 'You must log in before using this part of Bugzilla.'),
      );
    });

    it('refuses a caller outside editcomponents with 304', async () => {
      await expectRefused(
        () => create({ name: 'ByUser', description: 'x', version: '1.0' }, fx.userKey),
        401,
        error(
          304,
          "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add new products.",
        ),
      );
    });

    it('refuses a wrong API key with 306 before looking at the body', async () => {
      await expectRefused(
        () => create({}, 'not-a-key'),
        400,
        error(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
      );
    });
  });

  describe('POST /rest/product: what is written', () => {
    it('creates a product with its version, default milestone, series and audit rows (defaults)', async () => {
      const before = await counts(app());
      const response = await create({ name: 'Widget Pro', description: 'All about widgets', version: 'unspecified' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect any Number });
    });
  });
});
