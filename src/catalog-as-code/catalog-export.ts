import { dump } from 'js-yaml';
import type { SeedFlagType, SeedGroupControl, SeedValue } from '../seed/seed.js';
import type { CatalogueFile } from './catalog-file.js';
import {
  type CatClassification,
  type CatComponent,
  type CatFlagType,
  type CatGroup,
  type CatProduct,
  type CatValue,
  type Catalogue,
  DEFAULTS,
  GROUP_CONTROL_FIELDS,
  key,
  UNCLASSIFIED,
  UNCLASSIFIED_DESCRIPTION,
} from './catalog-model.js';

/**
 * The live catalogue as a file (SPEC §14): the seed format, in a stable order (classifications by
 * sort key and name; products by their classification's place, then name; components by name;
 * versions and milestones as the service orders them; flag types by sort key, name and target),
 * with every default left out, so that export → apply → export gives the same bytes and a change
 * shows as a small diff in review.
 */

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function valueItem(value: CatValue, withSortKey: boolean): SeedValue {
  const item: { name: string; sort_key?: number; is_active?: boolean } = { name: value.name };
  if (withSortKey && value.sort_key !== DEFAULTS.value.sort_key) item.sort_key = value.sort_key;
  if (value.is_active !== DEFAULTS.value.is_active) item.is_active = value.is_active;
  return Object.keys(item).length === 1 ? value.name : item;
}

function componentItem(c: CatComponent) {
  return {
    name: c.name,
    description: c.description,
    default_assignee: c.default_assignee!,
    ...(c.default_qa_contact ? { default_qa_contact: c.default_qa_contact } : {}),
    ...(c.default_cc?.length ? { default_cc: c.default_cc } : {}),
    ...(c.is_active !== DEFAULTS.component.is_active ? { is_active: c.is_active } : {}),
  };
}

function productItem(p: CatProduct) {
  const d = DEFAULTS.product;
  const controls: SeedGroupControl[] = (p.group_controls ?? [])
    .map((c) => {
      const item: Record<string, unknown> = { group: c.group };
      for (const field of GROUP_CONTROL_FIELDS) if (c[field] !== DEFAULTS.groupControl[field]) item[field] = c[field];
      return item as unknown as SeedGroupControl;
    })
    .sort((a, b) => byText(key(a.group), key(b.group)));
  return {
    name: p.name,
    description: p.description,
    ...(p.classification !== d.classification ? { classification: p.classification } : {}),
    ...(p.default_milestone !== d.default_milestone ? { default_milestone: p.default_milestone } : {}),
    ...(p.is_open !== d.is_open ? { is_open: p.is_open } : {}),
    ...(p.has_unconfirmed !== d.has_unconfirmed ? { has_unconfirmed: p.has_unconfirmed } : {}),
    ...(p.versions?.length ? { versions: p.versions.map((v) => valueItem(v, false)) } : {}),
    ...(p.milestones?.length ? { milestones: p.milestones.map((m) => valueItem(m, true)) } : {}),
    ...(p.components?.length ? { components: p.components.map(componentItem) } : {}),
    ...(controls.length ? { group_controls: controls } : {}),
  };
}

function flagTypeItem(t: CatFlagType) {
  const f = DEFAULTS.flagType;
  const item: Record<string, unknown> = { name: t.name, description: t.description };
  if (t.target_type !== f.target_type) item.target_type = t.target_type;
  for (const field of [
    'sortkey',
    'is_active',
    'is_requestable',
    'is_specifically_requestable',
    'is_multiplicable',
  ] as const) {
    if (t[field] !== f[field]) item[field] = t[field];
  }
  if (t.cc_list !== f.cc_list) item.cc_list = t.cc_list;
  if (t.grant_group) item.grant_group = t.grant_group;
  if (t.request_group) item.request_group = t.request_group;
  if (JSON.stringify(t.inclusions) !== JSON.stringify(f.inclusions)) item.inclusions = t.inclusions;
  if (t.exclusions.length) item.exclusions = t.exclusions;
  return item as unknown as SeedFlagType;
}

/** The live catalogue as the file's document (plain data, ready to dump). */
/** One top-level list of the file: its items, each made into the file's form only when it is written. */
interface Section<T = any> {
  key: keyof CatalogueFile;
  items: T[];
  item: (item: T) => unknown;
}

/** `groups`: whether the groups were read whole (their settings shown): else `groups:` is left out. */
function exportSections(live: Catalogue, options: { groups: boolean }): Section[] {
  const classifications = [...live.classifications].sort(
    (a, b) => a.sortkey - b.sortkey || byText(key(a.name), key(b.name)),
  );
  const place = new Map(classifications.map((c, i) => [key(c.name), i]));
  const products = [...live.products].sort(
    (a, b) =>
      (place.get(key(a.classification)) ?? 0) - (place.get(key(b.classification)) ?? 0) ||
      byText(key(a.name), key(b.name)),
  );
  const ownClassifications = classifications
    // The default classification is Bugzilla's own: listed only when it was changed.
    .filter(
      (c) =>
        key(c.name) !== key(UNCLASSIFIED) ||
        c.sortkey !== DEFAULTS.classification.sortkey ||
        c.description !== UNCLASSIFIED_DESCRIPTION,
    );
  const groups = (options.groups ? live.groups : [])
    .filter((g) => g.is_bug_group)
    .sort((a, b) => byText(key(a.name), key(b.name)));
  const types = [...live.flag_types].sort(
    (a, b) => a.sortkey - b.sortkey || byText(key(a.name), key(b.name)) || byText(a.target_type, b.target_type),
  );
  const sections: Section[] = [
    {
      key: 'classifications',
      items: ownClassifications,
      item: (c: CatClassification) => ({
        name: c.name,
        ...(c.description !== DEFAULTS.classification.description ? { description: c.description } : {}),
        ...(c.sortkey !== DEFAULTS.classification.sortkey ? { sortkey: c.sortkey } : {}),
      }),
    },
    {
      key: 'groups',
      items: groups,
      item: (g: CatGroup) => ({
        name: g.name,
        description: g.description,
        ...(g.is_active ? {} : { is_active: false }),
      }),
    },
    { key: 'products', items: products, item: productItem },
    { key: 'flag_types', items: types, item: flagTypeItem },
  ];
  return sections.filter((section) => section.items.length);
}

// No line folding and no anchors: a value stays on its line, so a change is one line of diff.
const DUMP = { lineWidth: -1, noRefs: true };

/**
 * The live catalogue as the file's YAML, in pieces to write as they come: each item is made into
 * the file's form and dumped on its own (the bytes of dumping the whole document at once), so the
 * whole document is never held, as objects or as text, beside the catalogue it comes from.
 */
export function* exportYaml(live: Catalogue, options: { groups: boolean }): Generator<string> {
  const sections = exportSections(live, options);
  if (sections.length === 0) yield dump({}, DUMP);
  for (const section of sections) {
    yield `${section.key}:\n`;
    for (const item of section.items) {
      const text = dump({ [section.key]: [section.item(item)] }, DUMP);
      yield text.slice(text.indexOf('\n') + 1);
    }
  }
}
