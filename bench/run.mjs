#!/usr/bin/env node
// The benchmark: starts the built service and the bare baseline against the database that
// `npm run bench:data` filled, checks that both answer the same JSON, counts the SQL statements per
// request, then measures each scenario with autocannon at 1, 10 and 50 connections.
//
//   npm run bench -- [--duration 5] [--connections 1,10,50] [--only product_one,baseline_one]
//                    [--log-level info] [--no-count] [--no-verify] [--warmup 2] [--quiet-wait 0] [--rounds 1]
//                    [--scale] [--profile]
//
// --rounds N: each request is measured N times at each connection count, the service and the processes it is
// compared with (baseline, ceiling, Nest floor) one after the other within each round, `--duration` seconds
// each; a row gives the medians of its rounds, and a ratio (service / ceiling, p99 service / ceiling, ...) is
// the median of the N ratios of measurements taken back to back. On a machine whose speed drifts by tens of
// per cent within a minute (a shared virtual machine), one long measurement of each process compares
// different moments of the machine rather than the processes.
//
// --profile: the service runs under `node --cpu-prof`; its top self-time entries end the report.
// --scale: instead of the service-vs-baseline run, measures the service's scenarios (not the baseline)
// as one process, with WORKERS=2, and (when BENCH_REPLICA_URLS names replicas of DATABASE_URL) with
// DATABASE_REPLICA_URLS set: docs/operators.md, "Running at scale", figures in bench/README.md.
//
// --galera: two instances of the service on two nodes of a Galera cluster (BENCH_GALERA_URL: the cluster's
// multi-host DATABASE_URL holding the bench data; instance B lists the nodes from the second on), both
// loaded at once, against one instance on one node: docs/operators.md, "Running on Galera", figures in bench/README.md.
//
// --scale-curve: the service at 2,000 / 5,000 / 10,000 products (bench/scale-curve.mjs, its options there);
// with --compressed, its memory with compressed answers against COMPRESSION=false (issue 55).
//
// --change-stream: how the model learns of changes (DB_CHANGE_STREAM=poll|binlog) at 10,000 products, on a MariaDB
// with the binary log that the script starts itself (bench/change-stream.mjs, its options there).
//
// --front: the service as the front of a Bugzilla against itself alone, and a passed request against the
// stand-in Bugzilla's own time (bench/front.mjs, its options there).
//
// --compression: the service's answers plain, in gzip and in br: bytes against mod_deflate's, req/s
// (bench/compression.mjs, its options there).
//
// --tls: reads over HTTPS against plain HTTP, and new TLS handshakes per second beside another server's
// (bench/tls.mjs, its options there).
//
// --wan: python-bugzilla's whole catalogue, one product and show_bug.cgi in Chromium through the front and
// from a Perl Bugzilla behind Apache alone, over an emulated 20 Mbit/s, 40 ms link (bench/wan.mjs, its options there).
//
// --reload: reloads (upgrades in place) under a keep-alive load: SIGHUP to the new version, p99 before and
// during, failed requests (bench/reload.mjs, its options there).
//
// --soak: an hour through the front with a site's mix and a reload every ten minutes: failed requests,
// memory (bench/soak.mjs, its options there).
//
// --quiet-wait S: before each measurement, wait up to S seconds for the rest of the machine (other
// sessions' builds and tests) to use less than a fifth of a core. The "other CPU %" column shows how
// much of the machine went elsewhere during each measurement either way.
//
// Environment: DATABASE_URL (default: the one in bench/results/fixture.json), BENCH_PORT (3187; the
// baseline uses BENCH_PORT+1, the query counter BENCH_PORT+2, the ceiling BENCH_PORT+3, the Nest floor BENCH_PORT+4).
// Results: bench/results/latest.{json,md}.
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { placeTable, profileTable } from './profile-summary.mjs';
import { processTicks, waitForHealth, workerPids } from './processes.mjs';
import { stopProcess as stop } from './stop-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');

function parseArgs(argv) {
  // The service as it runs by default (LOG_LEVEL=info: an access line per request; metrics on), which is
  // what issue 23's ceiling ratios are defined on; `--log-level warn` prices the access log.
  const options = {
    duration: 5,
    connections: [1, 10, 50],
    only: null,
    logLevel: 'info',
    count: true,
    verify: true,
    warmup: 2,
    quietWait: 0,
    rounds: 1,
    scale: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--warmup') options.warmup = Number(value());
    else if (flag === '--connections') options.connections = value().split(',').map(Number);
    else if (flag === '--only') options.only = value().split(',');
    else if (flag === '--log-level') options.logLevel = value();
    else if (flag === '--quiet-wait') options.quietWait = Number(value());
    else if (flag === '--rounds') options.rounds = Math.max(1, Number(value()));
    else if (flag === '--no-count') options.count = false;
    else if (flag === '--no-verify') options.verify = false;
    else if (flag === '--scale') options.scale = true;
    else if (flag === '--profile') options.profile = true;
    else if (flag === '--galera') options.galera = true;
    else {
      console.error(`bench: unknown option '${argv[i]}'`);
      process.exit(2);
    }
  }
  return options;
}

