import { chunks } from '../database/in-lists.js';
import { type CatalogClient, eachLimited, pathOf, type Schemas, ServiceError } from './catalog-client.js';
import {
  type CatComponent,
  type CatFlagType,
  type CatGroup,
  type CatGroupControl,
  type CatProduct,
  type Catalogue,
  isDefaultControl,
  key,
  sortedTargets,
  UNCLASSIFIED,
} from './catalog-model.js';

/**
 * The live catalogue, read over the REST API as the caller sees it, in bulk: one request for the
 * products with their components, versions and milestones; one each for classifications, groups and
 * flag types; the group controls of many products per request (`GET /rest/product_group_controls`),
 * and the default CC lists of many components per request (`GET /rest/component`), each only where
 * they are wanted. The number of requests grows with the catalogue only by those batches.
 */

/** Requests in flight at once for the batched reads. */
const PARALLEL = 8;
/** Product-list requests in flight at once: each answer is held whole until it is mapped. */
const PARALLEL_PRODUCT_READS = 2;

type Query = Record<string, string | number | (string | number)[]>;
// Batch sizes: each keeps a request's URL to a few kilobytes, which any proxy in front passes.
/** Product names, or ids, per group-control request. */
const NAMES_PER_REQUEST = 100;
/**
 * Products per product-list request (about 1.2 MB of answer on the bench data). One answer for the
 * whole catalogue (25 MB at 2,000 products) was held three times over — its bytes, its text, and the
 * parsed objects — before the first product was mapped: 200 MB of the plan's peak.
 */
const PRODUCTS_PER_REQUEST = 50;
/** Component ids per default-CC request. */
const COMPONENT_IDS_PER_REQUEST = 500;
/** Products per default-CC request of whole products (about 2,500 components on the bench data). */
const PRODUCTS_PER_CC_REQUEST = 50;

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

/** Group controls by product (lower-case name): the products the caller administers among those asked for. */
type Controls = Map<string, CatGroupControl[]>;

/**
 * The group controls of these products (by name or id), a batch of them per request. A product that
 * does not exist, or that the caller does not administer, is not in the answers. Each
 * control names its group (the answer lists every active bug group): those names go to `groupNames`.
 */
async function readGroupControls(
  client: CatalogClient,
  products: { names: string[] } | { ids: number[] },
  groupNames: Set<string>,
): Promise<Controls> {
  const controls: Controls = new Map();
  const batches: ({ names: string[] } | { ids: number[] })[] =
    'names' in products
      ? chunks(products.names, NAMES_PER_REQUEST).map((names) => ({ names }))
      : chunks(products.ids, NAMES_PER_REQUEST).map((ids) => ({ ids }));
  await eachLimited(batches, PARALLEL, async (query) => {
    const answer = await client.get<Schemas['ProductGroupControlsListDto']>(pathOf('/rest/product_group_controls'), {
      query,
    });
    for (const product of answer.data.products) {
      for (const control of product.group_controls) groupNames.add(key(control.group.name));
      controls.set(
        key(product.name),
        product.group_controls.map(controlOf).filter((c) => !isDefaultControl(c)),
      );
    }
  });
  return controls;
}

/** Bugzilla's group_cannot_view: Group.get for a caller in neither editusers nor creategroups who can bless no group. */
const GROUP_CANNOT_VIEW = 805;

/**
 * The groups as Group.get shows them to the caller: every group with its settings to members of
 * `creategroups` (`whole`); names and descriptions only, of every group (`editusers`) or of those the
 * caller can bless, to others; nothing to a caller with none of these rights (805), such as a member
 * of `editcomponents` alone.
 */
async function readGroups(client: CatalogClient): Promise<{ groups: CatGroup[]; whole: boolean }> {
  let answer: Schemas['GroupListDto'];
  try {
    answer = (await client.get<Schemas['GroupListDto']>(pathOf('/rest/group'))).data;
  } catch (error) {
    if (error instanceof ServiceError && error.code === GROUP_CANNOT_VIEW) return { groups: [], whole: false };
    throw error;
  }
  // is_bug_group and is_active are given to members of creategroups only, who are given every group.
  const whole = answer.groups.every((g) => g.is_bug_group !== undefined);
  return {
    whole,
    groups: answer.groups.map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      is_active: g.is_active ?? true,
      is_bug_group: g.is_bug_group ?? false,
    })),
  };
}

/** The default CC list of these components, or of every component of these products; by component id. */
async function readDefaultCc(
  client: CatalogClient,
  select: { ids: number[] } | { productIds: number[] },
): Promise<Map<number, string[]>> {
  const lists = new Map<number, string[]>();
  const batches: ({ ids: number[] } | { product_ids: number[] })[] =
    'ids' in select
      ? chunks(select.ids, COMPONENT_IDS_PER_REQUEST).map((ids) => ({ ids }))
      : chunks(select.productIds, PRODUCTS_PER_CC_REQUEST).map((product_ids) => ({ product_ids }));
  await eachLimited(batches, PARALLEL, async (query) => {
    const answer = await client.get<Schemas['ComponentListDto']>(pathOf('/rest/component'), { query });
    for (const component of answer.data.components) lists.set(component.id, [...component.default_cc].sort());
  });
  return lists;
}

