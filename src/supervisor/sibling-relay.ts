import cluster from 'node:cluster';
import type { WorkerMessage } from './messages.js';

/**
 * Sends `message` to every other worker, through the supervisor (which also replays the recent ones
 * to workers that start later, as a reload's new workers). Outside a cluster (tests, the kit) it goes
 * nowhere: there are no siblings.
 */
export function tellSiblings(message: unknown): void {
  if (cluster.isWorker && process.send) process.send({ bzp: 'siblings', message } satisfies WorkerMessage);
}
