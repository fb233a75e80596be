import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the e2e files longest first, by the durations a full run measured (test/durations.json), so
 * that the last file to start is a short one and both workers finish together. On a clean clone
 * Vitest knows no durations (its cache is not committed) and orders by file size instead, which once
 * left the 2-minute reload spec to start last, alone on one worker.
 *
 * A file missing from the list (new, renamed) runs first: it may be long. Refresh the list after a
 * full run with `node scripts/test-durations.mjs <vitest json report>`.
 */
export default class DurationSequencer extends BaseSequencer {
  private readonly seconds: Record<string, number> = JSON.parse(
    readFileSync(new URL('../durations.json', import.meta.url), 'utf8'),
  );

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = (file: TestSpecification) => this.seconds[relative(process.cwd(), file.moduleId)] ?? Infinity;
    return [...files].sort((a, b) => known(b) - known(a));
  }
}
