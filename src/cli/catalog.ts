import { parseArgs } from 'node:util';
import {
  applyCommand,
  EXIT,
  exportCommand,
  FileProblems,
  type Output,
  planCommand,
} from '../catalog-as-code/catalog-commands.js';
import { CatalogClient } from '../catalog-as-code/catalog-client.js';
import { SeedError } from '../seed/seed-validation.js';

/**
 * `bugzilla-products catalog export|plan|apply` (SPEC §14): the arguments, the service's address and
 * the caller's API key; the work is the catalogue-as-code module's.
 */
export const CATALOG_USAGE = `usage: bugzilla-products catalog export [--product NAME]...
       bugzilla-products catalog plan FILE [--prune] [--out PLAN]
       bugzilla-products catalog apply FILE|PLAN [--prune] [--yes]
  --url URL          the service (default http://127.0.0.1:3000); a front of a Perl Bugzilla works too
  --api-key KEY      the caller's API key (default: BUGZILLA_API_KEY); the commands have the caller's rights
  --prune            also remove what the file leaves out (within the lists it gives)
  --out PLAN         save the plan (with the objects as read): apply PLAN writes exactly it
  --yes              apply without asking (required without a terminal)
  exit: 0 nothing to change (or done), 2 plan with changes, 1 error`;

/** The process's own streams: what the command prints (an error's text is a line of its own). */
const PROCESS_OUTPUT: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(`${text}\n`),
};

/**
 * Runs one command; resolves with its exit code. `io` and `interactive` are the process's own unless
 * given: the e2e suite runs most commands in its process with an `io` that collects what they print.
 */
export async function runCatalog(
  args: string[],
  env: NodeJS.ProcessEnv,
  io: Output = PROCESS_OUTPUT,
  interactive = Boolean(process.stdin.isTTY),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        url: { type: 'string' },
        'api-key': { type: 'string' },
        product: { type: 'string', multiple: true },
        prune: { type: 'boolean' },
        out: { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    io.err(`catalog: ${(error as Error).message.split('\n')[0]}\n${CATALOG_USAGE}`);
    return EXIT.error;
  }
  const { values, positionals } = parsed;
  const [command, file, ...extra] = positionals;
  if (values.help) {
    io.out(`${CATALOG_USAGE}\n`);
    return EXIT.ok;
  }
  const needsFile = command === 'plan' || command === 'apply';
  if (!['export', 'plan', 'apply'].includes(command ?? '') || (needsFile ? !file || extra.length : file)) {
    io.err(CATALOG_USAGE);
    return EXIT.error;
  }
  const client = new CatalogClient(values.url ?? 'http://127.0.0.1:3000', values['api-key'] ?? env.BUGZILLA_API_KEY);
  try {
    if (command === 'export') return await exportCommand(client, io, values.product);
    if (command === 'plan')
      return await planCommand(client, io, file, { prune: values.prune ?? false, out: values.out });
    return await applyCommand(client, io, file, {
      prune: values.prune ?? false,
      yes: values.yes ?? false,
      interactive,
    });
  } catch (error) {
    if (error instanceof SeedError) {
      io.err(
        `catalog: ${file}: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n  ${error.problems.join('\n  ')}`,
      );
      if (error instanceof FileProblems && error.unchecked) io.err(`  (${error.unchecked})`);
    } else io.err(`catalog ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.error;
  } finally {
    client.close();
  }
}
