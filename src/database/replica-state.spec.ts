import { replicationState, standbyState } from './replica-state.js';

describe("a replica's replication state, read from the replica", () => {
  it('MySQL/MariaDB: both threads running and Seconds_Behind_Master within the limit', () => {
    const row = { Slave_IO_Running: 'Yes', Slave_SQL_Running: 'Yes', Seconds_Behind_Master: 2 };
    expect(replicationState([row], 5000)).toEqual({ status: 'ok', lagMs: 2000, reason: '' });
    expect(replicationState([{ ...row, Seconds_Behind_Master: 9 }], 5000).status).toBe('lagging');
    expect(replicationState([{ ...row, Slave_IO_Running: 'No' }], 5000).status).toBe('stopped');
  });

  it('PostgreSQL: a standby that has replayed all it received is not behind, however old its last commit (an idle primary)', () => {
    expect(
      standbyState({ standby: true, receiver: 'streaming', caught_up: true, replay_age_ms: 3_600_000 }, 5000),
    ).toEqual({
      status: 'ok',
      lagMs: 0,
      reason: '',
    });
  });

  it('PostgreSQL: with WAL still to replay, the lag is the age of the last transaction replayed', () => {
    expect(
      standbyState({ standby: true, receiver: 'streaming', caught_up: false, replay_age_ms: '1234.5' }, 5000),
    ).toEqual({
      status: 'ok',
      lagMs: 1235,
      reason: '',
    });
    expect(standbyState({ standby: true, receiver: 'streaming', caught_up: false, replay_age_ms: 7000 }, 5000)).toEqual(
      {
        status: 'lagging',
        lagMs: 7000,
        reason: 'it lags 7000 ms behind the primary (limit 5000 ms)',
      },
    );
  });

  it('PostgreSQL: a server not in recovery, or a standby whose WAL receiver is not streaming, is out', () => {
    expect(standbyState({ standby: false, receiver: null, caught_up: null, replay_age_ms: null }, 5000)).toEqual({
      status: 'stopped',
      lagMs: null,
      reason: 'it is not a standby (not in recovery)',
    });
    expect(standbyState({ standby: 1, receiver: null, caught_up: 1, replay_age_ms: 10 }, 5000)).toEqual({
      status: 'stopped',
      lagMs: null,
      reason: 'replication is not running (WAL receiver: none)',
    });
  });
});
