import {
  type CatClassification,
  type CatComponent,
  type CatFlagType,
  type CatGroupControl,
  type CatProduct,
  type CatValue,
  type Catalogue,
  DEFAULTS,
  flagTypeKey,
  GROUP_CONTROL_FIELDS,
  key,
  sortedTargets,
  UNCLASSIFIED,
} from './catalog-model.js';

/**
 * The plan as plain data: what would change to make the live catalogue what the file says, one
 * Change per object (one REST write each), in the order apply makes them — dependency order:
 * classifications, then each product with its versions and milestones, the product itself, its
 * components and group controls, then flag types; removals last, in reverse. The printer shows it,
 * the apply walks it; neither decides anything.
 */

export type Kind =
  'classification' | 'group' | 'product' | 'version' | 'milestone' | 'component' | 'group_controls' | 'flag_type';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

interface ChangeBase {
  kind: Kind;
  /** As printed: `Widget`, `Widget/Engine`, `needinfo`. */
  address: string;
  fields: FieldChange[];
  /** For a product's parts: the product's name as the service knows it when this change is made. */
  product?: string;
}

export type Change =
  | (ChangeBase & { action: 'add'; desired: object })
  | (ChangeBase & { action: 'change'; live: object; desired: object; renamedFrom?: string })
  | (ChangeBase & { action: 'remove'; live: object })
  /** What cannot be done over the REST API, or at all: the plan fails (exit 1), nothing is applied. */
  | (ChangeBase & { action: 'error'; message: string });

export interface Plan {
  changes: Change[];
}

export interface DiffOptions {
  prune: boolean;
}

/** Matches each wanted object to a live one: by name, else by `renamed_from` (a rename). */
function matcher<L, D extends { name: string; renamed_from?: string }>(live: L[], keyOf: (o: L | D) => string) {
  const byKey = new Map(live.map((o) => [keyOf(o), o]));
  const matched = new Set<L>();
  return {
    match(desired: D): { live?: L; renamedFrom?: string } {
      const same = byKey.get(keyOf(desired));
      if (same) {
        matched.add(same);
        return { live: same };
      }
      if (desired.renamed_from !== undefined) {
        const old = byKey.get(keyOf({ ...desired, name: desired.renamed_from }));
        if (old && !matched.has(old)) {
          matched.add(old);
          return { live: old, renamedFrom: desired.renamed_from };
        }
      }
      return {};
    },
    unmatched: () => live.filter((o) => !matched.has(o)),
  };
}

const byName = (o: { name: string }) => key(o.name);

/** Field changes between two objects for these fields; a field the wanted object leaves undefined is not managed. */
function fieldChanges<T extends object>(live: T, desired: T, fields: (keyof T & string)[]): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const to = desired[field];
    const from = live[field];
    if (to === undefined || from === undefined) continue;
    // Lists (CC logins, flag targets) compare item by item; everything else is a string, number or boolean.
    const differ =
      Array.isArray(from) && Array.isArray(to)
        ? from.length !== to.length || from.some((item, i) => item !== to[i])
        : from !== to;
    if (differ) changes.push({ field, from, to });
  }
  return changes;
}

function renameChange(live: { name: string }, desired: { name: string }): FieldChange[] {
  return live.name === desired.name ? [] : [{ field: 'name', from: live.name, to: desired.name }];
}

/**
 * The renames the file asks for (old name → new), so that what refers to a renamed object — a
 * product's classification, a flag type's products and components — is compared by its new name.
 */
