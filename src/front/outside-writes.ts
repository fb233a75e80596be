import cluster from 'node:cluster';
import type { FastifyRequest } from 'fastify';
import { HEADER_NAMES, PARAM_NAMES } from '../auth/credentials.js';
import { LOGIN_COOKIE, readCookie } from '../auth/bugzilla-cookies.js';
import { readFromPrimary } from '../database/read-routing.js';
import { tellSiblings } from '../supervisor/sibling-relay.js';

/**
 * Read-your-writes across the front and Bugzilla (SPEC §13): after a request passed to Bugzilla that
 * may have written (any method but GET, HEAD and OPTIONS) has been answered, that caller's next
 * requests to the service read data no older than that answer. The caller is known by what the
 * request carries that names it — its address, and each credential in its cookies, headers or
 * query (a browser's login cookie, a script's API key) — read when the request is passed on: once a
 * streamed body has been sent on, undici's destroy() of it sets the IncomingMessage's `socket` to
 * null (undici lib/core/util.js), and `request.ip` is undefined from then on.
 *
 * A write is marked when Bugzilla's answer begins and again when the answer has ended: Bugzilla's
 * CGIs print their headers before they write (editcomponents.cgi and its kin), so only the end says
 * the write is committed. Under WORKERS=N the client sees the beginning, and then the end, only once
 * the supervisor has sent the mark to every other worker (sibling-relay.ts): whichever worker its next
 * request reaches, on a new connection or a kept one, has the mark before the request. For
 * `windowMs` after a mark every request of that caller the service serves reads data from a check that
 * started after the mark: the first such request makes the model check again
 * (`refresh`: ModelCache.noteOutsideWrite), and the others are answered from that check or a later
 * one. A mark is not used up by the first request: an unrelated served request of the same caller
 * (show_bug.cgi's own last-visit call, a /metrics scrape from the same host) may come first.
 * With read replicas, those requests' other reads go to the primary, which has the write. Others'
 * requests are untouched.
 *
 * A mark older than `windowMs` is forgotten: the model's bound (CACHE_MAX_STALENESS_MS), or with read
 * replicas their lag allowance if longer — by then every answer reflects the write anyway (SPEC §1).
 * With neither (the model off, no replicas) every answer reads the primary and nothing is marked.
 * Every worker learns each mark, a reload's new workers included (through the supervisor: src/supervisor/).
 */
export class OutsideWrites {
  /** The latest mark of each caller key. */
  private readonly marks = new Map<string, Mark>();
  private static readonly MAX_MARKS = 10_000;
  private readonly onSibling = (message: unknown) => {
    if (isOutsideWriteMessage(message))
      this.mark(message.bzpOutsideWrite, { at: message.at, sentAt: message.sentAt, noted: false });
  };

  constructor(
    private readonly windowMs: number,
    private readonly refresh: (sentAt: number) => void,
  ) {
    // Under WORKERS=N the caller's next request may reach another worker: each learns of the others' marks.
    if (cluster.isWorker && windowMs > 0) process.on('message', this.onSibling);
  }

  /** A request that may write is passed to Bugzilla now: who sent it, and when. */
  passing(request: FastifyRequest): PassedWrite {
    return { keys: callerKeys(request), sentAt: Date.now() };
  }

  /**
   * Bugzilla's answer to a passed request that may have written begins, or has ended. Resolves once
   * every other worker has been sent the mark (at once outside a cluster).
   */
  noteWrite(write: PassedWrite): Promise<void> | undefined {
    if (this.windowMs === 0) return undefined;
    const at = Date.now();
    this.mark(write.keys, { at, sentAt: write.sentAt, noted: false });
    return tellSiblings({ bzpOutsideWrite: write.keys, at, sentAt: write.sentAt } satisfies OutsideWriteMessage);
  }

  /** The application is closing. */
  close(): void {
    process.off('message', this.onSibling);
  }

  private mark(keys: readonly string[], mark: Mark): void {
    if (this.marks.size >= OutsideWrites.MAX_MARKS) this.forgetOld();
    // Still full of fresh marks (an unusual burst): forget them all; the model's bound still holds.
    if (this.marks.size >= OutsideWrites.MAX_MARKS) this.marks.clear();
    for (const key of keys) this.marks.set(key, mark);
  }

  /** A request the service is about to answer: when its caller wrote through Bugzilla, the model checks first. */
  beforeServed(request: FastifyRequest): void {
    if (this.marks.size === 0) return;
    const now = Date.now();
    let marked = false;
    let sentAt: number | undefined;
    for (const key of callerKeys(request)) {
      const mark = this.marks.get(key);
      if (mark === undefined) continue;
      if (now - mark.at >= this.windowMs) {
        this.marks.delete(key);
        continue;
      }
      marked = true;
      // One check after each mark: the model then serves no older data to anyone until it has landed.
      if (mark.noted) continue;
      mark.noted = true;
      sentAt = Math.min(sentAt ?? mark.sentAt, mark.sentAt);
    }
    if (!marked) return;
    if (sentAt !== undefined) this.refresh(sentAt);
    // With read replicas, what this request reads past the model comes from the primary, which has the write.
    readFromPrimary(request);
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [key, mark] of this.marks) if (now - mark.at >= this.windowMs) this.marks.delete(key);
  }
}

/** A passed request that may write: its caller's keys, and when it was sent (Date.now()). */
export interface PassedWrite {
  keys: string[];
  sentAt: number;
}

/** One mark, shared by the keys of its caller (Date.now(): the same clock in every worker). */
interface Mark {
  /** When Bugzilla's answer began or ended. */
  at: number;
  /** When the request was sent to Bugzilla. */
  sentAt: number;
  /** Whether this process's model has been told of it (ModelCache.noteOutsideWrite). */
  noted: boolean;
}

/** A worker's message to its siblings (through the cluster primary) after a passed write. */
interface OutsideWriteMessage {
  bzpOutsideWrite: string[];
  at: number;
  sentAt: number;
}

function isOutsideWriteMessage(message: unknown): message is OutsideWriteMessage {
  const candidate = message as OutsideWriteMessage | null;
  return (
    Array.isArray(candidate?.bzpOutsideWrite) &&
    typeof candidate.at === 'number' &&
    typeof candidate.sentAt === 'number'
  );
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
