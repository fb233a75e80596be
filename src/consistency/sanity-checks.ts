/**
 * What Bugzilla's sanitycheck.cgi checks, as data, for the tables this service reads and
 * writes (and those that hang from them): single-column references (CrossCheck), two-column
 * references (DoubleCrossCheck). `key` names a column of the referring row printed with a
 * problem, as Bugzilla prints it (`bug_id` as "bug N", anything else as "name == 'value'").
 * Tables added beside Bugzilla's own list: API keys, last visits and login failures, which
 * the service writes and which name a profile or a bug.
 */

export interface Referrer {
  table: string;
  column: string;
  key?: string;
}

export interface CrossCheck {
  table: string;
  column: string;
  referrers: Referrer[];
}

export interface DoubleReferrer {
  table: string;
  columns: [string, string];
  key?: string;
}

export interface DoubleCrossCheck {
  table: string;
  columns: [string, string];
  referrers: DoubleReferrer[];
}

const ref = (table: string, column: string, key?: string): Referrer => ({ table, column, key });

export const CROSS_CHECKS: readonly CrossCheck[] = [
  { table: 'classifications', column: 'id', referrers: [ref('products', 'classification_id')] },
  {
    table: 'fielddefs',
    column: 'id',
    referrers: [ref('bugs_activity', 'fieldid'), ref('profiles_activity', 'fieldid')],
  },
  {
    table: 'flagtypes',
    column: 'id',
    referrers: [ref('flags', 'type_id'), ref('flagexclusions', 'type_id'), ref('flaginclusions', 'type_id')],
  },
  {
    table: 'bugs',
    column: 'bug_id',
    referrers: [
      ref('bugs_activity', 'bug_id'),
      ref('bug_group_map', 'bug_id'),
      ref('attachments', 'bug_id'),
      ref('cc', 'bug_id'),
      ref('longdescs', 'bug_id'),
      ref('flags', 'bug_id'),
      ref('bug_user_last_visit', 'bug_id'),
    ],
  },
  {
    table: 'groups',
    column: 'id',
    referrers: [
      ref('bug_group_map', 'group_id'),
      ref('category_group_map', 'group_id'),
      ref('group_group_map', 'grantor_id'),
      ref('group_group_map', 'member_id'),
      ref('group_control_map', 'group_id'),
      ref('user_group_map', 'group_id'),
      ref('flagtypes', 'grant_group_id'),
      ref('flagtypes', 'request_group_id'),
    ],
  },
  {
    table: 'profiles',
    column: 'userid',
    referrers: [
      ref('profiles_activity', 'userid'),
      ref('profiles_activity', 'who'),
      ref('email_setting', 'user_id'),
      ref('bugs', 'reporter', 'bug_id'),
      ref('bugs', 'assigned_to', 'bug_id'),
      ref('bugs', 'qa_contact', 'bug_id'),
      ref('attachments', 'submitter_id', 'bug_id'),
      ref('flags', 'setter_id', 'bug_id'),
      ref('flags', 'requestee_id', 'bug_id'),
      ref('bugs_activity', 'who', 'bug_id'),
      ref('cc', 'who', 'bug_id'),
      ref('longdescs', 'who', 'bug_id'),
      ref('logincookies', 'userid'),
      ref('series', 'creator', 'series_id'),
      ref('tokens', 'userid'),
      ref('user_group_map', 'user_id'),
      ref('components', 'initialowner', 'name'),
      ref('components', 'initialqacontact', 'name'),
      ref('component_cc', 'user_id'),
      ref('user_api_keys', 'user_id'),
      ref('bug_user_last_visit', 'user_id', 'bug_id'),
      ref('login_failure', 'user_id'),
    ],
  },
  {
    table: 'products',
    column: 'id',
    referrers: [
      ref('bugs', 'product_id', 'bug_id'),
      ref('components', 'product_id', 'name'),
      ref('milestones', 'product_id', 'value'),
      ref('versions', 'product_id', 'value'),
      ref('group_control_map', 'product_id'),
      ref('flaginclusions', 'product_id', 'type_id'),
      ref('flagexclusions', 'product_id', 'type_id'),
    ],
  },
  {
    table: 'components',
    column: 'id',
    referrers: [
      ref('component_cc', 'component_id'),
      ref('flagexclusions', 'component_id', 'type_id'),
      ref('flaginclusions', 'component_id', 'type_id'),
    ],
  },
  { table: 'bug_status', column: 'value', referrers: [ref('bugs', 'bug_status', 'bug_id')] },
  { table: 'resolution', column: 'value', referrers: [ref('bugs', 'resolution', 'bug_id')] },
  {
    table: 'series_categories',
    column: 'id',
    referrers: [ref('series', 'category'), ref('category_group_map', 'category_id'), ref('series', 'subcategory')],
  },
  { table: 'attachments', column: 'attach_id', referrers: [ref('bugs_activity', 'attach_id')] },
];

export const DOUBLE_CROSS_CHECKS: readonly DoubleCrossCheck[] = [
  {
    table: 'attachments',
    columns: ['bug_id', 'attach_id'],
    referrers: [
      { table: 'flags', columns: ['bug_id', 'attach_id'] },
      { table: 'bugs_activity', columns: ['bug_id', 'attach_id'] },
    ],
  },
  {
    table: 'components',
    columns: ['product_id', 'id'],
    referrers: [
      { table: 'bugs', columns: ['product_id', 'component_id'], key: 'bug_id' },
      { table: 'flagexclusions', columns: ['product_id', 'component_id'] },
      { table: 'flaginclusions', columns: ['product_id', 'component_id'] },
    ],
  },
  {
    table: 'versions',
    columns: ['product_id', 'value'],
    referrers: [{ table: 'bugs', columns: ['product_id', 'version'], key: 'bug_id' }],
  },
  {
    table: 'milestones',
    columns: ['product_id', 'value'],
    referrers: [
      { table: 'bugs', columns: ['product_id', 'target_milestone'], key: 'bug_id' },
      { table: 'products', columns: ['id', 'defaultmilestone'], key: 'name' },
    ],
  },
];
