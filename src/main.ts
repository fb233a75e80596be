import 'reflect-metadata';
import cluster, { type Worker } from 'node:cluster';
import { createApp } from './bootstrap.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { processScavenger } from './config/garbage-collector.js';
import { relayCallerWrites } from './database/read-routing.js';
import { relayOutsideWrites } from './front/outside-writes.js';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function listeningLine(config: AppConfig): string {
  return `bugzilla-products listening on http://${config.host}:${config.port}/rest (OpenAPI: /api)`;
}

/** Serves from this process (WORKERS=1, or one worker of many). */
async function serve(config: AppConfig): Promise<void> {
  processScavenger.serveOnOneThread();
  const app = await createApp(config);
  await app.listen({ host: config.host, port: config.port });
  if (cluster.isWorker) {
    console.log(`worker ${process.pid} ready`);
    process.send?.({ bzpWorkerReady: true });
  } else console.log(listeningLine(config));

  // Graceful shutdown: stop accepting, let in-flight requests finish, close the pool, exit 0.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing in-flight requests`);
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  };
  // A worker may get a signal twice (from the terminal's process group and from the cluster primary):
  // it keeps draining. Alone, a second Ctrl-C stops the process at once.
  const listen = cluster.isWorker ? process.on.bind(process) : process.once.bind(process);
  listen('SIGTERM', () => shutdown('SIGTERM'));
  listen('SIGINT', () => shutdown('SIGINT'));
}

/**
 * WORKERS=N: N processes share the port (node:cluster hands each new connection to one of them).
 * The first worker starts alone, so that it alone runs the migrations (and demo data); the others
 * follow once it listens. SIGTERM/SIGINT are passed to every worker, which drain as one process
 * would; this process exits when all of them have. A worker that dies otherwise is replaced.
 */
async function supervise(config: AppConfig): Promise<void> {
  relayCallerWrites();
  relayOutsideWrites();
  let stopping = false;
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const onMessage = (message: { bzpWorkerReady?: boolean }) => {
        if (!message?.bzpWorkerReady) return;
        worker.off('message', onMessage);
        worker.off('exit', onEarlyExit);
        resolve(worker);
      };
      const onEarlyExit = (code: number | null) => reject(new Error(`a worker exited with ${code} while starting`));
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
    });

  await fork();
  await Promise.all(Array.from({ length: config.workers - 1 }, fork));
  console.log(`${listeningLine(config)} with ${config.workers} workers`);

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork().catch((error: unknown) => console.error(error instanceof Error ? error.message : String(error)));
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: the workers finish their in-flight requests`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let failed = false;
    Promise.all(
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

const config = readConfig();
const start = cluster.isPrimary && config.workers > 1 ? supervise(config) : serve(config);
start.catch((error: unknown) => {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
  if (cluster.isPrimary) for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  process.exit(1);
});
