/**
 * The service's SQL is written once, for MySQL: `?` placeholders and backtick-quoted identifiers
 * (`groups`, `key`). PostgreSQL numbers its placeholders (`$1`) and quotes identifiers with double
 * quotes. Every statement handed to the pg driver passes through `toPostgresSql` (postgres-driver.ts):
 * one translation at the driver instead of a second copy of each query.
 *
 * Outside string literals, quoted identifiers, dollar-quoted strings and comments, each `?` becomes
 * the next `$n` and a backtick-quoted identifier a double-quoted one. A statement that already uses
 * `$n` placeholders (TypeORM's own) has no bare `?` and passes unchanged.
 */
export function toPostgresSql(sql: string): string {
  if (!sql.includes('?') && !sql.includes('`')) return sql;
  let out = '';
  let n = 0;
  let i = 0;
  const length = sql.length;
  while (i < length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      out += sql.slice(i, end);
      i = end;
    } else if (c === '`') {
      const end = sql.indexOf('`', i + 1);
      if (end < 0) throw new Error('Unterminated backtick-quoted identifier in SQL');
      out += `"${sql.slice(i + 1, end)}"`;
      i = end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end < 0 ? length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        const stop = end < 0 ? length : end + tag[0].length;
        out += sql.slice(i, stop);
        i = stop;
      } else {
        out += c;
        i++;
      }
    } else if (c === '?') {
      out += `$${++n}`;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index just past the literal or identifier opened by `quote` at `start` (a doubled quote is part of it). */
function closing(sql: string, start: number, quote: string): number {
  let i = start + 1;
  for (;;) {
    const next = sql.indexOf(quote, i);
    if (next < 0) throw new Error('Unterminated quoted text in SQL');
    if (sql[next + 1] === quote) {
      i = next + 2;
      continue;
    }
    return next + 1;
  }
}

/**
 * A parameter as the service means it, in the form PostgreSQL reads the same way: booleans as
 * 1/0 (Bugzilla's flags are smallint on Pg, as mysql2 sends them), Dates as UTC
 * `YYYY-MM-DD hh:mm:ss.mmm` (a `timestamp without time zone` would otherwise take the process's
 * local time).
 */
export function toPostgresParam(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  return value;
}
