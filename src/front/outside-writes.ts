import type { FastifyRequest } from 'fastify';
import { HEADER_NAMES, PARAM_NAMES } from '../auth/credentials.js';
import { LOGIN_COOKIE, readCookie } from '../auth/bugzilla-cookies.js';

/**
 * Read-your-writes across the front and Bugzilla (SPEC §13): after a request passed to Bugzilla that
 * may have written (any method but GET, HEAD and OPTIONS) has been answered, that caller's next
 * request to the service reads data no older than that answer. The caller is known, before any
 * route runs, by what the request carries that names it: its address, and each credential in its
 * cookies, headers or query (a browser's login cookie, a script's API key). Such a request makes the
 * model check the database again before it answers (`refresh`: ModelCache.noteOutsideWrite), and
 * the change signal says what changed, as for any writer; others' requests are untouched.
 *
 * A mark older than the model's bound (CACHE_MAX_STALENESS_MS) is forgotten: by then every answer
 * reflects the write anyway (SPEC §1). With the model off (bound 0) every answer reads the database
 * and nothing is marked.
 */
export class OutsideWrites {
  /** When each caller key last wrote through Bugzilla (performance.now()). */
  private readonly marks = new Map<string, number>();
  private static readonly MAX_MARKS = 10_000;

  constructor(
    private readonly boundMs: number,
    private readonly refresh: () => void,
  ) {}

  /** A passed request that may have written was answered. */
  noteWrite(request: FastifyRequest): void {
    if (this.boundMs === 0) return;
    if (this.marks.size >= OutsideWrites.MAX_MARKS) this.forgetOld();
    // Still full of fresh marks (an unusual burst): forget them all; the model's bound still holds.
    if (this.marks.size >= OutsideWrites.MAX_MARKS) this.marks.clear();
    const now = performance.now();
    for (const key of callerKeys(request)) this.marks.set(key, now);
  }

  /** A request the service is about to answer: when its caller wrote through Bugzilla, the model checks first. */
  beforeServed(request: FastifyRequest): void {
    if (this.marks.size === 0) return;
    const now = performance.now();
    let wrote = false;
    for (const key of callerKeys(request)) {
      const at = this.marks.get(key);
      if (at === undefined) continue;
      this.marks.delete(key);
      if (now - at < this.boundMs) wrote = true;
    }
    if (wrote) this.refresh();
  }

  private forgetOld(): void {
    const now = performance.now();
    for (const [key, at] of this.marks) if (now - at >= this.boundMs) this.marks.delete(key);
  }
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
