import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { generateApiKey, generateLoginCookie, hashPassword, verifyPassword } from '../src/auth/password.js';
import { Profile } from '../src/auth/entities/profile.entity.js';
import { parseDatabaseUrl, type AppConfig } from '../src/config/app-config.js';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { AUTH_ENTITIES } from '../src/auth/auth.module.js';
import { COMPONENT_ENTITIES } from '../src/components/component.module.js';
import { LAST_VISIT_ENTITIES } from '../src/last-visit/last-visit.module.js';
import { PRODUCT_ENTITIES } from '../src/products/product.module.js';
import { NO_ERRORS, reportLines, runSanityCheck } from '../src/consistency/sanity-check.js';
import { isDatabaseEmpty, loadDemoData } from '../src/seed/demo-data.js';
import {
  dialectOf,
  formatBugzillaDateTime,
  isConnectionError,
  isDuplicateKeyError,
  toSqlDateTime,
} from '../src/database/dialect.js';
import { runMigrations } from '../src/database/run-migrations.js';
import { SERIAL_COLUMNS } from '../src/database/serial-columns.js';
import { createTestDatabase, DIALECTS, type Dialect, TEST_POSTGRES_SERVER } from './support/test-app.js';
import { Seeder } from '../src/seed/seeder.js';
import { Bug } from '../src/last-visit/entities/bug.entity.js';
import { BugUserLastVisit } from '../src/last-visit/entities/bug-user-last-visit.entity.js';
import { FlagInclusion } from '../src/products/entities/flag-inclusion.entity.js';
import { GroupControlMap } from '../src/products/entities/group-control-map.entity.js';
import { Product } from '../src/products/entities/product.entity.js';

const MYSQL_SERVER = process.env.TEST_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';

const TABLES = [
  'classifications',
  'products',
  'components',
  'versions',
  'milestones',
  'flagtypes',
  'flaginclusions',
  'flagexclusions',
  'profiles',
  'user_api_keys',
  'logincookies',
  'groups',
  'user_group_map',
  'group_group_map',
  'group_control_map',
  'bugs',
  'cc',
  'bug_group_map',
  'bug_user_last_visit',
  'bug_status',
  'resolution',
  'series',
  'series_categories',
  'category_group_map',
  'audit_log',
  'component_cc',
  'login_failure',
  'tokens',
  'fielddefs',
  'longdescs',
  'attachments',
  'flags',
  'bugs_activity',
  'profiles_activity',
  'email_setting',
  'bugs_fulltext',
  'bugs_aliases',
  'dependencies',
  'duplicates',
  'bug_see_also',
  'keyworddefs',
  'keywords',
  'tag',
  'bug_tag',
  'email_bug_ignore',
  'longdescs_tags',
  'longdescs_tags_activity',
  'attach_data',
];

interface Scratch {
  config: Pick<AppConfig, 'database' | 'dbPoolSize' | 'dbTimeoutMs'>;
  drop(): Promise<void>;
}

