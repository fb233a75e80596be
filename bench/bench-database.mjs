// What bench/generate-data.mjs does differently on MariaDB/MySQL and on PostgreSQL: replacing the
// database, the connection (query, multi-row insert, transaction) and the finish after the rows are in.
// The rows themselves are made once, by generate-data.mjs's fill(), for both.
import mysql from 'mysql2/promise';
import pg from 'pg';

/** The kind of database a DATABASE_URL names: 'mysql' or 'postgres', or null for anything else. */
export function databaseKind(url) {
  if (['mysql:', 'mariadb:'].includes(url.protocol)) return 'mysql';
  if (['postgres:', 'postgresql:'].includes(url.protocol)) return 'postgres';
  return null;
}

/** The database's name from the URL's path, or `fail` (which does not return) unless there is one that can be quoted. */
function databaseName(url, fail) {
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || /[`"\u0000]/.test(database)) fail(`DATABASE_URL must name a database (got '${url.href}')`);
  return database;
}

/**
 * The database of `url`, dropped if it has tables and created again, empty (an existing empty database
 * is kept as it is). One whose name does not contain "bench" is only replaced with `force`; for one
 * that is not, and for a URL without a database, `fail(message)` is called (it does not return).
 */
export async function recreateDatabase(url, force, fail) {
  const database = databaseName(url, fail);
  const refuse = () => fail(`database '${database}' has tables and its name does not contain "bench": pass --force to replace it`);
  if (databaseKind(url) === 'postgres') {
    const admin = new pg.Client({ connectionString: withPath(url, '/postgres') });
    await admin.connect();
    try {
      const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount > 0;
      if (exists && (await postgresTableCount(url)) > 0) {
        if (!/bench/i.test(database) && !force) refuse();
        await admin.query(`DROP DATABASE ${pgIdent(database)} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${pgIdent(database)} ENCODING 'UTF8' TEMPLATE template0`);
      } else if (!exists) {
        await admin.query(`CREATE DATABASE ${pgIdent(database)} ENCODING 'UTF8' TEMPLATE template0`);
      }
    } finally {
      await admin.end();
    }
    return database;
  }
  const admin = await mysql.createConnection({ uri: withPath(url, '/') });
  try {
    const [tables] = await admin.query('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ?', [database]);
    if (Number(tables[0].n) > 0 && !/bench/i.test(database) && !force) refuse();
    if (Number(tables[0].n) > 0) await admin.query(`DROP DATABASE \`${database}\``);
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  } finally {
    await admin.end();
  }
  return database;
}

/**
 * A connection for filling the database: `query(sql, params)` resolves to the rows (SQL written for
 * MySQL — `?` placeholders, backtick-quoted identifiers — is translated on PostgreSQL as the service
 * translates its own), `insert(table, columns, rows)` writes rows (arrays in `columns` order) with
 * multi-row INSERTs and resolves to their number, `begin`/`commit` the one transaction, `finish(tables)`
 * what the database needs once the rows are in, and `end` closes it.
 */
export async function connect(url) {
  return databaseKind(url) === 'postgres' ? connectPostgres(url) : connectMysql(url);
}

async function connectMysql(url) {
  const conn = await mysql.createConnection({ uri: url.href, timezone: 'Z', charset: 'utf8mb4_unicode_520_ci' });
  // Rows go in in an order of their own; the keys are checked by the schema's users, not here.
  await conn.query('SET SESSION foreign_key_checks = 0, SESSION unique_checks = 0');
  const quote = (name) => `\`${name}\``;
  return {
    kind: 'mysql',
    async query(sql, params = []) {
      const [rows] = await conn.query(sql, params);
      return rows;
    },
    async insert(table, columns, rows, batch = 5000) {
      const sql = `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ?`;
      for (let i = 0; i < rows.length; i += batch) await conn.query(sql, [rows.slice(i, i + batch)]);
      return rows.length;
    },
    begin: () => conn.beginTransaction(),
    commit: () => conn.commit(),
    async finish(tables) {
      await conn.query('SET SESSION foreign_key_checks = 1, SESSION unique_checks = 1');
      // Fresh index statistics for the optimizer, as on a database that has been in use for a while.
      for (const table of tables) await conn.query(`ANALYZE TABLE ${quote(table)}`);
    },
    end: () => conn.end(),
  };
}

/** PostgreSQL's bound on the parameters of one statement. */
const PG_MAX_PARAMS = 65_535;

async function connectPostgres(url) {
  const { toPostgresSql } = await import(new URL('../dist/src/database/dialects/postgres-sql.js', import.meta.url).href);
  // TimeZone UTC: the session's own clock functions agree with the UTC times written (see pgValue).
  const client = new pg.Client({ connectionString: url.href, options: '-c TimeZone=UTC' });
  await client.connect();
  return {
    kind: 'postgres',
    async query(sql, params = []) {
      return (await client.query(toPostgresSql(sql), params.map(pgValue))).rows;
    },
    async insert(table, columns, rows, batch = 5000) {
      const size = Math.max(1, Math.min(batch, Math.floor(PG_MAX_PARAMS / columns.length)));
      const head = `INSERT INTO ${pgIdent(table)} (${columns.map(pgIdent).join(', ')}) VALUES `;
      for (let i = 0; i < rows.length; i += size) {
        const chunk = rows.slice(i, i + size);
        const values = [];
        const tuples = chunk.map((row) => {
          if (row.length !== columns.length) throw new Error(`a row for ${table} has ${row.length} values for ${columns.length} columns`);
          const marks = row.map((value) => {
            values.push(pgValue(value));
            return `$${values.length}`;
          });
          return `(${marks.join(', ')})`;
        });
        await client.query(head + tuples.join(', '), values);
      }
      return rows.length;
    },
    begin: () => client.query('BEGIN'),
    commit: () => client.query('COMMIT'),
    async finish() {
      // Rows went in with explicit ids: each sequence behind an id column moves past the column's
      // largest value, or the service's own inserts would collide with them.
      const serials = await client.query(
        `SELECT table_schema, table_name, column_name FROM information_schema.columns
          WHERE table_catalog = current_database() AND column_default LIKE 'nextval(%'
          ORDER BY table_name, column_name`,
      );
      for (const { table_schema: schema, table_name: table, column_name: column } of serials.rows) {
        const qualified = `${pgIdent(schema)}.${pgIdent(table)}`;
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(${pgIdent(column)}) FROM ${qualified}), 0) + 1, false)`,
          [qualified, column],
        );
      }
      // Fresh statistics for the planner, as on a database that has been in use for a while.
      await client.query('ANALYZE');
    },
    end: () => client.end(),
  };
}

/**
 * A value as PostgreSQL should read it. Dates (written to `timestamp(0) without time zone` columns)
 * as UTC `YYYY-MM-DD hh:mm:ss`, the fraction cut off as MariaDB cuts it from a DATETIME (PostgreSQL
 * would round it), so both databases hold the same times; booleans as 1/0 (Bugzilla's flags are
 * smallint on Pg).
 */
function pgValue(value) {
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function pgIdent(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

function withPath(url, path) {
  const other = new URL(url.href);
  other.pathname = path;
  return other.href;
}

/** The number of tables in the PostgreSQL database of `url` outside the system schemas. */
async function postgresTableCount(url) {
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT COUNT(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}
