import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig, type ReplicaDatabaseConfig } from '../config/app-config.js';
import { limitConnectionWaits } from './connection-limits.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { isConnectionError } from './dialect.js';
import { tellSiblings } from '../supervisor/sibling-relay.js';
import { type ReplicaStateReader, replicaStateReader } from './replica-state.js';
import { shareTextCapacity } from './text-capacity.js';

/**
 * Where reads go (DATABASE_REPLICA_URLS, docs/operators.md, "Running at scale"). The one place that decides it:
 * every read path asks `DatabaseReader.query(sql, params)`; writes, and everything inside a write's
 * transaction (`runInTransaction`), use the primary's DataSource as before.
 *
 * - Without replicas, `query` is the primary's `dataSource.query`.
 * - With replicas, each statement goes to the next replica in rotation (round robin). A replica is in
 *   rotation while `SHOW REPLICA STATUS` (checked every `checkIntervalMs`) says it replicates and lags at
 *   most DB_REPLICA_MAX_LAG_MS; a replica that fails a statement with a connection error leaves at once,
 *   and that statement (every read is safe to repeat) is answered by the primary: callers never see it.
 * - Read-your-writes: after a caller's write, that caller's reads go to the primary for `pinMs` (the lag
 *   limit, plus one check interval, plus the one second `Seconds_Behind_Master` rounds to): by then every
 *   replica still in rotation has applied the write. So do the rest of the request that wrote.
 *
 * TypeORM's own `replication: { master, slaves }` is not used: it turns the driver's mysql2 pool into a
 * PoolCluster, which the pool metrics and the connection-wait bound (connection-limits.ts) cannot see,
 * and its random choice of slave knows nothing of lag. Each replica is instead a DataSource of its own,
 * built from the same options as the primary (timeouts, UTC, number handling).
 */

/** What the database layer needs from a place that runs SQL: an EntityManager, a DataSource, or this reader. */
export type SqlRunner = Pick<EntityManager, 'query'>;

// ---------------------------------------------------------------------------------------------------
// Who is calling, and did they write: per request (AsyncLocalStorage) and per user (this process).

interface RequestRouting {
  userId?: number;
  /** This request wrote: its remaining reads go to the primary. */
  wrote: boolean;
}

const requestContext = new AsyncLocalStorage<RequestRouting>();
const ROUTING = Symbol('readRouting');

/** When each user last wrote through this process (or, under WORKERS, through a sibling worker). */
const lastWriteByUser = new Map<number, number>();

/** Message a worker sends its siblings (through the cluster primary) after a caller's write. */
interface WroteMessage {
  bzpCallerWrote: number;
  at: number;
}

function isWroteMessage(message: unknown): message is WroteMessage {
  return typeof (message as WroteMessage | null)?.bzpCallerWrote === 'number';
}

/** Requests whose reads all go to the primary, decided before their routing context exists. */
const PRIMARY_READS = Symbol('primaryReads');

/**
 * All of this request's reads go to the primary, as a request's own write sends them: for a caller who
 * has just written through another writer this service knows of (the Perl Bugzilla it fronts, SPEC
 * §13), whose write a lagging replica may not have yet. Call before the routing context is made (the
 * service's first onRequest hook).
 */
export function readFromPrimary(request: FastifyRequest): void {
  (request as unknown as Record<symbol, boolean>)[PRIMARY_READS] = true;
}

/** Gives each request its routing context; the handler (Nest's guards, pipes, controllers) runs inside it. */
export function registerRequestRouting(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const primary = (request as unknown as Record<symbol, boolean | undefined>)[PRIMARY_READS] === true;
    (request as unknown as Record<symbol, RequestRouting>)[ROUTING] = { wrote: primary };
    done();
  });
  // Entered again right before the handler: body parsing may have left the context of onRequest.
  fastify.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    requestContext.run((request as unknown as Record<symbol, RequestRouting>)[ROUTING] ?? { wrote: false }, done);
  });
}

/** The request's caller is known (the access policy calls this): their recent writes decide where reads go. */
export function noteCaller(userId: number): void {
  const store = requestContext.getStore();
  if (store && userId > 0) store.userId = userId;
}

/**
 * A write committed on the primary for `userId` (default: the request's caller; 0 when none is known): their
 * next reads go there too. Resolves once every other worker has been told (at once outside a cluster):
 * await it before answering.
 */
