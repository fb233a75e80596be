import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../dialect.js';
import { followExplicitIds } from './explicit-ids.js';
import { postgresSchemaStatements } from './postgres-schema.js';

/**
 * Bugzilla 5.2's tables of SPEC §8 and the rows a fresh Bugzilla install
 * creates (checksetup.pl): the default classification, the system groups, the
 * bug_status and resolution values.
 *
 * MySQL/MariaDB: the DDL is `reference/bugzilla-schema.sql` (what checksetup.pl
 * creates), statement for statement, ordered so that every foreign key refers
 * to a table that already exists. SQLite: the same tables, columns, keys,
 * indexes and foreign keys with SQLite's types; text columns compare without
 * regard to case (COLLATE NOCASE), as MySQL's utf8mb4_unicode_520_ci does,
 * except the secrets, which compare exactly.
 */

/** `groups` is a reserved word in MySQL 8. */
const GROUPS = '`groups`';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci';
const COMPRESSED = `${TABLE_OPTIONS} ROW_FORMAT=COMPRESSED`;
const DYNAMIC = `${TABLE_OPTIONS} ROW_FORMAT=DYNAMIC`;

/** Tables in creation order (foreign keys point backwards); dropped in reverse. */
const TABLES = [
  'classifications',
  'profiles',
  'groups',
  'products',
  'components',
  'versions',
  'milestones',
  'flagtypes',
  'flaginclusions',
  'flagexclusions',
  'user_api_keys',
  'logincookies',
  'user_group_map',
  'group_group_map',
  'group_control_map',
  'bugs',
  'cc',
  'bug_group_map',
  'bug_user_last_visit',
  'series_categories',
  'series',
  'category_group_map',
  'bug_status',
  'resolution',
  'audit_log',
] as const;

/**
 * MySQL/MariaDB DDL. MariaDB accepts `DEFAULT ''` on TEXT columns as Bugzilla
 * writes it; MySQL 8 only accepts an expression default, `DEFAULT ('')`.
 */
