import { MODEL_TABLES, type ModelReader, type ModelTable } from './model-loader.js';

/**
 * Which of the model's tables changed since the last check, in a fixed number of cheap
 * statements whatever the request rate or the data size (docs/operators.md, "The in-memory model").
 * 'all' when the signal cannot say which (SQLite, the first check).
 */
export type ChangedTables = ReadonlySet<ModelTable> | 'all';

export interface SignalReading {
  /** Tables to read again whole. */
  changed: ChangedTables;
  /**
   * Rows to read again, by the key of each table (change-stream/keyed-reload.ts): what the binary log
   * named (SPEC §15). A table in `changed` is read whole instead.
   */
  keys?: ReadonlyMap<ModelTable, ReadonlySet<number | string>>;
  /**
   * performance.now() of the moment the reading vouches for (every commit before it is in it), when
   * that is earlier than the start of the check; by default the check's start.
   */
  asOf?: number;
  /** The reading has this instance's own writes in it (the binary log does): they need no reload of their own. */
  coversOwnWrites?: boolean;
  /** What it read (for the metrics): the log's heartbeat, the log and the server's position, or the database's checks (default). */
  source?: 'heartbeat' | 'position' | 'poll';
  /** Makes this reading the one the next compares with: call it once the changed tables are reloaded. */
  accept(): void;
}

export interface ChangeSignal {
  /**
   * Reads the signal; throws when the database cannot be reached. `since` (Date.now()): another
   * writer may have committed changes made since then (a request passed to Bugzilla, SPEC §13), and
   * every table such a change can have moved counts as changed, whatever the fingerprint says.
   * `ownWrites`: this instance committed writes since the last check, which the reading must hold.
   */
  changes(since?: number, ownWrites?: boolean): Promise<SignalReading>;
}

interface TableStatus {
  name: string;
  update_time: unknown;
  create_time: unknown;
  auto_increment: unknown;
  table_rows: unknown;
  /** Seconds between UPDATE_TIME and the server's NOW() (NULL when UPDATE_TIME is). */
  age: number | string | null;
  /**
   * Which server answered: each Galera node keeps its own UPDATE_TIME (its applier moves it for writes made
   * on the others), so after the service moves to another node (src/database/galera) every table counts as
   * changed once, and the signal then follows the new node.
   */
  server: string;
}

/**
 * MariaDB / MySQL: `information_schema.TABLES` for the model's tables, one statement.
 *
 * InnoDB keeps UPDATE_TIME in memory and moves it at each commit that changed the table
 * (checked on MariaDB 10.11: a committed change by another connection shows at once; an
 * uncommitted or rolled-back one does not). It has one-second resolution: a second commit in
 * the same second leaves it unchanged. So a table whose UPDATE_TIME is the current or the
 * previous second of the server's clock is read again at the next check, whatever the signal
 * says then ("hot"). ALTER TABLE moves CREATE_TIME; TRUNCATE moves neither on 10.11, but
 * resets AUTO_INCREMENT and TABLE_ROWS, which are part of the fingerprint too. A server
 * restart empties UPDATE_TIME (NULL), which also differs from what was seen.
 */
export class InformationSchemaSignal implements ChangeSignal {
  private seen = new Map<string, string>();
  private hot = new Set<ModelTable>();

  constructor(private readonly read: ModelReader) {}

  async changes(since?: number): Promise<SignalReading> {
    // InnoDB's UPDATE_TIME is the second of a transaction's first change, published at its commit
    // (checked on MariaDB 10.11): a transaction that began before an earlier check and committed
    // after it can publish a second that check already saw and no longer held hot, and its tables'
    // fingerprints then do not move. A change made since `since` has an UPDATE_TIME at most this many
    // seconds old (one more for the truncation of both ends and a server clock a little behind ours).
    const recent = since === undefined ? undefined : Math.ceil((Date.now() - since) / 1000) + 1;
    const rows = await this.read<TableStatus>(
      `SELECT TABLE_NAME AS name, UPDATE_TIME AS update_time, CREATE_TIME AS create_time,
              AUTO_INCREMENT AS auto_increment, TABLE_ROWS AS table_rows,
              TIMESTAMPDIFF(SECOND, UPDATE_TIME, NOW()) AS age, CONCAT(@@hostname, ':', @@port) AS server
         FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${MODEL_TABLES.map((t) => `'${t}'`).join(', ')})`,
    );
    const first = this.seen.size === 0;
    const changed = new Set<ModelTable>(this.hot);
    const hot = new Set<ModelTable>();
    const seen = new Map<string, string>();
    for (const row of rows) {
      const name = String(row.name).toLowerCase() as ModelTable;
      const fingerprint = [row.server, row.update_time, row.create_time, row.auto_increment, row.table_rows]
        .map((v) => (v instanceof Date ? v.toISOString() : String(v)))
        .join('|');
      seen.set(name, fingerprint);
      if (this.seen.get(name) !== fingerprint) changed.add(name);
      if (row.age !== null && Number(row.age) <= 1) hot.add(name);
      if (recent !== undefined && row.age !== null && Number(row.age) <= recent) changed.add(name);
    }
    // A table the signal does not list (missing, renamed): reload it every time rather than trust it.
    for (const table of MODEL_TABLES) if (!seen.has(table)) changed.add(table);
    return {
      changed: first ? 'all' : changed,
      accept: () => {
        this.seen = seen;
        this.hot = hot;
      },
    };
  }
}

