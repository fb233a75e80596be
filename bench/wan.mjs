// `npm run bench -- --wan [--rounds 7] [--catalogue-rounds 2] [--slice 100] [--only catalogue,slice,names,product,page]
//                       [--rate-mbit 20] [--rtt-ms 40] [--python-timeout 3600]
//                       [--apache-url URL[,URL...]] [--front-url URL] [--bugzilla-url URL]`
//
// The front door over an emulated internet link (SPEC §18's last item, issue 55 item 5): the service as the
// front of a Perl Bugzilla, against that Perl Bugzilla behind Debian's Apache alone, each reached through a
// relay of this bench's own (bench/wan-relay.mjs: RATE each way, RTT/2 added each way, the TCP handshake's
// round trip charged) and measured as a client on the far side of the link would see it:
//
// - catalogue: python-bugzilla in its default mode (XML-RPC, requests' `Accept-Encoding: gzip, deflate`)
//   asking for the whole catalogue, `Bugzilla.product_get(ptype="accessible")` — what `getproducts()` and
//   every component lookup start with: Product.get_accessible_products, then Product.get of every id;
// - slice: the same for the first --slice (100) accessible products (`product_get(ids=…)`), a call both
//   sides finish at any size;
// - names: the same with `include_fields=["name", "id"]`: what `bugzilla info --products` asks;
// - product: `GET /rest/product?names=<the big product>&Bugzilla_api_key=…` on a new connection, sent with
//   `Accept-Encoding: gzip, deflate, br` as a browser's or curl --compressed's;
// - page: `show_bug.cgi?id=1` in headless Chromium with its assets, a new browser context each time (cold
//   cache, new connections), to the load event.
// Each gives the bytes on the wire both ways (counted by the relay: TCP payload, headers and TLS included)
// and the time to the last byte (the last byte the relay delivered to the client, from the moment the
// client started; for the page, the browser's last responseEnd before the load event); python-bugzilla's
// whole call (its XML parsing included) and Chromium's load event are reported beside it.
//
// The Perl Bugzilla is not started here: stand one up by hand with /work/shared/reference/perl-bugzilla.md
// (Bugzilla 5.2 under Debian's Apache with mod_perl; mod_deflate is on by Debian's default), its localconfig
// pointing at the bench database (`npm run bench:data`; DATABASE_URL as for `npm run bench:data`, else
// bench/results/fixture.json's), then give its address with --apache-url (BENCH_APACHE_URL; default
// http://127.0.0.1:8090/). Several addresses, comma-separated, are several targets (e.g. the same Apache
// over http and https). The front is the built service started here with BUGZILLA_URL=--bugzilla-url
// (BENCH_BUGZILLA_URL; default the first --apache-url) on BENCH_PORT (3187) + 9; with TLS_CERT_FILE and
// TLS_KEY_FILE in the environment it is started with them and reached over https. --front-url
// (BENCH_FRONT_URL) uses a front already running instead. python-bugzilla verifies an https target's
// certificate against --ca-file (BENCH_CA_FILE) when given, else not at all; Chromium and the bench's own
// GETs do not verify (a test certificate). Results: bench/results/wan.{json,md}.
import { fork, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchFixture, median, RESULTS, root, startBuiltService } from './bench-service.mjs';
import { waitForHealth } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

const MEASURES = ['catalogue', 'slice', 'names', 'product', 'page'];

function parseArgs(argv) {
  const options = {
    rounds: 7,
    catalogueRounds: 2,
    slice: 100,
    caFile: process.env.BENCH_CA_FILE || null,
    pythonTimeout: 3600,
    only: MEASURES,
    rateMbit: 20,
    rttMs: 40,
    apacheUrls: (process.env.BENCH_APACHE_URL || 'http://127.0.0.1:8090/').split(','),
    frontUrl: process.env.BENCH_FRONT_URL || null,
    bugzillaUrl: process.env.BENCH_BUGZILLA_URL || null,
    python: process.env.BENCH_PYTHON || '/usr/bin/python3',
    chromium: process.env.BENCH_CHROMIUM || '/usr/bin/chromium',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--wan') continue;
    else if (flag === '--rounds') options.rounds = Math.max(1, Number(value()));
    else if (flag === '--catalogue-rounds') options.catalogueRounds = Math.max(1, Number(value()));
    else if (flag === '--ca-file') options.caFile = value();
    else if (flag === '--slice') options.slice = Number(value());
    else if (flag === '--python-timeout') options.pythonTimeout = Number(value());
    else if (flag === '--only') options.only = value().split(',');
    else if (flag === '--rate-mbit') options.rateMbit = Number(value());
    else if (flag === '--rtt-ms') options.rttMs = Number(value());
    else if (flag === '--apache-url') options.apacheUrls = value().split(',');
    else if (flag === '--front-url') options.frontUrl = value();
    else if (flag === '--bugzilla-url') options.bugzillaUrl = value();
    else throw new Error(`bench --wan: unknown option '${argv[i]}'`);
  }
  const unknown = options.only.filter((m) => !MEASURES.includes(m));
  if (unknown.length) throw new Error(`bench --wan: unknown measure(s) ${unknown.join(', ')} (${MEASURES.join(', ')})`);
  options.apacheUrls = options.apacheUrls.map(withSlash);
  options.bugzillaUrl = withSlash(options.bugzillaUrl || options.apacheUrls[0]);
  return options;
}

