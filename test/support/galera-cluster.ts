import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  APP_PASSWORD,
  APP_USER,
  CREATE_APP_USER,
  dieWithTestProcess,
  serverArgs,
  SMALL_SERVER_OPTIONS,
  sqlAsRoot,
  stopServerProcess,
} from './mariadbd.js';
import { freePort } from './service-process.js';
import { logTail } from './wait.js';

/**
 * A real 3-node MariaDB Galera cluster, made by the test itself from this machine's binaries
 * (`mariadb-install-db`, `mariadbd` with `wsrep_provider=/usr/lib/galera/libgalera_smm.so`; Debian
 * packages mariadb-server, galera-4 and rsync: scripts/ensure-galera.sh) in a temporary folder, on
 * free ports: never the MariaDB on 3306. Stopped by the pids of its servers and removed by `stop()`.
 *
 * - node 1 bootstraps the cluster (`--wsrep-new-cluster`) from a fresh data directory; nodes 2 and 3
 *   join it with an empty one and receive a full copy by rsync SST, a node restarted after a kill
 *   rejoins with IST (the writes it missed, from the others' gcache);
 * - the servers run as the `mysql` user (started through `setpriv`, not with `--user`: the rsync SST
 *   daemon writes the joiner's files as that user, and Galera's gcomm thread cannot read its scheduling
 *   parameters after mariadbd has switched users itself on this kernel);
 * - `evs.suspect_timeout` is 2 s (default 5 s) so that a killed node is evicted quickly, and the
 *   service's DB_TIMEOUT_MS (10 s by default with several nodes) outlasts the stall that eviction costs.
 * - the service connects as `bzapp` (ALL on `bzp\_%` databases only), created once and replicated.
 */

const run = promisify(execFile);

export { APP_USER };
const PROVIDER = '/usr/lib/galera/libgalera_smm.so';
export const SUSPECT_TIMEOUT_MS = 2000;

export interface GaleraNode {
  readonly index: number;
  readonly name: string;
  port: number;
  gcommPort: number;
  istPort: number;
  sstPort: number;
  process?: ChildProcess;
}

export class GaleraCluster {
  private constructor(
    private readonly dir: string,
    readonly nodes: GaleraNode[],
  ) {}

