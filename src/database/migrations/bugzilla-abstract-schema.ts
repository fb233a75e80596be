/**
 * What Bugzilla knows of its own tables: checksetup.pl keeps its abstract schema (Bugzilla/DB/Schema.pm's
 * types, not the database's) in the one row of `bz_schema`, and only creates, alters or indexes what that
 * row does not already describe. A database the service made is Bugzilla's own (SPEC §16) when that row
 * describes exactly the tables the migrations made: checksetup.pl then adds only the tables the service
 * does not make and leaves ours as they are.
 *
 * The description below is ours, one line per column and index, in Bugzilla's abstract terms: INT1..INT4,
 * SMALLSERIAL/MEDIUMSERIAL/INTSERIAL, BOOLEAN (DEFAULT TRUE/FALSE), TINYTEXT/MEDIUMTEXT/LONGTEXT, DATETIME,
 * LONGBLOB, varchar(n); DEFAULT as Bugzilla writes it (quoted text, a number, TRUE/FALSE); `-> table.column`
 * a foreign key (ON DELETE when not RESTRICT); INDEX/UNIQUE/FULLTEXT name (columns). `PG`/`MYSQL` lines
 * exist on that database only: Bugzilla's Pg schema adds unique LOWER() indexes and has no FULLTEXT type or
 * index on the comment columns. The types are those the database cannot tell apart (Pg's integer is INT3 or
 * INT4, smallint BOOLEAN, INT1 or INT2), so they are written here, not read back.
 */
