import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerHttp2Session } from 'node:http2';
import net, { type Socket } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../bootstrap.js';
import { loadConfig } from '../config/app-config.js';
import { processScavenger } from '../config/garbage-collector.js';
import { isPrimaryMessage, type WorkerMessage } from './messages.js';
import { runningVersion, setReloadReport } from './release.js';
import { setSharedTicketKeys } from '../tls/ticket-keys.js';
import { goAway } from '../tls/http2-drain.js';

/**
 * One worker's life (SPEC §17), as the supervisor (primary.ts) drives it: start (read the settings,
 * build the app: database reached, model loaded, change stream caught up), then listen — only now does
 * it take connections — and say it is ready; serve; on `drain`, stop taking connections, finish what it
 * has, close each keep-alive connection politely, exit. It knows nothing of reloads.
 */

function send(message: WorkerMessage): void {
  // With a callback, a supervisor gone meanwhile is an EPIPE handed here, not an 'error' event that ends the worker.
  process.send?.(message, undefined, undefined, () => undefined);
}

/**
 * The supervisor's welcome: the reload report, and its recent sibling messages (callers' writes a
 * sibling has seen) so that this worker keeps their read-your-writes promise from its first request.
 */
function greetSupervisor(): Promise<unknown[]> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      process.off('message', onWelcome);
      resolve([]);
    }, 10_000);
    const onWelcome = (message: unknown) => {
      if (!isPrimaryMessage(message) || message.bzp !== 'welcome') return;
      clearTimeout(timer);
      process.off('message', onWelcome);
      setReloadReport(message.report);
      setSharedTicketKeys(message.ticketKeys);
      resolve(message.replay);
    };
    process.on('message', onWelcome);
    send({ bzp: 'hello' });
  });
}

/** Builds the app and serves until told to drain or to stop. */
export async function serveAsWorker(): Promise<void> {
  // Sibling messages that arrive while the app is being built are kept, and given to it once it is.
  const early: unknown[] = [];
  const keep = (message: unknown) => void (isPrimaryMessage(message) || early.push(message));
  process.on('message', keep);
  const replay = await greetSupervisor();

  // A bad setting or a failed build throws to main.ts, which tells the supervisor why, in one line.
  const config = loadConfig();
  processScavenger.serveOnOneThread();
  const app: NestFastifyApplication = await createApp(config);
  process.off('message', keep);
  // The app's own listeners are in place now: they read the replayed and early messages as live ones.
  for (const message of [...replay, ...early]) process.emit('message', message, undefined);
  process.on('message', (message: unknown) => {
    if (!isPrimaryMessage(message)) return;
    if (message.bzp === 'report') setReloadReport(message.report);
    if (message.bzp === 'drain') drain();
  });

  const server = app.getHttpServer() as Server;
  const politely = closeConnectionsPolitely(server);
  await app.listen({ host: config.host, port: config.port });
  send({ bzp: 'ready', version: runningVersion() } satisfies WorkerMessage);

  let closed: Promise<void> | undefined;
  const close = (why: string, leave: () => Promise<void> = async () => undefined) =>
    (closed ??= app
      .close()
      .then(leave)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`${why} failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      }));
  // Drain: no new connections reach this worker (the supervisor's socket hands them to the others); each
  // connection ends once it has answered (see closeConnectionsPolitely); then the app closes. (net's
  // close, not http's: http's also cuts the idle keep-alive connections at once.)
  let draining = false;
  const drain = () => {
    if (draining || closed) return;
    draining = true;
    politely();
    net.Server.prototype.close.call(server, () => void close('Drain', leaveSupervisor));
  };
  // Graceful shutdown (SIGTERM/SIGINT, from the supervisor or the terminal's process group), while
  // draining too: stop accepting, let in-flight requests finish, close the pool, exit 0. A second
  // signal changes nothing.
  const shutdown = (signal: string) => {
    if (closed) return;
    console.log(`${signal} received: finishing in-flight requests`);
    // HTTP/2 sessions are told to end (GOAWAY) too: an idle one would otherwise hold the close until it times out.
    politely();
    void close('Shutdown');
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * A drained worker's last word before it exits. The supervisor hands each connection to a worker over
 * that worker's IPC channel; one handed over just before the supervisor learnt that this worker stopped
 * listening is still on its way, and is refused and handed to another worker when read — but a worker
 * that exited first never reads it, and that client would wait forever. The supervisor's `bye` comes
 * down the same channel after any such connection (it answers `leaving`, which this worker sends after
 * the listening handle's own close message), so once it has come, nothing is left on the way.
 */
function leaveSupervisor(): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    const timer = setTimeout(finish, 5_000);
    function finish() {
      clearTimeout(timer);
      process.off('message', onBye);
      resolve();
    }
    function onBye(message: unknown) {
      if (isPrimaryMessage(message) && message.bzp === 'bye') finish();
    }
    process.on('message', onBye);
    send({ bzp: 'leaving' });
  });
}

/**
 * Makes every answer from now on end its connection (`Connection: close`), as nginx and Puma do when a
 * worker retires: the client reads the whole answer, knows not to reuse the connection, and opens its
 * next one on the listening socket, which the new workers serve. A connection idle at that moment is
 * left open until its next request (answered, with `Connection: close`) or its keep-alive timeout, as
 * at any other time: closing it now could cross a request the client is sending, which would be lost.
 * Returns the switch; until it is thrown, answers keep their connection as usual.
 */
function closeConnectionsPolitely(server: Server): () => void {
  // The connections, to reach the answers under way when the switch is thrown (a cost per connection,
  // none per request).
  const connections = new Set<Socket>();
  // HTTP/2 sessions (SPEC §18), to send each a GOAWAY when the switch is thrown.
  const sessions = new Set<ServerHttp2Session>();
  let thrown = false;
  server.on('session', (session: ServerHttp2Session) => {
    // A connection whose handshake ended after the switch: told at once to take its streams elsewhere.
    if (thrown) return goAway(session);
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const track = (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  };
  // Over HTTPS the answers are on the TLS socket, which exists once its handshake is done.
  server.on('connection', track);
  server.on('secureConnection', track);
  return () => {
    if (thrown) return;
    thrown = true;
    // HTTP/2: GOAWAY on each session (tls/http2-drain.ts). The streams under way finish, the client opens its
    // next ones on a new connection, which the new workers take, and the session closes after its last stream.
    for (const session of sessions) goAway(session);
    // Answers from now on: before the app's own listener, so that their headers are not written yet.
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.shouldKeepAlive = false;
    });
    // Answers under way whose headers have not left yet (Node's http keeps a socket's current answer there).
    for (const socket of connections) {
      const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (response && !response.headersSent) response.shouldKeepAlive = false;
    }
  };
}
