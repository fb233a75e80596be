/**
 * The fields a Bugzilla 5.2 install defines, in the order checksetup.pl creates them
 * (`Bugzilla::Field` DEFAULT_FIELDS, then `days_elapsed`). Migration data only: at run time
 * a field's id is read from `fielddefs` by name, as Bugzilla's `get_field_id` does, because a
 * database Bugzilla created may number them otherwise.
 */
export interface BugzillaField {
  name: string;
  description: string;
  /** Bugzilla's FIELD_TYPE_*: 2 single select, 5 datetime, 7 bug URLs, 8 keywords; default 0. */
  type?: number;
  /** `in_new_bugmail`, stored as `mailhead`. */
  mailhead?: boolean;
  buglist?: boolean;
  isMandatory?: boolean;
  isNumeric?: boolean;
}

const SELECT = 2;
const DATETIME = 5;
const BUG_URLS = 7;
const KEYWORDS = 8;

export const BUGZILLA_FIELDS: readonly BugzillaField[] = [
  { name: 'bug_id', description: 'Bug #', mailhead: true, buglist: true, isNumeric: true },
  { name: 'short_desc', description: 'Summary', mailhead: true, isMandatory: true, buglist: true },
  { name: 'classification', description: 'Classification', mailhead: true, type: SELECT, buglist: true },
  { name: 'product', description: 'Product', mailhead: true, isMandatory: true, type: SELECT, buglist: true },
  { name: 'version', description: 'Version', mailhead: true, isMandatory: true, buglist: true },
  { name: 'rep_platform', description: 'Platform', mailhead: true, type: SELECT, buglist: true },
  { name: 'bug_file_loc', description: 'URL', mailhead: true, buglist: true },
  { name: 'op_sys', description: 'OS/Version', mailhead: true, type: SELECT, buglist: true },
  { name: 'bug_status', description: 'Status', mailhead: true, type: SELECT, buglist: true },
  { name: 'status_whiteboard', description: 'Status Whiteboard', mailhead: true, buglist: true },
  { name: 'keywords', description: 'Keywords', mailhead: true, type: KEYWORDS, buglist: true },
  { name: 'resolution', description: 'Resolution', type: SELECT, buglist: true },
  { name: 'bug_severity', description: 'Severity', mailhead: true, type: SELECT, buglist: true },
  { name: 'priority', description: 'Priority', mailhead: true, type: SELECT, buglist: true },
  { name: 'component', description: 'Component', mailhead: true, isMandatory: true, type: SELECT, buglist: true },
  { name: 'assigned_to', description: 'AssignedTo', mailhead: true, buglist: true },
  { name: 'reporter', description: 'ReportedBy', mailhead: true, buglist: true },
  { name: 'qa_contact', description: 'QAContact', mailhead: true, buglist: true },
  { name: 'assigned_to_realname', description: 'AssignedToName', buglist: true },
  { name: 'reporter_realname', description: 'ReportedByName', buglist: true },
  { name: 'qa_contact_realname', description: 'QAContactName', buglist: true },
  { name: 'cc', description: 'CC', mailhead: true },
  { name: 'dependson', description: 'Depends on', mailhead: true, isNumeric: true, buglist: true },
  { name: 'blocked', description: 'Blocks', mailhead: true, isNumeric: true, buglist: true },
  { name: 'attachments.description', description: 'Attachment description' },
  { name: 'attachments.filename', description: 'Attachment filename' },
  { name: 'attachments.mimetype', description: 'Attachment mime type' },
  { name: 'attachments.ispatch', description: 'Attachment is patch', isNumeric: true },
  { name: 'attachments.isobsolete', description: 'Attachment is obsolete', isNumeric: true },
  { name: 'attachments.isprivate', description: 'Attachment is private', isNumeric: true },
  { name: 'attachments.submitter', description: 'Attachment creator' },
  { name: 'target_milestone', description: 'Target Milestone', mailhead: true, buglist: true },
  { name: 'creation_ts', description: 'Creation date', buglist: true },
  { name: 'delta_ts', description: 'Last changed date', buglist: true },
  { name: 'longdesc', description: 'Comment' },
  { name: 'longdescs.isprivate', description: 'Comment is private', isNumeric: true },
  { name: 'longdescs.count', description: 'Number of Comments', buglist: true, isNumeric: true },
  { name: 'alias', description: 'Alias', buglist: true },
  { name: 'everconfirmed', description: 'Ever Confirmed', isNumeric: true },
  { name: 'reporter_accessible', description: 'Reporter Accessible', isNumeric: true },
  { name: 'cclist_accessible', description: 'CC Accessible', isNumeric: true },
  { name: 'bug_group', description: 'Group', mailhead: true },
  { name: 'estimated_time', description: 'Estimated Hours', mailhead: true, buglist: true, isNumeric: true },
  { name: 'remaining_time', description: 'Remaining Hours', buglist: true, isNumeric: true },
  { name: 'deadline', description: 'Deadline', type: DATETIME, mailhead: true, buglist: true },
  { name: 'commenter', description: 'Commenter' },
  { name: 'flagtypes.name', description: 'Flags', buglist: true },
  { name: 'requestees.login_name', description: 'Flag Requestee' },
  { name: 'setters.login_name', description: 'Flag Setter' },
  { name: 'work_time', description: 'Hours Worked', buglist: true, isNumeric: true },
  { name: 'percentage_complete', description: 'Percentage Complete', buglist: true, isNumeric: true },
  { name: 'content', description: 'Content' },
  { name: 'attach_data.thedata', description: 'Attachment data' },
  { name: 'owner_idle_time', description: 'Time Since Assignee Touched' },
  { name: 'see_also', description: 'See Also', type: BUG_URLS },
  { name: 'tag', description: 'Personal Tags', buglist: true, type: KEYWORDS },
  { name: 'last_visit_ts', description: 'Last Visit', buglist: true, type: DATETIME },
  { name: 'comment_tag', description: 'Comment Tag' },
  { name: 'days_elapsed', description: 'Days since bug changed' },
];
