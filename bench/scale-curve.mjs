// The scale curve (issue 30): `npm run bench -- --scale-curve [--sizes 2000,5000,10000] [--components 50]
// [--regenerate] [--duration 5] [--repeats 5] [--whole 1,4] [--memory-only | --compressed [--settings plain,compressed]]`.
//
// Per size: a MariaDB database bzp_bench_curve_<products> (BENCH_CURVE_DB_PREFIX replaces bzp_bench_curve, so that
// several people on one server keep their own) filled by bench/generate-data.mjs (made once,
// reused while its product count matches; --regenerate makes it again), then the built service started
// on it alone, and measured:
// - start: spawn to the first 200 of /health, and to the first product answer;
// - RSS at rest (VmRSS), once the model is loaded;
// - reload time per table (bugzilla_cache_reload_seconds from /metrics): the first load, and the mean of
//   the reloads the changes below caused;
// - worst delay of a change committed by another connection (a component's description, a product's
//   description, a group control that hides a product) until an answer shows it, over --repeats tries
//   each: the time from the commit to the first answer that has it, request time included;
// - the whole catalogue (GET /rest/product?type=accessible, the bench user): time to first byte, total
//   time, size and SHA-1 of the body, and the peak RSS (VmHWM, reset before through clear_refs) with
//   1 and 4 such requests at once (and 8 at the bench's own size, 2,000 products);
// - single-product GET req/s (autocannon, 10 connections, --duration seconds).
// --memory-only: start, RSS and the whole catalogue only (no change is written: the answers of two
// builds on the same database can be compared byte for byte through their SHA-1).
// --compressed (issue 55): the service's memory with compressed answers, COMPRESSION=false against compression
// on (COMPRESSION_CACHE_MB from the environment, else the default): at rest, through a spread of compressed
// reads that fills the compressed-answer cache, and with 1 and 4 whole catalogues in gzip at once (see
// compressedMemory below); --settings plain or compressed runs one of the two.
// Results: printed, and bench/results/scale-curve.{md,json} (scale-curve-compressed.{md,json}).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { metricValue, procStatusMiB, resetPeak, RESULTS, root, startBuiltService } from './bench-service.mjs';
import { sent, xmlrpcProductGet } from './compression.mjs';
import { stopProcess as stop } from './stop-process.mjs';
import { generateBenchData, runCommand, servingPid } from './processes.mjs';

const SERVER = 'mysql://root@127.0.0.1:3306';
const port = Number(process.env.BENCH_PORT || 3187);
const BASE = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function parseArgs(argv) {
  const options = {
    sizes: [2000, 5000, 10000],
    components: 50,
    regenerate: false,
    duration: 5,
    repeats: 5,
    whole: [1, 4],
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--scale-curve') continue;
    else if (flag === '--sizes') options.sizes = value().split(',').map(Number);
    else if (flag === '--components') options.components = Number(value());
    else if (flag === '--regenerate') options.regenerate = true;
    else if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--repeats') options.repeats = Number(value());
    else if (flag === '--whole') options.whole = value().split(',').map(Number);
    else if (flag === '--memory-only') options.memoryOnly = true;
    else if (flag === '--compressed') options.compressed = true;
    else if (flag === '--settings') options.settings = value().split(',');
    else throw new Error(`unknown option '${argv[i]}'`);
  }
  return options;
}

// --- data -------------------------------------------------------------------------------------------
async function productCount(database) {
  const conn = await mysql.createConnection(SERVER);
  try {
    const [dbs] = await conn.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [database]);
    if (dbs.length === 0) return 0;
    const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM \`${database}\`.products`);
    return Number(rows[0].n);
  } finally {
    await conn.end();
  }
}

