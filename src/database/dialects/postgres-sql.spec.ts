import { describe, expect, it } from 'vitest';
import { toPostgresParam, toPostgresSql } from './postgres-sql.js';

describe('toPostgresSql', () => {
  it('numbers the placeholders in order', () => {
    expect(toPostgresSql('SELECT a FROM t WHERE b = ? AND c IN (?, ?)')).toBe(
      'SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)',
    );
  });

  it('turns backtick-quoted identifiers into double-quoted ones', () => {
    expect(toPostgresSql('SELECT user_id AS `key` FROM `groups` WHERE id = ?')).toBe(
      'SELECT user_id AS "key" FROM "groups" WHERE id = $1',
    );
  });

  it('leaves question marks and backticks inside literals, identifiers and comments alone', () => {
    expect(toPostgresSql(`SELECT 'what?', 'it''s ?', "col?" FROM t -- why?\nWHERE a = ? /* ? */`)).toBe(
      `SELECT 'what?', 'it''s ?', "col?" FROM t -- why?\nWHERE a = $1 /* ? */`,
    );
    expect(toPostgresSql("SELECT '`x`' , $$ ? $$, ?")).toBe("SELECT '`x`' , $$ ? $$, $1");
  });

  it('passes statements with numbered placeholders unchanged', () => {
    const sql = 'SELECT "p"."id" FROM "products" "p" WHERE "p"."id" = $1';
    expect(toPostgresSql(sql)).toBe(sql);
  });

  it('refuses an unterminated literal rather than guess', () => {
    expect(() => toPostgresSql("SELECT 'open ?")).toThrow(/Unterminated/);
  });
});

describe('toPostgresParam', () => {
  it('sends booleans as 1/0 and Dates as UTC wall-clock text', () => {
    expect(toPostgresParam(true)).toBe(1);
    expect(toPostgresParam(false)).toBe(0);
    expect(toPostgresParam(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02 03:04:05.678');
    expect(toPostgresParam('x')).toBe('x');
    expect(toPostgresParam(null)).toBe(null);
  });
});
