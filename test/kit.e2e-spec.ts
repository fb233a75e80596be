import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type RunningServer, startServer } from '../src/index.js';
import { applySeed } from '../src/seed/seed-loader.js';
import { SeedError } from '../src/seed/seed-validation.js';
import { routeTable } from './support/route-table.js';
import { createTestDatabase, DIALECTS, startTestApp, type TestApp } from './support/test-app.js';
import type { Seed } from '../src/seed/seed.js';
import { PACKAGE_VERSION } from './support/release.js';

const ADMIN_KEY = 'AdminKey01234567890123456789012345678901';
const ALICE_KEY = 'AliceKey0123456789012345678901234567890a';

const BASE: Seed = {
  groups: [{ name: 'core-team' }],
  users: [
    { login: 'admin@example.com', api_key: ADMIN_KEY, groups: ['admin', 'editcomponents'] },
    { login: 'alice@example.com', api_key: ALICE_KEY },
  ],
  products: [{ name: 'Public', components: [{ name: 'General', default_assignee: 'admin@example.com' }] }],
};

const STATES: Record<string, Seed> = {
  'a private product': {
    products: [
      {
        name: 'Secret',
        components: [{ name: 'General', default_assignee: 'admin@example.com' }],
        group_controls: [{ group: 'core-team', membercontrol: 'Mandatory', othercontrol: 'Mandatory', entry: true }],
      },
    ],
  },
  'alice is in core-team': { users: [{ login: 'alice@example.com', groups: ['core-team'] }] },
  'a product named ${name}': {
    products: [{ name: '${name}', components: [{ name: 'General', default_assignee: 'admin@example.com' }] }],
  },
  'bug ${id} visited by alice': {
    bugs: [
      { id: '${id}' as unknown as number, product: 'Public', component: 'General', reporter: 'alice@example.com' },
    ],
    last_visits: [
      { user: 'alice@example.com', bug: '${id}' as unknown as number, last_visit_ts: '2026-05-06T07:08:09Z' },
    ],
  },
};

async function get(
  server: RunningServer,
  path: string,
  key?: string,
): Promise<{ status: number; body: any; type: string | null }> {
  const response = await fetch(`${server.url}${path}`, { headers: key ? { 'X-BUGZILLA-API-KEY': key } : {} });
  return { status: response.status, body: await response.json(), type: response.headers.get('content-type') };
}

async function stateChange(server: RunningServer, body: unknown) {
  const response = await fetch(`${server.url}/_pact/provider_states`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), type: response.headers.get('content-type') };
}

const productNames = async (server: RunningServer, key?: string) =>
  (await get(server, '/rest/product_accessible', key)).body.ids.length as number;

