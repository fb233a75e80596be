// The change stream on PostgreSQL (issue 47, SPEC §16): `npm run bench -- --pg-change-stream [--products 10000]
// [--components-per-product 50] [--modes poll,binlog] [--duration 20] [--tries 20] [--write-every 500]
// [--connections 10] [--regenerate]`.
//
// The measurements of bench/change-stream.mjs (quiet reads, reads under a write every --write-every ms,
// change to served), on a PostgreSQL 15 server of its own (wal_level=logical, on a free port, run as the
// system user postgres) whose data directory is kept under bench/results/pg-datadir-<products>x<components>:
// the service's migrations make Bugzilla's Pg schema there once, then SQL (generate_series) adds the
// catalogue: `Bench Big` (id 1) and products `Bench 2` ... each with --components-per-product components.
// The database's side: the postgres processes' CPU seconds (/proc), and the bench database's transactions
// (pg_stat_database: every statement outside a transaction is one) in the `Questions` columns.
// Results: printed, and bench/results/pg-change-stream.{md,json}.
import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  TARGETS,
  changeToServed,
  describeEvery,
  fmt,
  loadWindow,
  mark,
  parseStreamArgs,
  startService,
  streamReport,
} from './change-stream.mjs';
import { dieWithTestProcess } from './mariadbd.mjs';
import { freePort, runCommand } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');
const DATABASE = 'bzp_bench_stream';
const PG_BIN = '/usr/lib/postgresql/15/bin';
/** The system user PostgreSQL runs as (it refuses root). */
const POSTGRES = { uid: Number(process.env.PG_BENCH_UID ?? 101), gid: Number(process.env.PG_BENCH_GID ?? 104) };
const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A mysql2-like writer over pg (`?` placeholders, `[rows]` answers), for change-stream.mjs's writers. */
function writerOn(client) {
  return {
    query: async (sql, params = []) => {
      let n = 0;
      return [
        (
          await client.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows,
      ];
    },
    end: () => client.end(),
  };
}

/** The PostgreSQL server of the bench: started on its kept folder, measured by /proc and pg_stat_database. */
async function startServer(dir) {
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    chownSync(dir, POSTGRES.uid, POSTGRES.gid);
    await run(join(PG_BIN, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
      ...POSTGRES,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
  }
  const port = await freePort();
  const settings = ['listen_addresses=127.0.0.1', 'wal_level=logical', 'shared_buffers=256MB', 'max_wal_senders=10'];
  const child = spawn(
    join(PG_BIN, 'postgres'),
    ['-D', dir, '-p', String(port), '-k', dir, ...settings.flatMap((s) => ['-c', s])],
    { stdio: 'ignore', ...POSTGRES },
  );
  dieWithTestProcess(child);
  const connect = async (database) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database });
    await client.connect();
    return client;
  };
  for (const deadline = Date.now() + 30_000; ;) {
    try {
      await (await connect('postgres')).end();
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) throw error;
      await sleep(100);
    }
  }
  const admin = await connect('postgres');
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    connect,
    /** The bench database's transactions (both counters: the table's columns are MariaDB's names). */
    counters: async () => {
      const { rows } = await admin.query(
        'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
        [DATABASE],
      );
      const n = Number(rows[0]?.n ?? 0);
      return { Questions: n, Com_select: n };
    },
    /** CPU seconds of the postmaster and every process it started. */
    cpuSeconds: () => {
      let ticks = 0;
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
          if (Number(entry) === child.pid || Number(fields[1]) === child.pid)
            ticks += Number(fields[11]) + Number(fields[12]);
        } catch {
          // gone meanwhile
        }
      }
      return ticks / 100;
    },
    stop: async () => {
      await admin.end();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** Bugzilla's Pg schema (the service's migrations) and the bench catalogue, once per folder. */
async function loadData(server, options, dir) {
  const marker = join(dir, 'bench-loaded.json');
  if (existsSync(marker) && !options.regenerate) return;
  const admin = await server.connect('postgres');
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const service = await startService(server.url(DATABASE), 'poll');
  await stopProcess(service.child);
  const db = await server.connect(DATABASE);
  const started = performance.now();
  await db.query('BEGIN');
  const { rows } = await db.query(
    "INSERT INTO profiles (login_name, realname, cryptpassword) VALUES ('bench@example.com', 'Bench', '*') RETURNING userid",
  );
  const owner = rows[0].userid;
  await db.query("INSERT INTO products (name, description) VALUES ('Bench Big', 'The big one')");
  await db.query(
    `INSERT INTO products (name, description) SELECT 'Bench ' || g, 'Bench product ' || g FROM generate_series(2, $1) g`,
    [options.products],
  );
  await db.query(
    `INSERT INTO components (name, product_id, initialowner, description) ` +
      `SELECT 'Component ' || c, p.id, $1, 'Bench component ' || c FROM products p, generate_series(1, $2) c`,
    [owner, options.components],
  );
  await db.query(`INSERT INTO versions (value, product_id) SELECT 'unspecified', id FROM products`);
  await db.query(`INSERT INTO milestones (value, product_id, sortkey) SELECT '---', id, 0 FROM products`);
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE');
  await db.end();
  console.log(`loaded in ${fmt((performance.now() - started) / 1000, 1)} s`);
  writeFileSync(marker, JSON.stringify(options));
}

