// `npm run bench -- --tls [--rounds 3] [--duration 5] [--connections 10] [--handshake-url host:port,...]`:
// the price of HTTPS (SPEC §18) on the bench data (`npm run bench:data`):
//
// - keep-alive reads: the big product read over HTTPS against the same read over plain HTTP, the same build
//   started twice (one with TLS_CERT_FILE/TLS_KEY_FILE, a certificate made here with openssl), autocannon at
//   --connections for --duration seconds each, back to back in turning order: goal, HTTPS ≥ 0.7× plain.
// - new handshakes per second: `openssl s_time -new` for --duration seconds against the service, and against
//   each --handshake-url (another server on this machine: Apache's mod_ssl, nginx) for comparison.
//
// Ports: BENCH_PORT (3187) + 10 plain, + 11 HTTPS. Results: bench/results/tls.{json,md}.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchFixture, median, RESULTS, startBuiltService } from './bench-service.mjs';
import { waitForHealth } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

function parseArgs(argv) {
  const options = { rounds: 3, duration: 5, connections: 10, handshakeUrls: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--tls') continue;
    else if (flag === '--rounds') options.rounds = Math.max(1, Number(value()));
    else if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--handshake-url') options.handshakeUrls = value().split(',').filter(Boolean);
    else throw new Error(`bench --tls: unknown option '${argv[i]}'`);
  }
  return options;
}

function reads(url, path, headers, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}${path}`, connections, duration, headers }, (error, result) =>
      error ? reject(error) : resolve({ rps: result.requests.average, non2xx: result.non2xx + result.errors }),
    );
  });
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
    for (const url of [plainUrl, httpsUrl]) await reads(url, path, headers, options.connections, 2);

    // Each read as a client that takes the plain bytes (autocannon's default) and as one that asks for br
    // (browsers; python-bugzilla asks for gzip): what TLS costs grows with the bytes it encrypts.
    const variants = { plain: headers, br: { ...headers, 'accept-encoding': 'br' } };
    const rounds = [];
    for (let round = 0; round < options.rounds; round++) {
      const measured = {};
      for (const [variant, variantHeaders] of Object.entries(variants)) {
        const order = round % 2 === 0 ? [plainUrl, httpsUrl] : [httpsUrl, plainUrl];
        const pair = {};
        for (const url of order)
          pair[url] = await reads(url, path, variantHeaders, options.connections, options.duration);
        measured[variant] = { plain: pair[plainUrl], https: pair[httpsUrl] };
        console.log(
          `round ${round + 1}, ${variant} body: http ${pair[plainUrl].rps.toFixed(0)}, https ${pair[httpsUrl].rps.toFixed(0)} req/s`,
        );
      }
      rounds.push(measured);
    }
    const handshakes = { service: handshakesPerSecond(`127.0.0.1:${port + 11}`, options.duration) };
    for (const hostPort of options.handshakeUrls)
      handshakes[hostPort] = handshakesPerSecond(hostPort, options.duration);
    const of = (variant) => {
      const plainRps = median(rounds.map((r) => r[variant].plain.rps));
      const httpsRps = median(rounds.map((r) => r[variant].https.rps));
      return { plainRps, httpsRps, ratio: median(rounds.map((r) => r[variant].https.rps / r[variant].plain.rps)) };
    };
    const summary = {
      at: new Date().toISOString(),
      options,
      plainBody: of('plain'),
      brBody: of('br'),
      non2xx: rounds.reduce((n, r) => n + Object.values(r).reduce((m, v) => m + v.plain.non2xx + v.https.non2xx, 0), 0),
      handshakes,
      rounds,
    };
    writeFileSync(join(RESULTS, 'tls.json'), `${JSON.stringify(summary, null, 2)}\n`);
    const row = (what, { plainRps, httpsRps, ratio }) =>
      `| ${what}: plain HTTP ${plainRps.toFixed(0)} req/s, HTTPS ${httpsRps.toFixed(0)} req/s | ${ratio.toFixed(2)}× | at least 0.7× |\n`;
    const md =
      `| measure (${options.connections} connections, keep-alive) | HTTPS / HTTP, median of ${options.rounds} rounds | goal |\n|---|---:|---|\n` +
      row('the big product, plain body', summary.plainBody) +
      row('the big product, br body', summary.brBody) +
      Object.entries(handshakes)
        .map(([who, rate]) => `| new TLS handshakes per second, ${who} (openssl s_time -new) | ${rate.toFixed(0)} | |`)
        .join('\n') +
      `\n| non-2xx answers or errors | ${summary.non2xx} | 0 |\n`;
    writeFileSync(join(RESULTS, 'tls.md'), md);
    console.log(`\n${md}`);
    return 0;
  } finally {
    for (const child of children) await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