const DESCRIPTION = `
attachments
  attach_id MEDIUMSERIAL NOTNULL PRIMARYKEY
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  creation_ts DATETIME NOTNULL
  modification_time DATETIME NOTNULL
  description TINYTEXT NOTNULL
  mimetype TINYTEXT NOTNULL
  ispatch BOOLEAN NOTNULL DEFAULT FALSE
  filename varchar(255) NOTNULL
  submitter_id INT3 NOTNULL -> profiles.userid
  isobsolete BOOLEAN NOTNULL DEFAULT FALSE
  isprivate BOOLEAN NOTNULL DEFAULT FALSE
  INDEX attachments_bug_id_idx (bug_id)
  INDEX attachments_creation_ts_idx (creation_ts)
  INDEX attachments_modification_time_idx (modification_time)
  INDEX attachments_submitter_id_idx (submitter_id, bug_id)
attach_data
  id INT3 NOTNULL PRIMARYKEY -> attachments.attach_id ON DELETE CASCADE
  thedata LONGBLOB NOTNULL
audit_log
  user_id INT3 -> profiles.userid ON DELETE SET NULL
  class varchar(255) NOTNULL
  object_id INT4 NOTNULL
  field varchar(64) NOTNULL
  removed MEDIUMTEXT
  added MEDIUMTEXT
  at_time DATETIME NOTNULL
  INDEX audit_log_class_idx (class, at_time)
bugs
  bug_id MEDIUMSERIAL NOTNULL PRIMARYKEY
  assigned_to INT3 NOTNULL -> profiles.userid
  bug_file_loc MEDIUMTEXT NOTNULL DEFAULT ''
  bug_severity varchar(64) NOTNULL
  bug_status varchar(64) NOTNULL
  creation_ts DATETIME
  delta_ts DATETIME NOTNULL
  short_desc varchar(255) NOTNULL
  op_sys varchar(64) NOTNULL
  priority varchar(64) NOTNULL
  product_id INT2 NOTNULL -> products.id
  rep_platform varchar(64) NOTNULL
  reporter INT3 NOTNULL -> profiles.userid
  version varchar(64) NOTNULL
  component_id INT3 NOTNULL -> components.id
  resolution varchar(64) NOTNULL DEFAULT ''
  target_milestone varchar(64) NOTNULL DEFAULT '---'
  qa_contact INT3 -> profiles.userid
  status_whiteboard MEDIUMTEXT NOTNULL DEFAULT ''
  lastdiffed DATETIME
  everconfirmed BOOLEAN NOTNULL
  reporter_accessible BOOLEAN NOTNULL DEFAULT TRUE
  cclist_accessible BOOLEAN NOTNULL DEFAULT TRUE
  estimated_time decimal(7,2) NOTNULL DEFAULT 0
  remaining_time decimal(7,2) NOTNULL DEFAULT 0
  deadline DATETIME
  INDEX bugs_assigned_to_idx (assigned_to)
  INDEX bugs_bug_severity_idx (bug_severity)
  INDEX bugs_bug_status_idx (bug_status)
  INDEX bugs_component_id_idx (component_id)
  INDEX bugs_creation_ts_idx (creation_ts)
  INDEX bugs_delta_ts_idx (delta_ts)
  INDEX bugs_op_sys_idx (op_sys)
  INDEX bugs_priority_idx (priority)
  INDEX bugs_product_id_idx (product_id)
  INDEX bugs_qa_contact_idx (qa_contact)
  INDEX bugs_reporter_idx (reporter)
  INDEX bugs_resolution_idx (resolution)
  INDEX bugs_target_milestone_idx (target_milestone)
  INDEX bugs_version_idx (version)
bugs_activity
  id INTSERIAL NOTNULL PRIMARYKEY
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  attach_id INT3 -> attachments.attach_id ON DELETE CASCADE
  who INT3 NOTNULL -> profiles.userid
  bug_when DATETIME NOTNULL
  fieldid INT3 NOTNULL -> fielddefs.id
  added varchar(255)
  removed varchar(255)
  comment_id INT4 -> longdescs.comment_id ON DELETE CASCADE
  INDEX bugs_activity_added_idx (added)
  INDEX bugs_activity_bug_id_idx (bug_id)
  INDEX bugs_activity_bug_when_idx (bug_when)
  INDEX bugs_activity_fieldid_idx (fieldid)
  INDEX bugs_activity_removed_idx (removed)
  INDEX bugs_activity_who_idx (who)
bugs_aliases
  alias varchar(40) NOTNULL
  bug_id INT3 -> bugs.bug_id ON DELETE CASCADE
  UNIQUE bugs_aliases_alias_idx (alias)
  INDEX bugs_aliases_bug_id_idx (bug_id)
bugs_fulltext
  bug_id INT3 NOTNULL PRIMARYKEY -> bugs.bug_id ON DELETE CASCADE
  short_desc varchar(255) NOTNULL
  comments LONGTEXT
  comments_noprivate LONGTEXT
  MYSQL FULLTEXT bugs_fulltext_comments_idx (comments)
  MYSQL FULLTEXT bugs_fulltext_comments_noprivate_idx (comments_noprivate)
  FULLTEXT bugs_fulltext_short_desc_idx (short_desc)
bug_group_map
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  group_id INT3 NOTNULL -> groups.id ON DELETE CASCADE
  UNIQUE bug_group_map_bug_id_idx (bug_id, group_id)
  INDEX bug_group_map_group_id_idx (group_id)
bug_see_also
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  value varchar(255) NOTNULL
  class varchar(255) NOTNULL DEFAULT ''
  UNIQUE bug_see_also_bug_id_idx (bug_id, value)
bug_status
  id SMALLSERIAL NOTNULL PRIMARYKEY
  value varchar(64) NOTNULL
  sortkey INT2 NOTNULL DEFAULT 0
  isactive BOOLEAN NOTNULL DEFAULT TRUE
  visibility_value_id INT2
  is_open BOOLEAN NOTNULL DEFAULT TRUE
  INDEX bug_status_sortkey_idx (sortkey, value)
  UNIQUE bug_status_value_idx (value)
  INDEX bug_status_visibility_value_id_idx (visibility_value_id)
bug_tag
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  tag_id INT3 NOTNULL -> tag.id ON DELETE CASCADE
  UNIQUE bug_tag_bug_id_idx (bug_id, tag_id)
bug_user_last_visit
  id INTSERIAL NOTNULL PRIMARYKEY
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  last_visit_ts DATETIME NOTNULL
  UNIQUE bug_user_last_visit_idx (user_id, bug_id)
  INDEX bug_user_last_visit_last_visit_ts_idx (last_visit_ts)
category_group_map
  category_id INT2 NOTNULL -> series_categories.id ON DELETE CASCADE
  group_id INT3 NOTNULL -> groups.id ON DELETE CASCADE
  UNIQUE category_group_map_category_id_idx (category_id, group_id)
cc
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  who INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  UNIQUE cc_bug_id_idx (bug_id, who)
  INDEX cc_who_idx (who)
classifications
  id SMALLSERIAL NOTNULL PRIMARYKEY
  name varchar(64) NOTNULL
  description MEDIUMTEXT
  sortkey INT2 NOTNULL DEFAULT 0
  UNIQUE classifications_name_idx (name)
components
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  name varchar(64) NOTNULL
  product_id INT2 NOTNULL -> products.id ON DELETE CASCADE
  initialowner INT3 NOTNULL -> profiles.userid
  initialqacontact INT3 -> profiles.userid ON DELETE SET NULL
  description MEDIUMTEXT NOTNULL
  isactive BOOLEAN NOTNULL DEFAULT TRUE
  INDEX components_name_idx (name)
  UNIQUE components_product_id_idx (product_id, name)
component_cc
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  component_id INT3 NOTNULL -> components.id ON DELETE CASCADE
  UNIQUE component_cc_user_id_idx (component_id, user_id)
dependencies
  blocked INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  dependson INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  UNIQUE dependencies_blocked_idx (blocked, dependson)
  INDEX dependencies_dependson_idx (dependson)
duplicates
  dupe_of INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  dupe INT3 NOTNULL PRIMARYKEY -> bugs.bug_id ON DELETE CASCADE
email_bug_ignore
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  UNIQUE email_bug_ignore_user_id_idx (user_id, bug_id)
email_setting
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  relationship INT1 NOTNULL
  event INT1 NOTNULL
  UNIQUE email_setting_user_id_idx (user_id, relationship, event)
fielddefs
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  name varchar(64) NOTNULL
  type INT2 NOTNULL DEFAULT 0
  custom BOOLEAN NOTNULL DEFAULT FALSE
  description TINYTEXT NOTNULL
  long_desc varchar(255) NOTNULL DEFAULT ''
  mailhead BOOLEAN NOTNULL DEFAULT FALSE
  sortkey INT2 NOTNULL
  obsolete BOOLEAN NOTNULL DEFAULT FALSE
  enter_bug BOOLEAN NOTNULL DEFAULT FALSE
  buglist BOOLEAN NOTNULL DEFAULT FALSE
  visibility_field_id INT3 -> fielddefs.id
  value_field_id INT3 -> fielddefs.id
  reverse_desc TINYTEXT
  is_mandatory BOOLEAN NOTNULL DEFAULT FALSE
  is_numeric BOOLEAN NOTNULL DEFAULT FALSE
  INDEX fielddefs_is_mandatory_idx (is_mandatory)
  UNIQUE fielddefs_name_idx (name)
  INDEX fielddefs_sortkey_idx (sortkey)
  INDEX fielddefs_value_field_id_idx (value_field_id)
  PG UNIQUE fielddefs_name_lower_idx (LOWER(name))
flagexclusions
  type_id INT3 NOTNULL -> flagtypes.id ON DELETE CASCADE
  product_id INT2 -> products.id ON DELETE CASCADE
  component_id INT3 -> components.id ON DELETE CASCADE
  UNIQUE flagexclusions_type_id_idx (type_id, product_id, component_id)
flaginclusions
  type_id INT3 NOTNULL -> flagtypes.id ON DELETE CASCADE
  product_id INT2 -> products.id ON DELETE CASCADE
  component_id INT3 -> components.id ON DELETE CASCADE
  UNIQUE flaginclusions_type_id_idx (type_id, product_id, component_id)
flags
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  type_id INT3 NOTNULL -> flagtypes.id ON DELETE CASCADE
  status char(1) NOTNULL
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  attach_id INT3 -> attachments.attach_id ON DELETE CASCADE
  creation_date DATETIME NOTNULL
  modification_date DATETIME
  setter_id INT3 NOTNULL -> profiles.userid
  requestee_id INT3 -> profiles.userid
  INDEX flags_bug_id_idx (bug_id, attach_id)
  INDEX flags_requestee_id_idx (requestee_id)
  INDEX flags_setter_id_idx (setter_id)
  INDEX flags_type_id_idx (type_id)
flagtypes
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  name varchar(50) NOTNULL
  description MEDIUMTEXT NOTNULL
  cc_list varchar(200)
  target_type char(1) NOTNULL DEFAULT 'b'
  is_active BOOLEAN NOTNULL DEFAULT TRUE
  is_requestable BOOLEAN NOTNULL DEFAULT FALSE
  is_requesteeble BOOLEAN NOTNULL DEFAULT FALSE
  is_multiplicable BOOLEAN NOTNULL DEFAULT FALSE
  sortkey INT2 NOTNULL DEFAULT 0
  grant_group_id INT3 -> groups.id ON DELETE SET NULL
  request_group_id INT3 -> groups.id ON DELETE SET NULL
groups
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  name varchar(255) NOTNULL
  description MEDIUMTEXT NOTNULL
  isbuggroup BOOLEAN NOTNULL
  userregexp TINYTEXT NOTNULL DEFAULT ''
  isactive BOOLEAN NOTNULL DEFAULT TRUE
  icon_url TINYTEXT
  UNIQUE groups_name_idx (name)
group_control_map
  group_id INT3 NOTNULL -> groups.id ON DELETE CASCADE
  product_id INT2 NOTNULL -> products.id ON DELETE CASCADE
  entry BOOLEAN NOTNULL DEFAULT FALSE
  membercontrol INT1 NOTNULL DEFAULT 0
  othercontrol INT1 NOTNULL DEFAULT 0
  canedit BOOLEAN NOTNULL DEFAULT FALSE
  editcomponents BOOLEAN NOTNULL DEFAULT FALSE
  editbugs BOOLEAN NOTNULL DEFAULT FALSE
  canconfirm BOOLEAN NOTNULL DEFAULT FALSE
  INDEX group_control_map_group_id_idx (group_id)
  UNIQUE group_control_map_product_id_idx (product_id, group_id)
group_group_map
  member_id INT3 NOTNULL -> groups.id ON DELETE CASCADE
  grantor_id INT3 NOTNULL -> groups.id ON DELETE CASCADE
  grant_type INT1 NOTNULL DEFAULT 0
  UNIQUE group_group_map_member_id_idx (member_id, grantor_id, grant_type)
keyworddefs
  id SMALLSERIAL NOTNULL PRIMARYKEY
  name varchar(64) NOTNULL
  description MEDIUMTEXT NOTNULL
  UNIQUE keyworddefs_name_idx (name)
  PG UNIQUE keyworddefs_name_lower_idx (LOWER(name))
keywords
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  keywordid INT2 NOTNULL -> keyworddefs.id ON DELETE CASCADE
  UNIQUE keywords_bug_id_idx (bug_id, keywordid)
  INDEX keywords_keywordid_idx (keywordid)
logincookies
  cookie varchar(16) NOTNULL PRIMARYKEY
  userid INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  ipaddr varchar(40)
  lastused DATETIME NOTNULL
  INDEX logincookies_lastused_idx (lastused)
login_failure
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  login_time DATETIME NOTNULL
  ip_addr varchar(40) NOTNULL
  INDEX login_failure_user_id_idx (user_id)
longdescs
  comment_id INTSERIAL NOTNULL PRIMARYKEY
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  who INT3 NOTNULL -> profiles.userid
  bug_when DATETIME NOTNULL
  work_time decimal(7,2) NOTNULL DEFAULT 0
  thetext LONGTEXT NOTNULL
  isprivate BOOLEAN NOTNULL DEFAULT FALSE
  already_wrapped BOOLEAN NOTNULL DEFAULT FALSE
  type INT2 NOTNULL DEFAULT 0
  extra_data varchar(255)
  INDEX longdescs_bug_id_idx (bug_id, work_time)
  INDEX longdescs_bug_when_idx (bug_when)
  INDEX longdescs_who_idx (who, bug_id)
longdescs_tags
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  comment_id INT4 -> longdescs.comment_id ON DELETE CASCADE
  tag varchar(24) NOTNULL
  UNIQUE longdescs_tags_idx (comment_id, tag)
longdescs_tags_activity
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  bug_id INT3 NOTNULL -> bugs.bug_id ON DELETE CASCADE
  comment_id INT4 -> longdescs.comment_id ON DELETE CASCADE
  who INT3 NOTNULL -> profiles.userid
  bug_when DATETIME NOTNULL
  added varchar(24)
  removed varchar(24)
  INDEX longdescs_tags_activity_bug_id_idx (bug_id)
milestones
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  product_id INT2 NOTNULL -> products.id ON DELETE CASCADE
  value varchar(64) NOTNULL
  sortkey INT2 NOTNULL DEFAULT 0
  isactive BOOLEAN NOTNULL DEFAULT TRUE
  UNIQUE milestones_product_id_idx (product_id, value)
products
  id SMALLSERIAL NOTNULL PRIMARYKEY
  name varchar(64) NOTNULL
  classification_id INT2 NOTNULL DEFAULT 1 -> classifications.id ON DELETE CASCADE
  description MEDIUMTEXT NOTNULL
  isactive BOOLEAN NOTNULL DEFAULT 1
  defaultmilestone varchar(64) NOTNULL DEFAULT '---'
  allows_unconfirmed BOOLEAN NOTNULL DEFAULT TRUE
  UNIQUE products_name_idx (name)
  PG UNIQUE products_name_lower_idx (LOWER(name))
profiles
  userid MEDIUMSERIAL NOTNULL PRIMARYKEY
  login_name varchar(255) NOTNULL
  cryptpassword varchar(128)
  realname varchar(255) NOTNULL DEFAULT ''
  disabledtext MEDIUMTEXT NOTNULL DEFAULT ''
  disable_mail BOOLEAN NOTNULL DEFAULT FALSE
  mybugslink BOOLEAN NOTNULL DEFAULT TRUE
  extern_id varchar(64)
  is_enabled BOOLEAN NOTNULL DEFAULT TRUE
  last_seen_date DATETIME
  UNIQUE profiles_extern_id_idx (extern_id)
  UNIQUE profiles_login_name_idx (login_name)
  PG UNIQUE profiles_login_name_lower_idx (LOWER(login_name))
profiles_activity
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  userid INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  who INT3 NOTNULL -> profiles.userid
  profiles_when DATETIME NOTNULL
  fieldid INT3 NOTNULL -> fielddefs.id
  oldvalue TINYTEXT
  newvalue TINYTEXT
  INDEX profiles_activity_fieldid_idx (fieldid)
  INDEX profiles_activity_profiles_when_idx (profiles_when)
  INDEX profiles_activity_userid_idx (userid)
resolution
  id SMALLSERIAL NOTNULL PRIMARYKEY
  value varchar(64) NOTNULL
  sortkey INT2 NOTNULL DEFAULT 0
  isactive BOOLEAN NOTNULL DEFAULT TRUE
  visibility_value_id INT2
  INDEX resolution_sortkey_idx (sortkey, value)
  UNIQUE resolution_value_idx (value)
  INDEX resolution_visibility_value_id_idx (visibility_value_id)
series
  series_id MEDIUMSERIAL NOTNULL PRIMARYKEY
  creator INT3 -> profiles.userid ON DELETE CASCADE
  category INT2 NOTNULL -> series_categories.id ON DELETE CASCADE
  subcategory INT2 NOTNULL -> series_categories.id ON DELETE CASCADE
  name varchar(64) NOTNULL
  frequency INT2 NOTNULL
  query MEDIUMTEXT NOTNULL
  is_public BOOLEAN NOTNULL DEFAULT FALSE
  UNIQUE series_category_idx (category, subcategory, name)
  INDEX series_creator_idx (creator)
series_categories
  id SMALLSERIAL NOTNULL PRIMARYKEY
  name varchar(64) NOTNULL
  UNIQUE series_categories_name_idx (name)
tag
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  name varchar(64) NOTNULL
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  UNIQUE tag_user_id_idx (user_id, name)
tokens
  userid INT3 -> profiles.userid ON DELETE CASCADE
  issuedate DATETIME NOTNULL
  token varchar(16) NOTNULL PRIMARYKEY
  tokentype varchar(16) NOTNULL
  eventdata TINYTEXT
  INDEX tokens_userid_idx (userid)
user_api_keys
  id INTSERIAL NOTNULL PRIMARYKEY
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  api_key varchar(40) NOTNULL
  description varchar(255)
  revoked BOOLEAN NOTNULL DEFAULT FALSE
  last_used DATETIME
  UNIQUE user_api_keys_api_key_idx (api_key)
  INDEX user_api_keys_user_id_idx (user_id)
user_group_map
  user_id INT3 NOTNULL -> profiles.userid ON DELETE CASCADE
  group_id INT3 NOTNULL -> groups.id ON DELETE CASCADE
  isbless BOOLEAN NOTNULL DEFAULT FALSE
  grant_type INT1 NOTNULL DEFAULT 0
  UNIQUE user_group_map_user_id_idx (user_id, group_id, grant_type, isbless)
versions
  id MEDIUMSERIAL NOTNULL PRIMARYKEY
  value varchar(64) NOTNULL
  product_id INT2 NOTNULL -> products.id ON DELETE CASCADE
  isactive BOOLEAN NOTNULL DEFAULT TRUE
  UNIQUE versions_product_id_idx (product_id, value)
`;

