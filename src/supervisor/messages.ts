/**
 * What the supervisor (the cluster primary, primary.ts) and its workers (worker.ts) say to each other
 * over the cluster's IPC channel. Every message carries `bzp`, its kind; the siblings' own messages
 * (read-your-writes marks) travel inside `siblings` and reach the other workers as they were sent.
 */

/** The last reload and how many there were, as the supervisor reports it to each worker (for /health and /metrics). */
export interface ReloadReport {
  /** The last reload tried: when it ended, how, and why not when it failed. Absent before the first. */
  last?: { at: string; outcome: 'ok' | 'failed'; reason?: string };
  counts: { ok: number; failed: number };
}

export type WorkerMessage =
  /** A new worker asks for the reload report and the recent sibling messages before it builds the app. */
  | { bzp: 'hello' }
  /** The worker listens: its model is loaded and its database reached; it takes connections now. */
  | { bzp: 'ready'; version: string }
  /** The worker could not start (and exits): the reason, in one line; `config` when a setting is bad. */
  | { bzp: 'start-failed'; reason: string; config: boolean }
  /** A drained worker is about to exit: the supervisor answers `bye` (see worker.ts's drain). */
  | { bzp: 'leaving' }
  /** A message for every other worker (read-routing.ts's and outside-writes.ts's marks); `relayed` answers `id`. */
  | { bzp: 'siblings'; message: unknown; id: number };

export type PrimaryMessage =
  /** `ticketKeys`: the TLS session-ticket keys of this generation, hex (tls/ticket-keys.ts). */
  | { bzp: 'welcome'; report: ReloadReport; replay: unknown[]; ticketKeys: string }
  | { bzp: 'report'; report: ReloadReport }
  /** Answers `leaving`: no connection is on its way to the worker any more. */
  | { bzp: 'bye' }
  /** The sibling message `id` has been written to every other worker's channel. */
  | { bzp: 'relayed'; id: number }
  /** Stop taking connections, finish the requests in hand, close each connection politely, exit. */
  | { bzp: 'drain' };

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  return typeof (message as { bzp?: unknown } | null)?.bzp === 'string';
}

export function isPrimaryMessage(message: unknown): message is PrimaryMessage {
  return typeof (message as { bzp?: unknown } | null)?.bzp === 'string';
}