function mysqlStatements(mariadb: boolean): string[] {
  const emptyText = mariadb ? "DEFAULT ''" : "DEFAULT ('')";
  return [
    `CREATE TABLE classifications (
      id smallint(6) NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      description mediumtext DEFAULT NULL,
      sortkey smallint(6) NOT NULL DEFAULT 0,
      PRIMARY KEY (id),
      UNIQUE KEY classifications_name_idx (name)
    ) ${COMPRESSED}`,
    `CREATE TABLE profiles (
      userid mediumint(9) NOT NULL AUTO_INCREMENT,
      login_name varchar(255) NOT NULL,
      cryptpassword varchar(128) DEFAULT NULL,
      realname varchar(255) NOT NULL DEFAULT '',
      disabledtext mediumtext NOT NULL ${emptyText},
      disable_mail tinyint(4) NOT NULL DEFAULT 0,
      mybugslink tinyint(4) NOT NULL DEFAULT 1,
      extern_id varchar(64) DEFAULT NULL,
      is_enabled tinyint(4) NOT NULL DEFAULT 1,
      last_seen_date datetime DEFAULT NULL,
      PRIMARY KEY (userid),
      UNIQUE KEY profiles_login_name_idx (login_name),
      UNIQUE KEY profiles_extern_id_idx (extern_id)
    ) ${COMPRESSED}`,
    `CREATE TABLE ${GROUPS} (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      name varchar(255) NOT NULL,
      description mediumtext NOT NULL,
      isbuggroup tinyint(4) NOT NULL,
      userregexp tinytext NOT NULL ${emptyText},
      isactive tinyint(4) NOT NULL DEFAULT 1,
      icon_url tinytext DEFAULT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY groups_name_idx (name)
    ) ${COMPRESSED}`,
    `CREATE TABLE products (
      id smallint(6) NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      classification_id smallint(6) NOT NULL DEFAULT 1,
      description mediumtext NOT NULL,
      isactive tinyint(4) NOT NULL DEFAULT 1,
      defaultmilestone varchar(64) NOT NULL DEFAULT '---',
      allows_unconfirmed tinyint(4) NOT NULL DEFAULT 1,
      PRIMARY KEY (id),
      UNIQUE KEY products_name_idx (name),
      KEY fk_products_classification_id_classifications_id (classification_id),
      CONSTRAINT fk_products_classification_id_classifications_id FOREIGN KEY (classification_id) REFERENCES classifications (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE components (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      product_id smallint(6) NOT NULL,
      initialowner mediumint(9) NOT NULL,
      initialqacontact mediumint(9) DEFAULT NULL,
      description mediumtext NOT NULL,
      isactive tinyint(4) NOT NULL DEFAULT 1,
      PRIMARY KEY (id),
      UNIQUE KEY components_product_id_idx (product_id,name),
      KEY components_name_idx (name),
      KEY fk_components_initialqacontact_profiles_userid (initialqacontact),
      KEY fk_components_initialowner_profiles_userid (initialowner),
      CONSTRAINT fk_components_initialowner_profiles_userid FOREIGN KEY (initialowner) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_components_initialqacontact_profiles_userid FOREIGN KEY (initialqacontact) REFERENCES profiles (userid) ON DELETE SET NULL ON UPDATE CASCADE,
      CONSTRAINT fk_components_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE versions (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      value varchar(64) NOT NULL,
      product_id smallint(6) NOT NULL,
      isactive tinyint(4) NOT NULL DEFAULT 1,
      PRIMARY KEY (id),
      UNIQUE KEY versions_product_id_idx (product_id,value),
      CONSTRAINT fk_versions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE milestones (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      product_id smallint(6) NOT NULL,
      value varchar(64) NOT NULL,
      sortkey smallint(6) NOT NULL DEFAULT 0,
      isactive tinyint(4) NOT NULL DEFAULT 1,
      PRIMARY KEY (id),
      UNIQUE KEY milestones_product_id_idx (product_id,value),
      CONSTRAINT fk_milestones_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE flagtypes (
      id mediumint(9) NOT NULL AUTO_INCREMENT,
      name varchar(50) NOT NULL,
      description mediumtext NOT NULL,
      cc_list varchar(200) DEFAULT NULL,
      target_type char(1) NOT NULL DEFAULT 'b',
      is_active tinyint(4) NOT NULL DEFAULT 1,
      is_requestable tinyint(4) NOT NULL DEFAULT 0,
      is_requesteeble tinyint(4) NOT NULL DEFAULT 0,
      is_multiplicable tinyint(4) NOT NULL DEFAULT 0,
      sortkey smallint(6) NOT NULL DEFAULT 0,
      grant_group_id mediumint(9) DEFAULT NULL,
      request_group_id mediumint(9) DEFAULT NULL,
      PRIMARY KEY (id),
      KEY fk_flagtypes_grant_group_id_groups_id (grant_group_id),
      KEY fk_flagtypes_request_group_id_groups_id (request_group_id),
      CONSTRAINT fk_flagtypes_grant_group_id_groups_id FOREIGN KEY (grant_group_id) REFERENCES ${GROUPS} (id) ON DELETE SET NULL ON UPDATE CASCADE,
      CONSTRAINT fk_flagtypes_request_group_id_groups_id FOREIGN KEY (request_group_id) REFERENCES ${GROUPS} (id) ON DELETE SET NULL ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE flaginclusions (
      type_id mediumint(9) NOT NULL,
      product_id smallint(6) DEFAULT NULL,
      component_id mediumint(9) DEFAULT NULL,
      UNIQUE KEY flaginclusions_type_id_idx (type_id,product_id,component_id),
      KEY fk_flaginclusions_product_id_products_id (product_id),
      KEY fk_flaginclusions_component_id_components_id (component_id),
      CONSTRAINT fk_flaginclusions_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flaginclusions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flaginclusions_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE flagexclusions (
      type_id mediumint(9) NOT NULL,
      product_id smallint(6) DEFAULT NULL,
      component_id mediumint(9) DEFAULT NULL,
      UNIQUE KEY flagexclusions_type_id_idx (type_id,product_id,component_id),
      KEY fk_flagexclusions_component_id_components_id (component_id),
      KEY fk_flagexclusions_product_id_products_id (product_id),
      CONSTRAINT fk_flagexclusions_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flagexclusions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flagexclusions_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE user_api_keys (
      id int(11) NOT NULL AUTO_INCREMENT,
      user_id mediumint(9) NOT NULL,
      api_key varchar(40) NOT NULL,
      description varchar(255) DEFAULT NULL,
      revoked tinyint(4) NOT NULL DEFAULT 0,
      last_used datetime DEFAULT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY user_api_keys_api_key_idx (api_key),
      KEY user_api_keys_user_id_idx (user_id),
      CONSTRAINT fk_user_api_keys_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE logincookies (
      cookie varchar(16) NOT NULL,
      userid mediumint(9) NOT NULL,
      ipaddr varchar(40) DEFAULT NULL,
      lastused datetime NOT NULL,
      PRIMARY KEY (cookie),
      KEY logincookies_lastused_idx (lastused),
      KEY fk_logincookies_userid_profiles_userid (userid),
      CONSTRAINT fk_logincookies_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${DYNAMIC}`,
    `CREATE TABLE user_group_map (
      user_id mediumint(9) NOT NULL,
      group_id mediumint(9) NOT NULL,
      isbless tinyint(4) NOT NULL DEFAULT 0,
      grant_type tinyint(4) NOT NULL DEFAULT 0,
      UNIQUE KEY user_group_map_user_id_idx (user_id,group_id,grant_type,isbless),
      KEY fk_user_group_map_group_id_groups_id (group_id),
      CONSTRAINT fk_user_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_user_group_map_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE group_group_map (
      member_id mediumint(9) NOT NULL,
      grantor_id mediumint(9) NOT NULL,
      grant_type tinyint(4) NOT NULL DEFAULT 0,
      UNIQUE KEY group_group_map_member_id_idx (member_id,grantor_id,grant_type),
      KEY fk_group_group_map_grantor_id_groups_id (grantor_id),
      CONSTRAINT fk_group_group_map_grantor_id_groups_id FOREIGN KEY (grantor_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_group_group_map_member_id_groups_id FOREIGN KEY (member_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE group_control_map (
      group_id mediumint(9) NOT NULL,
      product_id smallint(6) NOT NULL,
      entry tinyint(4) NOT NULL DEFAULT 0,
      membercontrol tinyint(4) NOT NULL DEFAULT 0,
      othercontrol tinyint(4) NOT NULL DEFAULT 0,
      canedit tinyint(4) NOT NULL DEFAULT 0,
      editcomponents tinyint(4) NOT NULL DEFAULT 0,
      editbugs tinyint(4) NOT NULL DEFAULT 0,
      canconfirm tinyint(4) NOT NULL DEFAULT 0,
      UNIQUE KEY group_control_map_product_id_idx (product_id,group_id),
      KEY group_control_map_group_id_idx (group_id),
      CONSTRAINT fk_group_control_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_group_control_map_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE bugs (
      bug_id mediumint(9) NOT NULL AUTO_INCREMENT,
      assigned_to mediumint(9) NOT NULL,
      bug_file_loc mediumtext NOT NULL ${emptyText},
      bug_severity varchar(64) NOT NULL,
      bug_status varchar(64) NOT NULL,
      creation_ts datetime DEFAULT NULL,
      delta_ts datetime NOT NULL,
      short_desc varchar(255) NOT NULL,
      op_sys varchar(64) NOT NULL,
      priority varchar(64) NOT NULL,
      product_id smallint(6) NOT NULL,
      rep_platform varchar(64) NOT NULL,
      reporter mediumint(9) NOT NULL,
      version varchar(64) NOT NULL,
      component_id mediumint(9) NOT NULL,
      resolution varchar(64) NOT NULL DEFAULT '',
      target_milestone varchar(64) NOT NULL DEFAULT '---',
      qa_contact mediumint(9) DEFAULT NULL,
      status_whiteboard mediumtext NOT NULL ${emptyText},
      lastdiffed datetime DEFAULT NULL,
      everconfirmed tinyint(4) NOT NULL,
      reporter_accessible tinyint(4) NOT NULL DEFAULT 1,
      cclist_accessible tinyint(4) NOT NULL DEFAULT 1,
      estimated_time decimal(7,2) NOT NULL DEFAULT 0.00,
      remaining_time decimal(7,2) NOT NULL DEFAULT 0.00,
      deadline datetime DEFAULT NULL,
      PRIMARY KEY (bug_id),
      KEY bugs_assigned_to_idx (assigned_to),
      KEY bugs_creation_ts_idx (creation_ts),
      KEY bugs_delta_ts_idx (delta_ts),
      KEY bugs_bug_severity_idx (bug_severity),
      KEY bugs_bug_status_idx (bug_status),
      KEY bugs_op_sys_idx (op_sys),
      KEY bugs_priority_idx (priority),
      KEY bugs_product_id_idx (product_id),
      KEY bugs_reporter_idx (reporter),
      KEY bugs_version_idx (version),
      KEY bugs_component_id_idx (component_id),
      KEY bugs_resolution_idx (resolution),
      KEY bugs_target_milestone_idx (target_milestone),
      KEY bugs_qa_contact_idx (qa_contact),
      CONSTRAINT fk_bugs_assigned_to_profiles_userid FOREIGN KEY (assigned_to) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_qa_contact_profiles_userid FOREIGN KEY (qa_contact) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_reporter_profiles_userid FOREIGN KEY (reporter) REFERENCES profiles (userid) ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE cc (
      bug_id mediumint(9) NOT NULL,
      who mediumint(9) NOT NULL,
      UNIQUE KEY cc_bug_id_idx (bug_id,who),
      KEY cc_who_idx (who),
      CONSTRAINT fk_cc_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_cc_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${DYNAMIC}`,
    `CREATE TABLE bug_group_map (
      bug_id mediumint(9) NOT NULL,
      group_id mediumint(9) NOT NULL,
      UNIQUE KEY bug_group_map_bug_id_idx (bug_id,group_id),
      KEY bug_group_map_group_id_idx (group_id),
      CONSTRAINT fk_bug_group_map_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bug_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE bug_user_last_visit (
      id int(11) NOT NULL AUTO_INCREMENT,
      user_id mediumint(9) NOT NULL,
      bug_id mediumint(9) NOT NULL,
      last_visit_ts datetime NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY bug_user_last_visit_idx (user_id,bug_id),
      KEY bug_user_last_visit_last_visit_ts_idx (last_visit_ts),
      KEY fk_bug_user_last_visit_bug_id_bugs_bug_id (bug_id),
      CONSTRAINT fk_bug_user_last_visit_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bug_user_last_visit_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${DYNAMIC}`,
    `CREATE TABLE series_categories (
      id smallint(6) NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY series_categories_name_idx (name)
    ) ${COMPRESSED}`,
    `CREATE TABLE series (
      series_id mediumint(9) NOT NULL AUTO_INCREMENT,
      creator mediumint(9) DEFAULT NULL,
      category smallint(6) NOT NULL,
      subcategory smallint(6) NOT NULL,
      name varchar(64) NOT NULL,
      frequency smallint(6) NOT NULL,
      query mediumtext NOT NULL,
      is_public tinyint(4) NOT NULL DEFAULT 0,
      PRIMARY KEY (series_id),
      UNIQUE KEY series_category_idx (category,subcategory,name),
      KEY series_creator_idx (creator),
      KEY fk_series_subcategory_series_categories_id (subcategory),
      CONSTRAINT fk_series_category_series_categories_id FOREIGN KEY (category) REFERENCES series_categories (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_series_creator_profiles_userid FOREIGN KEY (creator) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_series_subcategory_series_categories_id FOREIGN KEY (subcategory) REFERENCES series_categories (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE category_group_map (
      category_id smallint(6) NOT NULL,
      group_id mediumint(9) NOT NULL,
      UNIQUE KEY category_group_map_category_id_idx (category_id,group_id),
      KEY fk_category_group_map_group_id_groups_id (group_id),
      CONSTRAINT fk_category_group_map_category_id_series_categories_id FOREIGN KEY (category_id) REFERENCES series_categories (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_category_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE
    ) ${COMPRESSED}`,
    `CREATE TABLE bug_status (
      id smallint(6) NOT NULL AUTO_INCREMENT,
      value varchar(64) NOT NULL,
      sortkey smallint(6) NOT NULL DEFAULT 0,
      isactive tinyint(4) NOT NULL DEFAULT 1,
      visibility_value_id smallint(6) DEFAULT NULL,
      is_open tinyint(4) NOT NULL DEFAULT 1,
      PRIMARY KEY (id),
      UNIQUE KEY bug_status_value_idx (value),
      KEY bug_status_sortkey_idx (sortkey,value),
      KEY bug_status_visibility_value_id_idx (visibility_value_id)
    ) ${COMPRESSED}`,
    `CREATE TABLE resolution (
      id smallint(6) NOT NULL AUTO_INCREMENT,
      value varchar(64) NOT NULL,
      sortkey smallint(6) NOT NULL DEFAULT 0,
      isactive tinyint(4) NOT NULL DEFAULT 1,
      visibility_value_id smallint(6) DEFAULT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY resolution_value_idx (value),
      KEY resolution_sortkey_idx (sortkey,value),
      KEY resolution_visibility_value_id_idx (visibility_value_id)
    ) ${COMPRESSED}`,
    `CREATE TABLE audit_log (
      user_id mediumint(9) DEFAULT NULL,
      class varchar(255) NOT NULL,
      object_id int(11) NOT NULL,
      field varchar(64) NOT NULL,
      removed mediumtext DEFAULT NULL,
      added mediumtext DEFAULT NULL,
      at_time datetime NOT NULL,
      KEY audit_log_class_idx (class,at_time),
      KEY fk_audit_log_user_id_profiles_userid (user_id),
      CONSTRAINT fk_audit_log_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE SET NULL ON UPDATE CASCADE
    ) ${COMPRESSED}`,
  ];
}