async function ensureData(products, options) {
  const database = `${process.env.BENCH_CURVE_DB_PREFIX || 'bzp_bench_curve'}_${products}`;
  const fixtureFile = join(RESULTS, `fixture-curve-${products}.json`);
  if (!options.regenerate && existsSync(fixtureFile) && (await productCount(database)) === products) {
    return JSON.parse(readFileSync(fixtureFile, 'utf8'));
  }
  console.log(`generating ${products} products × ${options.components} components in ${database} ...`);
  await generateBenchData({
    products,
    components: options.components,
    databaseUrl: `${SERVER}/${database}`,
    fixtureFile,
  });
  return JSON.parse(readFileSync(fixtureFile, 'utf8'));
}

// --- the service ------------------------------------------------------------------------------------
/** The built service alone on one size's database, on the curve's port, `env` over the defaults. */
function startService(fixture, name, env = {}) {
  return startBuiltService(name, fixture, { PORT: String(port), DATABASE_URL: fixture.databaseUrl, ...env });
}

async function untilOk(url, headers, child) {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the service exited (${child.exitCode}); see bench/results/curve-*.log`);
    try {
      const response = await fetch(url, { headers });
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
}

// --- measurements -----------------------------------------------------------------------------------
async function reloadSeconds() {
  const text = await (await fetch(`${BASE}/metrics`)).text();
  const out = {};
  for (const [, kind, table, value] of text.matchAll(
    /^bugzilla_cache_reload_seconds_(sum|count)\{cache="model",table="(\w+)"\} (\S+)$/gm,
  )) {
    out[table] ??= { sum: 0, count: 0 };
    out[table][kind] = Number(value);
  }
  return out;
}

/** Commits `sql` on `conn`, then asks until `shows()`: milliseconds from the commit to that answer. */
async function delay(conn, sql, params, shows) {
  await conn.query(sql, params);
  const since = performance.now();
  for (let i = 0; i < 3000; i++) {
    if (await shows()) return performance.now() - since;
    await sleep(10);
  }
  return Infinity;
}

async function worstDelays(conn, fixture, headers, repeats) {
  // A failed answer (503 while the database is swamped) is "not yet": the next one is asked.
  const getJson = async (path) => {
    const response = await fetch(`${BASE}${path}`, { headers });
    return response.ok ? response.json() : { products: [{ components: [] }], ids: [] };
  };
  const [[component]] = await conn.query('SELECT id FROM components WHERE product_id = 1 ORDER BY id LIMIT 1');
  const [[open]] = await conn.query(
    'SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM group_control_map) AND isactive = 1 ORDER BY id LIMIT 1',
  );
  const [[admin]] = await conn.query("SELECT id FROM `groups` WHERE name = 'admin'");
  const worst = { component: 0, product: 0, group_control: 0 };
  for (let i = 0; i < repeats; i++) {
    const mark = `curve ${Date.now()} ${i}`;
    worst.component = Math.max(
      worst.component,
      await delay(conn, 'UPDATE components SET description = ? WHERE id = ?', [mark, component.id], async () =>
        (
          await getJson(`/rest/product/1?include_fields=components.id,components.description`)
        ).products[0].components.some((c) => c.id === component.id && c.description === mark),
      ),
    );
    await sleep(Math.random() * 500);
    worst.product = Math.max(
      worst.product,
      await delay(
        conn,
        'UPDATE products SET description = ? WHERE id = 1',
        [mark],
        async () => (await getJson('/rest/product/1?include_fields=description')).products[0].description === mark,
      ),
    );
    await sleep(Math.random() * 500);
    worst.group_control = Math.max(
      worst.group_control,
      await delay(
        conn,
        'INSERT INTO group_control_map (group_id, product_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm) VALUES (?, ?, 1, 3, 3, 0, 0, 0, 0)',
        [admin.id, open.id],
        async () => !(await getJson('/rest/product_accessible')).ids.includes(open.id),
      ),
    );
    await delay(
      conn,
      'DELETE FROM group_control_map WHERE group_id = ? AND product_id = ?',
      [admin.id, open.id],
      async () => (await getJson('/rest/product_accessible')).ids.includes(open.id),
    );
    await sleep(Math.random() * 500);
  }
  return worst;
}

/** One whole-catalogue request, read and hashed as it comes (never held whole by this process). */
function wholeCatalogue(headers) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(`${BASE}/rest/product?type=accessible`, { headers }, (response) => {
      const hash = createHash('sha1');
      let bytes = 0;
      let firstByte;
      response.on('data', (chunk) => {
        firstByte ??= performance.now() - start;
        bytes += chunk.length;
        hash.update(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          firstByteMs: firstByte,
          totalMs: performance.now() - start,
          bytes,
          sha1: hash.digest('hex'),
          etag: response.headers.etag,
          length: response.headers['content-length'],
          encoding: response.headers['content-encoding'] ?? 'identity',
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function wholeAtOnce(pid, headers, n) {
  const rssBefore = procStatusMiB(pid, 'VmRSS');
  const reset = resetPeak(pid);
  const answers = await Promise.all(Array.from({ length: n }, () => wholeCatalogue(headers)));
  await sleep(500);
  return {
    n,
    peakMiB: procStatusMiB(pid, 'VmHWM'),
    peakReset: reset,
    rssBeforeMiB: rssBefore,
    rssAfterMiB: procStatusMiB(pid, 'VmRSS'),
    firstByteMs: Math.max(...answers.map((a) => a.firstByteMs)),
    totalMs: Math.max(...answers.map((a) => a.totalMs)),
    bytes: answers[0].bytes,
    sha1: answers[0].sha1,
    etag: answers[0].etag,
    contentLength: answers[0].length,
    statuses: [...new Set(answers.map((a) => a.status))],
    encodings: [...new Set(answers.map((a) => a.encoding))],
    /** How many of the n answers the model served (the others: the database path). */
    fromModel: answers.filter((a) => servedBy(a) === 'model').length,
  };
}

async function singleProductRate(headers, duration) {
  const result = await autocannon({
    url: `${BASE}/rest/product?names=${encodeURIComponent('Bench Big')}`,
    connections: 10,
    duration,
    headers,
  });
  return { reqPerSec: result.requests.average, errors: result.errors + result.non2xx };
}

async function measureSize(products, options) {
  const fixture = await ensureData(products, options);
  const headers = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
  const load = [loadavg()[0]];
  const started = performance.now();
  const child = startService(fixture, `curve-${products}`);
  try {
    await untilOk(`${BASE}/health`, {}, child);
    const healthMs = performance.now() - started;
    await untilOk(`${BASE}/rest/product_accessible`, headers, child);
    const firstAnswerMs = performance.now() - started;
    await sleep(3000);
    // The worker's memory: the supervisor (SPEC §17) only holds the socket.
    const restMiB = procStatusMiB(servingPid(child.pid), 'VmRSS');
    const firstLoad = await reloadSeconds();
    let delays = {};
    if (!options.memoryOnly) {
      const conn = await mysql.createConnection(fixture.databaseUrl);
      try {
        delays = await worstDelays(conn, fixture, headers, options.repeats);
      } finally {
        await conn.end();
      }
    }
    const afterChanges = await reloadSeconds();
    const reloads = {};
    for (const [table, after] of Object.entries(afterChanges)) {
      const before = firstLoad[table] ?? { sum: 0, count: 0 };
      const n = after.count - before.count;
      reloads[table] = {
        firstMs: before.count ? (before.sum / before.count) * 1000 : null,
        changeMs: n ? ((after.sum - before.sum) / n) * 1000 : null,
        changes: n,
      };
    }
    load.push(loadavg()[0]);
    const whole = [];
    const counts = products <= 2000 ? [...new Set([...options.whole, 8])] : options.whole;
    for (const n of counts) whole.push(await wholeAtOnce(servingPid(child.pid), headers, n));
    load.push(loadavg()[0]);
    const single = options.memoryOnly ? {} : await singleProductRate(headers, options.duration);
    load.push(loadavg()[0]);
    return {
      products,
      components: products * options.components,
      healthMs,
      firstAnswerMs,
      restMiB,
      reloads,
      delays,
      whole,
      single,
      loadavg: load,
    };
  } finally {
    await stop(child);
  }
}

const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '–'
    : Number(n).toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Who answered: the model (an ETag of content revisions, `"r…"`, sent chunked) or the database path (SHA-1 ETag, Content-Length). */
const servedBy = (whole) => (whole.etag?.startsWith('"r') ? 'model' : 'database path');

function markdown(rows) {
  const lines = [
    '| products (components) | start: health / first answer | RSS at rest | reload ms, first / on change: components · versions · milestones · products · group_control_map | worst delay: component / product / group control | whole catalogue: size, first byte, time (who served it); first byte with n at once | peak RSS: 1 / 4 / 8 at once | single-product GET req/s | load avg |',
    '|---|---|---:|---|---|---|---|---:|---|',
  ];
  for (const r of rows) {
    const reload = ['components', 'versions', 'milestones', 'products', 'group_control_map']
      .map((t) => `${fmt(r.reloads[t]?.firstMs)} / ${fmt(r.reloads[t]?.changeMs)}`)
      .join(' · ');
    const one = r.whole[0];
    lines.push(
      `| ${fmt(r.products)} (${fmt(r.components)}) | ${fmt(r.healthMs / 1000, 1)} s / ${fmt(r.firstAnswerMs / 1000, 1)} s | ${fmt(r.restMiB)} MiB | ${reload} | ` +
        `${fmt(r.delays.component)} / ${fmt(r.delays.product)} / ${fmt(r.delays.group_control)} ms | ` +
        `${fmt(one.bytes / 1e6, 1)} MB, ${fmt(one.firstByteMs)} ms, ${fmt(one.totalMs / 1000, 1)} s (${servedBy(one)}); ` +
        `first byte at ${r.whole.map((w) => `${w.n}: ${fmt(w.firstByteMs)} ms (${w.fromModel} from the model)`).join(', ')} | ` +
        `${r.whole.map((w) => `${fmt(w.peakMiB)}`).join(' / ')} MiB | ${fmt(r.single.reqPerSec)} | ${r.loadavg.map((l) => fmt(l, 1)).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

// --- compressed answers' memory (--compressed) ------------------------------------------------------
// Issue 55: the compressed-answer cache is bounded by COMPRESSION_CACHE_MB; is the service's RSS, at a
// size's scale, within +25% of what it is without compression? Each setting (COMPRESSION=false, then
// compression on with the default cache) gets two service processes: the first is measured at rest (a),
// with 1 and 4 whole catalogues at once in gzip (c: the first compresses as it streams, the four after
// it are sent from its kept bytes), then through a spread of compressed reads that fills the cache (b);
// the second answers 4 whole catalogues at once in gzip first thing, each of them compressing.

const KEPT_BYTES = 'bugzilla_compressed_kept_bytes';
const KEPT_ANSWERS = 'bugzilla_compressed_kept_answers';

/** The service's memory: the worker's RSS and peak (VmHWM), and the supervisor's RSS (none when in process). */
function memoryOf(child) {
  const worker = servingPid(child.pid);
  return {
    rssMiB: procStatusMiB(worker, 'VmRSS'),
    peakMiB: procStatusMiB(worker, 'VmHWM'),
    supervisorRssMiB: worker === child.pid ? null : procStatusMiB(child.pid, 'VmRSS'),
  };
}

/** The compressed bytes the service keeps, sampled every half second while `during` runs: their largest. */
async function keptWhile(during) {
  let max = 0;
  const sample = async () => {
    const bytes = await metricValue(BASE, KEPT_BYTES).catch(() => NaN);
    if (bytes > max) max = bytes;
  };
  const timer = setInterval(sample, 500);
  try {
    const result = await during();
    await sample();
    return { result, keptMaxBytes: max };
  } finally {
    clearInterval(timer);
  }
}

/** `requests` (paths, each with its Accept-Encoding), `concurrency` at a time on keep-alive connections. */
async function readAll(requests, headers, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const statuses = {};
  let wire = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { path, encoding } = requests[next++];
      const answer = await sent(BASE, { method: 'GET', path, headers }, encoding, agent);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      wire += answer.wire;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { requests: requests.length, statuses, wire };
}

/**
 * (b) A spread of compressed reads: every product the bench user sees read alone by name, by id, and by its
 * path with fewer fields, in br and in gzip (the small answers, which fill the cache), then the biggest answers — the whole catalogue
 * over REST and python-bugzilla's XML-RPC Product.get of every product — in gzip and in br. The worker's
 * peak (VmHWM, reset before each of the two) and RSS after each, and the largest kept compressed bytes.
 */
async function compressedSpread(child, auth) {
  const pid = servingPid(child.pid);
  // Plain: a compressed form of this list would be kept too.
  const list = await fetch(`${BASE}/rest/product?type=accessible&include_fields=id,name`, {
    headers: { ...auth, 'accept-encoding': 'identity' },
  });
  const products = (await list.json()).products;
  const singles = products.flatMap(({ id, name }) =>
    ['br', 'gzip'].flatMap((encoding) => [
      { path: `/rest/product?names=${encodeURIComponent(name)}`, encoding },
      { path: `/rest/product?ids=${id}`, encoding },
      // Another body (a distinct answer to keep): the same product without its versions and milestones.
      { path: `/rest/product/${id}?include_fields=id,name,description,components`, encoding },
    ]),
  );
  const phases = {};
  resetPeak(pid);
  let started = performance.now();
  const small = await keptWhile(() => readAll(singles, auth, 8));
  phases.single = {
    ...small.result,
    seconds: (performance.now() - started) / 1000,
    keptMaxBytes: small.keptMaxBytes,
    ...memoryOf(child),
  };
  const big = [];
  resetPeak(pid);
  started = performance.now();
  const whole = await keptWhile(async () => {
    const requests = [
      { name: 'REST', method: 'GET', path: '/rest/product?type=accessible', headers: auth },
      {
        name: 'XML-RPC',
        method: 'POST',
        path: '/xmlrpc.cgi',
        headers: { ...auth, 'content-type': 'text/xml' },
        body: xmlrpcProductGet(products.map((p) => p.id)),
      },
    ];
    for (const encoding of ['gzip', 'br'])
      for (const request of requests) {
        const at = performance.now();
        const answer = await sent(BASE, request, encoding);
        big.push({ name: request.name, asked: encoding, ...answer, seconds: (performance.now() - at) / 1000 });
        console.log(
          `  ${request.name} ${encoding}: ${answer.status} ${answer.encoding ?? 'identity'} ${answer.wire} B`,
        );
      }
  });
  phases.whole = { answers: big, seconds: (performance.now() - started) / 1000, keptMaxBytes: whole.keptMaxBytes };
  await sleep(2000);
  Object.assign(phases.whole, memoryOf(child));
  phases.keptAfter = {
    bytes: await metricValue(BASE, KEPT_BYTES),
    answers: await metricValue(BASE, KEPT_ANSWERS),
  };
  return phases;
}

/** A service process of one setting, started and measured by `measure(child, pid)`, then stopped. */
async function withService(fixture, name, env, auth, measure) {
  const child = startService(fixture, name, env);
  try {
    await untilOk(`${BASE}/health`, {}, child);
    await untilOk(`${BASE}/rest/product_accessible`, auth, child);
    await sleep(3000);
    return await measure(child, servingPid(child.pid));
  } finally {
    await stop(child);
  }
}

async function compressedMemory(products, options) {
  const fixture = await ensureData(products, options);
  const auth = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
  const gzip = { ...auth, 'accept-encoding': 'gzip' };
  const settings = [
    { name: 'COMPRESSION=false', tag: 'plain', env: { COMPRESSION: 'false' } },
    {
      name: `compression on, COMPRESSION_CACHE_MB=${process.env.COMPRESSION_CACHE_MB ?? '64 (default)'}`,
      tag: 'compressed',
      env: {},
    },
  ];
  const rows = [];
  for (const setting of settings.filter((one) => !options.settings || options.settings.includes(one.tag))) {
    console.log(`\n-- ${products} products, ${setting.name} --`);
    const load = [loadavg()[0]];
    const row = { products, setting: setting.name };
    await withService(fixture, `curve-${products}-${setting.tag}`, setting.env, auth, async (child, pid) => {
      row.rest = memoryOf(child);
      row.whole = [];
      for (const n of options.whole) row.whole.push(await wholeAtOnce(pid, gzip, n));
      load.push(loadavg()[0]);
      row.spread = await compressedSpread(child, auth);
      load.push(loadavg()[0]);
    });
    const most = Math.max(...options.whole);
    await withService(fixture, `curve-${products}-${setting.tag}-fresh`, setting.env, auth, async (_child, pid) => {
      row.wholeFresh = await wholeAtOnce(pid, gzip, most);
    });
    load.push(loadavg()[0]);
    row.loadavg = load;
    console.log(JSON.stringify(row, null, 2));
    rows.push(row);
  }
  return rows;
}

function compressedMarkdown(rows) {
  const mib = (n) => `${fmt(n)} MiB`;
  const mb = (n) => `${fmt(n / 1e6, 1)} MB`;
  const lines = [
    '| products | setting | a. RSS at rest (supervisor) | b. single reads: n, peak / after, kept max | b. whole catalogues gzip + br (REST, XML-RPC): peak / after, kept max | kept after (answers) | c. whole catalogue in gzip: peak 1 / 4 at once (first compresses, then kept) | c. 4 at once first thing | load avg |',
    '|---:|---|---:|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const s = r.spread;
    lines.push(
      `| ${fmt(r.products)} | ${r.setting} | ${mib(r.rest.rssMiB)} (${mib(r.rest.supervisorRssMiB)}) | ` +
        `${fmt(s.single.requests)}, ${fmt(s.single.peakMiB)} / ${mib(s.single.rssMiB)}, ${mb(s.single.keptMaxBytes)} | ` +
        `${fmt(s.whole.peakMiB)} / ${mib(s.whole.rssMiB)}, ${mb(s.whole.keptMaxBytes)} | ` +
        `${mb(s.keptAfter.bytes)} (${fmt(s.keptAfter.answers)}) | ` +
        `${r.whole.map((w) => fmt(w.peakMiB)).join(' / ')} MiB (${r.whole.map((w) => w.encodings.join('+')).join(', ')}) | ` +
        `${mib(r.wholeFresh.peakMiB)} | ${r.loadavg.map((l) => fmt(l, 1)).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

export async function scaleCurve(argv) {
  const options = parseArgs(argv);
  if (!existsSync(join(root, 'dist', 'src', 'main.js'))) await runCommand('npm', ['run', 'build']);
  if (options.compressed) return compressedCurve(options);
  const rows = [];
  for (const products of options.sizes) {
    console.log(`\n== ${products} products ==`);
    const row = await measureSize(products, options);
    console.log(JSON.stringify(row, null, 2));
    rows.push(row);
  }
  const table = markdown(rows);
  console.log(`\n${table}`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'scale-curve.md'), `Run ${new Date().toISOString()}\n\n${table}\n`);
  writeFileSync(join(RESULTS, 'scale-curve.json'), `${JSON.stringify({ options, rows }, null, 2)}\n`);
  console.log('\nWritten: bench/results/scale-curve.md and scale-curve.json');
  return 0;
}

async function compressedCurve(options) {
  const rows = [];
  for (const products of options.sizes) rows.push(...(await compressedMemory(products, options)));
  const table = compressedMarkdown(rows);
  console.log(`\n${table}`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'scale-curve-compressed.md'), `Run ${new Date().toISOString()}\n\n${table}\n`);
  writeFileSync(join(RESULTS, 'scale-curve-compressed.json'), `${JSON.stringify({ options, rows }, null, 2)}\n`);
  console.log('\nWritten: bench/results/scale-curve-compressed.md and scale-curve-compressed.json');
  return 0;
}