// --reload: SIGHUP under load, from SIGHUP to the new version serving and the latency around it (SPEC §17;
// bench/reload.mjs, its options there).
if (process.argv.includes('--reload')) {
  const { reload } = await import('./reload.mjs');
  process.exit(await reload(process.argv.slice(2)));
}

// --soak: the front over a long run with a reload every few minutes: failed requests, memory (SPEC §13, §17;
// bench/soak.mjs, its options there).
if (process.argv.includes('--soak')) {
  const { soak } = await import('./soak.mjs');
  process.exit(await soak(process.argv.slice(2)));
}

// --tls: HTTPS keep-alive reads against plain HTTP ones, and new handshakes per second (SPEC §18; bench/tls.mjs).
if (process.argv.includes('--tls')) {
  const { tls } = await import('./tls.mjs');
  process.exit(await tls(process.argv.slice(2)));
}

// --compression: compressed answers against plain ones, bytes and cost (SPEC §18; bench/compression.mjs).
if (process.argv.includes('--compression')) {
  const { compression } = await import('./compression.mjs');
  process.exit(await compression(process.argv.slice(2)));
}

// --wan: the front against a Perl Bugzilla behind Apache over an emulated 20 Mbit/s, 40 ms link (SPEC §18;
// bench/wan.mjs, its options there and how to stand the Perl Bugzilla up).
if (process.argv.includes('--wan')) {
  const { wan } = await import('./wan.mjs');
  process.exit(await wan(process.argv.slice(2)));
}

// --front: the price of being the front of a Bugzilla (SPEC §13; bench/front.mjs, its options there).
if (process.argv.includes('--front')) {
  const { front } = await import('./front.mjs');
  process.exit(await front(process.argv.slice(2)));
}

// --change-stream: its own MariaDB, data and measurements (bench/change-stream.mjs).
if (process.argv.includes('--change-stream')) {
  const { changeStream } = await import('./change-stream.mjs');
  process.exit(await changeStream(process.argv.slice(2)));
}

// --pg-change-stream: the same on a PostgreSQL server of its own (bench/pg-change-stream.mjs).
if (process.argv.includes('--pg-change-stream')) {
  const { pgChangeStream } = await import('./pg-change-stream.mjs');
  process.exit(await pgChangeStream(process.argv.slice(2)));
}

// --scale-curve: its own data and measurements (bench/scale-curve.mjs).
if (process.argv.includes('--scale-curve')) {
  const { scaleCurve } = await import('./scale-curve.mjs');
  process.exit(await scaleCurve(process.argv.slice(2)));
}

const options = parseArgs(process.argv.slice(2));
const fixturePath = join(RESULTS, 'fixture.json');
if (!existsSync(fixturePath)) {
  console.error('bench: no bench/results/fixture.json: run `npm run bench:data` first.');
  process.exit(2);
}
const fixture = JSON.parse(readFileSync(fixturePath, 'utf8'));
const databaseUrl = process.env.DATABASE_URL || fixture.databaseUrl;
// On PostgreSQL (the same data: `DATABASE_URL=postgres://... npm run bench:data`) the yardsticks that speak
// MariaDB's protocol do not run: the mysql2 baseline and the statement counts (mysql2's tracing channels,
// SHOW GLOBAL STATUS). The service, the ceiling and the Nest floor do, with the postgres processes' CPU.
const onPostgres = /^postgres(ql)?:/.test(databaseUrl);
if (onPostgres) options.count = false;
const port = Number(process.env.BENCH_PORT || 3187);
const SERVICE = `http://127.0.0.1:${port}`;
const BASELINE = `http://127.0.0.1:${port + 1}`;
const COUNTER = `http://127.0.0.1:${port + 2}`;
const CEILING = `http://127.0.0.1:${port + 3}`;
const FLOOR = `http://127.0.0.1:${port + 4}`;
const auth = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
const bigPath = `/rest/product?names=${encodeURIComponent(fixture.bigProduct)}`;
/** The same request with the API key in the query string (as python-bugzilla and most scripts send it): no header. */
const bigPathKeyInQuery = `${bigPath}&Bugzilla_api_key=${fixture.benchUser.apiKey}`;

/**
 * The scenarios, in the order they run; the baseline and the ceiling run right after the service's case
 * they measure against. `other` names the process that answers them (not the service).
 */
