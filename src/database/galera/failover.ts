import type { DataSource, DataSourceOptions, QueryRunner } from 'typeorm';
import type { DatabaseNode, GaleraSettings } from '../../config/app-config.js';
import { Availability, availabilityOf, setAvailability } from './availability.js';
import { ClusterNode, describe, NodeSet, type NodePool, type PooledConnection } from './node-set.js';
import { failureKind, isNodeFailure, mayRetryStatement } from './retry-rules.js';

/**
 * Puts the Galera layer under a TypeORM MySQL data source, before it connects: the driver's pool becomes
 * a FailoverPool over one mysql2 pool per node (node-set.ts), and each query runner repeats a statement
 * that failed without effect (retry-rules.ts) on the node the service moved to. Transactions are retried
 * as a whole by runInTransaction (writes.ts). With one host in DATABASE_URL nothing changes but causal
 * reads (DB_CAUSAL_READS) and the retry budget for conflicts.
 */

/** What buildDataSourceOptions adds to a MySQL data source's options for this layer. */
export interface ClusterOptions {
  nodes: DatabaseNode[];
  settings: GaleraSettings;
  timeoutMs: number;
}

export const CLUSTER_OPTIONS = Symbol('clusterOptions');

type WithClusterOptions = DataSourceOptions & { [CLUSTER_OPTIONS]?: ClusterOptions };

/** Attaches the cluster options to data source options (kept by Nest's option spreads: an own symbol key). */
export function withClusterOptions<T extends DataSourceOptions>(options: T, cluster: ClusterOptions): T {
  return Object.assign(options, { [CLUSTER_OPTIONS]: cluster });
}

/** Data sources whose server said at start that it is a Galera node (wsrep_on=ON). */
const onGaleraNode = new WeakSet<DataSource>();

/** `dataSource`'s server is a Galera node, whatever DATABASE_URL names (DatabaseInitializer, at start). */
export function noteGaleraNode(dataSource: DataSource): void {
  onGaleraNode.add(dataSource);
}

/**
 * Whether what `dataSource` reads may miss a commit made through another node of a Galera cluster: it
 * was given several nodes (DATABASE_URL with several hosts), or its one host is a Galera node (which a
 * load balancer may stand for).
 */
export function readsMayLagCluster(dataSource: DataSource): boolean {
  return (
    onGaleraNode.has(dataSource) || ((dataSource.options as WithClusterOptions)[CLUSTER_OPTIONS]?.nodes.length ?? 0) > 1
  );
}

/** Which node each pooled connection came from. */
const connectionNodes = new WeakMap<object, ClusterNode>();

interface MysqlDriverInternals {
  mysql: {
    createPool(
      options: Record<string, unknown>,
    ): NodePool & { on(event: 'connection', listener: (c: any) => void): void };
  };
  createPool(options: Record<string, unknown>): Promise<NodePool>;
  createQueryRunner(mode: 'master' | 'slave'): QueryRunner;
}

