// The change stream (issue 40, SPEC §15): `npm run bench -- --change-stream [--products 10000]
// [--components-per-product 50] [--modes poll,binlog] [--duration 20] [--tries 20] [--write-every 500]
// [--connections 10] [--regenerate]`.
//
// Its own MariaDB with the binary log on (bench/binlog-server.mjs, on a free port, never the one on 3306),
// whose data directory is kept under bench/results/binlog-datadir-<products>x<components> with the data
// bench/generate-data.mjs loaded into it (minutes at 500,000 components: made once, reused until
// --regenerate; the load's own binary log is dropped afterwards). Then, for each mode, the built service
// started on it as `bzapp` with DB_CHANGE_STREAM=<mode>, and measured:
// a. quiet: --duration seconds of autocannon reads of one product (`Bench Big`) at --connections: req/s,
//    p99 and max latency, mariadbd's CPU seconds, and what the database ran meanwhile (Questions,
//    Com_select: the cost of learning of changes while nothing changes);
// b. under writes: the same reads while another connection (root, plain SQL) changes the description of
//    one of that product's components every --write-every ms: req/s, p99, max, CPU; ratios to quiet;
// c. change to served: --tries times, a component description committed by SQL, then GETs of the product
//    (its components included) back to back until one shows it: ms from the commit to that answer.
// Issue 40's targets: (b) req/s ≥ 0.8 × quiet, mariadbd CPU ≤ 3 × quiet; (c) ≤ 100 ms; (a) no database
// work while nothing changes. Results: printed, and bench/results/change-stream.{md,json}.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { BinlogMariaDb } from './binlog-server.mjs';
import { freePort, generateBenchData, runCommand, serviceTicks, waitForHealth } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');
const DATABASE = 'bzp_bench_stream';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bigger than the test servers' 32 MiB: the whole catalogue (about 200 MiB of InnoDB pages at 10,000
 * products) stays in memory, so a poll's scans cost CPU, not disk reads, as on a server that serves it
 * every day; the redo log is big enough for the one-transaction load.
 */
const SERVER_OPTIONS = ['--innodb-buffer-pool-size=512M', '--innodb-log-file-size=256M'];
const COUNTERS = ['Questions', 'Com_select'];
export const TARGETS = { readRatio: 0.8, cpuRatio: 3, delayMs: 100 };

/** The options of --change-stream and --pg-change-stream (`ownFlag`: the one that chose the script). */
export function parseStreamArgs(argv, ownFlag) {
  const options = {
    products: 10_000,
    components: 50,
    modes: ['poll', 'binlog'],
    duration: 20,
    tries: 20,
    writeEvery: 500,
    connections: 10,
    regenerate: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === ownFlag) continue;
    else if (flag === '--products') options.products = Number(value());
    else if (flag === '--components-per-product') options.components = Number(value());
    else if (flag === '--modes') options.modes = value().split(',');
    else if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--tries') options.tries = Number(value());
    else if (flag === '--write-every') options.writeEvery = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--regenerate') options.regenerate = true;
    else throw new Error(`unknown option '${argv[i]}'`);
  }
  for (const mode of options.modes) {
    if (!['auto', 'binlog', 'poll'].includes(mode)) throw new Error(`--modes: '${mode}' is not auto, binlog or poll`);
  }
  return options;
}

