import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DataSourceOptions, EntitySchema, Logger, MixedList } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { DropTimedOutConnections, ParameterFreeLogger } from './connection-limits.js';
import { postgresPoolOptions } from './dialects/postgres-driver.js';
import { withClusterOptions } from './galera/failover.js';
import { ALL_MIGRATIONS } from './migrations/index.js';

export type DatabaseSettings = Pick<AppConfig, 'database' | 'dbPoolSize' | 'dbTimeoutMs'> &
  Partial<Pick<AppConfig, 'galera'>>;

/**
 * The one place that turns the configuration into TypeORM options: used by the
 * Nest module, by `ormconfig.ts` (the TypeORM CLI) and by the tests.
 *
 * The database layer knows no feature's entities: in the application each feature
 * module registers its own (`TypeOrmModule.forFeature`, loaded through
 * `autoLoadEntities`); the CLI and tests that use repositories pass theirs in `entities`.
 */
export function buildDataSourceOptions(
  config: DatabaseSettings,
  extra: { logger?: Logger; entities?: MixedList<string | Function | EntitySchema> } = {},
): DataSourceOptions {
  const common = {
    entities: extra.entities ?? [],
    migrations: ALL_MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // A custom logger decides itself what to log; without one, TypeORM logs nothing
    // (but slow queries and migrations, which it always logs: without parameters).
    ...(extra.logger ? { logger: extra.logger } : { logging: false, logger: new ParameterFreeLogger(false) }),
  };
  const db = config.database;

  if (db.type === 'mysql') {
    const options: DataSourceOptions = {
      ...common,
      type: 'mysql',
      host: db.host,
      port: db.port,
      username: db.username,
      password: db.password,
      database: db.database,
      // Bugzilla stores UTC; DATETIME values are read and written as UTC Dates.
      timezone: 'Z',
      charset: 'utf8mb4_unicode_520_ci',
      connectTimeout: config.dbTimeoutMs,
      supportBigNumbers: true,
      // COUNT(*) and other BIGINT results as numbers (strings only beyond 2^53), as on SQLite.
      bigNumberStrings: false,
      dateStrings: false,
      // A query that does not answer within the timeout fails (and frees its connection)
      // instead of holding a request forever.
      maxQueryExecutionTime: config.dbTimeoutMs,
      enableQueryTimeout: true,
      // ...and its connection, which mysql2 keeps busy with that query, leaves the pool.
      subscribers: [DropTimedOutConnections],
      extra: {
        connectionLimit: config.dbPoolSize,
        connectTimeout: config.dbTimeoutMs,
        waitForConnections: true,
        // Requests waiting for a free connection: bounded, so an unreachable database
        // makes callers fail fast rather than pile up.
        queueLimit: Math.max(100, config.dbPoolSize * 20),
        maxIdle: config.dbPoolSize,
        idleTimeout: 60_000,
        enableKeepAlive: true,
        keepAliveInitialDelay: 10_000,
        // decimal(7,2) columns as numbers, as on SQLite.
        decimalNumbers: true,
      },
    };
    // The Galera layer (several nodes, causal reads, write retries): applied by prepareDataSource.
    return config.galera
      ? withClusterOptions(options, { nodes: db.nodes, settings: config.galera, timeoutMs: config.dbTimeoutMs })
      : options;
  }

  if (db.type === 'postgres') {
    return {
      ...common,
      type: 'postgres',
      host: db.host,
      port: db.port,
      username: db.username,
      password: db.password,
      database: db.database,
      poolSize: config.dbPoolSize,
      // How long a request waits for a pooled connection (as connection-limits.ts bounds mysql2's).
      connectTimeoutMS: config.dbTimeoutMs,
      applicationName: 'bugzilla-products',
      extra: {
        ...postgresPoolOptions(),
        // A statement that does not answer within the timeout is cancelled by the server.
        statement_timeout: config.dbTimeoutMs,
        keepAlive: true,
        idleTimeoutMillis: 60_000,
      },
    };
  }

  const path = db.path === ':memory:' ? db.path : resolve(db.path);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: path,
    // How long a statement waits on a locked database before SQLITE_BUSY.
    timeout: config.dbTimeoutMs,
    enableWAL: true,
    prepareDatabase: (sqlite: { pragma(source: string): unknown }) => {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma(`busy_timeout = ${Math.trunc(config.dbTimeoutMs)}`);
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('synchronous = NORMAL');
    },
  };
}
