// Runs the consumer examples (examples/*/) against the packed package, as a consumer's CI would:
// packs this project (`npm pack`, from a fresh build), installs the tarball and the example's own
// dependencies from the npm cache (`--prefer-offline`: no network needed once `npm ci` ran), and
// runs the example's `npm test`. Any failure fails `npm test`.
//
// Installing runs no install scripts: better-sqlite3's native module would otherwise be compiled
// again for each example (a minute and a half here); the one this project built is copied in
// when the versions match, else `npm rebuild better-sqlite3` compiles it.
// Usage: node scripts/run-examples.mjs [example ...]   (default: every folder of examples/)
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (command, args, cwd) => {
  try {
    execFileSync(command, args, { cwd, stdio: 'inherit' });
  } catch (error) {
    console.error(`examples: '${[command, ...args].join(' ')}' failed in ${cwd} (${error.status ?? error.signal})`);
    process.exit(1);
  }
};
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];

const examples = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(join(root, 'examples'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);

run(process.execPath, ['scripts/build-if-needed.mjs'], root);
const packDir = mkdtempSync(join(tmpdir(), 'bzp-pack-'));
try {
  const started = performance.now();
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir, ...quiet], {
      cwd: root,
    }).toString(),
  );
  console.log(
    `packed ${packed.filename}: ${(packed.size / 1024).toFixed(0)} kB, ${packed.entryCount} files (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  for (const example of examples) {
    const dir = join(root, 'examples', example);
    console.log(`\n== examples/${example}`);
    copyFileSync(join(packDir, packed.filename), join(dir, 'bugzilla-products.tgz'));
    // A fresh install of the tarball: npm would keep an older copy of the same version otherwise.
    rmSync(join(dir, 'node_modules', 'bugzilla-products'), { recursive: true, force: true });
    run(npm, ['install', '--prefer-offline', '--no-package-lock', '--ignore-scripts', ...quiet], dir);
    provideSqliteBinding(dir);
    run(npm, ['test'], dir);
  }
} finally {
  rmSync(packDir, { recursive: true, force: true });
}

function provideSqliteBinding(dir) {
  const version = (base) =>
    JSON.parse(readFileSync(join(base, 'node_modules/better-sqlite3/package.json'), 'utf8')).version;
  const binding = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  if (version(dir) === version(root)) {
    mkdirSync(join(dir, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
    const temporary = join(dir, `${binding}.tmp`);
    copyFileSync(join(root, binding), temporary);
    renameSync(temporary, join(dir, binding));
  } else {
    run(npm, ['rebuild', 'better-sqlite3', ...quiet], dir);
  }
}
