import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { DatabaseFault } from '../bugzilla/error-envelope.js';
import { availabilityOf } from '../database/galera/availability.js';
import { CacheMetrics } from './cache-metrics.js';
import { FrontMetrics } from './front-metrics.js';
import { readPoolUsage, type PoolUsage } from './database-pool.js';
import { registerReleaseMetrics } from './release-metrics.js';
import { registerCertificateMetrics } from './certificate-metrics.js';
import type { CertificatePair } from '../config/certificate-pair.js';
import { registerRequestSeries } from './request-series.js';

/**
 * A counter with one label whose counts are plain numbers on the way (one Map update per inc,
 * where prom-client's inc hashes a label object), handed to prom-client when it is scraped.
 */
function countedAtScrape(registry: Registry, name: string, help: string, label: string): (value: string) => void {
  const counts = new Map<string, number>();
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      this.reset();
      for (const [value, count] of counts) this.inc({ [label]: value }, count);
    },
  });
  return (value) => void counts.set(value, (counts.get(value) ?? 0) + 1);
}

let processRegistry: Registry | undefined;

/**
 * Node's default process metrics (CPU, memory, event loop lag, GC, handles), in a
 * registry of our own made once per process. They describe the process, not an
 * application, and prom-client's collectors cannot be stopped (each call leaves an
 * event-loop monitor and a GC observer behind), so an application does not make
 * its own: the tests start many applications in one process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The metrics of one application instance, in a registry of its own (never
 * prom-client's global one). Request series are filled by the Fastify hook in
 * http-metrics.ts, the pool gauges are read at scrape time, and caches report
 * through `cache` (a CacheMetrics).
 */
/** What the compression of served answers counts (served-compression.ts). */
export interface CompressionCounts {
  fromKept: number;
  compressed: number;
  keptAnswers: number;
  keptBytes: number;
}

export class AppMetrics {
  readonly registry = new Registry();

  /**
   * Every answered request, counted per series without prom-client's per-call label hashing
   * (request-series.ts); the request counter and duration histogram read it when scraped.
   */
  private readonly requestSeries = registerRequestSeries(this.registry);

  readonly unavailableAnswers = new Counter({
    name: 'bugzilla_http_unavailable_responses_total',
    help: 'Answers with HTTP status 503 (the database is unreachable or did not answer in time: code -32000).',
    registers: [this.registry],
  });

