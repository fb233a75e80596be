import http from 'node:http';
import https from 'node:https';

/** How every request of a load ended. */
export interface LoadTally {
  /** Requests sent. */
  sent: number;
  /** Whole answers, by status. */
  statuses: Record<number, number>;
  /** Requests that got no whole answer, by error (ECONNRESET, socket hang up, timeout, incomplete...). */
  failures: Record<string, number>;
  /** Answers that closed their connection (`Connection: close`): a retiring worker's polite goodbye. */
  closedPolitely: number;
  /** Requests sent on a connection an earlier request had used (keep-alive at work). */
  reused: number;
}

/**
 * A keep-alive load, as a browser or a load balancer's pool sends it: `connections` loops, each sending
 * its next request as soon as the last is answered, through one agent that keeps connections open and
 * reuses them. Every request's outcome is counted; nothing is retried (a reset is a failure).
 */
export class KeepAliveLoad {
  readonly tally: LoadTally = { sent: 0, statuses: {}, failures: {}, closedPolitely: 0, reused: 0 };
  private readonly agent: http.Agent;
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly port: number,
    private readonly paths: string[],
    private readonly connections = 20,
    private readonly timeoutMs = 30_000,
    /** Over HTTPS (SPEC §18): the CA to trust. */
    private readonly tls?: { ca: Buffer },
  ) {
    this.agent = tls
      ? new https.Agent({ keepAlive: true, maxSockets: connections, ca: tls.ca })
      : new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  start(): this {
    this.running = true;
    this.loops = Array.from({ length: this.connections }, async (_, loop) => {
      for (let i = loop; this.running; i++) await this.one(this.paths[i % this.paths.length]);
    });
    return this;
  }

  /** Stops sending, waits for the requests in flight, and closes the agent's connections. */
  async stop(): Promise<LoadTally> {
    this.running = false;
    await Promise.all(this.loops);
    this.agent.destroy();
    return this.tally;
  }

  /** Answered requests so far. */
  answered(): number {
    return Object.values(this.tally.statuses).reduce((a, b) => a + b, 0);
  }

  private one(path: string): Promise<void> {
    this.tally.sent++;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: { status: number; closed: boolean } | { failure: string }) => {
        if (settled) return;
        settled = true;
        const { tally } = this;
        if ('failure' in outcome) tally.failures[outcome.failure] = (tally.failures[outcome.failure] ?? 0) + 1;
        else {
          tally.statuses[outcome.status] = (tally.statuses[outcome.status] ?? 0) + 1;
          if (outcome.closed) tally.closedPolitely++;
        }
        resolve();
      };
      const failed = (error: NodeJS.ErrnoException) => settle({ failure: error.code ?? error.message });
      const get = this.tls ? https.get : http.get;
      const req = get({ host: '127.0.0.1', port: this.port, path, agent: this.agent }, (res) => {
        res.resume();
        res.on('end', () =>
          settle(
            res.complete
              ? { status: res.statusCode!, closed: res.headers.connection === 'close' }
              : { failure: 'incomplete' },
          ),
        );
        res.on('error', failed);
      });
      req.on('socket', (socket: { bzpUsed?: boolean }) => {
        if (socket.bzpUsed) this.tally.reused++;
        socket.bzpUsed = true;
      });
      req.setTimeout(this.timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      req.on('error', failed);
    });
  }
}
