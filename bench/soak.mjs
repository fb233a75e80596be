// `npm run bench -- --soak [--minutes 60] [--reload-every 10] [--rate 300] [--connections 20] [--workers 2]`:
// the front door over a long run (SPEC §13 with §17), on the bench data (`npm run bench:data`).
//
// The service runs from an installed copy of the build (bench/installed-copy.mjs) in front of the stand-in
// Bugzilla (bench/bugzilla-stand-in.mjs, 5 ms per answer), under `--connections` keep-alive connections at
// `--rate` requests per second in all, each connection going round a mix like a Bugzilla site's:
// pages and bug reads passed to Bugzilla (show_bug.cgi, buglist.cgi, GET /rest/bug/N), product reads
// served by the service (REST by name and by id, product_accessible, XML-RPC Product.get), last visits
// written and read, /health. Every `--reload-every` minutes the copy is upgraded (a new version in its
// package.json) and reloaded by SIGHUP.
//
// Measured: every answer's outcome (failed = error, timeout, reset or not 2xx: must be 0), the time from
// each SIGHUP to the new version serving, p99 latency per interval, and resident memory every 30 s of
// the supervisor (which lives through every reload) and of the serving workers (new at each reload):
// memory flat means the supervisor's last sample within a few MB of its first after warm-up, and each
// interval's workers ending where the first interval's did.
//
// Results: bench/results/soak.{json,md}; the service's log: bench/results/soak-service.log.
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { healthVersion, installedCopy, rssMb, sleep } from './installed-copy.mjs';
import { freePort, waitForHealth, workerPids } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');

function parseArgs(argv) {
  const options = { minutes: 60, reloadEvery: 10, rate: 300, connections: 20, workers: 2 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => Number(inline ?? argv[++i]);
    if (flag === '--soak') continue;
    else if (flag === '--minutes') options.minutes = value();
    else if (flag === '--reload-every') options.reloadEvery = value();
    else if (flag === '--rate') options.rate = value();
    else if (flag === '--connections') options.connections = value();
    else if (flag === '--workers') options.workers = value();
    else throw new Error(`bench --soak: unknown option '${argv[i]}'`);
  }
  return options;
}

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The requests each connection goes round: what a Bugzilla site in front of which the service stands is sent. */
function siteMix(fixture) {
  const auth = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
  const bug = fixture.visitBugIds[0];
  const product = encodeURIComponent(fixture.bigProduct);
  const productGet =
    '<?xml version="1.0"?><methodCall><methodName>Product.get</methodName><params><param><value><struct>' +
    `<member><name>names</name><value><array><data><value><string>${fixture.bigProduct}</string></value></data></array></value></member>` +
    '<member><name>include_fields</name><value><array><data><value><string>id</string></value><value><string>name</string></value></data></array></value></member>' +
    '</struct></value></param></params></methodCall>';
  return [
    { method: 'GET', path: `/rest/product?names=${product}`, headers: auth },
    { method: 'GET', path: `/show_bug.cgi?id=${bug}` },
    { method: 'GET', path: '/rest/product_accessible', headers: auth },
    { method: 'POST', path: `/rest/bug_user_last_visit/${bug}`, headers: auth },
    { method: 'GET', path: `/rest/bug/${bug}` },
    { method: 'GET', path: `/rest/bug_user_last_visit/${bug}`, headers: auth },
    { method: 'POST', path: '/xmlrpc.cgi', headers: { ...auth, 'content-type': 'text/xml' }, body: productGet },
    { method: 'GET', path: `/buglist.cgi?product=${product}` },
    { method: 'GET', path: '/rest/product/1?include_fields=id,name,components.name', headers: auth },
    { method: 'GET', path: '/health' },
  ];
}

