import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { readSeedFile } from '../seed/seed-file.js';
import { SeedError } from '../seed/seed-validation.js';
import { applyPlan } from './catalog-apply.js';
import { type CatalogClient, pathOf, type Schemas, ServiceError } from './catalog-client.js';
import { type Change, diffCatalogue, type Plan } from './catalog-diff.js';
import { exportYaml } from './catalog-export.js';
import {
  type CatalogueFile,
  desiredCatalogue,
  groupsOf,
  loginsOf,
  referenceProblems,
  shapeProblems,
} from './catalog-file.js';
import { key } from './catalog-model.js';
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
  io.out(exportYaml(live.catalogue, { groups: live.groupsWhole }));
  if (live.notAdministered.length) {
    io.err(
      `catalog export: left out ${plural(live.notAdministered.length, 'product')} that the key's user cannot administer (${NOT_ADMINISTERED})`,
    );
  }
  if (!live.groupsWhole) io.err(`catalog export: left out groups: ${GROUPS_UNREAD}`);
  return EXIT.ok;
}

/** The file, checked for its shape before any request: a SeedError lists every problem by path. */
export function readCatalogueFile(path: string): CatalogueFile {
  const input = readSeedFile(path);
  const problems = shapeProblems(input);
  if (problems.length) throw new SeedError(problems);
  return (input ?? {}) as CatalogueFile;
}

/**
 * Which of these names exist on the service (lower case), read in batches from a route that refuses
 * a batch naming an unknown one (51): a refused batch is looked up in halves until the name is singled
 * out. `undefined` when the caller may not read that route at all (`unreadable`, e.g. Group.get's 805).
 */
async function existingNames(
  names: string[],
  read: (names: string[]) => Promise<string[]>,
  unreadable?: number,
): Promise<Set<string> | undefined> {
  const found = new Set<string>();
  const lookUp = async (batch: string[]): Promise<void> => {
    if (batch.length === 0) return;
    try {
      for (const name of await read(batch)) found.add(key(name));
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 51)) throw error;
      if (batch.length === 1) return;
      const half = Math.ceil(batch.length / 2);
      await lookUp(batch.slice(0, half));
      await lookUp(batch.slice(half));
    }
  };
  try {
    for (let i = 0; i < names.length; i += 200) await lookUp(names.slice(i, i + 200));
  } catch (error) {
    if (unreadable !== undefined && error instanceof ServiceError && error.code === unreadable) return undefined;
    throw error;
  }
  return found;
}

/** Which logins of these exist on the service (lower case). */
async function existingUsers(client: CatalogClient, logins: string[]): Promise<Set<string>> {
  const read = async (names: string[]) =>
    (await client.get<Schemas['UserListDto']>(pathOf('/rest/user'), { query: { names } })).data.users.map(
      (u) => u.name,
    );
  return (await existingNames(logins, read))!;
}

/**
 * The group names the file uses, of those the reads did not show: looked up by name (Group.get answers
 * every name it is asked for to whoever may call it). A caller who may not call it (805) cannot check
 * them: they are taken as they are, and a wrong one is refused by the write that names it.
 */
async function existingGroups(client: CatalogClient, names: string[]): Promise<Set<string>> {
  const read = async (batch: string[]) =>
    (await client.get<Schemas['GroupListDto']>(pathOf('/rest/group'), { query: { names: batch } })).data.groups.map(
      (g) => g.name,
    );
  return (await existingNames(names, read, 805)) ?? new Set(names.map(key));
}

/** An object's name in the file, and its old name when it is renamed. */
function namesOf(o: { name: string; renamed_from?: string }): string[] {
  return o.renamed_from === undefined ? [o.name] : [o.name, o.renamed_from];
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

/** Reads what the plan compares the file with, checks the file's references, and works out the plan. */
export async function makePlan(
  client: CatalogClient,
  file: CatalogueFile,
  prune: boolean,
  command = 'plan',
): Promise<PlanOutcome> {
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
  const problems = referenceProblems(file, live, users, groups);
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
  const file = readCatalogueFile(path);
  const { plan, notes } = await makePlan(client, file, options.prune);
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
  } else {
    const outcome = await makePlan(client, file!, options.prune, 'apply');
    for (const note of outcome.notes) io.err(note);
    plan = outcome.plan;
  }
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
