import { execFileSync } from 'node:child_process';

/**
 * Builds dist/ once before any e2e file runs: the command-line tests spawn the
 * built commands (as `npm start` and `npm run ...` do), and files running in
 * parallel must not race to build it.
 */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
}
