// `npm run bench -- --front [--rounds 3] [--duration 5] [--connections 10]`: the price of being the front
// of a Bugzilla (SPEC §13), on the bench data (`npm run bench:data`):
//
// - served: GET /rest/product?names=<big product> from the service with BUGZILLA_URL set, against the
//   same build without it (req/s and p50, measured back to back in each round): within 10 %.
// - passed: GET /rest/bug/1 through the front, against the same request sent straight to the stand-in
//   Bugzilla (bench/bugzilla-stand-in.mjs, answering after BENCH_BUGZILLA_DELAY_MS, default 5 ms, as a
//   Bugzilla's own time), one connection: the front adds at most 1 ms to the median.
//
// - the floor: the same passed GET through a bare Node + undici proxy (bench/proxy-floor.mjs), what any
//   extra hop costs on this machine, so that the front's own share can be told from the machine's.
//
// Ports: BENCH_PORT (3187) the service alone, +5 the front, +6 the stand-in, +7 the floor.
// Results: bench/results/front.{json,md}.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serviceTicks, waitForHealth } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');

function parseArgs(argv) {
  const options = { rounds: 3, duration: 5, connections: 10, logLevel: 'info' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--front') continue;
    else if (flag === '--rounds') options.rounds = Math.max(1, Number(value()));
    else if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--log-level') options.logLevel = value();
    else throw new Error(`bench --front: unknown option '${argv[i]}'`);
  }
  return options;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * One autocannon run: req/s, the exact median latency (ms) of its 2xx answers, and the CPU time the
 * process `pid` spent per request (ms; /proc ticks of 10 ms, over thousands of requests). On a shared
 * machine whose other load comes and goes, CPU per request is the steadier measure of what a request costs.
 */
function measure(url, path, headers, connections, duration, pid) {
  const latencies = [];
  const ticksBefore = pid ? serviceTicks(pid) : 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration, pipelining: 1, requests: [{ method: 'GET', path, headers }] },
      (error, result) => {
        if (error) return reject(error);
        const non2xx = result.non2xx + result.errors;
        const cpuMsPerRequest = pid
          ? ((serviceTicks(pid) - ticksBefore) * 10) / Math.max(1, result.requests.total)
          : null;
        resolve({ rps: result.requests.average, p50: median(latencies), non2xx, cpuMsPerRequest });
      },
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status >= 200 && status < 300) latencies.push(time);
    });
  });
}

