import { createHash } from 'node:crypto';
import { statusForCode } from '../../src/bugzilla/bugzilla-error.js';
import type { ApiResponse, TestApp } from './test-app.js';
import { STATE_CHANGE_MS } from './wait.js';

/**
 * Shared checks of the reliability and security suites (fuzzing, visibility,
 * concurrency, database faults, shutdown): what a well-formed answer is, and
 * what the stored state looks like.
 */

import { DOC, envelope } from './envelope.js';

export { DOC };

export const DB_UNAVAILABLE = envelope(-32000, 'The database is not available at the moment. Please try again later.');

/** Tables a product or last-visit write may touch: a rejected write must leave all of them as they were. */
export const WRITE_TABLES = [
  'products',
  'components',
  'versions',
  'milestones',
  'series',
  'series_categories',
  'category_group_map',
  'audit_log',
  'groups',
  'group_control_map',
  'bug_user_last_visit',
] as const;

export type TableSnapshot = Record<string, { count: number; checksum: string }>;

/** Row count and a checksum of every row of each table (order-independent, dialect-independent). */
export async function snapshotTables(app: TestApp, tables: readonly string[] = WRITE_TABLES): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = {};
  if (app.dialect === 'mysql') {
    // One statement for all tables (the server checksums every row).
    const sums: { Table: string; Checksum: number | string | null }[] = await app.rows(
      `CHECKSUM TABLE ${tables.map((t) => `\`${t}\``).join(', ')}`,
    );
    const counts: Record<string, number | string>[] = await app.rows(
      `SELECT ${tables.map((t) => `(SELECT COUNT(*) FROM \`${t}\`) AS \`${t}\``).join(', ')}`,
    );
    for (const [i, table] of tables.entries()) {
      snapshot[table] = { count: Number(counts[0][table]), checksum: String(sums[i].Checksum) };
    }
    return snapshot;
  }
  for (const table of tables) {
    const rows: Record<string, unknown>[] = await app.rows(`SELECT * FROM \`${table}\``);
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((k) => normalise(row[k])),
        ),
      )
      .sort();
    snapshot[table] = { count: rows.length, checksum: createHash('sha1').update(lines.join('\n')).digest('hex') };
  }
  return snapshot;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Why `body` is not Bugzilla's error envelope with the status SPEC §2 gives its code, or undefined when it is. */
export function envelopeProblem(res: Pick<ApiResponse, 'status' | 'body'>): string | undefined {
  const body = res.body as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `not a JSON object: ${String(body)}`;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,documentation,error,message') return `keys are ${keys}`;
  if (body.error !== true) return 'error is not true';
  if (!Number.isInteger(body.code)) return 'code is not an integer';
  if (typeof body.message !== 'string' || body.message.trim() === '') return 'message is not a sentence';
  if (body.documentation !== DOC) return `documentation is ${String(body.documentation)}`;
  const code = body.code as number;
  const expected = code === -32000 ? [500, 503] : code === 32000 ? [400, 413, 414] : [statusForCode(code)];
  if (!expected.includes(res.status)) return `status ${res.status} for code ${code}`;
  return undefined;
}

/**
 * Text that must never reach a client: stack frames, file paths, SQL, driver and
 * framework names. `echoed` are strings the request itself carried (an error may
 * quote the caller's input); they are removed from the message before looking.
 */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat .+\(.*:\d+:\d+\)|\bat (?:async )?[\w.<>]+ \(/],
  ['file path', /(?:\/[\w.-]+){2,}\.(?:[cm]?js|ts)\b|node_modules|\/work\/|file:\/\//],
  [
    'SQL',
    /\b(?:SELECT\s+[\w*`.,\s]+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WHERE\s+\w+\s*=|syntax error|SQL syntax)\b/i,
  ],
  ['driver', /\bER_[A-Z_]+\b|\bSQLITE_[A-Z_]+\b|\bmysql2?\b|sqlite3?|\bInnoDB\b|\bMariaDB\b/i],
  [
    'internal name',
    /QueryFailedError|TypeORM|EntityManager|DataSource|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read prop|is not a function|\bundefined\b|\[object Object\]|\bNaN\b|FST_[A-Z_]+|Nest\w*|Fastify|ECONN\w+|\bnull\b/,
  ],
  [
    'table name',
    /\b(?:bug_user_last_visit|group_control_map|user_group_map|series_categories|audit_log|flaginclusions|logincookies|user_api_keys|cryptpassword)\b/,
  ],
];

export function leakIn(message: string, echoed: Iterable<string> = []): string | undefined {
  let text = message;
  const pieces = [...new Set([...echoed].filter((piece) => piece.length > 0))].sort((a, b) => b.length - a.length);
  for (const piece of pieces) text = text.split(piece).join(' ');
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(text);
    if (match) return `${what}: '${match[0]}' in '${message.slice(0, 300)}'`;
  }
  return undefined;
}

/** Every string a request carries (path segments, query keys and values, body keys and values, raw text), for `leakIn`. */
export function requestStrings(...parts: unknown[]): string[] {
  const out: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 50 || value === undefined) return;
    if (typeof value === 'string') {
      out.push(value, value.trim(), value.toLowerCase());
      try {
        out.push(decodeURIComponent(value));
      } catch {
        // not URI-encoded
      }
      for (const piece of value.split(/[/?&=,]/)) {
        out.push(piece);
        try {
          out.push(decodeURIComponent(piece));
        } catch {
          // not URI-encoded
        }
      }
      return;
    }
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      out.push(String(value), JSON.stringify(value));
      return;
    }
    if (Array.isArray(value)) {
      out.push(JSON.stringify(value));
      value.forEach((item) => visit(item, depth + 1));
      return;
    }
    if (typeof value === 'object') {
      out.push(JSON.stringify(value));
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        visit(key, depth + 1);
        visit(item, depth + 1);
      }
    }
  };
  parts.forEach((part) => visit(part, 0));
  return out;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /health until it answers 200 (the service recovered by itself), or fails after `limitMs`. */
export async function waitForHealth(app: TestApp, limitMs = STATE_CHANGE_MS): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await app.get('/health');
    if (res.status === 200) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`/health still ${res.status} after ${limitMs} ms`);
    await sleep(100);
  }
}

/** Request options carrying an API key in the header. */
export function withKey(key: string | undefined, extra: { query?: Record<string, any>; body?: unknown } = {}) {
  return key ? { ...extra, headers: { 'x-bugzilla-api-key': key } } : extra;
}
