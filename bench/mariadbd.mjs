// Throwaway MariaDB servers from this machine's binaries (`mariadb-install-db`, `mariadbd`), for the
// benchmark scripts and the e2e suite alike (test/support/mariadbd.ts gives these their types): small
// InnoDB files, one data directory and socket per server under its own folder, the service's user,
// root statements, starting on a port and stopping by pid. Each server is a child of the process that
// started it and dies with it. Plain JavaScript so that bench/*.mjs can use it as it is.
import { execFile, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { logTail } from './processes.mjs';

const run = promisify(execFile);

/** The service connects as this user, which may do anything on `bzp_%` databases and nothing else. */
export const APP_USER = 'bzapp';
export const APP_PASSWORD = 'bzapp-pw';

/** Small InnoDB files: a server starts in about a second. */
export const SMALL_SERVER_OPTIONS = ['--innodb-buffer-pool-size=32M', '--innodb-log-file-size=8M'];

/** The statements that create the service's user on a fresh server. */
export const CREATE_APP_USER = [
  `CREATE USER '${APP_USER}'@'127.0.0.1' IDENTIFIED BY '${APP_PASSWORD}'`,
  `GRANT ALL PRIVILEGES ON \`bzp\\_%\`.* TO '${APP_USER}'@'127.0.0.1'`,
];

/**
 * A fresh data directory with root reachable over TCP without a password (the server's own tables only).
 * Its temporary files go beside it, not to the shared /tmp: a bootstrap there once lost its temporary
 * table while other servers started (`Could not remove temporary table`, then `Unknown table
 * 'mysql.tmp_proxies_priv'`).
 */
export async function installDataDir(datadir) {
  await run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${datadir}`,
    `--tmpdir=${dirname(datadir)}`,
    '--user=root',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    ...SMALL_SERVER_OPTIONS,
  ]);
}

/** mariadbd's arguments for one server named `name` whose files live in `dir`. */
export function serverArgs(dir, name, datadir, port) {
  return [
    '--no-defaults',
    `--datadir=${datadir}`,
    // Its own folder for temporary files, as installDataDir.
    `--tmpdir=${dir}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${join(dir, `${name}.sock`)}`,
    `--pid-file=${join(dir, `${name}.pid`)}`,
    `--log-error=${join(dir, `${name}.err`)}`,
    '--skip-name-resolve',
    ...SMALL_SERVER_OPTIONS,
  ];
}

/** Should the process that started it die first, the server goes with it. */
export function dieWithTestProcess(child) {
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
}

/**
 * Starts `mariadbd` as root (the folder is ours) with `args` and resolves with its process once it
 * accepts connections on `port` (at most 90 s: a loaded two-core machine); fails at once if it exits
 * first. `name` is for the message, which quotes the tail of the server's error log (`--log-error`).
 */
export async function spawnServer(name, args, port) {
  const child = spawn('mariadbd', [...args, '--user=root'], { stdio: 'ignore' });
  dieWithTestProcess(child);
  const log = args.find((arg) => arg.startsWith('--log-error='))?.slice('--log-error='.length);
  const tail = () => (log ? `\n${logTail(log)}` : '');
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`mariadbd (${name}) exited with ${child.exitCode ?? child.signalCode}${tail()}`);
    }
    try {
      await sqlAsRoot(port, []);
      return child;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`mariadbd (${name}) did not answer on port ${port} within 90 s: ${error.message}${tail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Signals a server by its pid and waits for it to exit: SIGTERM is a clean shutdown (SIGKILL
 * after 20 s), SIGKILL a crash (no goodbye, its clients' connections die).
 */
export async function stopServerProcess(child, signal) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = signal === 'SIGTERM' ? setTimeout(() => child.kill('SIGKILL'), 20_000) : undefined;
  await exited;
  clearTimeout(timer);
}

/** Runs statements as root on the server at `port`; answers the last one's rows. */
export async function sqlAsRoot(port, statements) {
  const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
  try {
    let last;
    for (const statement of statements) [last] = await connection.query(statement);
    return last;
  } finally {
    await connection.end();
  }
}

/** `SHOW GLOBAL STATUS` counters of the server at `port` (Com_select, Questions, ...), as numbers. */
export async function statusCounters(port, names) {
  const rows = await sqlAsRoot(port, [
    `SHOW GLOBAL STATUS WHERE Variable_name IN (${names.map((n) => `'${n}'`).join(', ')})`,
  ]);
  return Object.fromEntries(rows.map((row) => [row.Variable_name, Number(row.Value)]));
}
