/**
 * When a failed statement or transaction may be run again, and when its node should be left
 * (docs/operators.md, "Running on Galera"). Only what provably did not take effect is repeated:
 *
 * - `conflict`: error 1213. InnoDB chose the transaction as a deadlock victim, or Galera's
 *   certification refused it (at COMMIT, or at any statement when a replicated write aborted it);
 *   on PostgreSQL a deadlock victim (40P01) or a serialization failure (40001).
 *   Either way the whole transaction was rolled back: it is run again, from its first statement.
 * - `not-ready`: error 1047 (`WSREP has not yet prepared node for application use`): the node refused
 *   the statement, it ran nothing. Run again on another node.
 * - `refused`: no connection could be made (refused, unreachable, too many connections), or the
 *   statement was given to a connection already dead: nothing was sent. Run again on another node.
 * - `lost`: the connection died while a statement was running (2013, 2006, reset, 1053 shutdown).
 *   A read is repeated. Inside a transaction before COMMIT was sent, the server rolls the transaction
 *   back when its connection goes: run again. During COMMIT nobody can know whether it committed: the
 *   caller gets a 503 and the event is logged, never a guess. A statement that outlives
 *   DB_TIMEOUT_MS counts as lost too: the service drops its connection then
 *   (src/database/connection-limits.ts), so a COMMIT that timed out may or may not have committed.
 */
export type FailureKind = 'conflict' | 'not-ready' | 'refused' | 'lost';

interface ErrorLayer {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

function layers(error: unknown): ErrorLayer[] {
  const out: ErrorLayer[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const layer = current as ErrorLayer;
    out.push(layer);
    current = layer.driverError ?? layer.cause;
  }
  return out;
}

const REFUSED_CODES = new Set([
  'ECONNREFUSED',
  // A command given to a connection that had already died: mysql2 never sent it.
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
]);
const LOST_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_SERVER_SHUTDOWN',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
  // mysql2's "Query inactivity timeout" (DB_TIMEOUT_MS): the connection is destroyed mid-statement.
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);
/** 1040 too many connections, 2002/2003 cannot connect. */
const REFUSED_ERRNOS = new Set([1040, 2002, 2003]);
/** 1053 server shutdown in progress, 2006 server has gone away, 2013 lost connection during query. */
const LOST_ERRNOS = new Set([1053, 2006, 2013]);

/** What kind of failure `error` is, or undefined for any other error (a bad statement, a duplicate key...). */
export function failureKind(error: unknown): FailureKind | undefined {
  for (const layer of layers(error)) {
    const code = typeof layer.code === 'string' ? layer.code : '';
    const errno = typeof layer.errno === 'number' ? layer.errno : undefined;
    if (code === 'ER_LOCK_DEADLOCK' || errno === 1213 || code === '40P01' || code === '40001') return 'conflict';
    if (errno === 1047 || code === 'ER_UNKNOWN_COM_ERROR') return 'not-ready';
    if (REFUSED_CODES.has(code) || (errno !== undefined && REFUSED_ERRNOS.has(errno))) return 'refused';
    if (LOST_CODES.has(code) || (errno !== undefined && LOST_ERRNOS.has(errno))) return 'lost';
    const message = typeof layer.message === 'string' ? layer.message.toLowerCase() : '';
    if (message.includes('connection lost') || message.includes('server has gone away')) return 'lost';
  }
  return undefined;
}

/** A failure that says the node is gone or unusable (not a conflict, which any healthy node may raise). */
export function isNodeFailure(kind: FailureKind | undefined): boolean {
  return kind === 'not-ready' || kind === 'refused' || kind === 'lost';
}

/** Where a transaction was when it failed: running its statements, or in COMMIT. */
export type TransactionPhase = 'statements' | 'commit';

/**
 * Whether a failed transaction provably did not commit and may be run again. `otherNodes`: there is
 * another node to run it on (with a single server, a node failure is answered at once, as before).
 */
export function mayRetryTransaction(
  kind: FailureKind | undefined,
  phase: TransactionPhase,
  otherNodes: boolean,
): boolean {
  if (kind === 'conflict') return true;
  if (!otherNodes) return false;
  if (kind === 'not-ready' || kind === 'refused') return true;
  return kind === 'lost' && phase === 'statements';
}

/** A failed statement outside a transaction may be run again when it only reads, or when it never ran. */
export function mayRetryStatement(kind: FailureKind | undefined, reads: boolean, otherNodes: boolean): boolean {
  if (kind === 'conflict') return true;
  if (!otherNodes || !isNodeFailure(kind)) return false;
  return reads || kind !== 'lost';
}

/** The wait before attempt `attempt + 1` (1-based): exponential from 5 ms, capped at 250 ms, fully jittered. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(250, 5 * 2 ** Math.min(attempt, 10));
  return Math.round(random() * ceiling);
}
