import pg from 'pg';
import type { DataSource } from 'typeorm';
import { replicaStateReader } from '../src/database/replica-state.js';
import { type PostgresServer, startPostgres, startStandby } from './support/postgres-server.js';
import { waitFor } from './support/wait.js';

/**
 * PostgreSQL streaming-replication standbys as read replicas (SPEC §16, §8): the lag is read on the
 * standby itself, and an idle primary does not make a standby look behind. Against a throwaway primary
 * and its standby (pg_basebackup -R). The routing of reads (read-your-writes) is the same code as on
 * MariaDB (test/replicas.e2e-spec.ts).
 */
describe('PostgreSQL standbys as read replicas: their state, read on the standby (SPEC §16) [pg-standby]', () => {
  let primary: PostgresServer;
  let standby: PostgresServer;
  let onStandby: pg.Client;
  let onPrimary: pg.Client;
  const asDataSource = (client: pg.Client) =>
    ({ query: async (sql: string) => (await client.query(sql)).rows }) as unknown as DataSource;
  const state = (client: pg.Client, maxLagMs = 5000) =>
    replicaStateReader('postgres').read(asDataSource(client), maxLagMs);

  beforeAll(async () => {
    primary = await startPostgres();
    await primary.sql('CREATE DATABASE bzp_standby');
    await primary.sql('CREATE TABLE t (id int PRIMARY KEY)', 'bzp_standby');
    standby = await startStandby(primary);
    onStandby = new pg.Client({ host: '127.0.0.1', port: standby.port, user: 'postgres', database: 'bzp_standby' });
    onPrimary = new pg.Client({ host: '127.0.0.1', port: primary.port, user: 'postgres', database: 'bzp_standby' });
    await onStandby.connect();
    await onPrimary.connect();
  });

  afterAll(async () => {
    await onStandby?.end();
    await standby?.stop();
    await primary?.stop();
  });

  it('a streaming standby that has replayed everything is not behind, though the primary has been idle', async () => {
    await onPrimary.query('INSERT INTO t VALUES (1)');
    await waitFor('the standby to replay the insert', async () => {
      return (await onStandby.query('SELECT count(*)::int AS n FROM t')).rows[0].n === 1;
    });
    // The last commit replayed grows old while nothing is written: older than the limit below.
    await waitFor('the last replayed commit to be over 1.2 s old', async () => {
      const sql = `SELECT now() - pg_last_xact_replay_timestamp() > interval '1200 milliseconds' AS old`;
      return (await onStandby.query(sql)).rows[0].old;
    });
    expect(await state(onStandby, 1000)).toEqual({ status: 'ok', lagMs: 0, reason: '' });
  });

  it('with WAL received but not replayed (replay paused), the lag grows and takes it out past the limit', async () => {
    await onStandby.query('SELECT pg_wal_replay_pause()');
    try {
      await waitFor('replay to be paused', async () => {
        return (await onStandby.query('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s === 'paused';
      });
      await onPrimary.query('INSERT INTO t VALUES (2)');
      const seen = await waitFor('the standby to be lagging', async () => {
        const one = await state(onStandby, 200);
        return one.status === 'lagging' ? one : undefined;
      });
      expect(seen.lagMs).toBeGreaterThan(200);
      expect(seen.reason).toBe(`it lags ${seen.lagMs} ms behind the primary (limit 200 ms)`);
    } finally {
      await onStandby.query('SELECT pg_wal_replay_resume()');
    }
    let back = await state(onStandby, 200);
    await waitFor('the standby to be back to ok', async () => (back = await state(onStandby, 200)).status === 'ok', {
      seen: () => JSON.stringify(back),
    });
    expect(back).toEqual({ status: 'ok', lagMs: 0, reason: '' });
  });

  it('the primary given as a replica is refused: it is not a standby', async () => {
    expect(await state(onPrimary)).toEqual({
      status: 'stopped',
      lagMs: null,
      reason: 'it is not a standby (not in recovery)',
    });
  });

  it('a standby cut off from its primary is out: its WAL receiver no longer streams', async () => {
    await onPrimary.end();
    await primary.stop();
    let seen = await state(onStandby);
    await waitFor(
      'the standby to notice its primary is gone',
      async () => (seen = await state(onStandby)).status !== 'ok',
    );
    expect(seen).toEqual({
      status: 'stopped',
      lagMs: null,
      reason: expect.stringMatching(
        /^replication is not running \(WAL receiver: (none|waiting|stopping|starting|restarting)\)$/,
      ),
    });
  });
});
