import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BINLOG_OPTIONS, GRANT_BINLOG_READER } from './binlog-mariadb.js';
import {
  APP_PASSWORD,
  APP_USER,
  CREATE_APP_USER,
  installDataDir,
  serverArgs,
  spawnServer,
  sqlAsRoot,
  statusCounters,
  stopServerProcess,
} from './mariadbd.js';
import { freePort } from './service-process.js';
import { logTail } from './wait.js';

/**
 * A real MariaDB primary and a real replica of it, made by the test itself from this machine's
 * binaries (`mariadb-install-db`, `mariadbd`) in a temporary folder, on free ports: never the
 * MariaDB on 3306. Stopped by their pids and removed by `stop()`.
 *
 * - primary: `--log-bin --server-id=1 --binlog-format=ROW`;
 * - replica: a copy of the primary's fresh data directory, `--server-id=2 --read-only`, replicating
 *   with GTID (`CHANGE MASTER TO ... MASTER_USE_GTID=slave_pos; START SLAVE`) as user `repl`;
 * - the service connects to both as `bzapp`, which has no SUPER or READ ONLY ADMIN: the replica
 *   refuses its writes, so a write sent there would fail loudly.
 *
 * With `{ binlog: true }` (a primary switch under the change stream, SPEC §15), both servers write the
 * binary log with the options the stream needs (bench/binlog-server.mjs's BINLOG_OPTIONS), the replica
 * with `--log-slave-updates`, so that it holds the primary's transactions under their own GTIDs and a
 * reader can resume there after `promoteReplica()`; `bzapp` may read the log on both.
 */

export { APP_USER };
const REPL_USER = 'repl';
const REPL_PASSWORD = 'repl-pw';

/** Per-user statement counts (information_schema.USER_STATISTICS): what the service itself ran. */
const RUNTIME_OPTIONS = ['--userstat=1'];

export interface MariaDbServer {
  readonly name: 'primary' | 'replica';
  port: number;
  process?: ChildProcess;
}

export interface ReplicatedMariaDbOptions {
  /** Both servers write the binary log as the change stream needs it (see above). */
  binlog?: boolean;
}

export class ReplicatedMariaDb {
  private constructor(
    private readonly dir: string,
    private readonly options: ReplicatedMariaDbOptions,
    readonly primary: MariaDbServer,
    readonly replica: MariaDbServer,
  ) {}

  /** Set by `promoteReplica()`: the replica, started again, stays writable. */
  private promoted = false;

  static async start(options: ReplicatedMariaDbOptions = {}): Promise<ReplicatedMariaDb> {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-replication-'));
    const pair = new ReplicatedMariaDb(
      dir,
      options,
      { name: 'primary', port: await freePort() },
      { name: 'replica', port: await freePort() },
    );
    try {
      await installDataDir(join(dir, 'primary'));
      // The replica starts from the same empty data; everything after comes through replication.
      cpSync(join(dir, 'primary'), join(dir, 'replica'), { recursive: true });
      await Promise.all([pair.startServer(pair.primary), pair.startServer(pair.replica)]);
      await pair.sqlAsRoot(pair.primary, [
        `CREATE USER '${REPL_USER}'@'127.0.0.1' IDENTIFIED BY '${REPL_PASSWORD}'`,
        `GRANT REPLICATION SLAVE ON *.* TO '${REPL_USER}'@'127.0.0.1'`,
        ...CREATE_APP_USER,
        // SHOW REPLICA STATUS, which the service reads to measure each replica's lag.
        `GRANT SLAVE MONITOR ON *.* TO '${APP_USER}'@'127.0.0.1'`,
        ...(options.binlog ? GRANT_BINLOG_READER : []),
      ]);
      await pair.sqlAsRoot(pair.replica, [
        `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${pair.primary.port}, MASTER_USER='${REPL_USER}',
           MASTER_PASSWORD='${REPL_PASSWORD}', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`,
        'START SLAVE',
      ]);
      await pair.waitForReplicaToCatchUp();
      return pair;
    } catch (error) {
      await pair.stop();
      throw error;
    }
  }

  /** URL of a database on a server, for the service (as `bzapp`). */
  url(server: MariaDbServer, database: string): string {
    return `mysql://${APP_USER}:${APP_PASSWORD}@127.0.0.1:${server.port}/${database}`;
  }

