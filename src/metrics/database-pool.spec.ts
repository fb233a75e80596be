import type { DataSource } from 'typeorm';
import { readPoolUsage } from './database-pool.js';

const dataSource = (type: string, driver: object, isInitialized = true) =>
  ({ options: { type }, driver, isInitialized }) as unknown as DataSource;

describe('readPoolUsage', () => {
  it("reads mysql2's pool counters from TypeORM's MysqlDriver", () => {
    const pool = {
      _allConnections: { length: 7 },
      _freeConnections: { length: 3 },
      _connectionQueue: { length: 2 },
      config: { connectionLimit: 10 },
    };
    expect(readPoolUsage(dataSource('mysql', { pool }))).toEqual({ inUse: 4, idle: 3, waiting: 2, max: 10 });
  });

  it("counts SQLite's one connection as in use while a transaction is open", () => {
    expect(readPoolUsage(dataSource('better-sqlite3', { queryRunner: { isTransactionActive: true } }))).toEqual({
      inUse: 1,
      idle: 0,
      waiting: 0,
      max: 1,
    });
    expect(readPoolUsage(dataSource('better-sqlite3', {}))).toEqual({ inUse: 0, idle: 1, waiting: 0, max: 1 });
  });

  it('reports nothing while the data source is not connected', () => {
    expect(readPoolUsage(dataSource('mysql', {}, false))).toBeUndefined();
    expect(readPoolUsage(dataSource('mysql', {}))).toBeUndefined();
  });
});
