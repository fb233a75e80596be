import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WHOLE_ANSWER_ROWS_LIMIT } from '../src/products/product-answer.js';
import { jsonrpc } from './support/rpc-client.js';
import { DIALECTS, type Dialect, startTestApp, type TestApp } from './support/test-app.js';

/**
 * The ETag of a streamed answer served from the model (docs/operators.md, "Large answers") is worked out
 * without serialising the answer, from the content revisions of the products in it
 * (src/cache/product-revisions.ts): the first byte goes out at once, chunked. It changes with
 * every kind of change that alters the answer, not with a change to a product the caller cannot
 * see (SPEC §4), comes back when a change is undone, and a matching If-None-Match is a 304.
 * Changes are written through the service's data source, so the next request waits for the model
 * to reload them (no waiting in the test).
 */

const BIG_COMPONENTS = WHOLE_ANSWER_ROWS_LIMIT + 50;
const WHOLE = '/rest/product?type=accessible';

describe.each(DIALECTS)('the ETag of a streamed answer from the model [%s]', (dialect: Dialect) => {
  let app: TestApp;
  const ids: Record<string, number> = {};
  const sql = (text: string, params: unknown[] = []) => app.rows(text, params);

  /** The whole catalogue as an anonymous caller gets it (must be served by the model: its ETag says so). */
  async function catalogue(headers: Record<string, string> = {}) {
    const answer = await app.get(WHOLE, { headers });
    if (answer.status === 200) {
      expect(answer.headers.etag).toMatch(/^"r[\w-]{27}"$/);
      expect(answer.headers['content-length']).toBeUndefined();
    }
    return answer;
  }

  beforeAll(async () => {
    app = await startTestApp(dialect, { CACHE_MAX_STALENESS_MS: '60000' });
    const seed = app.seed;
    const secretTeam = await seed.group('secret-team');
    ids.owner = await seed.user('owner@etag.test');
    ids.qa = await seed.user('qa@etag.test');
    ids.secretOwner = await seed.user('secret-owner@etag.test');
    ids.shownClass = await seed.classification('Shown class');
    ids.hiddenClass = await seed.classification('Hidden class');
    ids.big = await seed.product('Big', { classification: ids.shownClass });
    ids.small = await seed.product('Small');
    ids.secret = await seed.product('Secret', { classification: ids.hiddenClass });
    await seed.groupControl(secretTeam, ids.secret, { entry: true, membercontrol: 3, othercontrol: 3 });
    ids.version = await seed.version(ids.big, '1.0');
    ids.milestone = await seed.milestone(ids.big, 'M1', { sortkey: 10 });
    await seed.milestone(ids.big, 'M2', { sortkey: 20 });
    await seed.version(ids.secret, '1.0');
    ids.review = await seed.flagType('review');
    await seed.flagInclusion(ids.review, ids.big, null);
    ids.secretFlag = await seed.flagType('secret-review');
    await seed.flagInclusion(ids.secretFlag, ids.secret, null);
    const rows = Array.from({ length: BIG_COMPONENTS }, (_, c) => [
      `Part ${c}`,
      ids.big,
      ids.owner,
      ids.qa,
      `About ${c}`,
      1,
    ]);
    for (let start = 0; start < rows.length; start += 500)
      await seed.insertMany(
        'components',
        ['name', 'product_id', 'initialowner', 'initialqacontact', 'description', 'isactive'],
        rows.slice(start, start + 500),
      );
    ids.component = Number((await sql("SELECT id FROM components WHERE name = 'Part 0'"))[0].id);
    await seed.component(ids.small, 'Tiny', { owner: ids.owner });
    ids.secretComponent = await seed.component(ids.secret, 'Hidden part', { owner: ids.secretOwner });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('streams chunked with an ETag of its content, the bytes of the answer built whole; If-None-Match → 304', async () => {
    const first = await catalogue();
    expect(first.status).toBe(200);
    expect(first.body.products.map((p: { name: string }) => p.name)).toEqual(['Big', 'Small']);
    expect(first.headers['transfer-encoding']).toBe('chunked');
    const whole = await jsonrpc(app, 'Product.get', { type: 'accessible' });
    expect(first.text).toBe(JSON.stringify(whole.value));
    const again = await catalogue({ 'If-None-Match': String(first.headers.etag) });
    expect([again.status, again.text, again.headers.etag]).toEqual([304, '', first.headers.etag]);
  });

  it('does not change when a product the caller cannot see changes, in any way', async () => {
    const before = await catalogue();
    await sql('UPDATE components SET description = ? WHERE id = ?', ['Changed in secret', ids.secretComponent]);
    await sql('INSERT INTO versions (value, product_id, isactive) VALUES (?, ?, 1)', ['2.0', ids.secret]);
    await sql('INSERT INTO milestones (value, product_id, sortkey, isactive) VALUES (?, ?, 1, 1)', ['S1', ids.secret]);
    await sql('UPDATE products SET name = ?, description = ? WHERE id = ?', ['Secret renamed', 'New', ids.secret]);
    await sql('UPDATE flagtypes SET description = ? WHERE id = ?', ['Changed in secret', ids.secretFlag]);
    await sql('INSERT INTO flagexclusions (type_id, product_id, component_id) VALUES (?, ?, NULL)', [
      ids.review,
      ids.secret,
    ]);
    // A rule for any product but one of the secret product's components.
    await sql('INSERT INTO flaginclusions (type_id, product_id, component_id) VALUES (?, NULL, ?)', [
      ids.review,
      ids.secretComponent,
    ]);
    await sql('UPDATE profiles SET login_name = ? WHERE userid = ?', ['renamed-secret@etag.test', ids.secretOwner]);
    await sql('UPDATE classifications SET name = ? WHERE id = ?', ['Hidden renamed', ids.hiddenClass]);
    const otherTeam = await app.seed.group('other-team');
    await app.seed.groupControl(otherTeam, ids.secret, { entry: true, membercontrol: 3, othercontrol: 3 });
    const after = await catalogue({ 'If-None-Match': String(before.headers.etag) });
    expect([after.status, after.headers.etag]).toEqual([304, before.headers.etag]);
  });

  const changes: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    [
      "a component's description",
      () => sql('UPDATE components SET description = ? WHERE id = ?', ['Changed', ids.component]),
      () => sql('UPDATE components SET description = ? WHERE id = ?', ['About 0', ids.component]),
    ],
    [
      'a version added',
      () => sql('INSERT INTO versions (value, product_id, isactive) VALUES (?, ?, 1)', ['2.0', ids.big]),
      () => sql('DELETE FROM versions WHERE product_id = ? AND value = ?', [ids.big, '2.0']),
    ],
    [
      "a milestone's sort key (the milestones' order)",
      () => sql('UPDATE milestones SET sortkey = 30 WHERE id = ?', [ids.milestone]),
      () => sql('UPDATE milestones SET sortkey = 10 WHERE id = ?', [ids.milestone]),
    ],
    [
      "a flag type's description",
      () => sql('UPDATE flagtypes SET description = ? WHERE id = ?', ['Changed', ids.review]),
      () => sql('UPDATE flagtypes SET description = ? WHERE id = ?', ['review description', ids.review]),
    ],
    [
      'a flag exclusion taking a type away from a component',
      () =>
        sql('INSERT INTO flagexclusions (type_id, product_id, component_id) VALUES (?, ?, ?)', [
          ids.review,
          ids.big,
          ids.component,
        ]),
      () => sql('DELETE FROM flagexclusions WHERE product_id = ?', [ids.big]),
    ],
    [
      'a group control that hides a product',
      async () => app.seed.groupControl('secret-team', ids.small, { entry: true, membercontrol: 3, othercontrol: 3 }),
      () => sql('DELETE FROM group_control_map WHERE product_id = ?', [ids.small]),
    ],
    [
      "a default assignee's login",
      () => sql('UPDATE profiles SET login_name = ? WHERE userid = ?', ['new-owner@etag.test', ids.owner]),
      () => sql('UPDATE profiles SET login_name = ? WHERE userid = ?', ['owner@etag.test', ids.owner]),
    ],
    [
      "a default QA contact's login",
      () => sql('UPDATE profiles SET login_name = ? WHERE userid = ?', ['new-qa@etag.test', ids.qa]),
      () => sql('UPDATE profiles SET login_name = ? WHERE userid = ?', ['qa@etag.test', ids.qa]),
    ],
    [
      "the product's classification's name",
      () => sql('UPDATE classifications SET name = ? WHERE id = ?', ['Shown renamed', ids.shownClass]),
      () => sql('UPDATE classifications SET name = ? WHERE id = ?', ['Shown class', ids.shownClass]),
    ],
    [
      "a product's description",
      () => sql('UPDATE products SET description = ? WHERE id = ?', ['Changed', ids.big]),
      () => sql('UPDATE products SET description = ? WHERE id = ?', ['Big description', ids.big]),
    ],
  ];

  it.each(changes)('changes with %s, and comes back when it is undone', async (_kind, change, undo) => {
    const before = await catalogue();
    await change();
    const changed = await catalogue({ 'If-None-Match': String(before.headers.etag) });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(before.headers.etag);
    expect(changed.text).not.toBe(before.text);
    expect(changed.text).toBe(JSON.stringify((await jsonrpc(app, 'Product.get', { type: 'accessible' })).value));
    await undo();
    const undone = await catalogue();
    expect([undone.headers.etag, undone.text === before.text]).toEqual([before.headers.etag, true]);
  });

  it('depends on the fields asked for', async () => {
    const all = await catalogue();
    const withoutVersions = await app.get(`${WHOLE}&exclude_fields=versions`);
    expect(withoutVersions.headers.etag).toMatch(/^"r/);
    expect(withoutVersions.headers.etag).not.toBe(all.headers.etag);
    expect(withoutVersions.text).toBe(
      JSON.stringify((await jsonrpc(app, 'Product.get', { type: 'accessible', exclude_fields: ['versions'] })).value),
    );
  });
});

/**
 * The first byte of a streamed answer does not wait for its last: the headers reach the client
 * while most of the body is still to be serialised (each product is serialised only as the
 * socket takes it, so the server can be ahead of the client by no more than the socket buffers).
 */
describe.each(DIALECTS)('the first byte of a big answer [%s]', (dialect: Dialect) => {
  const PRODUCTS = 60;
  const COMPONENTS = Math.ceil(WHOLE_ANSWER_ROWS_LIMIT / PRODUCTS) + 10;
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(dialect, { CACHE_MAX_STALENESS_MS: '60000' });
    const owner = await app.seed.user('owner@first-byte.test');
    for (let p = 0; p < PRODUCTS; p++) {
      const productId = await app.seed.product(`Product ${String(p).padStart(2, '0')}`);
      const rows = Array.from({ length: COMPONENTS }, (_, c) => [
        `Part ${c}`,
        productId,
        owner,
        `${c} ${'d'.repeat(3000)}`,
        1,
      ]);
      for (let start = 0; start < rows.length; start += 50)
        await app.seed.insertMany(
          'components',
          ['name', 'product_id', 'initialowner', 'description', 'isactive'],
          rows.slice(start, start + 50),
        );
    }
    await app.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('comes while the body is still being written', async () => {
    const { port } = app.app.getHttpServer().address() as AddressInfo;
    const stringify = vi.spyOn(JSON, 'stringify');
    const productsSerialised = () => stringify.mock.calls.filter(([value]) => Array.isArray(value?.components)).length;
    try {
      const seen = await new Promise<{ atHeaders: number; headers: http.IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          http
            .get(`http://127.0.0.1:${port}${WHOLE}`, (response) => {
              const atHeaders = productsSerialised();
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ atHeaders, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
              );
              response.on('error', reject);
            })
            .on('error', reject);
        },
      );
      const body = JSON.parse(seen.body);
      expect(body.products).toHaveLength(PRODUCTS);
      expect(Buffer.byteLength(seen.body)).toBeGreaterThan(PRODUCTS * COMPONENTS * 3000);
      expect(seen.headers['transfer-encoding']).toBe('chunked');
      expect(seen.headers.etag).toMatch(/^"r/);
      // Products serialised before the headers reached the client: a few (what the socket buffers hold), not all.
      expect(seen.atHeaders).toBeLessThan(PRODUCTS);
      expect(productsSerialised()).toBe(PRODUCTS);
    } finally {
      stringify.mockRestore();
    }
  });
});
