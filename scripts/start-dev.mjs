// `npm run start:dev`: the service, started again at each change of src/. TypeScript's compiler in
// watch mode rewrites dist/, and Node's own watch mode restarts the service when dist/src changes.
// (The Nest CLI's `nest start --watch` did this before; every release of @nestjs/cli 12 and
// @nestjs/schematics 12 needs Node 22.22 or later, and the project runs on Node 20.)
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

// A first build, so that the service starts on the current sources.
execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });

const children = [
  spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch-path=dist/src', 'dist/src/main.js'], { cwd: root, stdio: 'inherit' }),
];

// One ends (or the terminal's Ctrl-C reaches this process): both end.
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
for (const child of children) child.on('exit', stop);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
