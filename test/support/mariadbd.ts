import { type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

/**
 * What the extra MariaDB servers of the e2e suite (a replica pair, a Galera cluster) have in common:
 * small InnoDB files, one data directory and socket per server under the test's own folder, the
 * service's user, root statements, and stopping by pid. Each server is a child of the test process
 * and dies with it.
 */

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

/** mariadbd's arguments for one server named `name` whose files live in `dir`. */
export function serverArgs(dir: string, name: string, datadir: string, port: number): string[] {
  return [
    '--no-defaults',
    `--datadir=${datadir}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${join(dir, `${name}.sock`)}`,
    `--pid-file=${join(dir, `${name}.pid`)}`,
    `--log-error=${join(dir, `${name}.err`)}`,
    '--skip-name-resolve',
    ...SMALL_SERVER_OPTIONS,
  ];
}

/** Should the test process die first, the server goes with it. */
export function dieWithTestProcess(child: ChildProcess): void {
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
}

/**
 * Signals a server by its pid and waits for it to exit: SIGTERM is a clean shutdown (SIGKILL
 * after 20 s), SIGKILL a crash (no goodbye, its clients' connections die).
 */
export async function stopServerProcess(child: ChildProcess | undefined, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = signal === 'SIGTERM' ? setTimeout(() => child.kill('SIGKILL'), 20_000) : undefined;
  await exited;
  clearTimeout(timer);
}

/** Runs statements as root on the server at `port`; answers the last one's rows. */
export async function sqlAsRoot(port: number, statements: string[]): Promise<any> {
  const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
  try {
    let last: unknown;
    for (const statement of statements) [last] = await connection.query(statement);
    return last;
  } finally {
    await connection.end();
  }
}