const withSlash = (url) => (url.endsWith('/') ? url : `${url}/`);
/** The wall clock in ms with sub-ms precision, comparable between processes (the relay's, python's). */
const epochMs = () => performance.timeOrigin + performance.now();

/** A relay (bench/wan-relay.mjs) in front of `target` (a URL): resolves with its port and its controls. */
async function startRelay(target, options, log) {
  const url = new URL(target);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const child = fork(join(root, 'bench', 'wan-relay.mjs'), ['0', url.hostname, port], {
    env: {
      ...process.env,
      WAN_RATE_BPS: String(options.rateMbit * 1e6),
      WAN_DELAY_MS: String(options.rttMs / 2),
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  const listening = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`relay to ${target} exited (${code})`)));
    child.on('message', (m) => m.listening && resolve(m.listening));
  });
  const ask = (what, key) =>
    new Promise((resolve) => {
      const onMessage = (m) => {
        if (m[key] === undefined) return;
        child.off('message', onMessage);
        resolve(m[key]);
      };
      child.on('message', onMessage);
      child.send(what);
    });
  // The client reaches the relay by the target's own scheme and path: TLS passes through it untouched.
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(listening);
  return { child, url: relayed.toString(), stats: () => ask('stats', 'stats'), reset: () => ask('reset', 'reset') };
}

// python-bugzilla as a user runs it: its own session (requests), its default XML-RPC mode, the API key
// given the way it sends it to Bugzilla 5 (Bugzilla_api_key in each call's parameters). It prints when the
// call started and ended (epoch ms) and what came back, so the relay's last byte can be set against it.
const PYTHON_CLIENT = `
import json, sys, time, bugzilla
url, key, fields, first = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
import os
started = time.time() * 1000
try:
    # Bugzilla() asks Bugzilla.version first: a failure there is the call's failure too.
    bz = bugzilla.Bugzilla(url, api_key=key, tokenfile=None, configpaths=[],
                           sslverify=os.environ.get("REQUESTS_CA_BUNDLE") is not None)
    kwargs = {"ptype": "accessible"}
    if first:
        kwargs = {"ids": bz._backend.product_get_accessible()["ids"][:first]}
    if fields:
        kwargs["include_fields"] = fields.split(",")
    started = time.time() * 1000
    products = bz.product_get(**kwargs)
except Exception as e:
    print(json.dumps({"started": started, "ended": time.time() * 1000, "error": str(e)[:300]}))
    sys.exit(0)
ended = time.time() * 1000
print(json.dumps({"started": started, "ended": ended, "products": len(products),
                  "components": sum(len(p.get("components", [])) for p in products)}))
`;

function runPython(options, url, apiKey, fields, first = 0) {
  return new Promise((resolve, reject) => {
    const child = spawn(options.python, ['-c', PYTHON_CLIENT, `${url}xmlrpc.cgi`, apiKey, fields, String(first)], {
      // A test certificate on an https target: python-bugzilla's sslverify=False above, and no warning per call.
      // python-bugzilla gives up on an answer after 300 s (PYTHONBUGZILLA_REQUESTS_TIMEOUT, its own setting):
      // raised here so that a slow answer is measured rather than lost; the report says which calls took
      // longer than the default would have waited.
      //
      // An https target's certificate is verified against --ca-file (REQUESTS_CA_BUNDLE, as a user of a
      // private CA does); without one, not verified at all — and then the machine's REQUESTS_CA_BUNDLE and
      // CURL_CA_BUNDLE must go, since requests lets them override a session's verify=False.
      env: {
        ...Object.fromEntries(
          Object.entries(process.env).filter(([name]) => name !== 'REQUESTS_CA_BUNDLE' && name !== 'CURL_CA_BUNDLE'),
        ),
        ...(options.caFile ? { REQUESTS_CA_BUNDLE: options.caFile } : {}),
        PYTHONWARNINGS: 'ignore',
        PYTHONBUGZILLA_REQUESTS_TIMEOUT: String(options.pythonTimeout),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`python-bugzilla exited ${code}: ${err.slice(-2000)}`)),
    );
  });
}

