import pg from 'pg';
import type { ModelReader } from '../src/cache/model-loader.js';
import type { CommittedChange, StreamListener } from '../src/cache/change-stream/log-stream.js';
import { logicalDecodingProblem, preparePublication, slotNames } from '../src/cache/change-stream/pg-logical-setup.js';
import { PgLogicalStream } from '../src/cache/change-stream/pg-logical-stream.js';
import { type PostgresServer, startPostgres } from './support/postgres-server.js';
import { STATE_CHANGE_MS, waitFor } from './support/wait.js';

/**
 * PostgreSQL's logical decoding as the change stream's adapter (SPEC §16): what it hands the change
 * signal (per committed transaction, the keys of the rows it changed, table by table), that it keeps
 * the slot where the model stands (resume after a break or a server restart without a miss), that a
 * quiet database is sent nothing, and why a server or user that cannot give the log is refused. Against
 * a throwaway server (wal_level=logical) loaded with Bugzilla 5.2's own PostgreSQL schema.
 */

const SCHEMA = '../shared/reference/bugzilla-schema-pg.sql';
const DATABASE = 'bzp_pg_stream';
const PUBLICATION = 'bzp_test';

/** What the listener heard, in order. */
interface Heard {
  committed: CommittedChange[];
  events: string[];
}

/** A transaction's changes as plain data: per table, its keys sorted, or 'whole'. */
function named(change: CommittedChange): Record<string, (number | string)[] | 'whole'> {
  const out: Record<string, (number | string)[] | 'whole'> = {};
  for (const [table, keys] of change.changes.keys) out[table] = [...keys].sort();
  for (const table of change.changes.whole) out[table] = 'whole';
  return out;
}

/** Until the listener shows what a test waits for (the condition's text names it in the failure). */
function until(shows: () => boolean, timeoutMs = STATE_CHANGE_MS): Promise<true> {
  return waitFor(shows.toString().replace(/^\(\) => /, ''), () => shows() || undefined, { timeoutMs, intervalMs: 5 });
}

