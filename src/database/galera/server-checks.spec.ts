import { primaryKeyProblem } from './server-checks.js';

describe("primaryKeyProblem: settings Bugzilla's schema cannot live with", () => {
  it('names wsrep_mode=REQUIRED_PRIMARY_KEY on a Galera node, in one line', () => {
    const problem = primaryKeyProblem({ wsrep_on: 'ON', wsrep_mode: 'STRICT_REPLICATION,REQUIRED_PRIMARY_KEY' });
    expect(problem).toMatch(/^The database server has wsrep_mode=REQUIRED_PRIMARY_KEY, but 11 of Bugzilla's tables/);
    expect(problem).toContain('login_failure');
    expect(problem).not.toContain('\n');
  });

  it('names innodb_force_primary_key', () => {
    expect(primaryKeyProblem({ innodb_force_primary_key: 'ON' })).toMatch(/innodb_force_primary_key=ON/);
  });

  it('finds nothing on a server without them (MySQL, plain MariaDB, Galera with other modes)', () => {
    expect(primaryKeyProblem({})).toBeUndefined();
    expect(
      primaryKeyProblem({ wsrep_on: 'OFF', wsrep_mode: 'REQUIRED_PRIMARY_KEY', innodb_force_primary_key: 'OFF' }),
    ).toBeUndefined();
    expect(primaryKeyProblem({ wsrep_on: 'ON', wsrep_mode: 'STRICT_REPLICATION' })).toBeUndefined();
  });
});