export async function soak(argv) {
  const options = parseArgs(argv);
  const fixturePath = process.env.BENCH_FIXTURE_FILE || join(RESULTS, 'fixture.json');
  if (!existsSync(fixturePath)) {
    console.error(`bench --soak: no ${fixturePath}: run \`npm run bench:data\` first.`);
    return 2;
  }
  if (!existsSync(join(root, 'dist', 'src', 'main.js'))) {
    console.error('bench --soak: no dist/: run `npm run build` first.');
    return 2;
  }
  const fixture = JSON.parse(readFileSync(fixturePath, 'utf8'));
  mkdirSync(RESULTS, { recursive: true });
  const [port, bugzillaPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const copy = installedCopy('bench-soak-');
  const standInLog = openSync(join(RESULTS, 'soak-bugzilla.log'), 'w');
  const bugzilla = spawn(process.execPath, [join(root, 'bench', 'bugzilla-stand-in.mjs')], {
    env: { ...process.env, BENCH_BUGZILLA_PORT: String(bugzillaPort), BENCH_BUGZILLA_DELAY_MS: '5' },
    stdio: ['ignore', standInLog, standInLog],
  });
  closeSync(standInLog);
  const log = join(RESULTS, 'soak-service.log');
  writeFileSync(log, '');
  let output = '';
  const service = spawn(process.execPath, [copy.main], {
    cwd: copy.folder,
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL || fixture.databaseUrl,
      BUGZILLA_URL: `http://127.0.0.1:${bugzillaPort}/`,
      HOST: '127.0.0.1',
      PORT: String(port),
      WORKERS: String(options.workers),
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output += chunk;
    appendFileSync(log, chunk);
  };
  service.stdout.on('data', keep);
  service.stderr.on('data', keep);

  const started = Date.now();
  const perSecond = []; // the answers' times, by second of the run: the intervals' percentiles and soak.json's series
  const failures = {};
  let sent = 0;
  let measuring = true;
  const fail = (what) => {
    if (measuring) failures[what] = (failures[what] ?? 0) + 1;
  };
  const memory = [];
  let load;
  let sampler;
  try {
    await waitForHealth(base, service, 'soak-service');
    const sample = () => {
      const workers = workerPids(service.pid);
      memory.push({
        minute: (Date.now() - started) / 60_000,
        supervisorMb: rssMb(service.pid),
        workersMb: workers.map(rssMb),
      });
    };
    sample();
    sampler = setInterval(sample, 30_000);
    load = autocannon({
      url: base,
      connections: options.connections,
      overallRate: options.rate,
      duration: options.minutes * 60 + 120,
      requests: siteMix(fixture),
    });
    load.on('response', (_client, status, _bytes, time) => {
      sent++;
      const second = Math.floor((Date.now() - started) / 1000);
      (perSecond[second] ??= []).push(time);
      if (status < 200 || status >= 300) fail(status);
    });
    load.on('reqError', (error) => fail(error.code ?? error.message));

    const reloads = [];
    const intervals = Math.max(1, Math.round(options.minutes / options.reloadEvery));
    for (let n = 1; n <= intervals; n++) {
      await sleep(options.reloadEvery * 60_000);
      if (n === intervals) break; // the last interval ends the run, not in a reload
      const version = `${copy.version}-soak.${n}`;
      copy.upgrade(version);
      const at = Date.now();
      service.kill('SIGHUP');
      while ((await healthVersion(base)) !== version) {
        if (service.exitCode !== null) throw new Error(`the service exited (${service.exitCode}); see ${log}`);
        if (/Reload failed/.test(output)) throw new Error(`the reload failed; see ${log}`);
        await sleep(50);
      }
      reloads.push({ n, minute: (at - started) / 60_000, toNewVersionMs: Date.now() - at });
      console.log(
        `reload ${n}: new version serving after ${reloads.at(-1).toNewVersionMs} ms; failed so far ${JSON.stringify(failures)}`,
      );
    }
    sample();
    measuring = false;
    load.stop();

    const edges = [started, ...reloads.map((r) => started + r.minute * 60_000), Date.now()];
    /** The answers' times between two moments of the run, to the second. */
    const timesBetween = (from, to) =>
      perSecond.slice(Math.floor((from - started) / 1000), Math.floor((to - started) / 1000)).flatMap((x) => x ?? []);
    const perInterval = edges.slice(1).map((end, i) => {
      const times = timesBetween(edges[i], end);
      const lastWorkers = memory.filter((m) => m.minute * 60_000 + started < end).at(-1);
      return {
        interval: i + 1,
        answers: times.length,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        workersMbAtEnd: lastWorkers?.workersMb ?? [],
      };
    });
    const warm = memory.find((m) => m.minute >= 2) ?? memory[0];
    const summary = {
      at: new Date().toISOString(),
      options,
      fixture: fixturePath,
      answers: sent,
      failures,
      reloads,
      perInterval,
      supervisorMb: {
        afterWarmUp: warm.supervisorMb,
        last: memory.at(-1).supervisorMb,
        max: Math.max(...memory.map((m) => m.supervisorMb)),
      },
      memory,
      // p50 / p99 of each 10 s of the run: where a slowdown starts and whether it lasts.
      latencyByTenSeconds: Array.from({ length: Math.ceil(perSecond.length / 10) }, (_, i) => {
        const times = timesBetween(started + i * 10_000, started + (i + 1) * 10_000);
        return { from: i * 10, answers: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
      }),
    };
    writeFileSync(join(RESULTS, 'soak.json'), `${JSON.stringify(summary, null, 2)}\n`);
    const mb = (n) => n.toFixed(0);
    const md = [
      `Soak through the front: ${options.minutes} min, ${options.connections} keep-alive connections at ${options.rate} req/s, ` +
        `WORKERS=${options.workers}, a reload (upgrade) every ${options.reloadEvery} min (${summary.at}, data: ${fixturePath})`,
      '',
      '| interval | answers | p50 / p99 (ms) | workers RSS at its end (MB) | reload that ended it: SIGHUP → new version (ms) |',
      '|---:|---:|---:|---:|---:|',
      ...perInterval.map(
        (x, i) =>
          `| ${x.interval} | ${x.answers} | ${x.p50?.toFixed(1)} / ${x.p99?.toFixed(1)} | ${x.workersMbAtEnd.map(mb).join(', ')} | ${reloads[i]?.toNewVersionMs ?? '-'} |`,
      ),
      '',
      `Answers: ${sent}; failed: ${JSON.stringify(failures)}. Supervisor RSS: ${mb(summary.supervisorMb.afterWarmUp)} MB after ` +
        `warm-up, ${mb(summary.supervisorMb.last)} MB at the end, ${mb(summary.supervisorMb.max)} MB at most.`,
    ].join('\n');
    writeFileSync(join(RESULTS, 'soak.md'), `${md}\n`);
    console.log(md);
    return Object.keys(failures).length === 0 ? 0 : 1;
  } finally {
    clearInterval(sampler);
    load?.stop();
    await stopProcess(service);
    await stopProcess(bugzilla);
    copy.remove();
  }
}