const SCENARIOS = [
  { id: 'accessible_ids', label: 'GET /rest/product_accessible', path: '/rest/product_accessible' },
  {
    id: 'ceiling_ids',
    label: "ceiling: same GET, the service's bytes from bare Fastify",
    path: '/rest/product_accessible',
    other: 'ceiling',
  },
  {
    id: 'floor_ids',
    label: "Nest floor: same GET, the service's bytes from a bare Nest controller",
    path: '/rest/product_accessible',
    other: 'floor',
  },
  { id: 'product_one', label: `GET /rest/product?names=${fixture.bigProduct}`, path: bigPath },
  { id: 'baseline_one', label: `baseline: same GET, bare Fastify + mysql2`, path: bigPath, other: 'baseline' },
  {
    id: 'ceiling_one',
    label: "ceiling: same GET, the service's bytes from bare Fastify",
    path: bigPath,
    other: 'ceiling',
  },
  {
    id: 'floor_one',
    label: "Nest floor: same GET, the service's bytes from a bare Nest controller",
    path: bigPath,
    other: 'floor',
  },
  {
    id: 'product_one_qkey',
    label: `GET /rest/product?names=${fixture.bigProduct}&Bugzilla_api_key=…`,
    path: bigPathKeyInQuery,
    keyInQuery: true,
  },
  {
    id: 'ceiling_one_qkey',
    label: "ceiling: same GET (key in the query), the service's bytes from bare Fastify",
    path: bigPathKeyInQuery,
    keyInQuery: true,
    other: 'ceiling',
  },
  {
    id: 'floor_one_qkey',
    label: "Nest floor: same GET (key in the query), the service's bytes from a bare Nest controller",
    path: bigPathKeyInQuery,
    keyInQuery: true,
    other: 'floor',
  },
  {
    id: 'product_list',
    label: 'GET /rest/product?type=accessible&include_fields=id,name',
    path: '/rest/product?type=accessible&include_fields=id,name',
  },
  {
    id: 'visit_post',
    label: 'POST /rest/bug_user_last_visit/{id}',
    path: '/rest/bug_user_last_visit/{id}',
    method: 'POST',
  },
  { id: 'visit_recent', label: 'GET /rest/bug_user_last_visit', path: '/rest/bug_user_last_visit' },
].filter((s) => (!options.only || options.only.includes(s.id)) && !(onPostgres && s.other === 'baseline'));

// --- processes ------------------------------------------------------------------------------------
const children = [];
function start(name, args, env) {
  mkdirSync(RESULTS, { recursive: true });
  // The child writes its log file itself (the file's descriptor is its stdout): relayed through a pipe,
  // each of its access lines would cost this process — the load generator's — CPU, which the
  // ceiling and the floor (no log) would not pay.
  const log = openSync(join(RESULTS, `${name}.log`), 'w');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  child.name = name;
  children.push(child);
  return child;
}

async function stopAll() {
  await Promise.all(children.map(stop));
}
process.once('SIGINT', () => stopAll().then(() => process.exit(130)));

/** The process `child` (started by start()) answers on `base`. */
const waitFor = (base, child) => waitForHealth(base, child, child.name);

function startService(extraArgs = [], extraEnv = {}, name = 'service', servicePort = port) {
  return start(name, [...extraArgs, 'dist/src/main.js'], {
    DATABASE_URL: databaseUrl,
    ...extraEnv,
    HOST: '127.0.0.1',
    PORT: String(servicePort),
    LOG_LEVEL: options.logLevel,
    DEMO_DATA: 'false',
    BENCH_COUNTER_PORT: String(port + 2),
  });
}

// --- CPU use: how much of the machine went to processes other than the ones under test -------------
function cpuTotals() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + fields[4];
  return { busy: fields.reduce((a, b) => a + b, 0) - idle };
}

