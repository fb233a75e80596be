import type { DataSource } from 'typeorm';
import { isConnectionError } from './dialect.js';

/** A replica's replication state, as read from the replica itself. */
export interface ReplicaState {
  status: 'ok' | 'stopped' | 'lagging';
  /** How far behind the primary it is (ms); null when unknown. */
  lagMs: number | null;
  /** Why it is out of rotation ('' when ok). */
  reason: string;
}

/**
 * Reads a replica's replication state on the replica (DATABASE_REPLICA_URLS, read-routing.ts): MySQL
 * and MariaDB's `SHOW REPLICA STATUS`, a PostgreSQL standby's recovery functions. One per replica (it
 * may remember which statement its server knows).
 */
export interface ReplicaStateReader {
  read(replica: DataSource, maxLagMs: number): Promise<ReplicaState>;
}

export function replicaStateReader(type: 'mysql' | 'postgres'): ReplicaStateReader {
  return type === 'postgres' ? new StandbyStateReader() : new ReplicaStatusReader();
}

/** A column of SHOW REPLICA/SLAVE STATUS under its MySQL 8 or its MariaDB/older name. */
function column(row: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (name in row) return row[name];
  return undefined;
}

/** Reads a replica's state from its SHOW REPLICA STATUS rows (several with multi-source: the worst wins). */
export function replicationState(rows: Record<string, unknown>[], maxLagMs: number): ReplicaState {
  if (rows.length === 0) return { status: 'stopped', lagMs: null, reason: 'it is not replicating (no replica status)' };
  let worst: ReplicaState = { status: 'ok', lagMs: 0, reason: '' };
  for (const row of rows) {
    const io = String(column(row, 'Replica_IO_Running', 'Slave_IO_Running') ?? '');
    const sql = String(column(row, 'Replica_SQL_Running', 'Slave_SQL_Running') ?? '');
    const seconds = column(row, 'Seconds_Behind_Source', 'Seconds_Behind_Master');
    if (io !== 'Yes' || sql !== 'Yes' || seconds === null || seconds === undefined) {
      return {
        status: 'stopped',
        lagMs: null,
        reason: `replication is not running (IO thread: ${io || 'unknown'}, SQL thread: ${sql || 'unknown'})`,
      };
    }
    const lagMs = Number(seconds) * 1000;
    if (lagMs > maxLagMs) {
      worst = { status: 'lagging', lagMs, reason: `it lags ${lagMs} ms behind the primary (limit ${maxLagMs} ms)` };
    } else if (worst.status === 'ok') worst = { status: 'ok', lagMs: Math.max(worst.lagMs ?? 0, lagMs), reason: '' };
  }
  return worst;
}

class ReplicaStatusReader implements ReplicaStateReader {
  /** `SHOW REPLICA STATUS` (MySQL 8.0.22+, MariaDB 10.5+) or, on older servers, `SHOW SLAVE STATUS`. */
  private statement = 'SHOW REPLICA STATUS';

  async read(replica: DataSource, maxLagMs: number): Promise<ReplicaState> {
    return replicationState(await this.rows(replica), maxLagMs);
  }

  private async rows(replica: DataSource): Promise<Record<string, unknown>[]> {
    try {
      return await replica.query(this.statement);
    } catch (error) {
      // Servers older than MySQL 8.0.22 / MariaDB 10.5 know only the old name.
      if (this.statement === 'SHOW SLAVE STATUS' || isConnectionError(error)) throw error;
      this.statement = 'SHOW SLAVE STATUS';
      return replica.query(this.statement);
    }
  }
}

/** What a PostgreSQL standby says of its replication (STANDBY_STATE_SQL). */
export interface StandbyRow {
  standby: boolean | number;
  /** pg_stat_wal_receiver.status: 'streaming' while the standby follows its primary; null without a receiver. */
  receiver: string | null;
  /** The WAL received and the WAL replayed (applied, visible to reads) have met. */
  caught_up: boolean | number | null;
  /** Milliseconds since the commit of the last transaction replayed (null before any). */
  replay_age_ms: number | string | null;
}

/**
 * Read on the standby itself. Lag is the age of the last transaction replayed, *unless* the standby
 * has replayed everything it received: an idle primary commits nothing, and the last replayed commit
 * then grows old without the standby being behind at all.
 */
export const STANDBY_STATE_SQL =
  'SELECT pg_is_in_recovery() AS standby, ' +
  '(SELECT status FROM pg_stat_wal_receiver LIMIT 1) AS receiver, ' +
  'pg_last_wal_replay_lsn() >= pg_last_wal_receive_lsn() AS caught_up, ' +
  'EXTRACT(EPOCH FROM (clock_timestamp() - pg_last_xact_replay_timestamp())) * 1000 AS replay_age_ms';

export function standbyState(row: StandbyRow | undefined, maxLagMs: number): ReplicaState {
  if (!row || !row.standby) return { status: 'stopped', lagMs: null, reason: 'it is not a standby (not in recovery)' };
  if (row.receiver !== 'streaming')
    return {
      status: 'stopped',
      lagMs: null,
      reason: `replication is not running (WAL receiver: ${row.receiver ?? 'none'})`,
    };
  const lagMs = row.caught_up ? 0 : Math.max(0, Math.round(Number(row.replay_age_ms ?? 0)));
  if (lagMs > maxLagMs)
    return { status: 'lagging', lagMs, reason: `it lags ${lagMs} ms behind the primary (limit ${maxLagMs} ms)` };
  return { status: 'ok', lagMs, reason: '' };
}

class StandbyStateReader implements ReplicaStateReader {
  async read(replica: DataSource, maxLagMs: number): Promise<ReplicaState> {
    const [row] = (await replica.query(STANDBY_STATE_SQL)) as StandbyRow[];
    return standbyState(row, maxLagMs);
  }
}