  /** Runs statements as root on one server; answers the last one's rows. */
  sqlAsRoot(server: MariaDbServer, statements: string[]): Promise<any> {
    return sqlAsRoot(server.port, statements);
  }

  /** `SHOW GLOBAL STATUS` counters of one server (Com_select, Com_insert, Com_update, ...). */
  counters(server: MariaDbServer, names: string[]): Promise<Record<string, number>> {
    return statusCounters(server.port, names);
  }

  /**
   * What the service's user ran on one server: SELECTs, and INSERT/UPDATE/DELETE statements
   * (unlike Com_insert and Com_update, these leave out what the replication applier writes).
   */
  async appUserCommands(server: MariaDbServer): Promise<{ selects: number; updates: number }> {
    const rows: { SELECT_COMMANDS: number; UPDATE_COMMANDS: number }[] = await this.sqlAsRoot(server, [
      `SELECT SELECT_COMMANDS, UPDATE_COMMANDS FROM information_schema.USER_STATISTICS WHERE USER = '${APP_USER}'`,
    ]);
    return { selects: Number(rows[0]?.SELECT_COMMANDS ?? 0), updates: Number(rows[0]?.UPDATE_COMMANDS ?? 0) };
  }

  /** Until the replica has applied everything the primary has written. */
  async waitForReplicaToCatchUp(limitMs = 20_000): Promise<void> {
    const [{ pos }] = await this.sqlAsRoot(this.primary, ['SELECT @@gtid_binlog_pos AS pos']);
    const [row] = await this.sqlAsRoot(this.replica, [
      `SELECT MASTER_GTID_WAIT('${pos}', ${limitMs / 1000}) AS waited`,
    ]);
    if (Number(row.waited) !== 0) throw new Error(`the replica did not reach ${pos} within ${limitMs} ms`);
  }

  /** Stops a server (SIGTERM to its pid: a clean shutdown) and waits for it to exit. */
  async stopServer(server: MariaDbServer): Promise<void> {
    const child = server.process;
    server.process = undefined;
    await stopServerProcess(child, 'SIGTERM');
  }

  /** Starts a server on its port and data directory; resolves when it accepts connections. */
  async startServer(server: MariaDbServer): Promise<void> {
    const datadir = join(this.dir, server.name);
    const primary = server.name === 'primary';
    const args = [
      ...serverArgs(this.dir, server.name, datadir, server.port),
      ...RUNTIME_OPTIONS,
      ...(primary
        ? ['--server-id=1']
        : ['--server-id=2', ...(this.promoted ? [] : ['--read-only']), `--relay-log=${join(datadir, 'relay-bin')}`]),
      ...(this.options.binlog
        ? [...BINLOG_OPTIONS, ...(primary ? [] : ['--log-slave-updates'])]
        : primary
          ? ['--log-bin=mysql-bin', '--binlog-format=ROW']
          : []),
    ];
    server.process = await spawnServer(server.name, args, server.port);
  }

  /**
   * A primary switch: the replica stops replicating, forgets its primary and takes writes. The old
   * primary keeps running (stop it with `stopServer` for a switch after a loss); `bzapp`'s writes to
   * the replica's URL now succeed, and with `{ binlog: true }` its log continues the primary's GTIDs.
   */
  async promoteReplica(): Promise<void> {
    // Stopped first, so nothing the old primary still sends is applied after the switch.
    await this.sqlAsRoot(this.replica, ['STOP SLAVE', 'RESET SLAVE ALL', 'SET GLOBAL read_only = 0']);
    this.promoted = true;
  }

  /**
   * Why a server is down that no test stopped (it exited by itself: a crash, a failed start), with its
   * error log's tail; undefined while both run or were stopped on purpose.
   */
  failure(): string | undefined {
    for (const server of [this.primary, this.replica]) {
      const child = server.process;
      if (child && (child.exitCode !== null || child.signalCode !== null))
        return `the ${server.name} (port ${server.port}) exited with ${child.exitCode ?? child.signalCode}\n${logTail(join(this.dir, `${server.name}.err`))}`;
    }
    return undefined;
  }

  /** Stops both servers and removes their data. */
  async stop(): Promise<void> {
    await Promise.all([this.stopServer(this.replica), this.stopServer(this.primary)]);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