// --- the database -----------------------------------------------------------------------------------
/** The server on its kept folder, with the bench data in it (loaded now if the folder has none). */
async function serverWithData(options) {
  const dir = join(RESULTS, `binlog-datadir-${options.products}x${options.components}`);
  if (options.regenerate) rmSync(dir, { recursive: true, force: true });
  const fixtureFile = join(dir, 'fixture.json');
  const started = performance.now();
  const server = await BinlogMariaDb.start({ dir, options: SERVER_OPTIONS });
  console.log(`binlog MariaDB on port ${server.port} (${dir}), up in ${fmt(performance.now() - started)} ms`);
  try {
    if (!existsSync(fixtureFile)) {
      console.log(`loading ${options.products} products × ${options.components} components into ${DATABASE} ...`);
      await generateBenchData({
        products: options.products,
        components: options.components,
        databaseUrl: server.rootUrl(DATABASE),
        fixtureFile,
      });
      // The load is one transaction of every row: no reader needs it from the log, and it is most of the folder.
      await server.sqlAsRoot(['RESET MASTER']);
    }
    return { server, fixture: JSON.parse(readFileSync(fixtureFile, 'utf8')) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}


// --- the service ------------------------------------------------------------------------------------
export async function startService(databaseUrl, mode) {
  mkdirSync(RESULTS, { recursive: true });
  const port = await freePort();
  const name = `change-stream-${mode}`;
  // The child writes its log file itself: relayed through this process, it would cost the load generator CPU.
  const log = openSync(join(RESULTS, `${name}.log`), 'w');
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DB_CHANGE_STREAM: mode,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child, name);
  return { child, base, name };
}

/** What the service says of how it learns of changes: its metrics' lines that name the stream, and /health. */
export async function streamReport(base) {
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const health = await fetch(`${base}/health`).then((r) => r.text());
  const lines = metrics.split('\n').filter((line) => /stream|binlog/i.test(line) && !line.startsWith('#'));
  return {
    // A gauge set to 1 for the mode in use (`...{mode="binlog"} 1`), if the service exposes one.
    mode: lines.map((line) => /mode="(\w+)"\}\s+1(\.0)?$/.exec(line)?.[1]).find(Boolean) ?? null,
    metrics: lines,
    health: health.length > 2000 ? `${health.slice(0, 2000)}…` : health,
  };
}

// --- measurements -----------------------------------------------------------------------------------
/** `during(ms)` runs while reads load the service; the window's req/s, latency, CPU and database counters. */
export async function loadWindow(service, server, headers, options, during = () => async () => ({})) {
  const before = {
    counters: await server.counters(COUNTERS),
    db: server.cpuSeconds(),
    svc: serviceTicks(service.child.pid),
  };
  const t0 = performance.now();
  const stopDuring = during();
  const result = await autocannon({
    url: `${service.base}/rest/product?names=${encodeURIComponent('Bench Big')}`,
    connections: options.connections,
    duration: options.duration,
    headers,
  });
  const side = await stopDuring();
  const seconds = (performance.now() - t0) / 1000;
  const after = {
    counters: await server.counters(COUNTERS),
    db: server.cpuSeconds(),
    svc: serviceTicks(service.child.pid),
  };
  return {
    seconds,
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.non2xx,
    dbCpuSeconds: after.db - before.db,
    serviceCpuSeconds: (after.svc - before.svc) / 100,
    // The second SHOW GLOBAL STATUS counts itself in Questions.
    questions: after.counters.Questions - before.counters.Questions - 1,
    comSelect: after.counters.Com_select - before.counters.Com_select,
    ...side,
  };
}

/** Another writer: changes `componentId`'s description every `every` ms until the returned stop is called. */
export function describeEvery(writer, componentId, every) {
  return () => {
    let stopped = false;
    let writes = 0;
    const loop = (async () => {
      for (let next = performance.now(); !stopped; next += every) {
        await sleep(Math.max(0, next - performance.now()));
        if (stopped) break;
        await writer.query('UPDATE components SET description = ? WHERE id = ?', [
          `under load ${Date.now()} ${writes}`,
          componentId,
        ]);
        writes++;
      }
    })();
    return async () => {
      stopped = true;
      await loop;
      return { writes };
    };
  };
}

/**
 * What the other writer's statements cost mariadbd by themselves (no service reading the log or polling):
 * the part of the "under writes" CPU that no way of learning of changes can save.
 */
