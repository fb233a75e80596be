// A throwaway MariaDB server with the binary log on, as SPEC §15 asks of the database the change stream
// reads (row events, full row images and metadata, GTID), started from this machine's binaries on a free
// port. The change-stream benchmark (bench/change-stream.mjs) and the e2e suite
// (test/support/binlog-mariadb.ts, typed by bench/binlog-server.d.mts) both start it from here.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
} from './mariadbd.mjs';
import { freePort, processTicks } from './processes.mjs';

/**
 * What a change-data-capture reader needs of the server (SPEC §15): every committed row change in the
 * log as a row event with the whole row before and after (FULL image) and the columns' names and types
 * (FULL metadata). MariaDB always gives each transaction a GTID; strict mode makes a gap or a second
 * writer of one domain an error instead of a silent fork, so a resumed stream can trust its position.
 * The server id is given apart: every server of a replication topology needs its own.
 */
export const BINLOG_OPTIONS = [
  '--log-bin=mysql-bin',
  '--binlog-format=ROW',
  '--binlog-row-image=FULL',
  '--binlog-row-metadata=FULL',
  '--gtid-strict-mode=1',
];

/**
 * The service's user may read the log as a replica does (REPLICATION SLAVE: the binlog dump) and ask
 * where it stands (BINLOG MONITOR: SHOW BINLOG STATUS / SHOW BINARY LOGS / SHOW BINLOG EVENTS). MariaDB
 * 10.11 also accepts REPLICATION CLIENT, MySQL's name, as an alias of BINLOG MONITOR: granting it too
 * changes nothing there, and is what a MySQL-minded operator writes.
 */
export const GRANT_BINLOG_READER = [
  `GRANT REPLICATION SLAVE, BINLOG MONITOR, REPLICATION CLIENT ON *.* TO '${APP_USER}'@'127.0.0.1'`,
];

/** Written once the data directory has its users: a folder without it is made again. */
const READY_MARK = 'ready';

export class BinlogMariaDb {
  /** @private Use `BinlogMariaDb.start()`. */
  constructor(dir, keep, args, port) {
    this.dir = dir;
    this.keep = keep;
    this.args = args;
    this.port = port;
    this.process = undefined;
  }

  /**
   * Starts a server and resolves once it accepts connections (a few seconds for a fresh one).
   * - `dir`: the folder to keep its data in (reused as it is when it holds a server made before, kept
   *   by `stop()`); without it, a temporary folder that `stop()` removes;
   * - `serverId`: `--server-id` (1);
   * - `options`: more mariadbd options, after the others (so they win: `--innodb-buffer-pool-size=512M`).
   */
  static async start({ dir, serverId = 1, options = [] } = {}) {
    const keep = dir !== undefined;
    const folder = dir ?? mkdtempSync(join(tmpdir(), 'bzp-binlog-'));
    const datadir = join(folder, 'data');
    const fresh = !existsSync(join(folder, READY_MARK));
    if (fresh) {
      rmSync(datadir, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      await installDataDir(datadir);
    }
    const port = await freePort();
    const args = (p) => [
      ...serverArgs(folder, 'server', datadir, p),
      `--server-id=${serverId}`,
      ...BINLOG_OPTIONS,
      ...options,
    ];
    const server = new BinlogMariaDb(folder, keep, args, port);
    try {
      await server.launch();
      if (fresh) {
        await server.sqlAsRoot([...CREATE_APP_USER, ...GRANT_BINLOG_READER]);
        writeFileSync(join(folder, READY_MARK), `${new Date().toISOString()}\n`);
      }
      return server;
    } catch (error) {
      await server.stop();
      throw error;
    }
  }

  /** @private */
  async launch() {
    this.process = await spawnServer('binlog', this.args(this.port), this.port);
  }

  /** The mariadbd process's id (undefined while stopped). */
  get pid() {
    return this.process?.pid;
  }

  /** URL of a database for the service (as `bzapp`). */
  url(database) {
    return `mysql://${APP_USER}:${APP_PASSWORD}@127.0.0.1:${this.port}/${database}`;
  }

  /** URL of a database as root (no password): for loading data and for other writers. */
  rootUrl(database) {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  /** Runs statements as root; answers the last one's rows. */
  sqlAsRoot(statements) {
    return sqlAsRoot(this.port, statements);
  }

  /** `SHOW GLOBAL STATUS` counters (Questions, Com_select, Com_binlog_dump, ...), as numbers. */
  counters(names) {
    return statusCounters(this.port, names);
  }

  /** CPU seconds (user + system) the running mariadbd has used since it started (/proc/<pid>/stat). */
  cpuSeconds() {
    if (this.pid === undefined) throw new Error('the binlog server is not running');
    return processTicks(this.pid) / 100;
  }

  /** A clean shutdown (SIGTERM), then the server again on the same port and data directory. */
  async restart() {
    await stopServerProcess(this.process, 'SIGTERM');
    await this.launch();
  }

  /** A crash: SIGKILL, no goodbye to its clients. `restart()` brings it back (with crash recovery). */
  async kill() {
    const child = this.process;
    this.process = undefined;
    await stopServerProcess(child, 'SIGKILL');
  }

  /** A clean shutdown; removes the folder unless it was given to `start()`. */
  async stop() {
    const child = this.process;
    this.process = undefined;
    await stopServerProcess(child, 'SIGTERM');
    if (!this.keep) rmSync(this.dir, { recursive: true, force: true });
  }
}
