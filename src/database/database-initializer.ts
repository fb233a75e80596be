import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { runMigrations } from './run-migrations.js';

/** Brings the schema up to date (the demo data is the seed module's: src/seed). */
@Injectable()
export class DatabaseInitializer implements OnModuleInit {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.migrate) {
      const outcome = await runMigrations(this.dataSource, (message) => this.logger.log(message));
      this.logger.log(`migrations: ${outcome}`);
    }
  }
}
