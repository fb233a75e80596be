import type { Seed, SeedComponent, SeedFlagTarget, SeedProduct, SeedValue } from '../seed/seed.js';
import { SEED_SCHEMA } from '../seed/seed-schema.js';
import { type Existing, flagTargets, referenceProblemsIn, shapeErrorCheck } from '../seed/seed-validation.js';
import {
  ANY_PRODUCT,
  type CatFlagType,
  type CatProduct,
  type CatValue,
  type Catalogue,
  DEFAULTS,
  isDefaultControl,
  key,
  sortedTargets,
  targetText,
} from './catalog-model.js';
import type { LiveRead } from './catalog-read.js';

/**
 * The catalogue file (SPEC §14): the seed format of §12 restricted to the catalogue — classifications,
 * groups (without `member_of`, which the REST API does not show), products with their parts, flag
 * types — plus `renamed_from` on the objects that can be renamed. Its JSON Schema is derived from the
 * seed's, and its problems are found and worded by the seed's own validation.
 */

/** An object the file may rename: `renamed_from` names it as the service knows it now. */
type Renamable = { renamed_from?: string };

export type CatalogueFile = {
  classifications?: (NonNullable<Seed['classifications']>[number] & Renamable)[];
  groups?: Seed['groups'];
  products?: (SeedProduct & Renamable & { components?: (SeedComponent & Renamable)[] })[];
  flag_types?: (NonNullable<Seed['flag_types']>[number] & Renamable)[];
};

const CATALOGUE_KEYS = ['classifications', 'groups', 'products', 'flag_types'] as const;

type JsonObject = { properties: Record<string, JsonObject>; items: JsonObject; oneOf: JsonObject[] } & Record<
  string,
  unknown
>;

function catalogueSchema(): object {
  const schema = structuredClone(SEED_SCHEMA) as unknown as JsonObject;
  schema.$id = 'https://github.com/bugzilla-products/catalogue.schema.json';
  schema.title = 'bugzilla-products catalogue';
  schema.description =
    'The catalogue as code (SPEC §14): the seed format restricted to the catalogue, plus renamed_from.';
  schema.properties = Object.fromEntries(CATALOGUE_KEYS.map((k) => [k, schema.properties[k]]));
  delete schema.properties.groups.items.properties.member_of;
  const renamedFrom = (object: JsonObject) => {
    object.properties.renamed_from = { ...object.properties.name };
  };
  renamedFrom(schema.properties.classifications.items);
  renamedFrom(schema.properties.flag_types.items);
  const product = schema.properties.products.items;
  renamedFrom(product);
  renamedFrom(product.properties.components.items);
  renamedFrom(product.properties.versions.items.oneOf[1]);
  renamedFrom(product.properties.milestones.items.oneOf[1]);
  return schema;
}

export const CATALOGUE_SCHEMA = catalogueSchema();
/** The file against the catalogue's schema: one line per problem, by path, and the schema errors behind them. */
export const shapeCheck = shapeErrorCheck(CATALOGUE_SCHEMA);

export function shapeProblems(input: unknown): string[] {
  return shapeCheck(input).problems;
}

/**
 * The reference check of the seed, against the live catalogue (every product the caller can see,
 * administered or not), the users the file names and the groups known to exist: names the file uses
 * must exist in the file or on the service. `__Any__` (every product) in a flag type's lists is no
 * product name.
 */
export function referenceProblems(
  file: CatalogueFile,
  live: LiveRead,
  users: Set<string>,
  groups: Set<string>,
): string[] {
  const existing: Existing = {
    users,
    groups,
    classifications: new Set(live.catalogue.classifications.map((c) => key(c.name))),
    products: new ProductParts([...live.catalogue.products, ...live.notAdministered]),
    bugs: new Set(),
  };
  const withoutAny = (targets: SeedFlagTarget[] | undefined) =>
    targets?.filter((t) => !(typeof t === 'string' && t === ANY_PRODUCT));
  const seed: Seed = {
    ...file,
    flag_types: file.flag_types?.map((t) => ({
      ...t,
      inclusions: withoutAny(t.inclusions),
      exclusions: withoutAny(t.exclusions),
    })),
  };
  return referenceProblemsIn(seed, existing);
}

type Parts = { components: Set<string>; versions: Set<string>; milestones: Set<string> };

/**
 * The live products' parts by product name (lower case), each worked out when the check first asks
 * for it: a file names few products' parts (in flag types' targets), and the sets of every component
 * of a large catalogue are not built for nothing.
 */
class ProductParts extends Map<string, Parts> {
  private readonly byName: Map<string, CatProduct>;

  constructor(products: CatProduct[]) {
    super();
    this.byName = new Map(products.map((p) => [key(p.name), p]));
  }

