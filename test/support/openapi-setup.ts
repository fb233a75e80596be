import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { pendingViolations, tally } from './openapi-check.js';
import { startedServices, startedServicesTail } from './service-process.js';

/**
 * Runs before every e2e file (vitest.config.e2e.ts `setupFiles`). A test during which a test app
 * answered something its OpenAPI document does not allow fails with the list; what is left at the
 * end of the file (answers given in an afterAll) fails the file. The counts go to the global
 * setup, which prints the total.
 */

function failOnViolations(when: string): void {
  if (pendingViolations.length === 0) return;
  const problems = pendingViolations.splice(0);
  // While fixing many at once: OPENAPI_VIOLATIONS_LOG=file collects them from every file.
  if (process.env.OPENAPI_VIOLATIONS_LOG)
    appendFileSync(process.env.OPENAPI_VIOLATIONS_LOG, `${problems.join('\n')}\n`);
  const shown = problems.slice(0, 20).join('\n  ');
  const more = problems.length > 20 ? `\n  ... and ${problems.length - 20} more` : '';
  throw new Error(`${problems.length} answer(s) ${when} disagree with the OpenAPI document:\n  ${shown}${more}`);
}

afterEach(() => failOnViolations('during this test'));

// A failed test's message ends with what the service processes it ran said last (or why they exited):
// a refused connection or a wrong answer names its cause without a second run.
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const tail = startedServicesTail();
    if (!tail) return;
    for (const error of task.result?.errors ?? []) error.message = `${error.message}\n${tail}`;
  });
});

afterAll(() => {
  // The file's services are its own: the next file in this worker (modules are kept) starts with none.
  startedServices.clear();
  const dir = inject('openapiTallyDir');
  if (dir) appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(tally)}\n`);
  failOnViolations('after the last test');
});

declare module 'vitest' {
  export interface ProvidedContext {
    openapiTallyDir: string;
  }
}
