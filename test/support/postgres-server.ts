import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { dieWithTestProcess } from './mariadbd.js';
import { freePort } from './service-process.js';
import { childPids, isRunning, logTail, SERVER_START_MS, waitFor } from './wait.js';

/**
 * Throwaway PostgreSQL servers for the specs that need a setting the machine's server does not have
 * (`wal_level=logical`, a standby), as test/support/mariadbd.ts starts MariaDB ones: a data directory
 * and socket in the test's own temporary folder, a free port on 127.0.0.1, trust authentication for
 * the `postgres` superuser, stopped by pid. PostgreSQL refuses to run as root, so initdb and the server
 * run as the system user `postgres`, which owns the folder.
 */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

const run = promisify(execFile);

/** The system user the servers run as (Debian's `postgres`). */
const POSTGRES_UID = Number(process.env.PG_TEST_UID ?? 101);
const POSTGRES_GID = Number(process.env.PG_TEST_GID ?? 104);

/** Settings of every throwaway server: small, quick, logical decoding on, a few slots and senders. */
const SERVER_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'fsync=off',
  'synchronous_commit=on',
  'full_page_writes=off',
  'shared_buffers=16MB',
  'max_connections=40',
  'max_wal_senders=10',
  'max_replication_slots=10',
  'wal_keep_size=64MB',
];

export interface PostgresServer {
  port: number;
  dir: string;
  /** The server's own log (its stderr, every start appended): a failure to start or answer quotes its tail. */
  log: string;
  /** Why the server is not running, when it stopped without being asked (undefined while it runs). */
  failure(): string | undefined;
  /** A `postgres://` URL for `user` (default the superuser) on `database`. */
  url(database: string, user?: string, password?: string): string;
  /** Runs statements as the superuser on `database` (default `postgres`); answers the last one's rows. */
  sql<T = Record<string, unknown>>(statements: string | string[], database?: string): Promise<T[]>;
  /** Runs a file of SQL through psql on `database`. */
  psqlFile(file: string, database: string): Promise<void>;
  /** Stops the server (SIGTERM: a clean shutdown; SIGKILL: a crash) and starts it again on the same port. */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
}

function asPostgres() {
  return { uid: POSTGRES_UID, gid: POSTGRES_GID };
}

/**
 * initdb into a new temporary folder and starts `postgres` there. `settings`: more `name=value` server
 * settings (`wal_level=replica`, say); `dataDir`: an existing data directory (a standby's, from
 * pg_basebackup) instead of a new one.
 */
export async function startPostgres(settings: string[] = [], dataDir?: string): Promise<PostgresServer> {
  const dir = dataDir ?? newFolder('bzp-pg-');
  if (!dataDir)
    await run(join(PG_BIN, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
      ...asPostgres(),
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
  const port = await freePort();
  const all = [...SERVER_SETTINGS, 'wal_level=logical', ...settings];
  // Beside the data directory, not in it: a standby's pg_basebackup copy must not carry it along.
  const log = `${dir}.log`;
  let stopping = false;
  /** Why the last restart failed: the server stays down. */
  let restartFailure: string | undefined;
  let child = await spawnPostgres(dir, port, all, log);
  const server: PostgresServer = {
    port,
    dir,
    log,
    failure: () =>
      restartFailure ??
      (!stopping && (child.exitCode !== null || child.signalCode !== null)
        ? `postgres on port ${port} exited with ${child.exitCode ?? child.signalCode}\n${logTail(log)}`
        : undefined),
    url: (database, user = 'postgres', password) =>
      `postgres://${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/${database}`,
    sql: (statements, database = 'postgres') => sqlAs(port, database, statements),
    psqlFile: async (file, database) => {
      await run(join(PG_BIN, 'psql'), [
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        database,
        '-f',
        file,
      ]);
    },
    restart: async (signal = 'SIGTERM') => {
      stopping = true;
      try {
        await stopPostgres(child, signal === 'SIGTERM' ? 'SIGINT' : signal, log);
        child = await spawnPostgres(dir, port, all, log);
      } catch (error) {
        restartFailure = `its restart (${signal}) failed: ${(error as Error).message}`;
        throw error;
      }
      stopping = false;
    },
    stop: async () => {
      stopping = true;
      // SIGINT: PostgreSQL's fast shutdown (SIGTERM waits for every client to leave).
      await stopPostgres(child, 'SIGINT', log);
      rmSync(dir, { recursive: true, force: true });
      rmSync(log, { force: true });
    },
  };
  return server;
}

/** A standby of `primary` (pg_basebackup -R: streaming replication, hot standby), started on its own port. */
export async function startStandby(primary: PostgresServer): Promise<PostgresServer> {
  const dir = newFolder('bzp-pg-standby-');
  rmSync(dir, { recursive: true, force: true });
  await run(
    join(PG_BIN, 'pg_basebackup'),
    // -c fast: a spread checkpoint (the default) makes the copy wait minutes on an idle server.
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ],
    asPostgres(),
  );
  return startPostgres(['hot_standby=on'], dir);
}

/**
 * Signals the server by its pid and waits for it to exit: SIGINT is PostgreSQL's fast shutdown (a clean
 * one that does not wait for clients to leave; SIGKILL after 20 s), SIGKILL a crash. After a crash the
 * postmaster's children (backends, checkpointer, walsender) outlive it for a while, still attached to
 * its shared memory, and a new postmaster on that data directory refuses to start until they are gone
 * ("pre-existing shared memory block is still in use"): this waits for them too.
 */
async function stopPostgres(child: ChildProcess, signal: 'SIGINT' | 'SIGKILL', log: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const children = child.pid ? childPids(child.pid) : [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = signal === 'SIGINT' ? setTimeout(() => child.kill('SIGKILL'), 20_000) : undefined;
  await exited;
  clearTimeout(timer);
  await waitFor(
    `the crashed postmaster's processes ${children.join(', ')} to exit`,
    () => children.every((pid) => !isRunning(pid)),
    { intervalMs: 20, seen: () => `still running: ${children.filter(isRunning).join(', ')}\n${logTail(log)}` },
  );
}

function newFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chownSync(dir, POSTGRES_UID, POSTGRES_GID);
  return dir;
}

/**
 * Starts `postgres` on the data directory, its stderr appended to `log`, and resolves once it answers;
 * fails with the log's tail when it exits first or does not answer within SERVER_START_MS.
 */
async function spawnPostgres(dir: string, port: number, settings: string[], log: string): Promise<ChildProcess> {
  const args = ['-D', dir, '-p', String(port), '-k', dir, ...settings.flatMap((setting) => ['-c', setting])];
  const logFd = openSync(log, 'a');
  const child = spawn(join(PG_BIN, 'postgres'), args, { stdio: ['ignore', logFd, logFd], ...asPostgres() });
  closeSync(logFd);
  dieWithTestProcess(child);
  try {
    await waitFor(`postgres (${dir}) to answer on port ${port}`, () => sqlAs(port, 'postgres', []).then(() => true), {
      timeoutMs: SERVER_START_MS,
      intervalMs: 100,
      seen: () => logTail(log),
      giveUp: () =>
        child.exitCode !== null || child.signalCode !== null
          ? `it exited with ${child.exitCode ?? child.signalCode}\n${logTail(log)}`
          : undefined,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

async function sqlAs<T>(port: number, database: string, statements: string | string[]): Promise<T[]> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database });
  await client.connect();
  try {
    let last: T[] = [];
    for (const statement of Array.isArray(statements) ? statements : [statements])
      last = (await client.query(statement)).rows as T[];
    return last;
  } finally {
    await client.end();
  }
}
