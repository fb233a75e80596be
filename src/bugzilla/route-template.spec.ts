import Fastify, { type FastifyRequest } from 'fastify';
import { routeTemplate, UNMATCHED_ROUTE } from './route-template.js';

describe('routeTemplate', () => {
  /** A Fastify instance that records, once each answer has ended, its route template both ways. */
  async function recordingServer() {
    const seen: { template: string; routeOptionsUrl: string | undefined }[] = [];
    const keyed: boolean[] = [];
    const app = Fastify();
    app.addHook('onResponse', (request, _reply, done) => {
      seen.push({ template: routeTemplate(request), routeOptionsUrl: request.routeOptions.url });
      // The fast way's premise: the route context is kept on the request under Fastify's symbol.
      keyed.push(Object.getOwnPropertySymbols(request).some((key) => key.description === 'fastify.context'));
      done();
    });
    app.get('/rest/product/:id_or_name', async () => ({ ok: true }));
    app.get('/rest/product_accessible', async () => ({ ids: [] }));
    app.post('/rest/bug_user_last_visit/:id', async () => []);
    await app.ready();
    return { app, seen, keyed };
  }

  it('gives the template a request matched, as request.routeOptions.url does, never the URL', async () => {
    const { app, seen, keyed } = await recordingServer();
    await app.inject({ method: 'GET', url: '/rest/product/Firefox?include_fields=name' });
    await app.inject({ method: 'GET', url: '/rest/product_accessible' });
    await app.inject({ method: 'POST', url: '/rest/bug_user_last_visit/12', payload: {} });
    expect(seen).toEqual([
      { template: '/rest/product/:id_or_name', routeOptionsUrl: '/rest/product/:id_or_name' },
      { template: '/rest/product_accessible', routeOptionsUrl: '/rest/product_accessible' },
      { template: '/rest/bug_user_last_visit/:id', routeOptionsUrl: '/rest/bug_user_last_visit/:id' },
    ]);
    expect(keyed).toEqual([true, true, true]);
    await app.close();
  });

  it('names every request no route matched (unmatched), whatever its path or method', async () => {
    const { app, seen } = await recordingServer();
    await app.inject({ method: 'GET', url: '/rest/no_such_thing' });
    await app.inject({ method: 'DELETE', url: '/rest/product_accessible' });
    expect(seen).toEqual([
      { template: UNMATCHED_ROUTE, routeOptionsUrl: undefined },
      { template: UNMATCHED_ROUTE, routeOptionsUrl: undefined },
    ]);
    await app.close();
  });

  it("reads routeOptions of an object that is not Fastify's request", () => {
    const like = (url?: string) => ({ routeOptions: { url } }) as unknown as FastifyRequest;
    expect(routeTemplate(like('/rest/version'))).toBe('/rest/version');
    expect(routeTemplate(like(undefined))).toBe(UNMATCHED_ROUTE);
  });
});
