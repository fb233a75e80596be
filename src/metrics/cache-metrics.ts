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
}
