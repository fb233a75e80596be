import cluster from 'node:cluster';
import type { FastifyRequest } from 'fastify';
import { HEADER_NAMES, PARAM_NAMES } from '../auth/credentials.js';
import { LOGIN_COOKIE, readCookie } from '../auth/bugzilla-cookies.js';
import { readFromPrimary } from '../database/read-routing.js';

/**
 * Read-your-writes across the front and Bugzilla (SPEC §13): after a request passed to Bugzilla that
 * may have written (any method but GET, HEAD and OPTIONS) has been answered, that caller's next
 * request to the service reads data no older than that answer. The caller is known, before any
 * route runs, by what the request carries that names it: its address, and each credential in its
 * cookies, headers or query (a browser's login cookie, a script's API key). Such a request makes the
 * model check the database again before it answers (`refresh`: ModelCache.noteOutsideWrite), and
 * the change signal says what changed, as for any writer; with read replicas, its other reads go to the
 * primary. Others' requests are untouched.
 *
 * A mark older than `windowMs` is forgotten: the model's bound (CACHE_MAX_STALENESS_MS), or with read
 * replicas their lag allowance if longer — by then every answer reflects the write anyway (SPEC §1).
 * With neither (the model off, no replicas) every answer reads the primary and nothing is marked. Under WORKERS=N every worker learns each mark (through the cluster primary).
 */
export class OutsideWrites {
  /** When each caller key last wrote through Bugzilla (Date.now(): the same clock in every worker). */
  private readonly marks = new Map<string, number>();
  private static readonly MAX_MARKS = 10_000;
  private readonly onSibling = (message: unknown) => {
    if (isOutsideWriteMessage(message)) this.mark(message.bzpOutsideWrite, message.at);
  };

  constructor(
    private readonly windowMs: number,
    private readonly refresh: () => void,
  ) {
    // Under WORKERS=N the caller's next request may reach another worker: each learns of the others' marks.
    if (cluster.isWorker && windowMs > 0) process.on('message', this.onSibling);
  }

  /** A passed request that may have written was answered. */
  noteWrite(request: FastifyRequest): void {
    if (this.windowMs === 0) return;
    const keys = callerKeys(request);
    const at = Date.now();
    this.mark(keys, at);
    if (cluster.isWorker && process.send) process.send({ bzpOutsideWrite: keys, at } satisfies OutsideWriteMessage);
  }

  /** The application is closing. */
  close(): void {
    process.off('message', this.onSibling);
  }

  private mark(keys: readonly string[], at: number): void {
    if (this.marks.size >= OutsideWrites.MAX_MARKS) this.forgetOld();
    // Still full of fresh marks (an unusual burst): forget them all; the model's bound still holds.
    if (this.marks.size >= OutsideWrites.MAX_MARKS) this.marks.clear();
    for (const key of keys) this.marks.set(key, at);
  }

  /** A request the service is about to answer: when its caller wrote through Bugzilla, the model checks first. */
  beforeServed(request: FastifyRequest): void {
    if (this.marks.size === 0) return;
    const now = Date.now();
    let wrote = false;
    for (const key of callerKeys(request)) {
      const at = this.marks.get(key);
      if (at === undefined) continue;
      this.marks.delete(key);
      if (now - at < this.windowMs) wrote = true;
    }
    if (!wrote) return;
    this.refresh();
    // With read replicas, what this request reads past the model comes from the primary, which has the write.
    readFromPrimary(request);
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [key, at] of this.marks) if (now - at >= this.windowMs) this.marks.delete(key);
  }
}

/** A worker's message to its siblings (through the cluster primary) after a passed write. */
interface OutsideWriteMessage {
  bzpOutsideWrite: string[];
  at: number;
}

function isOutsideWriteMessage(message: unknown): message is OutsideWriteMessage {
  const candidate = message as OutsideWriteMessage | null;
  return Array.isArray(candidate?.bzpOutsideWrite) && typeof candidate.at === 'number';
}

/** In the cluster primary: passes each worker's passed-write marks to the other workers. */
export function relayOutsideWrites(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isOutsideWriteMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}

/** What in a request names its caller before any route has read it (never stored as such in a log). */
function callerKeys(request: FastifyRequest): string[] {
  const keys = [`ip:${request.ip}`];
  const loginCookie = readCookie(request.headers.cookie, LOGIN_COOKIE);
  if (loginCookie) keys.push(`credential:${loginCookie}`);
  for (const name of [HEADER_NAMES.apiKey, HEADER_NAMES.token, HEADER_NAMES.login]) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') keys.push(`credential:${value}`);
  }
  const query = request.query as Record<string, unknown> | undefined;
  if (query) {
    for (const name of [...PARAM_NAMES.apiKey, ...PARAM_NAMES.token, ...PARAM_NAMES.login]) {
      const value = query[name];
      if (typeof value === 'string' && value !== '') keys.push(`credential:${value}`);
    }
  }
  return keys;
}
