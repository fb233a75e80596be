import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, Reflector } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { readRouteAccess, type RouteAccess } from '../src/auth/route-access.js';
import { REST_ONLY_ROUTES, RPC_METHODS } from '../src/rpc/rpc-methods.js';
import { routeShape, routeTable } from './support/route-table.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The method table keeps up with REST: every REST route of the running application is served by an
 * RPC method (or is listed as REST-only with a reason), every route an entry names exists, and each
 * entry grants access exactly as its REST routes' decorators do.
 */

const complete = (rules: RouteAccess): RouteAccess => ({
  loginRequired: rules.loginRequired === true,
  requiredGroup: rules.requiredGroup,
  loginExempt: rules.loginExempt === true,
  noLoginCheck: rules.noLoginCheck === true,
  ownCredentialParams: rules.ownCredentialParams === true,
});

describe('the RPC method table covers every REST route', () => {
  let app: TestApp;
  let routes: string[];
  let restRoutes: string[];

  beforeAll(async () => {
    app = await startTestApp('sqlite');
    const fastify = app.app.getHttpAdapter().getInstance() as FastifyInstance;
    await fastify.ready();
    routes = routeTable(fastify);
    restRoutes = routes.filter((r) => r.split(' ')[1].startsWith('/rest/'));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('reads the route table (the RPC endpoints and the REST routes are in it)', () => {
    expect(routes).toEqual(expect.arrayContaining(['POST /xmlrpc.cgi', 'POST /jsonrpc.cgi', 'GET /rest/product']));
  });

  it('every REST route is served by an RPC method, or is REST-only for a stated reason', () => {
    const served = new Set([...Object.values(RPC_METHODS).flatMap((m) => m.rest), ...Object.keys(REST_ONLY_ROUTES)]);
    const servedShapes = new Set([...served].map(routeShape));
    const missing = restRoutes.filter((r) => !servedShapes.has(routeShape(r)));
    expect(missing, 'REST routes without an RPC method: add an entry to src/rpc/rpc-methods.ts').toEqual([]);
    for (const reason of Object.values(REST_ONLY_ROUTES)) expect(reason.trim()).not.toBe('');
  });

  it('every route an entry names exists', () => {
    const named = [...Object.values(RPC_METHODS).flatMap((m) => m.rest), ...Object.keys(REST_ONLY_ROUTES)];
    const existing = new Set(restRoutes.map(routeShape));
    expect(named.filter((r) => !existing.has(routeShape(r)))).toEqual([]);
  });

  it("each method grants access as its REST routes' decorators do (login, group, exemptions, own parameters)", () => {
    const reflector = app.app.get(Reflector);
    const rulesByRoute = new Map<string, RouteAccess>();
    const controllers = [...app.app.get(ModulesContainer).values()].flatMap((m) => [...m.controllers.values()]);
    for (const wrapper of controllers) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!type) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = type.prototype[name];
        const path = typeof handler === 'function' ? Reflect.getMetadata(PATH_METADATA, handler) : undefined;
        if (path === undefined) continue;
        const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const url = `/${[base, String(path)].filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        rulesByRoute.set(routeShape(`${verb} ${url}`), complete(readRouteAccess(reflector, handler, type)));
      }
    }
    for (const [name, method] of Object.entries(RPC_METHODS)) {
      for (const route of method.rest) {
        expect({ name, route, rules: complete(method.access) }).toEqual({
          name,
          route,
          rules: rulesByRoute.get(routeShape(route)),
        });
      }
    }
  });

  it('the OpenAPI document stays REST-only', async () => {
    const doc = await app.get('/api/openapi.json');
    const paths = Object.keys(doc.body.paths);
    expect(paths.filter((p) => p.includes('rpc'))).toEqual([]);
  });
});
