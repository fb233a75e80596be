import type { MigrationInterface, QueryRunner } from 'typeorm';
import { followExplicitIds } from './explicit-ids.js';
import { runSchemaStatements } from './postgres-schema.js';
import { BUGZILLA_FIELDS } from './bugzilla-fields.js';

/**
 * The Bugzilla 5.2 tables that a Perl Bugzilla writes beside the ones the service already
 * had, so that the rows the service writes are the rows Bugzilla writes:
 *
 * - `fielddefs` (with the rows checksetup.pl creates) — `bugs_activity.fieldid` and
 *   `profiles_activity.fieldid` name a field;
 * - `bugs_activity` — a change to a bug (a milestone deleted under it);
 * - `profiles_activity` and `email_setting` — what `Bugzilla::User->create` writes;
 * - `flags`, `attachments` (flags on attachments) and `longdescs` (`bugs_activity.comment_id`
 *   refers to it) — what a flag type update re-targets or deletes.
 *
 * MySQL/MariaDB: the DDL Bugzilla's `Bugzilla/DB/Schema.pm` gives (as SHOW CREATE TABLE prints
 * it; `flags` as in `reference/bugzilla-schema.sql`), foreign keys named as Bugzilla names them.
 * SQLite: the same columns, keys and foreign keys. `IF NOT EXISTS`: a database that already has
 * a table keeps it as it is, and `fielddefs` gets its rows only when it has none.
 */

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci';
const COMPRESSED = `${TABLE_OPTIONS} ROW_FORMAT=COMPRESSED`;

/** Creation order (foreign keys point backwards); dropped in reverse. */
const TABLES = [
  'fielddefs',
  'longdescs',
  'attachments',
  'flags',
  'bugs_activity',
  'profiles_activity',
  'email_setting',
] as const;

function mysqlStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS fielddefs (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      type smallint(6) NOT NULL DEFAULT 0,
      custom tinyint(4) NOT NULL DEFAULT 0,
      description tinytext NOT NULL,
      long_desc varchar(255) NOT NULL DEFAULT '',
      mailhead tinyint(4) NOT NULL DEFAULT 0,
      sortkey smallint(6) NOT NULL,
      obsolete tinyint(4) NOT NULL DEFAULT 0,
      enter_bug tinyint(4) NOT NULL DEFAULT 0,
      buglist tinyint(4) NOT NULL DEFAULT 0,
      visibility_field_id mediumint(9) DEFAULT NULL,
      value_field_id mediumint(9) DEFAULT NULL,
      reverse_desc tinytext DEFAULT NULL,
      is_mandatory tinyint(4) NOT NULL DEFAULT 0,
      is_numeric tinyint(4) NOT NULL DEFAULT 0,
      PRIMARY KEY (id),
      UNIQUE KEY fielddefs_name_idx (name),
      KEY fielddefs_sortkey_idx (sortkey),
      KEY fielddefs_value_field_id_idx (value_field_id),
      KEY fielddefs_is_mandatory_idx (is_mandatory),
      KEY fk_fielddefs_visibility_field_id_fielddefs_id (visibility_field_id),
      CONSTRAINT fk_fielddefs_value_field_id_fielddefs_id FOREIGN KEY (value_field_id) REFERENCES fielddefs (id) ON UPDATE CASCADE,
      CONSTRAINT fk_fielddefs_visibility_field_id_fielddefs_id FOREIGN KEY (visibility_field_id) REFERENCES fielddefs (id) ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS longdescs (
      comment_id int(11) NOT NULL AUTO_INCREMENT,
      bug_id mediumint(9) NOT NULL,
      who mediumint(9) NOT NULL,
      bug_when datetime NOT NULL,
      work_time decimal(7,2) NOT NULL DEFAULT 0.00,
      thetext longtext NOT NULL,
      isprivate tinyint(4) NOT NULL DEFAULT 0,
      already_wrapped tinyint(4) NOT NULL DEFAULT 0,
      type smallint(6) NOT NULL DEFAULT 0,
      extra_data varchar(255) DEFAULT NULL,
      PRIMARY KEY (comment_id),
      KEY longdescs_bug_id_idx (bug_id,work_time),
      KEY longdescs_who_idx (who,bug_id),
      KEY longdescs_bug_when_idx (bug_when),
      CONSTRAINT fk_longdescs_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_longdescs_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS attachments (
      attach_id mediumint(9) NOT NULL AUTO_INCREMENT,
      bug_id mediumint(9) NOT NULL,
      creation_ts datetime NOT NULL,
      modification_time datetime NOT NULL,
      description tinytext NOT NULL,
      mimetype tinytext NOT NULL,
      ispatch tinyint(4) NOT NULL DEFAULT 0,
      filename varchar(255) NOT NULL,
      submitter_id mediumint(9) NOT NULL,
      isobsolete tinyint(4) NOT NULL DEFAULT 0,
      isprivate tinyint(4) NOT NULL DEFAULT 0,
      PRIMARY KEY (attach_id),
      KEY attachments_bug_id_idx (bug_id),
      KEY attachments_creation_ts_idx (creation_ts),
      KEY attachments_modification_time_idx (modification_time),
      KEY attachments_submitter_id_idx (submitter_id,bug_id),
      CONSTRAINT fk_attachments_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_attachments_submitter_id_profiles_userid FOREIGN KEY (submitter_id) REFERENCES profiles (userid) ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS flags (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      type_id mediumint(9) NOT NULL,
      status char(1) NOT NULL,
      bug_id mediumint(9) NOT NULL,
      attach_id mediumint(9) DEFAULT NULL,
      creation_date datetime NOT NULL,
      modification_date datetime DEFAULT NULL,
      setter_id mediumint(9) NOT NULL,
      requestee_id mediumint(9) DEFAULT NULL,
      PRIMARY KEY (id),
      KEY flags_bug_id_idx (bug_id,attach_id),
      KEY flags_setter_id_idx (setter_id),
      KEY flags_requestee_id_idx (requestee_id),
      KEY flags_type_id_idx (type_id),
      KEY fk_flags_attach_id_attachments_attach_id (attach_id),
      CONSTRAINT fk_flags_attach_id_attachments_attach_id FOREIGN KEY (attach_id) REFERENCES attachments (attach_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flags_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flags_requestee_id_profiles_userid FOREIGN KEY (requestee_id) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_flags_setter_id_profiles_userid FOREIGN KEY (setter_id) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_flags_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS bugs_activity (
      id int(11) NOT NULL AUTO_INCREMENT,
      bug_id mediumint(9) NOT NULL,
      attach_id mediumint(9) DEFAULT NULL,
      who mediumint(9) NOT NULL,
      bug_when datetime NOT NULL,
      fieldid mediumint(9) NOT NULL,
      added varchar(255) DEFAULT NULL,
      removed varchar(255) DEFAULT NULL,
      comment_id int(11) DEFAULT NULL,
      PRIMARY KEY (id),
      KEY bugs_activity_bug_id_idx (bug_id),
      KEY bugs_activity_who_idx (who),
      KEY bugs_activity_bug_when_idx (bug_when),
      KEY bugs_activity_fieldid_idx (fieldid),
      KEY bugs_activity_added_idx (added),
      KEY bugs_activity_removed_idx (removed),
      KEY fk_bugs_activity_attach_id_attachments_attach_id (attach_id),
      KEY fk_bugs_activity_comment_id_longdescs_comment_id (comment_id),
      CONSTRAINT fk_bugs_activity_attach_id_attachments_attach_id FOREIGN KEY (attach_id) REFERENCES attachments (attach_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs (comment_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_fieldid_fielddefs_id FOREIGN KEY (fieldid) REFERENCES fielddefs (id) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS profiles_activity (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      userid mediumint(9) NOT NULL,
      who mediumint(9) NOT NULL,
      profiles_when datetime NOT NULL,
      fieldid mediumint(9) NOT NULL,
      oldvalue tinytext DEFAULT NULL,
      newvalue tinytext DEFAULT NULL,
      PRIMARY KEY (id),
      KEY profiles_activity_userid_idx (userid),
      KEY profiles_activity_profiles_when_idx (profiles_when),
      KEY profiles_activity_fieldid_idx (fieldid),
      KEY fk_profiles_activity_who_profiles_userid (who),
      CONSTRAINT fk_profiles_activity_fieldid_fielddefs_id FOREIGN KEY (fieldid) REFERENCES fielddefs (id) ON UPDATE CASCADE,
      CONSTRAINT fk_profiles_activity_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_profiles_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE IF NOT EXISTS email_setting (
      user_id mediumint(9) NOT NULL,
      relationship tinyint(4) NOT NULL,
      event tinyint(4) NOT NULL,
      UNIQUE KEY email_setting_user_id_idx (user_id,relationship,event),
      CONSTRAINT fk_email_setting_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
  ];
}

/** SQLite: INTEGER PRIMARY KEY AUTOINCREMENT for the serial keys, TEXT for strings and datetimes. */
function sqliteStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS fielddefs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      type INTEGER NOT NULL DEFAULT 0,
      custom INTEGER NOT NULL DEFAULT 0,
      description TEXT COLLATE NOCASE NOT NULL,
      long_desc TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      mailhead INTEGER NOT NULL DEFAULT 0,
      sortkey INTEGER NOT NULL,
      obsolete INTEGER NOT NULL DEFAULT 0,
      enter_bug INTEGER NOT NULL DEFAULT 0,
      buglist INTEGER NOT NULL DEFAULT 0,
      visibility_field_id INTEGER,
      value_field_id INTEGER,
      reverse_desc TEXT COLLATE NOCASE,
      is_mandatory INTEGER NOT NULL DEFAULT 0,
      is_numeric INTEGER NOT NULL DEFAULT 0,
      CONSTRAINT fk_fielddefs_value_field_id_fielddefs_id FOREIGN KEY (value_field_id) REFERENCES fielddefs (id) ON UPDATE CASCADE,
      CONSTRAINT fk_fielddefs_visibility_field_id_fielddefs_id FOREIGN KEY (visibility_field_id) REFERENCES fielddefs (id) ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS fielddefs_name_idx ON fielddefs (name)`,
    `CREATE INDEX IF NOT EXISTS fielddefs_sortkey_idx ON fielddefs (sortkey)`,
    `CREATE INDEX IF NOT EXISTS fielddefs_value_field_id_idx ON fielddefs (value_field_id)`,
    `CREATE INDEX IF NOT EXISTS fielddefs_is_mandatory_idx ON fielddefs (is_mandatory)`,
    `CREATE TABLE IF NOT EXISTS longdescs (
      comment_id INTEGER PRIMARY KEY AUTOINCREMENT,
      bug_id INTEGER NOT NULL,
      who INTEGER NOT NULL,
      bug_when TEXT NOT NULL,
      work_time NUMERIC NOT NULL DEFAULT 0,
      thetext TEXT COLLATE NOCASE NOT NULL,
      isprivate INTEGER NOT NULL DEFAULT 0,
      already_wrapped INTEGER NOT NULL DEFAULT 0,
      type INTEGER NOT NULL DEFAULT 0,
      extra_data TEXT COLLATE NOCASE,
      CONSTRAINT fk_longdescs_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_longdescs_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS longdescs_bug_id_idx ON longdescs (bug_id, work_time)`,
    `CREATE INDEX IF NOT EXISTS longdescs_who_idx ON longdescs (who, bug_id)`,
    `CREATE INDEX IF NOT EXISTS longdescs_bug_when_idx ON longdescs (bug_when)`,
    `CREATE TABLE IF NOT EXISTS attachments (
      attach_id INTEGER PRIMARY KEY AUTOINCREMENT,
      bug_id INTEGER NOT NULL,
      creation_ts TEXT NOT NULL,
      modification_time TEXT NOT NULL,
      description TEXT COLLATE NOCASE NOT NULL,
      mimetype TEXT COLLATE NOCASE NOT NULL,
      ispatch INTEGER NOT NULL DEFAULT 0,
      filename TEXT COLLATE NOCASE NOT NULL,
      submitter_id INTEGER NOT NULL,
      isobsolete INTEGER NOT NULL DEFAULT 0,
      isprivate INTEGER NOT NULL DEFAULT 0,
      CONSTRAINT fk_attachments_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_attachments_submitter_id_profiles_userid FOREIGN KEY (submitter_id) REFERENCES profiles (userid) ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS attachments_bug_id_idx ON attachments (bug_id)`,
    `CREATE INDEX IF NOT EXISTS attachments_creation_ts_idx ON attachments (creation_ts)`,
    `CREATE INDEX IF NOT EXISTS attachments_modification_time_idx ON attachments (modification_time)`,
    `CREATE INDEX IF NOT EXISTS attachments_submitter_id_idx ON attachments (submitter_id, bug_id)`,
    `CREATE TABLE IF NOT EXISTS flags (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      type_id INTEGER NOT NULL,
      status TEXT COLLATE NOCASE NOT NULL,
      bug_id INTEGER NOT NULL,
      attach_id INTEGER,
      creation_date TEXT NOT NULL,
      modification_date TEXT,
      setter_id INTEGER NOT NULL,
      requestee_id INTEGER,
      CONSTRAINT fk_flags_attach_id_attachments_attach_id FOREIGN KEY (attach_id) REFERENCES attachments (attach_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flags_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flags_requestee_id_profiles_userid FOREIGN KEY (requestee_id) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_flags_setter_id_profiles_userid FOREIGN KEY (setter_id) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_flags_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS flags_bug_id_idx ON flags (bug_id, attach_id)`,
    `CREATE INDEX IF NOT EXISTS flags_setter_id_idx ON flags (setter_id)`,
    `CREATE INDEX IF NOT EXISTS flags_requestee_id_idx ON flags (requestee_id)`,
    `CREATE INDEX IF NOT EXISTS flags_type_id_idx ON flags (type_id)`,
    `CREATE INDEX IF NOT EXISTS fk_flags_attach_id_attachments_attach_id ON flags (attach_id)`,
    `CREATE TABLE IF NOT EXISTS bugs_activity (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      bug_id INTEGER NOT NULL,
      attach_id INTEGER,
      who INTEGER NOT NULL,
      bug_when TEXT NOT NULL,
      fieldid INTEGER NOT NULL,
      added TEXT COLLATE NOCASE,
      removed TEXT COLLATE NOCASE,
      comment_id INTEGER,
      CONSTRAINT fk_bugs_activity_attach_id_attachments_attach_id FOREIGN KEY (attach_id) REFERENCES attachments (attach_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs (comment_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_fieldid_fielddefs_id FOREIGN KEY (fieldid) REFERENCES fielddefs (id) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS bugs_activity_bug_id_idx ON bugs_activity (bug_id)`,
    `CREATE INDEX IF NOT EXISTS bugs_activity_who_idx ON bugs_activity (who)`,
    `CREATE INDEX IF NOT EXISTS bugs_activity_bug_when_idx ON bugs_activity (bug_when)`,
    `CREATE INDEX IF NOT EXISTS bugs_activity_fieldid_idx ON bugs_activity (fieldid)`,
    `CREATE INDEX IF NOT EXISTS bugs_activity_added_idx ON bugs_activity (added)`,
    `CREATE INDEX IF NOT EXISTS bugs_activity_removed_idx ON bugs_activity (removed)`,
    `CREATE TABLE IF NOT EXISTS profiles_activity (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      userid INTEGER NOT NULL,
      who INTEGER NOT NULL,
      profiles_when TEXT NOT NULL,
      fieldid INTEGER NOT NULL,
      oldvalue TEXT COLLATE NOCASE,
      newvalue TEXT COLLATE NOCASE,
      CONSTRAINT fk_profiles_activity_fieldid_fielddefs_id FOREIGN KEY (fieldid) REFERENCES fielddefs (id) ON UPDATE CASCADE,
      CONSTRAINT fk_profiles_activity_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_profiles_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON UPDATE CASCADE
    )`,
    `CREATE INDEX IF NOT EXISTS profiles_activity_userid_idx ON profiles_activity (userid)`,
    `CREATE INDEX IF NOT EXISTS profiles_activity_profiles_when_idx ON profiles_activity (profiles_when)`,
    `CREATE INDEX IF NOT EXISTS profiles_activity_fieldid_idx ON profiles_activity (fieldid)`,
    `CREATE TABLE IF NOT EXISTS email_setting (
      user_id INTEGER NOT NULL,
      relationship INTEGER NOT NULL,
      event INTEGER NOT NULL,
      CONSTRAINT fk_email_setting_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS email_setting_user_id_idx ON email_setting (user_id, relationship, event)`,
  ];
}

/**
 * checksetup.pl's `fielddefs` rows (Bugzilla::Field::populate_field_definitions): ids in
 * creation order, each sort key 100 above the previous one, as `Bugzilla::Field->create` gives.
 */
async function insertFields(queryRunner: QueryRunner): Promise<void> {
  const [{ n }] = (await queryRunner.query('SELECT COUNT(*) AS n FROM fielddefs')) as { n: number | string }[];
  if (Number(n) > 0) return;
  const rows = BUGZILLA_FIELDS.map((field, i) => [
    i + 1,
    field.name,
    field.type ?? 0,
    field.description,
    field.mailhead ? 1 : 0,
    (i + 1) * 100,
    field.buglist ? 1 : 0,
    field.isMandatory ? 1 : 0,
    field.isNumeric ? 1 : 0,
  ]);
  await queryRunner.query(
    `INSERT INTO fielddefs (id, name, type, description, mailhead, sortkey, buglist, is_mandatory, is_numeric)
     VALUES ${rows.map((row) => `(${row.map(() => '?').join(', ')})`).join(', ')}`,
    rows.flat(),
  );
  await followExplicitIds(queryRunner, [['fielddefs', 'id']]);
}

export class ActivityAndFlagTables1765000000000 implements MigrationInterface {
  name = 'ActivityAndFlagTables1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runSchemaStatements(queryRunner, { mysql: mysqlStatements, sqlite: sqliteStatements, tables: TABLES });
    await insertFields(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
