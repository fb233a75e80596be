import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { processScavenger } from '../config/garbage-collector.js';
import { type ChangeLogName, type Dialect, dialectOf } from '../database/dialect.js';
import { availabilityOf } from '../database/galera/availability.js';
import { onCommittedWrite, type WrittenTables } from '../database/writes.js';
import { CacheMetrics } from '../metrics/cache-metrics.js';
import { sameValue } from './same-value.js';
import { CacheModel } from './cache-model.js';
import {
  type ChangeSignal,
  DataVersionSignal,
  SnapshotSignal,
  InformationSchemaSignal,
  informationSchemaProblem,
} from './change-signal.js';
import {
  MODEL_TABLES,
  type ModelReader,
  type ModelTable,
  type ProductRowTable,
  type TableIndexes,
  databaseReader,
  isModelTable,
  tableLoadReader,
  isProductRowTable,
  loadTable,
  nameOrder,
} from './model-loader.js';
import { reloadProductRows } from './product-rows-reload.js';
import { allEnded } from './all-ended.js';
import { LogSignal, type StreamState } from './change-stream/log-signal.js';
import type { LogStream } from './change-stream/log-stream.js';
import { type LogServer, openLog } from './change-stream/open-log.js';
import { reloadKeys } from './change-stream/keyed-reload.js';

/** A check under way: the write count and the time it started with, and whether it succeeded. */
interface Check {
  startSeq: number;
  startedAt: number;
  done: Promise<boolean>;
}

/**
 * How long an answer may wait for the model rather than read the database (current()): for answers
 * too large for the database path to be a good fallback (the whole catalogue of a big site: 25 s and
 * hundreds of MiB there at 10,000 products, against a reload of a few seconds).
 */
export interface Patience {
  maxWaitMs: number;
}

/** The label of the model's series in the cache metrics. */
const METRICS_NAME = 'model';

/** After this long without a request, the background checks stop (the next request checks). */
const IDLE_AFTER_MS = 30_000;

/**
 * What the model follows for changes (SPEC §15, §16), for /health and the metrics, the log named in
 * its database's own terms (`binlog` on MariaDB, `logical_decoding` on PostgreSQL).
 */
export interface ChangeFollowing {
  /** DB_CHANGE_STREAM as set: `auto`, `poll`, or the log it insists on (`binlog` and `log` name the same). */
  configured: 'auto' | 'poll' | ChangeLogName;
  /** What the model reads changes from now: the database's log, or the database's checks ('poll'). */
  mode: ChangeLogName | 'poll';
  /** Why it is not the log when the log was asked for (or was in use and broke); absent otherwise. */
  reason?: string;
}

/**
 * The in-memory model and how it stays within `CACHE_MAX_STALENESS_MS` of the database
 * (SPEC §1; docs/operators.md, "The in-memory model").
 *
 * A *check* reads the change signal, then reloads the tables it names (and the tables this
 * instance wrote). Data from a check that started at time S reflects every commit before S, so
 * the model is served only while the last successful check started less than the bound ago,
 * and only when no write of this instance was committed after that start (read-your-writes).
 * Otherwise a request waits for a check, and when that fails (database down) it is told to
 * use the database path, which answers 503 as it always did. Checks run in the background
 * every half bound while requests come, so requests rarely wait; a timer never keeps the
 * process alive and stops when the application closes.
 */
