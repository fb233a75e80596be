import pg from 'pg';
import { type SqlReader, postgresStartProblem } from '../src/database/postgres-server-checks.js';
import { type PostgresServer, startPostgres } from './support/postgres-server.js';

/**
 * What the service refuses at start on PostgreSQL, in one line naming what is missing (SPEC §16): a
 * database that is neither empty nor Bugzilla's, an empty one its user may not create tables in, a
 * Bugzilla database whose tables its user may not write. Against a throwaway server (roles are the
 * server's, not a database's) loaded with Bugzilla 5.2's own PostgreSQL schema.
 */
describe('PostgreSQL: what the service refuses at start (SPEC §16) [pg-start]', () => {
  let server: PostgresServer;
  const clients: pg.Client[] = [];

  async function readerAs(user: string, database: string): Promise<SqlReader> {
    const client = new pg.Client({ host: '127.0.0.1', port: server.port, user, database });
    await client.connect();
    clients.push(client);
    return (async (sql: string) => (await client.query(sql)).rows) as SqlReader;
  }

  beforeAll(async () => {
    server = await startPostgres();
    await server.sql([
      'CREATE DATABASE bzp_empty',
      'CREATE DATABASE bzp_other',
      'CREATE DATABASE bzp_bugzilla',
      'CREATE ROLE bugs LOGIN',
      'CREATE ROLE bugs_ro LOGIN',
    ]);
    await server.sql(['CREATE TABLE invoices (id int)', 'CREATE TABLE customers (id int)'], 'bzp_other');
    await server.psqlFile('../shared/reference/bugzilla-schema-pg.sql', 'bzp_bugzilla');
    await server.sql(
      [
        'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO bugs',
        'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO bugs',
        'GRANT SELECT ON ALL TABLES IN SCHEMA public TO bugs_ro',
      ],
      'bzp_bugzilla',
    );
  });

  afterAll(async () => {
    for (const client of clients) await client.end();
    await server?.stop();
  });

  it('an empty database its owner (here the superuser) may fill: nothing to refuse', async () => {
    expect(await postgresStartProblem(await readerAs('postgres', 'bzp_empty'), true)).toBeUndefined();
  });

  it("an empty database whose public schema the user may not create in (PostgreSQL 15's default): named, with the grant", async () => {
    expect(await postgresStartProblem(await readerAs('bugs', 'bzp_empty'), true)).toBe(
      "the user bugs may not create Bugzilla's tables in the empty schema public " +
        '(it needs GRANT CREATE ON SCHEMA public TO bugs, or to own the schema)',
    );
    // DB_MIGRATE=false: the service makes no table, and the database is taken as it is.
    expect(await postgresStartProblem(await readerAs('bugs', 'bzp_empty'), false)).toBeUndefined();
  });

  it("a database holding other tables and none of Bugzilla's is refused", async () => {
    expect(await postgresStartProblem(await readerAs('postgres', 'bzp_other'), true)).toBe(
      "the database is neither empty nor Bugzilla's: schema public holds 2 other table(s) (customers, invoices) " +
        'and no products, bz_schema or migrations table',
    );
  });

  it("Bugzilla's database, with a user that may read and write its tables: nothing to refuse", async () => {
    expect(await postgresStartProblem(await readerAs('bugs', 'bzp_bugzilla'), true)).toBeUndefined();
  });

  it("Bugzilla's database, with a user that may only read: the tables and the rights it lacks are named", async () => {
    expect(await postgresStartProblem(await readerAs('bugs_ro', 'bzp_bugzilla'), true)).toBe(
      "the user bugs_ro may not read and write 76 of Bugzilla's tables (attach_data, attachments, audit_log, " +
        'bug_group_map, bug_see_also, ...): it needs SELECT, INSERT, UPDATE, DELETE on them',
    );
  });

  it("Bugzilla's database, with a user that may write the tables but not take ids from their sequences: named", async () => {
    await server.sql('CREATE ROLE bugs_noseq LOGIN');
    await server.sql(
      'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO bugs_noseq',
      'bzp_bugzilla',
    );
    expect(await postgresStartProblem(await readerAs('bugs_noseq', 'bzp_bugzilla'), true)).toMatch(
      /^the user bugs_noseq may not use \d+ of Bugzilla's sequences \(\w+_seq, \w+_seq, \w+_seq, \w+_seq, \w+_seq, \.\.\.\): it needs USAGE on them$/,
    );
  });
});