  readonly databaseErrors = new Counter({
    name: 'bugzilla_db_errors_total',
    help:
      "Database failures behind error answers: kind 'unavailable' (connection refused, lost or timed out: " +
      "answered 503, code -32000) or 'other' (any other database error: answered 500).",
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /** Counted on nearly every request (the caller lookup and the answer from the model). */
  private readonly cacheHit = countedAtScrape(
    this.registry,
    'bugzilla_cache_hits_total',
    'Answers served from a cache, by cache (filled once the response cache lands).',
    'cache',
  );

  private readonly cacheMiss = countedAtScrape(
    this.registry,
    'bugzilla_cache_misses_total',
    'Answers not found in a cache and computed, by cache (filled once the response cache lands).',
    'cache',
  );

  private readonly cacheRefreshes = new Counter({
    name: 'bugzilla_cache_refreshes_total',
    help: 'Reloads of cached data from the database, by cache (filled once the response cache lands).',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });

  private readonly cacheReloadSeconds = new Histogram({
    name: 'bugzilla_cache_reload_seconds',
    help: 'Time to reload one table of a cache from the database, by cache and table (a whole table or only its changed products).',
    labelNames: ['cache', 'table'] as const,
    buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly oldestData = new Map<string, () => Date | undefined>();

  private readonly changeStreamMode = new Gauge({
    name: 'bugzilla_cache_change_stream',
    help: "What a cache learns of changes from (SPEC §15, §16): 1 for the mode in use, the database's log in its own terms (binlog: MariaDB's binary log; logical_decoding: PostgreSQL's) or poll (the database's checks).",
    labelNames: ['cache', 'mode'] as const,
    registers: [this.registry],
  });

  private readonly signalReadings = new Counter({
    name: 'bugzilla_cache_change_readings_total',
    help: "Readings of a cache's change signal, by source: heartbeat (the database's log, no statement), position (the database's log and the server's position), poll (the database's checks).",
    labelNames: ['cache', 'source'] as const,
    registers: [this.registry],
  });

  private readonly streamTransactions = new Counter({
    name: 'bugzilla_cache_stream_transactions_total',
    help: "Transactions read from the database's log (binlog or logical decoding) that changed a cache's tables.",
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });

  private readonly keyedReloads = new Counter({
    name: 'bugzilla_cache_keyed_reloads_total',
    help: 'Reloads of only the rows a change from the binary log named, by cache and table.',
    labelNames: ['cache', 'table'] as const,
    registers: [this.registry],
  });

  private dataSource?: DataSource;

  constructor() {
    const oldestData = this.oldestData;
    new Gauge({
      name: 'bugzilla_cache_oldest_data_age_seconds',
      help: 'Age of the oldest data a cache may still serve, by cache (filled once the response cache lands).',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const now = Date.now();
        for (const [cache, oldestLoadedAt] of oldestData) {
          const loadedAt = oldestLoadedAt();
          if (loadedAt) this.set({ cache }, Math.max(0, (now - loadedAt.getTime()) / 1000));
        }
      },
    });
    this.poolGauge(
      'bugzilla_db_pool_connections_in_use',
      'Database connections running a query or transaction now (SQLite: its one connection, 1 while a transaction is open).',
      (usage) => usage.inUse,
    );
    this.poolGauge(
      'bugzilla_db_pool_connections_idle',
      'Open database connections waiting for work (SQLite: its one connection, 1 when no transaction is open).',
      (usage) => usage.idle,
    );
    this.poolGauge(
      'bugzilla_db_pool_waiting_requests',
      'Requests waiting for a free database connection (SQLite: always 0, its one connection runs statements synchronously).',
      (usage) => usage.waiting,
    );
    this.poolGauge(
      'bugzilla_db_pool_connections_max',
      'The most database connections the pool opens (DB_POOL_SIZE; SQLite: 1).',
      (usage) => usage.max,
    );
    this.availabilityCounters();
    registerReleaseMetrics(this.registry);
  }

  /** What caches call; see CacheMetrics. */
  readonly cache: CacheMetrics = {
    hit: (cache) => this.cacheHit(cache),
    miss: (cache) => this.cacheMiss(cache),
    refresh: (cache) => this.cacheRefreshes.inc({ cache }),
    reloaded: (cache, table, seconds) => this.cacheReloadSeconds.observe({ cache, table }, seconds),
    trackOldestData: (cache, oldestLoadedAt) => void this.oldestData.set(cache, oldestLoadedAt),
    changeStream: (cache, mode, modes) => {
      for (const each of modes) this.changeStreamMode.set({ cache, mode: each }, each === mode ? 1 : 0);
    },
    signalRead: (cache, source) => this.signalReadings.inc({ cache, source }),
    streamTransaction: (cache) => this.streamTransactions.inc({ cache }),
    keyedReload: (cache, table) => this.keyedReloads.inc({ cache, table }),
  };

  private frontMetrics?: FrontMetrics;

  /** The served certificate's expiry (SPEC §18): only a service that speaks HTTPS has it. */
  certificate(pair: CertificatePair): void {
    registerCertificateMetrics(this.registry, pair);
  }

  /** The front's series (SPEC §13), registered on the first call: only a service in front of a Bugzilla has them. */
  front(): FrontMetrics {
    return (this.frontMetrics ??= new FrontMetrics(this.registry));
  }

  /** The pool gauges read this data source's pool at each scrape. */
  watchPool(dataSource: DataSource): void {
    this.dataSource = dataSource;
  }

  /** One answered request, by its route template, method and status code. */
  observeRequest(
    route: string,
    method: string,
    statusCode: number,
    seconds: number,
    fault: DatabaseFault | undefined,
  ): void {
    this.requestSeries.observe(route, method, statusCode, seconds);
    if (statusCode === 503) this.unavailableAnswers.inc();
    if (fault) this.databaseErrors.inc({ kind: fault });
  }

  /** Every series in Prometheus' text format: the process's, then this application's. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    const text = (await processMetrics().metrics()) + (await this.registry.metrics());
    return { contentType: this.registry.contentType, text };
  }

  /** Starts Node's process metrics (once per process) so that they cover the time before the first scrape. */
  startProcessMetrics(): void {
    processMetrics();
  }

  /** Forgets the data source and every series (the application is closing). */
  close(): void {
    this.dataSource = undefined;
    this.frontMetrics = undefined;
    this.oldestData.clear();
    this.requestSeries.clear();
    this.registry.clear();
  }

  /** Failovers and retries, kept by the database layer (src/database/galera) and read at each scrape. */
  private availabilityCounters(): void {
    const read = () => (this.dataSource?.isInitialized ? availabilityOf(this.dataSource) : undefined);
    new Counter({
      name: 'bugzilla_db_failovers_total',
      help: 'Moves from one Galera node to another (DATABASE_URL with several nodes): the node in use failed or was not Synced.',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read()?.failovers ?? 0);
      },
    });
    new Counter({
      name: 'bugzilla_db_retries_total',
      help:
        "Statements (outside a transaction) and whole transactions run again, by what they ran into: 'conflict' " +
        "(deadlock or Galera certification conflict, 1213), 'not-ready' (a Galera node not ready, 1047), 'refused' " +
        "(no connection to the node) or 'lost' (the connection died before COMMIT was sent).",
      labelNames: ['what', 'reason'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [key, count] of read()?.retries ?? []) {
          const [what, reason] = key.split('|');
          this.inc({ what, reason }, count);
        }
      },
    });
    new Counter({
      name: 'bugzilla_db_unknown_commits_total',
      help: 'COMMITs whose connection died before the answer: the transaction may or may not have committed (answered 503, logged).',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read()?.unknownCommits ?? 0);
      },
    });
  }

  /**
   * The compression of served answers (SPEC §18), read at each scrape: how many answers were sent
   * compressed from kept bytes and how many were compressed for the request, and what is kept now
   * (bounded by COMPRESSION_CACHE_MB).
   */
  watchCompression(read: () => CompressionCounts): void {
    new Counter({
      name: 'bugzilla_compressed_answers_total',
      help:
        "Answers of the service's own sent compressed, by where the bytes came from: 'kept' (compressed " +
        "before for this catalogue revision, or by an earlier request it waited for) or 'compressed' " +
        '(compressed for this request).',
      labelNames: ['bytes'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const counts = read();
        this.inc({ bytes: 'kept' }, counts.fromKept);
        this.inc({ bytes: 'compressed' }, counts.compressed);
      },
    });
    new Gauge({
      name: 'bugzilla_compressed_kept_answers',
      help: 'Compressed answers kept for the current catalogue revision.',
      registers: [this.registry],
      collect() {
        this.set(read().keptAnswers);
      },
    });
    new Gauge({
      name: 'bugzilla_compressed_kept_bytes',
      help: 'Bytes of the compressed answers kept for the current catalogue revision (at most COMPRESSION_CACHE_MB).',
      registers: [this.registry],
      collect() {
        this.set(read().keptBytes);
      },
    });
  }

  private poolGauge(name: string, help: string, read: (usage: PoolUsage) => number) {
    const gauge: Gauge = new Gauge({
      name,
      help,
      registers: [this.registry],
      collect: () => {
        const usage = this.dataSource ? readPoolUsage(this.dataSource) : undefined;
        if (usage) gauge.set(read(usage));
        else gauge.reset();
      },
    });
  }
}
