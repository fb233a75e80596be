import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config.js';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { runMigrations } from '../src/database/run-migrations.js';
import { Seeder } from '../src/seed/seeder.js';
import { startService, type ServiceProcess } from './support/service-process.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/**
 * The access log of the built service, its stdout a pipe (so JSON lines): one line per
 * answered request with method, route template, status, time and the caller's user
 * id (0 anonymous, null when no caller was resolved), and no credential anywhere in
 * the output, however it was sent. /health and /metrics are not logged.
 */

const PASSWORD = 'Very-Secret-Password-1';

interface Seeded {
  userId: number;
  login: string;
  key: string;
}

async function prepare(database: TestDatabase): Promise<Seeded> {
  const config = loadConfig({ DATABASE_URL: database.url, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const ds = await new DataSource(buildDataSourceOptions(config)).initialize();
  try {
    await runMigrations(ds, () => undefined);
    const seed = new Seeder(ds);
    const login = 'logged@access.test';
    const userId = await seed.user(login, { password: PASSWORD });
    await seed.product('Logged');
    return { userId, login, key: await seed.apiKey(userId) };
  } finally {
    await ds.destroy();
  }
}

interface LoggedRequest {
  method: string;
  route: string;
  url: string;
  statusCode: number;
  userId: number | null;
}

function accessLines(output: string): (LoggedRequest & { requestId: unknown; responseTime: unknown })[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((record) => record.context === 'HTTP');
}

describe.each(DIALECTS)('the access log [%s]', (dialect) => {
  let database: TestDatabase;
  let seeded: Seeded;
  let service: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    seeded = await prepare(database);
    service = await startService({ DATABASE_URL: database.url, LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    await database?.drop();
  });

  it("logs each request with its route template, status and caller's id, and never a credential", async () => {
    const base = `http://127.0.0.1:${service.port}`;
    const get = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${base}${path}`, { headers })).status;
    const login = encodeURIComponent(seeded.login);

    expect(await get('/rest/whoami', { 'X-BUGZILLA-API-KEY': seeded.key })).toBe(200);
    expect(await get(`/rest/product/Logged?Bugzilla_api_key=${seeded.key}&include_fields=name`)).toBe(200);
    expect(await get(`/rest/whoami?login=${login}&password=${PASSWORD}`)).toBe(200);
    // A parameter's name may come percent-encoded: the query parser decodes it, and so does the redaction.
    expect(await get(`/rest/whoami?Bugzilla_api_k%65y=${seeded.key}`)).toBe(200);
    expect(await get('/rest/product_accessible')).toBe(200);
    expect(await get('/rest/whoami', { 'X-BUGZILLA-API-KEY': 'x'.repeat(40) })).toBe(400);
    expect(await get('/no/such/path')).toBe(404);
    expect(await get('/health')).toBe(200);
    expect(await get('/metrics')).toBe(200);

    // A line is written when its answer has ended: wait (bounded) until all seven are there.
    await waitFor('seven access-log lines', () => accessLines(service.output()).length >= 7, {
      seen: () => service.output().slice(-3000),
    });
    const lines = accessLines(service.output());
    expect(
      lines.map(({ method, route, url, statusCode, userId }) => ({ method, route, url, statusCode, userId })),
    ).toEqual([
      { method: 'GET', route: '/rest/whoami', url: '/rest/whoami', statusCode: 200, userId: seeded.userId },
      {
        method: 'GET',
        route: '/rest/product/:id_or_name',
        url: '/rest/product/Logged?Bugzilla_api_key=[redacted]&include_fields=name',
        statusCode: 200,
        userId: seeded.userId,
      },
      {
        method: 'GET',
        route: '/rest/whoami',
        url: '/rest/whoami?login=[redacted]&password=[redacted]',
        statusCode: 200,
        userId: seeded.userId,
      },
      {
        method: 'GET',
        route: '/rest/whoami',
        url: '/rest/whoami?Bugzilla_api_k%65y=[redacted]',
        statusCode: 200,
        userId: seeded.userId,
      },
      { method: 'GET', route: '/rest/product_accessible', url: '/rest/product_accessible', statusCode: 200, userId: 0 },
      { method: 'GET', route: '/rest/whoami', url: '/rest/whoami', statusCode: 400, userId: null },
      { method: 'GET', route: '(unmatched)', url: '/no/such/path', statusCode: 404, userId: null },
    ]);
    for (const line of lines) {
      expect(typeof line.requestId).toBe('string');
      expect(typeof line.responseTime).toBe('number');
    }
    const output = service.output();
    for (const secret of [seeded.key, PASSWORD, 'x'.repeat(40)]) expect(output).not.toContain(secret);
  });
});
