import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReloadReport } from './messages.js';

/**
 * What this process runs and how it got there (SPEC §17), for /health and /metrics: the version of
 * the package its code was loaded from (package.json beside dist/, read once: a reload's new workers
 * read the upgraded one), and the supervisor's report of the last reload.
 */

let version: string | undefined;

/** package.json's `version` of the code this process runs. */
export function runningVersion(): string {
  if (version === undefined) {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
    try {
      const parsed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
      version = typeof parsed.version === 'string' ? parsed.version : 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

let report: ReloadReport = { counts: { ok: 0, failed: 0 } };

/** The last reload as the supervisor last reported it (none outside a supervised worker). */
export function reloadReport(): ReloadReport {
  return report;
}

export function setReloadReport(next: ReloadReport): void {
  report = next;
}
