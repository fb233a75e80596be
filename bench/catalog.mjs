#!/usr/bin/env node
// The catalogue as code on the bench data (SPEC §14): how long `catalog plan` of the whole catalogue
// takes, and `catalog apply` of 100 component changes, through the built command against a running
// service, and the command's peak memory (RSS) in each.
//
//   node bench/catalog.mjs --url http://127.0.0.1:3000 --api-key KEY [--export FILE] [--runs 3] [--changes 100]
//
// The key must be an administrator's (editcomponents). --export reuses an export made earlier; without
// it the export is made first and timed too (about 6 s on the bench data). The 100 changed descriptions are put back afterwards, so the
// data is as before (plus audit_log rows).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(root, 'dist/src/cli/bugzilla-products.js');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const url = option('url', 'http://127.0.0.1:3000');
const apiKey = option('api-key', process.env.BUGZILLA_API_KEY);
const runs = Number(option('runs', '3'));
const changes = Number(option('changes', '100'));
if (!apiKey) {
  console.error('bench/catalog.mjs: --api-key (or BUGZILLA_API_KEY) of an administrator is required');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'bzp-catalog-bench-'));

const MAX_RSS = join(root, 'bench/max-rss.mjs');
const rssFile = join(dir, 'max-rss');

/**
 * Runs the command; answers seconds elapsed, its peak RSS (MB) and its exit code (2 is a plan with
 * changes, not a failure).
 */
function timed(args) {
  const started = process.hrtime.bigint();
  let code = 0;
  let stdout = '';
  rmSync(rssFile, { force: true });
  try {
    stdout = execFileSync(
      process.execPath,
      ['--import', MAX_RSS, BIN, 'catalog', ...args, '--url', url, '--api-key', apiKey],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, BENCH_MAX_RSS_FILE: rssFile },
      },
    );
  } catch (error) {
    code = error.status;
    stdout = error.stdout;
  }
  const megabytes = (Number(readFileSync(rssFile, 'utf8')) * 1024) / 1e6;
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, megabytes, code, stdout };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (s) => `${s.toFixed(2)} s`;
const mem = (mb) => `${Math.round(mb)} MB`;

let exportFile = option('export');
if (!exportFile) {
  const exported = timed(['export']);
  if (exported.code !== 0) throw new Error(`export failed (${exported.code})`);
  exportFile = join(dir, 'catalogue.yaml');
  writeFileSync(exportFile, exported.stdout);
  console.log(
    `export: ${fmt(exported.seconds)} (${(exported.stdout.length / 1e6).toFixed(1)} MB), peak RSS ${mem(exported.megabytes)}`,
  );
}
const text = readFileSync(exportFile, 'utf8');
const products = (text.match(/^  - name: /gm) ?? []).length;
const components = (text.match(/^      - name: .*\n        description: /gm) ?? []).length;

const plans = [];
const planPeaks = [];
for (let i = 0; i < runs; i++) {
  const plan = timed(['plan', exportFile]);
  if (plan.code !== 0) throw new Error(`plan of the export found changes or failed (exit ${plan.code})`);
  plans.push(plan.seconds);
  planPeaks.push(plan.megabytes);
}
console.log(
  `plan of the whole catalogue (${products} products and flag types, ${components} components): ` +
    `median ${fmt(median(plans))} of ${runs} (${plans.map(fmt).join(', ')}); ` +
    `peak RSS ${planPeaks.map(mem).join(', ')}`,
);

// The component changes: the description of the first components.
let changed = 0;
const edited = text.replace(/^(      - name: .*\n        description: )(.*)$/gm, (line, head, description) =>
  changed++ < changes ? `${head}${JSON.stringify(`${description} (bench edit)`)}` : line,
);
const editedFile = join(dir, 'edited.yaml');
writeFileSync(editedFile, edited);
const plan = timed(['plan', editedFile]);
if (plan.code !== 2 || !plan.stdout.includes(`0 to add, ${changes} to change, 0 to remove`)) {
  throw new Error(`the edited file should plan ${changes} changes:\n${plan.stdout.slice(-500)}`);
}
const apply = timed(['apply', editedFile, '--yes']);
if (apply.code !== 0) throw new Error(`apply failed (${apply.code})`);
console.log(
  `apply of ${changes} component changes: ${fmt(apply.seconds)} for the command, its own plan of the whole ` +
    `catalogue included (that plan alone: ${fmt(plan.seconds)}; the writes: about ${fmt(apply.seconds - plan.seconds)}); ` +
    `peak RSS ${mem(apply.megabytes)}`,
);
const back = timed(['apply', exportFile, '--yes']);
if (back.code !== 0) throw new Error(`putting the descriptions back failed (${back.code})`);
console.log(`(put back in ${fmt(back.seconds)})`);
