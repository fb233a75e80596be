import type { QueryRunner } from 'typeorm';
import { dialectOf } from '../dialect.js';

/**
 * Bugzilla 5.2's tables on PostgreSQL, exactly as its checksetup.pl makes them with
 * `$db_driver = 'pg'` (Bugzilla/DB/Schema/Pg.pm: `smallint` booleans, `serial` ids whose sequences
 * are named `<table>_<column>_seq`, `timestamp(0) without time zone`, `text` for MySQL's
 * mediumtext, unique `lower(name)` indexes on products and profiles, Bugzilla's own index and
 * foreign-key names). The statements are those `pg_dump --schema-only` gives of such a database
 * (reference/bugzilla-schema-pg.sql), a serial column written as its parts (sequence, owner,
 * default), which make the same catalogue entries: a dump of a database made here matches one of
 * a database Bugzilla made, table for table.
 */

interface PostgresTable {
  /** The table, its sequences and their defaults. */
  create: readonly string[];
  /** Primary key, unique constraints and indexes. */
  keys: readonly string[];
  /** Foreign keys (added once every table of the migration exists). */
  foreignKeys: readonly string[];
}

const TABLES: Readonly<Record<string, PostgresTable>> = {
  attach_data: {
    create: [
      `CREATE TABLE attach_data (
    id integer NOT NULL,
    thedata bytea NOT NULL
)`,
    ],
    keys: [`ALTER TABLE ONLY attach_data ADD CONSTRAINT attach_data_pkey PRIMARY KEY (id)`],
    foreignKeys: [
      `ALTER TABLE ONLY attach_data ADD CONSTRAINT fk_attach_data_id_attachments_attach_id FOREIGN KEY (id) REFERENCES attachments(attach_id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  attachments: {
    create: [
      `CREATE TABLE attachments (
    attach_id integer NOT NULL,
    bug_id integer NOT NULL,
    creation_ts timestamp(0) without time zone NOT NULL,
    modification_time timestamp(0) without time zone NOT NULL,
    description character varying(255) NOT NULL,
    mimetype character varying(255) NOT NULL,
    ispatch smallint DEFAULT 0 NOT NULL,
    filename character varying(255) NOT NULL,
    submitter_id integer NOT NULL,
    isobsolete smallint DEFAULT 0 NOT NULL,
    isprivate smallint DEFAULT 0 NOT NULL
)`,
      `CREATE SEQUENCE attachments_attach_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE attachments_attach_id_seq OWNED BY attachments.attach_id`,
      `ALTER TABLE ONLY attachments ALTER COLUMN attach_id SET DEFAULT nextval('attachments_attach_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY attachments ADD CONSTRAINT attachments_pkey PRIMARY KEY (attach_id)`,
      `CREATE INDEX attachments_bug_id_idx ON attachments USING btree (bug_id)`,
      `CREATE INDEX attachments_creation_ts_idx ON attachments USING btree (creation_ts)`,
      `CREATE INDEX attachments_modification_time_idx ON attachments USING btree (modification_time)`,
      `CREATE INDEX attachments_submitter_id_idx ON attachments USING btree (submitter_id, bug_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY attachments ADD CONSTRAINT fk_attachments_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY attachments ADD CONSTRAINT fk_attachments_submitter_id_profiles_userid FOREIGN KEY (submitter_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
    ],
  },
  audit_log: {
    create: [
      `CREATE TABLE audit_log (
    user_id integer,
    class character varying(255) NOT NULL,
    object_id integer NOT NULL,
    field character varying(64) NOT NULL,
    removed text,
    added text,
    at_time timestamp(0) without time zone NOT NULL
)`,
    ],
    keys: [`CREATE INDEX audit_log_class_idx ON audit_log USING btree (class, at_time)`],
    foreignKeys: [
      `ALTER TABLE ONLY audit_log ADD CONSTRAINT fk_audit_log_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE SET NULL`,
    ],
  },
  bug_group_map: {
    create: [
      `CREATE TABLE bug_group_map (
    bug_id integer NOT NULL,
    group_id integer NOT NULL
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX bug_group_map_bug_id_idx ON bug_group_map USING btree (bug_id, group_id)`,
      `CREATE INDEX bug_group_map_group_id_idx ON bug_group_map USING btree (group_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY bug_group_map ADD CONSTRAINT fk_bug_group_map_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY bug_group_map ADD CONSTRAINT fk_bug_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  bug_see_also: {
    create: [
      `CREATE TABLE bug_see_also (
    id integer NOT NULL,
    bug_id integer NOT NULL,
    value character varying(255) NOT NULL,
    class character varying(255) DEFAULT ''::character varying NOT NULL
)`,
      `CREATE SEQUENCE bug_see_also_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE bug_see_also_id_seq OWNED BY bug_see_also.id`,
      `ALTER TABLE ONLY bug_see_also ALTER COLUMN id SET DEFAULT nextval('bug_see_also_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY bug_see_also ADD CONSTRAINT bug_see_also_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX bug_see_also_bug_id_idx ON bug_see_also USING btree (bug_id, value)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY bug_see_also ADD CONSTRAINT fk_bug_see_also_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  bug_status: {
    create: [
      `CREATE TABLE bug_status (
    id integer NOT NULL,
    value character varying(64) NOT NULL,
    sortkey integer DEFAULT 0 NOT NULL,
    isactive smallint DEFAULT 1 NOT NULL,
    visibility_value_id integer,
    is_open smallint DEFAULT 1 NOT NULL
)`,
      `CREATE SEQUENCE bug_status_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE bug_status_id_seq OWNED BY bug_status.id`,
      `ALTER TABLE ONLY bug_status ALTER COLUMN id SET DEFAULT nextval('bug_status_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY bug_status ADD CONSTRAINT bug_status_pkey PRIMARY KEY (id)`,
      `CREATE INDEX bug_status_sortkey_idx ON bug_status USING btree (sortkey, value)`,
      `CREATE UNIQUE INDEX bug_status_value_idx ON bug_status USING btree (value)`,
      `CREATE INDEX bug_status_visibility_value_id_idx ON bug_status USING btree (visibility_value_id)`,
    ],
    foreignKeys: [],
  },
  bug_tag: {
    create: [
      `CREATE TABLE bug_tag (
    bug_id integer NOT NULL,
    tag_id integer NOT NULL
)`,
    ],
    keys: [`CREATE UNIQUE INDEX bug_tag_bug_id_idx ON bug_tag USING btree (bug_id, tag_id)`],
    foreignKeys: [
      `ALTER TABLE ONLY bug_tag ADD CONSTRAINT fk_bug_tag_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY bug_tag ADD CONSTRAINT fk_bug_tag_tag_id_tag_id FOREIGN KEY (tag_id) REFERENCES tag(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  bug_user_last_visit: {
    create: [
      `CREATE TABLE bug_user_last_visit (
    id integer NOT NULL,
    user_id integer NOT NULL,
    bug_id integer NOT NULL,
    last_visit_ts timestamp(0) without time zone NOT NULL
)`,
      `CREATE SEQUENCE bug_user_last_visit_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE bug_user_last_visit_id_seq OWNED BY bug_user_last_visit.id`,
      `ALTER TABLE ONLY bug_user_last_visit ALTER COLUMN id SET DEFAULT nextval('bug_user_last_visit_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY bug_user_last_visit ADD CONSTRAINT bug_user_last_visit_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX bug_user_last_visit_idx ON bug_user_last_visit USING btree (user_id, bug_id)`,
      `CREATE INDEX bug_user_last_visit_last_visit_ts_idx ON bug_user_last_visit USING btree (last_visit_ts)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY bug_user_last_visit ADD CONSTRAINT fk_bug_user_last_visit_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY bug_user_last_visit ADD CONSTRAINT fk_bug_user_last_visit_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  bugs: {
    create: [
      `CREATE TABLE bugs (
    bug_id integer NOT NULL,
    assigned_to integer NOT NULL,
    bug_file_loc text DEFAULT ''::text NOT NULL,
    bug_severity character varying(64) NOT NULL,
    bug_status character varying(64) NOT NULL,
    creation_ts timestamp(0) without time zone,
    delta_ts timestamp(0) without time zone NOT NULL,
    short_desc character varying(255) NOT NULL,
    op_sys character varying(64) NOT NULL,
    priority character varying(64) NOT NULL,
    product_id integer NOT NULL,
    rep_platform character varying(64) NOT NULL,
    reporter integer NOT NULL,
    version character varying(64) NOT NULL,
    component_id integer NOT NULL,
    resolution character varying(64) DEFAULT ''::character varying NOT NULL,
    target_milestone character varying(64) DEFAULT '---'::character varying NOT NULL,
    qa_contact integer,
    status_whiteboard text DEFAULT ''::text NOT NULL,
    lastdiffed timestamp(0) without time zone,
    everconfirmed smallint NOT NULL,
    reporter_accessible smallint DEFAULT 1 NOT NULL,
    cclist_accessible smallint DEFAULT 1 NOT NULL,
    estimated_time numeric(7,2) DEFAULT 0 NOT NULL,
    remaining_time numeric(7,2) DEFAULT 0 NOT NULL,
    deadline timestamp(0) without time zone
)`,
      `CREATE SEQUENCE bugs_bug_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE bugs_bug_id_seq OWNED BY bugs.bug_id`,
      `ALTER TABLE ONLY bugs ALTER COLUMN bug_id SET DEFAULT nextval('bugs_bug_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY bugs ADD CONSTRAINT bugs_pkey PRIMARY KEY (bug_id)`,
      `CREATE INDEX bugs_assigned_to_idx ON bugs USING btree (assigned_to)`,
      `CREATE INDEX bugs_bug_severity_idx ON bugs USING btree (bug_severity)`,
      `CREATE INDEX bugs_bug_status_idx ON bugs USING btree (bug_status)`,
      `CREATE INDEX bugs_component_id_idx ON bugs USING btree (component_id)`,
      `CREATE INDEX bugs_creation_ts_idx ON bugs USING btree (creation_ts)`,
      `CREATE INDEX bugs_delta_ts_idx ON bugs USING btree (delta_ts)`,
      `CREATE INDEX bugs_op_sys_idx ON bugs USING btree (op_sys)`,
      `CREATE INDEX bugs_priority_idx ON bugs USING btree (priority)`,
      `CREATE INDEX bugs_product_id_idx ON bugs USING btree (product_id)`,
      `CREATE INDEX bugs_qa_contact_idx ON bugs USING btree (qa_contact)`,
      `CREATE INDEX bugs_reporter_idx ON bugs USING btree (reporter)`,
      `CREATE INDEX bugs_resolution_idx ON bugs USING btree (resolution)`,
      `CREATE INDEX bugs_target_milestone_idx ON bugs USING btree (target_milestone)`,
      `CREATE INDEX bugs_version_idx ON bugs USING btree (version)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY bugs ADD CONSTRAINT fk_bugs_assigned_to_profiles_userid FOREIGN KEY (assigned_to) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY bugs ADD CONSTRAINT fk_bugs_component_id_components_id FOREIGN KEY (component_id) REFERENCES components(id) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY bugs ADD CONSTRAINT fk_bugs_product_id_products_id FOREIGN KEY (product_id) REFERENCES products(id) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY bugs ADD CONSTRAINT fk_bugs_qa_contact_profiles_userid FOREIGN KEY (qa_contact) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY bugs ADD CONSTRAINT fk_bugs_reporter_profiles_userid FOREIGN KEY (reporter) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
    ],
  },
  bugs_activity: {
    create: [
      `CREATE TABLE bugs_activity (
    id integer NOT NULL,
    bug_id integer NOT NULL,
    attach_id integer,
    who integer NOT NULL,
    bug_when timestamp(0) without time zone NOT NULL,
    fieldid integer NOT NULL,
    added character varying(255),
    removed character varying(255),
    comment_id integer
)`,
      `CREATE SEQUENCE bugs_activity_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE bugs_activity_id_seq OWNED BY bugs_activity.id`,
      `ALTER TABLE ONLY bugs_activity ALTER COLUMN id SET DEFAULT nextval('bugs_activity_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY bugs_activity ADD CONSTRAINT bugs_activity_pkey PRIMARY KEY (id)`,
      `CREATE INDEX bugs_activity_added_idx ON bugs_activity USING btree (added)`,
      `CREATE INDEX bugs_activity_bug_id_idx ON bugs_activity USING btree (bug_id)`,
      `CREATE INDEX bugs_activity_bug_when_idx ON bugs_activity USING btree (bug_when)`,
      `CREATE INDEX bugs_activity_fieldid_idx ON bugs_activity USING btree (fieldid)`,
      `CREATE INDEX bugs_activity_removed_idx ON bugs_activity USING btree (removed)`,
      `CREATE INDEX bugs_activity_who_idx ON bugs_activity USING btree (who)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY bugs_activity ADD CONSTRAINT fk_bugs_activity_attach_id_attachments_attach_id FOREIGN KEY (attach_id) REFERENCES attachments(attach_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY bugs_activity ADD CONSTRAINT fk_bugs_activity_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY bugs_activity ADD CONSTRAINT fk_bugs_activity_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs(comment_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY bugs_activity ADD CONSTRAINT fk_bugs_activity_fieldid_fielddefs_id FOREIGN KEY (fieldid) REFERENCES fielddefs(id) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY bugs_activity ADD CONSTRAINT fk_bugs_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
    ],
  },
  bugs_aliases: {
    create: [
      `CREATE TABLE bugs_aliases (
    alias character varying(40) NOT NULL,
    bug_id integer
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX bugs_aliases_alias_idx ON bugs_aliases USING btree (alias)`,
      `CREATE INDEX bugs_aliases_bug_id_idx ON bugs_aliases USING btree (bug_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY bugs_aliases ADD CONSTRAINT fk_bugs_aliases_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  bugs_fulltext: {
    create: [
      `CREATE TABLE bugs_fulltext (
    bug_id integer NOT NULL,
    short_desc character varying(255) NOT NULL,
    comments text,
    comments_noprivate text
)`,
    ],
    keys: [
      `ALTER TABLE ONLY bugs_fulltext ADD CONSTRAINT bugs_fulltext_pkey PRIMARY KEY (bug_id)`,
      `CREATE INDEX bugs_fulltext_short_desc_idx ON bugs_fulltext USING btree (short_desc)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY bugs_fulltext ADD CONSTRAINT fk_bugs_fulltext_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  category_group_map: {
    create: [
      `CREATE TABLE category_group_map (
    category_id integer NOT NULL,
    group_id integer NOT NULL
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX category_group_map_category_id_idx ON category_group_map USING btree (category_id, group_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY category_group_map ADD CONSTRAINT fk_category_group_map_category_id_series_categories_id FOREIGN KEY (category_id) REFERENCES series_categories(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY category_group_map ADD CONSTRAINT fk_category_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  cc: {
    create: [
      `CREATE TABLE cc (
    bug_id integer NOT NULL,
    who integer NOT NULL
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX cc_bug_id_idx ON cc USING btree (bug_id, who)`,
      `CREATE INDEX cc_who_idx ON cc USING btree (who)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY cc ADD CONSTRAINT fk_cc_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY cc ADD CONSTRAINT fk_cc_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  classifications: {
    create: [
      `CREATE TABLE classifications (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    description text,
    sortkey integer DEFAULT 0 NOT NULL
)`,
      `CREATE SEQUENCE classifications_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE classifications_id_seq OWNED BY classifications.id`,
      `ALTER TABLE ONLY classifications ALTER COLUMN id SET DEFAULT nextval('classifications_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY classifications ADD CONSTRAINT classifications_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX classifications_name_idx ON classifications USING btree (name)`,
    ],
    foreignKeys: [],
  },
  component_cc: {
    create: [
      `CREATE TABLE component_cc (
    user_id integer NOT NULL,
    component_id integer NOT NULL
)`,
    ],
    keys: [`CREATE UNIQUE INDEX component_cc_user_id_idx ON component_cc USING btree (component_id, user_id)`],
    foreignKeys: [
      `ALTER TABLE ONLY component_cc ADD CONSTRAINT fk_component_cc_component_id_components_id FOREIGN KEY (component_id) REFERENCES components(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY component_cc ADD CONSTRAINT fk_component_cc_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  components: {
    create: [
      `CREATE TABLE components (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    product_id integer NOT NULL,
    initialowner integer NOT NULL,
    initialqacontact integer,
    description text NOT NULL,
    isactive smallint DEFAULT 1 NOT NULL
)`,
      `CREATE SEQUENCE components_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE components_id_seq OWNED BY components.id`,
      `ALTER TABLE ONLY components ALTER COLUMN id SET DEFAULT nextval('components_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY components ADD CONSTRAINT components_pkey PRIMARY KEY (id)`,
      `CREATE INDEX components_name_idx ON components USING btree (name)`,
      `CREATE UNIQUE INDEX components_product_id_idx ON components USING btree (product_id, name)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY components ADD CONSTRAINT fk_components_initialowner_profiles_userid FOREIGN KEY (initialowner) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY components ADD CONSTRAINT fk_components_initialqacontact_profiles_userid FOREIGN KEY (initialqacontact) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE SET NULL`,
      `ALTER TABLE ONLY components ADD CONSTRAINT fk_components_product_id_products_id FOREIGN KEY (product_id) REFERENCES products(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  dependencies: {
    create: [
      `CREATE TABLE dependencies (
    blocked integer NOT NULL,
    dependson integer NOT NULL
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX dependencies_blocked_idx ON dependencies USING btree (blocked, dependson)`,
      `CREATE INDEX dependencies_dependson_idx ON dependencies USING btree (dependson)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY dependencies ADD CONSTRAINT fk_dependencies_blocked_bugs_bug_id FOREIGN KEY (blocked) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY dependencies ADD CONSTRAINT fk_dependencies_dependson_bugs_bug_id FOREIGN KEY (dependson) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  duplicates: {
    create: [
      `CREATE TABLE duplicates (
    dupe_of integer NOT NULL,
    dupe integer NOT NULL
)`,
    ],
    keys: [`ALTER TABLE ONLY duplicates ADD CONSTRAINT duplicates_pkey PRIMARY KEY (dupe)`],
    foreignKeys: [
      `ALTER TABLE ONLY duplicates ADD CONSTRAINT fk_duplicates_dupe_bugs_bug_id FOREIGN KEY (dupe) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY duplicates ADD CONSTRAINT fk_duplicates_dupe_of_bugs_bug_id FOREIGN KEY (dupe_of) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  email_bug_ignore: {
    create: [
      `CREATE TABLE email_bug_ignore (
    user_id integer NOT NULL,
    bug_id integer NOT NULL
)`,
    ],
    keys: [`CREATE UNIQUE INDEX email_bug_ignore_user_id_idx ON email_bug_ignore USING btree (user_id, bug_id)`],
    foreignKeys: [
      `ALTER TABLE ONLY email_bug_ignore ADD CONSTRAINT fk_email_bug_ignore_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY email_bug_ignore ADD CONSTRAINT fk_email_bug_ignore_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  email_setting: {
    create: [
      `CREATE TABLE email_setting (
    user_id integer NOT NULL,
    relationship integer NOT NULL,
    event integer NOT NULL
)`,
    ],
    keys: [`CREATE UNIQUE INDEX email_setting_user_id_idx ON email_setting USING btree (user_id, relationship, event)`],
    foreignKeys: [
      `ALTER TABLE ONLY email_setting ADD CONSTRAINT fk_email_setting_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  fielddefs: {
    create: [
      `CREATE TABLE fielddefs (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    type integer DEFAULT 0 NOT NULL,
    custom smallint DEFAULT 0 NOT NULL,
    description character varying(255) NOT NULL,
    long_desc character varying(255) DEFAULT ''::character varying NOT NULL,
    mailhead smallint DEFAULT 0 NOT NULL,
    sortkey integer NOT NULL,
    obsolete smallint DEFAULT 0 NOT NULL,
    enter_bug smallint DEFAULT 0 NOT NULL,
    buglist smallint DEFAULT 0 NOT NULL,
    visibility_field_id integer,
    value_field_id integer,
    reverse_desc character varying(255),
    is_mandatory smallint DEFAULT 0 NOT NULL,
    is_numeric smallint DEFAULT 0 NOT NULL
)`,
      `CREATE SEQUENCE fielddefs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE fielddefs_id_seq OWNED BY fielddefs.id`,
      `ALTER TABLE ONLY fielddefs ALTER COLUMN id SET DEFAULT nextval('fielddefs_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY fielddefs ADD CONSTRAINT fielddefs_pkey PRIMARY KEY (id)`,
      `CREATE INDEX fielddefs_is_mandatory_idx ON fielddefs USING btree (is_mandatory)`,
      `CREATE UNIQUE INDEX fielddefs_name_idx ON fielddefs USING btree (name)`,
      `CREATE UNIQUE INDEX fielddefs_name_lower_idx ON fielddefs USING btree (lower((name)::text))`,
      `CREATE INDEX fielddefs_sortkey_idx ON fielddefs USING btree (sortkey)`,
      `CREATE INDEX fielddefs_value_field_id_idx ON fielddefs USING btree (value_field_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY fielddefs ADD CONSTRAINT fk_fielddefs_value_field_id_fielddefs_id FOREIGN KEY (value_field_id) REFERENCES fielddefs(id) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY fielddefs ADD CONSTRAINT fk_fielddefs_visibility_field_id_fielddefs_id FOREIGN KEY (visibility_field_id) REFERENCES fielddefs(id) ON UPDATE CASCADE ON DELETE RESTRICT`,
    ],
  },
  flagexclusions: {
    create: [
      `CREATE TABLE flagexclusions (
    type_id integer NOT NULL,
    product_id integer,
    component_id integer
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX flagexclusions_type_id_idx ON flagexclusions USING btree (type_id, product_id, component_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY flagexclusions ADD CONSTRAINT fk_flagexclusions_component_id_components_id FOREIGN KEY (component_id) REFERENCES components(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY flagexclusions ADD CONSTRAINT fk_flagexclusions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY flagexclusions ADD CONSTRAINT fk_flagexclusions_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  flaginclusions: {
    create: [
      `CREATE TABLE flaginclusions (
    type_id integer NOT NULL,
    product_id integer,
    component_id integer
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX flaginclusions_type_id_idx ON flaginclusions USING btree (type_id, product_id, component_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY flaginclusions ADD CONSTRAINT fk_flaginclusions_component_id_components_id FOREIGN KEY (component_id) REFERENCES components(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY flaginclusions ADD CONSTRAINT fk_flaginclusions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY flaginclusions ADD CONSTRAINT fk_flaginclusions_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  flags: {
    create: [
      `CREATE TABLE flags (
    id integer NOT NULL,
    type_id integer NOT NULL,
    status character(1) NOT NULL,
    bug_id integer NOT NULL,
    attach_id integer,
    creation_date timestamp(0) without time zone NOT NULL,
    modification_date timestamp(0) without time zone,
    setter_id integer NOT NULL,
    requestee_id integer
)`,
      `CREATE SEQUENCE flags_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE flags_id_seq OWNED BY flags.id`,
      `ALTER TABLE ONLY flags ALTER COLUMN id SET DEFAULT nextval('flags_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY flags ADD CONSTRAINT flags_pkey PRIMARY KEY (id)`,
      `CREATE INDEX flags_bug_id_idx ON flags USING btree (bug_id, attach_id)`,
      `CREATE INDEX flags_requestee_id_idx ON flags USING btree (requestee_id)`,
      `CREATE INDEX flags_setter_id_idx ON flags USING btree (setter_id)`,
      `CREATE INDEX flags_type_id_idx ON flags USING btree (type_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY flags ADD CONSTRAINT fk_flags_attach_id_attachments_attach_id FOREIGN KEY (attach_id) REFERENCES attachments(attach_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY flags ADD CONSTRAINT fk_flags_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY flags ADD CONSTRAINT fk_flags_requestee_id_profiles_userid FOREIGN KEY (requestee_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY flags ADD CONSTRAINT fk_flags_setter_id_profiles_userid FOREIGN KEY (setter_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY flags ADD CONSTRAINT fk_flags_type_id_flagtypes_id FOREIGN KEY (type_id) REFERENCES flagtypes(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  flagtypes: {
    create: [
      `CREATE TABLE flagtypes (
    id integer NOT NULL,
    name character varying(50) NOT NULL,
    description text NOT NULL,
    cc_list character varying(200),
    target_type character(1) DEFAULT 'b'::bpchar NOT NULL,
    is_active smallint DEFAULT 1 NOT NULL,
    is_requestable smallint DEFAULT 0 NOT NULL,
    is_requesteeble smallint DEFAULT 0 NOT NULL,
    is_multiplicable smallint DEFAULT 0 NOT NULL,
    sortkey integer DEFAULT 0 NOT NULL,
    grant_group_id integer,
    request_group_id integer
)`,
      `CREATE SEQUENCE flagtypes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE flagtypes_id_seq OWNED BY flagtypes.id`,
      `ALTER TABLE ONLY flagtypes ALTER COLUMN id SET DEFAULT nextval('flagtypes_id_seq'::regclass)`,
    ],
    keys: [`ALTER TABLE ONLY flagtypes ADD CONSTRAINT flagtypes_pkey PRIMARY KEY (id)`],
    foreignKeys: [
      `ALTER TABLE ONLY flagtypes ADD CONSTRAINT fk_flagtypes_grant_group_id_groups_id FOREIGN KEY (grant_group_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE SET NULL`,
      `ALTER TABLE ONLY flagtypes ADD CONSTRAINT fk_flagtypes_request_group_id_groups_id FOREIGN KEY (request_group_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE SET NULL`,
    ],
  },
  group_control_map: {
    create: [
      `CREATE TABLE group_control_map (
    group_id integer NOT NULL,
    product_id integer NOT NULL,
    entry smallint DEFAULT 0 NOT NULL,
    membercontrol integer DEFAULT 0 NOT NULL,
    othercontrol integer DEFAULT 0 NOT NULL,
    canedit smallint DEFAULT 0 NOT NULL,
    editcomponents smallint DEFAULT 0 NOT NULL,
    editbugs smallint DEFAULT 0 NOT NULL,
    canconfirm smallint DEFAULT 0 NOT NULL
)`,
    ],
    keys: [
      `CREATE INDEX group_control_map_group_id_idx ON group_control_map USING btree (group_id)`,
      `CREATE UNIQUE INDEX group_control_map_product_id_idx ON group_control_map USING btree (product_id, group_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY group_control_map ADD CONSTRAINT fk_group_control_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY group_control_map ADD CONSTRAINT fk_group_control_map_product_id_products_id FOREIGN KEY (product_id) REFERENCES products(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  group_group_map: {
    create: [
      `CREATE TABLE group_group_map (
    member_id integer NOT NULL,
    grantor_id integer NOT NULL,
    grant_type integer DEFAULT 0 NOT NULL
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX group_group_map_member_id_idx ON group_group_map USING btree (member_id, grantor_id, grant_type)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY group_group_map ADD CONSTRAINT fk_group_group_map_grantor_id_groups_id FOREIGN KEY (grantor_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY group_group_map ADD CONSTRAINT fk_group_group_map_member_id_groups_id FOREIGN KEY (member_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  groups: {
    create: [
      `CREATE TABLE groups (
    id integer NOT NULL,
    name character varying(255) NOT NULL,
    description text NOT NULL,
    isbuggroup smallint NOT NULL,
    userregexp character varying(255) DEFAULT ''::character varying NOT NULL,
    isactive smallint DEFAULT 1 NOT NULL,
    icon_url character varying(255)
)`,
      `CREATE SEQUENCE groups_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE groups_id_seq OWNED BY groups.id`,
      `ALTER TABLE ONLY groups ALTER COLUMN id SET DEFAULT nextval('groups_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY groups ADD CONSTRAINT groups_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX groups_name_idx ON groups USING btree (name)`,
    ],
    foreignKeys: [],
  },
  keyworddefs: {
    create: [
      `CREATE TABLE keyworddefs (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    description text NOT NULL
)`,
      `CREATE SEQUENCE keyworddefs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE keyworddefs_id_seq OWNED BY keyworddefs.id`,
      `ALTER TABLE ONLY keyworddefs ALTER COLUMN id SET DEFAULT nextval('keyworddefs_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY keyworddefs ADD CONSTRAINT keyworddefs_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX keyworddefs_name_idx ON keyworddefs USING btree (name)`,
      `CREATE UNIQUE INDEX keyworddefs_name_lower_idx ON keyworddefs USING btree (lower((name)::text))`,
    ],
    foreignKeys: [],
  },
  keywords: {
    create: [
      `CREATE TABLE keywords (
    bug_id integer NOT NULL,
    keywordid integer NOT NULL
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX keywords_bug_id_idx ON keywords USING btree (bug_id, keywordid)`,
      `CREATE INDEX keywords_keywordid_idx ON keywords USING btree (keywordid)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY keywords ADD CONSTRAINT fk_keywords_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY keywords ADD CONSTRAINT fk_keywords_keywordid_keyworddefs_id FOREIGN KEY (keywordid) REFERENCES keyworddefs(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  login_failure: {
    create: [
      `CREATE TABLE login_failure (
    user_id integer NOT NULL,
    login_time timestamp(0) without time zone NOT NULL,
    ip_addr character varying(40) NOT NULL
)`,
    ],
    keys: [`CREATE INDEX login_failure_user_id_idx ON login_failure USING btree (user_id)`],
    foreignKeys: [
      `ALTER TABLE ONLY login_failure ADD CONSTRAINT fk_login_failure_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  logincookies: {
    create: [
      `CREATE TABLE logincookies (
    cookie character varying(16) NOT NULL,
    userid integer NOT NULL,
    ipaddr character varying(40),
    lastused timestamp(0) without time zone NOT NULL
)`,
    ],
    keys: [
      `ALTER TABLE ONLY logincookies ADD CONSTRAINT logincookies_pkey PRIMARY KEY (cookie)`,
      `CREATE INDEX logincookies_lastused_idx ON logincookies USING btree (lastused)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY logincookies ADD CONSTRAINT fk_logincookies_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  longdescs: {
    create: [
      `CREATE TABLE longdescs (
    comment_id integer NOT NULL,
    bug_id integer NOT NULL,
    who integer NOT NULL,
    bug_when timestamp(0) without time zone NOT NULL,
    work_time numeric(7,2) DEFAULT 0 NOT NULL,
    thetext text NOT NULL,
    isprivate smallint DEFAULT 0 NOT NULL,
    already_wrapped smallint DEFAULT 0 NOT NULL,
    type integer DEFAULT 0 NOT NULL,
    extra_data character varying(255)
)`,
      `CREATE SEQUENCE longdescs_comment_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE longdescs_comment_id_seq OWNED BY longdescs.comment_id`,
      `ALTER TABLE ONLY longdescs ALTER COLUMN comment_id SET DEFAULT nextval('longdescs_comment_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY longdescs ADD CONSTRAINT longdescs_pkey PRIMARY KEY (comment_id)`,
      `CREATE INDEX longdescs_bug_id_idx ON longdescs USING btree (bug_id, work_time)`,
      `CREATE INDEX longdescs_bug_when_idx ON longdescs USING btree (bug_when)`,
      `CREATE INDEX longdescs_who_idx ON longdescs USING btree (who, bug_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY longdescs ADD CONSTRAINT fk_longdescs_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY longdescs ADD CONSTRAINT fk_longdescs_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
    ],
  },
  longdescs_tags: {
    create: [
      `CREATE TABLE longdescs_tags (
    id integer NOT NULL,
    comment_id integer,
    tag character varying(24) NOT NULL
)`,
      `CREATE SEQUENCE longdescs_tags_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE longdescs_tags_id_seq OWNED BY longdescs_tags.id`,
      `ALTER TABLE ONLY longdescs_tags ALTER COLUMN id SET DEFAULT nextval('longdescs_tags_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY longdescs_tags ADD CONSTRAINT longdescs_tags_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX longdescs_tags_idx ON longdescs_tags USING btree (comment_id, tag)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY longdescs_tags ADD CONSTRAINT fk_longdescs_tags_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs(comment_id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  longdescs_tags_activity: {
    create: [
      `CREATE TABLE longdescs_tags_activity (
    id integer NOT NULL,
    bug_id integer NOT NULL,
    comment_id integer,
    who integer NOT NULL,
    bug_when timestamp(0) without time zone NOT NULL,
    added character varying(24),
    removed character varying(24)
)`,
      `CREATE SEQUENCE longdescs_tags_activity_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE longdescs_tags_activity_id_seq OWNED BY longdescs_tags_activity.id`,
      `ALTER TABLE ONLY longdescs_tags_activity ALTER COLUMN id SET DEFAULT nextval('longdescs_tags_activity_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY longdescs_tags_activity ADD CONSTRAINT longdescs_tags_activity_pkey PRIMARY KEY (id)`,
      `CREATE INDEX longdescs_tags_activity_bug_id_idx ON longdescs_tags_activity USING btree (bug_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY longdescs_tags_activity ADD CONSTRAINT fk_longdescs_tags_activity_bug_id_bugs_bug_id FOREIGN KEY (bug_id) REFERENCES bugs(bug_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY longdescs_tags_activity ADD CONSTRAINT fk_longdescs_tags_activity_comment_id_longdescs_comment_id FOREIGN KEY (comment_id) REFERENCES longdescs(comment_id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY longdescs_tags_activity ADD CONSTRAINT fk_longdescs_tags_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
    ],
  },
  milestones: {
    create: [
      `CREATE TABLE milestones (
    id integer NOT NULL,
    product_id integer NOT NULL,
    value character varying(64) NOT NULL,
    sortkey integer DEFAULT 0 NOT NULL,
    isactive smallint DEFAULT 1 NOT NULL
)`,
      `CREATE SEQUENCE milestones_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE milestones_id_seq OWNED BY milestones.id`,
      `ALTER TABLE ONLY milestones ALTER COLUMN id SET DEFAULT nextval('milestones_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY milestones ADD CONSTRAINT milestones_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX milestones_product_id_idx ON milestones USING btree (product_id, value)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY milestones ADD CONSTRAINT fk_milestones_product_id_products_id FOREIGN KEY (product_id) REFERENCES products(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  products: {
    create: [
      `CREATE TABLE products (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    classification_id integer DEFAULT 1 NOT NULL,
    description text NOT NULL,
    isactive smallint DEFAULT 1 NOT NULL,
    defaultmilestone character varying(64) DEFAULT '---'::character varying NOT NULL,
    allows_unconfirmed smallint DEFAULT 1 NOT NULL
)`,
      `CREATE SEQUENCE products_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE products_id_seq OWNED BY products.id`,
      `ALTER TABLE ONLY products ALTER COLUMN id SET DEFAULT nextval('products_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY products ADD CONSTRAINT products_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX products_name_idx ON products USING btree (name)`,
      `CREATE UNIQUE INDEX products_name_lower_idx ON products USING btree (lower((name)::text))`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY products ADD CONSTRAINT fk_products_classification_id_classifications_id FOREIGN KEY (classification_id) REFERENCES classifications(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  profiles: {
    create: [
      `CREATE TABLE profiles (
    userid integer NOT NULL,
    login_name character varying(255) NOT NULL,
    cryptpassword character varying(128),
    realname character varying(255) DEFAULT ''::character varying NOT NULL,
    disabledtext text DEFAULT ''::text NOT NULL,
    disable_mail smallint DEFAULT 0 NOT NULL,
    mybugslink smallint DEFAULT 1 NOT NULL,
    extern_id character varying(64),
    is_enabled smallint DEFAULT 1 NOT NULL,
    last_seen_date timestamp(0) without time zone
)`,
      `CREATE SEQUENCE profiles_userid_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE profiles_userid_seq OWNED BY profiles.userid`,
      `ALTER TABLE ONLY profiles ALTER COLUMN userid SET DEFAULT nextval('profiles_userid_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY profiles ADD CONSTRAINT profiles_pkey PRIMARY KEY (userid)`,
      `CREATE UNIQUE INDEX profiles_extern_id_idx ON profiles USING btree (extern_id)`,
      `CREATE UNIQUE INDEX profiles_login_name_idx ON profiles USING btree (login_name)`,
      `CREATE UNIQUE INDEX profiles_login_name_lower_idx ON profiles USING btree (lower((login_name)::text))`,
    ],
    foreignKeys: [],
  },
  profiles_activity: {
    create: [
      `CREATE TABLE profiles_activity (
    id integer NOT NULL,
    userid integer NOT NULL,
    who integer NOT NULL,
    profiles_when timestamp(0) without time zone NOT NULL,
    fieldid integer NOT NULL,
    oldvalue character varying(255),
    newvalue character varying(255)
)`,
      `CREATE SEQUENCE profiles_activity_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE profiles_activity_id_seq OWNED BY profiles_activity.id`,
      `ALTER TABLE ONLY profiles_activity ALTER COLUMN id SET DEFAULT nextval('profiles_activity_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY profiles_activity ADD CONSTRAINT profiles_activity_pkey PRIMARY KEY (id)`,
      `CREATE INDEX profiles_activity_fieldid_idx ON profiles_activity USING btree (fieldid)`,
      `CREATE INDEX profiles_activity_profiles_when_idx ON profiles_activity USING btree (profiles_when)`,
      `CREATE INDEX profiles_activity_userid_idx ON profiles_activity USING btree (userid)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY profiles_activity ADD CONSTRAINT fk_profiles_activity_fieldid_fielddefs_id FOREIGN KEY (fieldid) REFERENCES fielddefs(id) ON UPDATE CASCADE ON DELETE RESTRICT`,
      `ALTER TABLE ONLY profiles_activity ADD CONSTRAINT fk_profiles_activity_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY profiles_activity ADD CONSTRAINT fk_profiles_activity_who_profiles_userid FOREIGN KEY (who) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE RESTRICT`,
    ],
  },
  resolution: {
    create: [
      `CREATE TABLE resolution (
    id integer NOT NULL,
    value character varying(64) NOT NULL,
    sortkey integer DEFAULT 0 NOT NULL,
    isactive smallint DEFAULT 1 NOT NULL,
    visibility_value_id integer
)`,
      `CREATE SEQUENCE resolution_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE resolution_id_seq OWNED BY resolution.id`,
      `ALTER TABLE ONLY resolution ALTER COLUMN id SET DEFAULT nextval('resolution_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY resolution ADD CONSTRAINT resolution_pkey PRIMARY KEY (id)`,
      `CREATE INDEX resolution_sortkey_idx ON resolution USING btree (sortkey, value)`,
      `CREATE UNIQUE INDEX resolution_value_idx ON resolution USING btree (value)`,
      `CREATE INDEX resolution_visibility_value_id_idx ON resolution USING btree (visibility_value_id)`,
    ],
    foreignKeys: [],
  },
  series: {
    create: [
      `CREATE TABLE series (
    series_id integer NOT NULL,
    creator integer,
    category integer NOT NULL,
    subcategory integer NOT NULL,
    name character varying(64) NOT NULL,
    frequency integer NOT NULL,
    query text NOT NULL,
    is_public smallint DEFAULT 0 NOT NULL
)`,
      `CREATE SEQUENCE series_series_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE series_series_id_seq OWNED BY series.series_id`,
      `ALTER TABLE ONLY series ALTER COLUMN series_id SET DEFAULT nextval('series_series_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY series ADD CONSTRAINT series_pkey PRIMARY KEY (series_id)`,
      `CREATE UNIQUE INDEX series_category_idx ON series USING btree (category, subcategory, name)`,
      `CREATE INDEX series_creator_idx ON series USING btree (creator)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY series ADD CONSTRAINT fk_series_category_series_categories_id FOREIGN KEY (category) REFERENCES series_categories(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY series ADD CONSTRAINT fk_series_creator_profiles_userid FOREIGN KEY (creator) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY series ADD CONSTRAINT fk_series_subcategory_series_categories_id FOREIGN KEY (subcategory) REFERENCES series_categories(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  series_categories: {
    create: [
      `CREATE TABLE series_categories (
    id integer NOT NULL,
    name character varying(64) NOT NULL
)`,
      `CREATE SEQUENCE series_categories_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE series_categories_id_seq OWNED BY series_categories.id`,
      `ALTER TABLE ONLY series_categories ALTER COLUMN id SET DEFAULT nextval('series_categories_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY series_categories ADD CONSTRAINT series_categories_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX series_categories_name_idx ON series_categories USING btree (name)`,
    ],
    foreignKeys: [],
  },
  tag: {
    create: [
      `CREATE TABLE tag (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    user_id integer NOT NULL
)`,
      `CREATE SEQUENCE tag_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE tag_id_seq OWNED BY tag.id`,
      `ALTER TABLE ONLY tag ALTER COLUMN id SET DEFAULT nextval('tag_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY tag ADD CONSTRAINT tag_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX tag_user_id_idx ON tag USING btree (user_id, name)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY tag ADD CONSTRAINT fk_tag_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  tokens: {
    create: [
      `CREATE TABLE tokens (
    userid integer,
    issuedate timestamp(0) without time zone NOT NULL,
    token character varying(16) NOT NULL,
    tokentype character varying(16) NOT NULL,
    eventdata character varying(255)
)`,
    ],
    keys: [
      `ALTER TABLE ONLY tokens ADD CONSTRAINT tokens_pkey PRIMARY KEY (token)`,
      `CREATE INDEX tokens_userid_idx ON tokens USING btree (userid)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY tokens ADD CONSTRAINT fk_tokens_userid_profiles_userid FOREIGN KEY (userid) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  user_api_keys: {
    create: [
      `CREATE TABLE user_api_keys (
    id integer NOT NULL,
    user_id integer NOT NULL,
    api_key character varying(40) NOT NULL,
    description character varying(255),
    revoked smallint DEFAULT 0 NOT NULL,
    last_used timestamp(0) without time zone
)`,
      `CREATE SEQUENCE user_api_keys_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE user_api_keys_id_seq OWNED BY user_api_keys.id`,
      `ALTER TABLE ONLY user_api_keys ALTER COLUMN id SET DEFAULT nextval('user_api_keys_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY user_api_keys ADD CONSTRAINT user_api_keys_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX user_api_keys_api_key_idx ON user_api_keys USING btree (api_key)`,
      `CREATE INDEX user_api_keys_user_id_idx ON user_api_keys USING btree (user_id)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY user_api_keys ADD CONSTRAINT fk_user_api_keys_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  user_group_map: {
    create: [
      `CREATE TABLE user_group_map (
    user_id integer NOT NULL,
    group_id integer NOT NULL,
    isbless smallint DEFAULT 0 NOT NULL,
    grant_type integer DEFAULT 0 NOT NULL
)`,
    ],
    keys: [
      `CREATE UNIQUE INDEX user_group_map_user_id_idx ON user_group_map USING btree (user_id, group_id, grant_type, isbless)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY user_group_map ADD CONSTRAINT fk_user_group_map_group_id_groups_id FOREIGN KEY (group_id) REFERENCES groups(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE ONLY user_group_map ADD CONSTRAINT fk_user_group_map_user_id_profiles_userid FOREIGN KEY (user_id) REFERENCES profiles(userid) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  versions: {
    create: [
      `CREATE TABLE versions (
    id integer NOT NULL,
    value character varying(64) NOT NULL,
    product_id integer NOT NULL,
    isactive smallint DEFAULT 1 NOT NULL
)`,
      `CREATE SEQUENCE versions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1`,
      `ALTER SEQUENCE versions_id_seq OWNED BY versions.id`,
      `ALTER TABLE ONLY versions ALTER COLUMN id SET DEFAULT nextval('versions_id_seq'::regclass)`,
    ],
    keys: [
      `ALTER TABLE ONLY versions ADD CONSTRAINT versions_pkey PRIMARY KEY (id)`,
      `CREATE UNIQUE INDEX versions_product_id_idx ON versions USING btree (product_id, value)`,
    ],
    foreignKeys: [
      `ALTER TABLE ONLY versions ADD CONSTRAINT fk_versions_product_id_products_id FOREIGN KEY (product_id) REFERENCES products(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
};

/**
 * Runs a migration's DDL for the database it runs on: MySQL/MariaDB's and SQLite's written out by the
 * migration, PostgreSQL's made from Bugzilla's Pg schema for the migration's `tables`.
 */
export async function runSchemaStatements(
  queryRunner: QueryRunner,
  ddl: { mysql: () => string[]; sqlite: () => string[]; tables: readonly string[] },
): Promise<void> {
  const dialect = dialectOf(queryRunner.connection).name;
  const statements =
    dialect === 'mysql' ? ddl.mysql() : dialect === 'postgres' ? postgresSchemaStatements(ddl.tables) : ddl.sqlite();
  for (const sql of statements) await queryRunner.query(sql);
}

/**
 * The statements that make `tables` on PostgreSQL: every table first, then their keys and
 * indexes, then their foreign keys (which may point at any table of the list or an earlier one).
 */
export function postgresSchemaStatements(tables: readonly string[]): string[] {
  const defs = tables.map((table) => {
    const def = TABLES[table];
    if (!def) throw new Error(`No PostgreSQL definition for table '${table}'`);
    return def;
  });
  return [...defs.flatMap((d) => d.create), ...defs.flatMap((d) => d.keys), ...defs.flatMap((d) => d.foreignKeys)];
}