describe("PostgreSQL's logical decoding feeds the change signal (SPEC §16) [pg-logical]", () => {
  let server: PostgresServer;
  let pool: pg.Pool;
  let statements: string[];
  let read: ModelReader;
  /** Runs statements as another writer would (its own connection), in one transaction. */
  let write: (...sql: string[]) => Promise<void>;
  let ids: { classification: number; user: number; product: number; flagtype: number; group: number };

  const newStream = (heard: Heard, slot = 'bzp_test') =>
    new PgLogicalStream(
      () => ({ host: '127.0.0.1', port: server.port, user: 'postgres', password: '', database: DATABASE }),
      PUBLICATION,
      slotNames(slot, 2),
      read,
      {
        committed: (change) => heard.committed.push(change),
        broken: (reason) => heard.events.push(`broken: ${reason}`),
        resumed: () => heard.events.push('resumed'),
        lost: (reason) => heard.events.push(`lost: ${reason}`),
      } satisfies StreamListener,
    );

  beforeAll(async () => {
    server = await startPostgres();
    await server.sql(`CREATE DATABASE ${DATABASE}`);
    await server.psqlFile(SCHEMA, DATABASE);
    pool = new pg.Pool({ host: '127.0.0.1', port: server.port, user: 'postgres', database: DATABASE, max: 3 });
    // Idle connections die with the server when a test restarts it; the pool opens new ones.
    pool.on('error', () => undefined);
    statements = [];
    read = async <T>(sql: string) => {
      statements.push(sql);
      return (await pool.query(sql)).rows as T[];
    };
    write = async (...sql: string[]) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const statement of sql) await client.query(statement);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    };
    const one = async (sql: string) => Number((await pool.query(sql)).rows[0].id);
    ids = {
      classification: await one(
        `INSERT INTO classifications (name, description) VALUES ('Unclassified', '') RETURNING id`,
      ),
      user: await one(
        `INSERT INTO profiles (login_name, realname, cryptpassword) VALUES ('a@example.com', 'A', '*') RETURNING userid AS id`,
      ),
      product: await one(`INSERT INTO products (name, description) VALUES ('Widget', 'w') RETURNING id`),
      flagtype: await one(`INSERT INTO flagtypes (name, description) VALUES ('review', 'r') RETURNING id`),
      group: await one(`INSERT INTO groups (name, description, isbuggroup) VALUES ('g', 'g', 1) RETURNING id`),
    };
  });

  /** Until the server holds the slot's confirmed position at `change` (the stream's next ping told it). */
  const untilSlotConfirmed = (slot: string, change: CommittedChange) =>
    waitFor(`slot ${slot} confirmed up to ${change.position}`, async () => {
      const [row] = await server.sql<{ reached: boolean }>(
        `SELECT confirmed_flush_lsn >= '${change.position}'::pg_lsn - 1 AS reached FROM pg_replication_slots WHERE slot_name = '${slot}'`,
        DATABASE,
      );
      return row?.reached;
    });

  // A test that lost the file's server (a restart that failed) stops the next ones with its cause.
  beforeEach(() => {
    const failure = server?.failure();
    if (failure) throw new Error(`this file's PostgreSQL server is down since an earlier test: ${failure}`);
  });

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it('a superuser on a logical server lacks nothing; the publication and the replica identities are made once', async () => {
    expect(await logicalDecodingProblem(read, PUBLICATION, slotNames('bzp_test', 2))).toBeUndefined();
    expect(await preparePublication(read, PUBLICATION)).toEqual([
      // Their change key is not their primary key (or they have none): their old rows are logged whole.
      'components: REPLICA IDENTITY FULL',
      'flagexclusions: REPLICA IDENTITY FULL',
      'flaginclusions: REPLICA IDENTITY FULL',
      'group_control_map: REPLICA IDENTITY FULL',
      'group_group_map: REPLICA IDENTITY FULL',
      'milestones: REPLICA IDENTITY FULL',
      'user_api_keys: REPLICA IDENTITY FULL',
      'user_group_map: REPLICA IDENTITY FULL',
      'versions: REPLICA IDENTITY FULL',
      `publication ${PUBLICATION} created`,
    ]);
    expect(await preparePublication(read, PUBLICATION)).toEqual([]);
    const published = await read<{ tablename: string }>(
      `SELECT tablename FROM pg_publication_tables WHERE pubname = '${PUBLICATION}' ORDER BY tablename`,
    );
    expect(published.map((row) => row.tablename)).toEqual([
      'classifications',
      'components',
      'flagexclusions',
      'flaginclusions',
      'flagtypes',
      'group_control_map',
      'group_group_map',
      'groups',
      'logincookies',
      'milestones',
      'products',
      'profiles',
      'user_api_keys',
      'user_group_map',
      'versions',
    ]);
  });

  it('hands over each committed transaction whole, with the keys of the rows it changed, table by table', async () => {
    const heard: Heard = { committed: [], events: [] };
    const stream = newStream(heard);
    await stream.start();
    try {
      const { product, user, flagtype, group } = ids;
      await write(
        `INSERT INTO components (name, product_id, initialowner, description) VALUES ('Core', ${product}, ${user}, 'c')`,
        `INSERT INTO versions (value, product_id) VALUES ('1.0', ${product})`,
        `UPDATE products SET description = 'new' WHERE id = ${product}`,
      );
      await write(
        `INSERT INTO flaginclusions (type_id, product_id, component_id) VALUES (${flagtype}, ${product}, NULL)`,
      );
      await write(
        `INSERT INTO group_control_map (group_id, product_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm) VALUES (${group}, ${product}, 0, 1, 1, 0, 0, 0, 0)`,
      );
      // Deletes and updates name the row's key from its old image (REPLICA IDENTITY FULL).
      await write(
        `DELETE FROM flaginclusions WHERE type_id = ${flagtype}`,
        `DELETE FROM group_control_map WHERE product_id = ${product}`,
      );
      await write(`DELETE FROM components WHERE product_id = ${product}`);
      // A transaction that changes no table of the model is not handed over; a rolled back one never reaches the log.
      await write(`INSERT INTO fielddefs (name, description, sortkey) VALUES ('cf_x', 'x', 1)`);
      await pool.query('BEGIN; UPDATE products SET description = $$gone$$; ROLLBACK;'.replace(/\$\$/g, "'"));
      await write(`TRUNCATE logincookies`);
      // A last change, heard in order after everything above: nothing else was handed over meanwhile.
      await write(`UPDATE products SET description = 'last' WHERE id = ${product}`);
      await until(() => heard.committed.length >= 7);
      expect(heard.committed.map(named)).toEqual([
        { components: [product], versions: [product], products: [product] },
        { flaginclusions: [flagtype] },
        { group_control_map: [product] },
        { flaginclusions: [flagtype], group_control_map: [product] },
        { components: [product] },
        { logincookies: 'whole' },
        { products: [product] },
      ]);
      expect(heard.events).toEqual(['resumed']);
      expect(heard.committed.every((change) => typeof change.xid === 'number')).toBe(true);
    } finally {
      stream.stop();
    }
  });

  it('while nothing changes: no statement, and its keepalives vouch for the log being read to the end', async () => {
    const heard: Heard = { committed: [], events: [] };
    const stream = newStream(heard);
    await stream.start();
    try {
      await until(() => stream.caughtUpAt > -Infinity);
      statements.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(statements).toEqual([]);
      expect(performance.now() - stream.caughtUpAt).toBeLessThan(4 * stream.heartbeatMs);
      // A commit: the server's position, read once, is reached.
      await write(`UPDATE products SET description = 'quiet?' WHERE id = ${ids.product}`);
      expect(await stream.reached(await stream.serverPosition(), 5000)).toBe(true);
      expect(heard.committed.map(named)).toEqual([{ products: [ids.product] }]);
      await stream.visible(heard.committed);
      expect(
        (await read<{ description: string }>(`SELECT description FROM products WHERE id = ${ids.product}`))[0]
          .description,
      ).toBe('quiet?');
    } finally {
      stream.stop();
    }
  });

  it('resumes after a broken connection from what the model applied: a change received but not applied comes again, none is lost', async () => {
    const heard: Heard = { committed: [], events: [] };
    const stream = newStream(heard);
    await stream.start();
    try {
      await write(`UPDATE products SET description = 'one' WHERE id = ${ids.product}`);
      await until(() => heard.committed.length === 1);
      stream.applied(heard.committed[0]);
      await write(`INSERT INTO milestones (product_id, value) VALUES (${ids.product}, 'M1')`);
      await until(() => heard.committed.length === 2);
      // The applied position reaches the server (the next ping), then the stream's connection is cut.
      await untilSlotConfirmed(stream.slotName!, heard.committed[0]);
      await server.sql(
        `SELECT pg_terminate_backend(active_pid) FROM pg_replication_slots WHERE slot_name = '${stream.slotName}'`,
      );
      await until(() => heard.events.some((event) => event.startsWith('broken')));
      await write(`INSERT INTO versions (value, product_id) VALUES ('2.0', ${ids.product})`);
      await until(() => heard.committed.length === 4);
      expect(heard.committed.map(named)).toEqual([
        { products: [ids.product] },
        { milestones: [ids.product] },
        // The milestone again (not applied before the break), then what came while the stream was away.
        { milestones: [ids.product] },
        { versions: [ids.product] },
      ]);
      expect(heard.events.filter((event) => !event.startsWith('broken'))).toEqual(['resumed', 'resumed']);
    } finally {
      stream.stop();
    }
  });

  it('resumes after the server restarted (and after a crash) without missing a change committed meanwhile', async () => {
    const heard: Heard = { committed: [], events: [] };
    const stream = newStream(heard);
    await stream.start();
    try {
      for (const [signal, value] of [
        ['SIGTERM', '3.0'],
        ['SIGKILL', '4.0'],
      ] as const) {
        const before = heard.committed.length;
        await server.restart(signal);
        await write(`INSERT INTO versions (value, product_id) VALUES ('${value}', ${ids.product})`);
        await until(() => heard.committed.length > before);
        for (const change of heard.committed) stream.applied(change);
        expect(named(heard.committed[heard.committed.length - 1])).toEqual({ versions: [ids.product] });
      }
      // PostgreSQL 15 writes a slot's confirmed position to disk only when its restart point moves too
      // (PostgreSQL 17 also at a shutdown): after a restart a change already applied may come again,
      // which reads its rows once more (the same rows). Never one missed, never one out of order.
      await untilSlotConfirmed(stream.slotName!, heard.committed[heard.committed.length - 1]);
      const seen = heard.committed.length;
      await server.restart('SIGTERM');
      await until(() => stream.connected);
      await write(`UPDATE products SET description = 'after' WHERE id = ${ids.product}`);
      await until(() => named(heard.committed[heard.committed.length - 1]).products !== undefined);
      const after = heard.committed.slice(seen).map(named);
      expect(after[after.length - 1]).toEqual({ products: [ids.product] });
      expect(
        after.slice(0, -1).every((change) => JSON.stringify(change) === JSON.stringify({ versions: [ids.product] })),
      ).toBe(true);
    } finally {
      stream.stop();
    }
  });

  it('each process reads its own slot: a second stream takes the next name; both see every change', async () => {
    const first: Heard = { committed: [], events: [] };
    const second: Heard = { committed: [], events: [] };
    const a = newStream(first);
    const b = newStream(second);
    await a.start();
    await b.start();
    try {
      expect([a.slotName, b.slotName]).toEqual(['bzp_test', 'bzp_test_2']);
      await write(`UPDATE products SET description = 'both' WHERE id = ${ids.product}`);
      await until(() => first.committed.length === 1 && second.committed.length === 1);
    } finally {
      a.stop();
      b.stop();
    }
  });

  it('a reload runs two generations: the new streams take free names while the old read, and each old one drops its slot as it leaves', async () => {
    const slots = async () =>
      (await read<{ slot_name: string }>(`SELECT slot_name FROM pg_replication_slots ORDER BY slot_name`)).map(
        (row) => row.slot_name,
      );
    const old = [newStream({ committed: [], events: [] }), newStream({ committed: [], events: [] })];
    for (const stream of old) await stream.start();
    const fresh = [newStream({ committed: [], events: [] }), newStream({ committed: [], events: [] })];
    for (const stream of fresh) await stream.start();
    try {
      expect([...old, ...fresh].map((stream) => stream.slotName)).toEqual([
        'bzp_test',
        'bzp_test_2',
        'bzp_test_3',
        'bzp_test_4',
      ]);
      for (const stream of old) {
        stream.stop();
        await stream.release();
      }
      expect(await slots()).toEqual(['bzp_test_3', 'bzp_test_4']);
    } finally {
      for (const stream of fresh) {
        stream.stop();
        await stream.release();
      }
    }
    expect(await slots()).toEqual([]);
  });

  it('a user without the REPLICATION attribute, or tables it does not own, is told what it lacks', async () => {
    await server.sql(
      [`CREATE ROLE bugs LOGIN`, `GRANT ALL ON SCHEMA public TO bugs`, `GRANT CREATE ON DATABASE ${DATABASE} TO bugs`],
      DATABASE,
    );
    const asBugs = new pg.Pool({ host: '127.0.0.1', port: server.port, user: 'bugs', database: DATABASE, max: 1 });
    const readAsBugs: ModelReader = async <T>(sql: string) => (await asBugs.query(sql)).rows as T[];
    try {
      expect(await logicalDecodingProblem(readAsBugs, PUBLICATION, ['bzp_bugs'])).toBe(
        'the user bugs may not read the log (it needs ALTER ROLE bugs REPLICATION)',
      );
      await server.sql(`ALTER ROLE bugs REPLICATION`);
      // The publication is there, the identities set: a replication user needs nothing more.
      expect(await logicalDecodingProblem(readAsBugs, PUBLICATION, ['bzp_bugs'])).toBeUndefined();
      // A publication still to be made names the tables, which it must own.
      expect(await logicalDecodingProblem(readAsBugs, 'bzp_other', ['bzp_bugs'])).toBe(
        'the user bugs does not own classifications, components, flagexclusions, flaginclusions, flagtypes, ' +
          'group_control_map, group_group_map, groups, logincookies, milestones, products, profiles, user_api_keys, ' +
          'user_group_map, versions (to publish them with their whole rows: the publication bzp_other)',
      );
    } finally {
      await asBugs.end();
    }
  });

  it('a server without wal_level=logical is told so', async () => {
    const plain = await startPostgres(['wal_level=replica']);
    const client = new pg.Client({ host: '127.0.0.1', port: plain.port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const readPlain: ModelReader = async <T>(sql: string) => (await client.query(sql)).rows as T[];
      expect(await logicalDecodingProblem(readPlain, PUBLICATION, ['bzp_x'])).toBe(
        'wal_level is replica (it must be logical)',
      );
    } finally {
      await client.end();
      await plain.stop();
    }
  });
});
