import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSchemaStatements } from './postgres-schema.js';

/**
 * The Bugzilla 5.2 tables that the login lockout and component administration touch and
 * the first migration did not create: `login_failure` (one row per wrong password of an
 * existing account), `tokens` (a good password login deletes the user's password-reset
 * tokens) and `component_cc` (a component's default CC list). MySQL/MariaDB: the DDL of
 * `reference/bugzilla-schema.sql`; SQLite: the same columns, keys and foreign keys.
 * `IF NOT EXISTS`: a database that already has them keeps them as they are.
 */

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci';

const TABLES = ['component_cc', 'login_failure', 'tokens'] as const;

function mysqlStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS component_cc (
      user_id mediumint(9) NOT NULL,
      component_id mediumint(9) NOT NULL,
      UNIQUE KEY component_cc_user_id_idx (component_id,user_id),
      KEY fk_component_cc_user_id_profiles_userid (user_id),
      CONSTRAINT fk_component_cc_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_component_cc_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${TABLE_OPTIONS} ROW_FORMAT=COMPRESSED`,
    `CREATE TABLE IF NOT EXISTS login_failure (
      user_id mediumint(9) NOT NULL,
      login_time datetime NOT NULL,
      ip_addr varchar(40) NOT NULL,
      KEY login_failure_user_id_idx (user_id),
      CONSTRAINT fk_login_failure_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${TABLE_OPTIONS} ROW_FORMAT=COMPRESSED`,
    `CREATE TABLE IF NOT EXISTS tokens (
      userid mediumint(9) DEFAULT NULL,
      issuedate datetime NOT NULL,
      token varchar(16) NOT NULL,
      tokentype varchar(16) NOT NULL,
      eventdata tinytext DEFAULT NULL,
      PRIMARY KEY (token),
      KEY tokens_userid_idx (userid),
      CONSTRAINT fk_tokens_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${TABLE_OPTIONS} ROW_FORMAT=DYNAMIC`,
  ];
}

function sqliteStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS component_cc (
      user_id INTEGER NOT NULL,
      component_id INTEGER NOT NULL,
      CONSTRAINT fk_component_cc_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_component_cc_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS component_cc_user_id_idx ON component_cc (component_id, user_id)`,
    `CREATE INDEX IF NOT EXISTS fk_component_cc_user_id_profiles_userid ON component_cc (user_id)`,
    `CREATE TABLE IF NOT EXISTS login_failure (
      user_id INTEGER NOT NULL,
      login_time TEXT NOT NULL,
      ip_addr TEXT COLLATE NOCASE NOT NULL,
      CONSTRAINT fk_login_failure_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS login_failure_user_id_idx ON login_failure (user_id)`,
    `CREATE TABLE IF NOT EXISTS tokens (
      userid INTEGER,
      issuedate TEXT NOT NULL,
      token TEXT NOT NULL,
      tokentype TEXT COLLATE NOCASE NOT NULL,
      eventdata TEXT COLLATE NOCASE,
      PRIMARY KEY (token),
      CONSTRAINT fk_tokens_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS tokens_userid_idx ON tokens (userid)`,
  ];
}

export class LoginAndComponentTables1764000000000 implements MigrationInterface {
  name = 'LoginAndComponentTables1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runSchemaStatements(queryRunner, { mysql: mysqlStatements, sqlite: sqliteStatements, tables: TABLES });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
