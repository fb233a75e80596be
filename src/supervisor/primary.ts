import cluster, { type Worker } from 'node:cluster';
import { ConfigError, loadConfig, loadListenSettings } from '../config/app-config.js';
import type { Server } from 'node:http';
import { createRedirectServer } from '../tls/redirect-listener.js';
import { newTicketKeys } from '../tls/ticket-keys.js';
import { isWorkerMessage, type PrimaryMessage, type ReloadReport } from './messages.js';

/**
 * The supervisor (SPEC §17): the cluster primary. It owns the listening socket (node:cluster's
 * round-robin handle, made when the first worker listens and kept while any worker listens) and the
 * workers' life cycle — start, ready, drain, stop — as Node's cluster and Puma's phased restart do.
 * It never loads the application: each worker does, from the code on disk when it starts.
 *
 * - Start: the first worker alone (it alone runs the migrations and demo data), then the others.
 * - SIGHUP: a reload. HOST, PORT and WORKERS are read again (environment and SETTINGS_FILE); a new
 *   generation of workers starts the same way, each listening only once ready (database reached,
 *   model loaded). When all are, the old ones drain: the socket always has a worker listening. If one
 *   cannot start (a bad setting, a build that throws on load, a database it cannot reach), the new
 *   generation is stopped instead, the old one keeps serving, and one line says why.
 * - SIGTERM/SIGINT: every worker drains its in-flight requests and exits; then this process exits.
 * - A serving worker that dies is replaced.
 */

/** How long a new worker may take to be ready (a large catalogue's model loads first). */
const START_TIMEOUT_MS = 10 * 60_000;

/** Sibling messages (callers' writes) replayed to a worker that starts: those of the last minute, at most 10,000. */
const SIBLING_REPLAY_MS = 60_000;
const SIBLING_REPLAY_MAX = 10_000;

class StartFailure extends Error {
  constructor(
    message: string,
    readonly config = false,
  ) {
    super(message);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function listeningLine(host: string, port: number, workers: number, https: boolean): string {
  const line = `bugzilla-products listening on ${https ? 'https' : 'http'}://${host}:${port}/rest (OpenAPI: /api)`;
  return workers > 1 ? `${line} with ${workers} workers` : line;
}

/** HTTP_REDIRECT_PORT's listener, listening on `host`; rejects with one line when the port cannot be had. */
function listenRedirect(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new StartFailure(`HTTP_REDIRECT_PORT ${port} cannot be listened on (${error.code ?? error.message})`, true),
      ),
    );
    server.listen({ host, port }, () => resolve());
  });
}

/**
 * Sends a message to a worker that may be leaving. isConnected() is no promise: its channel can close while
 * the write is under way (a retired worker exits during a reload), and a send without a callback turns
 * that EPIPE into an 'error' event that nobody handles, which ended the supervisor and refused every
 * connection after it (seen under load). A worker that has left needs no message.
 */
function post(worker: Worker, message: PrimaryMessage | object): void {
  if (worker.isConnected()) worker.send(message, undefined, () => undefined);
}

