import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The fenced code blocks of the docs, and what a shell block refers to (docs/contributors.md,
 * "Commands in the docs"): `sh` blocks are commands the docs test runs as written, `sh not-run`
 * blocks commands it cannot run (their first line a `#` comment saying why); every other block is
 * output, configuration or an illustration and names its language.
 */

export const RUN = 'sh';
export const NOT_RUN = 'sh not-run';
/** Languages of blocks that are not commands. */
export const ILLUSTRATIONS = ['text', 'json', 'yaml', 'ts', 'ini', 'diff', 'sql'];

export interface CodeBlock {
  /** The page, relative to the repository root. */
  page: string;
  /** The line of its opening fence (1-based). */
  line: number;
  /** Its info string (`sh`, `sh not-run`, `json`, ...). */
  tag: string;
  text: string;
}

/** README.md, then the pages of docs/, by name. */
export function docPages(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

export function codeBlocks(root: string, page: string): CodeBlock[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  let open: { line: number; tag: string; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^```(.*)$/.exec(text);
    if (!fence) {
      open?.body.push(text);
      return;
    }
    if (!open) {
      open = { line: index + 1, tag: fence[1].trim(), body: [] };
      return;
    }
    blocks.push({ page, line: open.line, tag: open.tag, text: open.body.join('\n') });
    open = undefined;
  });
  if (open) throw new Error(`${page}:${open.line}: a code block is never closed`);
  return blocks;
}

/** The block's commands: continuation lines joined, comment lines and trailing comments left out. */
export function commandsOf(block: CodeBlock): string[] {
  return block.text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A block that starts the service: `npm start`, with settings before it (and README's `npm ci &&`). */
export function startCommand(block: CodeBlock): string | undefined {
  const commands = commandsOf(block);
  if (commands.length !== 1) return undefined;
  const match = /^(?:npm ci && )?((?:[A-Z][A-Z0-9_]*=\S+ )*npm start)$/.exec(commands[0]);
  return match?.[1];
}

/**
 * What the commands of a block refer to that must exist, and does not: npm scripts missing from
 * package.json, files and directories missing from the repository, `npx` programs that are neither
 * installed nor this package's own.
 */
export function missingReferences(root: string, block: CodeBlock): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    bin?: Record<string, string>;
  };
  const missing: string[] = [];
  for (const command of commandsOf(block)) {
    for (const [, script] of command.matchAll(/\bnpm (?:run(?:-script)? )([\w:.-]+)/g)) {
      if (!pkg.scripts[script]) missing.push(`npm script "${script}"`);
    }
    for (const [, script] of command.matchAll(/\bnpm (start|test)\b/g)) {
      if (!pkg.scripts[script]) missing.push(`npm script "${script}"`);
    }
    if (/\bnpm ci\b/.test(command) && !existsSync(join(root, 'package-lock.json'))) missing.push('package-lock.json');
    for (const [, program] of command.matchAll(/\bnpx (?:--?[\w-]+ )*([\w@/.-]+)/g)) {
      const own = pkg.bin?.[program] !== undefined;
      if (!own && !existsSync(join(root, 'node_modules', '.bin', program))) missing.push(`npx program "${program}"`);
    }
    for (const [, script] of command.matchAll(/\bnode (?:--[\w-]+ )*([^\s;|&]+)/g)) {
      if (!existsSync(join(root, script))) missing.push(script);
    }
    // Paths in the repository: under one of its folders, or a file of its root named ./file.ext.
    const paths = command.matchAll(
      /(?:^|[\s='"])((?:\.\/)?(?:src|test|scripts|bench|docs|seeds|examples|admin-ui|dist)\/[\w./-]*[\w/]|\.\/[\w.-]+\.\w+)/g,
    );
    for (const [, path] of paths) {
      if (!existsSync(join(root, path))) missing.push(path);
    }
  }
  return missing;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings (outside code blocks). */
function anchorsOf(root: string, page: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(root, page), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (!fenced && heading) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

/** The page's relative links (and images) whose file, or heading, does not exist. */
export function brokenLinks(root: string, page: string): string[] {
  const text = readFileSync(join(root, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [file, anchor] = target.split('#');
    const path = file === '' ? page : join(dirname(page), file);
    if (!existsSync(join(root, path))) broken.push(target);
    else if (anchor !== undefined && !anchorsOf(root, path).has(anchor)) broken.push(target);
  }
  return broken;
}
