import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { readSeedFile } from '../seed/seed-file.js';
import { SeedError } from '../seed/seed-validation.js';
import { applyPlan } from './catalog-apply.js';
import { type CatalogClient, pathOf, type Schemas, ServiceError } from './catalog-client.js';
import { type Change, diffCatalogue, type Plan } from './catalog-diff.js';
import { exportYaml } from './catalog-export.js';
import { type CatalogueFile, desiredCatalogue, loginsOf, referenceProblems, shapeProblems } from './catalog-file.js';
import { key } from './catalog-model.js';
import { componentKey, readCatalogue } from './catalog-read.js';
import { changeLine, countsOf, planText, summaryLine } from './plan-printer.js';

/**
 * `catalog export | plan | apply` (SPEC §14): each reads the file and the live catalogue, and hands
 * the plan (plain data) to the printer or the apply walker. Exit codes: 0 nothing to do / done,
 * 2 a plan with changes, 1 an error (a bad file, a refusal, a change made by someone else).
 */

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const EXIT = { ok: 0, error: 1, changes: 2 } as const;

export async function exportCommand(client: CatalogClient, io: Output, products?: string[]): Promise<number> {
  const live = await readCatalogue(client, { products, groupControlsOf: 'all', ccOf: 'all', flagTypes: 'all' });
  io.out(exportYaml(live));
  return EXIT.ok;
}

/** The file, checked for its shape before any request: a SeedError lists every problem by path. */
export function readCatalogueFile(path: string): CatalogueFile {
  const input = readSeedFile(path);
  const problems = shapeProblems(input);
  if (problems.length) throw new SeedError(problems);
  return (input ?? {}) as CatalogueFile;
}

/** Which logins of these exist on the service (lower case): a batch read, one by one only when one is missing. */
async function existingUsers(client: CatalogClient, logins: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const lookUp = async (names: string[]): Promise<void> => {
    if (names.length === 0) return;
    try {
      const answer = await client.get<Schemas['UserListDto']>(pathOf('/rest/user'), { query: { names } });
      for (const user of answer.data.users) found.add(key(user.name));
    } catch (error) {
      // 51: a name is unknown; the rest are looked up in halves until it is singled out.
      if (!(error instanceof ServiceError && error.code === 51)) throw error;
      if (names.length === 1) return;
      const half = Math.ceil(names.length / 2);
      await lookUp(names.slice(0, half));
      await lookUp(names.slice(half));
    }
  };
  for (let i = 0; i < logins.length; i += 200) await lookUp(logins.slice(i, i + 200));
  return found;
}

/** An object's name in the file, and its old name when it is renamed. */
function namesOf(o: { name: string; renamed_from?: string }): string[] {
  return o.renamed_from === undefined ? [o.name] : [o.name, o.renamed_from];
}

/** Reads what the plan compares the file with, checks the file's references, and works out the plan. */
export async function makePlan(client: CatalogClient, file: CatalogueFile, prune: boolean): Promise<Plan> {
  const groupControlsOf = new Set<string>(); // names as the file gives them (new and old)
  const ccOf = new Set<string>();
  const flagTypeNames = new Set<string>();
  for (const product of file.products ?? []) {
    const names = namesOf(product);
    if (product.group_controls) for (const name of names) groupControlsOf.add(name);
    for (const component of product.components ?? []) {
      if (component.default_cc === undefined) continue;
      const own = namesOf(component);
      for (const p of names) for (const c of own) ccOf.add(componentKey(p, c));
    }
  }
  for (const type of file.flag_types ?? []) {
    for (const name of namesOf(type)) flagTypeNames.add(name);
  }
  const [live, users] = await Promise.all([
    readCatalogue(client, {
      groupControlsOf: [...groupControlsOf],
      ccOf,
      // Pruning flag types needs every one; otherwise those the file names are enough.
      flagTypes: prune && file.flag_types ? 'all' : [...flagTypeNames],
    }),
    existingUsers(client, loginsOf(file)),
  ]);
  const problems = referenceProblems(file, live, users);
  if (problems.length) throw new SeedError(problems);
  return diffCatalogue(live, desiredCatalogue(file), { prune });
}

/**
 * A plan saved by `plan --out` (Terraform's `plan -out`): the changes with the objects as the plan
 * read them, so that `apply` of it writes exactly those, each only if its object is still as read.
 */
interface SavedPlan {
  catalog_plan: 1;
  url: string;
  changes: Change[];
}

function isSavedPlan(input: unknown): input is SavedPlan {
  return typeof input === 'object' && input !== null && (input as SavedPlan).catalog_plan === 1;
}

export async function planCommand(
  client: CatalogClient,
  io: Output,
  path: string,
  options: { prune: boolean; out?: string },
): Promise<number> {
  const file = readCatalogueFile(path);
  const plan = await makePlan(client, file, options.prune);
  io.out(planText(plan));
  if (options.out) {
    const saved: SavedPlan = { catalog_plan: 1, url: client.url, changes: plan.changes };
    writeFileSync(options.out, `${JSON.stringify(saved, null, 1)}\n`);
  }
  const counts = countsOf(plan);
  if (counts.error) return EXIT.error;
  return plan.changes.length ? EXIT.changes : EXIT.ok;
}

async function confirmed(): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question('Apply these changes? Only "yes" is accepted: ');
    return answer.trim() === 'yes';
  } finally {
    prompt.close();
  }
}

export async function applyCommand(
  client: CatalogClient,
  io: Output,
  path: string,
  options: { prune: boolean; yes: boolean; interactive: boolean },
): Promise<number> {
  const input = readSeedFile(path);
  const file = isSavedPlan(input) ? undefined : readCatalogueFile(path);
  // Checked before any request: without a terminal nobody can answer the question.
  if (!options.yes && !options.interactive) {
    io.err('catalog apply: --yes is required when no terminal can confirm');
    return EXIT.error;
  }
  let plan: Plan;
  if (isSavedPlan(input)) {
    if (input.url !== client.url) {
      io.err(`catalog apply: ${path} is a plan of ${input.url}, not of ${client.url}`);
      return EXIT.error;
    }
    plan = { changes: input.changes };
  } else plan = await makePlan(client, file!, options.prune);
  io.out(planText(plan));
  if (countsOf(plan).error) {
    io.err('catalog apply: the plan has changes that cannot be done; nothing was applied.');
    return EXIT.error;
  }
  if (plan.changes.length === 0) return EXIT.ok;
  if (!options.yes && !(await confirmed())) {
    io.err('catalog apply: not confirmed; nothing was applied.');
    return EXIT.error;
  }
  const result = await applyPlan(client, plan, (change) => io.out(`done ${changeLine(change)}\n`));
  if (!result.failed) {
    io.out(`\nApplied: ${summaryLine(countsOf(plan))}.\n`);
    return EXIT.ok;
  }
  const notDone: Change[] = [result.failed.change, ...result.notDone];
  io.err(
    [
      `failed ${changeLine(result.failed.change)}`,
      `  ${result.failed.message}`,
      '',
      `Stopped: ${result.done.length} of ${plan.changes.length} changes were applied; these were not:`,
      ...notDone.map((c) => `  ${changeLine(c)}`),
      '',
      'Run plan again to see what is left; apply again continues from here.',
    ].join('\n'),
  );
  return EXIT.error;
}