function plannedRenames(live: Catalogue, desired: Partial<Catalogue>) {
  const renamesOf = (liveNames: string[], wanted: { name: string; renamed_from?: string }[] | undefined) => {
    const known = new Set(liveNames.map(key));
    const map = new Map<string, string>();
    for (const w of wanted ?? []) {
      if (w.renamed_from !== undefined && !known.has(key(w.name)) && known.has(key(w.renamed_from))) {
        map.set(key(w.renamed_from), w.name);
      }
    }
    return map;
  };
  const classifications = renamesOf(
    live.classifications.map((c) => c.name),
    desired.classifications,
  );
  const products = renamesOf(
    live.products.map((p) => p.name),
    desired.products,
  );
  const components = new Map<string, Map<string, string>>();
  // Renaming a product's default milestone renames its default too (Bugzilla's Milestone->update).
  const defaultMilestones = new Map<CatProduct, string>();
  const liveProducts = new Map(live.products.map((p) => [key(p.name), p]));
  for (const wanted of desired.products ?? []) {
    const old = liveProducts.get(key(wanted.name)) ?? liveProducts.get(key(wanted.renamed_from ?? ''));
    if (!old) continue;
    components.set(
      key(wanted.name),
      renamesOf(
        (old.components ?? []).map((c) => c.name),
        wanted.components,
      ),
    );
    const milestones = renamesOf(
      (old.milestones ?? []).map((m) => m.name),
      wanted.milestones,
    );
    const renamedDefault = milestones.get(key(old.default_milestone));
    if (renamedDefault !== undefined) defaultMilestones.set(old, renamedDefault);
  }
  const target = (text: string) => {
    const colon = text.indexOf(':');
    const product = colon < 0 ? text : text.slice(0, colon);
    const productNow = products.get(key(product)) ?? product;
    if (colon < 0) return productNow;
    const component = text.slice(colon + 1);
    return `${productNow}:${components.get(key(productNow))?.get(key(component)) ?? component}`;
  };
  return {
    product: (p: CatProduct): CatProduct => ({
      ...p,
      classification: classifications.get(key(p.classification)) ?? p.classification,
      default_milestone: defaultMilestones.get(p) ?? p.default_milestone,
    }),
    targets: (list: string[]) => sortedTargets(list.map(target)),
  };
}

