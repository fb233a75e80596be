import { Logger } from '@nestjs/common';
import ZongJi, { MariadbGtidPosition } from '@vlasky/zongji';
import { MODEL_TABLES, type ModelReader, type ModelTable } from '../model-loader.js';
import { committedReader } from './keyed-reload.js';
import type { LogStream, StreamListener } from './log-stream.js';
import { type RowChanges, addRowKeys, noRowChanges, tablesNamedBy } from './row-keys.js';

/** Where the stream reads from: the server the service uses now (a Galera node or a replica pair may move it). */
export interface StreamServer {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** The server's answer to a dump from a position it no longer has (ER_MASTER_FATAL_ERROR_READING_BINLOG). */
const POSITION_NOT_IN_LOG = 1236;

/**
 * How often the server tells an idle stream that it has sent everything (a heartbeat, in place of
 * events): what lets the model know it is current with no statement at all while nothing changes.
 */
export const HEARTBEAT_MS = 100;
/**
 * A stream that has heard nothing (no event, no heartbeat) for this long is taken as broken and
 * reconnected: a connection can die without a word (a cable, a firewall's idle timeout), and then
 * no error ever comes.
 */
const SILENCE_MS = 20 * HEARTBEAT_MS;
/** Wait before reconnecting after a break (doubled up to RECONNECT_MAX_MS while it keeps failing). */
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

type ZongJiEvent = {
  getEventName(): string;
  gtid?: string;
  standalone?: boolean;
  query?: string;
  schema?: string;
  tableId?: number;
  tableMap?: Record<number, { tableName: string; parentSchema: string }>;
  rows?: (Record<string, unknown> | { before: Record<string, unknown>; after: Record<string, unknown> })[];
};

/**
 * The server's binary log as a replica reads it (MariaDB: row events, GTID), through @vlasky/zongji
 * (docs/operators.md, "Changes from the binary log", says why that library). It turns row events into
 * the keys of the rows they name (row-keys.ts), hands each committed transaction to the listener
 * whole, and keeps the log position (GTID) of the last transaction it has read: after a break it
 * reconnects from there, to the server in use then, so that nothing is missed or read twice.
 *
 * `caughtUpAt` (performance.now()) moves with every heartbeat: the server sends one only when it has
 * sent every event it has and none came for HEARTBEAT_MS, so a heartbeat received at T says the stream
 * held every commit made before T, less the heartbeat's own way over the network. (An event says no such
 * thing: commits may wait behind it.)
 */
export class BinlogStream implements LogStream {
  readonly name = 'the binary log';
  readonly heartbeatMs = HEARTBEAT_MS;
  private readonly logger = new Logger('ChangeStream');
  private zongji?: ZongJi;
  /** The GTID position of the last transaction read in full (the next start's position). */
  private position?: MariadbGtidPosition;
  /** The transaction being read: its changes so far (undefined between transactions). */
  private open?: { gtid: string; changes: RowChanges; standalone: boolean };
  private reconnectMs = RECONNECT_MIN_MS;
  private reconnectTimer?: NodeJS.Timeout;
  private closed = false;
  private live = false;
  /** performance.now() of the last heartbeat: see the class comment. */
  caughtUpAt = -Infinity;
  /** performance.now() of the last event or heartbeat (the watchdog's clock). */
  private heardAt = -Infinity;
  private watchdog?: NodeJS.Timeout;
  private readonly waiters = new Set<() => void>();

  /**
   * `server`: where to connect now; `logPosition`: that server's current end of the log (its
   * gtid_binlog_pos), where a first start begins.
   */
  constructor(
    private readonly server: () => StreamServer,
    private readonly logPosition: () => Promise<string>,
    private readonly listener: StreamListener,
  ) {}

  /** Whether the stream is connected and reading. */
  get connected(): boolean {
    return this.live;
  }

  /** The position of the last transaction read in full, as the server writes it ('0-1-42,1-3-7'). */
  get positionText(): string | undefined {
    return this.position?.toString();
  }

  /**
   * Starts reading at the server's current end of the log (or, after a break, where it stopped);
   * resolves once the server streams, rejects when it refuses (no binary log, no rights).
   */
  async start(): Promise<void> {
    const server = this.server();
    const from = this.position?.toString() ?? (await this.logPosition());
    this.position ??= MariadbGtidPosition.parse(from);
    const zongji = new ZongJi({
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
      // Text columns as the driver reads them; the keys are ids and ascii texts in any case.
      dateStrings: true,
    });
    this.zongji = zongji;
    await new Promise<void>((resolve, reject) => {
      let started = false;
      // 'ready' comes once the dump is asked for; the server's first event (the rotate to the file it
      // reads, sent before any other) says it accepted: a refusal (no REPLICATION SLAVE) comes instead.
      zongji.once('binlog', () => {
        started = true;
        this.live = true;
        this.heardAt = performance.now();
        this.watch(zongji);
        this.reconnectMs = RECONNECT_MIN_MS;
        this.listener.resumed(from);
        resolve();
      });
      zongji.on('error', (error: Error) => {
        if (!started) {
          started = true;
          this.stopZongji(zongji);
          reject(error);
        } else this.breakOff(zongji, error.message);
      });
      zongji.on('binlog', (event: ZongJiEvent) => this.onEvent(event, server.database));
      zongji.start({
        serverId: streamServerId(),
        gtidSet: from,
        includeEvents: [
          'rotate',
          'format',
          'mariadbgtid',
          'tablemap',
          'writerows',
          'updaterows',
          'deleterows',
          'query',
          'xid',
          'heartbeat',
        ],
        includeSchema: { [server.database]: [...MODEL_TABLES] },
      });
      // Asks the server for heartbeats while the log is idle (in nanoseconds; the setting a replica's
      // MASTER_HEARTBEAT_PERIOD sends). Queued on the log connection before the dump request.
      zongji.connection?.query(`SET @master_heartbeat_period = ${HEARTBEAT_MS * 1_000_000}`);
    });
  }

