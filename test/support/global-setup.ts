import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Tally } from './openapi-check.js';

/**
 * Builds dist/ once before any e2e file runs: the command-line tests spawn the
 * built commands (as `npm start` and `npm run ...` do), and files running in
 * parallel must not race to build it. Gives the files a directory for their counts
 * of answers checked against the OpenAPI document (test/support/openapi-setup.ts),
 * and prints the total at the end.
 */
export default function setup(project: TestProject): () => void {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  const tallyDir = mkdtempSync(join(tmpdir(), 'bzp-openapi-tally-'));
  project.provide('openapiTallyDir', tallyDir);
  return () => {
    const total: Tally = { operations: 0, envelopes: 0, options: 0, outside: 0 };
    for (const file of readdirSync(tallyDir)) {
      for (const line of readFileSync(join(tallyDir, file), 'utf8').split('\n').filter(Boolean)) {
        const counts = JSON.parse(line) as Tally;
        for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += counts[key];
      }
    }
    rmSync(tallyDir, { recursive: true, force: true });
    console.log(
      `OpenAPI: ${total.operations + total.envelopes + total.options} answers checked against the served document ` +
        `(${total.operations} by their operation's schema, ${total.envelopes} errors on undocumented paths or ` +
        `methods by the envelope, ${total.options} OPTIONS); ${total.outside} outside it (RPC, metrics, /api).`,
    );
  };
}
