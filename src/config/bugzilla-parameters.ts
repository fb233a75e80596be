/**
 * Every parameter of a Bugzilla 5.2 installation (its `Bugzilla/Config/*.pm` panels) with the value
 * `checksetup.pl` writes into a new `data/params.json`, as text (Bugzilla.parameters answers every
 * value as a string). Where Bugzilla computes a default from the database (the last priority, the
 * last severity, the first closed status), this is the value it computes on a new installation,
 * from Bugzilla's initial field values.
 */
export const BUGZILLA_PARAMETER_DEFAULTS: Readonly<Record<string, string>> = {
  // Admin
  allowbugdeletion: '0',
  allowemailchange: '1',
  allowuserdeletion: '0',
  last_visit_keep_days: '10',
  // Advanced
  cookiedomain: '',
  inbound_proxies: '',
  proxy_url: '',
  strict_transport_security: 'off',
  // Attachment
  allow_attachment_display: '0',
  attachment_base: '',
  allow_attachment_deletion: '0',
  maxattachmentsize: '1000',
  maxlocalattachment: '0',
  // Auth
  auth_env_id: '',
  auth_env_email: '',
  auth_env_realname: '',
  user_info_class: 'CGI',
  user_verify_class: 'DB',
  rememberlogin: 'on',
  requirelogin: '0',
  webservice_email_filter: '0',
  emailregexp: "^[\\w\\.\\+\\-=']+@[\\w\\.\\-]+\\.[\\w\\-]+$",
  emailregexpdesc: "A legal address must contain exactly one '@', and at least one '.' after the @.",
  emailsuffix: '',
  createemailregexp: '.*',
  password_complexity: 'no_constraints',
  password_check_on_login: '1',
  // BugChange
  duplicate_or_move_bug_status: 'RESOLVED',
  letsubmitterchoosepriority: '1',
  letsubmitterchoosemilestone: '1',
  musthavemilestoneonaccept: '0',
  commentonchange_resolution: '0',
  commentonduplicate: '0',
  noresolveonopenblockers: '0',
  // BugFields
  useclassification: '0',
  usetargetmilestone: '0',
  useqacontact: '0',
  usestatuswhiteboard: '0',
  use_see_also: '1',
  defaultpriority: '---',
  defaultseverity: 'enhancement',
  defaultplatform: '',
  defaultopsys: '',
  collapsed_comment_tags: 'obsolete, spam',
  // Core
  urlbase: '',
  ssl_redirect: '0',
  sslbase: '',
  cookiepath: '/',
  // DependencyGraph
  webdotbase: '',
  font_file: '',
  // General
  maintainer: '',
  utf8: 'utf8mb4',
  utf8_collate: 'utf8mb4_unicode_520_ci',
  shutdownhtml: '',
  announcehtml: '',
  upgrade_notification: 'latest_stable_release',
  // GroupSecurity
  makeproductgroups: '0',
  chartgroup: 'editbugs',
  insidergroup: '',
  timetrackinggroup: 'editbugs',
  querysharegroup: 'editbugs',
  comment_taggers_group: 'editbugs',
  debug_group: 'admin',
  usevisibilitygroups: '0',
  strict_isolation: '0',
  or_groups: '0',
  // LDAP
  LDAPserver: '',
  LDAPstarttls: '0',
  LDAPbinddn: '',
  LDAPBaseDN: '',
  LDAPuidattribute: 'uid',
  LDAPmailattribute: 'mail',
  LDAPfilter: '',
  // MTA
  mail_delivery_method: 'Sendmail',
  mailfrom: 'bugzilla-daemon',
  use_mailer_queue: '0',
  smtpserver: 'localhost',
  smtp_username: '',
  smtp_password: '',
  smtp_ssl: '0',
  smtp_debug: '0',
  whinedays: '7',
  globalwatchers: '',
  // Memcached
  memcached_servers: '',
  memcached_namespace: 'bugzilla:',
  // Query
  quip_list_entry_control: 'open',
  mybugstemplate:
    'buglist.cgi?resolution=---&amp;emailassigned_to1=1&amp;emailreporter1=1&amp;emailtype1=exact&amp;email1=%userid%',
  defaultquery:
    'resolution=---&emailassigned_to1=1&emailassigned_to2=1&emailreporter2=1&emailcc2=1&emailqa_contact2=1' +
    '&emaillongdesc3=1&order=Importance&long_desc_type=substring',
  search_allow_no_criteria: '1',
  default_search_limit: '500',
  max_search_results: '10000',
  // RADIUS
  RADIUS_server: '',
  RADIUS_secret: '',
  RADIUS_NAS_IP: '',
  RADIUS_email_suffix: '',
  // ShadowDB
  shadowdbhost: '',
  shadowdbport: '3306',
  shadowdbsock: '',
  shadowdb: '',
  // UserMatch
  usemenuforusers: '0',
  ajax_user_autocompletion: '1',
  maxusermatches: '1000',
  confirmuniqueusermatch: '1',
};

/**
 * A parameter's value from `data/params.json` as Bugzilla.parameters answers it: a string. JSON
 * booleans read as Perl's "1"/"0"; null (undef) as an empty string; anything else is not a value
 * Bugzilla's own files hold, and is left out.
 */
export function parameterText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value === null) return '';
  return undefined;
}
