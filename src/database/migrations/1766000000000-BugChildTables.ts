import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSchemaStatements } from './postgres-schema.js';

/**
 * The Bugzilla 5.2 tables that hang from a bug and that deleting a product with its bugs
 * (Bugzilla's `allowbugdeletion`, `Bug::remove_from_db`) must clear, beside those the earlier
 * migrations created: `bugs_fulltext`, `bugs_aliases`, `dependencies`, `duplicates`,
 * `bug_see_also`, `keyworddefs` + `keywords`, `tag` + `bug_tag`, `email_bug_ignore`,
 * `longdescs_tags`, `longdescs_tags_activity` and `attach_data`.
 *
 * MySQL/MariaDB: the DDL of Bugzilla's `Bugzilla/DB/Schema.pm`, foreign keys named as Bugzilla
 * names them (`bugs_fulltext` has none: Bugzilla deletes its rows itself). SQLite: the same
 * columns, keys and foreign keys. `IF NOT EXISTS`: a database that already has a table keeps it.
 */

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci';
const COMPRESSED = `${TABLE_OPTIONS} ROW_FORMAT=COMPRESSED`;
const CASCADE = 'ON DELETE CASCADE ON UPDATE CASCADE';

/** Creation order (foreign keys point backwards); dropped in reverse. */
const TABLES = [
  'bugs_fulltext',
  'bugs_aliases',
  'dependencies',
  'duplicates',
  'bug_see_also',
  'keyworddefs',
  'keywords',
  'tag',
  'bug_tag',
  'email_bug_ignore',
  'longdescs_tags',
  'longdescs_tags_activity',
  'attach_data',
] as const;

function mysqlStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS bugs_fulltext (
      bug_id mediumint(9) NOT NULL,
      short_desc varchar(255) NOT NULL,
      comments longtext DEFAULT NULL,
      comments_noprivate longtext DEFAULT NULL,
      PRIMARY KEY (bug_id),
      FULLTEXT KEY bugs_fulltext_short_desc_idx (short_desc),
      FULLTEXT KEY bugs_fulltext_comments_idx (comments),
      FULLTEXT KEY bugs_fulltext_comments_noprivate_idx (comments_noprivate)
    ) ${TABLE_OPTIONS} ROW_FORMAT=DYNAMIC`,
    `CREATE TABLE IF NOT EXISTS bugs_aliases (
      alias varchar(40) NOT NULL,
      bug_id mediumint(9) DEFAULT NULL,
      UNIQUE KEY bugs_aliases_alias_idx (alias),
      KEY bugs_aliases_bug_id_idx (bug_id),
      CONSTRAINT fk_bugs_aliases_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS dependencies (
      blocked mediumint(9) NOT NULL,
      dependson mediumint(9) NOT NULL,
      UNIQUE KEY dependencies_blocked_idx (blocked,dependson),
      KEY dependencies_dependson_idx (dependson),
      CONSTRAINT fk_dependencies_blocked_bugs_bug_id FOREIGN KEY (blocked) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_dependencies_dependson_bugs_bug_id FOREIGN KEY (dependson) REFERENCES bugs (bug_id) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS duplicates (
      dupe_of mediumint(9) NOT NULL,
      dupe mediumint(9) NOT NULL,
      PRIMARY KEY (dupe),
      KEY fk_duplicates_dupe_of_bugs_bug_id (dupe_of),
      CONSTRAINT fk_duplicates_dupe_bugs_bug_id FOREIGN KEY (dupe) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_duplicates_dupe_of_bugs_bug_id FOREIGN KEY (dupe_of) REFERENCES bugs (bug_id) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS bug_see_also (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      bug_id mediumint(9) NOT NULL,
      value varchar(255) NOT NULL,
      class varchar(255) NOT NULL DEFAULT '',
      PRIMARY KEY (id),
      UNIQUE KEY bug_see_also_bug_id_idx (bug_id,value),
      CONSTRAINT fk_bug_see_also_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS keyworddefs (
      id smallint(6) NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      description mediumtext NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY keyworddefs_name_idx (name)
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS keywords (
      bug_id mediumint(9) NOT NULL,
      keywordid smallint(6) NOT NULL,
      UNIQUE KEY keywords_bug_id_idx (bug_id,keywordid),
      KEY keywords_keywordid_idx (keywordid),
      CONSTRAINT fk_keywords_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_keywords_keywordid_keyworddefs_id FOREIGN KEY (keywordid) REFERENCES keyworddefs (id) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS tag (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      user_id mediumint(9) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY tag_user_id_idx (user_id,name),
      CONSTRAINT fk_tag_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS bug_tag (
      bug_id mediumint(9) NOT NULL,
      tag_id mediumint(9) NOT NULL,
      UNIQUE KEY bug_tag_bug_id_idx (bug_id,tag_id),
      KEY fk_bug_tag_tag_id_tag_id (tag_id),
      CONSTRAINT fk_bug_tag_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_bug_tag_tag_id_tag_id FOREIGN KEY (tag_id) REFERENCES tag (id) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS email_bug_ignore (
      user_id mediumint(9) NOT NULL,
      bug_id mediumint(9) NOT NULL,
      UNIQUE KEY email_bug_ignore_user_id_idx (user_id,bug_id),
      KEY fk_email_bug_ignore_bug_id_bugs_bug_id (bug_id),
      CONSTRAINT fk_email_bug_ignore_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_email_bug_ignore_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS longdescs_tags (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      comment_id int(11) DEFAULT NULL,
      tag varchar(24) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY longdescs_tags_idx (comment_id,tag),
      CONSTRAINT fk_longdescs_tags_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs (comment_id) ${CASCADE}
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS longdescs_tags_activity (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      bug_id mediumint(9) NOT NULL,
      comment_id int(11) DEFAULT NULL,
      who mediumint(9) NOT NULL,
      bug_when datetime NOT NULL,
      added varchar(24) DEFAULT NULL,
      removed varchar(24) DEFAULT NULL,
      PRIMARY KEY (id),
      KEY longdescs_tags_activity_bug_id_idx (bug_id),
      KEY fk_longdescs_tags_activity_comment_id_longdescs_comment_id (comment_id),
      KEY fk_longdescs_tags_activity_who_profiles_userid (who),
      CONSTRAINT fk_longdescs_tags_activity_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_longdescs_tags_activity_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs (comment_id) ${CASCADE},
      CONSTRAINT fk_longdescs_tags_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS attach_data (
      id mediumint(9) NOT NULL,
      thedata longblob NOT NULL,
      PRIMARY KEY (id),
      CONSTRAINT fk_attach_data_id_attachments_attach_id FOREIGN KEY (id) REFERENCES attachments (attach_id) ${CASCADE}
    ) ${TABLE_OPTIONS} ROW_FORMAT=DYNAMIC MAX_ROWS=100000 AVG_ROW_LENGTH=1000000`,
  ];
}

function sqliteStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS bugs_fulltext (
      bug_id INTEGER NOT NULL PRIMARY KEY,
      short_desc TEXT COLLATE NOCASE NOT NULL,
      comments TEXT COLLATE NOCASE,
      comments_noprivate TEXT COLLATE NOCASE
    )`,
    `CREATE TABLE IF NOT EXISTS bugs_aliases (
      alias TEXT COLLATE NOCASE NOT NULL,
      bug_id INTEGER,
      CONSTRAINT fk_bugs_aliases_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS bugs_aliases_alias_idx ON bugs_aliases (alias)`,
    `CREATE INDEX IF NOT EXISTS bugs_aliases_bug_id_idx ON bugs_aliases (bug_id)`,
    `CREATE TABLE IF NOT EXISTS dependencies (
      blocked INTEGER NOT NULL,
      dependson INTEGER NOT NULL,
      CONSTRAINT fk_dependencies_blocked_bugs_bug_id FOREIGN KEY (blocked) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_dependencies_dependson_bugs_bug_id FOREIGN KEY (dependson) REFERENCES bugs (bug_id) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS dependencies_blocked_idx ON dependencies (blocked, dependson)`,
    `CREATE INDEX IF NOT EXISTS dependencies_dependson_idx ON dependencies (dependson)`,
    `CREATE TABLE IF NOT EXISTS duplicates (
      dupe_of INTEGER NOT NULL,
      dupe INTEGER NOT NULL PRIMARY KEY,
      CONSTRAINT fk_duplicates_dupe_bugs_bug_id FOREIGN KEY (dupe) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_duplicates_dupe_of_bugs_bug_id FOREIGN KEY (dupe_of) REFERENCES bugs (bug_id) ${CASCADE}
    )`,
    `CREATE INDEX IF NOT EXISTS fk_duplicates_dupe_of_bugs_bug_id ON duplicates (dupe_of)`,
    `CREATE TABLE IF NOT EXISTS bug_see_also (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      bug_id INTEGER NOT NULL,
      value TEXT COLLATE NOCASE NOT NULL,
      class TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      CONSTRAINT fk_bug_see_also_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS bug_see_also_bug_id_idx ON bug_see_also (bug_id, value)`,
    `CREATE TABLE IF NOT EXISTS keyworddefs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      description TEXT COLLATE NOCASE NOT NULL
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS keyworddefs_name_idx ON keyworddefs (name)`,
    `CREATE TABLE IF NOT EXISTS keywords (
      bug_id INTEGER NOT NULL,
      keywordid INTEGER NOT NULL,
      CONSTRAINT fk_keywords_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_keywords_keywordid_keyworddefs_id FOREIGN KEY (keywordid) REFERENCES keyworddefs (id) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS keywords_bug_id_idx ON keywords (bug_id, keywordid)`,
    `CREATE INDEX IF NOT EXISTS keywords_keywordid_idx ON keywords (keywordid)`,
    `CREATE TABLE IF NOT EXISTS tag (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      user_id INTEGER NOT NULL,
      CONSTRAINT fk_tag_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS tag_user_id_idx ON tag (user_id, name)`,
    `CREATE TABLE IF NOT EXISTS bug_tag (
      bug_id INTEGER NOT NULL,
      tag_id INTEGER NOT NULL,
      CONSTRAINT fk_bug_tag_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_bug_tag_tag_id_tag_id FOREIGN KEY (tag_id) REFERENCES tag (id) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS bug_tag_bug_id_idx ON bug_tag (bug_id, tag_id)`,
    `CREATE INDEX IF NOT EXISTS fk_bug_tag_tag_id_tag_id ON bug_tag (tag_id)`,
    `CREATE TABLE IF NOT EXISTS email_bug_ignore (
      user_id INTEGER NOT NULL,
      bug_id INTEGER NOT NULL,
      CONSTRAINT fk_email_bug_ignore_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_email_bug_ignore_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS email_bug_ignore_user_id_idx ON email_bug_ignore (user_id, bug_id)`,
    `CREATE INDEX IF NOT EXISTS fk_email_bug_ignore_bug_id_bugs_bug_id ON email_bug_ignore (bug_id)`,
    `CREATE TABLE IF NOT EXISTS longdescs_tags (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      comment_id INTEGER,
      tag TEXT COLLATE NOCASE NOT NULL,
      CONSTRAINT fk_longdescs_tags_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs (comment_id) ${CASCADE}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS longdescs_tags_idx ON longdescs_tags (comment_id, tag)`,
    `CREATE TABLE IF NOT EXISTS longdescs_tags_activity (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      bug_id INTEGER NOT NULL,
      comment_id INTEGER,
      who INTEGER NOT NULL,
      bug_when TEXT NOT NULL,
      added TEXT COLLATE NOCASE,
      removed TEXT COLLATE NOCASE,
      CONSTRAINT fk_longdescs_tags_activity_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ${CASCADE},
      CONSTRAINT fk_longdescs_tags_activity_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs (comment_id) ${CASCADE},
      CONSTRAINT fk_longdescs_tags_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS longdescs_tags_activity_bug_id_idx ON longdescs_tags_activity (bug_id)`,
    `CREATE TABLE IF NOT EXISTS attach_data (
      id INTEGER NOT NULL PRIMARY KEY,
      thedata BLOB NOT NULL,
      CONSTRAINT fk_attach_data_id_attachments_attach_id FOREIGN KEY (id) REFERENCES attachments (attach_id) ${CASCADE}
    )`,
  ];
}

export class BugChildTables1766000000000 implements MigrationInterface {
  name = 'BugChildTables1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runSchemaStatements(queryRunner, { mysql: mysqlStatements, sqlite: sqliteStatements, tables: TABLES });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
