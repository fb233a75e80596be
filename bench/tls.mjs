// `npm run bench -- --tls [--rounds 3] [--duration 5] [--connections 10] [--pin] [--no-h2load] [--rps N] [--handshake-url host:port,...]`:
// the price of HTTPS (SPEC §18) on the bench data (`npm run bench:data`):
//
// - keep-alive reads: the big product read over HTTPS against the same read over plain HTTP, the same build
//   started twice (one with TLS_CERT_FILE/TLS_KEY_FILE, a certificate made here with openssl), each client at
//   --connections for --duration seconds a run, plain and HTTPS back to back in turning order, taking the plain
//   body (68 KB) and asking for br. Goal: HTTPS ≥ 0.7× plain. Two figures per pair:
//   - req/s, as the client saw them. The clients run on the same two cores as the service and decrypt what it
//     encrypts, so this ratio mixes the client's price of TLS with the service's: autocannon (Node's TLS, driven
//     from JavaScript) and, when installed (scripts/ensure-nghttp2.sh), h2load --h1 (C, OpenSSL), a far cheaper
//     client.
//   - the service's own CPU per request (its processes' user + system time over the run, /proc, divided by
//     the answers): HTTP's over HTTPS's is the throughput ratio the service would have if it alone used the
//     CPU, and the figure least moved by whatever else runs on the machine.
//   With h2load, also HTTPS over HTTP/2 (as browsers read), its CPU per request against plain HTTP/1.1's.
//   The plain body is read from the ceiling too (bench/ceiling-server.mjs, a bare Fastify replaying the same
//   answer, plain and over the service's TLS): what Node's TLS costs for these bytes with no service around it.
//   --pin puts the services on CPU 0 and the clients on CPU 1 (taskset). --rps N has each h2load connection send
//   N requests a second (h2load --rps), so that HTTP/1.1 and HTTP/2 are read at one rate: a Node server's CPU per
//   request falls as its rate rises, and as fast as the client goes HTTP/1.1 runs at 2-3.5x HTTP/2's rate
//   (autocannon still reads as fast as it goes).
// - new handshakes per second: `openssl s_time -new` for --duration seconds against the service, and against
//   each --handshake-url (another server on this machine: Apache's mod_ssl, nginx) for comparison.
//
// Ports: BENCH_PORT (3187) + 10 plain, + 11 HTTPS, + 12 and + 13 the ceiling's. Results: bench/results/tls.{json,md}.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchFixture, median, RESULTS, root, startBuiltService } from './bench-service.mjs';
import { serviceTicks, waitForHealth, workerPids } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

function parseArgs(argv) {
  const options = { rounds: 3, duration: 5, connections: 10, pin: false, h2load: true, rps: 0, handshakeUrls: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--tls') continue;
    else if (flag === '--rounds') options.rounds = Math.max(1, Number(value()));
    else if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--pin') options.pin = true;
    else if (flag === '--no-h2load') options.h2load = false;
    else if (flag === '--rps') options.rps = Number(value());
    else if (flag === '--handshake-url') options.handshakeUrls = value().split(',').filter(Boolean);
    else throw new Error(`bench --tls: unknown option '${argv[i]}'`);
  }
  return options;
}

/** The service's CPU per answer over `run` (µs): its supervisor's and workers' ticks, divided by the answers. */
async function withServiceCpu(pid, run) {
  const ticksBefore = serviceTicks(pid);
  const result = await run();
  return { ...result, cpuUs: ((serviceTicks(pid) - ticksBefore) * 10_000) / Math.max(1, result.answers) };
}