export function noteWrite(userId?: number): Promise<void> {
  const store = requestContext.getStore();
  if (store) store.wrote = true;
  const id = userId ?? store?.userId ?? 0;
  const at = Date.now();
  if (id > 0) lastWriteByUser.set(id, at);
  // Under WORKERS=N the caller's next request may reach another worker: tell them before the answer leaves
  // (their models check again; with replicas, the caller's reads go to the primary). A reload's new
  // workers learn it too: the supervisor replays the recent ones to them.
  return tellSiblings({ bzpCallerWrote: id, at } satisfies WroteMessage);
}

function onSiblingWrite(message: unknown): void {
  if (isWroteMessage(message) && message.bzpCallerWrote > 0) lastWriteByUser.set(message.bzpCallerWrote, message.at);
}

/**
 * Calls `listener` with the time of each write committed through a sibling worker (WORKERS=N), as
 * noteWrite there tells it; answers the function that stops it. Outside a cluster there are none.
 */
export function onSiblingWrites(listener: (at: number) => void): () => void {
  if (!cluster.isWorker) return () => undefined;
  const onMessage = (message: unknown) => {
    if (isWroteMessage(message)) listener(message.at);
  };
  process.on('message', onMessage);
  return () => void process.off('message', onMessage);
}

// ---------------------------------------------------------------------------------------------------
// The replicas and their health.

export type ReplicaStatus = 'starting' | 'ok' | 'down' | 'stopped' | 'lagging';

export interface ReplicaHealth {
  /** host:port/database (never the credentials). */
  name: string;
  status: ReplicaStatus;
  /** Replication lag as the replica last reported it (whole seconds, in ms); null when unknown. */
  lag_ms: number | null;
}

class Replica {
  status: ReplicaStatus = 'starting';
  lagMs: number | null = null;
  dataSource?: DataSource;
  checking = false;
  /** How its replication state is read (SHOW REPLICA STATUS, or a PostgreSQL standby's functions). */
  readonly state: ReplicaStateReader;

  constructor(
    readonly config: ReplicaDatabaseConfig,
    readonly name = `${config.host}:${config.port}/${config.database}`,
  ) {
    this.state = replicaStateReader(config.type);
  }

  get inRotation(): boolean {
    return this.status === 'ok' && this.dataSource?.isInitialized === true;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  const record = error as { code?: unknown; message?: unknown } | null;
  return typeof record?.code === 'string' ? record.code : String(record?.message ?? error);
}

@Injectable()
export class DatabaseReader implements SqlRunner, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ReadReplicas');
  private readonly replicas: Replica[];
  private next = 0;
  private timer?: NodeJS.Timeout;
  /** How often each replica's state is read: a replica that fails is out within DB_TIMEOUT_MS. */
  readonly checkIntervalMs: number;
  /** How long after a caller's write that caller's reads stay on the primary. */
  readonly pinMs: number;

  constructor(
    private readonly primary: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.replicas = config.replicas.map((replica) => new Replica(replica));
    this.checkIntervalMs = Math.max(50, Math.min(1000, Math.floor(config.dbTimeoutMs / 4)));
    this.pinMs = config.dbReplicaMaxLagMs + this.checkIntervalMs + 1000;
  }

  /** Whether any replica is configured. */
  get usesReplicas(): boolean {
    return this.replicas.length > 0;
  }

