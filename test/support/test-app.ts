import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { Seeder } from '../../src/seed/seeder.js';
import { watchAnswers } from './openapi-check.js';
import { suiteEnv } from './suite-env.js';

export type Dialect = 'mysql' | 'sqlite' | 'postgres';

/** Which databases the e2e suite runs on; `TEST_DIALECTS=sqlite` narrows it while developing. */
export const DIALECTS: Dialect[] = (process.env.TEST_DIALECTS ?? 'mysql,sqlite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter((d): d is Dialect => d === 'mysql' || d === 'sqlite' || d === 'postgres');

/** The MariaDB server the tests use (root, no password, as on the CI machine). */
export const TEST_MYSQL_SERVER = process.env.TEST_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';

/** The PostgreSQL server the tests use (postgres, trust authentication, as on the CI machine). */
export const TEST_POSTGRES_SERVER = process.env.TEST_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

/** Runs `sql` on the PostgreSQL server's maintenance database (CREATE/DROP DATABASE). */
async function onPostgresServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${TEST_POSTGRES_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own for one test file: a uniquely named MariaDB or PostgreSQL database, or a temporary SQLite file. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const unique = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-test-'));
    return {
      url: `sqlite:${join(dir, 'bugzilla.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `bzp_test_${unique}`;
  if (dialect === 'postgres') {
    // UTF8 and a locale-independent order, as checksetup.pl asks of a Bugzilla database (Bugzilla/DB/Pg.pm).
    await onPostgresServer(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
    return {
      url: `${TEST_POSTGRES_SERVER}/${name}`,
      drop: () => onPostgresServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const admin = await mysql.createConnection(TEST_MYSQL_SERVER);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  await admin.end();
  return {
    url: `${TEST_MYSQL_SERVER}/${name}`,
    drop: async () => {
      const conn = await mysql.createConnection(TEST_MYSQL_SERVER);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface ApiRequest {
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client's address as the service sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

/** A running application on a fresh database, driven through Fastify's `inject`. */
export class TestApp {
  constructor(
    readonly dialect: Dialect,
    readonly app: NestFastifyApplication,
    readonly ds: DataSource,
    readonly config: AppConfig,
    private readonly database: TestDatabase,
  ) {}

  get seed(): Seeder {
    return new Seeder(this.ds);
  }

  async request<T = any>(method: string, url: string, options: ApiRequest = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      query: Object.fromEntries(
        Object.entries(options.query ?? {})
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
      ),
      payload,
      headers,
      remoteAddress: options.remoteAddress,
    });
    let body: unknown = undefined;
    if (response.body) {
      try {
        body = JSON.parse(response.body);
      } catch {
        body = response.body;
      }
    }
    return { status: response.statusCode, body: body as T, text: response.body, headers: response.headers };
  }

  get = <T = any>(url: string, options?: ApiRequest) => this.request<T>('GET', url, options);
  post = <T = any>(url: string, options?: ApiRequest) => this.request<T>('POST', url, options);
  put = <T = any>(url: string, options?: ApiRequest) => this.request<T>('PUT', url, options);
  delete = <T = any>(url: string, options?: ApiRequest) => this.request<T>('DELETE', url, options);

  /** Rows of a table, for asserting stored state. */
  async rows<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.ds.query(sql, params);
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.database.drop();
  }
}

/** Boots the real AppModule on a new database of `dialect`, migrated and empty unless asked otherwise. */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { mysqlPort?: number; database?: TestDatabase } = {},
): Promise<TestApp> {
  // A database the test filled beforehand (e.g. by the bench data generator), or a new one.
  const database = options.database ?? (await createTestDatabase(dialect));
  try {
    let url = database.url;
    // Reach MariaDB through another port (a test's TCP proxy) while the database itself was made directly.
    if (options.mysqlPort && dialect === 'mysql') {
      const proxied = new URL(url);
      proxied.port = String(options.mysqlPort);
      url = proxied.toString();
    }
    const config = loadConfig({
      DATABASE_URL: url,
      DEMO_DATA: 'false',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...suiteEnv(),
      ...env,
    });
    const app = await createApp(config);
    watchAnswers(app);
    return new TestApp(dialect, app, app.get(DataSource), config, database);
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * Declares the same suite once per database. `body` receives a getter for the
 * running app (started in beforeAll, closed and dropped in afterAll).
 */
export function forEachDialect(
  title: string,
  body: (app: () => TestApp) => void,
  env: Record<string, string> = {},
): void {
  describe.each(DIALECTS)(`${title} [%s]`, (dialect) => {
    let testApp: TestApp | undefined;
    beforeAll(async () => {
      testApp = await startTestApp(dialect, env);
    });
    afterAll(async () => {
      await testApp?.close();
    });
    body(() => {
      if (!testApp) throw new Error('test app not started');
      return testApp;
    });
  });
}
