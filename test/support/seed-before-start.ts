import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { runMigrations } from '../../src/database/run-migrations.js';
import { Seeder } from '../../src/seed/seeder.js';
import type { TestDatabase } from './test-app.js';

/**
 * Fills a test database before a service process starts on it (specs that spawn the built service, which
 * then loads what is there): the schema migrated, then `fill` in one transaction.
 */
export async function seedBeforeStart(database: TestDatabase, fill: (seed: Seeder) => Promise<void>): Promise<void> {
  const config = loadConfig({ DATABASE_URL: database.url, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const ds = await new DataSource(buildDataSourceOptions(config)).initialize();
  try {
    await runMigrations(ds, () => undefined);
    await ds.transaction((em) => fill(new Seeder(em)));
  } finally {
    await ds.destroy();
  }
}

/**
 * `count` products named `<prefix> <n>` of 100 components each, every description `repeat` words long:
 * a catalogue large enough to be streamed (docs/operators.md, "Large answers") or to outgrow socket buffers.
 */
export async function seedBulkProducts(
  seed: Seeder,
  { prefix, count, owner, repeat }: { prefix: string; count: number; owner: number; repeat: number },
): Promise<void> {
  for (let p = 0; p < count; p++) {
    const product = await seed.product(`${prefix} ${p}`);
    const rows = Array.from({ length: 100 }, (_, c) => [`Part ${c}`, product, owner, `${p}.${c} `.repeat(repeat), 1]);
    await seed.insertMany('components', ['name', 'product_id', 'initialowner', 'description', 'isactive'], rows);
  }
}
