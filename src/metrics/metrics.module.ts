import { Global, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppMetrics } from './app-metrics.js';
import { CacheMetrics } from './cache-metrics.js';

/** Closes the application's metrics with it (nothing of it outlives `app.close()`). */
class MetricsShutdown implements OnApplicationShutdown {
  constructor(private readonly metrics: AppMetrics) {}

  onApplicationShutdown(): void {
    this.metrics.close();
  }
}

/**
 * The application's metrics (one AppMetrics per application), and CacheMetrics for
 * any module that caches. Global, so that a cache only injects CacheMetrics.
 * Whether `/metrics` is served is bootstrap's choice (METRICS).
 */
@Global()
@Module({
  providers: [
    {
      provide: AppMetrics,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => {
        const metrics = new AppMetrics();
        metrics.watchPool(dataSource);
        return metrics;
      },
    },
    { provide: CacheMetrics, inject: [AppMetrics], useFactory: (metrics: AppMetrics) => metrics.cache },
    {
      provide: MetricsShutdown,
      inject: [AppMetrics],
      useFactory: (metrics: AppMetrics) => new MetricsShutdown(metrics),
    },
  ],
  exports: [AppMetrics, CacheMetrics],
})
export class MetricsModule {}
