import type { ModelReader } from '../model-loader.js';
import type { RowChanges } from './row-keys.js';

/**
 * A database's own log of committed changes, read as a replica reads it (SPEC §15): MariaDB's binary log
 * (binlog-stream.ts), PostgreSQL's logical decoding (pg-logical-stream.ts). Each adapter turns its log's
 * events into row keys (row-keys.ts); the change signal (log-signal.ts) and the model above it speak
 * only this vocabulary, and never know which log it is.
 */
export interface LogStream {
  /** How the service names this log in its messages ('the binary log', "PostgreSQL's logical decoding"). */
  readonly name: string;
  /** Whether the stream is connected and reading. */
  readonly connected: boolean;
  /**
   * performance.now() up to which the stream is known to hold every commit, with no statement sent
   * (a heartbeat); -Infinity when it cannot say.
   */
  readonly caughtUpAt: number;
  /** How often, at most, `caughtUpAt` moves while the log is quiet. */
  readonly heartbeatMs: number;
  /** Starts reading (or, after a break, resumes); resolves once the server streams, rejects when it refuses. */
  start(): Promise<void>;
  stop(): void;
  /**
   * After stop(), at a clean end of the process: gives back what the server keeps for this reader
   * (a replication slot), so that nothing is kept for a reader that is gone. A stream that keeps
   * nothing on the server has no such method.
   */
  release?(): Promise<void>;
  /** The server's current end of the log, read with one statement that reads no table. */
  serverPosition(): Promise<string>;
  /** Resolves true once the stream has read everything up to `position` (from serverPosition()). */
  reached(position: string, timeoutMs: number): Promise<boolean>;
  /**
   * Resolves once the commits of `changes` are visible to new reads (a log may hand a transaction over a
   * moment before its commit is visible to other sessions); the model reads their rows after that.
   */
  visible(changes: readonly CommittedChange[]): Promise<void>;
  /** `read` made to read the rows of a change the stream handed over as committed (keyed-reload.ts). */
  committedReader(read: ModelReader): ModelReader;
  /**
   * The model holds every change up to `change` (it was read again and served): a log kept for the
   * stream on the server (a replication slot) may be released up to there. Never earlier: a stream that
   * resumes after a break or a restart starts after the last change applied, not after the last read.
   */
  applied(change: CommittedChange): void;
}

/** One committed transaction's changes to the model's tables, in the log's order. */
export interface CommittedChange {
  /** Where it ends in the log, as the adapter spells positions (a GTID, an LSN). */
  position: string;
  /** The transaction's id where the adapter needs it to tell when its commit is visible (visible()). */
  xid?: number;
  changes: RowChanges;
}

export interface StreamListener {
  /** A transaction that changed the model's tables was committed (and is in the log). */
  committed(change: CommittedChange): void;
  /** The stream stopped (connection lost, server gone, an error): it reconnects by itself. */
  broken(reason: string): void;
  /** The stream is reading again (at start, or after a break), from `position`. */
  resumed(position: string): void;
  /**
   * The server no longer has the log from the stream's position (purged while the stream was away): it
   * starts again from the server's current end, and what it missed must be read whole.
   */
  lost(reason: string): void;
}
