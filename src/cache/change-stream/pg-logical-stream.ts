import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { LogicalReplicationService, PgoutputPlugin } from 'pg-logical-replication';
import { type ModelReader, type ModelTable, isModelTable } from '../model-loader.js';
import type { CommittedChange, LogStream, StreamListener } from './log-stream.js';
import { formatLsn, parseLsn } from './lsn.js';
import { ensureSlot } from './pg-logical-setup.js';
import { type RowChanges, addRowKeys, noRowChanges } from './row-keys.js';

/** Where the stream reads from: the primary the service writes to. */
export interface PgStreamServer {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/**
 * How often the stream sends the server its status (the position the model has applied) and asks for
 * a keepalive back: a few bytes on the replication connection, no statement, no table, nothing written.
 */
export const PING_MS = 50;
/** A stream that has heard nothing (no message, no keepalive) for this long is taken as broken. */
const SILENCE_MS = 40 * PING_MS;
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;
/** How long visible() waits for a commit the log has handed over to be visible to other sessions. */
const VISIBLE_WAIT_MS = 1_000;

/** SQLSTATEs the server answers a START_REPLICATION with. */
const SLOT_IN_USE = '55006';
/** How long release() waits for the server to let go of the slot: 20 × 100 ms. */
const RELEASE_TRIES = 20;
const RELEASE_WAIT_MS = 100;
const SLOT_MISSING = '42704';
/** object_not_in_prerequisite_state: the slot was invalidated (max_slot_wal_keep_size). */
const SLOT_INVALIDATED = '55000';

type PgoutputMessage =
  | { tag: 'begin'; xid: number }
  | { tag: 'commit'; commitEndLsn: string | null }
  | { tag: 'insert'; relation: Relation; new: Record<string, unknown> }
  | {
      tag: 'update';
      relation: Relation;
      key: Record<string, unknown> | null;
      old: Record<string, unknown> | null;
      new: Record<string, unknown>;
    }
  | { tag: 'delete'; relation: Relation; key: Record<string, unknown> | null; old: Record<string, unknown> | null }
  | { tag: 'truncate'; relations: Relation[] }
  | { tag: 'relation' | 'type' | 'origin' | 'message' };

interface Relation {
  name: string;
}

/**
 * PostgreSQL's logical decoding (SPEC §16) through the `pgoutput` plugin, read with
 * `pg-logical-replication` (docs/operators.md says why that library): a replication slot of the
 * service's own keeps the server's log from the position the model has *applied*, so that after a
 * reconnect or a server restart the stream starts where the model stands, and nothing is missed.
 * Row messages become the keys of the rows they name (row-keys.ts); each committed transaction is
 * handed to the listener whole, with its commit's end as its position.
 *
 * Every PING_MS the stream tells the server how far the model has applied (applied()) and asks for a
 * keepalive, which carries how far the server has decoded its log. Two keepalives a ping period apart
 * with the same position say the server decoded nothing in between: every commit flushed before the
 * first arrived had been decoded, and sent, before the second was sent (a walsender is woken at each
 * flush, and takes far less than a ping period to run): `caughtUpAt` moves to the first's arrival.
 */
export class PgLogicalStream implements LogStream {
  readonly name = "PostgreSQL's logical decoding";
  /**
   * caughtUpAt moves with every keepalive while the log is quiet, to the arrival of one at least a ping
   * period older: it is one to two pings old, three when the event loop was busy when one came.
   */
  readonly heartbeatMs = 3 * PING_MS;
  private readonly logger = new Logger('ChangeStream');
  private service?: LogicalReplicationService;
  /** The replication connection's close, once stop() began it. */
  private closing?: Promise<void>;
  /** The slot this process reads (the first free of `slots`). */
  private slot?: string;
  private open?: { xid: number; changes: RowChanges };
  /** How far the stream has read: a commit's end, or a keepalive's position (what the server has decoded). */
  private received = 0n;
  /** Commit ends handed to the listener and not yet applied, in order. */
  private unapplied: bigint[] = [];
  /** Up to where the model holds every change: what the slot may release. */
  private safe = 0n;
  /** Keepalives since the position last moved: their position and arrival. */
  private steady: { position: bigint; arrivals: number[] } = { position: -1n, arrivals: [] };
  private live = false;
  private closed = false;
  private started = false;
  private reconnectMs = RECONNECT_MIN_MS;
  private reconnectTimer?: NodeJS.Timeout;
  private pinger?: NodeJS.Timeout;
  private heardAt = -Infinity;
  caughtUpAt = -Infinity;
  private readonly waiters = new Set<() => void>();