  async onModuleInit(): Promise<void> {
    if (!this.usesReplicas) return;
    if (cluster.isWorker) process.on('message', onSiblingWrite);
    // The first check connects; a replica that cannot be reached yet is retried on every later one.
    await Promise.all(this.replicas.map((replica) => this.check(replica)));
    this.timer = setInterval(() => this.checkAll(), this.checkIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (cluster.isWorker) process.off('message', onSiblingWrite);
    await Promise.all(
      this.replicas.map((replica) => (replica.dataSource?.isInitialized ? replica.dataSource.destroy() : undefined)),
    );
  }

  /** Runs a read: on a replica in rotation, or on the primary (no replica, or the caller just wrote). */
  async query<T = any>(sql: string, params?: unknown[]): Promise<T> {
    const replica = this.pick();
    if (!replica) return this.primary.query(sql, params);
    const dataSource = replica.dataSource!;
    try {
      return await dataSource.query(sql, params);
    } catch (error) {
      if ((isConnectionError(error) || !dataSource.isInitialized) && replica.dataSource === dataSource) {
        this.takeOut(replica, 'down', `a read failed (${describe(error)})`);
      }
      // A read is safe to repeat; the primary's answer (or error) is the caller's.
      return this.primary.query(sql, params);
    }
  }

  /**
   * As `query`, but an answer from a replica that `complete` rejects is read again on the primary:
   * for lookups where "not found" may just mean "not replicated yet" (a login token made a moment ago).
   */
  async queryConfirmingMisses<T = any>(sql: string, params: unknown[], complete: (rows: T) => boolean): Promise<T> {
    const rows = await this.query<T>(sql, params);
    if (!this.usesReplicas || complete(rows)) return rows;
    return this.primary.query(sql, params);
  }

  /** Each database's state for GET /health; undefined without replicas (the answer stays `{"status":"ok"}`). */
  replicaHealth(): ReplicaHealth[] | undefined {
    if (!this.usesReplicas) return undefined;
    return this.replicas.map((r) => ({ name: r.name, status: r.status, lag_ms: r.lagMs }));
  }

  private pick(): Replica | undefined {
    if (!this.usesReplicas || this.mustReadPrimary()) return undefined;
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[this.next++ % this.replicas.length];
      if (replica.inRotation) return replica;
    }
    return undefined;
  }

  private mustReadPrimary(): boolean {
    const store = requestContext.getStore();
    if (!store) return false;
    if (store.wrote) return true;
    const wroteAt = store.userId ? lastWriteByUser.get(store.userId) : undefined;
    return wroteAt !== undefined && Date.now() - wroteAt < this.pinMs;
  }

  private checkAll(): void {
    for (const replica of this.replicas) void this.check(replica);
    const expired = Date.now() - this.pinMs;
    for (const [userId, at] of lastWriteByUser) if (at < expired) lastWriteByUser.delete(userId);
  }

  /** Connects if needed and reads the replica's replication state, within DB_TIMEOUT_MS. */
  private async check(replica: Replica): Promise<void> {
    if (replica.checking) return;
    replica.checking = true;
    const timeoutMs = Math.max(50, this.config.dbTimeoutMs - this.checkIntervalMs);
    try {
      if (!replica.dataSource?.isInitialized) await this.connect(replica);
      const state = await withTimeout(
        replica.state.read(replica.dataSource!, this.config.dbReplicaMaxLagMs),
        timeoutMs,
        'the replica',
      );
      replica.lagMs = state.lagMs;
      if (state.status === 'ok') this.takeBack(replica);
      else this.takeOut(replica, state.status, state.reason);
    } catch (error) {
      replica.lagMs = null;
      this.takeOut(replica, 'down', `it does not answer (${describe(error)})`);
    } finally {
      replica.checking = false;
    }
  }

  private async connect(replica: Replica): Promise<void> {
    const dataSource = new DataSource(buildDataSourceOptions({ ...this.config, database: replica.config }));
    await dataSource.initialize();
    limitConnectionWaits(dataSource, this.config.dbTimeoutMs);
    // A replica holds the primary's tables: what they can store was learnt there.
    shareTextCapacity(dataSource, this.primary);
    replica.dataSource = dataSource;
  }

  /** Out of rotation, with one warning when it leaves (not one per failed check). */
  private takeOut(replica: Replica, status: Exclude<ReplicaStatus, 'ok' | 'starting'>, reason: string): void {
    const wasServing = replica.status === 'ok' || replica.status === 'starting';
    replica.status = status;
    if (status === 'down' && replica.dataSource) {
      // Its pooled connections are dead or hung: the next check connects afresh.
      const dataSource = replica.dataSource;
      replica.dataSource = undefined;
      if (dataSource.isInitialized) dataSource.destroy().catch(() => undefined);
    }
    if (!wasServing) return;
    const others = this.replicas.filter((r) => r !== replica && r.inRotation).length;
    this.logger.warn(
      `Read replica ${replica.name} taken out of rotation: ${reason}; reads go to ${
        others ? `the other ${others} replica(s)` : 'the primary'
      } until it is healthy again`,
    );
  }

  private takeBack(replica: Replica): void {
    const was = replica.status;
    replica.status = 'ok';
    if (was !== 'ok' && was !== 'starting') this.logger.log(`Read replica ${replica.name} is back in rotation`);
  }
}
