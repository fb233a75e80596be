import { runSanityCheck } from '../../src/consistency/sanity-check.js';
import type { TestApp } from './test-app.js';

/**
 * The end of every suite that writes through the administration API: what `npm run db:check`
 * (Bugzilla's sanitycheck.cgi) finds must be nothing a Perl Bugzilla would reject. Products
 * without a component or version are allowed (a product exists before its first component).
 */
export async function expectBugzillaConsistent(app: TestApp): Promise<void> {
  const report = await runSanityCheck(app.ds);
  expect(report.problems.filter((problem) => problem.kind !== 'product').map((p) => p.message)).toEqual([]);
}

/** The last test of a suite: its writes left the database as Bugzilla would. */
export function itLeavesTheDatabaseConsistent(app: () => TestApp): void {
  it('leaves every row as a Perl Bugzilla would (db:check finds nothing)', async () => {
    await expectBugzillaConsistent(app());
  });
}