/**
 * SQLite: `PRAGMA data_version` moves when another connection commits to the file (this
 * process's own commits do not move it: they reach the model through the write hook). It does
 * not say which table changed, so any change reloads the whole model.
 */
export class DataVersionSignal implements ChangeSignal {
  private version: number | undefined;

  constructor(private readonly read: ModelReader) {}

  async changes(): Promise<SignalReading> {
    const rows = await this.read<{ data_version: number }>('PRAGMA data_version');
    const version = Number(rows[0]?.data_version);
    const changed = this.version === undefined || version !== this.version;
    return { changed: changed ? 'all' : new Set(), accept: () => void (this.version = version) };
  }
}

/** PostgreSQL: every model table's fingerprint (row count, sum of `xmin`), one row each (SnapshotSignal). */
const TABLE_FINGERPRINTS_SQL = MODEL_TABLES.map(
  (table) => `SELECT '${table}' AS name, COUNT(*) AS n, SUM(CAST(CAST(xmin AS TEXT) AS BIGINT)) AS s FROM "${table}"`,
).join(' UNION ALL ');

/**
 * PostgreSQL: the server's transaction snapshot (`txid_current_snapshot()`, which PostgreSQL 12 has
 * too, where `pg_current_snapshot()` came only in 13: the oldest transaction still running, the next
 * transaction id, those in progress between). A writing transaction takes an id; its commit leaves the
 * in-progress list or moves the oldest. Any change of the snapshot therefore covers every commit since
 * the last reading (transactions that wrote nothing take no id and move nothing): while it stands
 * still, the check costs that one statement.
 *
 * The snapshot is the whole server's, moved as much by Bugzilla's own bug updates, by another database
 * on the server or by a vacuum as by a change to a product. So when it moves, one more statement asks
 * each of the model's tables for a fingerprint: its row count and the sum of its rows' `xmin` (the id
 * of the transaction that wrote each row version). An insert or a delete moves the count; an update
 * writes a new row version with a new, larger id, which moves the sum; a transaction still running
 * when it is read is seen at the next check, since its commit moves the snapshot again. Only the
 * tables whose fingerprint moved are read again. The fingerprint reads each table whole (as MariaDB's
 * signal does not need to), so on a server that is never quiet this costs a scan of the model's tables
 * per half bound; the logical-decoding stream names the rows instead (SPEC §16).
 */
export class SnapshotSignal implements ChangeSignal {
  private snapshot: string | undefined;
  private fingerprints: ReadonlyMap<string, string> | undefined;

  constructor(private readonly read: ModelReader) {}

  async changes(): Promise<SignalReading> {
    const rows = await this.read<{ snapshot: string }>('SELECT CAST(txid_current_snapshot() AS TEXT) AS snapshot');
    const snapshot = String(rows[0]?.snapshot);
    if (this.snapshot !== undefined && snapshot === this.snapshot)
      return { changed: new Set(), accept: () => undefined };
    const fingerprints = await this.tableFingerprints();
    const before = this.fingerprints;
    const changed =
      before === undefined
        ? 'all'
        : new Set(MODEL_TABLES.filter((table) => fingerprints.get(table) !== before.get(table)));
    return {
      changed,
      accept: () => {
        this.snapshot = snapshot;
        this.fingerprints = fingerprints;
      },
    };
  }

  /** Each model table's row count and sum of row-version ids, in one statement. */
  private async tableFingerprints(): Promise<Map<string, string>> {
    const rows = await this.read<{ name: string; n: unknown; s: unknown }>(TABLE_FINGERPRINTS_SQL);
    return new Map(rows.map((row) => [String(row.name), `${String(row.n)}|${String(row.s)}`]));
  }
}

/**
 * Why the information_schema signal cannot be trusted on this server, or undefined when it can.
 * MySQL 8 serves UPDATE_TIME from a statistics cache refreshed every
 * `information_schema_stats_expiry` seconds (default a day); MariaDB reads it live.
 */
export async function informationSchemaProblem(read: ModelReader): Promise<string | undefined> {
  const [{ version }] = await read<{ version: string }>('SELECT VERSION() AS version');
  if (/mariadb/i.test(version)) return undefined;
  const [{ expiry }] = await read<{ expiry: number | null }>('SELECT @@information_schema_stats_expiry AS expiry');
  return Number(expiry) === 0
    ? undefined
    : `information_schema_stats_expiry is ${expiry} on this MySQL server (it must be 0 for the change signal)`;
}