function mysqldPids() {
  try {
    return execFileSync('pgrep', ['-x', onPostgres ? 'postgres' : 'mariadbd|mysqld'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** A process and its children (the workers of WORKERS=N). */
function withChildren(pid) {
  try {
    return [
      pid,
      ...execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(Number),
    ];
  } catch {
    return [pid];
  }
}

function cpuSnapshot(pids, serverPid, dbPids) {
  // A service started as `node dist/src/main.js` is a supervisor and its workers (SPEC §17): the workers serve.
  // Only the processes this script started are asked for theirs (not every database process, each a pgrep).
  const started = new Set(children.map((child) => child.pid));
  const withWorkers = (list) => [
    ...new Set(list.flatMap((pid) => (started.has(pid) ? [pid, ...workerPids(pid)] : pid ? [pid] : []))),
  ];
  const serverPids = withWorkers([serverPid].flat());
  return {
    total: cpuTotals().busy,
    ours: withWorkers(pids).reduce((sum, pid) => sum + processTicks(pid), 0),
    server: serverPids.reduce((sum, pid) => sum + processTicks(pid), 0),
    db: dbPids.reduce((sum, pid) => sum + processTicks(pid), 0),
    at: Date.now(),
  };
}

/** Waits (up to `seconds`) until the processes outside the benchmark use under 20 % of a core for a second. */
async function waitForQuiet(pids, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const before = cpuSnapshot(pids, 0, []);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const other = otherCpu(before, cpuSnapshot(pids, 0, []));
    if (other < 20 || Date.now() >= deadline) return other;
  }
}

/** Percent of one core used by everything else (other sessions' builds and tests) during the interval. */
function otherCpu(before, after) {
  const ticksPerSecond = 100;
  const seconds = (after.at - before.at) / 1000;
  const other = after.total - before.total - (after.ours - before.ours);
  return Math.max(0, Math.round((other / ticksPerSecond / seconds) * 100));
}

// --- checks -----------------------------------------------------------------------------------------
async function get(base, path) {
  const response = await fetch(`${base}${path}`, { headers: auth });
  return { status: response.status, text: await response.text() };
}

function firstDifference(a, b, path = '$') {
  if (isDeepStrictEqual(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${path}: ${JSON.stringify(a)?.slice(0, 120)} vs ${JSON.stringify(b)?.slice(0, 120)}`;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (!isDeepStrictEqual(keysA, keysB)) return `${path}: keys ${keysA.join(',')} vs ${keysB.join(',')}`;
  for (const key of keysA) {
    const difference = firstDifference(a[key], b[key], `${path}.${key}`);
    if (difference) return difference;
  }
  return `${path}: differs`;
}

async function verify() {
  const service = await get(SERVICE, bigPath);
  // On PostgreSQL there is no baseline to compare with: the service's own answer stands in for it.
  const baseline = onPostgres ? service : await get(BASELINE, bigPath);
  if (service.status !== 200 || baseline.status !== 200) {
    throw new Error(
      `single product: service answered ${service.status}, baseline ${baseline.status}: ${service.text.slice(0, 200)} | ${baseline.text.slice(0, 200)}`,
    );
  }
  const product = JSON.parse(service.text).products?.[0];
  if (!product || product.name !== fixture.bigProduct)
    throw new Error(`the service did not return '${fixture.bigProduct}' to the bench user`);
  if (service.text !== baseline.text) {
    throw new Error(
      `service and baseline JSON differ at ${firstDifference(JSON.parse(service.text), JSON.parse(baseline.text))}`,
    );
  }
  const flags = product.components.reduce((n, c) => n + c.flag_types.bug.length + c.flag_types.attachment.length, 0);
  console.log(
    `Verified: service and baseline answer the same ${service.text.length.toLocaleString('en')} bytes for '${fixture.bigProduct}' ` +
      `(${product.components.length} components, ${product.versions.length} versions, ${product.milestones.length} milestones, ${flags} component flag types).`,
  );
  const ids = JSON.parse((await get(SERVICE, '/rest/product_accessible')).text).ids;
  const list = JSON.parse((await get(SERVICE, '/rest/product?type=accessible&include_fields=id,name')).text).products;
  const recent = JSON.parse((await get(SERVICE, '/rest/bug_user_last_visit')).text);
  if (!Array.isArray(ids) || list.length !== ids.length || !Array.isArray(recent))
    throw new Error('an endpoint did not answer as expected');
  console.log(
    `The bench user can access ${ids.length} of ${fixture.rowCounts.products} products; GET /rest/bug_user_last_visit answers ${recent.length} records.`,
  );
  return { bytes: service.text.length, accessible: ids.length, recent: recent.length };
}

// --- query counts -----------------------------------------------------------------------------------
async function countQueries() {
  const child = startService(['--import', './bench/query-counter.mjs']);
  await waitFor(SERVICE, child);
  const counts = {};
  const measure = async (label, path, method = 'GET') => {
    await fetch(`${COUNTER}/reset`);
    const response = await fetch(`${SERVICE}${path}`, {
      method,
      headers: { ...auth, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: method === 'POST' ? '{}' : undefined,
    });
    await response.arrayBuffer();
    const { count, statements } = await (await fetch(COUNTER)).json();
    counts[label] = { status: response.status, count, statements: statements.map((s) => s.slice(0, 70)) };
  };
  // The first request of a key writes last_used (at most once a minute per key), later ones do not.
  await measure('first request of the key', '/rest/product_accessible');
  for (const s of SCENARIOS.filter((x) => !x.other)) {
    await measure(s.label, s.path.replace('{id}', fixture.visitBugIds[0]), s.method);
  }
  // The same request over more data: the count must not grow with the number of products or components.
  const accessibleIds = JSON.parse((await get(SERVICE, '/rest/product_accessible')).text).ids;
  for (const n of [1, 10, 100, 1000]) {
    const query = accessibleIds
      .slice(0, n)
      .map((id) => `ids=${id}`)
      .join('&');
    await measure(`GET /rest/product, ${n} full product(s)`, `/rest/product?${query}`);
  }
  // Every accessible product with its components, versions and milestones (ids only, to keep the answer small).
  await measure(
    `GET /rest/product, all ${accessibleIds.length} products with children`,
    '/rest/product?include_fields=id,components.id,versions.id,milestones.id',
  );
  await stop(child);
  children.splice(children.indexOf(child), 1);
  return counts;
}

// --- measuring --------------------------------------------------------------------------------------
function cannon(
  scenario,
  connections,
  duration,
  base = { baseline: BASELINE, ceiling: CEILING, floor: FLOOR }[scenario.other] ?? SERVICE,
) {
  const ids = fixture.visitBugIds;
  let next = 0;
  const request =
    scenario.method === 'POST'
      ? {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: '{}',
          // Each request marks another of the bench user's bugs as visited.
          setupRequest: (req) => ({ ...req, path: `/rest/bug_user_last_visit/${ids[next++ % ids.length]}` }),
        }
      : { method: 'GET', path: scenario.path, headers: scenario.keyInQuery ? {} : auth };
  // autocannon's own histogram keeps whole milliseconds; the response events carry the exact time.
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration, pipelining: 1, requests: [request] },
      (error, result) => (error ? reject(error) : resolve({ ...result, exact: percentiles(latencies) })),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status >= 200 && status < 300) latencies.push(time);
    });
  });
}

function percentiles(values) {
  const sorted = Float64Array.from(values).sort();
  const at = (p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
  return { p50: at(50), p99: at(99) };
}

const machine = () => ({
  cpu: (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? cpus()[0]?.model,
  nproc: Number(execFileSync('nproc', { encoding: 'utf8' }).trim()),
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  freeGiB: Math.round(freemem() / 2 ** 30),
  node: process.version,
  mariadb: (() => {
    try {
      return execFileSync('mariadb', ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })(),
  loadavg: loadavg()
    .map((x) => x.toFixed(2))
    .join(' '),
});

const fmt = (x, digits = 1) => (x === undefined || x === null ? '-' : Number(x).toFixed(digits));

function table(rows) {
  const lines = [
    '| scenario | conns | req/s | p50 ms | p99 ms | errors | server CPU ms/req | DB CPU ms/req | DB stmts/req (all clients) | other CPU % |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.connections} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors + r.non2xx} | ${fmt(r.serverCpuMs, 2)} | ${fmt(r.dbCpuMs, 2)} | ${fmt(r.dbStatementsPerRequest)} | ${r.otherCpu} |`,
    );
  }
  return lines.join('\n');
}

/** The scenarios grouped by the request they send (the service's, then those it is compared with), in order. */
function familiesOf(scenarios) {
  const families = new Map();
  for (const scenario of scenarios) {
    const key = scenario.method === 'POST' ? scenario.id : scenario.path;
    if (!families.has(key)) families.set(key, []);
    families.get(key).push(scenario);
  }
  return [...families.values()];
}

const median = (values) => {
  const known = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
};

/** One row for the rounds of one scenario at one connection count: medians, sums of counts, the worst other CPU. */
function medianRow(rounds) {
  if (rounds.length === 1) return rounds[0];
  const of = (key) => median(rounds.map((r) => r[key]));
  return {
    ...rounds[0],
    rps: of('rps'),
    p50: of('p50'),
    p99: of('p99'),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    otherCpu: Math.max(...rounds.map((r) => r.otherCpu)),
    serverCpuMs: of('serverCpuMs'),
    dbCpuMs: of('dbCpuMs'),
    dbStatementsPerRequest: of('dbStatementsPerRequest'),
    rounds: rounds.map((r) => ({ rps: r.rps, p99: r.p99 })),
  };
}

/**
 * a / b for one figure of two rows: with rounds, the median of the ratios of the measurements taken back to
 * back (round i of one with round i of the other); else the ratio of the two figures.
 */
function ratioOf(a, b, key) {
  if (!a || !b) return undefined;
  if (a.rounds && b.rounds) return median(a.rounds.map((round, i) => round[key] / b.rounds[i][key])) ?? undefined;
  return a[key] && b[key] ? a[key] / b[key] : undefined;
}

/**
 * The service against the baseline (single product), the ceiling (bare Fastify) and the Nest floor (a bare Nest
 * controller) for both cached reads, per connection count. floor / ceiling is the most any service on Nest can reach.
 */
function ratios(rows) {
  const lines = [
    '| request | conns | service req/s | baseline req/s | service / baseline | ceiling req/s | service / ceiling | p99 service / ceiling | Nest floor req/s | floor / ceiling | p99 floor / ceiling | service / floor |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const out = [];
  const pairs = [
    ['single product', 'product_one', 'baseline_one', 'ceiling_one', 'floor_one'],
    ['product_accessible', 'accessible_ids', undefined, 'ceiling_ids', 'floor_ids'],
    ['single product, key in the query', 'product_one_qkey', undefined, 'ceiling_one_qkey', 'floor_one_qkey'],
  ];
  const pct = (x) => (x === undefined ? '-' : `${(x * 100).toFixed(0)} %`);
  for (const [what, serviceId, baselineId, ceilingId, floorId] of pairs) {
    for (const connections of options.connections) {
      const at = (id) => rows.find((r) => r.id === id && r.connections === connections);
      const service = at(serviceId);
      if (!service) continue;
      const baseline = baselineId && at(baselineId);
      const ceiling = at(ceilingId);
      const floor = at(floorId);
      const ratio = ratioOf(service, baseline, 'rps');
      const ceilingRatio = ratioOf(service, ceiling, 'rps');
      const p99Ratio = ratioOf(service, ceiling, 'p99');
      const floorRatio = ratioOf(floor, ceiling, 'rps');
      const floorP99Ratio = ratioOf(floor, ceiling, 'p99');
      const serviceFloorRatio = ratioOf(service, floor, 'rps');
      out.push({
        request: what,
        connections,
        ratio,
        ceilingRatio,
        p99Ratio,
        floorRatio,
        floorP99Ratio,
        serviceFloorRatio,
      });
      lines.push(
        `| ${what} | ${connections} | ${fmt(service.rps, 0)} | ${baseline ? fmt(baseline.rps, 0) : '-'} | ${pct(ratio)} | ${ceiling ? fmt(ceiling.rps, 0) : '-'} | ${pct(ceilingRatio)} | ${p99Ratio === undefined ? '-' : fmt(p99Ratio, 2)} | ${floor ? fmt(floor.rps, 0) : '-'} | ${pct(floorRatio)} | ${floorP99Ratio === undefined ? '-' : fmt(floorP99Ratio, 2)} | ${pct(serviceFloorRatio)} |`,
      );
    }
  }
  return { text: lines.join('\n'), values: out };
}

/** One measurement of `scenario` at `connections` against whatever answers on SERVICE (or BASELINE). */
async function measure(scenario, connections, serverPids, watched, dbPids, questions) {
  if (options.quietWait > 0) await waitForQuiet(watched, options.quietWait);
  const questionsBefore = questions ? await questions() : NaN;
  const before = cpuSnapshot(watched, serverPids, dbPids);
  const result = await cannon(scenario, connections, options.duration);
  const after = cpuSnapshot(watched, serverPids, dbPids);
  const questionsAfter = questions ? await questions() : NaN;
  const perRequest = (ticks) => (result.requests.total ? (ticks * 10) / result.requests.total : null);
  return {
    id: scenario.id,
    label: scenario.label,
    connections,
    rps: result.requests.average,
    p50: result.exact.p50,
    p99: result.exact.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    otherCpu: otherCpu(before, after),
    serverCpuMs: perRequest(after.server - before.server),
    dbCpuMs: perRequest(after.db - before.db),
    dbStatementsPerRequest:
      result.requests.total && questions ? (questionsAfter - questionsBefore - 1) / result.requests.total : null,
  };
}

/**
 * --scale: the service's scenarios as one process, with WORKERS=2 and with a read replica. "DB stmts/req"
 * counts the primary's statements only, so with a replica it shows what the primary was spared; "DB CPU"
 * is every mariadbd on the machine (primary and replica).
 */
async function mainScale() {
  if (process.env.BENCH_NO_BUILD !== '1')
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  const startedAt = new Date();
  const replicas = process.env.BENCH_REPLICA_URLS ?? '';
  const setups = [
    { name: 'one process', env: {} },
    { name: 'WORKERS=2', env: { WORKERS: '2' } },
    ...(replicas
      ? [
          { name: 'one replica', env: { DATABASE_REPLICA_URLS: replicas } },
          { name: 'one replica, WORKERS=2', env: { DATABASE_REPLICA_URLS: replicas, WORKERS: '2' } },
        ]
      : []),
  ];
  if (!replicas) console.log('BENCH_REPLICA_URLS is not set: the replica setups are left out.');
  const status = await mysql.createConnection({ uri: databaseUrl });
  const questions = async () => Number((await status.query("SHOW GLOBAL STATUS LIKE 'Questions'"))[0][0].Value);
  const rows = [];
  for (const setup of setups) {
    const service = startService([], { ...setup.env }, `service-${setup.name.replace(/\W+/g, '-')}`);
    await waitFor(SERVICE, service);
    const dbPids = mysqldPids();
    const serverPids = withChildren(service.pid);
    const watched = [process.pid, ...serverPids, ...dbPids];
    for (const scenario of SCENARIOS.filter((s) => !s.other)) {
      if (options.warmup > 0) await cannon(scenario, 10, options.warmup);
      for (const connections of options.connections) {
        const row = await measure(scenario, connections, serverPids, watched, dbPids, questions);
        row.label = `${setup.name}: ${scenario.label}`;
        rows.push(row);
        console.log(
          `  ${row.label.padEnd(70)} c=${String(connections).padStart(2)}  ${fmt(row.rps, 0).padStart(6)} req/s  p99 ${fmt(row.p99).padStart(6)} ms  errors ${row.errors + row.non2xx}  CPU/req server ${fmt(row.serverCpuMs, 2)} db ${fmt(row.dbCpuMs, 2)}  primary stmts/req ${fmt(row.dbStatementsPerRequest)}  other ${row.otherCpu} %`,
        );
      }
    }
    await stop(service);
    children.splice(children.indexOf(service), 1);
  }
  await status.end();
  const info = machine();
  const markdown = [
    `Run ${startedAt.toISOString()} (--scale) — ${info.cpu}, ${info.nproc} cores, Node ${info.node}, ${info.mariadb}`,
    '',
    table(rows).replace('DB stmts/req (all clients)', 'primary stmts/req'),
  ].join('\n');
  console.log(`\n${markdown}`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'latest-scale.md'), `${markdown}\n`);
  writeFileSync(
    join(RESULTS, 'latest-scale.json'),
    `${JSON.stringify({ startedAt, machine: info, options, rows }, null, 2)}\n`,
  );
  console.log('\nWritten: bench/results/latest-scale.md and latest-scale.json');
}

/** A multi-host mysql:// URL with its node list rotated by `by` (instance B starts on the second node). */
function rotateNodes(url, by) {
  const match = /^(mysql:\/\/(?:[^@/]*@)?)([^/]*)(\/.*)$/.exec(url);
  if (!match) throw new Error('BENCH_GALERA_URL must be mysql://user:pass@host1:port1,host2:port2,.../db');
  const nodes = match[2].split(',');
  return `${match[1]}${[...nodes.slice(by), ...nodes.slice(0, by)].join(',')}${match[3]}`;
}

/**
 * --galera: one instance on node 1, then instances A (node 1) and B (node 2) loaded at once with the same
 * number of connections each; the row of the pair sums both instances' requests. No statement counts:
 * each node's Questions include the other nodes' replicated writes.
 */
async function mainGalera() {
  if (process.env.BENCH_NO_BUILD !== '1')
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  const clusterUrl = process.env.BENCH_GALERA_URL;
  if (!clusterUrl || !clusterUrl.includes(',')) {
    console.error('bench --galera: set BENCH_GALERA_URL to the cluster (several host:port) holding the bench data');
    process.exit(2);
  }
  const startedAt = new Date();
  const rows = [];
  const pair = async (scenario, connections, bases, serverPids, dbPids) => {
    const watched = [process.pid, ...serverPids, ...dbPids];
    const before = cpuSnapshot(watched, serverPids, dbPids);
    const results = await Promise.all(bases.map((base) => cannon(scenario, connections, options.duration, base)));
    const after = cpuSnapshot(watched, serverPids, dbPids);
    const total = results.reduce((sum, r) => sum + r.requests.total, 0);
    return {
      id: scenario.id,
      connections: connections * bases.length,
      rps: results.reduce((sum, r) => sum + r.requests.average, 0),
      p50: Math.max(...results.map((r) => r.exact.p50 ?? 0)),
      p99: Math.max(...results.map((r) => r.exact.p99 ?? 0)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      requests: total,
      otherCpu: otherCpu(before, after),
      serverCpuMs: total ? ((after.server - before.server) * 10) / total : null,
      dbCpuMs: total ? ((after.db - before.db) * 10) / total : null,
      dbStatementsPerRequest: null,
    };
  };
  const setups = [
    { name: 'one instance on node 1', urls: [clusterUrl] },
    { name: 'A on node 1 + B on node 2', urls: [clusterUrl, rotateNodes(clusterUrl, 1)] },
  ];
  for (const setup of setups) {
    const services = setup.urls.map((url, i) =>
      startService([], { DATABASE_URL: url }, `service-galera-${i}`, port + 3 * i),
    );
    const bases = services.map((_, i) => `http://127.0.0.1:${port + 3 * i}`);
    await Promise.all(services.map((service, i) => waitFor(bases[i], service)));
    const serverPids = services.flatMap((service) => withChildren(service.pid));
    const dbPids = mysqldPids();
    for (const scenario of SCENARIOS.filter((s) => !s.other)) {
      if (options.warmup > 0) await Promise.all(bases.map((base) => cannon(scenario, 10, options.warmup, base)));
      for (const connections of options.connections) {
        if (options.quietWait > 0) await waitForQuiet([process.pid, ...serverPids, ...dbPids], options.quietWait);
        const row = await pair(scenario, connections, bases, serverPids, dbPids);
        row.label = `${setup.name}: ${scenario.label}`;
        rows.push(row);
        console.log(
          `  ${row.label.padEnd(70)} c=${String(row.connections).padStart(3)}  ${fmt(row.rps, 0).padStart(6)} req/s  p99 ${fmt(row.p99).padStart(6)} ms  errors ${row.errors + row.non2xx}  other ${row.otherCpu} %`,
        );
      }
    }
    for (const service of services) {
      await stop(service);
      children.splice(children.indexOf(service), 1);
    }
  }
  const info = machine();
  const markdown = [
    `Run ${startedAt.toISOString()} (--galera) — ${info.cpu}, ${info.nproc} cores, Node ${info.node}, ${info.mariadb}, 3-node Galera cluster on this machine`,
    '',
    table(rows),
  ].join('\n');
  console.log(`\n${markdown}`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'latest-galera.md'), `${markdown}\n`);
  writeFileSync(
    join(RESULTS, 'latest-galera.json'),
    `${JSON.stringify({ startedAt, machine: info, options, rows }, null, 2)}\n`,
  );
  console.log('\nWritten: bench/results/latest-galera.md and latest-galera.json');
}

/** The most recent .cpuprofile in `dir`. */
function newestProfile(dir) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0];
}

async function main() {
  if (options.galera) return mainGalera();
  if (options.scale) return mainScale();
  if (process.env.BENCH_NO_BUILD !== '1')
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  const startedAt = new Date();
  console.log(
    `Database ${databaseUrl.replace(/\/\/[^@]*@/, '//')}: ${fixture.rowCounts.products} products, ${fixture.rowCounts.components} components, ${fixture.rowCounts.bugs} bugs.`,
  );

  const counts = options.count ? await countQueries() : {};
  if (options.count) {
    console.log('\nSQL statements per request:');
    for (const [label, c] of Object.entries(counts))
      console.log(`  ${String(c.count).padStart(3)}  ${label}${c.status === 200 ? '' : ` (HTTP ${c.status})`}`);
  }

  // --profile: the service writes a V8 CPU profile of the whole run (written when it stops).
  const profileDir = join(RESULTS, 'profiles');
  const service = startService(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const baseline = onPostgres
    ? undefined
    : start('baseline', ['bench/baseline-server.mjs'], { DATABASE_URL: databaseUrl, PORT: String(port + 1) });
  await Promise.all([waitFor(SERVICE, service), ...(baseline ? [waitFor(BASELINE, baseline)] : [])]);
  // The ceiling asks the running service once for the answers it then replays.
  const ceilingPaths = [...new Set(SCENARIOS.filter((s) => s.other === 'ceiling').map((s) => s.path))];
  const ceiling = start('ceiling', ['bench/ceiling-server.mjs'], {
    SOURCE: SERVICE,
    API_KEY: fixture.benchUser.apiKey,
    PATHS: ceilingPaths.join(' '),
    PORT: String(port + 3),
  });
  // The Nest floor likewise: the same bytes from a bare Nest controller on the Fastify adapter.
  const floor = start('floor', ['bench/nest-floor.mjs'], {
    SOURCE: SERVICE,
    API_KEY: fixture.benchUser.apiKey,
    PATHS: [...new Set(SCENARIOS.filter((s) => s.other === 'floor').map((s) => s.path))].join(' '),
    PORT: String(port + 4),
  });
  await Promise.all([waitFor(CEILING, ceiling), waitFor(FLOOR, floor)]);
  const verified = options.verify ? await verify() : null;

  const dbPids = mysqldPids();
  // Statements the database server ran during each measurement, from every client: above the
  // service's own count per request, other sessions' tests were using the same server.
  const status = onPostgres ? undefined : await mysql.createConnection({ uri: databaseUrl });
  const questions =
    status && (async () => Number((await status.query("SHOW GLOBAL STATUS LIKE 'Questions'"))[0][0].Value));
  const watched = [process.pid, service.pid, ...(baseline ? [baseline.pid] : []), ceiling.pid, floor.pid, ...dbPids];
  const rows = [];
  console.log(
    `\nMeasuring ${SCENARIOS.length} scenarios at ${options.connections.join(', ')} connections, ` +
      `${options.rounds > 1 ? `${options.rounds} rounds of ` : ''}${options.duration} s each (LOG_LEVEL=${options.logLevel}).`,
  );
  const serverPidOf = (scenario) =>
    ({ baseline: baseline?.pid, ceiling: ceiling.pid, floor: floor.pid })[scenario.other] ?? service.pid;
  for (const family of familiesOf(SCENARIOS)) {
    // Warm up (JIT, connection pool, database buffers, the service's model) without recording.
    if (options.warmup > 0) for (const scenario of family) await cannon(scenario, 10, options.warmup);
    for (const connections of options.connections) {
      const rounds = new Map(family.map((scenario) => [scenario, []]));
      for (let round = 0; round < options.rounds; round++) {
        for (const scenario of family) {
          rounds
            .get(scenario)
            .push(await measure(scenario, connections, serverPidOf(scenario), watched, dbPids, questions));
        }
      }
      for (const scenario of family) {
        const row = medianRow(rounds.get(scenario));
        rows.push(row);
        console.log(
          `  ${scenario.label.padEnd(60)} c=${String(connections).padStart(2)}  ${fmt(row.rps, 0).padStart(6)} req/s  p50 ${fmt(row.p50).padStart(6)} ms  p99 ${fmt(row.p99).padStart(6)} ms  errors ${row.errors + row.non2xx}  CPU/req server ${fmt(row.serverCpuMs, 2)} ms db ${fmt(row.dbCpuMs, 2)} ms  stmts/req ${fmt(row.dbStatementsPerRequest)}  other CPU ${row.otherCpu} %`,
        );
      }
    }
  }
  await status?.end();
  await stopAll();

  const ratio = ratios(rows);
  const info = machine();
  const profile = options.profile ? newestProfile(profileDir) : undefined;
  const markdown = [
    `Run ${startedAt.toISOString()} — ${info.cpu}, ${info.nproc} cores, ${info.memoryGiB} GiB, Node ${info.node}, ${onPostgres ? 'PostgreSQL' : info.mariadb}`,
    `Data: ${Object.entries(fixture.rowCounts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
    `Service: node dist/src/main.js, LOG_LEVEL=${options.logLevel}; ${options.duration} s per measurement; autocannon in the same machine.`,
    '',
    table(rows),
    '',
    ratio.text,
    ...(options.rounds > 1
      ? [
          '',
          `Rows: medians of ${options.rounds} rounds of ${options.duration} s; ratios: medians of the ${options.rounds} ratios of measurements taken back to back.`,
        ]
      : []),
    ...(profile
      ? [
          '',
          `Service CPU profile (${profile.replace(`${root}/`, '')}), top self time:`,
          '',
          profileTable(profile, 25),
          '',
          'By package (share of the busy time):',
          '',
          placeTable(profile),
        ]
      : []),
  ].join('\n');
  console.log(`\n${markdown}`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'latest.md'), `${markdown}\n`);
  writeFileSync(
    join(RESULTS, 'latest.json'),
    `${JSON.stringify({ startedAt, machine: info, options, fixture: { ...fixture, benchUser: { ...fixture.benchUser, apiKey: undefined } }, verified, counts, rows, ratios: ratio.values }, null, 2)}\n`,
  );
  console.log('\nWritten: bench/results/latest.md and latest.json');
}

main().catch(async (error) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
});
