// The scale curve (issue 30): `npm run bench -- --scale-curve [--sizes 2000,5000,10000] [--components 50]
// [--regenerate] [--duration 5] [--repeats 5] [--whole 1,4]`.
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
// Results: printed, and bench/results/scale-curve.{md,json}.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { stopProcess as stop } from './stop-process.mjs';
import { generateBenchData, runCommand, servingPid } from './processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');
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
function startService(databaseUrl, name) {
  mkdirSync(RESULTS, { recursive: true });
  const log = createWriteStream(join(RESULTS, `${name}.log`));
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}


function procStatus(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Resets the peak RSS to the current RSS (Linux clear_refs); false when not allowed. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
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
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function wholeAtOnce(pid, headers, n) {
  const rssBefore = procStatus(pid, 'VmRSS');
  const reset = resetPeak(pid);
  const answers = await Promise.all(Array.from({ length: n }, () => wholeCatalogue(headers)));
  await sleep(500);
  return {
    n,
    peakMiB: procStatus(pid, 'VmHWM'),
    peakReset: reset,
    rssBeforeMiB: rssBefore,
    rssAfterMiB: procStatus(pid, 'VmRSS'),
    firstByteMs: Math.max(...answers.map((a) => a.firstByteMs)),
    totalMs: Math.max(...answers.map((a) => a.totalMs)),
    bytes: answers[0].bytes,
    sha1: answers[0].sha1,
    etag: answers[0].etag,
    contentLength: answers[0].length,
    statuses: [...new Set(answers.map((a) => a.status))],
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
  const child = startService(fixture.databaseUrl, `curve-${products}`);
  try {
    await untilOk(`${BASE}/health`, {}, child);
    const healthMs = performance.now() - started;
    await untilOk(`${BASE}/rest/product_accessible`, headers, child);
    const firstAnswerMs = performance.now() - started;
    await sleep(3000);
    // The worker's memory: the supervisor (SPEC §17) only holds the socket.
    const restMiB = procStatus(servingPid(child.pid), 'VmRSS');
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

export async function scaleCurve(argv) {
  const options = parseArgs(argv);
  if (!existsSync(join(root, 'dist', 'src', 'main.js'))) await runCommand('npm', ['run', 'build']);
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
