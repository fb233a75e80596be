import { readFileSync } from 'node:fs';
export { logTail } from '../../bench/processes.mjs';

/**
 * Waiting for a state, never for a length of time: the suite runs on a busy two-core machine, where
 * "long enough" is never known. A wait polls its condition until it holds, and at its deadline fails
 * naming the condition that never came (and what was seen last, when the caller says).
 */

/** Deadlines generous enough for a loaded two-core machine (a server start there once took 25 s). */
export const SERVER_START_MS = 90_000;
export const STATE_CHANGE_MS = 30_000;

export interface WaitOptions {
  /** How long to wait before failing (default STATE_CHANGE_MS). */
  timeoutMs?: number;
  /** Between two checks (default 50 ms). */
  intervalMs?: number;
  /** What was seen at the deadline, for the message (a log's tail, the last status). */
  seen?: () => string | Promise<string>;
  /** Checked before each round: a reason here ends the wait at once (the server it waits on exited). */
  giveUp?: () => string | undefined;
}

/**
 * Resolves with the condition's first truthy value; rejects at the deadline with
 * "waited N ms for <what>" and what was seen. A check that throws counts as "not yet".
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  { timeoutMs = STATE_CHANGE_MS, intervalMs = 50, seen, giveUp }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    const reason = giveUp?.();
    if (reason) throw new Error(`gave up waiting for ${what}: ${reason}`);
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() - started > timeoutMs) {
      const detail = seen ? await seen() : lastError ? String((lastError as Error).message ?? lastError) : '';
      throw new Error(`waited ${Date.now() - started} ms for ${what}${detail ? `; last seen:\n${detail}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Until `answers` (a list a load keeps appending to) holds `count` more than now: a phase of a test under
 * load lasts so many answers, not so many milliseconds.
 */
export function untilMoreAnswers(answers: readonly unknown[], count: number, phase: string, timeoutMs = 60_000) {
  const target = answers.length + count;
  return waitFor(`${count} more answers ${phase}`, () => answers.length >= target, { timeoutMs });
}

/** Whether a process with this pid still runs (a zombie, which holds nothing any more, counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The pids of a process's children (from /proc: read before it is killed, since they outlive it). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
