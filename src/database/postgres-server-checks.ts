/** Runs one statement, answers its rows. */
export type SqlReader = <T = Record<string, unknown>>(sql: string) => Promise<T[]>;

/** The oldest PostgreSQL the service runs on (SPEC §16): the functions it reads (snapshots, slots) are 12's. */
export const MIN_SERVER_VERSION_NUM = 120000;

/**
 * Tables that say a database is Bugzilla's: `bz_schema` (checksetup.pl writes Bugzilla's schema there),
 * `products`, or the service's own `migrations` (a database the service made).
 */
const BUGZILLA_MARKS = ['bz_schema', 'products', 'migrations'];

/** What the service does to Bugzilla's tables: read them and write their rows (DELETE: the last-visit purge, the console). */
const TABLE_RIGHTS = 'SELECT, INSERT, UPDATE, DELETE';

interface ServerFacts {
  version_num: string;
  version: string;
  user: string;
  schema: string | null;
  can_create: boolean | number;
}

/**
 * Why the service cannot start on this PostgreSQL database, in one line naming what is missing, or
 * undefined (SPEC §16): a server older than PostgreSQL 12; a database that is neither empty nor
 * Bugzilla's (tables, none of them Bugzilla's); an empty one the user may not create tables in (since
 * PostgreSQL 15 the `public` schema is its owner's alone); a Bugzilla database whose tables the user
 * may not read and write. `migrate`: the service is to make the schema (DB_MIGRATE).
 */
export async function postgresStartProblem(read: SqlReader, migrate: boolean): Promise<string | undefined> {
  const [facts] = await read<ServerFacts>(
    `SELECT current_setting('server_version_num') AS version_num, current_setting('server_version') AS version, ` +
      `current_user AS "user", current_schema() AS schema, ` +
      `COALESCE(has_schema_privilege(current_schema(), 'CREATE'), false) AS can_create`,
  );
  if (Number(facts.version_num) < MIN_SERVER_VERSION_NUM)
    return `PostgreSQL ${facts.version} is too old: the service needs PostgreSQL 12 or later`;
  if (facts.schema === null)
    return `the user ${facts.user} has no schema to use (its search_path names none that exists, or none it may use)`;
  const tables = await read<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const names = tables.map((table) => table.name);
  if (names.length === 0) {
    if (migrate && !facts.can_create)
      return (
        `the user ${facts.user} may not create Bugzilla's tables in the empty schema ${facts.schema} ` +
        `(it needs GRANT CREATE ON SCHEMA ${facts.schema} TO ${facts.user}, or to own the schema)`
      );
    return undefined;
  }
  if (!names.some((name) => BUGZILLA_MARKS.includes(name))) {
    const some = names.slice(0, 5).join(', ') + (names.length > 5 ? ', ...' : '');
    return (
      `the database is neither empty nor Bugzilla's: schema ${facts.schema} holds ${names.length} other table(s) ` +
      `(${some}) and no products, bz_schema or migrations table`
    );
  }
  // has_table_privilege with several rights is true when *any* is held: each right is asked on its own.
  const missing = await read<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace ` +
      `AND NOT (${TABLE_RIGHTS.split(', ')
        .map((right) => `has_table_privilege(c.oid, '${right}')`)
        .join(' AND ')}) ORDER BY c.relname`,
  );
  if (missing.length > 0) {
    const some =
      missing
        .slice(0, 5)
        .map((row) => row.name)
        .join(', ') + (missing.length > 5 ? ', ...' : '');
    return `the user ${facts.user} may not read and write ${missing.length} of Bugzilla's tables (${some}): it needs ${TABLE_RIGHTS} on them`;
  }
  // New rows take their ids from the tables' sequences (products_id_seq, ...).
  const sequences = await read<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace ` +
      // CASE: the server may test the condition before the kind, and asks it of sequences only.
      `AND CASE WHEN c.relkind = 'S' THEN NOT has_sequence_privilege(c.oid, 'USAGE') ELSE false END ORDER BY c.relname`,
  );
  if (sequences.length > 0) {
    const some =
      sequences
        .slice(0, 5)
        .map((row) => row.name)
        .join(', ') + (sequences.length > 5 ? ', ...' : '');
    return `the user ${facts.user} may not use ${sequences.length} of Bugzilla's sequences (${some}): it needs USAGE on them`;
  }
  return undefined;
}
