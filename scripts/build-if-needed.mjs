// Builds dist/ when it is missing or older than any source file, so `npm start`
// and the npm commands work straight after `npm ci`, with no network.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const output = 'dist/src/main.js';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const sources = ['src', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const stale = !existsSync(output) || Math.max(...sources.map(newestMtime)) > statSync(output).mtimeMs;
if (stale) {
  console.log('Building (dist/ is missing or older than the sources)...');
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
if (stale || !existsSync('dist/seed.schema.json')) {
  execFileSync(process.execPath, ['scripts/write-seed-schema.mjs'], { stdio: 'inherit' });
}
