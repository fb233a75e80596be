import pg from 'pg';
import { toPostgresParam, toPostgresSql } from './postgres-sql.js';

/**
 * How node-postgres is set up so that the service's SQL and its values read the same on
 * PostgreSQL as through mysql2 (data-source-options.ts hands these to TypeORM's pool):
 * - every statement is translated once, at the client (postgres-sql.ts): `?` → `$n`, backticks →
 *   double quotes, booleans and Dates as mysql2 sends them;
 * - values come back as mysql2 gives them (with `timezone: 'Z'`, `decimalNumbers`, and BIGINT as
 *   numbers): `bigint` (COUNT(*), SUM) and `numeric` as numbers, `boolean` (a comparison selected
 *   as a column) as 1/0, `timestamp without time zone` and `date` as UTC Dates;
 * - the session's TimeZone is UTC, so that the server's own clock functions and casts agree.
 */

const OID = { bool: 16, int8: 20, numeric: 1700, date: 1082, timestamp: 1114 } as const;

/** Per-pool type parsers (not pg's global ones: another pool in the process keeps its own). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    switch (oid) {
      case OID.bool:
        return (value) => (value === 't' ? 1 : 0);
      case OID.int8:
        // Numbers as mysql2 with supportBigNumbers gives them: strings only beyond 2^53.
        return (value) => (Number.isSafeInteger(Number(value)) ? Number(value) : value);
      case OID.numeric:
        return (value) => Number(value);
      case OID.timestamp:
        return (value) => utcDate(value);
      case OID.date:
        return (value) => utcDate(`${value} 00:00:00`);
      default:
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
    }
  },
};

/** `YYYY-MM-DD hh:mm:ss[.ffffff]` (a timestamp without time zone, stored as UTC) as a Date. */
function utcDate(value: string): Date | string {
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  // 'infinity' and years beyond JavaScript's range stay text.
  return Number.isNaN(date.getTime()) ? value : date;
}

type QueryConfig = string | { text: string; values?: unknown[] };

const READ = /^\s*(SELECT|WITH)\b/i;

/**
 * PostgreSQL text cannot hold NUL, and refuses a parameter that has one; MySQL compares it and finds
 * no row. In a read, such a value can equal no stored text, so it is sent with the NULs as U+FFFF
 * (a noncharacter no name holds) and the read finds nothing, as on MariaDB.
 */
function withoutNul(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uffff') : value;
}

/** pg's Client, speaking the service's SQL. */
class TranslatingClient extends pg.Client {
  // Overloads of pg's query (promise, callback, submittable): only the text and values change.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const read = typeof text === 'string' && READ.test(text);
    const translate = (list: unknown) =>
      Array.isArray(list) ? list.map((value) => toPostgresParam(read ? withoutNul(value) : value)) : list;
    let next = config as QueryConfig;
    if (typeof next === 'string') next = toPostgresSql(next);
    else if (next && typeof next === 'object' && typeof next.text === 'string') {
      next = { ...next, text: toPostgresSql(next.text), values: translate(next.values) as unknown[] | undefined };
    }
    const query = super.query as (...args: unknown[]) => never;
    return query.call(this, next, translate(values), callback);
  }
}

/** The pool options (TypeORM's `extra`) that make node-postgres speak as mysql2 does. */
export function postgresPoolOptions(): Record<string, unknown> {
  return {
    Client: TranslatingClient,
    types,
    options: '-c TimeZone=UTC',
  };
}
