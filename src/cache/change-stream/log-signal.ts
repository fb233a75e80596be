import { Logger } from '@nestjs/common';
import type { ChangeSignal, SignalReading } from '../change-signal.js';
import type { CommittedChange, LogStream } from './log-stream.js';
import { mergeRowChanges, noRowChanges } from './row-keys.js';

/**
 * How long a heartbeat may have been under way: a reading vouches for the moment of the last one's
 * arrival less this (LogStream.caughtUpAt). Far above a heartbeat's trip on any working network
 * between the service and its database, and far below the staleness bound.
 */
export const HEARTBEAT_TRANSIT_MS = 50;

/** Transactions kept apart while no check takes them; past this many they are merged into one. */
const MAX_PENDING_TRANSACTIONS = 1000;

/**
 * What the signal reads from now: the stream ('log': the database's own log, whichever it is; /health and
 * the metrics name it in that database's terms), or (while the stream is down or behind) the database's checks.
 */
export type StreamState = 'log' | 'fallback';

export interface StreamEvents {
  /** A transaction that changed the model arrived: a check now makes the change served at once. */
  changed(): void;
  /** The signal moved between the stream and the database's checks. */
  stateChanged(state: StreamState, reason: string): void;
}

/**
 * The change signal read from the database's own log (SPEC §15, §16), whichever log it is
 * (log-stream.ts). The stream hands over each committed
 * transaction's row keys as it arrives; a reading gives every key received so far, and the moment it
 * vouches for:
 * - while the log is quiet, the last heartbeat (no statement at all);
 * - when this instance wrote, another writer's request was passed on (§13), or no heartbeat came for
 *   two periods (events keep coming), the server's current log position, read once (no table), and
 *   the stream waited for until it has read that far.
 * When the stream is down, or does not reach the position in time, the reading is the database checks'
 * (`poll`: InformationSchemaSignal), plus the keys received, and says so; the stream reconnects by itself
 * and the signal goes back to it once a heartbeat shows it has caught up.
 */
export class LogSignal implements ChangeSignal {
  private readonly logger = new Logger('ChangeStream');
  private pending: CommittedChange[] = [];
  private state: StreamState = 'log';
  private reason = '';
  /** When the stream last (re)connected: its heartbeats from before do not count. */
  private resumedAt = -Infinity;
  /**
   * Whether the database's checks have taken their first reading: they are read once with the first
   * load, so that when they stand in for a broken stream they name only the tables changed since.
   */
  private pollPrimed = false;
  /** Set when the stream lost its position (lost()): the next reading from the stream reads every table. */
  private wholeReloadPending = false;

  constructor(
    private readonly stream: () => LogStream,
    private readonly poll: ChangeSignal,
    private readonly events: StreamEvents,
    /** How long a reading may wait for the stream to reach the server's position. */
    private readonly waitMs: number,
  ) {}

  /** The stream's listener calls these (log-stream.ts, StreamListener). */
  committed(change: CommittedChange): void {
    // Changes no check has taken yet (the database down, say) are kept merged past a point: memory
    // stays bounded by the keys, which are bounded in turn (mergeRowChanges).
    if (this.pending.length >= MAX_PENDING_TRANSACTIONS) {
      const merged = noRowChanges();
      for (const pending of this.pending) mergeRowChanges(merged, pending.changes);
      this.pending = [{ ...this.pending[this.pending.length - 1], changes: merged }];
    }
    this.pending.push(change);
    this.events.changed();
  }

  resumed(): void {
    this.resumedAt = performance.now();
  }

  broken(reason: string): void {
    this.fallBack(`${this.stream().name} stream broke: ${reason}`);
  }

  /**
   * The stream starts again from the server's current end: what it did not read is read whole, by
   * the next reading that has the stream's start in it (the database checks read until then).
   */
  lost(reason: string): void {
    this.fallBack(`${this.stream().name} stream lost its position: ${reason}`);
    this.wholeReloadPending = true;
  }

  /** 'log' while the stream serves the readings, 'fallback' while the database's checks do. */
  get current(): { state: StreamState; reason: string } {
    return { state: this.state, reason: this.reason };
  }

  /** `exact`: the reading must vouch for its own start (this instance wrote, or a request waits for that). */
  async changes(since?: number, exact = false): Promise<SignalReading> {
    const startedAt = performance.now();
    if (!this.pollPrimed) {
      (await this.poll.changes()).accept();
      this.pollPrimed = true;
    }
    const stream = this.stream();
    let asOf: number | undefined;
    let source: 'heartbeat' | 'position' = 'heartbeat';
    if (stream.connected) {
      const caughtUp = stream.caughtUpAt >= this.resumedAt;
      const quiet = caughtUp && startedAt - stream.caughtUpAt <= 2 * stream.heartbeatMs;
      if (quiet && since === undefined && !exact) asOf = stream.caughtUpAt - HEARTBEAT_TRANSIT_MS;
      else if (caughtUp || this.state === 'log') {
        source = 'position';
        const position = await stream.serverPosition();
        if (await stream.reached(position, this.waitMs)) asOf = startedAt;
        else this.fallBack(`${stream.name} stream did not reach the server's position within ${this.waitMs} ms`);
      }
    }
    const take = this.pending.length;
    const taken = this.pending.slice(0, take);
    const keyed = noRowChanges();
    for (const change of taken) mergeRowChanges(keyed, change.changes);
    // The rows are read once their commits are visible to other sessions (some logs hand them over first).
    if (taken.length > 0) await stream.visible(taken);
    const consume = () => {
      this.pending.splice(0, take);
      if (taken.length > 0) stream.applied(taken[taken.length - 1]);
    };
    if (asOf !== undefined) {
      this.backToStream();
      if (this.wholeReloadPending)
        return {
          changed: 'all',
          asOf,
          coversOwnWrites: true,
          source,
          accept: () => {
            this.wholeReloadPending = false;
            consume();
          },
        };
      return { changed: keyed.whole, keys: keyed.keys, asOf, coversOwnWrites: true, source, accept: consume };
    }
    this.fallBack(this.reason || `${stream.name} stream is not connected`);
    const polled = await this.poll.changes(since, exact);
    const changed = polled.changed === 'all' ? 'all' : new Set([...polled.changed, ...keyed.whole]);
    return {
      changed,
      keys: keyed.keys,
      accept: () => {
        polled.accept();
        consume();
      },
    };
  }

  private fallBack(reason: string): void {
    if (this.state === 'fallback') return;
    this.state = 'fallback';
    this.reason = reason;
    this.logger.warn(`${reason}: the model checks the database for changes until the stream is back`);
    this.events.stateChanged('fallback', reason);
  }

  private backToStream(): void {
    if (this.state === 'log') return;
    this.state = 'log';
    this.reason = '';
    this.logger.log(`${this.stream().name} stream is back: the model follows it again`);
    this.events.stateChanged('log', '');
  }
}
