import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { dialectOf } from '../database/dialect.js';
import type { Queryable } from './seeder.js';
import type { Seed, SeedControl, SeedFlagTarget, SeedProduct, SeedValue } from './seed.js';
import { SEED_SCHEMA } from './seed-schema.js';

/** A seed that cannot be applied: every problem, each prefixed by its path (`products[2].name: ...`). */
export class SeedError extends Error {
  constructor(readonly problems: string[]) {
    super(`The seed has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
    this.name = 'SeedError';
  }
}

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats.default(ajv, ['date-time']);

/** `/products/2/components/0/name` → `products[2].components[0].name`. */
function pathOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function describe(error: ErrorObject): [path: string, message: string] {
  const path = pathOf(error.instancePath);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  switch (error.keyword) {
    case 'required':
      return [at(String(error.params.missingProperty)), 'is required'];
    case 'additionalProperties':
      return [at(String(error.params.additionalProperty)), 'is not a known key'];
    case 'oneOf':
      return [path, 'must be a name or an object of the documented form'];
    case 'enum':
      return [
        path,
        `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      ];
    default:
      return [path, error.message ?? 'is not valid'];
  }
}

/**
 * A shape check against a JSON Schema of the seed's family (the seed's own, or one derived from it
 * such as the catalogue file's): one line per problem, by path.
 */
export function shapeCheck(schema: object): (input: unknown) => string[] {
  const check = shapeErrorCheck(schema);
  return (input) => check(input).problems;
}

/** The shape check with the schema errors behind its lines (for a caller that checks what it can of a malformed input). */
export function shapeErrorCheck(schema: object): (input: unknown) => { problems: string[]; errors: ErrorObject[] } {
  // Compiled at the first check, not where the check is made: compiling costs a quarter of a second, and
  // the commands that make a check at load (catalog export, --help) and the service without a seed never use it.
  let validateShape: ValidateFunction | undefined;
  return (input) => {
    validateShape ??= ajv.compile(schema);
    const errors = validateShape(input) ? [] : [...(validateShape.errors ?? [])];
    return { problems: problemsOf(errors), errors };
  };
}

function problemsOf(errors: ErrorObject[]): string[] {
  if (errors.length === 0) return [];
  // Inside a oneOf the errors of each branch say nothing useful: the oneOf's own line replaces them.
  const oneOfPaths = errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath);
  const problems = errors
    .filter(
      (e) =>
        e.keyword === 'oneOf' ||
        !oneOfPaths.some((p) => e.instancePath.startsWith(p) && e.schemaPath.includes('oneOf')),
    )
    .map(describe)
    .map(([path, message]) => `${path || '(the seed)'}: ${message}`);
  return [...new Set(problems)];
}

/** The shape check: the seed against its JSON Schema, one line per problem. */
export const shapeProblems = shapeCheck(SEED_SCHEMA);

const CONTROL_RANK: Record<SeedControl, number> = { NA: 0, Shown: 1, Default: 2, Mandatory: 3 };

/** Bugzilla's legal member/other control pairs (Product.pm, `illegal_group_control_combination`). */
export function legalControls(member: SeedControl, other: SeedControl): boolean {
  return member === other || member === 'Shown' || (member === 'Default' && other !== 'Shown');
}

export function controlNumber(control: SeedControl): number {
  return CONTROL_RANK[control];
}

export function valueName(value: SeedValue): string {
  return typeof value === 'string' ? value : value.name;
}

/** `"P"`, `"P:C"` or `{"P": ["C", ...]}` → [product, component or undefined] pairs. */
export function flagTargets(targets: SeedFlagTarget[] | undefined): [string, string | undefined][] {
  const pairs: [string, string | undefined][] = [];
  for (const target of targets ?? []) {
    if (typeof target === 'string') {
      const colon = target.indexOf(':');
      pairs.push(colon < 0 ? [target, undefined] : [target.slice(0, colon), target.slice(colon + 1) || undefined]);
    } else {
      for (const [product, components] of Object.entries(target)) {
        if (components.length === 0) pairs.push([product, undefined]);
        for (const component of components) pairs.push([product, component]);
      }
    }
  }
  return pairs;
}

