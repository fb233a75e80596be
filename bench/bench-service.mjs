// What the benches of SPEC §18 (compression, tls, wan) share: the bench data's fixture, the built service
// started on it as a child process of its own, and the median of rounds.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
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
