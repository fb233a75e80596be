import cluster from 'node:cluster';
import type { WorkerMessage } from './supervisor/messages.js';

/**
 * `node dist/src/main.js`: the supervisor (SPEC §17), or one of its workers. The supervisor owns the
 * listening socket and the workers' life cycle and never loads the application itself, so that a
 * reload (SIGHUP) starts workers from the code on disk. A worker loads the application, serves, and
 * drains when told.
 */

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A worker that cannot start says why to the supervisor (which logs it, once) and exits 1. */
function workerStartFailed(reason: string, config: boolean): void {
  const message: WorkerMessage = { bzp: 'start-failed', reason, config };
  if (process.send) process.send(message, () => process.exit(1));
  else {
    console.error(`Start failed: ${reason}`);
    process.exit(1);
  }
}

if (cluster.isPrimary) {
  const { supervise } = await import('./supervisor/primary.js');
  await supervise();
} else {
  // SIGHUP is the supervisor's: a terminal's hang-up reaches the whole process group, and a worker ignores it.
  process.on('SIGHUP', () => undefined);
  let serveAsWorker: (() => Promise<void>) | undefined;
  try {
    ({ serveAsWorker } = await import('./supervisor/worker.js'));
  } catch (error) {
    workerStartFailed(`the code failed to load: ${errorText(error)}`, false);
  }
  if (serveAsWorker)
    // (ConfigError by name: this module does not load the settings code itself.)
    await serveAsWorker().catch((error: unknown) =>
      workerStartFailed(errorText(error), (error as object | undefined)?.constructor?.name === 'ConfigError'),
    );
}
