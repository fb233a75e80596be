/**
 * What a cache reports to the metrics. The response cache has not landed yet: until
 * it does, these series stay empty. A cache injects `CacheMetrics` (MetricsModule is
 * global) and calls it; it never touches prom-client itself. `cache` names the cache
 * (a short fixed word such as 'products': it becomes a label, so never a key or a URL).
 */
export abstract class CacheMetrics {
  /** An answer was served from the cache. */
  abstract hit(cache: string): void;
  /** An answer was not in the cache (or had expired) and was computed. */
  abstract miss(cache: string): void;
  /** The cache reloaded data from the database (on expiry, invalidation or in the background). */
  abstract refresh(cache: string): void;
  /** How long reloading one table of the cache took (`table` is a fixed table name, never data). */
  abstract reloaded(cache: string, table: string, seconds: number): void;
  /**
   * Reports, at each scrape, when the oldest data the cache may still serve was read
   * from the database (undefined when the cache is empty).
   */
  abstract trackOldestData(cache: string, oldestLoadedAt: () => Date | undefined): void;
  /**
   * What the cache learns of changes from now (SPEC §15, §16): `mode`, one of `modes` — the database's
   * log in its own terms (`binlog` on MariaDB, `logical_decoding` on PostgreSQL) or its checks (`poll`).
   */
  abstract changeStream(cache: string, mode: string, modes: readonly string[]): void;
  /**
   * One reading of the change signal, by what it read: `heartbeat` (the log's, no statement),
   * `position` (the log, with the server's position read once), `poll` (the database's checks).
   */
  abstract signalRead(cache: string, source: 'heartbeat' | 'position' | 'poll'): void;
  /** A transaction from the binary log that changed the cache's tables. */
  abstract streamTransaction(cache: string): void;
  /** Rows of one table read again by key (what a change from the log named), rather than the whole table. */
  abstract keyedReload(cache: string, table: string): void;
}