describe('startServer(): the service in process, in memory (SPEC §12)', () => {
  let one: RunningServer;
  let two: RunningServer;
  beforeAll(async () => {
    [one, two] = await Promise.all([startServer({ seed: BASE, providerStates: STATES }), startServer({ seed: BASE })]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('answers at its url with the seed users and their fixed keys', async () => {
    expect(one.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(one.apiKeys).toEqual({ 'admin@example.com': ADMIN_KEY, 'alice@example.com': ALICE_KEY });
    const whoami = await get(one, '/rest/whoami', ALICE_KEY);
    expect(whoami).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { id: 2, name: 'alice@example.com', real_name: '', login: 'alice@example.com' },
    });
  });

  it('keeps servers of one process apart: a seed applied to one is not in the other', async () => {
    await one.applySeed({
      classifications: [{ name: 'Only in one' }],
      products: [
        {
          name: 'Extra',
          classification: 'Only in one',
          components: [{ name: 'C', default_assignee: 'alice@example.com' }],
        },
      ],
    });
    expect((await get(one, '/rest/product/Extra')).body.products).toHaveLength(1);
    expect((await get(two, '/rest/product/Extra')).body.products).toHaveLength(0);
    await one.reset();
    expect((await get(one, '/rest/product/Extra')).body.products).toHaveLength(0);
  });

  it('sets up a provider state, visible to the very next request, and tears it down to the base', async () => {
    expect(await productNames(one, ADMIN_KEY)).toBe(1);
    expect(await stateChange(one, { state: 'a private product', params: {}, action: 'setup' })).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: {},
    });
    expect(await productNames(one, ADMIN_KEY)).toBe(2);
    expect(await productNames(one, ALICE_KEY)).toBe(1);
    await stateChange(one, { state: 'alice is in core-team', params: {}, action: 'setup' });
    expect(await productNames(one, ALICE_KEY)).toBe(2);
    expect((await stateChange(one, { state: 'a private product', params: {}, action: 'teardown' })).status).toBe(200);
    expect(await productNames(one, ADMIN_KEY)).toBe(1);
    expect(await productNames(one, ALICE_KEY)).toBe(1);
  });

  it('replaces ${param} from the params, keeping a number a number', async () => {
    await stateChange(one, { state: 'a product named ${name}', params: { name: 'Rocket' }, action: 'setup' });
    expect((await get(one, '/rest/product/Rocket?include_fields=name')).body).toEqual({
      products: [{ name: 'Rocket' }],
    });
    await stateChange(one, { state: 'bug ${id} visited by alice', params: { id: 42 }, action: 'setup' });
    expect((await get(one, '/rest/bug_user_last_visit/42', ALICE_KEY)).body).toEqual([
      { id: 42, last_visit_ts: '2026-05-06T07:08:09Z' },
    ]);
    await stateChange(one, { state: 'bug ${id} visited by alice', params: { id: 42 }, action: 'teardown' });
    expect((await get(one, '/rest/product/Rocket')).body).toEqual({ products: [] });
  });

  it('does nothing for the empty state; names an unknown state or a missing parameter in a 400 envelope', async () => {
    expect((await stateChange(one, { state: '', params: {}, action: 'setup' })).status).toBe(200);
    expect(await stateChange(one, { state: 'no such state', params: {}, action: 'setup' })).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: {
        error: true,
        code: 32000,
        message: "There is no provider state named 'no such state'.",
        documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
      },
    });
    expect((await stateChange(one, { state: 'a product named ${name}', action: 'setup' })).body.message).toBe(
      "The provider state 'a product named ${name}' needs the parameter 'name'.",
    );
  });

  it('has no state route without provider states (32614)', async () => {
    const answer = await stateChange(two, { state: 'a private product', action: 'setup' });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(32614);
  });

  it('refuses provider states on a database other than memory, and a bad seed with every problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-kit-'));
    try {
      await expect(
        startServer({ database: `sqlite:${join(dir, 'x.sqlite')}`, providerStates: STATES }),
      ).rejects.toThrow("Provider states wipe data between interactions: they need database 'memory'");
      const error = await startServer({
        seed: { users: [{ login: 'a@b', groups: ['x'] }], bugs: [{ id: 1 }] } as Seed,
      }).catch((e) => e);
      expect(error).toBeInstanceOf(SeedError);
      expect(error.problems).toEqual([
        'bugs[0].product: is required',
        'bugs[0].component: is required',
        'bugs[0].reporter: is required',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(DIALECTS.includes('postgres'))('startServer() on a PostgreSQL URL (SPEC §12, §16)', () => {
  it('migrates the empty database, applies the seed and answers as in memory', async () => {
    const database = await createTestDatabase('postgres');
    const server = await startServer({ database: database.url, seed: BASE });
    try {
      expect(server.apiKeys).toEqual({ 'admin@example.com': ADMIN_KEY, 'alice@example.com': ALICE_KEY });
      expect(await get(server, '/rest/whoami', ALICE_KEY)).toEqual({
        status: 200,
        type: 'application/json; charset=utf-8',
        body: { id: 2, name: 'alice@example.com', real_name: '', login: 'alice@example.com' },
      });
    } finally {
      await server.close();
      await database.drop();
    }
  });
});

describe('the bugzilla-products command', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bzp-cmd-'));
    writeFileSync(join(dir, 'seed.yaml'), `users:\n  - { login: alice@example.com, api_key: ${ALICE_KEY} }\n`);
    writeFileSync(
      join(dir, 'bad.yaml'),
      'users:\n  - { login: alice@example.com, groups: [nope] }\nproducts: [{ name: P }]\nbugs: [{ id: 1, product: Q, component: C, reporter: alice@example.com }]\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const command = (args: string[]) =>
    spawn(process.execPath, ['dist/src/cli/bugzilla-products.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

  it('prints only its URL once it answers, serves the seed, and stops with 0 on SIGTERM', async () => {
    const child = command(['--database', 'memory', '--port', '0', '--seed', join(dir, 'seed.yaml'), '--print-url']);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = createInterface({ input: child.stdout });
    const [url] = (await lines[Symbol.asyncIterator]().next()).value.split('\n');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${url}/health`);
    expect(await health.json()).toEqual({ status: 'ok', version: PACKAGE_VERSION });
    const whoami = await fetch(`${url}/rest/whoami`, { headers: { 'X-BUGZILLA-API-KEY': ALICE_KEY } });
    expect(((await whoami.json()) as { login: string }).login).toBe('alice@example.com');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('stops with 1 and every problem of a bad seed, by path', async () => {
    const child = command(['--database', 'memory', '--seed', join(dir, 'bad.yaml')]);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'The seed has 2 problems:',
      "  users[0].groups[0]: no group 'nope'",
      "  bugs[0].product: no product 'Q'",
    ]);
  });
});

describe('answers a pact can match: every JSON answer says application/json; charset=utf-8', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    await applySeed(app.ds, BASE);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('on every REST route, anonymous and as an administrator, errors included', async () => {
    const routes = routeTable(app.app.getHttpAdapter().getInstance()).filter(
      // Not JSON, or Bugzilla's own spelling of the RPC transports (rpc/): checked by their suites.
      (route) => !/ \/(xmlrpc\.cgi|jsonrpc\.cgi|metrics|api|admin)\b/.test(route),
    );
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, template] = route.split(' ');
      const path = template.replace(/:id_or_name|:product|:name\w*/g, 'Public').replace(/:[^/]+/g, '1');
      for (const headers of [{}, { 'X-BUGZILLA-API-KEY': ADMIN_KEY }] as Record<string, string>[]) {
        const answer = await app.request(method, path, {
          headers,
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        if (answer.text !== '' && answer.headers['content-type'] !== 'application/json; charset=utf-8') {
          wrong.push(`${route} → ${answer.status} ${String(answer.headers['content-type'])}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
