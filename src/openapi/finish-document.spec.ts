import type { OpenAPIObject } from '@nestjs/swagger';
import type { RouteAccess } from '../auth/route-access.js';
import { finishDocument } from './finish-document.js';

const open: RouteAccess = { loginRequired: false, loginExempt: false, ownCredentialParams: false, noLoginCheck: false };
const exempt: RouteAccess = { ...open, loginExempt: true };
const loginRequired: RouteAccess = { ...open, loginRequired: true };
const editors: RouteAccess = { ...open, requiredGroup: { group: 'editcomponents', action: 'edit' } };

const op = (operationId: string, extra: object = {}) => ({
  operationId,
  summary: operationId,
  responses: { '200': { description: 'ok' } },
  ...extra,
});

function generated(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/health': { get: op('Health_get') },
      '/rest/thing': { get: op('Things_list', { tags: ['things'] }), post: op('Things_create', { tags: ['things'] }) },
      '/rest/thing/{id}': { get: op('Things_one') },
      '/xmlrpc.cgi': {
        post: op('Rpc_xml', {
          requestBody: { content: { 'text/xml': { schema: { $ref: '#/components/schemas/RpcCall' } } } },
        }),
      },
      '/metrics': { get: op('Metrics_get') },
    },
    components: {
      schemas: {
        RpcCall: { type: 'object' },
        Thing: { type: 'object', properties: { part: { $ref: '#/components/schemas/Part' } } },
        Part: { type: 'object' },
        ErrorEnvelopeDto: { type: 'object' },
      },
    },
  } as OpenAPIObject;
}

const ACCESS: Readonly<Record<string, RouteAccess>> = {
  Health_get: exempt,
  Things_list: open,
  Things_create: editors,
  Things_one: loginRequired,
  Rpc_xml: open,
  Metrics_get: open,
};

const finish = (document = generated(), requireLogin = false, access: Record<string, RouteAccess> = {}) =>
  finishDocument(document, { accessOf: (id) => ({ ...ACCESS, ...access })[id], requireLogin });

const anonymous = (security: object[] | undefined) => security?.some((s) => Object.keys(s).length === 0);

describe('finishDocument', () => {
  it('keeps only /rest and /health paths, and only the schemas those paths reach', () => {
    const document = generated();
    document.paths['/rest/thing'].get!.responses['200'] = {
      description: 'ok',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
    };
    const finished = finish(document);
    expect(Object.keys(finished.paths)).toEqual(['/health', '/rest/thing', '/rest/thing/{id}']);
    expect(Object.keys(finished.components!.schemas!).sort()).toEqual(['ErrorEnvelopeDto', 'Part', 'Thing']);
  });

  it('lets anonymous callers ({}) in where the decorators do, and nowhere else when requirelogin is on', () => {
    const paths = finish().paths;
    expect(anonymous(paths['/health'].get!.security)).toBe(true);
    expect(anonymous(paths['/rest/thing'].get!.security)).toBe(true);
    expect(anonymous(paths['/rest/thing'].post!.security)).toBe(false);
    expect(anonymous(paths['/rest/thing/{id}'].get!.security)).toBe(false);

    const strict = finish(generated(), true).paths;
    expect(anonymous(strict['/health'].get!.security)).toBe(true);
    expect(anonymous(strict['/rest/thing'].get!.security)).toBe(false);
  });

  it('lists only a login and password where no other credential is checked, and leaves out the names a route owns', () => {
    const loginPage = { ...exempt, noLoginCheck: true, ownCredentialParams: true };
    expect(finish(generated(), false, { Things_list: loginPage }).paths['/rest/thing'].get!.security).toEqual([
      { 'X-BUGZILLA-LOGIN': [], 'X-BUGZILLA-PASSWORD': [] },
      { Bugzilla_login: [], Bugzilla_password: [] },
      {},
    ]);
  });

  it('adds the standard error answers with the envelope, keeping a declared one and its example', () => {
    const document = generated();
    document.paths['/rest/thing'].post!.responses['404'] = {
      description: 'No such classification (51).',
      content: { 'application/json': { schema: { example: { error: true, code: 51 } } } },
    };
    const responses = finish(document).paths['/rest/thing'].post!.responses as Record<string, any>;
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '404', '413', '414', '500', '503']);
    expect(responses['404']).toEqual({
      description: 'No such classification (51).',
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorEnvelopeDto' },
          example: { error: true, code: 51 },
        },
      },
    });
    expect(responses['401'].description).toContain("not a member of the 'editcomponents' group (304)");
    expect(responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelopeDto',
    });
  });

  it('offers JSONP on REST GETs only: a callback parameter, and a text/javascript form of each JSON answer', () => {
    const document = generated();
    document.paths['/rest/thing'].get!.responses['200'] = {
      description: 'ok',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
    };
    const paths = finish(document).paths;
    const callback = (operation: any) => operation.parameters?.find((p: any) => p.name === 'callback');
    const list = paths['/rest/thing'].get as any;
    expect(callback(list)).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    // A generated client would otherwise type every answer as object | string.
    for (const status of ['200', '400', '401', '500', '503']) {
      expect(Object.keys(list.responses[status].content)).toEqual(['application/json']);
    }
    expect(callback(paths['/rest/thing'].post)).toBeUndefined();
    expect(callback(paths['/health'].get)).toBeUndefined();
  });

  it('tags an untagged operation after its path and describes every tag', () => {
    const finished = finish();
    expect(finished.paths['/rest/thing/{id}'].get!.tags).toEqual(['thing']);
    expect(finished.tags).toEqual([
      { name: 'health', description: 'Operations on `/health`.' },
      { name: 'things', description: 'Operations on `/rest/thing`.' },
      { name: 'thing', description: 'Operations on `/rest/thing/{id}`.' },
    ]);
  });

  it('keeps operation ids unique when one handler serves two paths', () => {
    const document = generated();
    document.paths['/rest/thing/{id}'].get!.operationId = 'Things_list';
    const finished = finish(document);
    expect(finished.paths['/rest/thing'].get!.operationId).toBe('Things_list');
    expect(finished.paths['/rest/thing/{id}'].get!.operationId).toBe('Things_list_2');
  });

  it('refuses an operation whose handler it cannot find (its security would be a guess)', () => {
    const document = generated();
    document.paths['/rest/thing/{id}'].get!.operationId = 'Unknown_x';
    expect(() => finish(document)).toThrow('no route handler found for GET /rest/thing/{id}');
  });
});
