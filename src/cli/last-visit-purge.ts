import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { buildDataSourceOptions } from '../database/data-source-options.js';
import { daysAgoUtcSql } from '../database/dialect.js';
import { runMigrations } from '../database/run-migrations.js';

/**
 * `npm run last-visit:purge`: deletes the `bug_user_last_visit` rows older than
 * BZ_LAST_VISIT_KEEP_DAYS days (as Bugzilla's cleanup does), the cut-off computed
 * by the database in UTC.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const days = config.lastVisitKeepDays;
  const ds = new DataSource(buildDataSourceOptions(config));
  await ds.initialize();
  try {
    if (config.migrate) {
      const messages: string[] = [];
      if (
        (await runMigrations(ds, (message) => messages.push(message))) ===
        'migrated'
      ) {
        for (const message of messages) console.error(message);
      }
    }
    const queryRunner = ds.createQueryRunner();
    let deleted: number;
    try {
      const result = await queryRunner.query(
        `DELETE FROM bug_user_last_visit WHERE last_visit_ts < ${daysAgoUtcSql(ds, days)}`,
        [],
        true,
      );
      deleted = result.affected ?? 0;
    } finally {
      await queryRunner.release();
    }
    console.log(
      `Deleted ${deleted} last-visit record(s) older than ${days} day(s).`,
    );
  } finally {
    await ds.destroy();
  }
}

main().then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`last-visit:purge: ${message.split('\n')[0]}`);
    process.exitCode = 1;
  },
);
