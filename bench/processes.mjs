// What the benchmark scripts need of the processes they start: running one, whether one answers, and the
// CPU it used.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command from the repository root, its output shown; rejects when it exits other than 0. */
export function runCommand(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

/**
 * Fills `databaseUrl` with bench/generate-data.mjs's catalogue (`products`, `components` per product, 20
 * versions and 20 milestones each), and writes its fixture (users, keys, names) to `fixtureFile`.
 */
export function generateBenchData({ products, components, databaseUrl, fixtureFile }) {
  return runCommand(
    process.execPath,
    [
      join(root, 'bench', 'generate-data.mjs'),
      '--products',
      String(products),
      '--components',
      String(components),
      '--versions',
      '20',
      '--milestones',
      '20',
    ],
    { DATABASE_URL: databaseUrl, BENCH_FIXTURE_FILE: fixtureFile },
  );
}

/**
 * Waits until `base`/health answers 200, at most a minute; fails at once if `child` exits. `name` is
 * the process's name in the messages, and its log is bench/results/`name`.log.
 */
export async function waitForHealth(base, child, name) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited (code ${child.exitCode}); see bench/results/${name}.log`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer on ${base}/health within a minute`);
}

/** User plus system CPU time of a process, in ticks of 10 ms (/proc), or 0 once it is gone. */
export function processTicks(pid) {
  return ticksOf(`/proc/${pid}/stat`);
}

/**
 * The same for a process's main thread alone: its event loop, which serves every request, while V8's
 * and libuv's helper threads (and the log thread) run beside it on the other core.
 */
export function mainThreadTicks(pid) {
  return ticksOf(`/proc/${pid}/task/${pid}/stat`);
}

/**
 * The workers of a service started as `node dist/src/main.js`: the supervisor (SPEC §17) serves nothing
 * itself, its worker processes do (one with WORKERS=1; a reload replaces them). [] when it has none.
 */
export function workerPids(pid) {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The one worker of a service with WORKERS=1 (the process whose memory and event loop serve it). */
export function servingPid(pid) {
  return workerPids(pid)[0] ?? pid;
}

/** CPU ticks of a service: its supervisor's and its workers'. */
export function serviceTicks(pid) {
  return [pid, ...workerPids(pid)].reduce((sum, one) => sum + processTicks(one), 0);
}

function ticksOf(statFile) {
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * A TCP port nobody listens on at this moment (the e2e suite's too: test/support/service-process.ts).
 *
 * Taken below the kernel's ephemeral range (32768 and up on Linux), from a band of 1,000 ports of this
 * process's own: a server the suite restarts on the port it had (a PostgreSQL or MariaDB crash test)
 * must find it free, and a port the kernel handed out for `listen(0)` or an outgoing connection in
 * another test file, while the server was down, once took it (`could not bind`, under load). The band
 * is chosen by Vitest's worker slot (VITEST_POOL_ID: files in one slot run one after another, each
 * stopping its servers), else by pid; each call moves on to the next port of the band that is free.
 */
const PORT_BANDS = 12;
const PORT_BAND_SIZE = 1000;
const FIRST_BAND_PORT = 20_000;
const band = Number(process.env.VITEST_POOL_ID ?? process.pid) % PORT_BANDS;
let nextInBand = 0;

export async function freePort() {
  for (let tried = 0; tried < PORT_BAND_SIZE; tried++) {
    const port = FIRST_BAND_PORT + band * PORT_BAND_SIZE + (nextInBand++ % PORT_BAND_SIZE);
    if (await canListen(port)) return port;
  }
  throw new Error(
    `no free port in ${FIRST_BAND_PORT + band * PORT_BAND_SIZE}-${FIRST_BAND_PORT + (band + 1) * PORT_BAND_SIZE - 1}`,
  );
}

function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Resolves once none of `pids` runs (a reload's retired workers have drained and exited); rejects after
 * `timeoutMs`, naming those still running.
 */
export async function untilGone(pids, timeoutMs = Infinity) {
  const deadline = Date.now() + timeoutMs;
  const alive = () =>
    pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
  while (alive().length) {
    if (Date.now() > deadline) throw new Error(`workers ${alive().join(', ')} still run`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The last `lines` lines of a server's log file, for a failure's message (the e2e suite's too). */
export function logTail(file, lines = 25) {
  if (!existsSync(file)) return `(no log at ${file})`;
  const text = readFileSync(file, 'utf8').trimEnd().split('\n');
  return `--- last ${Math.min(lines, text.length)} lines of ${file} ---\n${text.slice(-lines).join('\n')}`;
}
