import { randomBytes } from 'node:crypto';
import type { BinlogMariaDb } from './binlog-mariadb.js';
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