  static async start(size = 3): Promise<GaleraCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-galera-'));
    const nodes: GaleraNode[] = [];
    for (let index = 0; index < size; index++) {
      nodes.push({
        index,
        name: `node${index + 1}`,
        port: await freePort(),
        gcommPort: await freePort(),
        istPort: await freePort(),
        sstPort: await freePort(),
      });
    }
    const cluster = new GaleraCluster(dir, nodes);
    try {
      const { uid, gid } = await mysqlUser();
      for (const node of nodes) mkdirSync(cluster.datadir(node));
      for (const path of [dir, ...nodes.map((node) => cluster.datadir(node))]) chownSync(path, uid, gid);
      await run('mariadb-install-db', [
        '--no-defaults',
        `--datadir=${cluster.datadir(nodes[0])}`,
        `--tmpdir=${dir}`,
        '--user=mysql',
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...SMALL_SERVER_OPTIONS,
      ]);
      await cluster.startNode(nodes[0], { bootstrap: true });
      await cluster.sqlAsRoot(nodes[0], CREATE_APP_USER);
      // One joiner at a time: each takes a full copy from a donor, which is blocked while it gives it.
      for (const node of nodes.slice(1)) await cluster.startNode(node);
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  /** DATABASE_URL listing `order`'s nodes (default: all, in their order), for the service (as `bzapp`). */
  url(database: string, order: GaleraNode[] = this.nodes): string {
    const hosts = order.map((node) => `127.0.0.1:${node.port}`).join(',');
    return `mysql://${APP_USER}:${APP_PASSWORD}@${hosts}/${database}`;
  }

  /** How the service names a node in /health. */
  nodeName(node: GaleraNode): string {
    return `127.0.0.1:${node.port}`;
  }

  /** Runs statements as root on one node; answers the last one's rows. */
  sqlAsRoot(node: GaleraNode, statements: string[]): Promise<any> {
    return sqlAsRoot(node.port, statements);
  }

  /** A node's wsrep_local_state_comment (Synced, Joining, Donor/Desynced...), or 'down'. */
  async state(node: GaleraNode): Promise<string> {
    try {
      const rows = await this.sqlAsRoot(node, ["SHOW GLOBAL STATUS LIKE 'wsrep_local_state_comment'"]);
      return String(rows[0]?.Value ?? 'unknown');
    } catch {
      return 'down';
    }
  }

  /** Kills a node hard (SIGKILL to its pid): no goodbye to the cluster, its clients' connections die. */
  async kill(node: GaleraNode): Promise<void> {
    const child = node.process;
    node.process = undefined;
    await stopServerProcess(child, 'SIGKILL');
  }

  /** Stops a node cleanly (SIGTERM to its pid) and waits for it to exit. */
  async stopNode(node: GaleraNode): Promise<void> {
    const child = node.process;
    node.process = undefined;
    await stopServerProcess(child, 'SIGTERM');
  }

  /**
   * Starts a node (bootstrapping a new cluster, or joining the running one) and resolves when it is
   * Synced; `waitForSync: false` resolves as soon as it is started (a rejoin the test watches).
   */
  async startNode(node: GaleraNode, options: { bootstrap?: boolean; waitForSync?: boolean } = {}): Promise<void> {
    const datadir = this.datadir(node);
    const members = this.nodes.map((n) => `127.0.0.1:${n.gcommPort}`).join(',');
    const args = [
      '--reuid=mysql',
      '--regid=mysql',
      '--init-groups',
      '/usr/sbin/mariadbd',
      ...serverArgs(this.dir, node.name, datadir, node.port),
      // What Galera needs (docs/operators.md, "Running on Galera").
      '--binlog-format=ROW',
      '--innodb-autoinc-lock-mode=2',
      '--default-storage-engine=InnoDB',
      '--wsrep-on=ON',
      `--wsrep-provider=${PROVIDER}`,
      '--wsrep-cluster-name=bzp-test',
      `--wsrep-cluster-address=gcomm://${members}`,
      `--wsrep-node-name=${node.name}`,
      `--wsrep-node-address=127.0.0.1:${node.gcommPort}`,
      `--wsrep-sst-receive-address=127.0.0.1:${node.sstPort}`,
      '--wsrep-sst-method=rsync',
      `--wsrep-provider-options=${[
        `gmcast.listen_addr=tcp://127.0.0.1:${node.gcommPort}`,
        `ist.recv_addr=127.0.0.1:${node.istPort}`,
        `evs.suspect_timeout=PT${SUSPECT_TIMEOUT_MS / 1000}S`,
        'evs.inactive_timeout=PT4S',
        'evs.install_timeout=PT3S',
        'evs.keepalive_period=PT0.5S',
        'evs.inactive_check_period=PT0.5S',
        'gcache.size=64M',
      ].join(';')}`,
      ...(options.bootstrap ? ['--wsrep-new-cluster'] : []),
    ];
    const child = spawn('setpriv', args, { stdio: 'ignore' });
    node.process = child;
    dieWithTestProcess(child);
    if (options.waitForSync === false) return;
    await this.waitForSynced(node, child);
  }

  /** Until `node` answers and says Synced (a joiner first receives its state: SST or IST). */
  async waitForSynced(node: GaleraNode, child = node.process, limitMs = 90_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      if (child && child.exitCode !== null)
        throw new Error(`mariadbd (${node.name}) exited with ${child.exitCode}\n${this.logTail(node)}`);
      if ((await this.state(node)) === 'Synced') return;
      if (Date.now() > deadline)
        throw new Error(`${node.name} was not Synced within ${limitMs} ms\n${this.logTail(node)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Stops every node and removes their data. */
  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.stopNode(node)));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The tail of a node's error log (serverArgs' `--log-error`), for a failure's message. */
  private logTail(node: GaleraNode): string {
    return logTail(join(this.dir, `${node.name}.err`));
  }

  private datadir(node: GaleraNode): string {
    return join(this.dir, node.name);
  }
}

async function mysqlUser(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'mysql']),
    run('id', ['-g', 'mysql']),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
