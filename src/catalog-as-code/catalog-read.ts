import { type CatalogClient, eachLimited, pathOf, type Schemas, ServiceError } from './catalog-client.js';
import {
  type CatComponent,
  type CatFlagType,
  type CatGroupControl,
  type CatProduct,
  type Catalogue,
  isDefaultControl,
  key,
  sortedTargets,
  UNCLASSIFIED,
} from './catalog-model.js';

/**
 * The live catalogue, read over the REST API as the caller sees it: one request for the products with
 * their components, versions and milestones; one each for classifications, groups and flag types; and
 * per product or component only what the product answer does not hold (group controls, default CC
 * lists), each only where it is wanted.
 */

/** Requests in flight at once for the per-object reads. */
const PARALLEL = 16;

export interface ReadOptions {
  /** Only these products (by name); all the caller can see otherwise. */
  products?: string[];
  /**
   * Read the group controls of these products (names), or of all (`'all'`). Named products are read
   * at the same time as the product list; a name that is no product is left out.
   */
  groupControlsOf: string[] | 'all';
  /** Read the default CC lists of these components (`product\u0000component`, lower case), or of all. */
  ccOf: Set<string> | 'all';
  /**
   * The flag types to read: those of these names, or every one that applies to a product read
   * (`'all'`, which makes the product answer several times larger: each component lists its types).
   */
  flagTypes: string[] | 'all';
}

export function componentKey(product: string, component: string): string {
  return `${key(product)}\u0000${key(component)}`;
}

type Controls = Map<string, CatGroupControl[]>;

/** The group controls of these products (by lower-case name); a product that is not there is left out. */
async function readGroupControls(client: CatalogClient, products: (string | number)[], into: Controls) {
  await eachLimited(products, PARALLEL, async (product) => {
    let answer;
    try {
      answer = await client.get<Schemas['GroupControlsDto']>(
        pathOf('/rest/product/{id_or_name}/group_controls', { id_or_name: product }),
      );
    } catch (error) {
      // 106: no such product (yet) — a product the file adds has no controls to compare.
      if (error instanceof ServiceError && error.code === 106) return;
      throw error;
    }
    into.set(
      String(product),
      answer.data.group_controls.map(controlOf).filter((c) => !isDefaultControl(c)),
    );
  });
}

export async function readCatalogue(client: CatalogClient, options: ReadOptions): Promise<Catalogue> {
  const controls: Controls = new Map();
  const namedControls =
    options.groupControlsOf === 'all' ? undefined : readGroupControls(client, options.groupControlsOf, controls);
  const [products, classifications, groups] = await Promise.all([
    client.get<Schemas['ProductListDto']>(pathOf('/rest/product'), {
      query: {
        ...(options.products?.length ? { names: options.products } : { type: 'accessible' }),
        ...(options.flagTypes === 'all' ? {} : { exclude_fields: 'components.flag_types' }),
      },
    }),
    client.get<Schemas['ClassificationListDto']>(pathOf('/rest/classification')),
    client.get<Schemas['GroupListDto']>(pathOf('/rest/group')),
  ]);
  const flagTypeNames = new Set(options.flagTypes === 'all' ? [] : options.flagTypes);
  const catalogue: Catalogue = {
    classifications: classifications.data.classifications.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description ?? '',
      sortkey: c.sort_key,
    })),
    groups: groups.data.groups.map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      is_active: g.is_active ?? true,
      is_bug_group: g.is_bug_group ?? false,
    })),
    products: products.data.products.map((p) => {
      for (const c of p.components) {
        for (const t of [...(c.flag_types?.bug ?? []), ...(c.flag_types?.attachment ?? [])]) flagTypeNames.add(t.name);
      }
      return productOf(p);
    }),
    flag_types: [],
  };

  if (namedControls) {
    await namedControls;
    const byName = new Map([...controls].map(([name, list]) => [key(name), list]));
    for (const product of catalogue.products) product.group_controls = byName.get(key(product.name));
  } else {
    await readGroupControls(
      client,
      catalogue.products.map((p) => p.id!),
      controls,
    );
    for (const product of catalogue.products) product.group_controls = controls.get(String(product.id));
  }

  const components = catalogue.products.flatMap((p) => (p.components ?? []).map((c) => [p, c] as const));
  const wantsCc = ([p, c]: readonly [CatProduct, CatComponent]) =>
    options.ccOf === 'all' || options.ccOf.has(componentKey(p.name, c.name));
  await eachLimited(components.filter(wantsCc), PARALLEL, async ([, component]) => {
    const answer = await client.get<Schemas['ComponentRecordDto']>(
      pathOf('/rest/component/{id}', { id: component.id! }),
    );
    component.default_cc = [...answer.data.default_cc].sort();
  });

  catalogue.flag_types = await readFlagTypes(client, [...flagTypeNames]);
  return catalogue;
}

