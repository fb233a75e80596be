import type { DataSource } from 'typeorm';
import { dialectOf } from '../database/dialect.js';

export interface PoolUsage {
  inUse: number;
  idle: number;
  /** Requests waiting for a free connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

/** The counters mysql2's pool keeps (not part of its typed API, stable across mysql2 2.x and 3.x). */
interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

/** The counters node-postgres' pool keeps (its public API), which TypeORM's PostgresDriver holds in `driver.master`. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * How busy the database connections are right now, read at scrape time.
 *
 * - MySQL/MariaDB: TypeORM's MysqlDriver keeps its mysql2 pool in `driver.pool`.
 *   Waiting requests include waits that already timed out (their request got a 503,
 *   see connection-limits.ts) until a connection frees up and is handed back.
 * - PostgreSQL: node-postgres' pool (`driver.master`).
 * - SQLite: better-sqlite3 is one connection that runs each statement synchronously,
 *   so nobody ever waits for it; it counts as in use while a transaction is open.
 *
 * Undefined when the data source is not connected (starting, or closed).
 */
export function readPoolUsage(dataSource: DataSource): PoolUsage | undefined {
  if (!dataSource.isInitialized) return undefined;
  if (dialectOf(dataSource).name === 'sqlite') {
    const runner = (dataSource.driver as unknown as { queryRunner?: { isTransactionActive?: boolean } }).queryRunner;
    const inUse = runner?.isTransactionActive ? 1 : 0;
    return { inUse, idle: 1 - inUse, waiting: 0, max: 1 };
  }
  const pg = (dataSource.driver as unknown as { master?: Partial<PgPool> }).master;
  if (typeof pg?.totalCount === 'number') {
    const { totalCount, idleCount = 0, waitingCount = 0 } = pg;
    return {
      inUse: Math.max(0, totalCount - idleCount),
      idle: idleCount,
      waiting: waitingCount,
      max: pg.options?.max ?? 0,
    };
  }
  const pool = (dataSource.driver as unknown as { pool?: Mysql2Pool }).pool;
  if (!pool) return undefined;
  const all = pool._allConnections?.length ?? 0;
  const idle = pool._freeConnections?.length ?? 0;
  return {
    inUse: Math.max(0, all - idle),
    idle,
    waiting: pool._connectionQueue?.length ?? 0,
    max: pool.config?.connectionLimit ?? 0,
  };
}
