import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ConnectionLimits } from './connection-limits.js';
import { DatabaseInitializer } from './database-initializer.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { prepareDataSource } from './galera/failover.js';
import { DatabaseReader } from './read-routing.js';
import { AuditLog } from './entities/audit-log.entity.js';
import { BugStatus } from './entities/bug-status.entity.js';
import { Resolution } from './entities/resolution.entity.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config),
        // Each feature module registers its own entities with TypeOrmModule.forFeature.
        autoLoadEntities: true,
        // Fail the start quickly with a clear message instead of retrying for half a minute.
        retryAttempts: 1,
        retryDelay: 500,
      }),
      // Galera nodes, causal reads and write retries go under the driver before it connects.
      dataSourceFactory: async (options) => prepareDataSource(new DataSource(options!)),
    }),
    // Tables every feature writes to or reads from (audit log, statuses, resolutions).
    TypeOrmModule.forFeature([AuditLog, BugStatus, Resolution]),
  ],
  providers: [DatabaseInitializer, ConnectionLimits, DatabaseReader],
  // Every feature reads through the one DatabaseReader (replicas, read-your-writes: read-routing.ts).
  exports: [DatabaseReader],
})
export class DatabaseModule {}
