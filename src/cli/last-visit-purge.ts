import { dialectOf } from '../database/dialect.js';
import { runCommand } from './run-command.js';

/**
 * `npm run last-visit:purge`: deletes the `bug_user_last_visit` rows older than
 * BZ_LAST_VISIT_KEEP_DAYS days (as Bugzilla's cleanup does), the cut-off computed
 * by the database in UTC.
 */
runCommand('last-visit:purge', async (ds, config) => {
  const days = config.lastVisitKeepDays;
  const queryRunner = ds.createQueryRunner();
  let deleted: number;
  try {
    const result = await queryRunner.query(
      `DELETE FROM bug_user_last_visit WHERE last_visit_ts < ${dialectOf(ds).agoUtc(days, 'day')}`,
      [],
      true,
    );
    deleted = result.affected ?? 0;
  } finally {
    await queryRunner.release();
  }
  console.log(`Deleted ${deleted} last-visit record(s) older than ${days} day(s).`);
});
