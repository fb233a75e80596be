/** Pieces more than one dialect uses. */

/** Socket errors any driver passes on: the database is out of reach. */
export const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Messages (lower case) of a connection that is gone, closed or not yet there, from the drivers and TypeORM. */
export const CONNECTION_MESSAGES: readonly string[] = [
  'pool is closed',
  'connection is not established',
  'connection is not yet established',
  'connection lost',
  'lost connection',
  'server has gone away',
  'closed state',
  'query inactivity timeout',
  'connect etimedout',
  'database connection is not open',
  'too many connections',
  'queue limit reached',
  // connection-limits.ts: no pooled connection within DB_TIMEOUT_MS
  'timed out waiting for a database connection',
];

/** What every dialect counts as a connection error whatever the driver: sockets, TypeORM's not-connected errors, the messages above. */
export function isGenericConnectionError(e: Record<string, unknown>): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_CODES.has(code)) return true;
  const name = typeof e.name === 'string' ? e.name : '';
  if (name === 'ConnectionIsNotSetError' || name === 'CannotExecuteNotConnectedError') return true;
  const message = typeof e.message === 'string' ? e.message.toLowerCase() : '';
  return CONNECTION_MESSAGES.some((m) => message.includes(m));
}

/** `amount` checked: a whole, non-negative number (it is written into SQL). */
export function wholeAmount(amount: number): number {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`amount must be a non-negative integer (got ${amount})`);
  return amount;
}

/** `?, ?, ?` for `count` values. */
export function placeholderList(count: number, each = '?'): string {
  return Array.from({ length: count }, () => each).join(', ');
}

/** `ON CONFLICT (key) DO UPDATE SET c = excluded.c` (SQLite and PostgreSQL). */
export function onConflictUpdate(insert: string, key: readonly string[], update: readonly string[]): string {
  const set = update.map((column) => `${column} = excluded.${column}`).join(', ');
  return `${insert} ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${set}`;
}