/**
 * Waits until the Perl Bugzilla's Apache serves nothing (mod_status's BusyWorkers, Debian's default
 * /server-status, allowed from localhost), at most `pythonTimeout` seconds: a whole-catalogue answer keeps a
 * mod_perl child busy for minutes, and one still working (or one whose client gave up) would take the CPU
 * from the next measurement. Without mod_status it returns at once.
 */
async function untilApacheIdle(options) {
  const deadline = Date.now() + options.pythonTimeout * 1000;
  const statusUrl = `${options.bugzillaUrl}server-status?auto`;
  while (Date.now() < deadline) {
    const answer = await getBody(statusUrl).catch(() => null);
    const busy = Number(/^BusyWorkers: (\d+)/m.exec(answer ?? '')?.[1] ?? NaN);
    if (!(busy > 1)) return; // 1 is the status request itself; NaN: no mod_status
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function getBody(url) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    client
      .get(url, { agent: false, rejectUnauthorized: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(res.statusCode === 200 ? text : null));
      })
      .on('error', reject);
  });
}

/** What a python-bugzilla call brought back, or how it failed (the failure is a result, not the bench's end). */
const pythonWhat = (r) =>
  r.error ? `failed: ${r.error}` : `${r.products} products${r.components ? `, ${r.components} components` : ''}`;

