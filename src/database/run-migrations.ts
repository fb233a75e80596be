import type { DataSource } from 'typeorm';

export type MigrationOutcome = 'migrated' | 'up-to-date' | 'existing-bugzilla';

/**
 * Brings the schema up to date, except on a database that Bugzilla itself
 * created: one that has Bugzilla's tables (`products`) but no TypeORM
 * `migrations` table is left exactly as it is.
 */
export async function runMigrations(ds: DataSource, log: (msg: string) => void): Promise<MigrationOutcome> {
  const migrationsTable = ds.options.migrationsTableName ?? 'migrations';
  const queryRunner = ds.createQueryRunner();
  let hasProducts: boolean;
  let hasMigrations: boolean;
  try {
    hasProducts = await queryRunner.hasTable('products');
    hasMigrations = await queryRunner.hasTable(migrationsTable);
  } finally {
    await queryRunner.release();
  }

  if (hasProducts && !hasMigrations) {
    log('Existing Bugzilla database found: using it as it is, without migrations.');
    return 'existing-bugzilla';
  }

  // MySQL DDL is not transactional: a failed migration may leave tables behind.
  const executed = await ds.runMigrations({ transaction: 'each' });
  if (executed.length === 0) {
    log('Database schema is up to date.');
    return 'up-to-date';
  }
  for (const migration of executed) log(`Applied migration ${migration.name}.`);
  return 'migrated';
}