export function diffCatalogue(live: Catalogue, desired: Partial<Catalogue>, options: DiffOptions): Plan {
  const renames = plannedRenames(live, desired);
  live = {
    ...live,
    products: live.products.map(renames.product),
    flag_types: live.flag_types.map((t) => ({
      ...t,
      inclusions: renames.targets(t.inclusions),
      exclusions: renames.targets(t.exclusions),
    })),
  };
  const adds: Change[] = [];
  const removes: Change[] = [];

  if (desired.groups) {
    const groups = matcher(live.groups, byName);
    for (const group of desired.groups) {
      const found = groups.match(group);
      if (!found.live) {
        adds.push(
          error('group', group.name, "groups cannot be created over the REST API (use Bugzilla's editgroups.cgi)"),
        );
        continue;
      }
      const fields = fieldChanges(found.live, group, ['description', 'is_active']);
      if (fields.length) {
        adds.push({
          ...error('group', group.name, "groups cannot be changed over the REST API (use Bugzilla's editgroups.cgi)"),
          fields,
        });
      }
    }
    if (options.prune) {
      for (const group of groups.unmatched().filter((g) => g.is_bug_group)) {
        removes.push(
          error('group', group.name, "groups cannot be removed over the REST API (use Bugzilla's editgroups.cgi)"),
        );
      }
    }
  }

  if (desired.classifications) {
    const classifications = matcher(live.classifications, byName);
    for (const wanted of desired.classifications) {
      const found = classifications.match(wanted);
      if (!found.live)
        adds.push({ action: 'add', kind: 'classification', address: wanted.name, fields: [], desired: wanted });
      else {
        const fields = [
          ...renameChange(found.live, wanted),
          ...fieldChanges<CatClassification>(found.live, wanted, ['description', 'sortkey']),
        ];
        adds.push(...changeOf('classification', wanted.name, fields, found.live, wanted, found.renamedFrom));
      }
    }
    if (options.prune) {
      for (const old of classifications.unmatched()) {
        // The default classification is Bugzilla's own: never removed.
        if (key(old.name) === key(UNCLASSIFIED)) continue;
        removes.unshift({ action: 'remove', kind: 'classification', address: old.name, fields: [], live: old });
      }
    }
  }

  const productRemovals: Change[] = [];
  if (desired.products) {
    const products = matcher(live.products, byName);
    for (const wanted of desired.products) {
      const found = products.match(wanted);
      const partRemovals: Change[] = [];
      if (!found.live) {
        adds.push({ action: 'add', kind: 'product', address: wanted.name, fields: [], desired: wanted });
        adds.push(...diffParts(newProductBaseline(wanted), wanted, wanted.name, options, partRemovals));
      } else {
        const liveName = found.live.name;
        const fields = [
          ...renameChange(found.live, wanted),
          ...fieldChanges<CatProduct>(found.live, wanted, [
            'description',
            'classification',
            'default_milestone',
            'is_open',
            'has_unconfirmed',
          ]),
        ];
        // Versions and milestones first (a new default milestone must exist), under the product's current name.
        const values = diffParts(found.live, wanted, liveName, { ...options, only: 'values' }, partRemovals);
        adds.push(...values);
        adds.push(...changeOf('product', wanted.name, fields, found.live, wanted, found.renamedFrom));
        adds.push(...diffParts(found.live, wanted, wanted.name, { ...options, only: 'rest' }, partRemovals));
      }
      // A part's removal comes before its product's: they are listed product by product, parts first.
      productRemovals.push(...partRemovals);
    }
    if (options.prune) {
      for (const old of products.unmatched()) {
        productRemovals.push({ action: 'remove', kind: 'product', address: old.name, fields: [], live: old });
      }
    }
  }

  const flagTypeRemovals: Change[] = [];
  if (desired.flag_types) {
    const types = matcher(live.flag_types, flagTypeKey);
    for (const wanted of desired.flag_types) {
      const found = types.match(wanted);
      if (!found.live)
        adds.push({ action: 'add', kind: 'flag_type', address: wanted.name, fields: [], desired: wanted });
      else {
        const fields = [
          ...renameChange(found.live, wanted),
          ...fieldChanges<CatFlagType>(found.live, wanted, [
            'description',
            'sortkey',
            'is_active',
            'is_requestable',
            'is_specifically_requestable',
            'is_multiplicable',
            'cc_list',
            'grant_group',
            'request_group',
            'inclusions',
            'exclusions',
          ]),
        ];
        adds.push(...changeOf('flag_type', wanted.name, fields, found.live, wanted, found.renamedFrom));
      }
    }
    if (options.prune) {
      for (const old of types.unmatched()) {
        flagTypeRemovals.push({ action: 'remove', kind: 'flag_type', address: old.name, fields: [], live: old });
      }
    }
  }

  // Removals in reverse dependency order: flag types, then products' parts and products, then classifications.
  return { changes: [...adds, ...flagTypeRemovals, ...productRemovals, ...removes] };
}

/** The change of an object matched in the service, or none when no field differs. */
function changeOf(
  kind: Kind,
  address: string,
  fields: FieldChange[],
  live: object,
  desired: object,
  renamedFrom: string | undefined,
  product?: string,
): Change[] {
  if (!fields.length) return [];
  return [
    {
      action: 'change',
      kind,
      address,
      fields,
      live,
      desired,
      renamedFrom,
      ...(product === undefined ? {} : { product }),
    },
  ];
}

function error(kind: Kind, address: string, message: string): Change {
  return { action: 'error', kind, address, fields: [], message };
}

/** What POST /rest/product leaves behind: its first version and its default milestone (sort key 0). */
function newProductBaseline(wanted: CatProduct): CatProduct {
  const first = wanted.version ?? wanted.versions?.[0]?.name ?? 'unspecified';
  return {
    name: wanted.name,
    classification: wanted.classification,
    default_milestone: wanted.default_milestone,
    is_open: wanted.is_open,
    has_unconfirmed: wanted.has_unconfirmed,
    versions: [{ name: first, ...DEFAULTS.value }],
    milestones: [{ name: wanted.default_milestone, ...DEFAULTS.value }],
    components: [],
    group_controls: [],
  };
}

