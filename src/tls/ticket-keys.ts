import { randomBytes } from 'node:crypto';

/**
 * The session-ticket keys of this process's TLS context (SPEC §18's session resumption). The supervisor
 * makes them and hands them to every worker it starts, so that a client resumes its session whichever
 * worker its next connection reaches (node:cluster hands connections round-robin); a reload makes new
 * ones, so that a key does not outlive the generation of workers it was made for by long (a leaked key
 * would read every session it sealed: forward secrecy asks for keys that change).
 */

let keys: Buffer | undefined;

/** New keys: 48 random bytes (a name, an HMAC secret and an AES key, as Node's `ticketKeys` wants them). */
export function newTicketKeys(): Buffer {
  return randomBytes(48);
}

/** The keys the supervisor gave this worker, if any (a process of its own makes its own context's). */
export function sharedTicketKeys(): Buffer | undefined {
  return keys;
}

export function setSharedTicketKeys(hex: string | undefined): void {
  keys = hex && /^[0-9a-f]{96}$/.test(hex) ? Buffer.from(hex, 'hex') : undefined;
}
