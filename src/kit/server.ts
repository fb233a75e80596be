import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../bootstrap.js';
import { ConfigError, loadConfig, type SETTINGS } from '../config/app-config.js';
import type { AppliedSeed } from '../seed/seed-loader.js';
import { readSeedFile } from '../seed/seed-file.js';
import type { Seed } from '../seed/seed.js';
import { checkProviderStates, type ProviderStates, registerProviderStates } from './provider-states.js';
import { TestData } from './test-data.js';

/** A setting of SPEC §1 by its environment name (`BZ_REQUIRELOGIN`, `CACHE_MAX_STALENESS_MS`, ...). */
export type SettingName = keyof typeof SETTINGS;

export interface StartServerOptions {
  /** `memory` (SQLite in memory, the default), a `mysql://` URL or `sqlite:path` (else `settings.DATABASE_URL`). */
  database?: string;
  /** Default `settings.PORT`, else 0: a free port. */
  port?: number;
  /** Default `settings.HOST`, else 127.0.0.1. */
  host?: string;
  /** The base data: a seed, or the path of a seed file (JSON or YAML). */
  seed?: Seed | string;
  /**
   * Pact provider states: state name → seed, or the path of such a file. Serves
   * `POST /_pact/provider_states`; only with database `memory`.
   */
  providerStates?: Record<string, Seed> | string;
  /** Settings as the environment gives them; `process.env` is not read. Default LOG_LEVEL: silent. */
  settings?: Partial<Record<SettingName, string | number | boolean>>;
}

export interface RunningServer {
  /** `http://HOST:PORT`, answering. */
  url: string;
  /** Login → API key of the seeds' users (the base seed's, then those applied later). */
  apiKeys: Record<string, string>;
  /** Applies a seed on the data as it stands (idempotent, one transaction). */
  applySeed(seed: Seed | string): Promise<AppliedSeed>;
  /** Back to the base seed's data (database `memory` only). */
  reset(): Promise<void>;
  /** Stops listening, finishes in-flight requests and closes the database. */
  close(): Promise<void>;
}

const MEMORY = 'sqlite::memory:';

function seedOf(seed: Seed | string): unknown {
  return typeof seed === 'string' ? readSeedFile(seed) : seed;
}

/**
 * Starts the service in this process (SPEC §12). Each call has its own configuration, database
 * connection and application: several servers in one process share nothing but the code.
 * Rejects with a SeedError listing every problem when a seed is not valid.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const settings = options.settings ?? {};
  const wanted = options.database ?? (settings.DATABASE_URL === undefined ? 'memory' : String(settings.DATABASE_URL));
  const database = wanted === 'memory' ? MEMORY : wanted;
  const inMemory = database === MEMORY;
  const env: Record<string, string> = { LOG_LEVEL: 'silent', DEMO_DATA: 'false', PORT: '0' };
  for (const [name, value] of Object.entries(settings)) {
    if (value !== undefined) env[name] = typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  }
  // The options win over the same settings given in `settings`.
  env.DATABASE_URL = database;
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.host !== undefined) env.HOST = options.host;
  const config = loadConfig(env);
  if (config.workers > 1) throw new ConfigError('WORKERS must be 1 for a server started in process');

  const baseSeed = options.seed === undefined ? undefined : seedOf(options.seed);
  let states: ProviderStates | undefined;
  if (options.providerStates !== undefined) {
    if (!inMemory) throw new ConfigError("Provider states wipe data between interactions: they need database 'memory'");
    states = checkProviderStates(seedOf(options.providerStates));
  }

  let data: TestData | undefined;
  const testData = () => {
    if (!data) throw new Error('The server is still starting');
    return data;
  };
  const app: NestFastifyApplication = await createApp(config, (nest) => {
    if (states) registerProviderStates(nest.getHttpAdapter().getInstance(), states, testData);
  });
  try {
    data = await TestData.start(app.get(DataSource), baseSeed, inMemory);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.getHttpServer().address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const ready = data;
  return {
    url: `http://${host}:${address.port}`,
    apiKeys: ready.apiKeys,
    applySeed: (seed) => ready.apply(seedOf(seed)),
    reset: () => ready.reset(),
    close: () => app.close(),
  };
}