export async function supervise(): Promise<void> {
  // A SIGHUP while the first workers start (Node's default would end the process) reloads once they serve.
  let reload: (() => Promise<void>) | undefined;
  let reloadWhenStarted = false;
  process.on('SIGHUP', () => (reload ? void reload() : (reloadWhenStarted = true)));
  let startConfig;
  try {
    startConfig = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { host, port } = startConfig;
  // TLS session-ticket keys: one set per generation of workers, handed over in each worker's welcome.
  let ticketKeys = newTicketKeys();
  // The redirect listener's settings; ACME_WEBROOT may change at a reload (read again then).
  const redirect = startConfig.redirect && { ...startConfig.redirect };
  let redirectServer: Server | undefined;

  const serving = new Set<Worker>();
  const draining = new Set<Worker>();
  const starting = new Set<Worker>();
  const report: ReloadReport = { counts: { ok: 0, failed: 0 } };
  const recent: { at: number; message: unknown }[] = [];
  let stopping = false;
  let version = 'unknown';

  // What the workers say to each other passes through here, and the recent part is kept for new workers.
  cluster.on('message', (from, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    if (message.bzp === 'hello') {
      const now = Date.now();
      while (recent.length && recent[0].at < now - SIBLING_REPLAY_MS) recent.shift();
      post(from, {
        bzp: 'welcome',
        report,
        replay: recent.map((r) => r.message),
        ticketKeys: ticketKeys.toString('hex'),
      } satisfies PrimaryMessage);
    } else if (message.bzp === 'leaving') {
      post(from, { bzp: 'bye' });
    } else if (message.bzp === 'siblings') {
      recent.push({ at: Date.now(), message: message.message });
      if (recent.length > SIBLING_REPLAY_MAX) recent.shift();
      // Every other worker alive, whatever its state: starting, serving, draining, and also the new workers of a
      // reload that are ready and take connections while the rest of their generation starts (in none of the sets).
      for (const worker of Object.values(cluster.workers ?? {}))
        if (worker && worker !== from) post(worker, message.message as object);
      // Written to every channel: the sender may now let its caller know (sibling-relay.ts).
      post(from, { bzp: 'relayed', id: message.id });
    }
  });

  /** Starts one worker; resolves once it listens, rejects (and makes sure it is gone) if it cannot start. */
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      starting.add(worker);
      let failure: StartFailure | undefined;
      const timer = setTimeout(() => {
        failure = new StartFailure(`a new worker was not ready within ${START_TIMEOUT_MS / 1000} s`);
        worker.process.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      const onMessage = (message: unknown) => {
        if (!isWorkerMessage(message)) return;
        if (message.bzp === 'start-failed') failure = new StartFailure(oneLine(message.reason), message.config);
        if (message.bzp !== 'ready') return;
        version = message.version;
        console.log(`worker ${worker.process.pid} ready (version ${version})`);
        settle();
        resolve(worker);
      };
      const onEarlyExit = (code: number | null, signal: string | null) => {
        settle();
        reject(failure ?? new StartFailure(`a new worker exited (${signal ?? code}) while starting`));
      };
      const settle = () => {
        clearTimeout(timer);
        starting.delete(worker);
        worker.off('message', onMessage);
        worker.off('exit', onEarlyExit);
      };
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
    });

  /** A ready worker retires: it stops taking connections, finishes its requests and exits. */
  const retire = (worker: Worker) => {
    serving.delete(worker);
    draining.add(worker);
    worker.once('exit', (code, signal) => {
      draining.delete(worker);
      console.log(`worker ${worker.process.pid} retired (exit ${signal ?? code})`);
    });
    post(worker, { bzp: 'drain' });
  };

  /** `count` workers, the first alone; all of them ready, or none left running and the reason thrown. */
  const startGeneration = async (count: number): Promise<Worker[]> => {
    const ready: Worker[] = [];
    try {
      ready.push(await fork());
      const rest = await Promise.allSettled(Array.from({ length: count - 1 }, fork));
      for (const r of rest) if (r.status === 'fulfilled') ready.push(r.value);
      const failed = rest.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      return ready;
    } catch (error) {
      for (const worker of ready) retire(worker);
      throw error;
    }
  };

  // A serving worker that dies (not retired, not stopping) is replaced.
  cluster.on('exit', (worker, code, signal) => {
    if (stopping || !serving.delete(worker)) return;
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork()
      .then((fresh) => (stopping ? retire(fresh) : serving.add(fresh)))
      .catch((error: unknown) => console.error(`A replacement worker failed to start: ${(error as Error).message}`));
  });

  try {
    if (redirect) {
      redirectServer = createRedirectServer(redirect, port);
      await listenRedirect(redirectServer, host, redirect.port);
    }
    for (const worker of await startGeneration(startConfig.workers)) serving.add(worker);
  } catch (error) {
    const failure = error as StartFailure;
    console.error(failure.config ? `Configuration error: ${failure.message}` : `Start failed: ${failure.message}`);
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(1);
  }
  console.log(listeningLine(host, port, startConfig.workers, startConfig.tls !== undefined));
  if (redirect) console.log(`redirecting http://${host}:${redirect.port}/ to HTTPS`);

  // The workers' /health and /metrics learn the outcome before the log line says it.
  const tellWorkers = () => {
    for (const worker of serving) post(worker, { bzp: 'report', report });
  };
  let reloading = false;
  let again = false;
  reload = async () => {
    if (stopping) return;
    if (reloading) {
      again = true;
      return;
    }
    reloading = true;
    const began = Date.now();
    const before = version;
    const keysBefore = ticketKeys;
    try {
      let settings;
      try {
        settings = loadListenSettings();
      } catch (error) {
        throw new StartFailure((error as Error).message, true);
      }
      if (settings.host !== host || settings.port !== port)
        throw new StartFailure(
          `HOST and PORT cannot change in a reload (the listening socket stays open): restart the service to move it`,
          true,
        );
      if (settings.redirect?.port !== redirect?.port)
        throw new StartFailure(
          `HTTP_REDIRECT_PORT cannot change in a reload (its listener stays open): restart the service to change it`,
          true,
        );
      console.log(`SIGHUP received: starting ${settings.workers} new worker(s) from the code on disk`);
      // The new generation seals its tickets with new keys (the old one keeps its own until it exits).
      ticketKeys = newTicketKeys();
      const fresh = await startGeneration(settings.workers);
      if (redirect) redirect.acmeWebroot = settings.redirect?.acmeWebroot;
      if (stopping) {
        for (const worker of fresh) retire(worker);
        return;
      }
      const old = [...serving];
      for (const worker of fresh) serving.add(worker);
      for (const worker of old) retire(worker);
      report.counts.ok++;
      report.last = { at: new Date().toISOString(), outcome: 'ok' };
      tellWorkers();
      console.log(
        `Reloaded in ${Date.now() - began} ms: version ${version} serves with ${fresh.length} worker(s); ` +
          `the ${old.length} previous one(s) finish their requests and exit`,
      );
    } catch (error) {
      version = before;
      ticketKeys = keysBefore;
      const reason = oneLine((error as Error).message);
      report.counts.failed++;
      report.last = { at: new Date().toISOString(), outcome: 'failed', reason };
      tellWorkers();
      console.error(`Reload failed: ${reason}; the running workers (version ${before}) keep serving`);
    } finally {
      reloading = false;
    }
    if (again) {
      again = false;
      await reload?.();
    }
  };
  if (reloadWhenStarted) void reload();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: the workers finish their in-flight requests`);
    redirectServer?.close();
    redirectServer?.closeAllConnections();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let failed = false;
    void Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', (code) => {
              if (code !== 0) failed = true;
              resolve();
            });
            worker.process.kill(signal);
          }),
      ),
    ).then(() => process.exit(failed ? 1 : 0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
