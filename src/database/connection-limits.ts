import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  AdvancedConsoleLogger,
  DataSource,
  EventSubscriber,
  type EntitySubscriberInterface,
  type QueryRunner,
} from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * DB_TIMEOUT_MS bounds every wait on MySQL/MariaDB, so that a database that hangs
 * (no answer, no closed socket) costs a request a 503 after a bounded time
 * instead of holding it forever:
 *
 * - a query gets `timeout` from TypeORM (data-source-options); when it fires,
 *   mysql2 answers the caller but keeps the connection, whose later commands
 *   would queue behind the hung one with no timeout of their own. The connection
 *   is therefore dropped from the pool (`DropTimedOutConnections`);
 * - waiting for a pooled connection is bounded too (mysql2 has no acquire
 *   timeout): past the limit the caller gets an error that reads as "database
 *   unavailable", and a connection that turns up later goes back to the pool.
 */

/** The message of a wait for a pooled connection that timed out (recognised by `isConnectionError`). */
export const CONNECTION_WAIT_TIMEOUT = 'Timed out waiting for a database connection';

interface PoolConnection {
  release(): void;
  destroy(): void;
  stream?: { destroy?: () => void };
}

type GetConnection = (callback: (error: Error | null, connection?: PoolConnection) => void) => void;

/** Drops a MySQL connection whose query timed out: it may still be busy with that query. */
@EventSubscriber()
export class DropTimedOutConnections implements EntitySubscriberInterface {
  afterQuery(event: { success: boolean; error?: unknown; queryRunner: QueryRunner }): void {
    if (event.success || !isQueryTimeout(event.error)) return;
    const connection = (event.queryRunner as unknown as { databaseConnection?: PoolConnection }).databaseConnection;
    if (!connection) return;
    connection.destroy();
    connection.stream?.destroy?.();
  }
}

function isQueryTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const record = current as Record<string, unknown>;
    if (record.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return true;
    current = record.driverError ?? record.cause;
  }
  return false;
}

/**
 * Bounds the wait for a pooled mysql2 connection to `timeoutMs`. node-postgres bounds it itself
 * (`connectionTimeoutMillis`, data-source-options.ts); SQLite has no pool.
 */
export function limitConnectionWaits(dataSource: DataSource, timeoutMs: number): void {
  const pool = (dataSource.driver as unknown as { pool?: { getConnection?: GetConnection } }).pool;
  if (typeof pool?.getConnection !== 'function') return;
  const getConnection: GetConnection = pool.getConnection.bind(pool);
  pool.getConnection = (callback) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      const error = new Error(CONNECTION_WAIT_TIMEOUT) as Error & { code: string };
      error.code = 'POOL_ACQUIRE_TIMEOUT';
      callback(error);
    }, timeoutMs);
    getConnection((error, connection) => {
      if (settled) {
        // Too late for its caller, who already has an answer.
        connection?.release();
        return;
      }
      settled = true;
      clearTimeout(timer);
      callback(error, connection);
    });
  };
}

/** Applies `limitConnectionWaits` to the service's data source at start. */
@Injectable()
export class ConnectionLimits implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    limitConnectionWaits(this.dataSource, this.config.dbTimeoutMs);
  }
}

/**
 * TypeORM's console logger, except that a slow query is logged without its
 * parameters: they can hold credentials (API keys, login tokens).
 */
export class ParameterFreeLogger extends AdvancedConsoleLogger {
  override logQuerySlow(time: number, query: string, _parameters?: unknown[], queryRunner?: QueryRunner): void {
    super.logQuerySlow(time, query, undefined, queryRunner);
  }
}