/** An empty database of its own: `bzp_t_<random>` on MariaDB, one of the suite's on PostgreSQL, a temporary file for SQLite. */
async function scratch(dialect: Dialect): Promise<Scratch> {
  const base = { dbPoolSize: 5, dbTimeoutMs: 5000 };
  if (dialect === 'postgres') {
    const database = await createTestDatabase('postgres');
    return { config: { ...base, database: parseDatabaseUrl(database.url) }, drop: () => database.drop() };
  }
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-db-'));
    return {
      config: {
        ...base,
        database: parseDatabaseUrl(`sqlite:${join(dir, 'nested', 'bugzilla.sqlite')}`),
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `bzp_t_${randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection(MYSQL_SERVER);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  await admin.end();
  return {
    config: { ...base, database: parseDatabaseUrl(`${MYSQL_SERVER}/${name}`) },
    drop: async () => {
      const conn = await mysql.createConnection(MYSQL_SERVER);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/** The entities these tests read through repositories; each feature module exports its own list. */
const ENTITIES = [...AUTH_ENTITIES, ...LAST_VISIT_ENTITIES, ...PRODUCT_ENTITIES, ...COMPONENT_ENTITIES];

async function open(config: Scratch['config']): Promise<DataSource> {
  return new DataSource(buildDataSourceOptions(config, { entities: ENTITIES })).initialize();
}

async function count(ds: DataSource, sql: string, params: unknown[] = []): Promise<number> {
  const rows: { n: number | string }[] = await ds.query(sql, params);
  return Number(rows[0].n);
}

async function tableNames(ds: DataSource): Promise<string[]> {
  const rows: { name: string }[] = (await ds.query(dialectOf(ds).tableNamesSql)).filter(
    (row: { name: string }) => !row.name.startsWith('sqlite_'),
  );
  return rows.map((r) => r.name).sort();
}

describe('password (Bugzilla bz_crypt format)', () => {
  // Computed by hand: printf 'passwordabcdefgh' | openssl dgst -sha256 -binary | base64 | tr -d =
  const known = 'abcdefgh,hG7Ffh1tOZl5i/3bOd4ZwI5qdOwXcF2ItzFN1KdpTkg{SHA-256}';

  it('hashes as Bugzilla does', () => {
    expect(hashPassword('password', 'abcdefgh')).toBe(known);
    const fresh = hashPassword('password');
    expect(fresh).toMatch(/^[A-Za-z0-9]{8},[A-Za-z0-9+/]{43}\{SHA-256\}$/);
    expect(fresh).not.toBe(hashPassword('password'));
  });

  it('verifies stored hashes', () => {
    expect(verifyPassword('password', known)).toBe(true);
    expect(verifyPassword('Password', known)).toBe(false);
    expect(verifyPassword('password', known.replace('{SHA-256}', '{SHA-512}'))).toBe(false);
    expect(verifyPassword('password', null)).toBe(false);
    expect(verifyPassword('password', 'abcdefgh')).toBe(false);
    expect(verifyPassword('password', 'xxCRYPTxxxxxx')).toBe(false);
    const unicode = hashPassword('sécret!', 'XyZ12345');
    expect(unicode).toBe('XyZ12345,UyajSbHpB9YWrLhh7IY/zz//XuGyazvfovG9T5K7NbU{SHA-256}');
    expect(verifyPassword('sécret!', unicode)).toBe(true);
  });

  it('generates keys and cookies', () => {
    expect(generateApiKey()).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(generateLoginCookie()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(generateApiKey()).not.toBe(generateApiKey());
  });
});

describe('dialect helpers (pure)', () => {
  it('formats datetimes as Bugzilla does', () => {
    expect(formatBugzillaDateTime('2026-01-02 03:04:05')).toBe('2026-01-02T03:04:05Z');
    expect(formatBugzillaDateTime('2026-01-02 03:04:05.000')).toBe('2026-01-02T03:04:05Z');
    expect(formatBugzillaDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 999)))).toBe('2026-01-02T03:04:05Z');
    expect(formatBugzillaDateTime('2026-01-02T03:04:05.123Z')).toBe('2026-01-02T03:04:05Z');
    expect(toSqlDateTime(new Date(Date.UTC(2026, 11, 31, 23, 59, 58)))).toBe('2026-12-31 23:59:58');
  });

  it('recognises connection errors, wrapped or not', () => {
    expect(isConnectionError({ code: 'ECONNREFUSED' })).toBe(true);
    expect(
      isConnectionError({
        name: 'QueryFailedError',
        driverError: { code: 'PROTOCOL_CONNECTION_LOST' },
      }),
    ).toBe(true);
    expect(isConnectionError(new Error('Pool is closed.'))).toBe(true);
    expect(isConnectionError({ code: 'SQLITE_BUSY' })).toBe(true);
    expect(isConnectionError({ code: 'ER_DUP_ENTRY', errno: 1062 })).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

describe.each(DIALECTS)('database on %s', (dialect) => {
  let db: Scratch;
  let ds: DataSource;
  const log: string[] = [];

  beforeAll(async () => {
    db = await scratch(dialect);
    ds = await open(db.config);
  });

  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await db?.drop();
  });

  it('migrates an empty database once', async () => {
    await expect(runMigrations(ds, (m) => log.push(m))).resolves.toBe('migrated');
    await expect(runMigrations(ds, (m) => log.push(m))).resolves.toBe('up-to-date');
    const names = await tableNames(ds);
    for (const table of TABLES) expect(names).toContain(table);
    expect(names).toContain('migrations');
    expect(names).toHaveLength(TABLES.length + 1);
  });

  it('creates the fields checksetup.pl defines, numbered and sorted as Bugzilla::Field->create numbers them', async () => {
    const fields: { id: number; name: string; sortkey: number; type: number; mailhead: number }[] = await ds.query(
      'SELECT id, name, sortkey, type, mailhead FROM fielddefs ORDER BY id',
    );
    expect(fields).toHaveLength(59);
    expect(fields.map((f) => [Number(f.id), f.name, Number(f.sortkey)]).slice(0, 3)).toEqual([
      [1, 'bug_id', 100],
      [2, 'short_desc', 200],
      [3, 'classification', 300],
    ]);
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(Number(byName.get('target_milestone')?.mailhead)).toBe(1);
    expect(Number(byName.get('deadline')?.type)).toBe(5);
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['creation_ts', 'bug_group', 'days_elapsed']));
  });

  it('creates the baseline rows', async () => {
    expect(await ds.query('SELECT id, name, description, sortkey FROM classifications')).toEqual([
      {
        id: 1,
        name: 'Unclassified',
        description: 'Not assigned to any classification',
        sortkey: 0,
      },
    ]);
    const groups: { id: number; name: string; isbuggroup: number }[] = await ds.query(
      'SELECT id, name, isbuggroup FROM `groups` ORDER BY id',
    );
    expect(groups.slice(0, 1)).toEqual([{ id: 1, name: 'admin', isbuggroup: 0 }]);
    expect(groups.find((g) => g.name === 'editcomponents')).toEqual({
      id: 6,
      name: 'editcomponents',
      isbuggroup: 0,
    });
    expect(groups).toHaveLength(14);
    const map: { grant_type: number }[] = await ds.query(
      `SELECT m.grant_type FROM group_group_map m
         JOIN \`groups\` a ON a.id = m.member_id JOIN \`groups\` e ON e.id = m.grantor_id
        WHERE a.name = 'admin' AND e.name = 'editcomponents' ORDER BY m.grant_type`,
    );
    expect(map.map((r) => r.grant_type)).toEqual([0, 1, 2]);
    expect(
      await ds.query('SELECT id, value, sortkey, isactive, visibility_value_id, is_open FROM bug_status ORDER BY id'),
    ).toEqual([
      {
        id: 1,
        value: 'UNCONFIRMED',
        sortkey: 100,
        isactive: 1,
        visibility_value_id: null,
        is_open: 1,
      },
      {
        id: 2,
        value: 'CONFIRMED',
        sortkey: 200,
        isactive: 1,
        visibility_value_id: null,
        is_open: 1,
      },
      {
        id: 3,
        value: 'IN_PROGRESS',
        sortkey: 300,
        isactive: 1,
        visibility_value_id: null,
        is_open: 1,
      },
      {
        id: 4,
        value: 'RESOLVED',
        sortkey: 400,
        isactive: 1,
        visibility_value_id: null,
        is_open: 0,
      },
      {
        id: 5,
        value: 'VERIFIED',
        sortkey: 500,
        isactive: 1,
        visibility_value_id: null,
        is_open: 0,
      },
    ]);
    expect(
      await ds.query('SELECT id, value, sortkey, isactive, visibility_value_id FROM resolution ORDER BY id'),
    ).toEqual([
      {
        id: 1,
        value: '',
        sortkey: 100,
        isactive: 1,
        visibility_value_id: null,
      },
      {
        id: 2,
        value: 'FIXED',
        sortkey: 200,
        isactive: 1,
        visibility_value_id: null,
      },
      {
        id: 3,
        value: 'INVALID',
        sortkey: 300,
        isactive: 1,
        visibility_value_id: null,
      },
      {
        id: 4,
        value: 'WONTFIX',
        sortkey: 400,
        isactive: 1,
        visibility_value_id: null,
      },
      {
        id: 5,
        value: 'DUPLICATE',
        sortkey: 500,
        isactive: 1,
        visibility_value_id: null,
      },
      {
        id: 6,
        value: 'WORKSFORME',
        sortkey: 600,
        isactive: 1,
        visibility_value_id: null,
      },
    ]);
    await expect(isDatabaseEmpty(ds)).resolves.toBe(true);
  });

  if (dialect === 'mysql') {
    it('mirrors the reference DDL (MariaDB)', async () => {
      const [products] = await ds.query('SHOW CREATE TABLE products');
      expect(products['Create Table']).toContain('`id` smallint(6) NOT NULL AUTO_INCREMENT');
      expect(products['Create Table']).toContain('UNIQUE KEY `products_name_idx` (`name`)');
      expect(products['Create Table']).toContain(
        'CONSTRAINT `fk_products_classification_id_classifications_id` FOREIGN KEY (`classification_id`) REFERENCES `classifications` (`id`) ON DELETE CASCADE ON UPDATE CASCADE',
      );
      expect(products['Create Table']).toContain('DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci');
      const [bugs] = await ds.query('SHOW CREATE TABLE bugs');
      expect(bugs['Create Table']).toContain("`bug_file_loc` mediumtext NOT NULL DEFAULT ''");
      expect(bugs['Create Table']).toContain('`estimated_time` decimal(7,2) NOT NULL DEFAULT 0.00');
      const [failures] = await ds.query('SHOW CREATE TABLE login_failure');
      expect(failures['Create Table']).toContain('`ip_addr` varchar(40) NOT NULL');
      expect(failures['Create Table']).toContain(
        'CONSTRAINT `fk_login_failure_user_id_profiles_userid` FOREIGN KEY (`user_id`) REFERENCES `profiles` (`userid`) ON DELETE CASCADE ON UPDATE CASCADE',
      );
    });
  } else if (dialect === 'postgres') {
    it("makes Bugzilla's PostgreSQL schema statement for statement, as pg_dump shows it (reference/bugzilla-schema-pg.sql)", () => {
      const url = (ds.options as { database: string; host: string; port: number; username: string }).database;
      const dumped = schemaStatements(
        execFileSync('pg_dump', ['--schema-only', '--no-owner', `${TEST_POSTGRES_SERVER}/${url}`], {
          encoding: 'utf8',
        }),
      );
      const reference = schemaStatements(readFileSync('../shared/reference/bugzilla-schema-pg.sql', 'utf8'));
      const ours = (statements: string[]) => statements.filter((sql) => TABLES.some((table) => namesTable(sql, table)));
      expect(ours(dumped)).toEqual(ours(reference));
      // Nothing but TypeORM's own bookkeeping besides Bugzilla's tables.
      expect(
        dumped.filter((sql) => !ours(dumped).includes(sql) && /^(CREATE|ALTER) (TABLE|SEQUENCE|INDEX)/.test(sql)),
      ).toEqual(expect.arrayContaining([expect.stringContaining('migrations')]));
    });

    it('numbers new rows from the sequences, after the baseline rows (PostgreSQL)', async () => {
      for (const [table, column] of Object.entries(SERIAL_COLUMNS).filter(([table]) => TABLES.includes(table))) {
        const [{ max }] = await ds.query(`SELECT COALESCE(MAX(${column}), 0) AS max FROM \`${table}\``);
        const [sequence] = await ds.query(`SELECT last_value, is_called FROM ${table}_${column}_seq`);
        const next = Number(sequence.last_value) + (sequence.is_called ? 1 : 0);
        expect({ table, next }).toEqual({ table, next: Number(max) + 1 });
      }
    });
  } else {
    it('compares text case-insensitively except secrets (SQLite)', async () => {
      const seed = new Seeder(ds);
      await seed.classification('CaseTest');
      await expect(seed.classification('casetest')).rejects.toSatisfy(isDuplicateKeyError);
      const user = await seed.user('Case@Example.com');
      await expect(seed.user('case@example.COM')).rejects.toSatisfy(isDuplicateKeyError);
      await seed.apiKey(user, {
        key: 'AbCdEfGhIjKlMnOpQrStUvWxYz01234567890123',
      });
      await seed.apiKey(user, {
        key: 'abcdefghijklmnopqrstuvwxyz01234567890123',
      });
      expect(await count(ds, "SELECT COUNT(*) AS n FROM classifications WHERE name = 'CASETEST'")).toBe(1);
      await ds.query('DELETE FROM user_api_keys');
      await ds.query('DELETE FROM profiles');
      await ds.query("DELETE FROM classifications WHERE name = 'CaseTest'");
      const [{ journal_mode }] = await ds.query('PRAGMA journal_mode');
      expect(journal_mode).toBe('wal');
      const [{ foreign_keys }] = await ds.query('PRAGMA foreign_keys');
      expect(foreign_keys).toBe(1);
    });
  }

  it('loads the demo data', async () => {
    const users = await loadDemoData(ds);
    expect(users.map((u) => u.login)).toEqual(['admin@example.com', 'dev@example.com', 'user@example.com']);
    for (const u of users) expect(u.apiKey).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(users[0].groups).toEqual(['admin', 'editcomponents']);
    // Bugzilla's own check (npm run db:check) finds nothing wrong with the demo data.
    expect(reportLines(await runSanityCheck(ds))).toEqual([NO_ERRORS]);
    // Its users are Bugzilla's users: mail settings, creation activity, audit row.
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM email_setting')).toBe(3 * 63);
    expect(await count(ds, "SELECT COUNT(*) AS n FROM audit_log WHERE class = 'Bugzilla::User'")).toBe(3);
    await expect(isDatabaseEmpty(ds)).resolves.toBe(false);

    expect(await count(ds, 'SELECT COUNT(*) AS n FROM classifications')).toBe(3);
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM products')).toBeGreaterThanOrEqual(3);
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM profiles')).toBe(3);
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM user_api_keys')).toBe(3);
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM bugs')).toBeGreaterThanOrEqual(3);
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM bug_group_map')).toBeGreaterThanOrEqual(1);
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM group_control_map WHERE membercontrol = 3 AND entry = 1')).toBe(
      1,
    );
    expect(
      await count(
        ds,
        'SELECT COUNT(*) AS n FROM group_control_map WHERE membercontrol = 0 AND othercontrol = 0 AND entry = 1',
      ),
    ).toBe(1);
    expect(await count(ds, "SELECT COUNT(*) AS n FROM flagtypes WHERE target_type = 'a'")).toBeGreaterThanOrEqual(1);
    expect(await count(ds, "SELECT COUNT(*) AS n FROM flagtypes WHERE target_type = 'b'")).toBeGreaterThanOrEqual(1);
    expect(await count(ds, 'SELECT COUNT(*) AS n FROM flagexclusions')).toBeGreaterThanOrEqual(1);
    // A component with a default CC list: Firefly's Core copies the admin in.
    const cc: { login_name: string }[] = await ds.query(
      `SELECT pr.login_name FROM component_cc cc JOIN components c ON c.id = cc.component_id
         JOIN profiles pr ON pr.userid = cc.user_id WHERE c.name = 'Core'`,
    );
    expect(cc).toEqual([{ login_name: 'admin@example.com' }]);
    const versions: { value: string }[] = await ds.query(
      "SELECT v.value FROM versions v JOIN products p ON p.id = v.product_id WHERE p.name = 'Firefly'",
    );
    expect(versions.map((v) => v.value)).toEqual(expect.arrayContaining(['1.0', '1.9', '1.10']));
    // Every user is involved in at least one bug.
    const involved = await count(
      ds,
      `SELECT COUNT(*) AS n FROM profiles p WHERE EXISTS (
         SELECT 1 FROM bugs b WHERE b.reporter = p.userid OR b.assigned_to = p.userid OR b.qa_contact = p.userid
         UNION SELECT 1 FROM cc WHERE cc.who = p.userid)`,
    );
    expect(involved).toBe(3);
    // The admin's password is 'password' in Bugzilla's format.
    const [admin] = await ds.query('SELECT cryptpassword FROM profiles WHERE login_name = ?', ['admin@example.com']);
    expect(verifyPassword('password', admin.cryptpassword)).toBe(true);
  });

  it('reads entities with booleans and UTC datetimes', async () => {
    const products = await ds.getRepository(Product).find({ order: { name: 'ASC' } });
    expect(products.map((p) => p.name)).toEqual(['Comet Classic', 'Firefly', 'Nebula', 'Partner Portal', 'Stardust']);
    expect(products[0].isactive).toBe(false);
    expect(products[1].isactive).toBe(true);
    expect(products.find((p) => p.name === 'Stardust')?.allowsUnconfirmed).toBe(false);

    // MySQL's collation and SQLite's NOCASE match any letter case; PostgreSQL compares text exactly
    // (the service's own queries match names through the dialect's textEquals: LOWER() there).
    const login = dialect === 'postgres' ? 'admin@example.com' : 'ADMIN@example.com';
    const profile = await ds.getRepository(Profile).findOneByOrFail({ loginName: login });
    expect(profile.isEnabled).toBe(true);

    const controls = await ds.getRepository(GroupControlMap).find();
    expect(controls.map((c) => c.entry)).toEqual([true, true]);
    const inclusions = await ds.getRepository(FlagInclusion).find();
    expect(inclusions).toHaveLength(3);
    expect(inclusions.some((i) => i.productId === null && i.componentId === null)).toBe(true);

    const seed = new Seeder(ds);
    const bugs = await ds.getRepository(Bug).find({ order: { bugId: 'ASC' } });
    expect(bugs.length).toBeGreaterThanOrEqual(5);
    expect(bugs[0].creationTs).toBeInstanceOf(Date);
    expect(bugs[0].estimatedTime).toBe(0);
    expect(bugs[0].reporterAccessible).toBe(true);
    expect(Math.abs(bugs[0].deltaTs.getTime() - Date.now())).toBeLessThan(120_000);

    const ts = new Date(Date.UTC(2024, 1, 29, 12, 34, 56));
    const userId = (await ds.getRepository(Profile).findOneByOrFail({ loginName: 'user@example.com' })).userid;
    const visitId = await seed.lastVisit(userId, bugs[4].bugId, ts);
    const visit = await ds.getRepository(BugUserLastVisit).findOneByOrFail({ id: visitId });
    expect(visit.lastVisitTs.toISOString()).toBe('2024-02-29T12:34:56.000Z');
    expect(formatBugzillaDateTime(visit.lastVisitTs)).toBe('2024-02-29T12:34:56Z');
    const [raw] = await ds.query('SELECT last_visit_ts FROM bug_user_last_visit WHERE id = ?', [visitId]);
    expect(formatBugzillaDateTime(raw.last_visit_ts)).toBe('2024-02-29T12:34:56Z');
  });

  it('upserts last visits and computes UTC cut-offs in SQL', async () => {
    const dialect = dialectOf(ds);
    const [{ now }] = await ds.query(`SELECT ${dialect.nowUtc()} AS now`);
    expect(Math.abs(new Date(formatBugzillaDateTime(now)).getTime() - Date.now())).toBeLessThan(5_000);
    const [user] = await ds.query('SELECT userid FROM profiles WHERE login_name = ?', ['dev@example.com']);
    const bugs: { bug_id: number }[] = await ds.query('SELECT bug_id FROM bugs ORDER BY bug_id');
    const ts = toSqlDateTime(new Date(Date.UTC(2020, 0, 1, 0, 0, 0)));
    const params = [user.userid, bugs[0].bug_id, ts, user.userid, bugs[1].bug_id, ts];
    const upsert = dialect.upsert(
      'INSERT INTO bug_user_last_visit (user_id, bug_id, last_visit_ts) VALUES (?, ?, ?), (?, ?, ?)',
      ['user_id', 'bug_id'],
      ['last_visit_ts'],
    );
    await ds.query(upsert, params);
    await ds.query(upsert, params);
    const rows: { bug_id: number; last_visit_ts: Date | string }[] = await ds.query(
      'SELECT bug_id, last_visit_ts FROM bug_user_last_visit WHERE user_id = ? ORDER BY bug_id',
      [user.userid],
    );
    expect(rows.map((r) => [r.bug_id, formatBugzillaDateTime(r.last_visit_ts)])).toEqual([
      [bugs[0].bug_id, '2020-01-01T00:00:00Z'],
      [bugs[1].bug_id, '2020-01-01T00:00:00Z'],
    ]);
    expect(
      await count(
        ds,
        `SELECT COUNT(*) AS n FROM bug_user_last_visit WHERE last_visit_ts < ${dialect.agoUtc(10, 'day')}`,
      ),
    ).toBe(3); // these two and the 2024 visit of the previous test
    expect(
      await count(
        ds,
        `SELECT COUNT(*) AS n FROM bug_user_last_visit WHERE last_visit_ts >= ${dialect.agoUtc(10, 'day')}`,
      ),
    ).toBe(1); // the demo's visit of an hour ago (the demo's other one was just overwritten)
  });

  it('translates duplicate keys', async () => {
    const seed = new Seeder(ds);
    const error = await seed.product('firefly').catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
    expect(isConnectionError(error)).toBe(false);
  });

  it('leaves an existing Bugzilla database alone', async () => {
    const other = await scratch(dialect);
    const ods = await open(other.config);
    try {
      await ods.query(
        {
          mysql:
            'CREATE TABLE products (id smallint(6) NOT NULL AUTO_INCREMENT PRIMARY KEY, name varchar(64) NOT NULL)',
          postgres: 'CREATE TABLE products (id serial PRIMARY KEY, name varchar(64) NOT NULL)',
          sqlite: 'CREATE TABLE products (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)',
        }[dialect],
      );
      const messages: string[] = [];
      await expect(runMigrations(ods, (m) => messages.push(m))).resolves.toBe('existing-bugzilla');
      expect(await tableNames(ods)).toEqual(['products']);
      expect(messages).toHaveLength(1);
    } finally {
      await ods.destroy();
      await other.drop();
    }
  });

  it('undoes the migrations, newest first', async () => {
    const other = await scratch(dialect);
    const ods = await open(other.config);
    try {
      await runMigrations(ods, () => undefined);
      await ods.undoLastMigration({ transaction: 'each' });
      const withoutBugChildren = await tableNames(ods);
      for (const table of ['bugs_fulltext', 'dependencies', 'keywords', 'attach_data']) {
        expect(withoutBugChildren).not.toContain(table);
      }
      expect(withoutBugChildren).toContain('bugs_activity');
      await ods.undoLastMigration({ transaction: 'each' });
      const withoutActivity = await tableNames(ods);
      for (const table of ['fielddefs', 'flags', 'bugs_activity', 'email_setting']) {
        expect(withoutActivity).not.toContain(table);
      }
      expect(withoutActivity).toContain('component_cc');
      await ods.undoLastMigration({ transaction: 'each' });
      const remaining = await tableNames(ods);
      for (const table of ['component_cc', 'login_failure', 'tokens']) expect(remaining).not.toContain(table);
      expect(remaining).toContain('products');
      await ods.undoLastMigration({ transaction: 'each' });
      expect(await tableNames(ods)).toEqual(['migrations']);
    } finally {
      await ods.destroy();
      await other.drop();
    }
  });
});