type AbstractValue = string | number | AbstractValue[] | { [key: string]: AbstractValue };
type SchemaDialect = 'mysql' | 'postgres';

interface AbstractTable {
  FIELDS: AbstractValue[];
  INDEXES?: AbstractValue[];
}

const COLUMN =
  /^(\w+) (\S+)( NOTNULL)?( PRIMARYKEY)?(?: DEFAULT ('[^']*'|\S+))?(?: -> (\w+)\.(\w+)(?: ON DELETE (CASCADE|SET NULL))?)?$/;
const INDEX = /^(?:(PG|MYSQL) )?(INDEX|UNIQUE|FULLTEXT) (\w+) \((.+)\)$/;

function parseTables(dialect: SchemaDialect): Map<string, AbstractTable> {
  const tables = new Map<string, AbstractTable>();
  let current: AbstractTable | undefined;
  for (const line of DESCRIPTION.split('\n')) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      current = { FIELDS: [] };
      tables.set(line.trim(), current);
      continue;
    }
    const text = line.trim();
    const index = INDEX.exec(text);
    if (index) {
      const [, only, kind, name, columns] = index;
      if (only && only !== (dialect === 'postgres' ? 'PG' : 'MYSQL')) continue;
      const fields = columns.split(', ');
      // Bugzilla's Pg schema drops the FULLTEXT type; a plain index stays a list of columns.
      const type = kind === 'FULLTEXT' && dialect === 'postgres' ? undefined : kind;
      const definition: AbstractValue =
        type === 'INDEX' ? fields : type ? { FIELDS: fields, TYPE: type } : { FIELDS: fields };
      (current!.INDEXES ??= []).push(name, definition);
      continue;
    }
    const column = COLUMN.exec(text);
    if (!column) throw new Error(`bugzilla-abstract-schema: unreadable line '${text}'`);
    const [, name, type, notNull, primaryKey, defaultValue, refTable, refColumn, onDelete] = column;
    const definition: Record<string, AbstractValue> = { TYPE: type };
    if (notNull) definition.NOTNULL = 1;
    if (primaryKey) definition.PRIMARYKEY = 1;
    if (defaultValue !== undefined)
      definition.DEFAULT = /^\d+$/.test(defaultValue) ? Number(defaultValue) : defaultValue;
    if (refTable) {
      // created => 1: the foreign key exists, checksetup.pl does not add it again.
      definition.REFERENCES = {
        TABLE: refTable,
        COLUMN: refColumn,
        created: 1,
        ...(onDelete ? { DELETE: onDelete } : {}),
      };
    }
    current!.FIELDS.push(name, definition);
  }
  return tables;
}

