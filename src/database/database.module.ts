import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ConnectionLimits } from './connection-limits.js';
import { DatabaseInitializer } from './database-initializer.js';
import { buildDataSourceOptions } from './data-source-options.js';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config),
        // Fail the start quickly with a clear message instead of retrying for half a minute.
        retryAttempts: 1,
        retryDelay: 500,
      }),
    }),
  ],
  providers: [DatabaseInitializer, ConnectionLimits],
})
export class DatabaseModule {}
