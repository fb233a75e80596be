import type { SqlRunner } from './read-routing.js';

/**
 * Looking up many things by name in one statement, with the database's own comparison
 * (the dialect's case-insensitive comparison: MySQL's collation, NOCASE on SQLite, LOWER() on PostgreSQL), and telling which row each
 * requested key matched. Used where Bugzilla looks objects up one by one by name
 * (`Object->check`): one statement per chunk of keys instead of one per key.
 */

export interface MatchCondition {
  sql: string;
  params: unknown[];
}

export interface MatchQuery {
  /** Selected columns, e.g. `p.id, p.name`. */
  columns: string;
  /** FROM clause, e.g. `products p`. */
  from: string;
  /** Further condition every row must meet (e.g. visibility). */
  where?: MatchCondition;
}

/** Keys per statement: well below SQLite's bounds on placeholders and result columns. */
const CHUNK = 300;

/**
 * For each key, the rows of `query` for which `condition(key)` holds (empty when none).
 * The condition is written by the caller with the dialect's `textEquals` where names are compared.
 */
export async function matchEach<K>(
  em: SqlRunner,
  query: MatchQuery,
  keys: readonly K[],
  condition: (key: K) => MatchCondition,
): Promise<Map<K, Record<string, unknown>[]>> {
  const result = new Map<K, Record<string, unknown>[]>();
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const conditions = chunk.map(condition);
    // Column mN is 1 on the rows key N matches.
    const flags = conditions.map((c, i) => `CASE WHEN ${c.sql} THEN 1 ELSE 0 END AS m${i}`).join(', ');
    const anyOf = conditions.map((c) => `(${c.sql})`).join(' OR ');
    const where = query.where ? `(${query.where.sql}) AND ` : '';
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT ${query.columns}, ${flags} FROM ${query.from} WHERE ${where}(${anyOf})`,
      [...conditions.flatMap((c) => c.params), ...(query.where?.params ?? []), ...conditions.flatMap((c) => c.params)],
    );
    chunk.forEach((key, i) => {
      result.set(
        key,
        rows.filter((row) => Number(row[`m${i}`]) === 1),
      );
    });
  }
  return result;
}

/** Of the rows a name matched, the one spelled exactly like it, else the first. */
export function preferExact(
  rows: Record<string, unknown>[] | undefined,
  name: string,
  column = 'name',
): Record<string, unknown> | undefined {
  return rows?.find((row) => row[column] === name) ?? rows?.[0];
}