/** Prepares `dataSource` (not yet initialised) as its options ask; other data sources are left alone. */
export function prepareDataSource(dataSource: DataSource): DataSource {
  const cluster = (dataSource.options as WithClusterOptions)[CLUSTER_OPTIONS];
  if (!cluster || (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb')) return dataSource;
  const driver = dataSource.driver as unknown as MysqlDriverInternals;

  const makePool = (connectionOptions: Record<string, unknown>, node: DatabaseNode): NodePool => {
    const pool = driver.mysql.createPool({ ...connectionOptions, host: node.host, port: node.port });
    if (cluster.settings.causalReads) {
      // Before any other command on the connection (mysql2 runs a connection's commands in order).
      pool.on('connection', (connection) => connection.query('SET SESSION wsrep_sync_wait = 1', () => undefined));
    }
    return pool;
  };

  if (cluster.nodes.length <= 1) {
    setAvailability(dataSource, new Availability(cluster.settings.writeRetryMs));
    if (!cluster.settings.causalReads) return dataSource;
    driver.createPool = async (connectionOptions) =>
      firstConnectionChecked(makePool(connectionOptions, cluster.nodes[0]));
    return dataSource;
  }

  driver.createPool = async (connectionOptions) => {
    const nodes = new NodeSet({
      nodes: cluster.nodes,
      settings: cluster.settings,
      timeoutMs: cluster.timeoutMs,
      makePool: (node) => makePool(connectionOptions, node),
      monitorOptions: {
        user: connectionOptions.user as string,
        password: connectionOptions.password as string,
        connectTimeout: cluster.timeoutMs,
      },
      events: { failover: () => availability.failovers++ },
    });
    const availability = new Availability(cluster.settings.writeRetryMs, nodes);
    try {
      await nodes.start();
    } catch (error) {
      await nodes.close();
      throw error;
    }
    setAvailability(dataSource, availability);
    return new FailoverPool(nodes);
  };
  retryStatements(driver, () => availabilityOf(dataSource));
  return dataSource;
}

/** As TypeORM's own createPool: the first connection proves the credentials before anything else runs. */
function firstConnectionChecked(pool: NodePool): Promise<NodePool> {
  return new Promise((resolve, reject) => {
    pool.getConnection((error, connection) => {
      if (error) return pool.end(() => reject(error));
      connection!.release();
      resolve(pool);
    });
  });
}

/**
 * The driver's pool, as far as TypeORM and this service use it: connections come from the node in use;
 * a node that refuses one is left for the next, and the connection is asked of that one.
 */
export class FailoverPool implements NodePool {
  constructor(readonly nodes: NodeSet) {}

  getConnection(callback: (error: Error | null, connection?: PooledConnection) => void): void {
    const tried = new Set<ClusterNode>();
    const attempt = () => {
      const node = this.nodes.inUse;
      tried.add(node);
      this.nodes.poolOf(node).getConnection((error, connection) => {
        if (!error) {
          connectionNodes.set(connection!, node);
          callback(null, connection);
          return;
        }
        // A refusal moves the service on; a pool the service already left (ended, or its node gone) too.
        const moved = isNodeFailure(failureKind(error))
          ? this.nodes.nodeFailed(node, describe(error))
          : node !== this.nodes.inUse;
        if (moved && !tried.has(this.nodes.inUse)) attempt();
        else callback(error);
      });
    };
    attempt();
  }

  end(callback?: (error?: Error | null) => void): void {
    this.nodes.close().then(
      () => callback?.(),
      (error: Error) => callback?.(error),
    );
  }

  // What the pool metrics read (src/metrics/database-pool.ts): the pool of the node in use.
  private get current(): Record<string, unknown> | undefined {
    return this.nodes.inUse.pool as unknown as Record<string, unknown> | undefined;
  }
  get _allConnections(): unknown {
    return this.current?._allConnections ?? [];
  }
  get _freeConnections(): unknown {
    return this.current?._freeConnections ?? [];
  }
  get _connectionQueue(): unknown {
    return this.current?._connectionQueue ?? [];
  }
  get config(): unknown {
    return this.current?.config ?? {};
  }
}

const READ_STATEMENT = /^\s*(SELECT|SHOW|WITH|DESCRIBE|DESC|EXPLAIN)\b/i;

type RetryingRunner = QueryRunner & { databaseConnection?: PooledConnection; databaseConnectionPromise?: unknown };

/**
 * A statement outside a transaction that failed without effect (a read whose node went; a statement that
 * never reached a node; a conflict) runs again, on the node the service moved to. Inside a transaction a
 * failure is left to runInTransaction, which repeats the whole transaction or answers 503.
 */
function retryStatements(driver: MysqlDriverInternals, availability: () => Availability): void {
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = create(mode) as RetryingRunner;
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    runner.query = (async (...args: unknown[]) => {
      const state = availability();
      const attempts = (state.nodes?.size ?? 1) + 1;
      for (let attempt = 1; ; attempt++) {
        try {
          return await query(...args);
        } catch (error) {
          const kind = failureKind(error);
          const connection = runner.databaseConnection;
          const node = connection ? connectionNodes.get(connection) : undefined;
          if (isNodeFailure(kind) && node) state.nodes?.nodeFailed(node, describe(error));
          const reads = READ_STATEMENT.test(String(args[0] ?? ''));
          if (runner.isTransactionActive || attempt >= attempts || !mayRetryStatement(kind, reads, state.otherNodes)) {
            throw error;
          }
          state.countRetry('statement', kind!);
          if (isNodeFailure(kind)) {
            // The next attempt asks the pool for a connection: from the node in use now.
            runner.databaseConnection = undefined;
            runner.databaseConnectionPromise = undefined;
            connection?.destroy();
          }
        }
      }
    }) as QueryRunner['query'];
    return runner;
  };
}
