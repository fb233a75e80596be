import { createHash } from 'node:crypto';
import { ModelCache } from '../src/cache/model-cache.js';
import { WHOLE_ANSWER_ROWS_LIMIT } from '../src/products/product-answer.js';
import { otherWriter } from './support/other-writer.js';
import { methodResponse } from '../src/rpc/xmlrpc-codec.js';
import { jsonrpc, methodCall } from './support/rpc-client.js';
import { DIALECTS, type Dialect, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Large answers in bounded memory (docs/operators.md, "Large answers"): an answer of more than
 * WHOLE_ANSWER_ROWS_LIMIT rows (the whole catalogue of a big site) is written to the socket
 * product by product, never held whole — with the same bytes as the answer built whole (here:
 * Product.get over JSON-RPC, which builds it whole) and 304 for a matching If-None-Match. With the
 * model off (the database path streams too) the ETag is the SHA-1 of those bytes and the length is
 * exact (a first pass works them out); with the model serving, the ETag comes from the products'
 * content revisions and the answer is sent chunked at once (test/streamed-etag.e2e-spec.ts).
 * Product.get over XML-RPC and JSON-RPC (JSONP too) is streamed the same way, in each encoding.
 */

const PRODUCTS = 40;
const COMPONENTS = Math.ceil(WHOLE_ANSWER_ROWS_LIMIT / PRODUCTS) + 10;
/** Bug groups enough for every product's list of group controls to pass the limit together. */
const BUG_GROUPS = Math.ceil(WHOLE_ANSWER_ROWS_LIMIT / PRODUCTS) + 5;
const componentName = (c: number) => `Part ${c} “quoted” \\ ${'x'.repeat(c % 7)}`;
/** A component every product has. */
const PART_1 = componentName(1);

describe.each(DIALECTS.flatMap((dialect) => [[dialect, '1000'] as const, [dialect, '0'] as const]))(
  'the whole catalogue, streamed [%s, CACHE_MAX_STALENESS_MS=%s]',
  (dialect: Dialect, bound: string) => {
    let app: TestApp;
    let adminKey: string;

    beforeAll(async () => {
      app = await startTestApp(dialect, { CACHE_MAX_STALENESS_MS: bound });
      const owner = await app.seed.user('owner@example.com');
      adminKey = await app.seed.apiKey(await app.seed.user('admin@example.com', { groups: ['admin'] }));
      const bugGroups = Array.from({ length: BUG_GROUPS }, (_, g) => [`Team ${g}`, `Team ${g} “only”`, 1, '', 1]);
      await app.seed.insertMany('groups', ['name', 'description', 'isbuggroup', 'userregexp', 'isactive'], bugGroups);
      const flag = await app.seed.flagType('review');
      for (let p = 0; p < PRODUCTS; p++) {
        const productId = await app.seed.product(`Product ${String(p).padStart(2, '0')} é`);
        await app.seed.version(productId, '1.0');
        await app.seed.milestone(productId, 'M1');
        if (p % 3 === 0) await app.seed.flagInclusion(flag, productId, null);
        if (p % 4 === 0) await app.seed.groupControl('Team 1', productId, { entry: true, membercontrol: 1 });
        const rows = Array.from({ length: COMPONENTS }, (_, c) => [
          componentName(c),
          productId,
          owner,
          null,
          `Description ${c}\n\t<b>`,
          c % 5 === 0 ? 0 : 1,
        ]);
        for (let start = 0; start < rows.length; start += 200)
          await app.seed.insertMany(
            'components',
            ['name', 'product_id', 'initialowner', 'initialqacontact', 'description', 'isactive'],
            rows.slice(start, start + 200),
          );
      }
    });

    afterAll(async () => {
      await app?.close();
    });

    it('has the bytes of the answer built whole, and its ETag (and length) before its first byte', async () => {
      // Never serialised whole: each product is serialised on its own as it is written.
      const stringify = vi.spyOn(JSON, 'stringify');
      const streamed = await app.get('/rest/product?type=accessible');
      const wholeTexts = stringify.mock.calls.filter(([value]) => Array.isArray(value?.products));
      const productTexts = stringify.mock.calls.filter(([value]) => Array.isArray(value?.components));
      stringify.mockRestore();
      expect(wholeTexts).toEqual([]);
      expect(productTexts.length).toBeGreaterThanOrEqual(PRODUCTS);
      expect(streamed.status).toBe(200);
      const whole = await jsonrpc(app, 'Product.get', { type: 'accessible' });
      expect(streamed.text).toBe(JSON.stringify(whole.value));
      expect(streamed.body.products).toHaveLength(PRODUCTS);
      expect(streamed.body.products[0].components).toHaveLength(COMPONENTS);
      expect(streamed.headers['content-type']).toBe('application/json; charset=utf-8');
      if (bound === '0') {
        expect(streamed.headers['content-length']).toBe(String(Buffer.byteLength(streamed.text)));
        expect(streamed.headers.etag).toBe(`"${createHash('sha1').update(streamed.text).digest('base64url')}"`);
      } else {
        expect(streamed.headers['content-length']).toBeUndefined();
        expect(streamed.headers['transfer-encoding']).toBe('chunked');
        expect(streamed.headers.etag).toMatch(/^"r[\w-]{27}"$/);
      }
      expect(streamed.headers['access-control-allow-origin']).toBe('*');
      // The same again (the same ETag).
      const again = await app.get('/rest/product?type=accessible');
      expect(again.text).toBe(streamed.text);
      expect(again.headers.etag).toBe(streamed.headers.etag);
    });

    it('Product.get over XML-RPC, JSON-RPC and JSONP is written as it is encoded, with the bytes of the answer encoded whole', async () => {
      const rest = await app.get('/rest/product?type=accessible');
      const products = rest.body.products;
      const stringify = vi.spyOn(JSON, 'stringify');
      const xml = await app.post('/xmlrpc.cgi', {
        rawBody: methodCall('Product.get', { type: 'accessible' }),
        headers: { 'content-type': 'text/xml' },
      });
      const json = await app.post('/jsonrpc.cgi', {
        body: { method: 'Product.get', params: [{ type: 'accessible' }], id: 7 },
      });
      const jsonp = await app.get('/jsonrpc.cgi', {
        query: { method: 'Product.get', params: JSON.stringify([{ type: 'accessible' }]), id: 'g', callback: 'show' },
      });
      const wholeTexts = stringify.mock.calls.filter(([value]) => Array.isArray(value?.result?.products));
      stringify.mockRestore();
      expect(wholeTexts).toEqual([]);
      expect(products).toHaveLength(PRODUCTS);

      expect([xml.status, xml.headers['content-type']]).toEqual([200, 'text/xml']);
      expect(xml.text).toBe(methodResponse({ products }));
      // An ETag, as Bugzilla's XML-RPC answers have: from the bytes with the model off (with their
      // length), from the content revisions with it on (sent at once, chunked), never REST's.
      if (bound === '0') {
        expect(xml.headers['content-length']).toBe(String(Buffer.byteLength(xml.text)));
        expect(xml.headers.etag).toBe(`"${createHash('sha1').update(xml.text).digest('base64url')}"`);
      } else {
        expect(xml.headers['transfer-encoding']).toBe('chunked');
        expect(xml.headers.etag).toMatch(/^"[\w-]{27}"$/);
        expect(xml.headers.etag).not.toBe(rest.headers.etag);
      }
      expect([json.status, json.headers['content-type'], json.headers['transfer-encoding']]).toEqual([
        200,
        'application/json; charset=UTF-8',
        'chunked',
      ]);
      expect(json.text).toBe(JSON.stringify({ result: { products }, error: null, id: 7 }));
      expect([jsonp.status, jsonp.headers['content-type']]).toEqual([200, 'text/javascript; charset=UTF-8']);
      expect(jsonp.text).toBe(`/**/show(${JSON.stringify({ result: { products }, error: null, id: 'g' })})`);
    });

    it('as JSONP (a callback), the same bytes wrapped, still streamed, with an ETag of their own and 304 to it', async () => {
      const plain = await app.get('/rest/product?type=accessible');
      const wrapped = await app.get('/rest/product?type=accessible&callback=cb');
      expect(wrapped.status).toBe(200);
      expect(wrapped.headers['content-type']).toBe('text/javascript; charset=UTF-8');
      expect(wrapped.text).toBe(`/**/cb(${plain.text})`);
      if (bound === '0') expect(wrapped.headers['content-length']).toBe(String(Buffer.byteLength(wrapped.text)));
      else expect(wrapped.headers['transfer-encoding']).toBe('chunked');
      expect(wrapped.headers.etag).toMatch(/^".+"$/);
      expect(wrapped.headers.etag).not.toBe(plain.headers.etag);
      const other = await app.get('/rest/product?type=accessible&callback=other');
      expect(other.headers.etag).not.toBe(wrapped.headers.etag);
      const revalidated = await app.get('/rest/product?type=accessible&callback=cb', {
        headers: { 'If-None-Match': String(wrapped.headers.etag) },
      });
      expect([revalidated.status, revalidated.text]).toEqual([304, '']);
    });

    it('answers a matching If-None-Match with 304 and no body', async () => {
      const first = await app.get('/rest/product');
      const revalidated = await app.get('/rest/product', { headers: { 'If-None-Match': String(first.headers.etag) } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers.etag).toBe(first.headers.etag);
    });

    it('while the model cannot catch up, the whole catalogue waits for a check started after it came, not the database path', async () => {
      if (bound === '0') return;
      // The database path would hold the whole answer's rows and take tens of seconds at 10,000
      // products; a check that started after the request has every commit from before it, as a
      // database read made for it would (docs/operators.md, "Large answers").
      const cache = app.app.get(ModelCache);
      const other = await otherWriter(app);
      const release = cache.holdReloadsForTests();
      let released = false;
      try {
        await other.run('UPDATE components SET description = ? WHERE name = ?', ['Changed while held', PART_1]);
        await new Promise((resolve) => setTimeout(resolve, Number(bound) + 50));
        const pending = app.get('/rest/product?type=accessible');
        // Held past the bound: the answer has not come (from the database path it would have).
        const early = await Promise.race([
          pending.then(() => 'answered'),
          new Promise((r) => setTimeout(() => r('waiting'), Number(bound) + 500)),
        ]);
        expect(early).toBe('waiting');
        release();
        released = true;
        const answer = await pending;
        expect(answer.status).toBe(200);
        expect(answer.headers.etag).toMatch(/^"r[\w-]{27}"$/);
        const descriptions = answer.body.products.map(
          (product: { components: { name: string; description: string }[] }) =>
            product.components.find((component) => component.name === PART_1)?.description,
        );
        expect(new Set(descriptions)).toEqual(new Set(['Changed while held']));
      } finally {
        if (!released) release();
        await other.close();
      }
    });

    it('a small answer (a field list) is built whole as before', async () => {
      const small = await app.get('/rest/product?type=accessible&include_fields=id');
      expect(small.status).toBe(200);
      expect(small.body.products).toHaveLength(PRODUCTS);
      expect(small.headers.etag).toBe(`"${createHash('sha1').update(small.text).digest('base64url')}"`);
    });

    it("streams every product's group controls as one list (GET /rest/product_group_controls), with its SHA-1 ETag and length", async () => {
      const stringify = vi.spyOn(JSON, 'stringify');
      const streamed = await app.get('/rest/product_group_controls', { headers: { 'X-BUGZILLA-API-KEY': adminKey } });
      const wholeTexts = stringify.mock.calls.filter(([value]) => Array.isArray(value?.products));
      stringify.mockRestore();
      expect(wholeTexts).toEqual([]);
      expect(streamed.status).toBe(200);
      expect(streamed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(streamed.headers['content-length']).toBe(String(Buffer.byteLength(streamed.text)));
      expect(streamed.headers.etag).toBe(`"${createHash('sha1').update(streamed.text).digest('base64url')}"`);
      expect(streamed.text).toBe(JSON.stringify(streamed.body));
      const products = streamed.body.products as { name: string; group_controls: { group: { name: string } }[] }[];
      expect(products.map((p) => p.name)).toEqual(
        Array.from({ length: PRODUCTS }, (_, p) => `Product ${String(p).padStart(2, '0')} é`),
      );
      for (const product of products) expect(product.group_controls).toHaveLength(BUG_GROUPS);
      // Each product's list is the one its own route gives, without the bug counts.
      const own = await app.get(`/rest/product/${encodeURIComponent(products[4].name)}/group_controls`, {
        headers: { 'X-BUGZILLA-API-KEY': adminKey },
      });
      expect(products[4].group_controls).toEqual(
        own.body.group_controls.map(({ bug_count: _count, ...item }: { bug_count: number }) => item),
      );
      expect(products[4].group_controls.find((c) => c.group.name === 'Team 1')).toMatchObject({
        entry: true,
        membercontrol: 'Shown',
      });
      const revalidated = await app.get('/rest/product_group_controls', {
        headers: { 'X-BUGZILLA-API-KEY': adminKey, 'If-None-Match': String(streamed.headers.etag) },
      });
      expect([revalidated.status, revalidated.text]).toEqual([304, '']);
      // A few products asked by name: a small answer, built whole, with the same lists.
      const picked = await app.get('/rest/product_group_controls', {
        headers: { 'X-BUGZILLA-API-KEY': adminKey },
        query: { names: [products[4].name] },
      });
      expect(picked.body).toEqual({ products: [products[4]] });
    });
  },
);