  /**
   * `slots`: the slot names this service's processes share out (pg-logical-setup.ts, slotNames);
   * `read`: statements on the service's ordinary connection (the server's position, visibility).
   */
  constructor(
    private readonly server: () => PgStreamServer,
    private readonly publication: string,
    private readonly slots: readonly string[],
    private readonly read: ModelReader,
    private readonly listener: StreamListener,
  ) {}

  get connected(): boolean {
    return this.live;
  }

  /** The slot this process reads, once started. */
  get slotName(): string | undefined {
    return this.slot;
  }

  /**
   * Starts reading. The first start moves the slot to the server's current position (the model is
   * loaded whole after it); a restart after a break resumes where the slot stands (what the model
   * applied), and a slot gone or invalidated meanwhile is made again at the current position, the
   * listener told that what was missed must be read whole (lost()).
   */
  async start(): Promise<void> {
    const first = !this.started;
    let lastError: Error | undefined;
    for (const slot of this.slot ? [this.slot, ...this.slots.filter((s) => s !== this.slot)] : this.slots) {
      try {
        const made = await ensureSlot(this.read, slot);
        if (made && !first) this.listener.lost(`the replication slot ${slot} was not there`);
        if (first && !made)
          await this.read(
            `SELECT pg_replication_slot_advance(slot_name, GREATEST(pg_current_wal_flush_lsn(), confirmed_flush_lsn)) ` +
              `FROM pg_replication_slots WHERE slot_name = '${slot}'`,
          );
        await this.subscribe(slot);
        this.started = true;
        return;
      } catch (error) {
        lastError = error as Error;
        const code = (error as { code?: string }).code;
        // In use by another process, or dropped by one leaving (release()) between our look and our use.
        if (code === SLOT_IN_USE || (code === SLOT_MISSING && first)) continue;
        if ((code === SLOT_MISSING || code === SLOT_INVALIDATED) && !first) {
          await this.read(`SELECT pg_drop_replication_slot('${slot}')`).catch(() => undefined);
          this.listener.lost(lastError.message);
          continue;
        }
        throw error;
      }
    }
    throw new Error(
      `every replication slot of the service is in use (${this.slots.join(', ')}): ${lastError?.message}`,
    );
  }

  private subscribe(slot: string): Promise<void> {
    const server = this.server();
    const service = new LogicalReplicationService(
      { host: server.host, port: server.port, user: server.user, password: server.password, database: server.database },
      // The position is the stream's to acknowledge, once the model has applied it (applied()).
      { acknowledge: { auto: false, timeoutSeconds: 0 } },
    );
    this.service = service;
    const plugin = new PgoutputPlugin({ protoVersion: 1, publicationNames: [this.publication] });
    return new Promise<void>((resolve, reject) => {
      let started = false;
      service.on('start', () => {
        started = true;
        this.slot = slot;
        this.live = true;
        this.heardAt = performance.now();
        this.steady = { position: -1n, arrivals: [] };
        this.reconnectMs = RECONNECT_MIN_MS;
        this.keepPinging(service);
        this.listener.resumed(formatLsn(this.safe));
        resolve();
      });
      service.on('data', (lsn: string, message: PgoutputMessage) => this.onMessage(message));
      service.on('heartbeat', (lsn: string) => this.onKeepalive(parseLsn(lsn)));
      service.on('error', (error: Error) => {
        if (started) this.breakOff(service, error.message);
      });
      service.subscribe(plugin, slot, '0/0').then(
        // The server ended the stream (a shutdown): the connection is gone.
        () =>
          started
            ? this.breakOff(service, 'the server ended the stream')
            : reject(new Error('the server ended the stream')),
        (error: Error) => {
          if (started) return this.breakOff(service, error.message);
          void service.destroy().catch(() => undefined);
          reject(error);
        },
      );
    });
  }

