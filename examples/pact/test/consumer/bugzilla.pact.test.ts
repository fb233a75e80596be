// The consumer's side: what its app needs from bugzilla-products, written against Pact's mock.
// Running it writes pacts/app-bugzilla-products.json, which test/provider verifies.
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { BugzillaClient } from '../../src/bugzilla.js';
import { ADMIN_KEY, ALICE_KEY } from '../keys.js';

const { integer, regex, eachLike, like } = MatchersV3;
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

const pact = new PactV3({
  consumer: 'app',
  provider: 'bugzilla-products',
  dir: new URL('../../pacts', import.meta.url).pathname,
  logLevel: 'warn',
});

describe('app → bugzilla-products', () => {
  it('reads products by name with include_fields', async () => {
    pact
      .uponReceiving('products by name, only their names and components')
      .withRequest({
        method: 'GET',
        path: '/rest/product',
        query: { names: 'Widget', include_fields: 'name,components.name' },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_TYPE,
        body: { products: [{ name: 'Widget', components: eachLike({ name: like('Engine') }) }] },
      });
    await pact.executeTest(async (mock) => {
      const { body } = await new BugzillaClient(mock.url).productsByName('Widget', ['name', 'components.name']);
      expect(body.products[0].name).toBe('Widget');
    });
  });

  it('does not show a private product to an anonymous caller', async () => {
    pact
      .given('a product only members of core-team may see')
      .uponReceiving('an anonymous read of a private product')
      .withRequest({ method: 'GET', path: '/rest/product/Secret', query: { include_fields: 'id,name' } })
      .willRespondWith({ status: 200, headers: JSON_TYPE, body: { products: [] } });
    await pact.executeTest(async (mock) => {
      expect((await new BugzillaClient(mock.url).product('Secret')).body).toEqual({ products: [] });
    });
  });

  it('shows a private product to a member', async () => {
    pact
      .given('a product only members of core-team may see')
      .uponReceiving("a member's read of a private product")
      .withRequest({
        method: 'GET',
        path: '/rest/product/Secret',
        query: { include_fields: 'id,name' },
        headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY },
      })
      .willRespondWith({ status: 200, headers: JSON_TYPE, body: { products: [{ id: integer(2), name: 'Secret' }] } });
    await pact.executeTest(async (mock) => {
      const { body } = await new BugzillaClient(mock.url, ALICE_KEY).product('Secret');
      expect(body.products.map((p) => p.name)).toEqual(['Secret']);
    });
  });

  it('gets the 401 envelope without credentials', async () => {
    pact
      .uponReceiving('whoami without credentials')
      .withRequest({ method: 'GET', path: '/rest/whoami' })
      .willRespondWith({
        status: 401,
        headers: JSON_TYPE,
        body: {
          error: true,
          code: 410,
          message: like('You must log in before using this part of Bugzilla.'),
          documentation: like('https://bugzilla.readthedocs.org/en/5.0/api/'),
        },
      });
    await pact.executeTest(async (mock) => {
      const { status, body } = await new BugzillaClient(mock.url).whoami();
      expect([status, body.code]).toEqual([401, 410]);
    });
  });

  it('records a last visit', async () => {
    pact
      .given('bug ${bug} reported by alice', { bug: 7 })
      .uponReceiving('a visit of bug 7 recorded')
      .withRequest({
        method: 'POST',
        path: '/rest/bug_user_last_visit/7',
        headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_TYPE,
        body: [{ id: 7, last_visit_ts: regex(TIMESTAMP, '2026-05-06T07:08:09Z') }],
      });
    await pact.executeTest(async (mock) => {
      const { body } = await new BugzillaClient(mock.url, ALICE_KEY).recordVisit(7);
      expect(body[0].id).toBe(7);
    });
  });

  it('reads a last visit', async () => {
    pact
      .given('alice visited bug ${bug} at ${when}', { bug: 7, when: '2026-05-06T07:08:09Z' })
      .uponReceiving('the last visit of bug 7 read')
      .withRequest({ method: 'GET', path: '/rest/bug_user_last_visit/7', headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY } })
      .willRespondWith({ status: 200, headers: JSON_TYPE, body: [{ id: 7, last_visit_ts: '2026-05-06T07:08:09Z' }] });
    await pact.executeTest(async (mock) => {
      const { body } = await new BugzillaClient(mock.url, ALICE_KEY).lastVisit(7);
      expect(body).toEqual([{ id: 7, last_visit_ts: '2026-05-06T07:08:09Z' }]);
    });
  });

  it('creates a product as an administrator', async () => {
    pact
      .given('no product named ${name}', { name: 'Gadget' })
      .uponReceiving('a product created by an administrator')
      .withRequest({
        method: 'POST',
        path: '/rest/product',
        headers: { 'X-BUGZILLA-API-KEY': ADMIN_KEY, 'content-type': 'application/json' },
        body: { name: 'Gadget', description: 'A gadget', version: '1.0' },
      })
      .willRespondWith({ status: 201, headers: JSON_TYPE, body: { id: integer(3) } });
    await pact.executeTest(async (mock) => {
      const { status, body } = await new BugzillaClient(mock.url, ADMIN_KEY).createProduct({
        name: 'Gadget',
        description: 'A gadget',
        version: '1.0',
      });
      expect(status).toBe(201);
      expect(body.id).toBeGreaterThan(0);
    });
  });

  it('reads a product a state made from its parameters', async () => {
    pact
      .given('a product named ${name}', { name: 'Rocket' })
      .uponReceiving('a product named by a state parameter')
      .withRequest({ method: 'GET', path: '/rest/product/Rocket', query: { include_fields: 'id,name' } })
      .willRespondWith({ status: 200, headers: JSON_TYPE, body: { products: [{ id: integer(2), name: 'Rocket' }] } });
    await pact.executeTest(async (mock) => {
      const { body } = await new BugzillaClient(mock.url).product('Rocket');
      expect(body.products[0].name).toBe('Rocket');
    });
  });
});
