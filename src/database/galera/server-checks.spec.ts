import { primaryKeyProblem, readServerFacts } from './server-checks.js';

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

describe('readServerFacts: what the start learns of the server', () => {
  const server =
    (variables: Record<string, string>) =>
    async (sql: string): Promise<{ Variable_name: string; Value: string }[]> => {
      expect(sql).toMatch(/^SHOW GLOBAL VARIABLES WHERE Variable_name IN \(/);
      return Object.entries(variables).map(([Variable_name, Value]) => ({ Variable_name, Value }));
    };

  it('a Galera node (wsrep_on=ON) is one, even named alone in DATABASE_URL', async () => {
    await expect(readServerFacts(server({ wsrep_on: 'ON', wsrep_mode: '' }))).resolves.toEqual({
      primaryKeyProblem: undefined,
      galeraNode: true,
    });
  });

  it('plain MariaDB (wsrep_on=OFF) and MySQL (no wsrep variables) are not', async () => {
    await expect(readServerFacts(server({ wsrep_on: 'OFF' }))).resolves.toEqual({
      primaryKeyProblem: undefined,
      galeraNode: false,
    });
    await expect(readServerFacts(server({ innodb_force_primary_key: 'OFF' }))).resolves.toEqual({
      primaryKeyProblem: undefined,
      galeraNode: false,
    });
  });

  it('carries the primary-key problem with it', async () => {
    const facts = await readServerFacts(server({ wsrep_on: 'ON', wsrep_mode: 'REQUIRED_PRIMARY_KEY' }));
    expect(facts.galeraNode).toBe(true);
    expect(facts.primaryKeyProblem).toMatch(/^The database server has wsrep_mode=REQUIRED_PRIMARY_KEY/);
  });
});