@Injectable()
export class ModelCache implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ModelCache');
  private readonly boundMs: number;
  private readonly read: ModelReader;
  /** Reads tables into the model: CACHE_LOAD_TIMEOUT_MS per statement, not DB_TIMEOUT_MS. */
  private readonly load: ModelReader;
  private readonly dialect: Dialect;
  /** Bugzilla's or_groups param: part of the visibility policy. */
  private readonly orGroups: boolean;
  private signal?: ChangeSignal;
  private disabled: boolean;
  private readonly config: AppConfig;
  private stream?: LogStream;
  private following: ChangeFollowing;
  /** A transaction arrived from the log while a check was under way: another check follows it at once. */
  private recheck = false;
  /** A request needs a check whose reading vouches for the check's own start (checkedSince). */
  private exactWanted = false;

  private model?: CacheModel;
  private tables: Partial<TableIndexes> = {};
  /** performance.now() and wall clock at the start of the last successful check. */
  private checkedAt = -Infinity;
  private checkedAtWall?: Date;
  /** Committed writes of this instance to the model's tables, counted; and the count a check started with. */
  private writeSeq = 0;
  private checkedSeq = -1;
  /**
   * The earliest start (Date.now()) of the outside writes noted since the start of the last check:
   * the next check counts every table changed since then as changed (InformationSchemaSignal).
   */
  private outsideWritesSince?: number;
  /** Model tables this instance wrote since the start of the last check ('all': unknown which). */
  private ownWrites: Set<ModelTable> | 'all' = new Set();
  private inFlight?: Check;
  /** Set by holdReloadsForTests only. */
  private reloadHold?: Promise<void>;
  private releaseHold?: () => void;
  private timer?: NodeJS.Timeout;
  /** Whether the background loop runs (a timer is set, or its check is under way). */
  private ticking = false;
  private lastUse = 0;
  private closed = false;
  private readonly stopWatching: () => void;
  /** Told when a model with other data replaces the last (onNewRevision). */
  private readonly revisionListeners: (() => void)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: CacheMetrics,
  ) {
    this.config = config;
    this.boundMs = config.cacheMaxStalenessMs;
    this.orGroups = config.params.or_groups;
    this.disabled = this.boundMs === 0;
    this.dialect = dialectOf(dataSource);
    this.following = this.followingNow('poll');
    this.read = databaseReader(dataSource);
    this.load = tableLoadReader(dataSource, config.cacheLoadTimeoutMs);
    this.stopWatching = this.disabled
      ? () => undefined
      : onCommittedWrite(dataSource, (tables) => this.noteOwnWrite(tables));
    if (!this.disabled) metrics.trackOldestData(METRICS_NAME, () => (this.model ? this.checkedAtWall : undefined));
    if (!this.disabled) this.reportFollowing();
  }

  /**
   * The first model is loaded before the application accepts requests (Nest runs this in
   * `app.init()`, before `listen()`), so that the requests of the first seconds are answered from
   * memory rather than kept waiting while it loads. The wait was not all they cost: V8 decides from
   * the first objects an allocation site makes whether to allocate its objects in the old
   * generation from then on (pretenuring), and requests held for seconds at start made it decide so
   * for the request path's own objects, which then kept every later request's objects alive past
   * their scavenge: 5–10 ms scavenges instead of about 1, and a third more CPU per request, for the
   * life of the process (bench/README.md, "Fourth pass"). A load that fails leaves the model to
   * the first request, as before.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.disabled) return;
    // DB_CHANGE_STREAM=binlog: a server whose log cannot feed the model stops the start, with the reason.
    if (this.config.changeStream === 'binlog') await this.changeSignal();
    await this.check().done;
  }

  /**
   * Calls `listener` each time a model with other data replaces the last: what was derived from the
   * one before (compressed answers, served-compression.ts) is not to outlive it.
   */
  onNewRevision(listener: () => void): void {
    this.revisionListeners.push(listener);
  }

  /** What the model follows for changes now (SPEC §15). */
  get changeFollowing(): ChangeFollowing {
    return this.following;
  }

  /**
   * Whether the database's log is in play: the model follows it, or did and stands in for it while it is
   * down. Not when the server cannot give a log and `auto` polls as before (that is said at start).
   */
  get followsLog(): boolean {
    return this.stream !== undefined;
  }

  /** Whether answers may come from the model at all (CACHE_MAX_STALENESS_MS > 0). */
  get enabled(): boolean {
    return !this.disabled;
  }

  /**
   * The model, fresh within the bound and with this instance's own writes in it; undefined when
   * the caller must read the database (caching off, the database cannot be checked, or the model
   * cannot be brought up to date within the bound). With `patience`, a stale model is not given up
   * on at once: a check that started after this call may still serve (checkedSince).
   */
  async current(patience?: Patience): Promise<CacheModel | undefined> {
    if (this.disabled || this.closed) return undefined;
    const arrivedAt = performance.now();
    this.lastUse = arrivedAt;
    this.keepChecking();
    if (!this.isFresh()) await this.catchUp();
    if (this.isFresh() || (patience && (await this.checkedSince(arrivedAt, patience.maxWaitMs)))) {
      this.metrics.hit(METRICS_NAME);
      return this.model;
    }
    this.metrics.miss(METRICS_NAME);
    return undefined;
  }

  /**
   * The last model loaded, fresh or not: for estimates only (how large an answer would be), never
   * for an answer.
   */
  get lastLoaded(): CacheModel | undefined {
    return this.model;
  }

  /**
   * The model if it is fresh right now, without waiting and without counting a hit (the caller
   * counts one with noteHit when it serves from it); undefined when current() must be asked
   * (caching off, or the model must first be brought up to date). For the caller lookup on
   * every request, which then needs no promise when the model knows the caller.
   */
  freshNow(): CacheModel | undefined {
    if (this.disabled || this.closed) return undefined;
    // One clock reading for both (it is called twice on most requests: the guard, then the handler).
    const now = performance.now();
    this.lastUse = now;
    this.keepChecking();
    return this.isFresh(now) ? this.model : undefined;
  }

  /**
   * Another writer has just committed something a caller is about to read (a request passed to the
   * Perl Bugzilla that this service fronts, SPEC §13, sent at `sentAt`, Date.now()): the model is
   * served again only from a check that starts after this call, as after a write of this instance's
   * own — and that check counts as changed every table the change signal shows changed since
   * `sentAt`, even where its fingerprint did not move (InformationSchemaSignal).
   */
  noteOutsideWrite(sentAt: number): void {
    if (this.disabled || this.closed) return;
    this.outsideWritesSince = Math.min(this.outsideWritesSince ?? sentAt, sentAt);
    this.writeSeq++;
  }

  /** An answer served from a model freshNow() gave. */
  noteHit(): void {
    this.metrics.hit(METRICS_NAME);
  }

  /**
   * Waits for a check that can still make the model fresh, and only as long as it can: data from
   * a check that started at S may be served until S + bound, so waiting past that is useless. A
   * check that cannot land in time (a reload running longer than the bound, a huge table, the
   * database down) is not waited for: the request reads the database meanwhile, so no answer is
   * older than the bound whatever the size of the data, and the check goes on in the background;
   * once one lands within the bound, the model serves again. (Not waiting at all when the last
   * check was slow was tried: on an overloaded machine it sent most reads to the database path,
   * which costs far more than waiting for a check that lands in time.)
   */
  private async catchUp(): Promise<void> {
    // At most two rounds: one already under way may have started before this instance's last write.
    for (let round = 0; round < 2 && !this.isFresh(); round++) {
      const running = this.inFlight ?? this.check();
      const waitMs = running.startedAt + this.boundMs - performance.now();
      if (waitMs <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      const landed = await Promise.race([
        running.done,
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
      ]);
      clearTimeout(timer);
      // A failed check ends the wait: the database path answers (503 when the database is down).
      if (!landed) return;
    }
  }

  /**
   * For current(patience): waits for a check that *started after the request arrived*
   * (`arrivedAt`) and includes this instance's writes so far, at most `maxWaitMs`; whether one
   * landed. Its data has every commit from before the request came, as a database read made for
   * the request would: the bound holds as the database path keeps it.
   */
  private async checkedSince(arrivedAt: number, maxWaitMs: number): Promise<boolean> {
    const seq = this.writeSeq;
    const deadline = performance.now() + maxWaitMs;
    // A check started before the request arrived is waited out, then one started after it is run.
    for (let round = 0; round < 3; round++) {
      if (this.model && this.checkedAt >= arrivedAt && this.checkedSeq >= seq) return true;
      // A reading of the log must then vouch for its own start, not for the last heartbeat before it.
      this.exactWanted = true;
      const running = this.inFlight ?? this.check();
      const waitMs = deadline - performance.now();
      if (waitMs <= 0 || this.closed) return false;
      let timer: NodeJS.Timeout | undefined;
      const landed = await Promise.race([
        running.done,
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
      ]);
      clearTimeout(timer);
      // A check that started after the request and failed (the database down): the database path answers.
      if (!landed && running.startedAt >= arrivedAt) return false;
    }
    return this.model !== undefined && this.checkedAt >= arrivedAt && this.checkedSeq >= seq;
  }

  /**
   * Test-only hook (never called by the application): holds every reload of changed tables until
   * the returned function is called, as a reload slower than any bound would. Checks that find
   * nothing changed still land. Used by test/cache-bound.e2e-spec.ts; shutdown releases it.
   */
  holdReloadsForTests(): () => void {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.reloadHold = held;
    this.releaseHold = () => {
      release();
      if (this.reloadHold === held) this.reloadHold = undefined;
    };
    return this.releaseHold;
  }

  /** An answer the model could not give (an unknown key, say) is read from the database instead. */
  noteMiss(): void {
    this.metrics.miss(METRICS_NAME);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.stream?.stop();
    await this.stream?.release?.().catch(() => undefined);
    this.releaseHold?.();
    this.stopWatching();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight?.done;
  }

  private isFresh(now = performance.now()): boolean {
    return this.model !== undefined && this.checkedSeq >= this.writeSeq && now - this.checkedAt < this.boundMs;
  }

  private noteOwnWrite(tables: WrittenTables): void {
    if (tables === 'unknown') this.ownWrites = 'all';
    else {
      const relevant = [...tables].filter(isModelTable);
      if (relevant.length === 0) return;
      if (this.ownWrites !== 'all') for (const table of relevant) this.ownWrites.add(table);
    }
    this.writeSeq++;
  }

  /** Runs one check, or joins the one under way. */
  private check(): Check {
    if (this.inFlight) return this.inFlight;
    const startSeq = this.writeSeq;
    const startedAt = performance.now();
    const done = this.runCheck(startSeq, startedAt).finally(() => {
      if (this.inFlight?.done === done) this.inFlight = undefined;
      if (this.recheck) {
        this.recheck = false;
        this.checkSoon();
      }
    });
    this.inFlight = { startSeq, startedAt, done };
    return this.inFlight;
  }

  /** A transaction arrived from the binary log: a check now, so that it is served within milliseconds. */
  private checkSoon(): void {
    if (this.closed || this.disabled) return;
    if (this.inFlight) this.recheck = true;
    else void this.check().done;
  }

  private async runCheck(startSeq: number, startedAt: number): Promise<boolean> {
    const startedAtWall = new Date();
    const ownWrites = this.ownWrites;
    this.ownWrites = new Set();
    const outsideSince = this.outsideWritesSince;
    this.outsideWritesSince = undefined;
    const exact = this.exactWanted;
    this.exactWanted = false;
    try {
      const signal = await this.changeSignal();
      if (!signal) return false;
      const ownPending = ownWrites === 'all' || ownWrites.size > 0;
      const reading = await signal.changes(outsideSince, ownPending || exact);
      this.metrics.signalRead(METRICS_NAME, reading.source ?? 'poll');
      // The log holds this instance's writes as it holds everyone's: only the database's checks need them named.
      const own = reading.coversOwnWrites ? new Set<ModelTable>() : ownWrites;
      const wanted = new Set<ModelTable>(
        this.model === undefined || reading.changed === 'all' || own === 'all'
          ? MODEL_TABLES
          : [...reading.changed, ...own],
      );
      const keyed = [...(reading.keys ?? [])].filter(([table]) => !wanted.has(table));
      // Tables the log named (not the first load): read once the writer's commit is visible.
      const fromLog = reading.coversOwnWrites === true && this.model !== undefined;
      if (wanted.size > 0 || keyed.length > 0) {
        await this.reloadHold;
        // What a load allocates mostly survives: the scavenger's helper threads have work to share.
        // Every table's load has ended (each within CACHE_LOAD_TIMEOUT_MS) before a failure is told:
        // none is left reading, with the helpers already taken away, when this one gives up.
        const loads = () =>
          allEnded([
            ...[...wanted].map(async (table) => [table, await this.reload(table, fromLog)] as const),
            ...keyed.map(async ([table, keys]) => [table, await this.reloadRows(table, keys)] as const),
          ]);
        const loaded = wanted.size > 0 ? await processScavenger.whileLoading(loads) : await loads();
        if (this.closed) return false;
        const current = this.tables as Record<string, unknown>;
        const changed = loaded.filter(([table, index]) => !sameValue(current[table], index));
        // Only a model whose data changed is replaced: what it derived (remembered answers) stays valid.
        if (this.model === undefined || changed.length > 0) {
          const tables = { ...this.tables };
          for (const [table, index] of changed) (tables as Record<string, unknown>)[table] = index;
          this.tables = tables;
          this.model = new CacheModel(tables as TableIndexes, this.orGroups);
          for (const listener of this.revisionListeners) listener();
        }
        this.metrics.refresh(METRICS_NAME);
      }
      reading.accept();
      // A reading of the log vouches for the last heartbeat, a little before the check began.
      this.checkedAt = Math.min(startedAt, reading.asOf ?? startedAt);
      this.checkedAtWall = startedAtWall;
      this.checkedSeq = startSeq;
      return true;
    } catch (error) {
      // Not checked: the writes noted are still to be reloaded. The database path answers meanwhile.
      const since = this.ownWrites as Set<ModelTable> | 'all';
      if (exact) this.exactWanted = true;
      if (ownWrites === 'all' || since === 'all') this.ownWrites = 'all';
      else for (const table of ownWrites) since.add(table);
      if (outsideSince !== undefined)
        this.outsideWritesSince = Math.min(this.outsideWritesSince ?? outsideSince, outsideSince);
      if (!this.closed) this.logger.warn(`model check failed: ${(error as Error).message}`);
      return false;
    }
  }

  /**
   * Loads one table again, timed in the metrics by table. On MariaDB / MySQL and PostgreSQL a
   * product-owned table (components, versions, milestones) is read again only for the products
   * whose rows changed (product-rows-reload.ts); SQLite cannot say which, and reads it whole. `fromLog`: the
   * database's log named the whole table (a schema change, a bulk change): it is read whole with the
   * stream's committed reader, so that its rows are read once the writer's commit is visible.
   */
  private async reload<K extends ModelTable>(table: K, fromLog = false): Promise<TableIndexes[K]> {
    const start = performance.now();
    const index = fromLog
      ? await loadTable(table, this.stream ? this.stream.committedReader(this.load) : this.load, this.dialect)
      : this.dialect.productFingerprintsSql && isProductRowTable(table)
        ? (
            await reloadProductRows<ProductRowTable>(
              table,
              this.tables[table] as never,
              this.load,
              nameOrder(this.dialect),
              this.dialect.productFingerprintsSql,
            )
          ).index
        : await loadTable(table, this.load, this.dialect);
    this.metrics.reloaded(METRICS_NAME, table, (performance.now() - start) / 1000);
    return index as TableIndexes[K];
  }

  /**
   * Reads again only the rows a change from the binary log named (keyed-reload.ts), or the whole
   * table where they cannot be merged row by row.
   */
  private async reloadRows<K extends ModelTable>(
    table: K,
    keys: ReadonlySet<number | string>,
  ): Promise<TableIndexes[K]> {
    const current = this.tables[table] as TableIndexes[K] | undefined;
    const start = performance.now();
    const read = this.stream ? this.stream.committedReader(this.load) : this.load;
    const merged = current && (await reloadKeys(table, current, keys, read, this.dialect));
    if (!merged) return this.reload(table, true);
    this.metrics.reloaded(METRICS_NAME, table, (performance.now() - start) / 1000);
    this.metrics.keyedReload(METRICS_NAME, table);
    return merged;
  }

  private async changeSignal(): Promise<ChangeSignal | undefined> {
    if (this.signal) return this.signal;
    if (this.dialect.changeSignal === 'table-times') {
      const problem = await informationSchemaProblem(this.read);
      const poll = problem ? undefined : new InformationSchemaSignal(this.read);
      const log = await this.logSignal(poll);
      if (!log && !poll) {
        this.logger.warn(`the in-memory model is off: ${problem}`);
        this.disabled = true;
        return undefined;
      }
      this.signal = log ?? poll;
    } else if (this.dialect.changeSignal === 'snapshot') {
      const poll = new SnapshotSignal(this.read);
      this.signal = (await this.logSignal(poll)) ?? poll;
    } else this.signal = new DataVersionSignal(this.read);
    return this.signal;
  }

  /**
   * The database's own log as the model's change signal (SPEC §15, §16: MariaDB's binary log,
   * PostgreSQL's logical decoding), unless DB_CHANGE_STREAM=poll or (`auto`) the server does not allow
   * it; DB_CHANGE_STREAM=binlog throws then. Says which at start. While the stream is down the
   * database's checks (`poll`) stand in; without them (a MySQL server whose information_schema lags) a
   * down stream leaves the requests to the database path.
   */
  private async logSignal(poll: ChangeSignal | undefined): Promise<ChangeSignal | undefined> {
    const configured = this.config.changeStream;
    if (configured === 'poll') {
      this.logger.log('changes: the model checks the database every half bound (DB_CHANGE_STREAM=poll)');
      return undefined;
    }
    let signal: LogSignal | undefined;
    const opening = await openLog(this.dialect.name, this.read, this.config, () => this.streamServer(), {
      committed: (change) => signal?.committed(change),
      broken: (reason) => signal?.broken(reason),
      resumed: () => signal?.resumed(),
      lost: (reason) => signal?.lost(reason),
    });
    let problem = 'problem' in opening ? opening.problem : undefined;
    if ('stream' in opening) {
      const stream = opening.stream;
      signal = new LogSignal(
        () => stream,
        poll ?? { changes: () => Promise.reject(new Error('no database check on this server')) },
        {
          changed: () => {
            this.metrics.streamTransaction(METRICS_NAME);
            this.checkSoon();
          },
          stateChanged: (state, reason) => this.streamStateChanged(state, reason),
        },
        Math.max(50, Math.floor(this.boundMs / 4)),
      );
      try {
        await stream.start();
        this.stream = stream;
      } catch (error) {
        problem = `${stream.name} stream could not start: ${(error as Error).message}`;
      }
    }
    if (problem) {
      if (configured === 'binlog') throw new Error(`DB_CHANGE_STREAM=binlog, but ${problem}`);
      this.following = this.followingNow('poll', problem);
      this.reportFollowing();
      this.logger.log(`changes: the model checks the database every half bound (${problem})`);
      return undefined;
    }
    this.following = this.followingNow('log');
    this.reportFollowing();
    this.logger.log(`changes: the model follows ${this.stream?.name ?? "the database's log"}`);
    return signal;
  }

  private streamStateChanged(state: StreamState, reason: string): void {
    this.following = state === 'log' ? this.followingNow('log') : this.followingNow('poll', reason);
    this.reportFollowing();
  }

  /** `mode` ('log': the database's own log) and DB_CHANGE_STREAM, named in this database's terms. */
  private followingNow(mode: 'log' | 'poll', reason?: string): ChangeFollowing {
    const log = this.dialect.changeLog ?? 'binlog';
    const configured = this.config.changeStream === 'binlog' ? log : this.config.changeStream;
    return { configured, mode: mode === 'log' ? log : 'poll', ...(reason === undefined ? {} : { reason }) };
  }

  /** The metrics' mode series: 1 for what the model follows now, 0 for the other this database has. */
  private reportFollowing(): void {
    const modes = this.dialect.changeLog ? [this.dialect.changeLog, 'poll'] : ['poll'];
    this.metrics.changeStream(METRICS_NAME, this.following.mode, modes);
  }

  /** Where the stream reads: the server the data source uses now (a Galera node, a promoted replica). */
  private streamServer(): LogServer {
    const database = this.config.database;
    if (database.type === 'sqlite') throw new Error('SQLite has no log to read');
    const node = (database.type === 'mysql' && availabilityOf(this.dataSource).nodes?.inUse.address) || database;
    return {
      host: node.host,
      port: node.port,
      user: database.username,
      password: database.password,
      database: database.database,
    };
  }

  /** Background checks every half bound while requests come; they stop when idle or closed. */
  private keepChecking(): void {
    if (this.ticking || this.closed || this.disabled) return;
    this.ticking = true;
    const schedule = (delay: number) => {
      this.timer = setTimeout(tick, Math.max(1, delay));
      // A check that is due never keeps the process alive.
      this.timer.unref();
    };
    const tick = async () => {
      this.timer = undefined;
      if (this.closed || this.disabled || performance.now() - this.lastUse > IDLE_AFTER_MS) {
        this.ticking = false;
        return;
      }
      const ok = await this.check().done;
      if (this.closed) {
        this.ticking = false;
        return;
      }
      schedule(ok ? this.checkedAt + this.boundMs / 2 - performance.now() : this.boundMs / 2);
    };
    schedule(this.checkedAt + this.boundMs / 2 - performance.now());
  }
}