export async function front(argv) {
  const options = parseArgs(argv);
  const fixturePath = join(RESULTS, 'fixture.json');
  if (!existsSync(fixturePath)) {
    console.error('bench --front: no bench/results/fixture.json: run `npm run bench:data` first.');
    return 2;
  }
  const fixture = JSON.parse(readFileSync(fixturePath, 'utf8'));
  const databaseUrl = process.env.DATABASE_URL || fixture.databaseUrl;
  const port = Number(process.env.BENCH_PORT || 3187);
  const alone = `http://127.0.0.1:${port}`;
  const frontUrl = `http://127.0.0.1:${port + 5}`;
  const bugzillaPort = port + 6;
  const bugzilla = `http://127.0.0.1:${bugzillaPort}`;
  const delayMs = process.env.BENCH_BUGZILLA_DELAY_MS ?? '5';
  const auth = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
  const productPath = `/rest/product?names=${encodeURIComponent(fixture.bigProduct)}`;

  mkdirSync(RESULTS, { recursive: true });
  const children = [];
  const start = (name, script, env) => {
    const log = openSync(join(RESULTS, `${name}.log`), 'w');
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    children.push(child);
    return child;
  };
  const serviceEnv = (servicePort, extra = {}) => ({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(servicePort),
    LOG_LEVEL: options.logLevel,
    DEMO_DATA: 'false',
    ...extra,
  });
  try {
    start('front-bugzilla', 'bench/bugzilla-stand-in.mjs', {
      BENCH_BUGZILLA_PORT: String(bugzillaPort),
      BENCH_BUGZILLA_DELAY_MS: delayMs,
    });
    const floorChild = start('front-floor', 'bench/proxy-floor.mjs', {
      BENCH_BUGZILLA_PORT: String(bugzillaPort),
      BENCH_FLOOR_PORT: String(port + 7),
    });
    const floor = `http://127.0.0.1:${port + 7}`;
    const aloneChild = start('front-alone', 'dist/src/main.js', serviceEnv(port));
    const frontChild = start('front-front', 'dist/src/main.js', serviceEnv(port + 5, { BUGZILLA_URL: `${bugzilla}/` }));
    await waitForHealth(alone, aloneChild, 'front-alone');
    await waitForHealth(frontUrl, frontChild, 'front-front');

    // Warm-up: every path once at load.
    for (const [url, path, headers] of [
      [alone, productPath, auth],
      [frontUrl, productPath, auth],
      [bugzilla, '/rest/bug/1', {}],
      [frontUrl, '/rest/bug/1', {}],
      [floor, '/rest/bug/1', {}],
    ]) {
      await measure(url, path, headers, options.connections, 2);
    }

    const rounds = [];
    for (let round = 0; round < options.rounds; round++) {
      // Each pair back to back, the order swapped every round (A B, B A, ...): the machine's drift within a
      // round then favours neither side.
      const pair = async (a, b) => (round % 2 === 0 ? [await a(), await b()] : [await b(), await a()].reverse());
      const [servedAlone, servedFront] = await pair(
        () => measure(alone, productPath, auth, options.connections, options.duration, aloneChild.pid),
        () => measure(frontUrl, productPath, auth, options.connections, options.duration, frontChild.pid),
      );
      const [bugzillaOwn, passed] = await pair(
        () => measure(bugzilla, '/rest/bug/1', {}, 1, options.duration),
        () => measure(frontUrl, '/rest/bug/1', {}, 1, options.duration, frontChild.pid),
      );
      const floored = await measure(floor, '/rest/bug/1', {}, 1, options.duration, floorChild.pid);
      rounds.push({ servedAlone, servedFront, bugzillaOwn, passed, floored });
      console.log(
        `round ${round + 1}: served ${servedFront.rps.toFixed(0)} vs ${servedAlone.rps.toFixed(0)} req/s ` +
          `(${((servedFront.rps / servedAlone.rps) * 100).toFixed(1)} %), CPU ${servedFront.cpuMsPerRequest.toFixed(3)} vs ` +
          `${servedAlone.cpuMsPerRequest.toFixed(3)} ms/req, p50 ${servedFront.p50.toFixed(2)} vs ${servedAlone.p50.toFixed(2)} ms; ` +
          `passed p50 ${passed.p50.toFixed(2)} ms vs Bugzilla's own ${bugzillaOwn.p50.toFixed(2)} ms ` +
          `(+${(passed.p50 - bugzillaOwn.p50).toFixed(2)} ms; the front's CPU ${passed.cpuMsPerRequest.toFixed(3)} ms/req); ` +
          `bare proxy floor +${(floored.p50 - bugzillaOwn.p50).toFixed(2)} ms, ${floored.cpuMsPerRequest.toFixed(3)} ms/req`,
      );
    }
    const ratio = median(rounds.map((r) => r.servedFront.rps / r.servedAlone.rps));
    const cpuRatio = median(rounds.map((r) => r.servedFront.cpuMsPerRequest / r.servedAlone.cpuMsPerRequest));
    const added = median(rounds.map((r) => r.passed.p50 - r.bugzillaOwn.p50));
    const passedCpu = median(rounds.map((r) => r.passed.cpuMsPerRequest));
    const floorAdded = median(rounds.map((r) => r.floored.p50 - r.bugzillaOwn.p50));
    const floorCpu = median(rounds.map((r) => r.floored.cpuMsPerRequest));
    const errors = rounds.reduce(
      (n, r) =>
        n + r.servedAlone.non2xx + r.servedFront.non2xx + r.bugzillaOwn.non2xx + r.passed.non2xx + r.floored.non2xx,
      0,
    );
    const summary = {
      at: new Date().toISOString(),
      options,
      bugzillaDelayMs: Number(delayMs),
      servedThroughputRatio: ratio,
      servedCpuPerRequestRatio: cpuRatio,
      passedFrontCpuMsPerRequest: passedCpu,
      floorAddedMedianMs: floorAdded,
      floorCpuMsPerRequest: floorCpu,
      passedAddedMedianMs: added,
      errors,
      rounds,
      verdict: {
        served: ratio >= 0.9 ? 'within 10 %' : 'more than 10 % slower',
        passed: added <= 1 ? 'at most 1 ms' : 'more than 1 ms',
      },
    };
    writeFileSync(join(RESULTS, 'front.json'), `${JSON.stringify(summary, null, 2)}\n`);
    const md =
      `| measure | median of ${options.rounds} rounds | goal |\n|---|---:|---|\n` +
      `| served product read, front / alone (req/s, ${options.connections} connections) | ${(ratio * 100).toFixed(1)} % | at least 90 % |\n` +
      `| served product read, front / alone (server CPU per request) | ${(cpuRatio * 100).toFixed(1)} % | at most 110 % |\n` +
      `| passed GET, the front's CPU per request | ${passedCpu.toFixed(3)} ms | |\n` +
      `| the same through a bare Node + undici proxy: median added, CPU per request | ${floorAdded.toFixed(2)} ms, ${floorCpu.toFixed(3)} ms | (the machine's floor) |\n` +
      `| passed GET, median added to Bugzilla's own (${delayMs} ms) time, 1 connection | ${added.toFixed(2)} ms | at most 1 ms |\n` +
      `| non-2xx answers or errors | ${errors} | 0 |\n`;
    writeFileSync(join(RESULTS, 'front.md'), md);
    console.log(`\n${md}`);
    return ratio >= 0.9 && added <= 1 && errors === 0 ? 0 : 1;
  } finally {
    await Promise.all(children.map(stopProcess));
  }
}