/** The live catalogue as the caller may read and change it. */
export interface LiveRead {
  /** What the caller administers (check_can_admin_product): what export writes and plan compares. */
  catalogue: Catalogue;
  /**
   * Products the caller can see but does not administer (a Mandatory group they are not in, or no
   * editcomponents on it): known by name for the file's references, never exported or changed.
   */
  notAdministered: CatProduct[];
  /** Whether `catalogue.groups` holds every group with its settings (a member of creategroups). */
  groupsWhole: boolean;
  /** Every group name the reads showed (lower case): Group.get's, the group controls', the flag types'. */
  groupNames: Set<string>;
}

export async function readCatalogue(client: CatalogClient, options: ReadOptions): Promise<LiveRead> {
  const groupNames = new Set<string>();
  const [ids, editable, classifications, groups] = await Promise.all([
    options.products?.length
      ? undefined
      : client.get<Schemas['ProductIdsDto']>(pathOf('/rest/product_accessible')).then((a) => a.data.ids),
    // Bugzilla's check_can_admin_product for every product at once: those the caller may change.
    client.get<Schemas['ProductIdsDto']>(pathOf('/rest/product_editable')),
    client.get<Schemas['ClassificationListDto']>(pathOf('/rest/classification')),
    readGroups(client),
  ]);
  const administered = new Set(editable.data.ids);
  // The group controls go alongside the product list: of the products the file names, or of every
  // product the caller administers (those asked for by name, if any).
  const controlsRead = readGroupControls(
    client,
    options.groupControlsOf !== 'all'
      ? { names: options.groupControlsOf }
      : options.products?.length
        ? { names: options.products }
        : { ids: editable.data.ids },
    groupNames,
  );
  const exclude = options.flagTypes === 'all' ? {} : { exclude_fields: 'components.flag_types' };
  const batches: Query[] = ids
    ? chunks(ids, PRODUCTS_PER_REQUEST).map((batch) => ({ ids: batch }))
    : [{ names: options.products! }];
  const flagTypeNames = new Set(options.flagTypes === 'all' ? [] : options.flagTypes);
  const notAdministered: CatProduct[] = [];
  const catalogue: Catalogue = {
    classifications: classifications.data.classifications.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description ?? '',
      sortkey: c.sort_key,
    })),
    groups: groups.groups,
    products: [],
    flag_types: [],
  };
  for (const group of groups.groups) groupNames.add(key(group.name));
  // Each answer is mapped as it comes and let go: the raw answers are never all held at once.
  const perBatch = await eachLimited(batches, PARALLEL_PRODUCT_READS, async (query) => {
    const answer = await client.get<Schemas['ProductListDto']>(pathOf('/rest/product'), {
      query: { ...query, ...exclude },
    });
    const mine: CatProduct[] = [];
    const others: CatProduct[] = [];
    for (const p of answer.data.products) {
      if (!administered.has(p.id)) {
        others.push(productOf(p));
        continue;
      }
      // The flag types of the products the caller administers: those of others are not theirs to export or prune.
      for (const c of p.components) {
        for (const t of [...(c.flag_types?.bug ?? []), ...(c.flag_types?.attachment ?? [])]) flagTypeNames.add(t.name);
      }
      mine.push(productOf(p));
    }
    return { mine, others };
  });
  for (const { mine, others } of perBatch) {
    catalogue.products.push(...mine);
    notAdministered.push(...others);
  }
  const controls = await controlsRead;

  const controlsWanted =
    options.groupControlsOf === 'all' ? undefined : new Set(options.groupControlsOf.map((name) => key(name)));
  for (const product of catalogue.products) {
    if (controlsWanted && !controlsWanted.has(key(product.name))) continue;
    // Every product the caller administers is in the controls answer (the same rule decides both).
    product.group_controls = controls.get(key(product.name)) ?? [];
  }

  const components = catalogue.products.flatMap((p) => (p.components ?? []).map((c) => [p, c] as const));
  const wanted =
    options.ccOf === 'all'
      ? components
      : components.filter(([p, c]) => (options.ccOf as Set<string>).has(componentKey(p.name, c.name)));
  if (wanted.length) {
    const lists = await readDefaultCc(
      client,
      options.ccOf === 'all'
        ? { productIds: catalogue.products.map((p) => p.id!) }
        : { ids: wanted.map(([, c]) => c.id!) },
    );
    for (const [, component] of wanted) component.default_cc = lists.get(component.id!) ?? [];
  }

  catalogue.flag_types = await readFlagTypes(client, [...flagTypeNames]);
  for (const type of catalogue.flag_types) {
    for (const group of [type.grant_group, type.request_group]) if (group) groupNames.add(key(group));
  }
  return { catalogue, notAdministered, groupsWhole: groups.whole, groupNames };
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

export function controlOf(c: Schemas['GroupControlSettingsDto']): CatGroupControl {
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
