// The service as an operator installs it, for the benchmarks that reload or upgrade it (SPEC §17): a copy
// of the build in a temporary folder (dist/, package.json, node_modules linked), whose version can be
// bumped on disk before a SIGHUP, as `npm ci && npm run build` in place would.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A copy of the build: its folder, its entry point, `upgrade(version)` (a new package.json version), `remove()`. */
export function installedCopy(prefix) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(root, 'dist'), join(folder, 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(folder, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  return {
    folder,
    main: join(folder, 'dist/src/main.js'),
    version: manifest.version,
    upgrade: (version) => writeFileSync(join(folder, 'package.json'), JSON.stringify({ ...manifest, version })),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** The version /health names (on a connection of its own), or undefined when it does not answer. */
export async function healthVersion(base) {
  try {
    const answer = await fetch(`${base}/health`, { headers: { connection: 'close' } });
    return (await answer.json()).version;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MB (/proc), or 0 once it is gone. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
