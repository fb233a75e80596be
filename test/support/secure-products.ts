import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { runMigrations } from '../../src/database/run-migrations.js';
import { Seeder } from '../../src/seed/seeder.js';
import type { TestDatabase } from './test-app.js';

/**
 * The products the HTTPS and HTTP/2 specs read: Secure A and Secure B, a component each; with `bulk`, as many
 * products again of 100 components each, so that the whole catalogue is an answer streamed piece by piece
 * (over WHOLE_ANSWER_ROWS_LIMIT rows, docs/operators.md "Large answers").
 */
export async function prepareSecureProducts(database: TestDatabase, bulk = 0): Promise<void> {
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
      for (let p = 0; p < bulk; p++) {
        const product = await seed.product(`Bulk ${p}`);
        const rows = Array.from({ length: 100 }, (_, c) => [`Part ${c}`, product, owner, `${p}.${c} `.repeat(50), 1]);
        await seed.insertMany('components', ['name', 'product_id', 'initialowner', 'description', 'isactive'], rows);
      }
    });
  } finally {
    await ds.destroy();
  }
}
