import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { toPostgresParam, toPostgresSql } from '../../src/database/dialects/postgres-sql.js';
import { type AppConfig, loadConfig } from '../../src/config/app-config.js';
import type { TestApp } from './test-app.js';

/** Another connection to the same database, as a Perl Bugzilla or an admin's SQL prompt would be. */
export interface OtherWriter {
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens a connection of its own to the test app's database, past the service and its write hook. */
export function otherWriter(app: TestApp): Promise<OtherWriter> {
  return otherWriterOn(app.config.database);
}

/** The same for a database the test reaches by its URL alone (a service started as a process of its own). */
export function otherWriterOnUrl(url: string): Promise<OtherWriter> {
  return otherWriterOn(loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }).database);
}

async function otherWriterOn(database: AppConfig['database']): Promise<OtherWriter> {
  if (database.type === 'mysql') {
    const connection = await mysql.createConnection(database.url);
    return {
      run: async (sql, params = []) => void (await connection.query(sql, params)),
      close: () => connection.end(),
    };
  }
  if (database.type === 'postgres') {
    // The tests' SQL is MySQL's (`?`, backticks), translated as the service translates its own.
    const client = new pg.Client({ connectionString: database.url, options: '-c TimeZone=UTC' });
    await client.connect();
    return {
      run: async (sql, params = []) => void (await client.query(toPostgresSql(sql), params.map(toPostgresParam))),
      close: () => client.end(),
    };
  }
  const connection = new Database(database.path);
  connection.pragma('busy_timeout = 5000');
  return {
    run: async (sql, params = []) => void connection.prepare(sql).run(...(params as never[])),
    close: async () => void connection.close(),
  };
}
