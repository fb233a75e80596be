import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DIALECTS, startTestApp, type TestApp } from './support/test-app.js';

/** The installed Redocly CLI, run with Node directly: no npx, no network. */
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
/** Redocly otherwise sends usage telemetry and asks npm for a newer version: the lint must run offline. */
const OFFLINE = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

const ENVELOPE_REF = '#/components/schemas/ErrorEnvelopeDto';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

type Operation = { operationId: string; security?: Record<string, string[]>[]; responses: Record<string, any> };

const operationsOf = (document: any): { method: string; path: string; operation: Operation }[] =>
  Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );

// The document is built from the controllers, not from the database: one dialect is enough.
const dialect = DIALECTS.includes('sqlite') ? 'sqlite' : DIALECTS[0];

describe(`GET /api/openapi.json [${dialect}]`, () => {
  let app: TestApp;
  let document: any;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const res = await app.get('/api/openapi.json');
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(async () => {
    await app.close();
  });

  it("passes Redocly's recommended lint with no errors and no warnings", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const run = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'],
        { env: { ...process.env, ...OFFLINE }, cwd: dir },
      ).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
      const report = JSON.parse(run.stdout) as LintReport;
      const problems = report.problems.map(
        (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(run.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a server, relative so that it is the host that served the document', () => {
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('documents only the REST paths and the health check (no RPC, no metrics, no /api)', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !/^\/rest(\/|$)/.test(path) && path !== '/health')).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/health', '/rest/product', '/rest/login']));
  });

  it("declares Bugzilla's credential schemes: API key, token, login and password, in headers and in the query", () => {
    const schemes = Object.entries(document.components.securitySchemes as Record<string, any>).map(
      ([key, scheme]) => `${key}: ${scheme.type} ${scheme.in} ${scheme.name}`,
    );
    expect(schemes.sort()).toEqual(
      [
        'X-BUGZILLA-API-KEY: apiKey header X-BUGZILLA-API-KEY',
        'Bugzilla_api_key: apiKey query Bugzilla_api_key',
        'api_key: apiKey query api_key',
        'X-BUGZILLA-TOKEN: apiKey header X-BUGZILLA-TOKEN',
        'Bugzilla_token: apiKey query Bugzilla_token',
        'token: apiKey query token',
        'X-BUGZILLA-LOGIN: apiKey header X-BUGZILLA-LOGIN',
        'X-BUGZILLA-PASSWORD: apiKey header X-BUGZILLA-PASSWORD',
        'Bugzilla_login: apiKey query Bugzilla_login',
        'Bugzilla_password: apiKey query Bugzilla_password',
        'login: apiKey query login',
        'password: apiKey query password',
      ].sort(),
    );
  });

  it('documents Bugzilla.timezone, Bugzilla.parameters and Bugzilla.last_audit_time with their response schemas', () => {
    const schemaOf = (path: string) => {
      const ok = document.paths[path].get.responses['200'].content['application/json'].schema;
      return ok.$ref ? document.components.schemas[ok.$ref.split('/').pop()] : ok;
    };
    expect(schemaOf('/rest/timezone')).toMatchObject({
      required: ['timezone'],
      properties: { timezone: { type: 'string' } },
    });
    expect(schemaOf('/rest/parameters')).toMatchObject({
      required: ['parameters'],
      properties: { parameters: { type: 'object', additionalProperties: { type: 'string' } } },
    });
    expect(schemaOf('/rest/last_audit_time')).toMatchObject({
      required: ['last_audit_time'],
      properties: { last_audit_time: { type: 'string', format: 'date-time', nullable: true } },
    });
    const queryOf = (path: string) => document.paths[path].get.parameters.map((p: any) => `${p.in} ${p.name}`);
    expect(queryOf('/rest/last_audit_time')).toContain('query class');
    expect(queryOf('/rest/parameters')).toEqual(
      expect.arrayContaining(['query include_fields', 'query exclude_fields']),
    );
  });

  it('gives every operation the credentials it accepts, a login and password as one requirement of two schemes', () => {
    for (const { operation } of operationsOf(document)) {
      expect(operation.security, operation.operationId).toEqual(expect.arrayContaining([expect.anything()]));
    }
    const security = (path: string, method = 'get') => document.paths[path][method].security;
    // Anonymous callers are served ({}), and every credential is read.
    expect(security('/rest/product')).toEqual([
      { 'X-BUGZILLA-API-KEY': [] },
      { Bugzilla_api_key: [] },
      { api_key: [] },
      { 'X-BUGZILLA-TOKEN': [] },
      { Bugzilla_token: [] },
      { token: [] },
      { 'X-BUGZILLA-LOGIN': [], 'X-BUGZILLA-PASSWORD': [] },
      { Bugzilla_login: [], Bugzilla_password: [] },
      { login: [], password: [] },
      {},
    ]);
    // @LoginRequired and @RequireGroup: no {}.
    expect(security('/rest/whoami')).not.toContainEqual({});
    expect(security('/rest/product', 'post')).not.toContainEqual({});
    expect(security('/rest/bug_user_last_visit')).not.toContainEqual({});
    // /rest/login: its own login and password are parameters; only a login is checked there, never a key or token.
    expect(security('/rest/login')).toEqual([
      { 'X-BUGZILLA-LOGIN': [], 'X-BUGZILLA-PASSWORD': [] },
      { Bugzilla_login: [], Bugzilla_password: [] },
      {},
    ]);
    const loginParams = document.paths['/rest/login'].get.parameters.map((p: any) => `${p.in} ${p.name}`);
    expect(loginParams).toEqual(expect.arrayContaining(['query login', 'query password']));
  });

  it("answers anonymous callers with 410 exactly on the operations whose security has no {} (the guard's rule)", async () => {
    for (const { method, path, operation } of operationsOf(document)) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await app.request(method.toUpperCase(), url, method === 'get' ? {} : { body: {} });
      const anonymousAllowed = operation.security!.some((requirement) => Object.keys(requirement).length === 0);
      expect(res.body?.code === 410, `${method.toUpperCase()} ${path}`).toBe(!anonymousAllowed);
    }
  });

  it("answers every error with Bugzilla's envelope schema, with 400, 401, 500 and 503 everywhere and 413 on bodies", () => {
    const envelope = document.components.schemas.ErrorEnvelopeDto;
    expect(Object.keys(envelope.properties)).toEqual(['error', 'code', 'message', 'documentation']);
    expect(envelope.required).toEqual(['error', 'code', 'message', 'documentation']);
    for (const { method, operation } of operationsOf(document)) {
      const errors = Object.keys(operation.responses).filter((status) => /^[45]/.test(status));
      expect(errors, operation.operationId).toEqual(expect.arrayContaining(['400', '401', '500', '503']));
      if (method === 'post' || method === 'put') expect(errors, operation.operationId).toContain('413');
      for (const status of errors) {
        expect(
          operation.responses[status].content['application/json'].schema,
          `${operation.operationId} ${status}`,
        ).toEqual({ $ref: ENVELOPE_REF });
      }
    }
  });

  it('gives every operation a unique operation id and a tag that the document describes', () => {
    const operations = operationsOf(document).map(({ operation }) => operation);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const described = new Set(document.tags.filter((tag: any) => tag.description).map((tag: any) => tag.name));
    for (const operation of operations as any[]) {
      expect(operation.tags.length, operation.operationId).toBeGreaterThan(0);
      for (const tag of operation.tags) expect(described.has(tag), `${operation.operationId}: ${tag}`).toBe(true);
    }
  });

  it('gets each schema from one class: no two DTO classes share a name', () => {
    // @nestjs/swagger keys schemas by class name: a second class of the same name silently replaces
    // the first, and the routes of the first are then documented with the wrong shape.
    const names: string[] = [];
    for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      for (const m of readFileSync(join('src', file), 'utf8').matchAll(/^export class (\w+)/gm)) {
        if (m[1].endsWith('Dto')) names.push(m[1]);
      }
    }
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
