#!/usr/bin/env node
// Compares builds of the service at the same moment: each build (a directory holding a built `dist/`)
// serves on a port of its own and is loaded by its own autocannon, all at once, round after round; the
// report gives each build's server CPU per request (median of the rounds) — the whole process's, and its
// event loop's (main thread) alone, the one that serves every request — and, for every build after
// the first, the median of its per-round ratios to the first. On a machine whose speed drifts within
// seconds (bench/README.md, "Fifth pass"), builds measured one after the other compare moments of the
// machine; measured at once, they meet the same moments. The absolute figures are those of a machine
// shared by all the builds and load generators; the ratios are what this is for.
//
//   node bench/same-moment.mjs [--path /rest/product_accessible] [--connections 50] [--rounds 6]
//                              [--duration 4] [--pin] DIR [DIR...]
//
// --path 'POST /rest/bug_user_last_visit' marks the bench user's bugs, each build its own share of them.
// A DIR may end in `::--node-flag` (e.g. `.::--max-semi-space-size=64`) to start that build's node with it,
// or in `::NAME=value` (e.g. `.::LOG_LEVEL=warn`) to set that variable for it; several may follow one another.
// --pin: every build's threads on CPU 0, the load generators on the other CPUs (taskset). On a VM whose
// CPUs change speed independently (bench/README.md, "Eighth pass"), builds on different CPUs meet
// different speeds; on one CPU they meet the same ones. (The first build then reads a few per cent
// dearer than a copy of itself: compare two orders.)
// Database and API key: bench/results/fixture.json (npm run bench:data). Ports: BENCH_PORT+10 onwards.
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { mainThreadTicks, serviceTicks, servingPid, waitForHealth } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');

const options = { path: '/rest/product_accessible', connections: 50, rounds: 6, duration: 4, pin: false, builds: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const [flag, inline] = argv[i].split('=', 2);
  const value = () => inline ?? argv[++i];
  if (flag === '--path') options.path = value();
  else if (flag === '--connections') options.connections = Number(value());
  else if (flag === '--rounds') options.rounds = Number(value());
  else if (flag === '--duration') options.duration = Number(value());
  else if (flag === '--pin') options.pin = true;
  else if (flag.startsWith('--')) {
    console.error(`same-moment: unknown option '${argv[i]}'`);
    process.exit(2);
  } else options.builds.push(argv[i]);
}
if (options.builds.length < 2) {
  console.error('same-moment: name at least two build directories (each with a built dist/)');
  process.exit(2);
}

const fixture = JSON.parse(readFileSync(join(RESULTS, 'fixture.json'), 'utf8'));
const databaseUrl = process.env.DATABASE_URL || fixture.databaseUrl;
const firstPort = Number(process.env.BENCH_PORT || 3187) + 10;
const post = options.path.startsWith('POST ');
const path = post ? options.path.slice('POST '.length) : options.path;
// A key in the query string is the request's own; otherwise the header carries it, as in npm run bench.
const headers = /[?&](Bugzilla_)?api_key=/.test(path) ? {} : { 'x-bugzilla-api-key': fixture.benchUser.apiKey };

mkdirSync(RESULTS, { recursive: true });
const builds = options.builds.map((spec, index) => {
  const [dir, ...extras] = spec.split('::');
  const unknown = extras.find((extra) => !extra.startsWith('--') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(extra));
  if (unknown !== undefined) {
    console.error(`same-moment: '${unknown}' in '${spec}' is neither a node flag (--...) nor NAME=value`);
    process.exit(2);
  }
  const nodeFlags = extras.filter((extra) => extra.startsWith('--'));
  const extraEnv = Object.fromEntries(
    extras.filter((extra) => !extra.startsWith('--')).map((extra) => [extra.slice(0, extra.indexOf('=')), extra.slice(extra.indexOf('=') + 1)]),
  );
  const port = firstPort + index;
  const logName = `same-moment-${index}`;
  const log = openSync(join(RESULTS, `${logName}.log`), 'w');
  const child = spawn(process.execPath, [...nodeFlags, 'dist/src/main.js'], {
    cwd: resolve(dir),
    env: { ...process.env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', DEMO_DATA: 'false', ...extraEnv },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return { spec, index, port, child, logName, cpu: [], loop: [], rps: [] };
});

const ready = (build) => waitForHealth(`http://127.0.0.1:${build.port}`, build.child, build.logName);

/** --pin: the process `pid` (all its threads, and those it starts later) on the CPUs `cpus` ('0', '1-3'). */
function pin(pid, cpus) {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}
if (options.pin && availableParallelism() < 2) {
  console.error('same-moment: --pin needs two CPUs at least');
  process.exit(2);
}

function load(build, seconds) {
  const base = { url: `http://127.0.0.1:${build.port}`, connections: options.connections, duration: seconds };
  if (!post) return autocannon({ ...base, url: `${base.url}${path}`, headers });
  // Each build its own share of the bench user's bugs: no two builds wait on one row.
  const mine = fixture.visitBugIds.filter((_, i) => i % builds.length === build.index);
  let next = 0;
  const request = {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
    setupRequest: (req) => ({ ...req, path: `${path}/${mine[next++ % mine.length]}` }),
  };
  return autocannon({ ...base, requests: [request] });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

try {
  await Promise.all(builds.map(ready));
  if (options.pin) {
    for (const build of builds) pin(build.child.pid, '0');
    pin(process.pid, `1-${availableParallelism() - 1}`);
  }
  await Promise.all(builds.map((build) => load(build, 3)));
  for (let round = 0; round < options.rounds; round++) {
    const before = builds.map((build) => serviceTicks(build.child.pid));
    const loopBefore = builds.map((build) => mainThreadTicks(servingPid(build.child.pid)));
    const results = await Promise.all(builds.map((build) => load(build, options.duration)));
    builds.forEach((build, i) => {
      const { total } = results[i].requests;
      if (results[i].non2xx || results[i].errors) console.warn(`${build.spec}: ${results[i].non2xx} non-2xx answers, ${results[i].errors} errors`);
      build.cpu.push(total ? ((serviceTicks(build.child.pid) - before[i]) * 10_000) / total : NaN);
      build.loop.push(total ? ((mainThreadTicks(servingPid(build.child.pid)) - loopBefore[i]) * 10_000) / total : NaN);
      build.rps.push(results[i].requests.average);
    });
  }
  console.log(`${options.path} at ${options.connections} connections per build, ${options.rounds} rounds of ${options.duration} s, all builds at once:`);
  for (const build of builds) {
    console.log(
      `  ${build.spec.padEnd(32)} CPU ${median(build.cpu).toFixed(1).padStart(7)} µs/req (rounds: ${build.cpu.map((x) => x.toFixed(0)).join(', ')}), ` +
        `event loop ${median(build.loop).toFixed(1)} µs/req  ${median(build.rps).toFixed(0)} req/s`,
    );
  }
  const [first, ...others] = builds;
  for (const build of others) {
    const ratio = median(first.cpu.map((cpu, i) => build.cpu[i] / cpu));
    const loopRatio = median(first.loop.map((loop, i) => build.loop[i] / loop));
    console.log(
      `  ${build.spec} / ${first.spec}: ${ratio.toFixed(3)} of the CPU per request, ${loopRatio.toFixed(3)} of the event loop's (medians of the rounds' ratios)`,
    );
  }
} finally {
  await Promise.all(builds.map((build) => stopProcess(build.child)));
}