  /** The server's gtid_binlog_pos (a variable: no table). */
  serverPosition(): Promise<string> {
    return this.logPosition();
  }

  /**
   * MariaDB writes a transaction to the binary log a moment before InnoDB makes it visible: the rows
   * are read with a locking read (committedReader), which waits for it.
   */
  visible(): Promise<void> {
    return Promise.resolve();
  }

  committedReader(read: ModelReader): ModelReader {
    return committedReader(read);
  }

  /** Nothing to release: the server keeps its binary log by its own rules (binlog_expire_logs_seconds). */
  applied(): void {}

  /** Resolves once the stream has read every transaction of `position` (a server's gtid_binlog_pos). */
  async reached(position: string, timeoutMs: number): Promise<boolean> {
    const target = position.trim() === '' ? [] : position.split(',').map((gtid) => gtid.trim());
    const covered = () => this.position !== undefined && target.every((gtid) => this.position!.covers(gtid));
    if (covered()) return true;
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (!covered()) return;
        finish(true);
      };
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(ok);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  stop(): void {
    this.closed = true;
    clearInterval(this.watchdog);
    this.live = false;
    clearTimeout(this.reconnectTimer);
    if (this.zongji) this.stopZongji(this.zongji);
    this.zongji = undefined;
  }

  private onEvent(event: ZongJiEvent, database: string): void {
    this.heardAt = performance.now();
    const name = event.getEventName();
    switch (name) {
      case 'mariadbgtid':
        this.open = { gtid: event.gtid ?? '', changes: noRowChanges(), standalone: event.standalone === true };
        return;
      case 'writerows':
      case 'deleterows':
      case 'updaterows': {
        const table = event.tableMap?.[event.tableId ?? -1];
        if (!this.open || !table || table.parentSchema !== database) return;
        const modelTable = table.tableName.toLowerCase() as ModelTable;
        for (const row of event.rows ?? []) {
          if (name === 'updaterows') {
            const { before, after } = row as { before: Record<string, unknown>; after: Record<string, unknown> };
            addRowKeys(this.open.changes, modelTable, before);
            addRowKeys(this.open.changes, modelTable, after);
          } else addRowKeys(this.open.changes, modelTable, row as Record<string, unknown>);
        }
        return;
      }
      case 'query': {
        const statement = event.query ?? '';
        if (/^\s*COMMIT\b/i.test(statement)) return this.commit();
        if (/^\s*ROLLBACK\b/i.test(statement)) {
          this.open = undefined;
          return;
        }
        // A statement in this database, or naming it: the tables it names are read again whole.
        if (this.open && (event.schema === database || statement.includes(database)))
          for (const table of tablesNamedBy(statement)) this.open.changes.whole.add(table);
        if (this.open?.standalone) this.commit();
        return;
      }
      case 'xid':
        return this.commit();
      case 'heartbeat':
        this.caughtUpAt = performance.now();
        this.notifyWaiters();
        return;
    }
  }

  private commit(): void {
    const open = this.open;
    this.open = undefined;
    if (!open) return;
    const [domainId, serverId, seqNo] = open.gtid.split('-');
    if (seqNo !== undefined) this.position?.add({ domainId: Number(domainId), serverId: Number(serverId), seqNo });
    if (open.changes.whole.size > 0 || open.changes.keys.size > 0)
      this.listener.committed({ position: open.gtid, changes: open.changes });
    this.notifyWaiters();
  }

  private notifyWaiters(): void {
    // A waiter that is satisfied deletes itself: a Set keeps iterating past what is deleted behind it.
    for (const waiter of this.waiters) waiter();
  }

  /** Breaks off a stream that has gone silent (SILENCE_MS). */
  private watch(zongji: ZongJi): void {
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => {
      if (zongji !== this.zongji) return clearInterval(this.watchdog);
      if (performance.now() - this.heardAt > SILENCE_MS)
        this.breakOff(zongji, `no event or heartbeat for ${SILENCE_MS} ms`);
    }, SILENCE_MS / 4);
    this.watchdog.unref();
  }

  private breakOff(zongji: ZongJi, reason: string): void {
    if (zongji !== this.zongji) return;
    clearInterval(this.watchdog);
    this.stopZongji(zongji);
    this.zongji = undefined;
    this.open = undefined;
    this.live = false;
    if (this.closed) return;
    this.listener.broken(reason);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.start().catch((error: Error & { errno?: number }) => {
        this.logger.warn(`binary log: reconnect failed (${error.message}); retrying`);
        if (error.errno === POSITION_NOT_IN_LOG && this.position) {
          this.position = undefined;
          this.listener.lost(error.message);
        }
        this.reconnectMs = Math.min(this.reconnectMs * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      });
    }, this.reconnectMs);
    this.reconnectTimer.unref();
  }

  private stopZongji(zongji: ZongJi): void {
    zongji.removeAllListeners('binlog');
    zongji.removeAllListeners('error');
    // A stopped stream's late errors are teardown noise.
    zongji.on('error', () => undefined);
    zongji.stop();
  }
}

/**
 * A server id for the stream: each reader of one server's log needs its own (a second reader with the
 * same id makes the server drop the first), and several processes of this service may read at once.
 */
function streamServerId(): number {
  return 0x40000000 + Math.floor(Math.random() * 0x3fffffff);
}
