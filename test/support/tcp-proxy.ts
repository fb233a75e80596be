import net from 'node:net';

/**
 * A TCP proxy between the service and MariaDB that a test can cut and restore,
 * to see what the service does when its database link drops.
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private cutOff = false;
  port = 0;

  constructor(
    private readonly targetHost = '127.0.0.1',
    private readonly targetPort = 3306,
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      if (this.cutOff) {
        client.destroy();
        return;
      }
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void {
    this.cutOff = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cutOff = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