/** One GET on a new connection to its last byte: status, encoding, body bytes as sent, start (epoch ms). */
function getOnce(url, headers) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const started = epochMs();
    const req = client.get(url, { headers, agent: false, rejectUnauthorized: false }, (res) => {
      let body = 0;
      res.on('data', (chunk) => (body += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          encoding: res.headers['content-encoding'] ?? 'identity',
          body,
          started,
          ended: epochMs(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * One cold visit: a new browser context (no cache, new connections), to the load event; then the network is
 * left to settle (the favicon, which Chromium fetches on its own, 157 KB uncompressed in Bugzilla 5.2) so
 * that the relay's count is the whole visit's, the same on every target.
 */
async function loadPage(browser, url, relay) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    let requests = 0;
    let failed = 0;
    page.on('requestfinished', () => requests++);
    page.on('requestfailed', () => failed++);
    const started = epochMs();
    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const ended = epochMs();
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource');
      return {
        loadEventEnd: nav.loadEventEnd,
        protocol: nav.nextHopProtocol,
        lastResponseEnd: Math.max(nav.responseEnd, ...resources.map((r) => r.responseEnd)),
        resources: resources.length,
      };
    });
    let last = await relay.stats();
    for (let quiet = 0; quiet < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = await relay.stats();
      quiet = now.up + now.down === last.up + last.down ? quiet + 1 : 0;
      last = now;
    }
    return { status: response.status(), requests, failed, started, ended, ...timing };
  } finally {
    await context.close();
  }
}

export async function wan(argv) {
  const options = parseArgs(argv);
  const fixture = benchFixture('--wan');
  if (!fixture) return 2;
  const apiKey = fixture.benchUser.apiKey;
  mkdirSync(RESULTS, { recursive: true });
  const children = [];
  let browser = null;
  try {
    // The Perl Bugzilla must be there already; say how to get one when it is not.
    for (const url of [options.bugzillaUrl, ...options.apacheUrls]) {
      const version = await getOnce(`${url}rest/version`, {}).catch((e) => ({ status: e.message }));
      if (version.status !== 200) {
        console.error(
          `bench --wan: no Bugzilla answers at ${url}rest/version (${version.status}). Stand up a Perl Bugzilla 5.2 ` +
            'behind Apache on the bench database (/work/shared/reference/perl-bugzilla.md), then give --apache-url.',
        );
        return 2;
      }
    }

    let frontUrl = options.frontUrl && withSlash(options.frontUrl);
    if (!frontUrl) {
      const port = Number(process.env.BENCH_PORT || 3187) + 9;
      const tls = Boolean(process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE);
      frontUrl = `${tls ? 'https' : 'http'}://127.0.0.1:${port}/`;
      const child = startBuiltService('wan-front', fixture, {
        PORT: String(port),
        BUGZILLA_URL: options.bugzillaUrl,
        // /health over https with a test certificate, for waitForHealth's fetch.
        ...(tls ? { NODE_TLS_REJECT_UNAUTHORIZED: '0' } : {}),
      });
      children.push(child);
      if (tls) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
      await waitForHealth(frontUrl.slice(0, -1), child, 'wan-front');
    }

    const relayLog = openSync(join(RESULTS, 'wan-relay.log'), 'w');
    const targets = [];
    const frontRelay = await startRelay(frontUrl, options, relayLog);
    children.push(frontRelay.child);
    targets.push({ name: `front (${new URL(frontUrl).protocol.slice(0, -1)})`, direct: frontUrl, ...frontRelay });
    for (const url of options.apacheUrls) {
      const relay = await startRelay(url, options, relayLog);
      children.push(relay.child);
      targets.push({ name: `Apache alone (${new URL(url).protocol.slice(0, -1)})`, direct: url, ...relay });
    }
    closeSync(relayLog);

    if (options.only.includes('page')) {
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: options.chromium,
        // This machine's closed network: Chromium's own background connections would be refused by the
        // dozen; QUIC off so that https goes over TCP, through the relay. Playwright gives it a new empty
        // profile of its own and removes it at close.
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    }

    const productPath = `rest/product?names=${encodeURIComponent(fixture.bigProduct)}&Bugzilla_api_key=${apiKey}`;
    const measures = {
      catalogue: async (target) => {
        const r = await runPython(options, target.url, apiKey, '');
        return { ...r, callMs: r.ended - r.started, what: pythonWhat(r) };
      },
      slice: async (target) => {
        const r = await runPython(options, target.url, apiKey, '', options.slice);
        return { ...r, callMs: r.ended - r.started, what: pythonWhat(r) };
      },
      names: async (target) => {
        const r = await runPython(options, target.url, apiKey, 'name,id');
        return { ...r, callMs: r.ended - r.started, what: pythonWhat(r) };
      },
      product: async (target) => {
        const r = await getOnce(`${target.url}${productPath}`, { 'accept-encoding': 'gzip, deflate, br' });
        if (r.status !== 200) throw new Error(`${target.name}: GET /rest/product answered ${r.status}`);
        return { ...r, what: `${r.encoding}, ${r.body} bytes of body` };
      },
      page: async (target) => {
        const r = await loadPage(browser, `${target.url}show_bug.cgi?id=1`, target);
        if (r.status !== 200 || r.failed)
          throw new Error(`${target.name}: show_bug.cgi ${r.status}, ${r.failed} failed`);
        // The page's last byte is the browser's own (its resources' responseEnd, up to the load event), not the
        // relay's, which also sees the favicon Chromium fetches beside and after the page.
        return {
          ...r,
          callMs: r.loadEventEnd,
          ttlbMs: r.lastResponseEnd,
          what: `${r.requests} requests, ${r.protocol}`,
        };
      },
    };

    // Warm-up, not counted: each target's caches as a site running for a while has them (mod_perl's
    // compiled code and Perl's templates; the model's answers, compressed once per catalogue revision). The
    // whole catalogue is warmed on the front only: Perl Bugzilla keeps nothing of it between calls (its code
    // is warmed by `names`, the same Product.get), and one call there takes minutes. The front's first call
    // after its start is kept in the results as `firstCatalogue`.
    const firstCalls = {};
    for (const measure of options.only)
      for (const target of targets) {
        if (measure === 'catalogue' && target !== targets[0]) continue;
        process.stdout.write(`warm-up ${measure} ${target.name}... `);
        await untilApacheIdle(options);
        await target.reset();
        const r = await measures[measure](target);
        if (measure === 'catalogue') firstCalls[target.name] = { ...r, ...(await target.stats()) };
        console.log(`${r.callMs?.toFixed(0) ?? ''} ms`);
      }

    const results = Object.fromEntries(
      options.only.map((m) => [m, Object.fromEntries(targets.map((t) => [t.name, []]))]),
    );
    const load = [];
    for (let round = 0; round < options.rounds; round++) {
      load.push(loadavg()[0]);
      for (const measure of options.only) {
        if (measure === 'catalogue' && round >= options.catalogueRounds) continue;
        // The order turns every round, so that the machine's drift (other sessions' suites) favours none.
        const order = targets.map((_, i) => targets[(i + round) % targets.length]);
        for (const target of order) {
          await untilApacheIdle(options);
          await target.reset();
          const r = await measures[measure](target);
          const wire = await target.stats();
          // Not past the client's own end: over TLS the server's close_notify crosses the relay after the client
          // has its answer (python-bugzilla closes its session at exit).
          const ttlbMs = r.error ? null : (r.ttlbMs ?? Math.min(wire.lastDown, r.ended) - r.started);
          const row = {
            ...r,
            up: wire.up,
            down: wire.down,
            bytes: wire.up + wire.down,
            connections: wire.connections,
            ttlbMs,
          };
          results[measure][target.name].push(row);
          console.log(
            `round ${round + 1} ${measure} ${target.name}: ${(row.bytes / 1024).toFixed(1)} KB on the wire ` +
              `(${row.connections} connections), last byte ${ttlbMs === null ? '-' : `${ttlbMs.toFixed(0)} ms`}` +
              (r.callMs !== undefined
                ? `, ${measure === 'page' ? 'load event' : 'whole call'} ${r.callMs.toFixed(0)} ms`
                : '') +
              ` (${r.what})`,
          );
        }
      }
    }

    const front = targets[0].name;
    const summary = {
      at: new Date().toISOString(),
      options,
      load,
      targets: targets.map((t) => ({ name: t.name, url: t.direct })),
      rows: [],
    };
    for (const measure of options.only) {
      for (const target of targets) {
        const runs = results[measure][target.name];
        const pick = (key) =>
          runs
            .filter((r) => !r.error)
            .map((r) => r[key])
            .filter((v) => v !== undefined && v !== null);
        const stat = (key) => {
          const values = pick(key);
          return values.length ? { median: median(values), min: Math.min(...values), max: Math.max(...values) } : null;
        };
        const frontRuns = results[measure][front];
        // Rounds where either side failed have no ratio.
        const versusFront = (key) =>
          median(
            runs
              .map((r, i) => (r.error || frontRuns[i].error ? null : r[key] / frontRuns[i][key]))
              .filter((v) => v !== null),
          );
        summary.rows.push({
          measure,
          target: target.name,
          what: runs.find((r) => !r.error)?.what ?? 'failed',
          bytes: stat('bytes'),
          ttlbMs: stat('ttlbMs'),
          callMs: stat('callMs'),
          // Round by round (the two were measured back to back): how many times longer than the front.
          ttlbVsFront: versusFront('ttlbMs'),
          callVsFront: runs[0].callMs !== undefined ? versusFront('callMs') : null,
          failed: runs.filter((r) => r.error).map((r) => ({ afterMs: r.ended - r.started, error: r.error })),
          overPythonDefaultTimeout: runs.filter((r) => r.callMs > 300_000).length,
        });
      }
    }
    writeFileSync(join(RESULTS, 'wan.json'), `${JSON.stringify({ ...summary, firstCalls, results }, null, 2)}\n`);
    const range = (s, f) => (s ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : '');
    const kb = (n) => `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB`;
    const ms = (n) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`);
    const md =
      `${options.rateMbit} Mbit/s each way, ${options.rttMs} ms round trip; ${options.rounds} rounds ` +
      `${options.only.includes('catalogue') ? `(the whole catalogue: ${Math.min(options.rounds, options.catalogueRounds)})` : ''}, ` +
      'medians (range); ' +
      `load average ${load.map((l) => l.toFixed(1)).join(', ')} at the rounds' starts.\n\n` +
      `| measure | target | bytes on the wire | time to the last byte | whole call / load event | × the front's: last byte, whole call / load event |\n` +
      `|---|---|---:|---:|---:|---:|\n` +
      summary.rows
        .map(
          (r) =>
            `| ${r.measure} (${r.what}) | ${r.target} | ${range(r.bytes, kb)} | ${range(r.ttlbMs, ms)} | ${range(r.callMs, ms)} | ` +
            `${r.target === front || Number.isNaN(r.ttlbVsFront) ? '' : `${r.ttlbVsFront.toFixed(2)}×`}` +
            `${r.target === front || !Number.isFinite(r.callVsFront) ? '' : `, ${r.callVsFront.toFixed(2)}×`}` +
            `${r.failed.length ? ` ${r.failed.length} of ${results[r.measure][r.target].length} failed after ${r.failed.map((f) => ms(f.afterMs)).join(', ')}: ${r.failed[0].error}` : ''}` +
            `${r.overPythonDefaultTimeout ? ` (${r.overPythonDefaultTimeout} over python-bugzilla's 300 s timeout)` : ''} |`,
        )
        .join('\n') +
      '\n';
    writeFileSync(join(RESULTS, 'wan.md'), md);
    console.log(`\n${md}`);
    return 0;
  } finally {
    if (browser) await browser.close().catch(() => {});
    await Promise.all(children.map(stopProcess));
  }
}
