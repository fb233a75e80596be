import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { dialectOf } from './dialect.js';
import { noteGaleraNode } from './galera/failover.js';
import { readServerFacts } from './galera/server-checks.js';
import { postgresStartProblem } from './postgres-server-checks.js';
import { runMigrations } from './run-migrations.js';
import { learnTextCapacity } from './text-capacity.js';

/** Brings the schema up to date (the demo data is the seed module's: src/seed). */
@Injectable()
export class DatabaseInitializer implements OnModuleInit {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    // Galera and the primary-key rule are MySQL/MariaDB servers' (galera/server-checks.ts).
    if (dialectOf(this.dataSource).name === 'mysql') {
      const server = await readServerFacts((sql) => this.dataSource.query(sql));
      // A server that refuses tables without a primary key (Galera's REQUIRED_PRIMARY_KEY): one clear line.
      if (server.primaryKeyProblem) throw new Error(server.primaryKeyProblem);
      if (server.galeraNode) noteGaleraNode(this.dataSource);
    }
    // PostgreSQL: the server's version, what the database holds and the user's rights (one clear line).
    if (dialectOf(this.dataSource).name === 'postgres') {
      const problem = await postgresStartProblem((sql) => this.dataSource.query(sql), this.config.migrate);
      if (problem) throw new Error(problem);
    }
    if (this.config.migrate) {
      const outcome = await runMigrations(this.dataSource, (message) => this.logger.log(message));
      this.logger.log(`migrations: ${outcome}`);
    }
    // A Bugzilla 5.0 database keeps text in 3-byte UTF-8 (SPEC §8): learnt once, before any request.
    const capacity = await learnTextCapacity(this.dataSource);
    if (capacity.hasThreeByteColumns) {
      this.logger.log('text columns store 3-byte UTF-8 only: values with 4-byte characters are refused');
    }
  }
}