  serverPosition(): Promise<string> {
    return this.read<{ pos: string }>('SELECT pg_current_wal_flush_lsn()::text AS pos').then(([row]) => row.pos);
  }

  /**
   * Whether the stream has read up to `position`: a commit or a keepalive at or past it, or the log
   * found quiet (two keepalives alike) since this was asked.
   */
  async reached(position: string, timeoutMs: number): Promise<boolean> {
    const target = parseLsn(position);
    const askedAt = performance.now();
    const done = () => this.received >= target || this.caughtUpAt >= askedAt;
    if (done()) return true;
    this.ping();
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (done()) finish(true);
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

  /**
   * PostgreSQL writes (and flushes) a commit to its log, which the stream may then receive, a moment
   * before the transaction is visible to other sessions: the rows are read once a snapshot of the
   * server no longer counts the transactions in progress (one statement, no table). A transaction not
   * visible within VISIBLE_WAIT_MS is left to its rows' next reading.
   */
  async visible(changes: readonly CommittedChange[]): Promise<void> {
    const xids = changes.map((change) => change.xid).filter((xid): xid is number => xid !== undefined);
    if (xids.length === 0) return;
    const deadline = performance.now() + VISIBLE_WAIT_MS;
    for (;;) {
      const [{ snapshot }] = await this.read<{ snapshot: string }>('SELECT txid_current_snapshot()::text AS snapshot');
      if (xids.every((xid) => committedIn(snapshot, xid)) || performance.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** visible() has waited for the commits: a plain read sees them. */
  committedReader(read: ModelReader): ModelReader {
    return read;
  }

  applied(change: CommittedChange): void {
    const position = parseLsn(change.position);
    this.unapplied = this.unapplied.filter((end) => end > position);
    if (position > this.safe) this.safe = position;
    if (this.unapplied.length === 0 && this.received > this.safe) this.safe = this.received;
  }

  stop(): void {
    this.closed = true;
    this.live = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pinger);
    const service = this.service;
    this.service = undefined;
    // The last position applied, before the connection goes: the slot resumes there next time.
    if (service) void acknowledge(service, this.safe).catch(() => undefined);
    this.closing = service?.destroy().then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Drops this process's slot once its connection is gone (a clean stop: the service's end, or an old
   * worker leaving after a reload). The next process to take the name makes it again and loads the
   * model whole anyway, so nothing is lost; a slot left behind would keep the server's log for ever.
   */
  async release(): Promise<void> {
    const slot = this.slot;
    if (!slot) return;
    await this.closing;
    // The server's sender ends a moment after the connection closes; until then the slot is active.
    for (let tries = 0; tries < RELEASE_TRIES; tries++) {
      const [row] = await this.read<{ active: unknown }>(
        `SELECT active FROM pg_replication_slots WHERE slot_name = '${slot}'`,
      );
      if (!row) return;
      if (!row.active || row.active === 'f') {
        await this.read(`SELECT pg_drop_replication_slot('${slot}')`);
        return;
      }
      await sleep(RELEASE_WAIT_MS);
    }
  }

  private onMessage(message: PgoutputMessage): void {
    this.heardAt = performance.now();
    this.steady = { position: -1n, arrivals: [] };
    switch (message.tag) {
      case 'begin':
        this.open = { xid: message.xid, changes: noRowChanges() };
        return;
      case 'insert':
        return this.addRow(message.relation, message.new);
      case 'update':
        // The old row when the table logs it (REPLICA IDENTITY FULL), or its key when the key changed.
        this.addRow(message.relation, message.old ?? message.key ?? undefined);
        return this.addRow(message.relation, message.new);
      case 'delete':
        return this.addRow(message.relation, message.old ?? message.key ?? {});
      case 'truncate':
        for (const relation of message.relations) {
          const table = relation.name.toLowerCase();
          if (this.open && isModelTable(table)) this.open.changes.whole.add(table);
        }
        return;
      case 'commit':
        return this.commit(message.commitEndLsn);
    }
  }

  /** A row image: its key, or (no key in it: a table without the identity it needs) the whole table. */
  private addRow(relation: Relation, row: Record<string, unknown> | undefined): void {
    const table = relation.name.toLowerCase();
    if (!this.open || row === undefined || !isModelTable(table)) return;
    addRowKeys(this.open.changes, table as ModelTable, row);
  }

  private commit(endText: string | null): void {
    const open = this.open;
    this.open = undefined;
    if (!open || endText === null) return;
    const end = parseLsn(endText);
    if (end > this.received) this.received = end;
    if (open.changes.whole.size > 0 || open.changes.keys.size > 0) {
      this.unapplied.push(end);
      this.listener.committed({ position: formatLsn(end), xid: open.xid, changes: open.changes });
    } else if (this.unapplied.length === 0) this.safe = this.received;
    this.notifyWaiters();
  }

  private onKeepalive(position: bigint): void {
    const now = performance.now();
    this.heardAt = now;
    if (position > this.received) this.received = position;
    if (this.unapplied.length === 0 && this.received > this.safe) this.safe = this.received;
    if (this.open === undefined) {
      if (position !== this.steady.position) this.steady = { position, arrivals: [now] };
      else {
        // The latest keepalive alike that came at least a ping period before this one.
        const arrivals = this.steady.arrivals;
        let vouched: number | undefined;
        while (arrivals.length > 0 && now - arrivals[0] >= PING_MS) vouched = arrivals.shift();
        if (vouched !== undefined) {
          arrivals.unshift(vouched);
          if (vouched > this.caughtUpAt) this.caughtUpAt = vouched;
        }
        arrivals.push(now);
      }
    }
    this.notifyWaiters();
  }

  /** Tells the server the position applied, and asks for a keepalive. */
  private ping(): void {
    const service = this.service;
    if (!service || !this.live) return;
    void acknowledge(service, this.safe, true).catch(() => undefined);
  }

  private keepPinging(service: LogicalReplicationService): void {
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (service !== this.service) return clearInterval(this.pinger);
      if (performance.now() - this.heardAt > SILENCE_MS)
        return this.breakOff(service, `no message or keepalive for ${SILENCE_MS} ms`);
      this.ping();
    }, PING_MS);
    this.pinger.unref();
  }

  private notifyWaiters(): void {
    for (const waiter of this.waiters) waiter();
  }

  private breakOff(service: LogicalReplicationService, reason: string): void {
    if (service !== this.service) return;
    clearInterval(this.pinger);
    this.service = undefined;
    void service.destroy().catch(() => undefined);
    this.open = undefined;
    this.live = false;
    if (this.closed) return;
    this.listener.broken(reason);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.start().catch((error: Error) => {
        this.logger.warn(`${this.name}: reconnect failed (${error.message}); retrying`);
        this.reconnectMs = Math.min(this.reconnectMs * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      });
    }, this.reconnectMs);
    this.reconnectTimer.unref();
  }
}

/**
 * Tells the server the model holds every change up to `position` (the slot's confirmed_flush_lsn moves
 * there). The library reports the position it is given plus one, as a physical standby counts bytes;
 * logical decoding skips on resume every transaction whose commit *starts* before the position confirmed,
 * and the next transaction's commit may start exactly where the last one applied ends: the position
 * itself is what must be reported, as PostgreSQL's own subscribers do.
 */
function acknowledge(service: LogicalReplicationService, position: bigint, askForKeepalive = false): Promise<boolean> {
  // Before the first position is known: 0/1, below any slot's, which the server ignores.
  return service.acknowledge(formatLsn(position > 0n ? position - 1n : 0n), askForKeepalive);
}

/**
 * Whether the (committed) transaction `xid`, as the log gives it (32 bits), is visible to new readers
 * at `snapshot` (txid_current_snapshot(): `xmin:xmax:xip,...`, 64-bit ids with their epoch): below
 * xmax, and not among those still in progress.
 */
export function committedIn(snapshot: string, xid: number): boolean {
  const [, xmaxText, xipText] = snapshot.split(':');
  const xmax = BigInt(xmaxText);
  let full = (xmax & ~0xffffffffn) | BigInt(xid);
  if (full >= xmax) full -= 0x100000000n;
  if (full < 0n) return false;
  const inProgress = (xipText ?? '').split(',').filter(Boolean).map(BigInt);
  return !inProgress.includes(full);
}
