import { Logger } from '@nestjs/common';
import mysql from 'mysql2/promise';
import type { DatabaseNode, GaleraSettings } from '../../config/app-config.js';
import { readNodeState, WSREP_STATUS_VARIABLES, type NodeReading, type NodeStatus } from './node-state.js';

/**
 * The nodes DATABASE_URL lists, and which one the service uses (docs/operators.md, "Running on Galera").
 *
 * One node at a time: every pooled connection goes to the node in use, so that a caller's write and
 * its next read meet on one node and the in-memory model's change signal reads one node's tables. The
 * service moves to the next node of the list (in its order, after the DB_NODE_START offset) when the
 * node in use refuses connections, loses them, says it is not ready (error 1047) or when the background
 * check finds it not Synced. It moves back to an earlier node only with DB_NODE_FAILBACK.
 *
 * Each node has its own mysql2 pool (made from the driver's own connection options) and its own
 * monitor connection, which reads the node's wsrep state every `checkIntervalMs`.
 */

/** The parts of a mysql2 pool this layer uses (callback API: TypeORM's driver calls it so). */
export interface NodePool {
  getConnection(callback: (error: Error | null, connection?: PooledConnection) => void): void;
  end(callback?: (error?: Error | null) => void): void;
}

export interface PooledConnection {
  release(): void;
  destroy(): void;
}

export interface NodeHealth {
  /** host:port, as DATABASE_URL writes it. */
  name: string;
  status: NodeStatus;
  in_use: boolean;
}

export interface NodeSetEvents {
  /** The service moved from one node to another. */
  failover(from: string, to: string, reason: string): void;
}

export class ClusterNode {
  status: NodeStatus | 'unknown' = 'unknown';
  reason = '';
  pool?: NodePool;
  monitor?: mysql.Connection;
  checking?: Promise<void>;

  constructor(
    readonly address: DatabaseNode,
    readonly name = address.host.includes(':')
      ? `[${address.host}]:${address.port}`
      : `${address.host}:${address.port}`,
  ) {}
}

export interface NodeSetOptions {
  nodes: DatabaseNode[];
  settings: GaleraSettings;
  timeoutMs: number;
  /** Makes a pool for a node (the driver's options, with that node's host and port). */
  makePool(node: DatabaseNode): NodePool;
  /** Options for a node's monitor connection (user, password, timeouts), without host and port. */
  monitorOptions: mysql.ConnectionOptions;
  events?: NodeSetEvents;
  random?: () => number;
  /** Reads a node's state (default: over the node's monitor connection); throws when it does not answer. */
  probe?: (node: ClusterNode) => Promise<NodeReading>;
}

export class NodeSet {
  private readonly logger = new Logger('Database');
  /** The nodes in the order they are tried: DATABASE_URL's order, from the DB_NODE_START offset. */
  readonly nodes: ClusterNode[];
  private inUseIndex = 0;
  private timer?: NodeJS.Timeout;
  /** Pools of nodes the service left: ended once whatever still runs on them has had time to finish. */
  private retired: { pool: NodePool; at: number }[] = [];
  private closed = false;
  /** No node was usable when the one in use failed: said once, until the service can move again. */
  private stranded = false;
  readonly checkIntervalMs: number;

  constructor(private readonly options: NodeSetOptions) {
    const all = options.nodes.map((node) => new ClusterNode(node));
    const offset = options.settings.start === 'random' ? Math.floor((options.random ?? Math.random)() * all.length) : 0;
    this.nodes = [...all.slice(offset), ...all.slice(0, offset)];
    this.checkIntervalMs = Math.max(100, Math.min(1000, Math.floor(options.timeoutMs / 4)));
  }

  get size(): number {
    return this.nodes.length;
  }

  get inUse(): ClusterNode {
    return this.nodes[this.inUseIndex];
  }

  /**
   * At start: the first node (in order) that answers and is Synced becomes the node in use. Throws the
   * last node's problem when none is usable, so the start fails with one line, as with one server.
   */
  async start(): Promise<void> {
    let problem = '';
    for (let index = 0; index < this.nodes.length; index++) {
      const node = this.nodes[index];
      await this.check(node);
      if (node.status === 'synced') {
        this.inUseIndex = index;
        break;
      }
      problem = `${node.name}: ${node.reason}`;
      if (index === this.nodes.length - 1) {
        throw new Error(`No database node is usable (${problem})`);
      }
    }
    // The others are checked at once, so /health knows them from the first request.
    await Promise.all(this.nodes.map((node) => (node.status === 'unknown' ? this.check(node) : undefined)));
    this.timer = setInterval(() => this.checkAll(), this.checkIntervalMs);
    this.timer.unref();
  }

  /** The pool of the node in use (made when first needed). */
  poolOf(node: ClusterNode): NodePool {
    node.pool ??= this.options.makePool(node.address);
    return node.pool;
  }

  /**
   * `node` failed a connection or a statement. When it is the node in use, the service moves to the
   * next usable node. Answers whether the node in use is now another one (the caller may try again).
   */
  nodeFailed(node: ClusterNode, reason: string): boolean {
    if (node !== this.inUse) return true;
    node.status = 'down';
    node.reason = reason;
    return this.moveFrom(node, reason);
  }