  override get(name: string): Parts | undefined {
    const cached = super.get(name);
    if (cached) return cached;
    const p = this.byName.get(name);
    if (!p) return undefined;
    const parts = {
      components: new Set((p.components ?? []).map((c) => key(c.name))),
      versions: new Set((p.versions ?? []).map((v) => key(v.name))),
      milestones: new Set((p.milestones ?? []).map((m) => key(m.name))),
    };
    this.set(name, parts);
    return parts;
  }

  override has(name: string): boolean {
    return this.byName.has(name);
  }
}

/** Every group name the file uses (its group controls' and its flag types' grant and request groups). */
export function groupsOf(file: CatalogueFile): string[] {
  const names = new Set<string>();
  for (const product of file.products ?? []) for (const c of product.group_controls ?? []) names.add(c.group);
  for (const type of file.flag_types ?? []) {
    for (const group of [type.grant_group, type.request_group]) if (group) names.add(group);
  }
  return [...names];
}

/** Every login the file names (for the reference check's user lookup). */
export function loginsOf(file: CatalogueFile): string[] {
  const logins = new Set<string>();
  for (const product of file.products ?? []) {
    for (const c of product.components ?? []) {
      logins.add(c.default_assignee);
      if (c.default_qa_contact) logins.add(c.default_qa_contact);
      for (const cc of c.default_cc ?? []) logins.add(cc);
    }
  }
  // A component without its assignee is a problem of the file's shape (checked for what else it names).
  return [...logins].filter((login) => typeof login === 'string');
}

function valueOf(value: SeedValue): CatValue {
  if (typeof value === 'string') return { name: value, ...DEFAULTS.value };
  return {
    name: value.name,
    sort_key: value.sort_key ?? DEFAULTS.value.sort_key,
    is_active: value.is_active ?? DEFAULTS.value.is_active,
    ...renamed(value as Renamable),
  };
}

const renamed = (o: Renamable) => (o.renamed_from !== undefined ? { renamed_from: o.renamed_from } : {});

function productOf(p: SeedProduct): CatProduct {
  return {
    name: p.name,
    description: p.description,
    classification: p.classification ?? DEFAULTS.product.classification,
    default_milestone: p.default_milestone ?? DEFAULTS.product.default_milestone,
    is_open: p.is_open ?? DEFAULTS.product.is_open,
    has_unconfirmed: p.has_unconfirmed ?? DEFAULTS.product.has_unconfirmed,
    version: p.version,
    versions: p.versions?.map(valueOf),
    milestones: p.milestones?.map(valueOf),
    components: p.components?.map((c) => ({
      name: c.name,
      description: c.description,
      default_assignee: c.default_assignee,
      default_qa_contact: c.default_qa_contact ?? DEFAULTS.component.default_qa_contact,
      default_cc: c.default_cc === undefined ? undefined : [...c.default_cc].sort(),
      is_active: c.is_active ?? DEFAULTS.component.is_active,
      ...renamed(c as Renamable),
    })),
    group_controls: p.group_controls
      ?.map((c) => ({ ...DEFAULTS.groupControl, ...c }))
      .filter((c) => !isDefaultControl(c)),
    ...renamed(p as Renamable),
  };
}

function flagTypeOf(t: NonNullable<Seed['flag_types']>[number]): CatFlagType {
  const f = DEFAULTS.flagType;
  return {
    name: t.name,
    target_type: t.target_type ?? f.target_type,
    description: t.description,
    sortkey: t.sortkey ?? f.sortkey,
    is_active: t.is_active ?? f.is_active,
    is_requestable: t.is_requestable ?? f.is_requestable,
    is_specifically_requestable: t.is_specifically_requestable ?? f.is_specifically_requestable,
    is_multiplicable: t.is_multiplicable ?? f.is_multiplicable,
    cc_list: t.cc_list ?? f.cc_list,
    grant_group: t.grant_group ?? f.grant_group,
    request_group: t.request_group ?? f.request_group,
    inclusions:
      t.inclusions === undefined ? [...f.inclusions] : sortedTargets(flagTargets(t.inclusions).map(targetText)),
    exclusions: sortedTargets(flagTargets(t.exclusions).map(targetText)),
    ...renamed(t as Renamable),
  };
}

/** The file as the catalogue it asks for, every default filled in; a list it leaves out stays undefined (not managed). */
export function desiredCatalogue(file: CatalogueFile): Partial<Catalogue> {
  return {
    classifications: file.classifications?.map((c) => ({
      name: c.name,
      description: c.description ?? DEFAULTS.classification.description,
      sortkey: c.sortkey ?? DEFAULTS.classification.sortkey,
      ...renamed(c as Renamable),
    })),
    groups: file.groups?.map((g) => ({ name: g.name, description: g.description, is_active: g.is_active ?? true })),
    products: file.products?.map(productOf),
    flag_types: file.flag_types?.map(flagTypeOf),
  };
}
