import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { runMigrations } from '../../src/database/run-migrations.js';
import { Seeder } from '../../src/seed/seeder.js';
import type { TestDatabase } from './test-app.js';

/** The products the HTTPS and HTTP/2 specs read: Secure A and Secure B, a component each. */
export async function prepareSecureProducts(database: TestDatabase): Promise<void> {
  const config = loadConfig({ DATABASE_URL: database.url, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const ds = await new DataSource(buildDataSourceOptions(config)).initialize();
  try {
    await runMigrations(ds, () => undefined);
    await ds.transaction(async (em) => {
      const seed = new Seeder(em);
      const owner = await seed.user('owner@tls.test');
      for (const name of ['Secure A', 'Secure B']) {
        const product = await seed.product(name, { description: `${name} over TLS` });
        await seed.component(product, 'General', { owner, description: 'Things' });
      }
    });
  } finally {
    await ds.destroy();
  }
}
