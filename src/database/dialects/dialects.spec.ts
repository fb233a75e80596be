import { describe, expect, it } from 'vitest';
import { dialectOf, isConnectionError, isDuplicateKeyError, isLockConflictError } from '../dialect.js';
import { mysqlDialect } from './mysql.js';
import { postgresDialect } from './postgres.js';
import { sqliteDialect } from './sqlite.js';

const source = (type: string) => ({ options: { type } }) as never;

describe('dialectOf', () => {
  it('chooses one dialect per driver, for a data source or an entity manager', () => {
    expect(dialectOf(source('mysql'))).toBe(mysqlDialect);
    expect(dialectOf(source('mariadb'))).toBe(mysqlDialect);
    expect(dialectOf(source('postgres'))).toBe(postgresDialect);
    expect(dialectOf(source('better-sqlite3'))).toBe(sqliteDialect);
    expect(dialectOf({ dataSource: source('postgres') } as never)).toBe(postgresDialect);
    expect(() => dialectOf(source('oracle'))).toThrow(/Unsupported database type 'oracle'/);
  });
});

describe('SQL fragments', () => {
  it('compare names regardless of letter case, each as its database can', () => {
    expect(mysqlDialect.textEquals('p.name')).toBe('p.name = ?');
    expect(sqliteDialect.textEquals('p.name')).toBe('p.name = ? COLLATE NOCASE');
    expect(postgresDialect.textEquals('p.name')).toBe('LOWER(p.name) = LOWER(?)');
    expect(postgresDialect.textIn('name', 2)).toBe('LOWER(name) IN (LOWER(?), LOWER(?))');
    expect(postgresDialect.textOrder('g.name')).toBe('LOWER(g.name) COLLATE "C"');
  });

  it("tell a product's values apart as the database's own comparison does (letter case counts on PostgreSQL only)", () => {
    expect([mysqlDialect, sqliteDialect, postgresDialect].map((d) => d.sameValue('M1', 'm1'))).toEqual([
      true,
      true,
      false,
    ]);
    expect([mysqlDialect, sqliteDialect, postgresDialect].map((d) => d.sameValue('M1', 'M1'))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('write an upsert on a unique key', () => {
    const insert = 'INSERT INTO t (a, b, c) VALUES (?, ?, ?)';
    expect(mysqlDialect.upsert(insert, ['a', 'b'], ['c'])).toBe(`${insert} ON DUPLICATE KEY UPDATE c = VALUES(c)`);
    expect(postgresDialect.upsert(insert, ['a', 'b'], ['c'])).toBe(
      `${insert} ON CONFLICT (a, b) DO UPDATE SET c = excluded.c`,
    );
  });

  it('give the current UTC time and intervals in whole seconds, refusing amounts that are not whole', () => {
    expect(mysqlDialect.agoUtc(10, 'day')).toBe('(UTC_TIMESTAMP() - INTERVAL 10 DAY)');
    expect(postgresDialect.agoUtc(5, 'minute')).toBe(
      "(date_trunc('second', statement_timestamp() AT TIME ZONE 'UTC') - INTERVAL '5 minutes')",
    );
    expect(() => postgresDialect.agoUtc(1.5, 'day')).toThrow(/non-negative integer/);
  });

  it('read the id of an inserted row as each driver reports it', () => {
    expect(mysqlDialect.insertedId({ insertId: 7 })).toBe(7);
    expect(sqliteDialect.insertedId(8)).toBe(8);
    expect(postgresDialect.returning('userid')).toBe(' RETURNING userid');
    expect(postgresDialect.insertedId([{ userid: 9 }])).toBe(9);
    expect(() => postgresDialect.insertedId([])).toThrow(/RETURNING/);
    expect(postgresDialect.followExplicitIds('bugs', 'bug_id')).toContain("pg_get_serial_sequence('bugs', 'bug_id')");
    expect(mysqlDialect.followExplicitIds('bugs', 'bug_id')).toBeUndefined();
  });

  it("number the history's rows of one second in an order the database keeps", () => {
    expect(sqliteDialect.historyTrail('TRUE', '3.45')).toContain('ORDER BY a.at_time, a.rowid');
    expect(mysqlDialect.historyTrail('TRUE', '10.11.9-MariaDB')).toContain('ROWNUM()');
    expect(mysqlDialect.historyTrail('TRUE', '8.0.36')).toContain('ROW_NUMBER() OVER ()');
    expect(postgresDialect.historyTrail('TRUE', 'PostgreSQL 15.19')).toContain('age(a.xmin) DESC');
    expect(postgresDialect.orderedMultiRowInsert).toBe(false);
  });
});

describe('error classification', () => {
  it("knows each driver's duplicate key, lost connection and lock conflict, wrapped or not", () => {
    expect(isDuplicateKeyError({ driverError: { code: '23505', severity: 'ERROR' } })).toBe(true);
    expect(isDuplicateKeyError({ code: 'ER_DUP_ENTRY' })).toBe(true);
    expect(isDuplicateKeyError({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isConnectionError({ code: '57P01' })).toBe(true);
    expect(isConnectionError({ code: '08006' })).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError({ code: '23505' })).toBe(false);
    expect(isLockConflictError({ code: '40P01' })).toBe(true);
    expect(isLockConflictError({ errno: 1213 })).toBe(true);
  });
});
