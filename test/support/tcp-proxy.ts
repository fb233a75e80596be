import net from 'node:net';

/** One proxied connection: the service's socket and ours to MariaDB. */
interface Link {
  client: net.Socket;
  upstream: net.Socket;
  /** The server's answers on this link are dropped (a cut is about to happen). */
  muted?: boolean;
}

/**
 * A TCP proxy between the service and MariaDB that a test can cut, freeze and
 * restore, to see what the service does when its database link drops or hangs.
 *
 * - `cut()`: every open connection is closed and new ones are refused.
 * - `freeze()`: nothing is forwarded any more, but no connection is closed
 *   (a hung network or server); new connections are accepted and hang too.
 * - `cutAtStatement(n)`: the link is cut when the service sends its n-th
 *   packet from now on (before or after that packet reaches the server), to
 *   drop a write at a chosen point of its transaction.
 * - `restore()`: back to forwarding; frozen connections resume where they stopped.
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly links = new Set<Link>();
  private mode: 'open' | 'cut' | 'frozen' = 'open';
  private trap?: { remaining: number; forward: boolean; fired: () => void };
  port = 0;
  /** Packets sent by the service since the proxy started (for choosing a cut point). */
  clientChunks = 0;

  constructor(
    private readonly targetHost = '127.0.0.1',
    private readonly targetPort = 3306,
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket): void {
    if (this.mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    const link: Link = { client, upstream };
    this.links.add(link);
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
        this.links.delete(link);
      });
    }
    client.on('data', (chunk: Buffer) => this.fromClient(link, chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (!client.destroyed && !link.muted) client.write(chunk);
    });
    if (this.mode === 'frozen') this.pause(link);
  }

  private fromClient(link: Link, chunk: Buffer): void {
    this.clientChunks++;
    const trap = this.trap;
    if (trap && --trap.remaining <= 0) {
      this.trap = undefined;
      if (trap.forward) {
        // The packet reaches the server (which has a moment to act on it); its answer never comes back.
        link.muted = true;
        link.upstream.write(chunk, () => setTimeout(() => this.cutAndFire(trap), 50));
        return;
      }
      this.cutAndFire(trap);
      return;
    }
    if (!link.upstream.destroyed) link.upstream.write(chunk);
  }

  private cutAndFire(trap: { fired: () => void }): void {
    this.cut();
    trap.fired();
  }

  private pause(link: Link): void {
    link.client.pause();
    link.upstream.pause();
  }

  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void {
    this.mode = 'cut';
    for (const link of this.links) {
      link.client.destroy();
      link.upstream.destroy();
    }
    this.links.clear();
  }

  /** Stops forwarding in both directions without closing anything, until `restore()`. */
  freeze(): void {
    this.mode = 'frozen';
    for (const link of this.links) this.pause(link);
  }

  /**
   * Cuts the link (as `cut()`) at the service's `n`-th packet from now: with
   * `forward`, that packet is delivered to the server first (e.g. a COMMIT that
   * succeeds while its answer is lost). Resolves when the cut happened.
   */
  cutAtStatement(n: number, forward: boolean): Promise<void> {
    return new Promise((resolve) => {
      this.trap = { remaining: n, forward, fired: resolve };
    });
  }

  /** Cancels a pending `cutAtStatement`; true when it had not fired. */
  disarm(): boolean {
    const armed = this.trap !== undefined;
    this.trap = undefined;
    return armed;
  }

  restore(): void {
    this.mode = 'open';
    for (const link of this.links) {
      link.client.resume();
      link.upstream.resume();
    }
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
