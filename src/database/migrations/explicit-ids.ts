import type { QueryRunner } from 'typeorm';
import { dialectOf } from '../dialect.js';

/**
 * After baseline rows inserted with the ids checksetup.pl gives them: moves each table's numbering
 * past them where the database does not by itself (PostgreSQL's sequences; a no-op elsewhere).
 */
export async function followExplicitIds(
  queryRunner: QueryRunner,
  serials: [table: string, column: string][],
): Promise<void> {
  const dialect = dialectOf(queryRunner.connection);
  for (const [table, column] of serials) {
    const sql = dialect.followExplicitIds(table, column);
    if (sql) await queryRunner.query(sql);
  }
}
