import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { readSeedFile } from '../seed/seed-file.js';
import { SeedError } from '../seed/seed-validation.js';
import { applyPlan } from './catalog-apply.js';
import { type CatalogClient, ServiceError } from './catalog-client.js';
import { type Change, diffCatalogue, type Plan } from './catalog-diff.js';
import { exportYaml } from './catalog-export.js';
import {
  type CatalogueFile,
  desiredCatalogue,
  groupsOf,
  loginsOf,
  referenceProblems,
  shapeCheck,
} from './catalog-file.js';
import { key } from './catalog-model.js';
import { type CheckablePart, checkablePart, isStandIn } from './checkable-part.js';
import { existingGroups, existingUsers } from './name-lookups.js';
import { componentKey, type LiveRead, readCatalogue } from './catalog-read.js';
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

/** Why a product the caller can see is not theirs to export or change. */
const NOT_ADMINISTERED =
  "Bugzilla's check_can_admin_product: editcomponents, or a group with editcomponents on the product, " +
  'and membership of its Mandatory groups';
/** Why `groups:` is not exported or compared. */
const GROUPS_UNREAD = "their settings are shown to members of creategroups only (Bugzilla's Group.get)";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function exportCommand(client: CatalogClient, io: Output, products?: string[]): Promise<number> {
  const live = await readCatalogue(client, { products, groupControlsOf: 'all', ccOf: 'all', flagTypes: 'all' });
  for (const piece of exportYaml(live.catalogue, { groups: live.groupsWhole })) io.out(piece);
  if (live.notAdministered.length) {
    io.err(
      `catalog export: left out ${plural(live.notAdministered.length, 'product')} that the key's user cannot administer (${NOT_ADMINISTERED})`,
    );
  }
  if (!live.groupsWhole) io.err(`catalog export: left out groups: ${GROUPS_UNREAD}`);
  return EXIT.ok;
}

/** A catalogue file whose shape is wrong: every problem, and why the names it uses were not checked, if they were not. */
export class FileProblems extends SeedError {
  constructor(
    problems: string[],
    readonly unchecked?: string,
  ) {
    super(problems);
  }
}

/**
 * A well-formed file, or a FileProblems listing every problem of a bad one: those of its shape, then
 * those of the names its well-formed parts use, checked against the service (reads only; nothing is
 * written). Should the service not answer, the shape's problems are listed all the same.
 */
async function checkedFile(client: CatalogClient, input: unknown): Promise<CatalogueFile> {
  const { problems: shape, errors } = shapeCheck(input);
  if (shape.length === 0) return (input ?? {}) as CatalogueFile;
  const checkable = checkablePart(input, errors);
  if (!checkable) throw new FileProblems(shape);
  let names: string[];
  try {
    const { problems } = await readLive(client, checkable.document as CatalogueFile, false);
    names = problems.map((problem) => inFile(checkable, problem));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const why = error.status === 0 ? `the service at ${client.url} did not answer` : error.message;
    throw new FileProblems(shape, `the names it uses were not checked: ${why}`);
  }
  throw new FileProblems([...shape, ...names]);
}

/** A problem of the checkable copy, named by its path in the file. */
function inFile(checkable: CheckablePart, problem: string): string {
  const colon = problem.indexOf(': ');
  return `${checkable.pathInFile(problem.slice(0, colon))}${problem.slice(colon)}`;
}

/** An object's names in the file (its old name too when it is renamed), stand-ins for missing ones aside. */
function namesOf(o: { name: string; renamed_from?: string }): string[] {
  return (o.renamed_from === undefined ? [o.name] : [o.name, o.renamed_from]).filter((name) => !isStandIn(name));
}

/** A plan, with what it left as it is and why (one line each, for stderr). */
export interface PlanOutcome {
  plan: Plan;
  notes: string[];
}

/**
 * The file's products the caller may change: those matched (by name, else by `renamed_from`) to a
 * product they administer, or new. One matched to a product they can see but not administer is left
 * out, and counted.
 */
function administeredPart(
  file: CatalogueFile,
  live: LiveRead,
): { products?: CatalogueFile['products']; leftOut: number } {
  if (!file.products) return { leftOut: 0 };
  const mine = new Set(live.catalogue.products.map((p) => key(p.name)));
  const others = new Set(live.notAdministered.map((p) => key(p.name)));
  const products = file.products.filter((p) => {
    if (mine.has(key(p.name))) return true;
    if (others.has(key(p.name))) return false;
    return p.renamed_from === undefined || !others.has(key(p.renamed_from)) || mine.has(key(p.renamed_from));
  });
  return { products, leftOut: file.products.length - products.length };
}

/** The live catalogue the file is compared with, read for what the file names, and the problems of the names it uses. */
async function readLive(
  client: CatalogClient,
  file: CatalogueFile,
  prune: boolean,
): Promise<{ live: LiveRead; problems: string[] }> {
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
  const unseenGroups = groupsOf(file).filter((name) => !live.groupNames.has(key(name)));
  const groups = new Set([...live.groupNames, ...(await existingGroups(client, unseenGroups))]);
  return { live, problems: referenceProblems(file, live, users, groups) };
}

/**
 * Checks the file (its shape, then the names it uses, against the catalogue read for it) and works
 * out the plan. A bad file is a SeedError listing every problem by path; nothing is written.
 */
export async function makePlan(
  client: CatalogClient,
  input: unknown,
  prune: boolean,
  command = 'plan',
): Promise<PlanOutcome> {
  const file = await checkedFile(client, input);
  const { live, problems } = await readLive(client, file, prune);
  if (problems.length) throw new SeedError(problems);

  const notes: string[] = [];
  const { products, leftOut } = administeredPart(file, live);
  // Under --prune every product the caller cannot administer is kept; otherwise those the file names.
  const kept = prune && file.products ? live.notAdministered.length : leftOut;
  if (kept) {
    notes.push(
      `catalog ${command}: left as they are: ${plural(kept, 'product')} that the key's user cannot administer (${NOT_ADMINISTERED})`,
    );
  }
  const desired = desiredCatalogue({ ...file, products });
  if (file.groups && !live.groupsWhole) {
    desired.groups = undefined;
    notes.push(`catalog ${command}: groups: not compared: ${GROUPS_UNREAD}`);
  }
  return { plan: diffCatalogue(live.catalogue, desired, { prune }), notes };
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
  const { plan, notes } = await makePlan(client, readSeedFile(path), options.prune);
  for (const note of notes) io.err(note);
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

/**
 * The plan apply walks: a saved one (of this service only), or one made now from the file. The file
 * as parsed is let go once the plan is made: only the plan is held while the writes go out.
 */
async function planToApply(client: CatalogClient, io: Output, path: string, prune: boolean): Promise<Plan | undefined> {
  const input = readSeedFile(path);
  if (isSavedPlan(input)) {
    if (input.url === client.url) return { changes: input.changes };
    io.err(`catalog apply: ${path} is a plan of ${input.url}, not of ${client.url}`);
    return undefined;
  }
  const outcome = await makePlan(client, input, prune, 'apply');
  for (const note of outcome.notes) io.err(note);
  return outcome.plan;
}

export async function applyCommand(
  client: CatalogClient,
  io: Output,
  path: string,
  options: { prune: boolean; yes: boolean; interactive: boolean },
): Promise<number> {
  // Checked before any request: without a terminal nobody can answer the question.
  if (!options.yes && !options.interactive) {
    io.err('catalog apply: --yes is required when no terminal can confirm');
    return EXIT.error;
  }
  const plan = await planToApply(client, io, path, options.prune);
  if (!plan) return EXIT.error;
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