export function productOf(p: Schemas['ProductDto']): CatProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    classification: p.classification || UNCLASSIFIED,
    default_milestone: p.default_milestone,
    is_open: p.is_active,
    has_unconfirmed: p.has_unconfirmed,
    versions: p.versions.map((v) => ({ id: v.id, name: v.name, sort_key: v.sort_key, is_active: v.is_active })),
    milestones: p.milestones.map((m) => ({ id: m.id, name: m.name, sort_key: m.sort_key, is_active: m.is_active })),
    components: p.components.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      default_assignee: c.default_assigned_to,
      default_qa_contact: c.default_qa_contact ?? '',
      is_active: c.is_active,
    })),
  };
}

export function componentOf(c: Schemas['ComponentRecordDto']): CatComponent {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    default_assignee: c.default_assignee,
    default_qa_contact: c.default_qa_contact ?? '',
    default_cc: [...c.default_cc].sort(),
    is_active: c.is_active,
  };
}

export function controlOf(c: Schemas['GroupControlDto']): CatGroupControl {
  return {
    group: c.group.name,
    membercontrol: c.membercontrol,
    othercontrol: c.othercontrol,
    entry: c.entry,
    canedit: c.canedit,
    editcomponents: c.editcomponents,
    editbugs: c.editbugs,
    canconfirm: c.canconfirm,
  };
}

export function flagTypeOf(t: Schemas['FlagTypeRulesDto']): CatFlagType {
  return {
    id: t.id,
    name: t.name,
    target_type: t.target_type,
    description: t.description,
    sortkey: t.sortkey,
    is_active: t.is_active,
    is_requestable: t.is_requestable,
    is_specifically_requestable: t.is_specifically_requestable,
    is_multiplicable: t.is_multiplicable,
    cc_list: t.cc_list,
    grant_group: t.grant_group ?? '',
    request_group: t.request_group ?? '',
    inclusions: clusionTexts(t.inclusions),
    exclusions: clusionTexts(t.exclusions),
  };
}

/** `["P", {"Q": ["C"]}]` (the rules read's form) → `["P", "Q:C"]`. */
function clusionTexts(list: (string | Record<string, string[]>)[]): string[] {
  const texts: string[] = [];
  for (const item of list) {
    if (typeof item === 'string') texts.push(item);
    else
      for (const [product, components] of Object.entries(item)) texts.push(...components.map((c) => `${product}:${c}`));
  }
  return sortedTargets(texts.length ? texts : []);
}

/** Every flag type of these names with its whole inclusion and exclusion lists; a name that is gone is left out. */
async function readFlagTypes(client: CatalogClient, names: string[]): Promise<CatFlagType[]> {
  if (names.length === 0) return [];
  const found = new Map<number, CatFlagType>();
  const read = async (chunk: string[]) => {
    const answer = await client.get<Schemas['FlagTypesRulesDto']>(pathOf('/rest/flag_type'), {
      query: { names: chunk },
    });
    for (const t of answer.data.flagtypes) found.set(t.id, flagTypeOf(t));
  };
  for (let i = 0; i < names.length; i += 100) await read(names.slice(i, i + 100));
  return [...found.values()];
}