async function measureMode(mode, server, options) {
  const load = [loadavg()[0]];
  const started = performance.now();
  const service = await startService(server.url(DATABASE), mode);
  const writer = writerOn(await server.connect(DATABASE));
  try {
    const [[component]] = await writer.query('SELECT id FROM components WHERE product_id = 1 ORDER BY id LIMIT 1');
    for (;;) {
      const response = await fetch(`${service.base}/rest/product?names=${encodeURIComponent('Bench Big')}`);
      await response.arrayBuffer();
      if (response.ok) break;
      await sleep(50);
    }
    const readyMs = performance.now() - started;
    await sleep(2000);
    const stream = await streamReport(service.base);
    console.log(`[${mode}] ready in ${fmt(readyMs)} ms (${stream.mode}); quiet reads for ${options.duration} s ...`);
    const quiet = await loadWindow(service, server, {}, options);
    load.push(loadavg()[0]);
    console.log(`[${mode}] reads under a write every ${options.writeEvery} ms ...`);
    const writes = await loadWindow(
      service,
      server,
      {},
      options,
      describeEvery(writer, component.id, options.writeEvery),
    );
    load.push(loadavg()[0]);
    console.log(`[${mode}] change to served, ${options.tries} tries ...`);
    const served = await changeToServed(service, writer, component.id, {}, options.tries);
    load.push(loadavg()[0]);
    return {
      mode,
      readyMs,
      stream,
      quiet,
      writes,
      readRatio: writes.reqPerSec / quiet.reqPerSec,
      cpuRatio: quiet.dbCpuSeconds > 0 ? writes.dbCpuSeconds / quiet.dbCpuSeconds : null,
      served,
      loadavg: load,
    };
  } finally {
    await writer.end();
    await stopProcess(service.child);
  }
}

function markdown(rows) {
  const lines = [
    '| mode (the service says) | quiet: req/s, p99 / max ms | quiet: postgres CPU s, transactions in the window | under writes: req/s, p99 / max ms (writes) | under writes: postgres CPU s, transactions | req/s ratio (≥ 0.8) | change to served: median / max ms (≤ 100) | load avg |',
    '|---|---|---|---|---|---:|---|---|',
  ];
  for (const r of rows) {
    const q = r.quiet;
    const w = r.writes;
    lines.push(
      `| ${r.mode} (${r.stream.mode ?? '–'}) | ${fmt(q.reqPerSec)}, ${fmt(q.p99Ms)} / ${fmt(q.maxMs)} | ${fmt(q.dbCpuSeconds, 2)} s, ${fmt(q.questions)} in ${fmt(q.seconds, 1)} s | ` +
        `${fmt(w.reqPerSec)}, ${fmt(w.p99Ms)} / ${fmt(w.maxMs)} (${w.writes}) | ${fmt(w.dbCpuSeconds, 2)} s, ${fmt(w.questions)} | ` +
        `${fmt(r.readRatio, 2)}${mark(r.readRatio >= TARGETS.readRatio)} | ` +
        `${fmt(r.served.medianMs)} / ${r.served.missed ? `${r.served.missed} not seen in 30 s` : fmt(r.served.maxMs)}${mark(r.served.maxMs !== null && r.served.maxMs <= TARGETS.delayMs)} | ` +
        `${r.loadavg.map((l) => fmt(l, 1)).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

export async function pgChangeStream(argv) {
  const options = parseStreamArgs(argv, '--pg-change-stream');
  if (!existsSync(join(root, 'dist', 'src', 'main.js'))) await runCommand('npm', ['run', 'build']);
  mkdirSync(RESULTS, { recursive: true });
  const dir = join(RESULTS, `pg-datadir-${options.products}x${options.components}`);
  const server = await startServer(dir);
  const rows = [];
  try {
    await loadData(server, options, dir);
    for (const mode of options.modes) {
      console.log(
        `\n== PostgreSQL, DB_CHANGE_STREAM=${mode}, ${fmt(options.products)} products × ${options.components} components ==`,
      );
      const row = await measureMode(mode, server, options);
      console.log(JSON.stringify(row, null, 2));
      rows.push(row);
    }
  } finally {
    await server.stop();
  }
  const table = markdown(rows);
  const heading =
    `Run ${new Date().toISOString()} on PostgreSQL 15: ${fmt(options.products)} products × ${options.components} components, ` +
    `${options.connections} connections, ${options.duration} s windows, a write every ${options.writeEvery} ms, ${options.tries} tries.`;
  console.log(`\n${heading}\n\n${table}`);
  writeFileSync(join(RESULTS, 'pg-change-stream.md'), `${heading}\n\n${table}\n`);
  writeFileSync(join(RESULTS, 'pg-change-stream.json'), `${JSON.stringify({ options, rows }, null, 2)}\n`);
  console.log('\nWritten: bench/results/pg-change-stream.md and pg-change-stream.json');
  return 0;
}
