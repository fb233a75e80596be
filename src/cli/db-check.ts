import { reportLines, runSanityCheck } from '../consistency/sanity-check.js';
import { runCommand } from './run-command.js';

/**
 * `npm run db:check`: Bugzilla's sanitycheck.cgi for this service's tables, read-only (no
 * migration either). One line per problem in Bugzilla's words on stdout; exit 1 when a
 * referential or flag problem is found, else `No errors have been found.` and exit 0
 * (products without a component or a version are listed but do not fail it: a product
 * exists before its first component).
 */
runCommand(
  'db:check',
  async (ds) => {
    const report = await runSanityCheck(ds);
    for (const line of reportLines(report)) console.log(line);
    return report.failed ? 1 : 0;
  },
  { readOnly: true },
);