/** SQLite DDL: INTEGER PRIMARY KEY AUTOINCREMENT for Bugzilla's serial keys, TEXT for strings and datetimes. */
function sqliteStatements(): string[] {
  return [
    `CREATE TABLE classifications (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      description TEXT COLLATE NOCASE,
      sortkey INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE UNIQUE INDEX classifications_name_idx ON classifications (name)`,
    `CREATE TABLE profiles (
      userid INTEGER PRIMARY KEY AUTOINCREMENT,
      login_name TEXT COLLATE NOCASE NOT NULL,
      cryptpassword TEXT,
      realname TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      disabledtext TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      disable_mail INTEGER NOT NULL DEFAULT 0,
      mybugslink INTEGER NOT NULL DEFAULT 1,
      extern_id TEXT COLLATE NOCASE,
      is_enabled INTEGER NOT NULL DEFAULT 1,
      last_seen_date TEXT
    )`,
    `CREATE UNIQUE INDEX profiles_login_name_idx ON profiles (login_name)`,
    `CREATE UNIQUE INDEX profiles_extern_id_idx ON profiles (extern_id)`,
    `CREATE TABLE ${GROUPS} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      description TEXT COLLATE NOCASE NOT NULL,
      isbuggroup INTEGER NOT NULL,
      userregexp TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      isactive INTEGER NOT NULL DEFAULT 1,
      icon_url TEXT COLLATE NOCASE
    )`,
    `CREATE UNIQUE INDEX groups_name_idx ON ${GROUPS} (name)`,
    `CREATE TABLE products (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      classification_id INTEGER NOT NULL DEFAULT 1,
      description TEXT COLLATE NOCASE NOT NULL,
      isactive INTEGER NOT NULL DEFAULT 1,
      defaultmilestone TEXT COLLATE NOCASE NOT NULL DEFAULT '---',
      allows_unconfirmed INTEGER NOT NULL DEFAULT 1,
      CONSTRAINT fk_products_classification_id_classifications_id FOREIGN KEY (classification_id) REFERENCES classifications (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX products_name_idx ON products (name)`,
    `CREATE INDEX fk_products_classification_id_classifications_id ON products (classification_id)`,
    `CREATE TABLE components (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      product_id INTEGER NOT NULL,
      initialowner INTEGER NOT NULL,
      initialqacontact INTEGER,
      description TEXT COLLATE NOCASE NOT NULL,
      isactive INTEGER NOT NULL DEFAULT 1,
      CONSTRAINT fk_components_initialowner_profiles_userid FOREIGN KEY (initialowner) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_components_initialqacontact_profiles_userid FOREIGN KEY (initialqacontact) REFERENCES profiles (userid) ON DELETE SET NULL ON UPDATE CASCADE,
      CONSTRAINT fk_components_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX components_product_id_idx ON components (product_id, name)`,
    `CREATE INDEX components_name_idx ON components (name)`,
    `CREATE INDEX fk_components_initialqacontact_profiles_userid ON components (initialqacontact)`,
    `CREATE INDEX fk_components_initialowner_profiles_userid ON components (initialowner)`,
    `CREATE TABLE versions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      value TEXT COLLATE NOCASE NOT NULL,
      product_id INTEGER NOT NULL,
      isactive INTEGER NOT NULL DEFAULT 1,
      CONSTRAINT fk_versions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX versions_product_id_idx ON versions (product_id, value)`,
    `CREATE TABLE milestones (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      product_id INTEGER NOT NULL,
      value TEXT COLLATE NOCASE NOT NULL,
      sortkey INTEGER NOT NULL DEFAULT 0,
      isactive INTEGER NOT NULL DEFAULT 1,
      CONSTRAINT fk_milestones_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX milestones_product_id_idx ON milestones (product_id, value)`,
    `CREATE TABLE flagtypes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL,
      description TEXT COLLATE NOCASE NOT NULL,
      cc_list TEXT COLLATE NOCASE,
      target_type TEXT COLLATE NOCASE NOT NULL DEFAULT 'b',
      is_active INTEGER NOT NULL DEFAULT 1,
      is_requestable INTEGER NOT NULL DEFAULT 0,
      is_requesteeble INTEGER NOT NULL DEFAULT 0,
      is_multiplicable INTEGER NOT NULL DEFAULT 0,
      sortkey INTEGER NOT NULL DEFAULT 0,
      grant_group_id INTEGER,
      request_group_id INTEGER,
      CONSTRAINT fk_flagtypes_grant_group_id_groups_id FOREIGN KEY (grant_group_id) REFERENCES ${GROUPS} (id) ON DELETE SET NULL ON UPDATE CASCADE,
      CONSTRAINT fk_flagtypes_request_group_id_groups_id FOREIGN KEY (request_group_id) REFERENCES ${GROUPS} (id) ON DELETE SET NULL ON UPDATE CASCADE
    )`,
    `CREATE INDEX fk_flagtypes_grant_group_id_groups_id ON flagtypes (grant_group_id)`,
    `CREATE INDEX fk_flagtypes_request_group_id_groups_id ON flagtypes (request_group_id)`,
    `CREATE TABLE flaginclusions (
      type_id INTEGER NOT NULL,
      product_id INTEGER,
      component_id INTEGER,
      CONSTRAINT fk_flaginclusions_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flaginclusions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flaginclusions_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX flaginclusions_type_id_idx ON flaginclusions (type_id, product_id, component_id)`,
    `CREATE INDEX fk_flaginclusions_product_id_products_id ON flaginclusions (product_id)`,
    `CREATE INDEX fk_flaginclusions_component_id_components_id ON flaginclusions (component_id)`,
    `CREATE TABLE flagexclusions (
      type_id INTEGER NOT NULL,
      product_id INTEGER,
      component_id INTEGER,
      CONSTRAINT fk_flagexclusions_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flagexclusions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_flagexclusions_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX flagexclusions_type_id_idx ON flagexclusions (type_id, product_id, component_id)`,
    `CREATE INDEX fk_flagexclusions_component_id_components_id ON flagexclusions (component_id)`,
    `CREATE INDEX fk_flagexclusions_product_id_products_id ON flagexclusions (product_id)`,
    `CREATE TABLE user_api_keys (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      api_key TEXT NOT NULL,
      description TEXT COLLATE NOCASE,
      revoked INTEGER NOT NULL DEFAULT 0,
      last_used TEXT,
      CONSTRAINT fk_user_api_keys_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX user_api_keys_api_key_idx ON user_api_keys (api_key)`,
    `CREATE INDEX user_api_keys_user_id_idx ON user_api_keys (user_id)`,
    `CREATE TABLE logincookies (
      cookie TEXT NOT NULL,
      userid INTEGER NOT NULL,
      ipaddr TEXT COLLATE NOCASE,
      lastused TEXT NOT NULL,
      PRIMARY KEY (cookie),
      CONSTRAINT fk_logincookies_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE INDEX logincookies_lastused_idx ON logincookies (lastused)`,
    `CREATE INDEX fk_logincookies_userid_profiles_userid ON logincookies (userid)`,
    `CREATE TABLE user_group_map (
      user_id INTEGER NOT NULL,
      group_id INTEGER NOT NULL,
      isbless INTEGER NOT NULL DEFAULT 0,
      grant_type INTEGER NOT NULL DEFAULT 0,
      CONSTRAINT fk_user_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_user_group_map_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX user_group_map_user_id_idx ON user_group_map (user_id, group_id, grant_type, isbless)`,
    `CREATE INDEX fk_user_group_map_group_id_groups_id ON user_group_map (group_id)`,
    `CREATE TABLE group_group_map (
      member_id INTEGER NOT NULL,
      grantor_id INTEGER NOT NULL,
      grant_type INTEGER NOT NULL DEFAULT 0,
      CONSTRAINT fk_group_group_map_grantor_id_groups_id FOREIGN KEY (grantor_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_group_group_map_member_id_groups_id FOREIGN KEY (member_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX group_group_map_member_id_idx ON group_group_map (member_id, grantor_id, grant_type)`,
    `CREATE INDEX fk_group_group_map_grantor_id_groups_id ON group_group_map (grantor_id)`,
    `CREATE TABLE group_control_map (
      group_id INTEGER NOT NULL,
      product_id INTEGER NOT NULL,
      entry INTEGER NOT NULL DEFAULT 0,
      membercontrol INTEGER NOT NULL DEFAULT 0,
      othercontrol INTEGER NOT NULL DEFAULT 0,
      canedit INTEGER NOT NULL DEFAULT 0,
      editcomponents INTEGER NOT NULL DEFAULT 0,
      editbugs INTEGER NOT NULL DEFAULT 0,
      canconfirm INTEGER NOT NULL DEFAULT 0,
      CONSTRAINT fk_group_control_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_group_control_map_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX group_control_map_product_id_idx ON group_control_map (product_id, group_id)`,
    `CREATE INDEX group_control_map_group_id_idx ON group_control_map (group_id)`,
    `CREATE TABLE bugs (
      bug_id INTEGER PRIMARY KEY AUTOINCREMENT,
      assigned_to INTEGER NOT NULL,
      bug_file_loc TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      bug_severity TEXT COLLATE NOCASE NOT NULL,
      bug_status TEXT COLLATE NOCASE NOT NULL,
      creation_ts TEXT,
      delta_ts TEXT NOT NULL,
      short_desc TEXT COLLATE NOCASE NOT NULL,
      op_sys TEXT COLLATE NOCASE NOT NULL,
      priority TEXT COLLATE NOCASE NOT NULL,
      product_id INTEGER NOT NULL,
      rep_platform TEXT COLLATE NOCASE NOT NULL,
      reporter INTEGER NOT NULL,
      version TEXT COLLATE NOCASE NOT NULL,
      component_id INTEGER NOT NULL,
      resolution TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      target_milestone TEXT COLLATE NOCASE NOT NULL DEFAULT '---',
      qa_contact INTEGER,
      status_whiteboard TEXT COLLATE NOCASE NOT NULL DEFAULT '',
      lastdiffed TEXT,
      everconfirmed INTEGER NOT NULL,
      reporter_accessible INTEGER NOT NULL DEFAULT 1,
      cclist_accessible INTEGER NOT NULL DEFAULT 1,
      estimated_time NUMERIC NOT NULL DEFAULT 0,
      remaining_time NUMERIC NOT NULL DEFAULT 0,
      deadline TEXT,
      CONSTRAINT fk_bugs_assigned_to_profiles_userid FOREIGN KEY (assigned_to) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_component_id_components_id FOREIGN KEY (component_id) REFERENCES components (id) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_product_id_products_id FOREIGN KEY (product_id) REFERENCES products (id) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_qa_contact_profiles_userid FOREIGN KEY (qa_contact) REFERENCES profiles (userid) ON UPDATE CASCADE,
      CONSTRAINT fk_bugs_reporter_profiles_userid FOREIGN KEY (reporter) REFERENCES profiles (userid) ON UPDATE CASCADE
    )`,
    `CREATE INDEX bugs_assigned_to_idx ON bugs (assigned_to)`,
    `CREATE INDEX bugs_creation_ts_idx ON bugs (creation_ts)`,
    `CREATE INDEX bugs_delta_ts_idx ON bugs (delta_ts)`,
    `CREATE INDEX bugs_bug_severity_idx ON bugs (bug_severity)`,
    `CREATE INDEX bugs_bug_status_idx ON bugs (bug_status)`,
    `CREATE INDEX bugs_op_sys_idx ON bugs (op_sys)`,
    `CREATE INDEX bugs_priority_idx ON bugs (priority)`,
    `CREATE INDEX bugs_product_id_idx ON bugs (product_id)`,
    `CREATE INDEX bugs_reporter_idx ON bugs (reporter)`,
    `CREATE INDEX bugs_version_idx ON bugs (version)`,
    `CREATE INDEX bugs_component_id_idx ON bugs (component_id)`,
    `CREATE INDEX bugs_resolution_idx ON bugs (resolution)`,
    `CREATE INDEX bugs_target_milestone_idx ON bugs (target_milestone)`,
    `CREATE INDEX bugs_qa_contact_idx ON bugs (qa_contact)`,
    `CREATE TABLE cc (
      bug_id INTEGER NOT NULL,
      who INTEGER NOT NULL,
      CONSTRAINT fk_cc_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_cc_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX cc_bug_id_idx ON cc (bug_id, who)`,
    `CREATE INDEX cc_who_idx ON cc (who)`,
    `CREATE TABLE bug_group_map (
      bug_id INTEGER NOT NULL,
      group_id INTEGER NOT NULL,
      CONSTRAINT fk_bug_group_map_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bug_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX bug_group_map_bug_id_idx ON bug_group_map (bug_id, group_id)`,
    `CREATE INDEX bug_group_map_group_id_idx ON bug_group_map (group_id)`,
    `CREATE TABLE bug_user_last_visit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      bug_id INTEGER NOT NULL,
      last_visit_ts TEXT NOT NULL,
      CONSTRAINT fk_bug_user_last_visit_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs (bug_id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_bug_user_last_visit_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX bug_user_last_visit_idx ON bug_user_last_visit (user_id, bug_id)`,
    `CREATE INDEX bug_user_last_visit_last_visit_ts_idx ON bug_user_last_visit (last_visit_ts)`,
    `CREATE INDEX fk_bug_user_last_visit_bug_id_bugs_bug_id ON bug_user_last_visit (bug_id)`,
    `CREATE TABLE series_categories (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT COLLATE NOCASE NOT NULL
    )`,
    `CREATE UNIQUE INDEX series_categories_name_idx ON series_categories (name)`,
    `CREATE TABLE series (
      series_id INTEGER PRIMARY KEY AUTOINCREMENT,
      creator INTEGER,
      category INTEGER NOT NULL,
      subcategory INTEGER NOT NULL,
      name TEXT COLLATE NOCASE NOT NULL,
      frequency INTEGER NOT NULL,
      query TEXT COLLATE NOCASE NOT NULL,
      is_public INTEGER NOT NULL DEFAULT 0,
      CONSTRAINT fk_series_category_series_categories_id FOREIGN KEY (category) REFERENCES series_categories (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_series_creator_profiles_userid FOREIGN KEY (creator) REFERENCES profiles (userid) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_series_subcategory_series_categories_id FOREIGN KEY (subcategory) REFERENCES series_categories (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX series_category_idx ON series (category, subcategory, name)`,
    `CREATE INDEX series_creator_idx ON series (creator)`,
    `CREATE INDEX fk_series_subcategory_series_categories_id ON series (subcategory)`,
    `CREATE TABLE category_group_map (
      category_id INTEGER NOT NULL,
      group_id INTEGER NOT NULL,
      CONSTRAINT fk_category_group_map_category_id_series_categories_id FOREIGN KEY (category_id) REFERENCES series_categories (id) ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT fk_category_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES ${GROUPS} (id) ON DELETE CASCADE ON UPDATE CASCADE
    )`,
    `CREATE UNIQUE INDEX category_group_map_category_id_idx ON category_group_map (category_id, group_id)`,
    `CREATE INDEX fk_category_group_map_group_id_groups_id ON category_group_map (group_id)`,
    `CREATE TABLE bug_status (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      value TEXT COLLATE NOCASE NOT NULL,
      sortkey INTEGER NOT NULL DEFAULT 0,
      isactive INTEGER NOT NULL DEFAULT 1,
      visibility_value_id INTEGER,
      is_open INTEGER NOT NULL DEFAULT 1
    )`,
    `CREATE UNIQUE INDEX bug_status_value_idx ON bug_status (value)`,
    `CREATE INDEX bug_status_sortkey_idx ON bug_status (sortkey, value)`,
    `CREATE INDEX bug_status_visibility_value_id_idx ON bug_status (visibility_value_id)`,
    `CREATE TABLE resolution (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      value TEXT COLLATE NOCASE NOT NULL,
      sortkey INTEGER NOT NULL DEFAULT 0,
      isactive INTEGER NOT NULL DEFAULT 1,
      visibility_value_id INTEGER
    )`,
    `CREATE UNIQUE INDEX resolution_value_idx ON resolution (value)`,
    `CREATE INDEX resolution_sortkey_idx ON resolution (sortkey, value)`,
    `CREATE INDEX resolution_visibility_value_id_idx ON resolution (visibility_value_id)`,
    `CREATE TABLE audit_log (
      user_id INTEGER,
      class TEXT COLLATE NOCASE NOT NULL,
      object_id INTEGER NOT NULL,
      field TEXT COLLATE NOCASE NOT NULL,
      removed TEXT COLLATE NOCASE,
      added TEXT COLLATE NOCASE,
      at_time TEXT NOT NULL,
      CONSTRAINT fk_audit_log_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles (userid) ON DELETE SET NULL ON UPDATE CASCADE
    )`,
    `CREATE INDEX audit_log_class_idx ON audit_log (class, at_time)`,
    `CREATE INDEX fk_audit_log_user_id_profiles_userid ON audit_log (user_id)`,
  ];
}

