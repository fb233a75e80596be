import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CodeBlock,
  ILLUSTRATIONS,
  NOT_RUN,
  RUN,
  brokenLinks,
  codeBlocks,
  commandsOf,
  docPages,
  missingReferences,
  startCommand,
} from './support/docs-blocks.js';
import { freePort, untilListening } from './support/service-process.js';
import { suiteEnv } from './support/suite-env.js';

/**
 * Every command in the docs runs as written (STYLE.md, "Docs by reader"; the convention is in
 * docs/contributors.md, "Commands in the docs"). Each page's `sh` blocks run in order, in bash from
 * the repository root, against the service started as README says (`npm start`: the embedded
 * database, a fresh one per page, with the demo data and its printed API keys). Only the address
 * (`127.0.0.1:3000`, `localhost:3000` → the service's free port) is replaced, and `KEY` is the API key
 * printed for admin@example.com, as README tells the reader to set it. Every command must exit 0 and
 * every curl get a 2xx answer that is not an RPC fault. `sh not-run` blocks say why on their first
 * line; the npm scripts, programs and files of every shell block must exist.
 */

const ROOT = process.cwd();
/** README's two commands, exactly: the first is how this test starts its service, the second the suite it is part of. */
const THE_TWO_COMMANDS = ['npm ci && npm start', 'npm ci && npm test'];
const LISTENING = /listening on http:\/\/127\.0\.0\.1:(\d+)\//;
const ADMIN_KEY = /^\s+admin@example\.com\s+(\w{40})\b/m;

const pages = docPages(ROOT).map((page) => ({ page, blocks: codeBlocks(ROOT, page) }));
const where = (block: CodeBlock) => `${block.page}:${block.line}`;
const isShell = (block: CodeBlock) => block.tag === RUN || block.tag === NOT_RUN;

describe('the docs: code blocks', () => {
  it('are on pages that each say first whom they are for, every one linked from README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const docs = pages.map((p) => p.page).filter((page) => page.startsWith('docs/'));
    expect(docs).toEqual(
      expect.arrayContaining([
        'docs/admins.md',
        'docs/api.md',
        'docs/contributors.md',
        'docs/operators.md',
        'docs/test-authors.md',
      ]),
    );
    const unlinked = docs.filter((page) => !readme.includes(`](${page})`));
    expect(unlinked).toEqual([]);
    // The title, then a paragraph that starts with whom the page is for.
    const unaddressed = docs.filter(
      (page) => !/^# .+\n\n\*\*For [^*]+\*\*:/.test(readFileSync(join(ROOT, page), 'utf8')),
    );
    expect(unaddressed).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const broken = pages.flatMap(({ page }) => brokenLinks(ROOT, page).map((target) => `${page}: ${target}`));
    expect(broken).toEqual([]);
  });

  it('each say what they are: a command (sh), a command not run (sh not-run), or an illustration', () => {
    const untagged = pages
      .flatMap((p) => p.blocks)
      .filter((block) => !isShell(block) && !ILLUSTRATIONS.includes(block.tag))
      .map((block) => `${where(block)} \`\`\`${block.tag}`);
    expect(untagged).toEqual([]);
  });

  it('that are not run say why, in a comment on their first line', () => {
    const silent = pages
      .flatMap((p) => p.blocks)
      .filter((block) => block.tag === NOT_RUN && !/^# \S/.test(block.text))
      .map(where);
    expect(silent).toEqual([]);
  });

  it('name only npm scripts, programs and files that exist (run or not)', () => {
    const missing = pages
      .flatMap((p) => p.blocks)
      .filter(isShell)
      .flatMap((block) => missingReferences(ROOT, block).map((what) => `${where(block)}: ${what}`));
    expect(missing).toEqual([]);
  });

  it('begin README with its two commands, exactly', () => {
    const shell = pages[0].blocks.filter(isShell);
    expect(shell.slice(0, 2).map((block) => [block.tag, block.text])).toEqual(
      THE_TWO_COMMANDS.map((command) => [RUN, command]),
    );
  });
});

/** The service as README starts it: `npm start` (with the block's settings), in its own process group. */
interface RunningService {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startService(command: string, databaseUrl: string): Promise<RunningService> {
  const port = await freePort();
  const child = spawn('bash', ['-c', command], {
    cwd: ROOT,
    env: { ...process.env, ...suiteEnv(), DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm runs the service as a child of its own: the group is stopped as one.
    detached: true,
  });
  // A start that fails stops npm and the service as one group.
  const started = await untilListening(
    child,
    (output) => LISTENING.test(output),
    90_000,
    () => stopGroup(child, 'SIGKILL'),
  );
  expect(Number(LISTENING.exec(started.output())![1])).toBe(port);
  return { child, port, ...started };
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to npm and the service alike (that the service then exits 0 is test/commands.e2e-spec.ts's). */
async function stopService(service: RunningService): Promise<void> {
  stopGroup(service.child, 'SIGTERM');
  await service.exited;
}

interface Outcome {
  code: number | null;
  output: string;
}

/**
 * Runs a block in bash: stops at the first command that fails; curl fails on an HTTP error status
 * (`--fail-with-body`, so its answer is still shown).
 */
function runBlock(text: string, env: Record<string, string>): Promise<Outcome> {
  const script = `set -eo pipefail\ncurl() { command curl --fail-with-body "$@"; }\n${text}\n`;
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** An answer that is an error although its status was 2xx: an RPC fault, or an error envelope. */
const RPC_FAULT = /<fault>|"error"\s*:\s*(?:true|\{)/;

describe.each(pages.filter((p) => p.blocks.some((block) => block.tag === RUN && !isTheTestCommand(block))))(
  'the docs: the commands of $page run as written',
  ({ page, blocks }) => {
    // A fresh embedded database (and HOME) for the page, made when its first command runs.
    let dir = '';
    let databaseUrl = '';
    let service: RunningService | undefined;
    let key = '';

    const start = async (command: string) => {
      if (service) await stopService(service);
      if (!dir) {
        dir = mkdtempSync(join(tmpdir(), 'bzp-docs-'));
        databaseUrl = `sqlite:${join(dir, 'bugzilla.sqlite')}`;
      }
      service = await startService(command, databaseUrl);
      key = ADMIN_KEY.exec(service.output())?.[1] ?? key;
    };

    afterAll(async () => {
      try {
        if (service) await stopService(service);
      } finally {
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    });

    for (const block of blocks.filter((b) => b.tag === RUN && !isTheTestCommand(b))) {
      const command = startCommand(block);
      if (command) {
        it(`${page}:${block.line} starts the service: ${command}`, async () => {
          await start(command);
          expect(key).toMatch(/^\w{40}$/);
        });
        continue;
      }
      it(`${page}:${block.line}: ${commandsOf(block)[0]}`, async () => {
        if (!service) await start('npm start');
        const text = block.text.replace(/\b(?:127\.0\.0\.1|localhost):3000\b/g, `127.0.0.1:${service!.port}`);
        const outcome = await runBlock(text, {
          KEY: key,
          DATABASE_URL: databaseUrl,
          // python-bugzilla keeps its cache and cookies under HOME.
          HOME: dir,
        });
        expect(outcome, outcome.output).toMatchObject({ code: 0 });
        expect(RPC_FAULT.test(outcome.output), outcome.output).toBe(false);
      });
    }
  },
);

/** README's `npm ci && npm test`: the suite this test belongs to (its npm script is checked above). */
function isTheTestCommand(block: CodeBlock): boolean {
  return block.page === 'README.md' && block.text === THE_TWO_COMMANDS[1];
}
