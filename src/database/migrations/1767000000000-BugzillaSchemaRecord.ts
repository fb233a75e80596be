import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../dialect.js';
import { BZ_SCHEMA_VERSION, bzSchemaText, describedTables } from './bugzilla-abstract-schema.js';

/**
 * Bugzilla's `bz_schema` row for the tables the migrations made (SPEC §16): without it checksetup.pl
 * takes a database it did not make for an empty one and dies creating a table that exists. With it,
 * checksetup.pl adds the tables the service does not make and leaves the service's as they are.
 * MySQL/MariaDB and PostgreSQL only (Bugzilla has no SQLite driver). On MySQL/MariaDB TypeORM's
 * `migrations` table is also given Bugzilla's collation, the one table checksetup.pl would otherwise convert.
 */
export class BugzillaSchemaRecord1767000000000 implements MigrationInterface {
  name = 'BugzillaSchemaRecord1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = dialectOf(queryRunner.connection).name;
    if (dialect !== 'mysql' && dialect !== 'postgres') return;
    if (dialect === 'mysql') {
      // TypeORM made its own table in the database's default collation; checksetup.pl converts every table
      // not in Bugzilla's (Bugzilla/DB/Mysql.pm), so ours is made Bugzilla's here.
      const migrations = queryRunner.connection.options.migrationsTableName ?? 'migrations';
      await queryRunner.query(
        `ALTER TABLE \`${migrations}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`,
      );
    }
    if (await queryRunner.hasTable('bz_schema')) {
      // A checksetup.pl run on a database made before this migration stored an empty description
      // (`$VAR1 = {};`) and then died creating a table of ours: that one is replaced, any other kept.
      const rows = (await queryRunner.query('SELECT schema_data FROM bz_schema')) as { schema_data: Buffer }[];
      const empty = rows.length === 1 && /^\$VAR1 = \{\};\s*$/.test(Buffer.from(rows[0].schema_data).toString('utf8'));
      if (!empty) return;
      await queryRunner.query('DELETE FROM bz_schema');
    } else {
      // The table as checksetup.pl makes it on each database.
      await queryRunner.query(
        dialect === 'postgres'
          ? 'CREATE TABLE bz_schema (schema_data bytea NOT NULL, version numeric(3,2) NOT NULL)'
          : 'CREATE TABLE bz_schema (schema_data longblob NOT NULL, version decimal(3,2) NOT NULL) ' +
              'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci',
      );
    }
    const existing = new Set<string>();
    for (const table of describedTables()) if (await queryRunner.hasTable(table)) existing.add(table);
    const tables = describedTables().filter((table) => existing.has(table));
    await queryRunner.query('INSERT INTO bz_schema (schema_data, version) VALUES (?, ?)', [
      Buffer.from(bzSchemaText(tables, dialect), 'utf8'),
      BZ_SCHEMA_VERSION,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS bz_schema');
  }
}
