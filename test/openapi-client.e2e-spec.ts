import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { DIALECTS, startTestApp, type TestApp } from './support/test-app.js';

const run = promisify(execFile);
const TSC = resolve('node_modules/typescript/bin/tsc');

/**
 * What a consumer does with the document: generate types with `npm run openapi:types`
 * (scripts/openapi-types.mjs: openapi-typescript), write a client with openapi-fetch, compile it
 * with `tsc --strict`, and read real answers. The program reads the fields of a product, its
 * components, the caller and an error envelope as the types give them: a field the document did
 * not require, or typed wrongly, fails the compilation; an answer that does not match, the run.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './bugzilla-products.js';

const [baseUrl, apiKey] = process.argv.slice(2);
const client = createClient<paths>({ baseUrl });

const product = await client.GET('/rest/product/{id_or_name}', {
  params: { path: { id_or_name: 'Widget' }, query: { api_key: apiKey } },
});
if (!product.data) throw new Error('no product');
const widget = product.data.products[0];
const components: { id: number; name: string; owner: string; active: boolean }[] = widget.components.map((c) => ({
  id: c.id,
  name: c.name,
  owner: c.default_assigned_to,
  active: c.is_active,
}));
const versions: string[] = widget.versions.map((v) => v.name);

const me = await client.GET('/rest/whoami', { params: { query: { Bugzilla_api_key: apiKey } } });
if (!me.data) throw new Error('no whoami');
const login: string = me.data.login;
const myId: number = me.data.id;

const refused = await client.GET('/rest/whoami', { params: { query: { api_key: 'not-a-key-0123456789' } } });
if (!refused.error) throw new Error('a bad key was accepted');
const code: number = refused.error.code;
const message: string = refused.error.message;

const created = await client.POST('/rest/product/{product}/version', {
  params: { path: { product: 'Widget' }, query: { api_key: apiKey } },
  body: { name: '2.0', is_active: 1 },
});
if (!created.data) throw new Error('no new version');
const versionId: number = created.data.id;

const health = await client.GET('/health');
const status: 'ok' | string | undefined = health.data?.status;

console.log(
  JSON.stringify({
    product: { id: widget.id, name: widget.name, active: widget.is_active, components, versions },
    whoami: { login, id: myId },
    refused: { status: refused.response.status, code, message },
    newVersion: typeof versionId,
    health: status,
  }),
);
`;

const dialect = DIALECTS.includes('sqlite') ? 'sqlite' : DIALECTS[0];

describe(`a typed client generated from the served document [${dialect}]`, () => {
  let app: TestApp;
  let baseUrl: string;
  let dir: string;
  let apiKey: string;
  let ids: { user: number; product: number; component: number };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const user = await app.seed.user('admin@example.com', { realname: 'Admin', groups: ['editcomponents'] });
    apiKey = await app.seed.apiKey(user);
    const product = await app.seed.product('Widget');
    const component = await app.seed.component(product, 'Backend', { owner: user });
    await app.seed.version(product, 'unspecified');
    await app.seed.milestone(product, '---');
    ids = { user, product, component };
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
    // Under node_modules, so that the program finds openapi-fetch as a consumer's would.
    mkdirSync(resolve('node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(resolve('node_modules/.cache/bzp-openapi-client-'));
  });
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compiles with tsc --strict against the generated types and reads real answers without casts', async () => {
    await run(process.execPath, [
      'scripts/openapi-types.mjs',
      '--url',
      baseUrl,
      '--out',
      join(dir, 'bugzilla-products.d.ts'),
    ]);
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          target: 'es2022',
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [resolve('node_modules/@types')],
          outDir: 'out',
        },
        files: ['client.ts'],
      }),
    );
    const compiled = await run(process.execPath, [TSC, '-p', dir]).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(compiled).toBe('');

    const { stdout } = await run(process.execPath, [join(dir, 'out', 'client.js'), baseUrl, apiKey]);
    expect(JSON.parse(stdout)).toEqual({
      product: {
        id: ids.product,
        name: 'Widget',
        active: true,
        components: [{ id: ids.component, name: 'Backend', owner: 'admin@example.com', active: true }],
        versions: ['unspecified'],
      },
      whoami: { login: 'admin@example.com', id: ids.user },
      refused: { status: 400, code: 306, message: expect.stringContaining('API key') },
      newVersion: 'number',
      health: 'ok',
    });
  });

  it('the committed types (src/openapi/rest-api.d.ts, which the console and the catalogue command use) are what the served document generates now', async () => {
    const out = join(dir, 'rest-api.d.ts');
    await run(process.execPath, ['scripts/openapi-types.mjs', '--url', baseUrl, '--out', out]);
    const committed = 'src/openapi/rest-api.d.ts';
    // The committed file is formatted as the rest of src/ is (npm run format); its first line says how it was made.
    const options = { ...(await resolveConfig(committed)), filepath: committed };
    const body = (text: string) => text.slice(text.indexOf('\n') + 1);
    expect(body(await format(readFileSync(out, 'utf8'), options))).toBe(body(readFileSync(committed, 'utf8')));
  });
});