async function writesWithoutService(server, options) {
  const writer = await mysql.createConnection(server.rootUrl(DATABASE));
  try {
    const [[component]] = await writer.query('SELECT id FROM components WHERE product_id = 1 ORDER BY id LIMIT 1');
    const before = { counters: await server.counters(COUNTERS), db: server.cpuSeconds() };
    const t0 = performance.now();
    const stop = describeEvery(writer, component.id, options.writeEvery)();
    await sleep(options.duration * 1000);
    const { writes } = await stop();
    const after = { counters: await server.counters(COUNTERS), db: server.cpuSeconds() };
    return {
      seconds: (performance.now() - t0) / 1000,
      writes,
      dbCpuSeconds: after.db - before.db,
      questions: after.counters.Questions - before.counters.Questions - 1,
    };
  } finally {
    await writer.end();
  }
}

/** Milliseconds from each committed change of `componentId`'s description to the first answer that shows it. */
export async function changeToServed(service, writer, componentId, headers, tries) {
  const path = `${service.base}/rest/product/1?include_fields=components.id,components.description`;
  const shows = async (mark) => {
    const response = await fetch(path, { headers });
    // A failed answer (a 503 while the database is busy) is "not yet".
    if (!response.ok) return false;
    const body = await response.json();
    return body.products[0].components.some((c) => c.id === componentId && c.description === mark);
  };
  const delays = [];
  for (let i = 0; i < tries; i++) {
    // A random pause, so that the commits do not fall at one phase of a periodic check.
    await sleep(200 + Math.random() * 500);
    const mark = `served ${Date.now()} ${i}`;
    await writer.query('UPDATE components SET description = ? WHERE id = ?', [mark, componentId]);
    const committed = performance.now();
    let delay = null;
    while (performance.now() - committed < 30_000) {
      if (await shows(mark)) {
        delay = performance.now() - committed;
        break;
      }
    }
    delays.push(delay);
  }
  const seen = delays.filter((d) => d !== null).sort((a, b) => a - b);
  return {
    delaysMs: delays,
    medianMs: seen.length ? seen[Math.floor((seen.length - 1) / 2)] : null,
    maxMs: seen.length === delays.length && seen.length ? seen[seen.length - 1] : null,
    missed: delays.length - seen.length,
  };
}

async function measureMode(mode, server, fixture, options) {
  const headers = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
  const load = [loadavg()[0]];
  const started = performance.now();
  const service = await startService(server.url(DATABASE), mode);
  const writer = await mysql.createConnection(server.rootUrl(DATABASE));
  try {
    const healthMs = performance.now() - started;
    const [[component]] = await writer.query('SELECT id FROM components WHERE product_id = 1 ORDER BY id LIMIT 1');
    // Until the model has the catalogue and answers the product, then a short warm-up of the read.
    for (;;) {
      const response = await fetch(`${service.base}/rest/product?names=${encodeURIComponent('Bench Big')}`, {
        headers,
      });
      await response.arrayBuffer();
      if (response.ok) break;
      await sleep(50);
    }
    const readyMs = performance.now() - started;
    await autocannon({
      url: `${service.base}/rest/product?names=Bench%20Big`,
      connections: options.connections,
      duration: 2,
      headers,
    });
    await sleep(2000);
    const stream = await streamReport(service.base);
    console.log(`[${mode}] ready in ${fmt(readyMs)} ms; quiet reads for ${options.duration} s ...`);
    const quiet = await loadWindow(service, server, headers, options);
    load.push(loadavg()[0]);
    console.log(`[${mode}] reads under a write every ${options.writeEvery} ms ...`);
    const writes = await loadWindow(
      service,
      server,
      headers,
      options,
      describeEvery(writer, component.id, options.writeEvery),
    );
    load.push(loadavg()[0]);
    console.log(`[${mode}] change to served, ${options.tries} tries ...`);
    const served = await changeToServed(service, writer, component.id, headers, options.tries);
    load.push(loadavg()[0]);
    return {
      mode,
      healthMs,
      readyMs,
      stream,
      quiet,
      writes,
      readRatio: writes.reqPerSec / quiet.reqPerSec,
      cpuRatio: quiet.dbCpuSeconds > 0 ? writes.dbCpuSeconds / quiet.dbCpuSeconds : null,
      served,
      loadavg: load,
    };
  } finally {
    await writer.end();
    await stopProcess(service.child);
  }
}

