// `npm run bench -- --reload [--workers 1,2] [--reloads 3] [--connections 20] [--before 10]`: what a reload
// (SPEC §17) costs under load, on the bench data (`npm run bench:data`; BENCH_FIXTURE_FILE names another
// fixture, e.g. the scale curve's 10,000 products).
//
// The service runs from a copy of the build (a temporary folder, as an installed service would), under a
// keep-alive autocannon load (`--connections`, GET /rest/product?names=<big product> as the bench user).
// Each reload is an upgrade: the copy's package.json gets a new version, then SIGHUP. Measured per reload:
// - to new version: from SIGHUP to the first /health answer naming the new version (polled every 20 ms on
//   a connection of its own);
// - the supervisor's own figure ("Reloaded in N ms": SIGHUP to all new workers ready);
// - p50/p99 latency of the answers that ended in the `--before` seconds before SIGHUP, and of those that
//   ended from SIGHUP until the old workers had exited (the reload's window);
// - failed requests (errors, timeouts, resets, non-2xx) over the whole run: must be 0.
//
// Results: bench/results/reload.{json,md}.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { healthVersion, installedCopy, sleep } from './installed-copy.mjs';
import { untilGone, workerPids } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');

function parseArgs(argv) {
  const options = { workers: [1, 2], reloads: 3, connections: 20, before: 10 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--reload') continue;
    else if (flag === '--workers') options.workers = value().split(',').map(Number);
    else if (flag === '--reloads') options.reloads = Math.max(1, Number(value()));
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--before') options.before = Number(value());
    else throw new Error(`bench --reload: unknown option '${argv[i]}'`);
  }
  return options;
}

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One service (WORKERS=workers) under load, reloaded `reloads` times; the figures. */
async function run(options, workers, fixture, databaseUrl, port) {
  const copy = installedCopy('bench-reload-');
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [copy.main], {
    cwd: copy.folder,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      WORKERS: String(workers),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = join(RESULTS, `reload-workers-${workers}.log`);
  writeFileSync(log, '');
  const keep = (chunk) => {
    output += chunk;
    appendFileSync(log, chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const answers = [];
  const failures = {};
  // autocannon keeps reconnecting after stop() until its clients are gone: what fails once the run is
  // over (the service stopping) is not counted.
  let measuring = true;
  const failedAt = [];
  const fail = (what) => {
    if (!measuring) return;
    failures[what] = (failures[what] ?? 0) + 1;
    failedAt.push([Date.now(), what]);
  };
  let load;
  try {
    // Every worker started (not waitForHealth's minute: at 10,000 products on a loaded machine a start takes longer).
    for (const deadline = Date.now() + 600_000; !/listening on/.test(output); await sleep(200)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start; see ${log}`);
    }
    const path = `/rest/product?names=${encodeURIComponent(fixture.bigProduct)}`;
    load = autocannon({
      url: base,
      connections: options.connections,
      duration: 100_000,
      requests: [{ method: 'GET', path, headers: { 'x-bugzilla-api-key': fixture.benchUser.apiKey } }],
    });
    load.on('response', (_client, status, _bytes, time) => {
      answers.push({ at: Date.now(), time });
      if (status !== 200) fail(status);
    });
    load.on('reqError', (error) => fail(error.code ?? error.message));
    await sleep(5000); // warm-up

    const reloads = [];
    for (let n = 1; n <= options.reloads; n++) {
      await sleep(options.before * 1000);
      const version = `${copy.version}-bench.${n}`;
      copy.upgrade(version);
      const old = workerPids(child.pid);
      const before = Date.now();
      child.kill('SIGHUP');
      while ((await healthVersion(base)) !== version) {
        if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}); see ${log}`);
        if (/Reload failed/.test(output)) throw new Error(`the reload failed; see ${log}`);
        await sleep(20);
      }
      const toNewVersionMs = Date.now() - before;
      await untilGone(old);
      const drainedMs = Date.now() - before;
      const supervisor = [...output.matchAll(/Reloaded in (\d+) ms/g)].map((m) => Number(m[1]));
      const window = (from, to) => answers.filter((a) => a.at >= from && a.at < to).map((a) => a.time);
      const beforeTimes = window(before - options.before * 1000, before);
      const duringTimes = window(before, before + drainedMs);
      reloads.push({
        n,
        toNewVersionMs,
        supervisorReadyMs: supervisor[n - 1] ?? null,
        oldWorkersGoneMs: drainedMs,
        before: { answers: beforeTimes.length, p50: percentile(beforeTimes, 50), p99: percentile(beforeTimes, 99) },
        during: { answers: duringTimes.length, p50: percentile(duringTimes, 50), p99: percentile(duringTimes, 99) },
      });
      console.log(`WORKERS=${workers} reload ${n}: ${JSON.stringify(reloads.at(-1))}`);
    }
    await sleep(2000);
    measuring = false;
    if (failedAt.length)
      console.log(`failures at: ${JSON.stringify([failedAt[0], failedAt.at(-1)])} (${failedAt.length})`);
    load.stop();
    return { workers, connections: options.connections, answers: answers.length, failures, reloads };
  } finally {
    load?.stop();
    await stopProcess(child);
    copy.remove();
  }
}

const ms = (value) => (value === null ? '-' : value.toFixed(1));

export async function reload(argv) {
  const options = parseArgs(argv);
  const fixturePath = process.env.BENCH_FIXTURE_FILE || join(RESULTS, 'fixture.json');
  if (!existsSync(fixturePath)) {
    console.error(`bench --reload: no ${fixturePath}: run \`npm run bench:data\` first.`);
    return 2;
  }
  if (!existsSync(join(root, 'dist', 'src', 'main.js'))) {
    console.error('bench --reload: no dist/: run `npm run build` first.');
    return 2;
  }
  const fixture = JSON.parse(readFileSync(fixturePath, 'utf8'));
  const databaseUrl = process.env.DATABASE_URL || fixture.databaseUrl;
  const port = Number(process.env.BENCH_PORT || 3187);
  mkdirSync(RESULTS, { recursive: true });
  const runs = [];
  for (const workers of options.workers) runs.push(await run(options, workers, fixture, databaseUrl, port));

  const rows = runs.flatMap((r) =>
    r.reloads.map(
      (x) =>
        `| ${r.workers} | ${x.n} | ${x.toNewVersionMs} | ${x.supervisorReadyMs} | ${x.oldWorkersGoneMs} | ` +
        `${ms(x.before.p50)} / ${ms(x.before.p99)} | ${ms(x.during.p50)} / ${ms(x.during.p99)} | ${x.during.answers} |`,
    ),
  );
  const failed = runs.map((r) => `WORKERS=${r.workers}: ${r.answers} answers, failures ${JSON.stringify(r.failures)}`);
  const md = [
    `Reload under ${options.connections} keep-alive connections (${new Date().toISOString()}, data: ${fixturePath})`,
    '',
    '| WORKERS | reload | SIGHUP → new version (ms) | supervisor: new workers ready (ms) | old workers gone (ms) | p50 / p99 before (ms) | p50 / p99 during (ms) | answers during |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...failed,
  ].join('\n');
  writeFileSync(join(RESULTS, 'reload.json'), JSON.stringify({ options, fixturePath, runs }, null, 2));
  writeFileSync(join(RESULTS, 'reload.md'), `${md}\n`);
  console.log(md);
  return runs.every((r) => Object.keys(r.failures).length === 0) ? 0 : 1;
}