/** Bugzilla's system groups (`Bugzilla::Install::SYSTEM_GROUPS`), created in this order: ids 1..14. */
const SYSTEM_GROUPS: {
  name: string;
  description: string;
  userregexp?: string;
  inheritedBy?: string[];
}[] = [
  { name: 'admin', description: 'Administrators' },
  { name: 'tweakparams', description: 'Can change Parameters' },
  { name: 'editusers', description: 'Can edit or disable users' },
  { name: 'creategroups', description: 'Can create and destroy groups' },
  {
    name: 'editclassifications',
    description: 'Can create, destroy, and edit classifications',
  },
  {
    name: 'editcomponents',
    description: 'Can create, destroy, and edit components',
  },
  {
    name: 'editkeywords',
    description: 'Can create, destroy, and edit keywords',
  },
  {
    name: 'editbugs',
    description: 'Can edit all bug fields',
    userregexp: '.*',
  },
  {
    name: 'canconfirm',
    description: 'Can confirm a bug or mark it a duplicate',
  },
  {
    name: 'bz_canusewhineatothers',
    description: 'Can configure whine reports for other users',
  },
  {
    name: 'bz_canusewhines',
    description: 'User can configure whine reports for self',
    inheritedBy: ['editbugs', 'bz_canusewhineatothers'],
  },
  { name: 'bz_sudoers', description: 'Can perform actions as other users' },
  {
    name: 'bz_sudo_protect',
    description: 'Can not be impersonated by other users',
    inheritedBy: ['bz_sudoers'],
  },
  { name: 'bz_quip_moderators', description: 'Can moderate quips' },
];

