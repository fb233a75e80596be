import cluster from 'node:cluster';
import { isPrimaryMessage, type WorkerMessage } from './messages.js';

/**
 * How long a worker waits for the supervisor to say it has passed a message on. It answers at once
 * (one IPC round trip, well under a millisecond); the bound only keeps a caller's answer from hanging
 * on a supervisor that is gone.
 */
const RELAY_ACK_TIMEOUT_MS = 1_000;

const SENT = Promise.resolve();
const waiting = new Map<number, () => void>();
let lastId = 0;
let listening = false;

function onRelayed(message: unknown): void {
  if (!isPrimaryMessage(message) || message.bzp !== 'relayed') return;
  waiting.get(message.id)?.();
}

/**
 * Sends `message` to every other worker, through the supervisor (which also replays the recent ones
 * to workers that start later, as a reload's new workers). Resolves once the supervisor has written it
 * to every other worker's channel: a connection the supervisor hands to a worker after that reaches it
 * behind the message (one channel per worker, read in order), so a caller told of a write only after
 * this resolves finds every worker knowing of it, whichever worker its next connection reaches.
 * Outside a cluster (tests, the kit) it goes nowhere: there are no siblings.
 */
export function tellSiblings(message: unknown): Promise<void> {
  if (!cluster.isWorker || !process.send || !process.connected) return SENT;
  if (!listening) {
    listening = true;
    process.on('message', onRelayed);
  }
  const id = ++lastId;
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, RELAY_ACK_TIMEOUT_MS);
    waiting.set(id, done);
    process.send!({ bzp: 'siblings', message, id } satisfies WorkerMessage, undefined, undefined, (error) => {
      if (error) done();
    });
  });
}
