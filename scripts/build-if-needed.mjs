// Builds dist/ when it is missing or older than any source file, so `npm start`
// and the npm commands work straight after `npm ci`, with no network: the service
// (tsc) and the admin console (admin-ui/build.mjs), each only when its own sources changed.
// `npm run build` calls it with --service: the service is built whatever its age (and stamped, so that
// the next `npm start` does not build it again under a running service), the console left to build:admin-ui.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

function isStale(output, sources) {
  return !existsSync(output) || Math.max(...sources.map(newestMtime)) > statSync(output).mtimeMs;
}

const lock = 'package-lock.json';
// tsc is incremental: it leaves unchanged outputs untouched, so a stamp written after each
// build (not dist/src/main.js's own time) says when dist/ was last brought up to date.
const buildStamp = 'dist/.build-stamp';
const always = process.argv.includes('--service');
const stale =
  always ||
  !existsSync('dist/src/main.js') ||
  isStale(buildStamp, ['src', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', lock]);
if (stale) {
  if (!always) console.log('Building the service (dist/ is missing or older than the sources)...');
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
  writeFileSync(buildStamp, `${new Date().toISOString()}\n`);
}
if (!always && isStale('dist/admin-ui/app.js', ['admin-ui', lock])) {
  console.log('Building the admin console...');
  execFileSync(process.execPath, ['admin-ui/build.mjs'], { stdio: 'inherit' });
}
if (stale || !existsSync('dist/seed.schema.json')) {
  execFileSync(process.execPath, ['scripts/write-seed-schema.mjs'], { stdio: 'inherit' });
}