/** group_group_map.grant_type */
const GROUP_MEMBERSHIP = 0;
const GROUP_BLESS = 1;
const GROUP_VISIBLE = 2;

/** Bugzilla's default field values, as checksetup.pl inserts them (`reference/bugzilla-schema.sql`). */
const BUG_STATUSES: [number, string, number, number][] = [
  [1, 'UNCONFIRMED', 100, 1],
  [2, 'CONFIRMED', 200, 1],
  [3, 'IN_PROGRESS', 300, 1],
  [4, 'RESOLVED', 400, 0],
  [5, 'VERIFIED', 500, 0],
];
const RESOLUTIONS: [number, string, number][] = [
  [1, '', 100],
  [2, 'FIXED', 200],
  [3, 'INVALID', 300],
  [4, 'WONTFIX', 400],
  [5, 'DUPLICATE', 500],
  [6, 'WORKSFORME', 600],
];

function placeholders(rows: unknown[][]): string {
  return rows.map((row) => `(${row.map(() => '?').join(', ')})`).join(', ');
}

/** The rows of a fresh install; portable SQL, the same on both databases. */
async function insertBaseline(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query('INSERT INTO classifications (id, name, description, sortkey) VALUES (?, ?, ?, ?)', [
    1,
    'Unclassified',
    'Not assigned to any classification',
    0,
  ]);

  const groupRows = SYSTEM_GROUPS.map((g, i) => [i + 1, g.name, g.description, 0, g.userregexp ?? '', 1]);
  await queryRunner.query(
    `INSERT INTO ${GROUPS} (id, name, description, isbuggroup, userregexp, isactive) VALUES ${placeholders(groupRows)}`,
    groupRows.flat(),
  );

  // Bugzilla::Group->create gives the admin group membership, bless and visibility
  // over every group created after it; `inherited_by` adds memberships.
  const idOf = (name: string) => SYSTEM_GROUPS.findIndex((g) => g.name === name) + 1;
  const admin = idOf('admin');
  const mapRows: number[][] = [];
  SYSTEM_GROUPS.forEach((group, i) => {
    const id = i + 1;
    if (id !== admin) {
      for (const grantType of [GROUP_MEMBERSHIP, GROUP_BLESS, GROUP_VISIBLE]) mapRows.push([admin, id, grantType]);
    }
    for (const member of group.inheritedBy ?? []) mapRows.push([idOf(member), id, GROUP_MEMBERSHIP]);
  });
  await queryRunner.query(
    `INSERT INTO group_group_map (member_id, grantor_id, grant_type) VALUES ${placeholders(mapRows)}`,
    mapRows.flat(),
  );

  const statusRows = BUG_STATUSES.map(([id, value, sortkey, isOpen]) => [id, value, sortkey, 1, null, isOpen]);
  await queryRunner.query(
    `INSERT INTO bug_status (id, value, sortkey, isactive, visibility_value_id, is_open) VALUES ${placeholders(statusRows)}`,
    statusRows.flat(),
  );
  const resolutionRows = RESOLUTIONS.map(([id, value, sortkey]) => [id, value, sortkey, 1, null]);
  await queryRunner.query(
    `INSERT INTO resolution (id, value, sortkey, isactive, visibility_value_id) VALUES ${placeholders(resolutionRows)}`,
    resolutionRows.flat(),
  );
  // PostgreSQL: the sequences continue after the ids given here, as if checksetup.pl's inserts had drawn them.
  await followExplicitIds(queryRunner, [
    ['classifications', 'id'],
    [GROUPS, 'id'],
    ['bug_status', 'id'],
    ['resolution', 'id'],
  ]);
}

export class BugzillaSchema1732000000000 implements MigrationInterface {
  name = 'BugzillaSchema1732000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    let statements: string[];
    const dialect = dialectOf(queryRunner.connection);
    if (dialect.name === 'mysql') {
      const [{ version }] = (await queryRunner.query('SELECT VERSION() AS version')) as { version: string }[];
      statements = mysqlStatements(/mariadb/i.test(version));
    } else if (dialect.name === 'postgres') {
      statements = postgresSchemaStatements(TABLES);
    } else {
      statements = sqliteStatements();
    }
    for (const sql of statements) await queryRunner.query(sql);
    await insertBaseline(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table === 'groups' ? GROUPS : table}`);
    }
  }
}