describe('connection failures', () => {
  it('fails fast when MySQL is unreachable', async () => {
    const started = Date.now();
    const ds = new DataSource(
      buildDataSourceOptions({
        database: parseDatabaseUrl('mysql://root@127.0.0.1:1/none'),
        dbPoolSize: 2,
        dbTimeoutMs: 1000,
      }),
    );
    const error = await ds.initialize().catch((e: unknown) => e);
    expect(isConnectionError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/** A pg_dump's statements, comments and session settings left out, each on one line. */
function schemaStatements(dump: string): string[] {
  return dump
    .split(/;\n/)
    .map((sql) =>
      sql
        .replace(/^--.*$/gm, '')
        .replace(/public\./g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((sql) => sql && !/^(SET|SELECT pg_catalog)/.test(sql));
}

/** Whether `sql` creates or alters `table` (its table, sequences, keys, indexes, foreign keys). */
function namesTable(sql: string, table: string): boolean {
  const sequence = `${table}_${SERIAL_COLUMNS[table] ?? 'none'}_seq`;
  return new RegExp(
    `^(CREATE TABLE ${table} \\(|CREATE SEQUENCE ${sequence} |ALTER SEQUENCE ${sequence} |ALTER TABLE ONLY ${table} |CREATE (UNIQUE )?INDEX \\w+ ON ${table} )`,
  ).test(sql);
}
