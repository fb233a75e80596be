// Writes test/durations.json, the e2e files' durations that test/support/duration-sequencer.ts orders
// the suite by (longest first), from what Vitest measured in this checkout's last run (its cache,
// node_modules/.vite/vitest/*/results.json). Run it after a full `npm test` on a quiet machine.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cacheDir = join(root, 'node_modules/.vite/vitest');
const seconds = {};
for (const hash of readdirSync(cacheDir)) {
  const { results } = JSON.parse(readFileSync(join(cacheDir, hash, 'results.json'), 'utf8'));
  for (const [key, { duration }] of results) {
    const file = key.slice(key.indexOf(':') + 1);
    if (file.endsWith('.e2e-spec.ts') && duration > 0) seconds[file] = Math.round(duration / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync(join(root, 'test/durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `test/durations.json: ${Object.keys(sorted).length} files, ${Object.values(sorted)
    .reduce((s, n) => s + n, 0)
    .toFixed(0)} s in all`,
);
