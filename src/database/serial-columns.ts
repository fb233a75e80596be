/**
 * The auto-numbered column of each of Bugzilla's tables that has one (MySQL AUTO_INCREMENT, a
 * PostgreSQL sequence named `<table>_<column>_seq`, SQLite's INTEGER PRIMARY KEY): Bugzilla's
 * schema (Bugzilla/DB/Schema.pm, `SERIAL`/`MEDIUMSERIAL`/`INTSERIAL` columns).
 */
export const SERIAL_COLUMNS: Readonly<Record<string, string>> = {
  attachments: 'attach_id',
  bug_see_also: 'id',
  bug_status: 'id',
  bug_user_last_visit: 'id',
  bugs: 'bug_id',
  bugs_activity: 'id',
  classifications: 'id',
  components: 'id',
  fielddefs: 'id',
  flags: 'id',
  flagtypes: 'id',
  groups: 'id',
  keyworddefs: 'id',
  longdescs: 'comment_id',
  longdescs_tags: 'id',
  longdescs_tags_activity: 'id',
  milestones: 'id',
  products: 'id',
  profiles: 'userid',
  profiles_activity: 'id',
  resolution: 'id',
  series: 'series_id',
  series_categories: 'id',
  tag: 'id',
  user_api_keys: 'id',
  versions: 'id',
};
