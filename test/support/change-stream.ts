import { randomBytes } from 'node:crypto';
import type { BinlogMariaDb } from './binlog-mariadb.js';
import { expect, vi } from 'vitest';
import type { TestApp, TestDatabase } from './test-app.js';

/** A database of its own on a binary-log server, made as the suite makes its others (Bugzilla's collation). */
export async function streamDatabase(server: BinlogMariaDb): Promise<TestDatabase> {
  const name = `bzp_stream_${process.pid}_${randomBytes(4).toString('hex')}`;
  await server.sqlAsRoot([`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`]);
  return {
    url: server.url(name),
    drop: async () => void (await server.sqlAsRoot([`DROP DATABASE IF EXISTS \`${name}\``]).catch(() => undefined)),
  };
}

/** The model's change-stream series in /metrics (SPEC §15): what it follows, and what told it of changes. */
export interface ModelSeries {
  /** The log in its database's terms (`binlog`, `logical_decoding`) or `poll`. */
  mode: 'binlog' | 'logical_decoding' | 'poll' | undefined;
  streamTransactions: number;
  pollReadings: number;
  positionReadings: number;
  heartbeatReadings: number;
  /** Keyed reloads, by table. */
  keyed: Record<string, number>;
  /** Reloads of any kind (whole or keyed), by table: the count of bugzilla_cache_reload_seconds. */
  reloads: Record<string, number>;
}

export async function modelSeries(app: TestApp): Promise<ModelSeries> {
  return parseModelSeries((await app.get('/metrics')).text);
}

export function parseModelSeries(text: string): ModelSeries {
  const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? 0);
  const byTable = (pattern: RegExp) =>
    Object.fromEntries([...text.matchAll(pattern)].map(([, table, count]) => [table, Number(count)]));
  return {
    mode: /^bugzilla_cache_change_stream\{cache="model",mode="(binlog|logical_decoding|poll)"\} 1$/m.exec(text)?.[1] as
      ModelSeries['mode'] | undefined,
    streamTransactions: value(/^bugzilla_cache_stream_transactions_total\{cache="model"\} (\d+)/m),
    pollReadings: value(/^bugzilla_cache_change_readings_total\{cache="model",source="poll"\} (\d+)/m),
    positionReadings: value(/^bugzilla_cache_change_readings_total\{cache="model",source="position"\} (\d+)/m),
    heartbeatReadings: value(/^bugzilla_cache_change_readings_total\{cache="model",source="heartbeat"\} (\d+)/m),
    keyed: byTable(/^bugzilla_cache_keyed_reloads_total\{cache="model",table="(\w+)"\} (\d+)/gm),
    reloads: byTable(/^bugzilla_cache_reload_seconds_count\{cache="model",table="(\w+)"\} (\d+)/gm),
  };
}

/**
 * While nothing changes, a model kept fresh by its change stream reads no table: requests come for three
 * bounds (`boundMs`), and the heartbeats (MariaDB) or keepalives (PostgreSQL) vouch for the model, at least
 * four times. On a busy machine one can arrive more than two periods late; the reading then asks the server
 * for the end of its log (`positionStatement`, no table) instead, as it should: no other statement, ever, and
 * never a poll of the tables.
 */
export async function expectFreshFromTheLogAlone(
  app: TestApp,
  boundMs: number,
  positionStatement: string,
): Promise<void> {
  await app.get('/rest/product_accessible');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = await modelSeries(app);
  const spy = vi.spyOn(app.ds.logger, 'logQuery');
  let statements: string[];
  try {
    const start = Date.now();
    let answered = 0;
    while (Date.now() < start + 3 * boundMs) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.get('/rest/product_accessible')));
      answered += answers.filter((answer) => answer.status === 200).length;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toBeGreaterThan(100);
    statements = spy.mock.calls.map((call) => String(call[0]));
  } finally {
    spy.mockRestore();
  }
  const after = await modelSeries(app);
  expect(after.heartbeatReadings - before.heartbeatReadings).toBeGreaterThanOrEqual(4);
  expect(statements.filter((sql) => sql !== positionStatement)).toEqual([]);
  expect([after.positionReadings - before.positionReadings, after.pollReadings]).toEqual([statements.length, 0]);
}