function autocannonReads(url, path, headers, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}${path}`, connections, duration, headers }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: result.requests.average,
            answers: result.requests.total,
            non2xx: result.non2xx + result.errors,
          }),
    );
  });
}

/**
 * h2load for `duration` seconds: HTTP/1.1 with `h1` (over TLS or not, as `url` says), else HTTP/2 over TLS; at
 * `rps` requests a second per connection when given, else as fast as it goes.
 */
function h2loadReads(url, path, headers, connections, duration, h1, rps) {
  const output = execFileSync(
    'h2load',
    [
      ...(h1 ? ['--h1'] : []),
      ...(rps > 0 ? ['--rps', String(rps)] : []),
      '-D',
      String(duration),
      '-c',
      String(connections),
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      `${url}${path}`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const number = (pattern) => Number(pattern.exec(output)?.[1] ?? NaN);
  const answers = number(/(\d+) succeeded/);
  return {
    rps: number(/finished in [\d.]+m?s, ([\d.]+) req\/s/),
    answers,
    // Failed, errored or timed out, and the answers that were not 2xx.
    non2xx:
      number(/(\d+) failed/) +
      number(/(\d+) errored/) +
      number(/(\d+) timeout/) +
      number(/(\d+) 3xx/) +
      number(/(\d+) 4xx/) +
      number(/(\d+) 5xx/),
    cipher: /Cipher: (\S+)/.exec(output)?.[1],
  };
}

function hasH2load() {
  try {
    execFileSync('h2load', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Every thread of `pids` onto CPU `cpu` (taskset). */
function pin(pids, cpu) {
  for (const pid of pids) execFileSync('taskset', ['-a', '-c', '-p', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** New TLS connections a second (`openssl s_time -new`: a full handshake each, no session reuse). */
function handshakesPerSecond(hostPort, seconds) {
  const output = execFileSync('openssl', ['s_time', '-connect', hostPort, '-new', '-time', String(seconds)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const match = /(\d+) connections in ([\d.]+)s/.exec(output);
  return match ? Number(match[1]) / Number(match[2]) : NaN;
}

export async function tls(argv) {
  const options = parseArgs(argv);
  const fixture = benchFixture('--tls');
  if (!fixture) return 2;
  if (options.h2load && !hasH2load()) {
    console.log('bench --tls: no h2load (scripts/ensure-nghttp2.sh installs it): autocannon only.');
    options.h2load = false;
  }
  const port = Number(process.env.BENCH_PORT || 3187);
  const plainUrl = `http://127.0.0.1:${port + 10}`;
  const httpsUrl = `https://127.0.0.1:${port + 11}`;
  const path = `/rest/product?names=${encodeURIComponent(fixture.bigProduct)}`;
  const headers = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
  const dir = mkdtempSync(join(tmpdir(), 'bzp-bench-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const children = [];
  const start = (name, env) => {
    const child = startBuiltService(name, fixture, env);
    children.push(child);
    return child;
  };
  try {
    const plain = start('tls-plain', { PORT: String(port + 10) });
    const secure = start('tls-https', {
      PORT: String(port + 11),
      TLS_CERT_FILE: join(dir, 'cert.pem'),
      TLS_KEY_FILE: join(dir, 'key.pem'),
      NODE_TLS_REJECT_UNAUTHORIZED: '0',
    });
    await waitForHealth(plainUrl, plain, 'tls-plain');
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    await waitForHealth(httpsUrl, secure, 'tls-https');
    const ceilingPlainUrl = `http://127.0.0.1:${port + 12}`;
    const ceilingHttpsUrl = `https://127.0.0.1:${port + 13}`;
    const startCeiling = (name, env) => {
      const log = openSync(join(RESULTS, `${name}.log`), 'w');
      const child = spawn(process.execPath, ['bench/ceiling-server.mjs'], {
        cwd: root,
        env: { ...process.env, SOURCE: plainUrl, API_KEY: fixture.benchUser.apiKey, PATHS: path, ...env },
        stdio: ['ignore', log, log],
      });
      closeSync(log);
      children.push(child);
      return child;
    };
    const ceilingPlain = startCeiling('tls-ceiling-plain', { PORT: String(port + 12) });
    const ceilingSecure = startCeiling('tls-ceiling-https', {
      PORT: String(port + 13),
      TLS_CERT_FILE: join(dir, 'cert.pem'),
      TLS_KEY_FILE: join(dir, 'key.pem'),
    });
    await waitForHealth(ceilingPlainUrl, ceilingPlain, 'tls-ceiling-plain');
    await waitForHealth(ceilingHttpsUrl, ceilingSecure, 'tls-ceiling-https');
    if (options.pin) {
      // The services (their workers are forked by now) on CPU 0; this process, autocannon and h2load on CPU 1.
      pin(
        [plain, secure, ceilingPlain, ceilingSecure].flatMap((child) => [child.pid, ...workerPids(child.pid)]),
        0,
      );
      pin([process.pid], 1);
    }
    const pidOf = {
      [plainUrl]: plain.pid,
      [httpsUrl]: secure.pid,
      [ceilingPlainUrl]: ceilingPlain.pid,
      [ceilingHttpsUrl]: ceilingSecure.pid,
    };
    for (const url of Object.keys(pidOf)) await autocannonReads(url, path, headers, options.connections, 2);
    const loadBefore = loadavg()[0];

    // Each read as a client that takes the plain bytes (autocannon's default) and as one that asks for br
    // (browsers; python-bugzilla asks for gzip): what TLS costs grows with the bytes it encrypts.
    const variants = { plain: headers, br: { ...headers, 'accept-encoding': 'br' } };
    const clients = {
      autocannon: (url, variantHeaders) =>
        autocannonReads(url, path, variantHeaders, options.connections, options.duration),
      ...(options.h2load && {
        h2load: async (url, variantHeaders) =>
          h2loadReads(url, path, variantHeaders, options.connections, options.duration, true, options.rps),
      }),
    };
    const rounds = [];
    for (let round = 0; round < options.rounds; round++) {
      const measured = {};
      for (const [variant, variantHeaders] of Object.entries(variants)) {
        measured[variant] = {};
        for (const [client, reads] of Object.entries(clients)) {
          const order = round % 2 === 0 ? [plainUrl, httpsUrl] : [httpsUrl, plainUrl];
          const pair = {};
          for (const url of order) pair[url] = await withServiceCpu(pidOf[url], () => reads(url, variantHeaders));
          measured[variant][client] = { plain: pair[plainUrl], https: pair[httpsUrl] };
          console.log(
            `round ${round + 1}, ${variant} body, ${client}: ` +
              `http ${pair[plainUrl].rps.toFixed(0)} req/s ${pair[plainUrl].cpuUs.toFixed(0)} µs, ` +
              `https ${pair[httpsUrl].rps.toFixed(0)} req/s ${pair[httpsUrl].cpuUs.toFixed(0)} µs`,
          );
          // The ceiling replays the plain answer only (what it fetched); its br counterpart would be another answer.
          if (variant !== 'plain') continue;
          const ceilingOrder =
            round % 2 === 0 ? [ceilingPlainUrl, ceilingHttpsUrl] : [ceilingHttpsUrl, ceilingPlainUrl];
          for (const url of ceilingOrder)
            pair[url] = await withServiceCpu(pidOf[url], () => reads(url, variantHeaders));
          measured[variant][`${client} ceiling`] = { plain: pair[ceilingPlainUrl], https: pair[ceilingHttpsUrl] };
          console.log(
            `round ${round + 1}, ${variant} body, ${client}, the ceiling: ` +
              `http ${pair[ceilingPlainUrl].rps.toFixed(0)} req/s ${pair[ceilingPlainUrl].cpuUs.toFixed(0)} µs, ` +
              `https ${pair[ceilingHttpsUrl].rps.toFixed(0)} req/s ${pair[ceilingHttpsUrl].cpuUs.toFixed(0)} µs`,
          );
        }
        if (options.h2load) {
          // HTTP/2 has no plain counterpart here (h2c is not served): compared with HTTP/1.1's plain run above.
          measured[variant].h2 = await withServiceCpu(secure.pid, async () =>
            h2loadReads(httpsUrl, path, variantHeaders, options.connections, options.duration, false, options.rps),
          );
          console.log(
            `round ${round + 1}, ${variant} body, h2load h2: ${measured[variant].h2.rps.toFixed(0)} req/s ${measured[variant].h2.cpuUs.toFixed(0)} µs`,
          );
        }
      }
      rounds.push(measured);
    }
    const loadAfter = loadavg()[0];
    const handshakes = { service: handshakesPerSecond(`127.0.0.1:${port + 11}`, options.duration) };
    for (const hostPort of options.handshakeUrls)
      handshakes[hostPort] = handshakesPerSecond(hostPort, options.duration);

    /** Medians over the rounds; ratios are the medians of each round's ratio (HTTPS over HTTP for req/s, HTTP over HTTPS for CPU). */
    const of = (variant, client) => {
      const pairs = rounds.map((r) => r[variant][client]);
      return {
        plainRps: median(pairs.map((p) => p.plain.rps)),
        httpsRps: median(pairs.map((p) => p.https.rps)),
        rpsRatio: median(pairs.map((p) => p.https.rps / p.plain.rps)),
        plainCpuUs: median(pairs.map((p) => p.plain.cpuUs)),
        httpsCpuUs: median(pairs.map((p) => p.https.cpuUs)),
        cpuRatio: median(pairs.map((p) => p.plain.cpuUs / p.https.cpuUs)),
        cipher: pairs.find((p) => p.https.cipher)?.https.cipher,
      };
    };
    const h2Of = (variant) => ({
      httpsRps: median(rounds.map((r) => r[variant].h2.rps)),
      httpsCpuUs: median(rounds.map((r) => r[variant].h2.cpuUs)),
      plainCpuUs: median(rounds.map((r) => r[variant].h2load.plain.cpuUs)),
      cpuRatio: median(rounds.map((r) => r[variant].h2load.plain.cpuUs / r[variant].h2.cpuUs)),
    });
    const summary = { at: new Date().toISOString(), options, loadAverage: { before: loadBefore, after: loadAfter } };
    for (const variant of Object.keys(variants)) {
      summary[variant] = {};
      for (const client of Object.keys(rounds[0][variant]).filter((key) => key !== 'h2'))
        summary[variant][client] = of(variant, client);
      if (options.h2load) summary[variant].h2 = h2Of(variant);
    }
    summary.non2xx = rounds.reduce(
      (n, round) =>
        n +
        Object.values(round).reduce(
          (m, byClient) =>
            m +
            Object.entries(byClient).reduce(
              (k, [client, runs]) => k + (client === 'h2' ? runs.non2xx : runs.plain.non2xx + runs.https.non2xx),
              0,
            ),
          0,
        ),
      0,
    );
    summary.handshakes = handshakes;
    summary.rounds = rounds;
    writeFileSync(join(RESULTS, 'tls.json'), `${JSON.stringify(summary, null, 2)}\n`);

    const n = (value) => Math.round(value).toLocaleString('en-US');
    const x = (value) => `${value.toFixed(2)}×`;
    const goal = (value) => (value >= 0.7 ? 'met' : 'not met');
    const bodies = { plain: 'plain body (68 KB)', br: 'br body (1.5 KB)' };
    const clientNames = { autocannon: 'autocannon', h2load: 'h2load --h1' };
    let md =
      `| the big product, ${options.connections} keep-alive connections, median of ${options.rounds} rounds | client | plain HTTP: req/s, service µs/req | HTTPS: req/s, service µs/req | req/s HTTPS / HTTP | service CPU/req HTTP / HTTPS | goal ≥ 0.7× by CPU |\n` +
      '|---|---|---:|---:|---:|---:|---|\n';
    for (const variant of Object.keys(variants)) {
      for (const client of Object.keys(summary[variant]).filter((key) => key !== 'h2')) {
        const r = summary[variant][client];
        const [who, ceiling] = client.split(' ');
        md += `| ${bodies[variant]}${ceiling ? ', the ceiling (bare Fastify, the same bytes)' : ''} | ${clientNames[who]}${r.cipher ? ` (${r.cipher})` : ''} | ${n(r.plainRps)}, ${r.plainCpuUs.toFixed(0)} | ${n(r.httpsRps)}, ${r.httpsCpuUs.toFixed(0)} | ${x(r.rpsRatio)} | ${x(r.cpuRatio)} | ${ceiling ? '' : goal(r.cpuRatio)} |\n`;
      }
      if (options.h2load) {
        const r = summary[variant].h2;
        md += `| ${bodies[variant]}, HTTPS over HTTP/2 | h2load | (HTTP/1.1 above) ${r.plainCpuUs.toFixed(0)} | ${n(r.httpsRps)}, ${r.httpsCpuUs.toFixed(0)} | | ${x(r.cpuRatio)} | ${goal(r.cpuRatio)} |\n`;
      }
    }
    md +=
      Object.entries(handshakes)
        .map(([who, rate]) => `| new TLS handshakes per second, ${who} (openssl s_time -new) | | | ${n(rate)} | | | |`)
        .join('\n') +
      `\n| non-2xx answers or errors | | | ${summary.non2xx} | | | 0 |\n` +
      `\nLoad average (1 min) ${loadBefore.toFixed(1)} before the reads, ${loadAfter.toFixed(1)} after${options.pin ? '; services pinned to CPU 0, clients to CPU 1' : ''}${options.rps > 0 ? `; h2load at ${options.rps} req/s a connection` : ''}.\n`;
    writeFileSync(join(RESULTS, 'tls.md'), md);
    console.log(`\n${md}`);
    return 0;
  } finally {
    for (const child of children) await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
