/**
 * Server settings that Bugzilla's schema cannot live with, found at start (before the migrations) and
 * said in one line naming the setting, rather than as the first failed CREATE TABLE's stack.
 *
 * Eleven of Bugzilla's tables have no primary key (audit_log, bug_group_map, category_group_map, cc,
 * component_cc, flagexclusions, flaginclusions, group_control_map, group_group_map, login_failure,
 * user_group_map): Bugzilla's schema is what it is, and a Perl Bugzilla shares these tables.
 */
export type VariableReader = (sql: string) => Promise<{ Variable_name: string; Value: string }[]>;

export const TABLES_WITHOUT_PRIMARY_KEY = [
  'audit_log',
  'bug_group_map',
  'category_group_map',
  'cc',
  'component_cc',
  'flagexclusions',
  'flaginclusions',
  'group_control_map',
  'group_group_map',
  'login_failure',
  'user_group_map',
];

/** Why the server cannot hold Bugzilla's tables, or undefined when it can. */
export function primaryKeyProblem(variables: Record<string, string>): string | undefined {
  const modes = (variables.wsrep_mode ?? '').toUpperCase().split(',');
  const reason = `${TABLES_WITHOUT_PRIMARY_KEY.length} of Bugzilla's tables have no primary key (${TABLES_WITHOUT_PRIMARY_KEY.join(', ')})`;
  if (variables.wsrep_on === 'ON' && modes.includes('REQUIRED_PRIMARY_KEY')) {
    return `The database server has wsrep_mode=REQUIRED_PRIMARY_KEY, but ${reason}: remove REQUIRED_PRIMARY_KEY from wsrep_mode on every node`;
  }
  if (variables.innodb_force_primary_key === 'ON') {
    return `The database server has innodb_force_primary_key=ON, but ${reason}: set it to OFF`;
  }
  return undefined;
}

/** What the start learns of the database server: whether it can hold Bugzilla's tables, and whether it is a Galera node. */
export interface ServerFacts {
  /** Why the server cannot hold Bugzilla's tables (primaryKeyProblem), or undefined when it can. */
  primaryKeyProblem?: string;
  /**
   * `wsrep_on=ON`: a node of a Galera cluster, even when DATABASE_URL names it alone (behind a load
   * balancer, say): another node may have committed what this one has not applied yet.
   */
  galeraNode: boolean;
}

/** Reads the settings ServerFacts are made of (MySQL answers without the MariaDB-only ones). */
export async function readServerFacts(read: VariableReader): Promise<ServerFacts> {
  const rows = await read(
    "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('wsrep_on', 'wsrep_mode', 'innodb_force_primary_key')",
  );
  const variables = Object.fromEntries(rows.map((row) => [row.Variable_name, String(row.Value)]));
  return { primaryKeyProblem: primaryKeyProblem(variables), galeraNode: variables.wsrep_on === 'ON' };
}
