#!/usr/bin/env node
import { parseArgs } from 'node:util';

/**
 * `bugzilla-products`: the service as a test dependency (SPEC §12). The settings of SPEC §1 come
 * from the environment; these options come on top.
 */
const USAGE = `usage: bugzilla-products [--port N] [--host H] [--database memory|URL] [--seed FILE]
                         [--provider-states FILE] [--print-url]
  --port N                 port to listen on (0: a free one); default PORT or 3000
  --database memory|URL    memory: SQLite in memory; or a mysql:// URL or sqlite:path; default DATABASE_URL
  --seed FILE              data to load at start (JSON or YAML, see seed.schema.json)
  --provider-states FILE   Pact provider states (state name -> seed); serves POST /_pact/provider_states
  --print-url              print the base URL alone on one line once it answers (and nothing else)
       bugzilla-products catalog export|plan|apply ...   the catalogue as code (catalog --help)`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'catalog') {
    // The catalogue as code (SPEC §14): a client of a running service, not the service — so the
    // service's modules (Nest, TypeORM, the whole app) are loaded only on the path that serves.
    const { runCatalog } = await import('./catalog.js');
    process.exitCode = await runCatalog(process.argv.slice(3), process.env);
    return;
  }
  const { settingsFromEnvironment } = await import('../config/app-config.js');
  const { startServer } = await import('../kit/server.js');
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        database: { type: 'string' },
        seed: { type: 'string' },
        'provider-states': { type: 'string' },
        'print-url': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${(error as Error).message.split('\n')[0]}\n${USAGE}`, 2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = settingsFromEnvironment();
  const printUrl = values['print-url'] ?? false;
  const port = values.port ?? env.PORT ?? '3000';
  if (!/^\d+$/.test(port) || Number(port) > 65535) fail(`--port must be an integer from 0 to 65535 (got '${port}')`, 2);
  const settings = {
    // The demo data and log lines would mix with what a script reads from stdout.
    DEMO_DATA: values.seed || printUrl ? 'false' : 'auto',
    LOG_LEVEL: printUrl ? 'silent' : 'info',
    ...env,
  };
  const server = await startServer({
    database: values.database ?? env.DATABASE_URL ?? 'sqlite:data/bugzilla.sqlite',
    port: Number(port),
    host: values.host ?? env.HOST,
    seed: values.seed,
    providerStates: values['provider-states'],
    settings,
  });
  if (printUrl) console.log(server.url);
  else {
    console.log(`bugzilla-products listening on ${server.url}/rest (OpenAPI: /api)`);
    for (const [login, key] of Object.entries(server.apiKeys)) console.log(`  ${login.padEnd(22)} ${key}`);
  }
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => fail(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch(async (error: unknown) => {
  const { SeedError } = await import('../seed/seed-validation.js');
  const { ConfigError } = await import('../config/app-config.js');
  if (error instanceof SeedError) fail(error.message);
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  fail(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
});
