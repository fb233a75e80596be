import createClient, { type Client } from 'openapi-fetch';
import { type RunningServer, startServer } from 'bugzilla-products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../generated/bugzilla-api.js';

const ALICE = 'AliceKey0123456789012345678901234567890a';
const BOB = 'BobKey012345678901234567890123456789012b';

let server: RunningServer;
let api: Client<paths>;

beforeAll(async () => {
  server = await startServer({ seed: new URL('./seed.yaml', import.meta.url).pathname });
  api = createClient<paths>({ baseUrl: server.url });
});
afterAll(async () => {
  await server?.close();
});

describe('what our app needs from bugzilla-products', () => {
  it('reads a product with its components', async () => {
    const { data, response } = await api.GET('/rest/product/{id_or_name}', {
      params: { path: { id_or_name: 'Widget' }, query: { include_fields: ['name', 'components.name'] } },
    });
    expect(response.status).toBe(200);
    const components = data?.products[0]?.components?.map((component) => component.name);
    expect(data?.products[0]?.name).toBe('Widget');
    expect(components).toEqual(['Engine', 'Wheels']);
  });

  it('sees a private product only as a member', async () => {
    const member = await api.GET('/rest/product_accessible', { headers: { 'X-BUGZILLA-API-KEY': ALICE } });
    const other = await api.GET('/rest/product_accessible', { headers: { 'X-BUGZILLA-API-KEY': BOB } });
    expect(member.data?.ids).toHaveLength(2);
    expect(other.data?.ids).toHaveLength(1);
  });

  it('answers a call without credentials with the 401 envelope', async () => {
    const { error, response } = await api.GET('/rest/whoami');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(error).toEqual({
      error: true,
      code: 410,
      message: expect.stringContaining('log in'),
      documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
    });
  });

  it('records a last visit and reads it back', async () => {
    const headers = { 'X-BUGZILLA-API-KEY': BOB };
    const recorded = await api.POST('/rest/bug_user_last_visit/{id}', { params: { path: { id: 7 } }, headers });
    expect(recorded.response.status).toBe(200);
    const read = await api.GET('/rest/bug_user_last_visit/{id}', { params: { path: { id: 7 } }, headers });
    expect(read.data?.[0]?.id).toBe(7);
    expect(read.data?.[0]?.last_visit_ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('ships the admin console with the package', async () => {
    const page = await fetch(`${server.url}/admin/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