const lower = (s: string) => s.toLowerCase();

/**
 * What already exists, for the names the seed mentions but does not define: read from the database
 * (here) or, by a client of the service, from its REST API (the catalogue as code).
 */
export interface Existing {
  users: Set<string>;
  groups: Set<string>;
  classifications: Set<string>;
  /** product name (lower case) → its components, versions and milestones (lower case). */
  products: Map<string, { components: Set<string>; versions: Set<string>; milestones: Set<string> }>;
  bugs: Set<number>;
}

async function inChunks<T>(
  names: string[] | number[],
  read: (chunk: (string | number)[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < names.length; i += 500) rows.push(...(await read(names.slice(i, i + 500))));
  return rows;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Reads, a few statements in all, which of the named things exist. */
async function readExisting(db: Queryable, seed: Seed): Promise<Existing> {
  const users = new Set<string>();
  const groups = new Set<string>();
  const classifications = new Set<string>();
  const productNames = new Set<string>();
  for (const product of seed.products ?? []) productNames.add(product.name);
  for (const bug of seed.bugs ?? []) productNames.add(bug.product);
  for (const type of seed.flag_types ?? []) {
    for (const [product] of [...flagTargets(type.inclusions), ...flagTargets(type.exclusions)])
      productNames.add(product);
  }
  for (const user of seed.users ?? []) users.add(user.login);
  for (const login of referencedLogins(seed)) users.add(login);
  for (const group of referencedGroups(seed)) groups.add(group);
  for (const product of seed.products ?? []) if (product.classification) classifications.add(product.classification);

  const existing: Existing = {
    users: new Set(),
    groups: new Set(),
    classifications: new Set(),
    products: new Map(),
    bugs: new Set(),
  };
  const userRows = await inChunks([...users], (c) =>
    db.query(`SELECT login_name AS name FROM profiles WHERE ${dialectOf(db).textIn('login_name', c.length)}`, c),
  );
  for (const row of userRows as { name: string }[]) existing.users.add(lower(row.name));
  const groupRows = await inChunks([...groups], (c) =>
    db.query(`SELECT name FROM \`groups\` WHERE ${dialectOf(db).textIn('name', c.length)}`, c),
  );
  for (const row of groupRows as { name: string }[]) existing.groups.add(lower(row.name));
  const classificationRows = await inChunks([...classifications], (c) =>
    db.query(`SELECT name FROM classifications WHERE ${dialectOf(db).textIn('name', c.length)}`, c),
  );
  for (const row of classificationRows as { name: string }[]) existing.classifications.add(lower(row.name));
  const productRows = (await inChunks([...productNames], (c) =>
    db.query(`SELECT id, name FROM products WHERE ${dialectOf(db).textIn('name', c.length)}`, c),
  )) as { id: number; name: string }[];
  const byId = new Map<number, { components: Set<string>; versions: Set<string>; milestones: Set<string> }>();
  for (const row of productRows) {
    const entry = { components: new Set<string>(), versions: new Set<string>(), milestones: new Set<string>() };
    existing.products.set(lower(row.name), entry);
    byId.set(Number(row.id), entry);
  }
  const ids = [...byId.keys()];
  for (const [table, column, key] of [
    ['components', 'name', 'components'],
    ['versions', 'value', 'versions'],
    ['milestones', 'value', 'milestones'],
  ] as const) {
    const rows = (await inChunks(ids, (c) =>
      db.query(`SELECT product_id, ${column} AS name FROM ${table} WHERE product_id IN (${marks(c.length)})`, c),
    )) as { product_id: number; name: string }[];
    for (const row of rows) byId.get(Number(row.product_id))?.[key].add(lower(row.name));
  }
  const bugIds = [...new Set((seed.last_visits ?? []).map((v) => v.bug))];
  const bugRows = (await inChunks(bugIds, (c) =>
    db.query(`SELECT bug_id FROM bugs WHERE bug_id IN (${marks(c.length)})`, c),
  )) as { bug_id: number }[];
  for (const row of bugRows) existing.bugs.add(Number(row.bug_id));
  return existing;
}

function referencedLogins(seed: Seed): string[] {
  const logins: string[] = [];
  for (const product of seed.products ?? []) {
    for (const c of product.components ?? []) {
      logins.push(c.default_assignee, ...(c.default_qa_contact ? [c.default_qa_contact] : []), ...(c.default_cc ?? []));
    }
  }
  for (const bug of seed.bugs ?? []) {
    logins.push(bug.reporter, ...[bug.assigned_to, bug.qa_contact].filter((l): l is string => !!l), ...(bug.cc ?? []));
  }
  for (const visit of seed.last_visits ?? []) logins.push(visit.user);
  return logins;
}

function referencedGroups(seed: Seed): string[] {
  const groups: string[] = [];
  for (const group of seed.groups ?? []) groups.push(group.name, ...(group.member_of ?? []));
  for (const user of seed.users ?? []) groups.push(...(user.groups ?? []));
  for (const product of seed.products ?? []) groups.push(...(product.group_controls ?? []).map((c) => c.group));
  for (const type of seed.flag_types ?? []) {
    groups.push(...[type.grant_group, type.request_group].filter((g): g is string => !!g));
  }
  for (const bug of seed.bugs ?? []) groups.push(...(bug.groups ?? []));
  return groups;
}

/** Who holds each API key the seed gives (lower-case login), for keys already stored. */
async function keyOwners(db: Queryable, seed: Seed): Promise<Map<string, string>> {
  const keys = (seed.users ?? []).map((u) => u.api_key).filter((k): k is string => !!k);
  const rows = (await inChunks(keys, (c) =>
    db.query(
      `SELECT k.api_key, p.login_name FROM user_api_keys k JOIN profiles p ON p.userid = k.user_id WHERE k.api_key IN (${marks(c.length)})`,
      c,
    ),
  )) as { api_key: string; login_name: string }[];
  // SQLite compares keys case-sensitively, MariaDB's collation does not: compare exactly here.
  return new Map(rows.filter((r) => keys.includes(r.api_key)).map((r) => [r.api_key, lower(r.login_name)]));
}

type ProductParts = { components: Set<string>; versions: Set<string>; milestones: Set<string> };

/** Names defined by the seed itself or present in the database. */
class Known {
  private readonly seedUsers: Set<string>;
  private readonly seedGroups: Set<string>;
  private readonly seedClassifications: Set<string>;
  private readonly seedBugs: Set<number>;

  constructor(
    private readonly seed: Seed,
    private readonly existing: Existing,
  ) {
    this.seedUsers = new Set((seed.users ?? []).map((u) => lower(u.login)));
    this.seedGroups = new Set((seed.groups ?? []).map((g) => lower(g.name)));
    this.seedClassifications = new Set((seed.classifications ?? []).map((c) => lower(c.name)));
    this.seedBugs = new Set((seed.bugs ?? []).map((b) => b.id));
  }

  user = (login: string) => this.seedUsers.has(lower(login)) || this.existing.users.has(lower(login));
  group = (name: string) => this.seedGroups.has(lower(name)) || this.existing.groups.has(lower(name));
  classification = (name: string) =>
    this.seedClassifications.has(lower(name)) || this.existing.classifications.has(lower(name));
  bug = (id: number) => this.seedBugs.has(id) || this.existing.bugs.has(id);

  private seedProducts?: Map<string, SeedProduct[]>;
  private readonly parts = new Map<string, ProductParts | undefined>();

  /** The product's components, versions and milestones: the seed's and the database's (worked out once per name). */
  product(name: string): ProductParts | undefined {
    const k = lower(name);
    if (!this.parts.has(k)) this.parts.set(k, this.partsOf(k));
    return this.parts.get(k);
  }

  private partsOf(name: string): ProductParts | undefined {
    if (!this.seedProducts) {
      this.seedProducts = new Map();
      for (const p of this.seed.products ?? []) {
        const list = this.seedProducts.get(lower(p.name)) ?? [];
        list.push(p);
        this.seedProducts.set(lower(p.name), list);
      }
    }
    const inDatabase = this.existing.products.get(name);
    const inSeed = this.seedProducts.get(name) ?? [];
    if (!inDatabase && inSeed.length === 0) return undefined;
    const parts = {
      components: new Set(inDatabase?.components),
      versions: new Set(inDatabase?.versions),
      milestones: new Set(inDatabase?.milestones),
    };
    for (const product of inSeed) {
      for (const c of product.components ?? []) parts.components.add(lower(c.name));
      // A new product gets its first version and its default milestone (Bugzilla's Product->create).
      if (!inDatabase) parts.versions.add(lower(product.version ?? 'unspecified'));
      for (const v of product.versions ?? []) parts.versions.add(lower(valueName(v)));
      parts.milestones.add(lower(product.default_milestone ?? '---'));
      for (const m of product.milestones ?? []) parts.milestones.add(lower(valueName(m)));
    }
    return parts;
  }
}

/** The same name twice in one list (names are unique, case-insensitively, as in Bugzilla). */
function duplicates<T>(
  items: T[] | undefined,
  key: (item: T) => string | number,
  path: string,
  what: string,
): string[] {
  const seen = new Set<string | number>();
  const problems: string[] = [];
  (items ?? []).forEach((item, i) => {
    const k = key(item);
    const normal = typeof k === 'string' ? lower(k) : k;
    if (seen.has(normal)) problems.push(`${path}[${i}]: ${what} ${JSON.stringify(k)} appears twice`);
    seen.add(normal);
  });
  return problems;
}

/** The reference check: every name the seed uses exists in the seed or the database, and fits. */
export async function referenceProblems(db: Queryable, seed: Seed): Promise<string[]> {
  return referenceProblemsIn(seed, await readExisting(db, seed), await keyOwners(db, seed));
}

/**
 * The reference check against what exists, however it was read: every name the seed uses exists in
 * the seed or in `existing`, and fits. `owners`: who holds each API key the seed gives.
 */
export function referenceProblemsIn(seed: Seed, existing: Existing, owners = new Map<string, string>()): string[] {
  const known = new Known(seed, existing);
  const problems: string[] = [];
  const user = (login: string | undefined, path: string) => {
    if (login !== undefined && !known.user(login)) problems.push(`${path}: no user '${login}'`);
  };
  const group = (name: string | undefined, path: string) => {
    if (name !== undefined && !known.group(name)) problems.push(`${path}: no group '${name}'`);
  };

  problems.push(
    ...duplicates(seed.classifications, (c) => c.name, 'classifications', 'classification'),
    ...duplicates(seed.groups, (g) => g.name, 'groups', 'group'),
    ...duplicates(seed.users, (u) => u.login, 'users', 'user'),
    ...duplicates(seed.products, (p) => p.name, 'products', 'product'),
    ...duplicates(seed.bugs, (b) => b.id, 'bugs', 'bug'),
    ...duplicates(seed.flag_types, (t) => `${t.name}\u0000${t.target_type ?? 'bug'}`, 'flag_types', 'flag type'),
  );
  seed.groups?.forEach((g, i) => g.member_of?.forEach((m, j) => group(m, `groups[${i}].member_of[${j}]`)));
  const keys = new Map<string, number>();
  seed.users?.forEach((u, i) => {
    u.groups?.forEach((g, j) => group(g, `users[${i}].groups[${j}]`));
    if (u.api_key) {
      if (keys.has(u.api_key)) problems.push(`users[${i}].api_key: the same key as users[${keys.get(u.api_key)}]`);
      const owner = owners.get(u.api_key);
      if (owner !== undefined && owner !== lower(u.login))
        problems.push(`users[${i}].api_key: the key of another user`);
      keys.set(u.api_key, i);
    }
  });
  seed.products?.forEach((p, i) => {
    const at = `products[${i}]`;
    if (p.classification !== undefined && !known.classification(p.classification)) {
      problems.push(`${at}.classification: no classification '${p.classification}'`);
    }
    problems.push(
      ...duplicates(p.components, (c) => c.name, `${at}.components`, 'component'),
      ...duplicates(p.versions, valueName, `${at}.versions`, 'version'),
      ...duplicates(p.milestones, valueName, `${at}.milestones`, 'milestone'),
      ...duplicates(p.group_controls, (c) => c.group, `${at}.group_controls`, 'group'),
    );
    p.components?.forEach((c, j) => {
      user(c.default_assignee, `${at}.components[${j}].default_assignee`);
      user(c.default_qa_contact, `${at}.components[${j}].default_qa_contact`);
      c.default_cc?.forEach((login, k) => user(login, `${at}.components[${j}].default_cc[${k}]`));
    });
    p.group_controls?.forEach((c, j) => {
      group(c.group, `${at}.group_controls[${j}].group`);
      const member = c.membercontrol ?? 'NA';
      const other = c.othercontrol ?? 'NA';
      if (!legalControls(member, other)) {
        problems.push(`${at}.group_controls[${j}]: membercontrol ${member} with othercontrol ${other} is not allowed`);
      }
    });
  });
  seed.flag_types?.forEach((t, i) => {
    group(t.grant_group, `flag_types[${i}].grant_group`);
    group(t.request_group, `flag_types[${i}].request_group`);
    for (const list of ['inclusions', 'exclusions'] as const) {
      flagTargets(t[list]).forEach(([product, component]) => {
        const parts = known.product(product);
        if (!parts) problems.push(`flag_types[${i}].${list}: no product '${product}'`);
        else if (component !== undefined && !parts.components.has(lower(component))) {
          problems.push(`flag_types[${i}].${list}: no component '${component}' in product '${product}'`);
        }
      });
    }
  });
  seed.bugs?.forEach((b, i) => {
    const at = `bugs[${i}]`;
    const parts = known.product(b.product);
    if (!parts) problems.push(`${at}.product: no product '${b.product}'`);
    else {
      if (!parts.components.has(lower(b.component))) {
        problems.push(`${at}.component: no component '${b.component}' in product '${b.product}'`);
      }
      if (b.version !== undefined && !parts.versions.has(lower(b.version))) {
        problems.push(`${at}.version: no version '${b.version}' in product '${b.product}'`);
      }
      if (b.target_milestone !== undefined && !parts.milestones.has(lower(b.target_milestone))) {
        problems.push(`${at}.target_milestone: no milestone '${b.target_milestone}' in product '${b.product}'`);
      }
    }
    user(b.reporter, `${at}.reporter`);
    user(b.assigned_to, `${at}.assigned_to`);
    user(b.qa_contact, `${at}.qa_contact`);
    b.cc?.forEach((login, j) => user(login, `${at}.cc[${j}]`));
    b.groups?.forEach((g, j) => group(g, `${at}.groups[${j}]`));
  });
  seed.last_visits?.forEach((v, i) => {
    user(v.user, `last_visits[${i}].user`);
    if (!known.bug(v.bug)) problems.push(`last_visits[${i}].bug: no bug ${v.bug}`);
  });
  return problems;
}

/** Checks the seed as a whole (shape, then references); throws a SeedError listing every problem. */
export async function validateSeed(db: Queryable, input: unknown): Promise<Seed> {
  const shape = shapeProblems(input);
  if (shape.length) throw new SeedError(shape);
  const seed = input as Seed;
  const references = await referenceProblems(db, seed);
  if (references.length) throw new SeedError(references);
  return seed;
}
