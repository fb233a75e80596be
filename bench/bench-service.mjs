// What the benches share (SPEC §18's compression, tls and wan; the scale curve): the bench data's fixture,
// the built service started on it as a child process of its own, the median of rounds, and the service's
// memory (/proc) and metrics.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS = join(root, 'bench', 'results');

/** The median of the rounds' values (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** bench/results/fixture.json (`npm run bench:data`), or undefined after saying how to make it. */
export function benchFixture(bench) {
  const fixturePath = join(RESULTS, 'fixture.json');
  if (!existsSync(fixturePath)) {
    console.error(`bench ${bench}: no bench/results/fixture.json: run \`npm run bench:data\` first.`);
    return undefined;
  }
  return JSON.parse(readFileSync(fixturePath, 'utf8'));
}

/**
 * The built service (dist/src/main.js) on the bench database, its output in bench/results/<name>.log:
 * LOG_LEVEL=warn, no demo data, DATABASE_URL from the environment or the fixture, and `env` over those.
 */
export function startBuiltService(name, fixture, env) {
  mkdirSync(RESULTS, { recursive: true });
  const log = openSync(join(RESULTS, `${name}.log`), 'w');
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL || fixture.databaseUrl,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return child;
}

/** A memory field of /proc/<pid>/status (VmRSS, VmHWM) in MiB; NaN when the process is gone. */
export function procStatusMiB(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Resets a process's peak RSS (VmHWM) to its current RSS (Linux clear_refs); false when not allowed. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The value of a metric in the service's /metrics (the first sample of that name), NaN when absent. */
export async function metricValue(url, name) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}