/** `bz_schema` itself, as Bugzilla describes the table that holds the description. */
const BZ_SCHEMA_TABLE: AbstractTable = {
  FIELDS: ['schema_data', { NOTNULL: 1, TYPE: 'LONGBLOB' }, 'version', { NOTNULL: 1, TYPE: 'decimal(3,2)' }],
};

/** Bugzilla's Schema::SCHEMA_VERSION: the stored description's format (REFERENCES carry `created`). */
export const BZ_SCHEMA_VERSION = '3.00';

/** The tables the description covers, i.e. every table the migrations make on MySQL/MariaDB and PostgreSQL. */
export function describedTables(): string[] {
  return [...parseTables('postgres').keys()];
}

/** The abstract schema of `tables` (and of bz_schema) on that database. */
export function abstractSchema(tables: readonly string[], dialect: SchemaDialect): Record<string, AbstractTable> {
  const all = parseTables(dialect);
  const schema: Record<string, AbstractTable> = { bz_schema: BZ_SCHEMA_TABLE };
  for (const table of tables) {
    const described = all.get(table);
    if (!described) throw new Error(`bugzilla-abstract-schema: no description of table '${table}'`);
    schema[table] = described;
  }
  return schema;
}

function perlString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Perl source for a value, keys sorted, the layout of Data::Dumper with Sortkeys and Indent 1. */
function perlValue(value: AbstractValue, depth: number): string {
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return perlString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => pad + perlValue(item, depth + 1)).join(',\n')}\n${end}]`;
  }
  const keys = Object.keys(value).sort();
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((key) => `${pad}${perlString(key)} => ${perlValue(value[key], depth + 1)}`).join(',\n')}\n${end}}`;
}

/** The text checksetup.pl reads back from bz_schema.schema_data (it evaluates `$VAR1 = ...;` in a Safe). */
export function bzSchemaText(tables: readonly string[], dialect: SchemaDialect): string {
  return `$VAR1 = ${perlValue(abstractSchema(tables, dialect) as unknown as AbstractValue, 0)};\n`;
}