  /** Each node's state for GET /health. */
  health(): NodeHealth[] {
    const inUse = this.inUse;
    return [...this.nodes]
      .sort((a, b) => this.options.nodes.indexOf(a.address) - this.options.nodes.indexOf(b.address))
      .map((node) => ({
        name: node.name,
        status: node.status === 'unknown' ? 'down' : node.status,
        in_use: node === inUse,
      }));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const pools = [...this.nodes.map((node) => node.pool), ...this.retired.map((r) => r.pool)];
    for (const node of this.nodes) {
      node.pool = undefined;
      node.monitor?.destroy();
      node.monitor = undefined;
    }
    this.retired = [];
    await Promise.all(pools.map((pool) => (pool ? new Promise<void>((done) => pool.end(() => done())) : undefined)));
  }

  private moveFrom(node: ClusterNode, reason: string): boolean {
    const from = this.nodes.indexOf(node);
    // Synced nodes first, in order after the failed one; then nodes whose state is not known yet.
    const order = this.nodes.map((_, step) => (from + 1 + step) % this.nodes.length).filter((i) => i !== from);
    const next =
      order.find((i) => this.nodes[i].status === 'synced') ?? order.find((i) => this.nodes[i].status === 'unknown');
    if (next === undefined) {
      if (!this.stranded)
        this.logger.error(`Database node ${node.name} failed (${reason}) and no other node is usable`);
      this.stranded = true;
      return false;
    }
    this.stranded = false;
    this.switchTo(next, reason);
    return true;
  }

  private switchTo(index: number, reason: string): void {
    const from = this.inUse;
    this.inUseIndex = index;
    const to = this.inUse;
    // Connections of the node left may be dead or on a node that refuses work: new ones go to the new node.
    if (from.pool) {
      this.retired.push({ pool: from.pool, at: Date.now() });
      from.pool = undefined;
    }
    this.logger.warn(`Database node ${from.name} left (${reason}); now using ${to.name}`);
    this.options.events?.failover(from.name, to.name, reason);
  }

  private checkAll(): void {
    for (const node of this.nodes) void this.check(node);
    // Anything still running on a retired pool has had its DB_TIMEOUT_MS (twice over).
    const expired = Date.now() - 2 * this.options.timeoutMs;
    for (const entry of this.retired.filter((r) => r.at < expired)) entry.pool.end(() => undefined);
    this.retired = this.retired.filter((r) => r.at >= expired);
  }

  /** Reads a node's state (one check at a time per node) and acts on it. */
  private check(node: ClusterNode): Promise<void> {
    node.checking ??= this.readState(node).finally(() => (node.checking = undefined));
    return node.checking;
  }

  private async readState(node: ClusterNode): Promise<void> {
    try {
      const reading = await (this.options.probe ?? ((n: ClusterNode) => this.probeOverMonitor(n)))(node);
      node.status = reading.status;
      node.reason = reading.reason;
    } catch (error) {
      node.monitor?.destroy();
      node.monitor = undefined;
      node.status = 'down';
      node.reason = `it does not answer (${describe(error)})`;
    }
    if (this.closed || this.nodes.length < 2) return;
    const inUse = this.inUse;
    if (node === inUse) {
      if (node.status !== 'synced') this.moveFrom(node, node.reason);
    } else if (node.status === 'synced') {
      // A node usable again while the one in use is not (all were down): move now, not at the next check.
      if (inUse.status !== 'synced') this.moveFrom(inUse, inUse.reason);
      else if (this.options.settings.failback) this.failBack(node);
    }
  }

  /** `@@wsrep_on` and the wsrep status variables, on the node's own monitor connection, within DB_TIMEOUT_MS. */
  private async probeOverMonitor(node: ClusterNode): Promise<NodeReading> {
    node.monitor ??= await mysql.createConnection({
      ...this.options.monitorOptions,
      host: node.address.host,
      port: node.address.port,
    });
    const [[variables], [statusRows]] = await withTimeout(
      Promise.all([
        node.monitor.query('SELECT @@wsrep_on AS wsrep_on'),
        node.monitor.query(
          `SHOW GLOBAL STATUS WHERE Variable_name IN (${WSREP_STATUS_VARIABLES.map((v) => `'${v}'`).join(', ')})`,
        ),
      ]),
      this.options.timeoutMs,
    );
    const wsrepOn = Number((variables as { wsrep_on: unknown }[])[0]?.wsrep_on) === 1;
    const status = Object.fromEntries(
      (statusRows as { Variable_name: string; Value: string }[]).map((row) => [row.Variable_name, String(row.Value)]),
    );
    return readNodeState(wsrepOn, status);
  }

  /** DB_NODE_FAILBACK: an earlier node (in order) that is Synced again becomes the node in use. */
  private failBack(node: ClusterNode): void {
    const index = this.nodes.indexOf(node);
    if (index >= this.inUseIndex) return;
    this.switchTo(index, `${node.name} is Synced again and comes first (DB_NODE_FAILBACK)`);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function describe(error: unknown): string {
  const record = error as { code?: unknown; errno?: unknown; message?: unknown } | null;
  if (typeof record?.code === 'string')
    return typeof record.errno === 'number' ? `${record.code} ${record.errno}` : record.code;
  return String(record?.message ?? error);
}
