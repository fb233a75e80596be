import { Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isDatabaseEmpty, loadDemoData } from './demo-data.js';

/**
 * On an empty embedded database (DEMO_DATA=auto), or always with DEMO_DATA=true on an empty one,
 * loads the demo seed once the migrations have run (they run in the database module's init).
 */
@Injectable()
class DemoDataLoader implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { demoData, database } = this.config;
    const wanted = demoData === 'true' || (demoData === 'auto' && database.type === 'sqlite');
    if (!wanted || !(await isDatabaseEmpty(this.dataSource))) return;
    const users = await loadDemoData(this.dataSource);
    // Printed, not logged: the person who started the service needs these to try it.
    console.log('Demo data loaded. API keys of the demo users:');
    for (const user of users) {
      console.log(`  ${user.login.padEnd(22)} ${user.apiKey}  (groups: ${user.groups.join(', ') || 'none'})`);
    }
  }
}

/** The seed layer in the application: above the features, it writes their tables from seed files. */
@Module({ providers: [DemoDataLoader] })
export class SeedModule {}