// --- report -----------------------------------------------------------------------------------------
export const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '–'
    : Number(n).toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const mark = (ok) => (ok === null ? '' : ok ? ' ✓' : ' ✗');

function markdown(rows) {
  const lines = [
    '| mode (the service says) | quiet: req/s, p99 / max ms | quiet: DB CPU s, Questions (Com_select) in the window | under writes: req/s, p99 / max ms (writes) | under writes: DB CPU s, Questions | req/s ratio (≥ 0.8) | DB CPU ratio (≤ 3×) | change to served: median / max ms (≤ 100) | load avg |',
    '|---|---|---|---|---|---:|---:|---|---|',
  ];
  for (const r of rows) {
    const q = r.quiet;
    const w = r.writes;
    lines.push(
      `| ${r.mode} (${r.stream.mode ?? '–'}) | ${fmt(q.reqPerSec)}, ${fmt(q.p99Ms)} / ${fmt(q.maxMs)} | ${fmt(q.dbCpuSeconds, 2)} s, ${fmt(q.questions)} (${fmt(q.comSelect)}) in ${fmt(q.seconds, 1)} s | ` +
        `${fmt(w.reqPerSec)}, ${fmt(w.p99Ms)} / ${fmt(w.maxMs)} (${w.writes}) | ${fmt(w.dbCpuSeconds, 2)} s, ${fmt(w.questions)} | ` +
        `${fmt(r.readRatio, 2)}${mark(r.readRatio >= TARGETS.readRatio)} | ${fmt(r.cpuRatio, 1)}×${mark(r.cpuRatio === null ? null : r.cpuRatio <= TARGETS.cpuRatio)} | ` +
        `${fmt(r.served.medianMs)} / ${r.served.missed ? `${r.served.missed} not seen in 30 s` : fmt(r.served.maxMs)}${mark(r.served.maxMs !== null && r.served.maxMs <= TARGETS.delayMs)} | ` +
        `${r.loadavg.map((l) => fmt(l, 1)).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

export async function changeStream(argv) {
  const options = parseStreamArgs(argv, '--change-stream');
  if (!existsSync(join(root, 'dist', 'src', 'main.js'))) await runCommand('npm', ['run', 'build']);
  const { server, fixture } = await serverWithData(options);
  const rows = [];
  let writesAlone;
  try {
    console.log(`\nthe writes alone (no service) for ${options.duration} s ...`);
    writesAlone = await writesWithoutService(server, options);
    for (const mode of options.modes) {
      console.log(
        `\n== DB_CHANGE_STREAM=${mode}, ${fmt(options.products)} products × ${options.components} components ==`,
      );
      const row = await measureMode(mode, server, fixture, options);
      console.log(JSON.stringify(row, null, 2));
      rows.push(row);
    }
  } finally {
    await server.stop();
  }
  const table = markdown(rows);
  const heading =
    `Run ${new Date().toISOString()}: ${fmt(options.products)} products × ${options.components} components, ` +
    `${options.connections} connections, ${options.duration} s windows, a write every ${options.writeEvery} ms, ${options.tries} tries. ` +
    `The writes alone, no service running: mariadbd ${fmt(writesAlone.dbCpuSeconds, 2)} CPU s, ` +
    `${fmt(writesAlone.questions)} Questions (${writesAlone.writes} writes) in ${fmt(writesAlone.seconds, 1)} s.`;
  console.log(`\n${heading}\n\n${table}`);
  writeFileSync(join(RESULTS, 'change-stream.md'), `${heading}\n\n${table}\n`);
  writeFileSync(join(RESULTS, 'change-stream.json'), `${JSON.stringify({ options, writesAlone, rows }, null, 2)}\n`);
  console.log('\nWritten: bench/results/change-stream.md and change-stream.json');
  return 0;
}