/** A product's versions, milestones (`values`), components and group controls (`rest`). */
function diffParts(
  live: CatProduct,
  wanted: CatProduct,
  productName: string,
  options: DiffOptions & { only?: 'values' | 'rest' },
  removals: Change[],
): Change[] {
  const changes: Change[] = [];
  const at = (name: string) => `${wanted.name}/${name}`;
  if (options.only !== 'rest') {
    for (const kind of ['version', 'milestone'] as const) {
      const list = kind === 'version' ? 'versions' : 'milestones';
      const wantedValues = wanted[list];
      if (!wantedValues) continue;
      const values = matcher<CatValue, CatValue>(live[list] ?? [], byName);
      // Versions have no sort key in Bugzilla 5.2: only milestones compare theirs.
      const fields: (keyof CatValue & string)[] = kind === 'version' ? ['is_active'] : ['sort_key', 'is_active'];
      for (const value of wantedValues) {
        const found = values.match(value);
        if (!found.live) {
          changes.push({
            action: 'add',
            kind,
            address: at(value.name),
            fields: [],
            desired: value,
            product: productName,
          });
          continue;
        }
        const changed = [...renameChange(found.live, value), ...fieldChanges(found.live, value, fields)];
        changes.push(...changeOf(kind, at(value.name), changed, found.live, value, found.renamedFrom, productName));
      }
      if (options.prune) {
        for (const old of values.unmatched()) {
          removals.push({ action: 'remove', kind, address: at(old.name), fields: [], live: old, product: wanted.name });
        }
      }
    }
  }
  if (options.only === 'values') return changes;

  if (wanted.components) {
    const components = matcher<CatComponent, CatComponent>(live.components ?? [], byName);
    for (const component of wanted.components) {
      const found = components.match(component);
      if (!found.live) {
        changes.push({
          action: 'add',
          kind: 'component',
          address: at(component.name),
          fields: [],
          desired: component,
          product: productName,
        });
        continue;
      }
      const changed = [
        ...renameChange(found.live, component),
        ...fieldChanges<CatComponent>(found.live, component, [
          'description',
          'default_assignee',
          'default_qa_contact',
          'default_cc',
          'is_active',
        ]),
      ];
      changes.push(
        ...changeOf('component', at(component.name), changed, found.live, component, found.renamedFrom, productName),
      );
    }
    if (options.prune) {
      // Components go first among a product's removals: a version or milestone cannot go while bugs use it.
      removals.unshift(
        ...components.unmatched().map((old): Change => ({
          action: 'remove',
          kind: 'component',
          address: at(old.name),
          fields: [],
          live: old,
          product: wanted.name,
        })),
      );
    }
  }

  if (wanted.group_controls) {
    const fields = groupControlChanges(live.group_controls ?? [], wanted.group_controls, options.prune);
    if (fields.length) {
      changes.push({
        action: 'change',
        kind: 'group_controls',
        address: wanted.name,
        fields,
        live: live.group_controls ?? [],
        desired: wanted.group_controls,
        product: productName,
      });
    }
  }
  return changes;
}

/**
 * One product's group controls: `group.field` changes. A group the file does not list keeps its
 * settings unless pruning, which sets it back to the default (NA/NA, every flag off).
 */
function groupControlChanges(live: CatGroupControl[], wanted: CatGroupControl[], prune: boolean): FieldChange[] {
  const liveByGroup = new Map(live.map((c) => [key(c.group), c]));
  const wantedGroups = new Set(wanted.map((c) => key(c.group)));
  const targets = [...wanted];
  if (prune) {
    for (const old of live)
      if (!wantedGroups.has(key(old.group))) targets.push({ ...DEFAULTS.groupControl, group: old.group });
  }
  const changes: FieldChange[] = [];
  for (const target of targets) {
    const current: CatGroupControl = liveByGroup.get(key(target.group)) ?? {
      ...DEFAULTS.groupControl,
      group: target.group,
    };
    for (const field of GROUP_CONTROL_FIELDS) {
      if (current[field] !== target[field])
        changes.push({ field: `${target.group}.${field}`, from: current[field], to: target[field] });
    }
  }
  return changes;
}
