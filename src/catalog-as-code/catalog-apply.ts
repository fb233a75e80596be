import { type Answer, type CatalogClient, eachLimited, pathOf, type Schemas, ServiceError } from './catalog-client.js';
import type { Change, Plan } from './catalog-diff.js';
import {
  ANY_PRODUCT,
  type CatClassification,
  type CatComponent,
  type CatFlagType,
  type CatGroupControl,
  type CatProduct,
  type CatValue,
  isDefaultControl,
  key,
  sortedTargets,
} from './catalog-model.js';
import { componentOf, controlOf, flagTypeOf, productOf } from './catalog-read.js';

/**
 * Walks a plan, one REST write per change, in the plan's order — the same writes the admin console
 * makes, so Bugzilla's rules, messages and `audit_log` rows are the service's own. Before each write
 * of an existing object it reads the object again and compares it with what the plan read: if anyone
 * changed it since, the apply stops there without touching it; otherwise the write carries that
 * read's ETag as `If-Match`, so a change made in between is refused too (412). The first refusal
 * stops the walk; what was done stays done, and a new plan continues from there.
 */

export class ChangedSinceRead extends Error {
  constructor(readonly change: Change) {
    super('it was changed by someone else since the plan read it');
    this.name = 'ChangedSinceRead';
  }
}

export interface ApplyResult {
  done: Change[];
  failed?: { change: Change; message: string };
  notDone: Change[];
}

/**
 * The renames this apply has made so far: an object read by the plan names a classification, product
 * or component by its old name, and is still "as read" when it names it by the new one.
 */
class Renames {
  private readonly classifications = new Map<string, string>();
  private readonly products = new Map<string, string>();
  private readonly components = new Map<string, string>();
  private readonly milestones = new Map<string, string>();

  record(change: Change): void {
    const name = change.fields.find((f) => f.field === 'name');
    if (change.action !== 'change' || !name) return;
    const [from, to] = [String(name.from), String(name.to)];
    if (change.kind === 'classification') this.classifications.set(key(from), to);
    if (change.kind === 'product') this.products.set(key(from), to);
    if (change.kind === 'component') this.components.set(`${key(change.product!)}\u0000${key(from)}`, to);
    if (change.kind === 'milestone') this.milestones.set(`${key(change.product!)}\u0000${key(from)}`, to);
  }

  /** A product's default milestone follows its milestone's rename (Bugzilla's Milestone->update). */
  defaultMilestone(product: string, milestone: string): string {
    return this.milestones.get(`${key(product)}\u0000${key(milestone)}`) ?? milestone;
  }

  classification(name: string): string {
    return this.classifications.get(key(name)) ?? name;
  }

  /** A flag type's `"P"` or `"P:C"` target, with the names it has now. */
  target(text: string): string {
    const colon = text.indexOf(':');
    const product = colon < 0 ? text : text.slice(0, colon);
    const productNow = this.products.get(key(product)) ?? product;
    if (colon < 0) return productNow;
    const component = text.slice(colon + 1);
    return `${productNow}:${this.components.get(`${key(productNow)}\u0000${key(component)}`) ?? component}`;
  }
}

export async function applyPlan(
  client: CatalogClient,
  plan: Plan,
  onDone: (change: Change) => void = () => {},
): Promise<ApplyResult> {
  const done: Change[] = [];
  const renames = new Renames();
  const early = await readComponentsFirst(client, plan);
  const failure = (error: unknown) =>
    error instanceof ServiceError && error.isStale
      ? 'it was changed by someone else since the plan read it (412)'
      : error instanceof Error
        ? error.message
        : String(error);
  const changes = plan.changes;
  for (let i = 0; i < changes.length;) {
    // A run of component changes that rename nothing touches independent rows: its writes go out
    // together (the service makes each wait for its model to show the caller's previous write).
    let end = i + 1;
    if (isIndependent(changes[i])) while (end < changes.length && isIndependent(changes[end])) end++;
    const batch = changes.slice(i, end);
    const outcomes = await eachLimited(batch, PARALLEL_WRITES, async (change) => {
      try {
        await write(client, change, renames, early);
        return undefined;
      } catch (error) {
        return failure(error);
      }
    });
    batch.forEach((change, j) => {
      if (outcomes[j] !== undefined) return;
      done.push(change);
      renames.record(change);
      onDone(change);
    });
    const first = outcomes.findIndex((outcome) => outcome !== undefined);
    if (first >= 0) {
      const notDone = [...batch.filter((_c, j) => j !== first && outcomes[j] !== undefined), ...changes.slice(end)];
      return { done, failed: { change: batch[first], message: outcomes[first]! }, notDone };
    }
    i = end;
  }
  return { done, notDone: [] };
}

/** Writes in flight at once within a run of independent changes. */
const PARALLEL_WRITES = 16;

function isIndependent(change: Change): boolean {
  return change.kind === 'component' && change.action === 'change' && !change.fields.some((f) => f.field === 'name');
}

type ComponentReads = Map<Change, Answer<Schemas['ComponentRecordDto']>>;

/**
 * The components the plan changes or removes, read all at once before the first write — with the
 * ETags their writes will carry. After a write of the caller's, the service makes the caller's next
 * read wait until it shows that write (read-your-writes, SPEC §13), which on a large catalogue is a
 * reload per write; reading first keeps 100 component changes to 100 quick writes. A component of a
 * product the plan renames is read at its turn instead (its answer names the product).
 */
async function readComponentsFirst(client: CatalogClient, plan: Plan): Promise<ComponentReads> {
  const renamedProducts = new Set(
    plan.changes
      .filter((c) => c.kind === 'product' && c.action === 'change' && c.fields.some((f) => f.field === 'name'))
      .map((c) => key(c.address)),
  );
  const components = plan.changes.filter(
    (c) =>
      c.kind === 'component' &&
      (c.action === 'change' || c.action === 'remove') &&
      !renamedProducts.has(key(c.product!)),
  );
  const reads: ComponentReads = new Map();
  await eachLimited(components, 16, async (change) => {
    const live = (change as { live: CatComponent }).live;
    try {
      reads.set(
        change,
        await client.get<Schemas['ComponentRecordDto']>(pathOf('/rest/component/{id}', { id: live.id! })),
      );
    } catch {
      // Read again at its turn, where a failure stops the apply with the service's own words.
    }
  });
  return reads;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function ensureUnchanged(change: Change, now: unknown, then: unknown): void {
  if (!same(now, then)) throw new ChangedSinceRead(change);
}

/** A write's fields from its field changes, renamed to the API's keys where they differ. */
function changedFields(change: Change, rename: Record<string, string> = {}): Record<string, unknown> {
  return Object.fromEntries(change.fields.map((f) => [rename[f.field] ?? f.field, f.to]));
}

async function write(client: CatalogClient, change: Change, renames: Renames, early: ComponentReads): Promise<void> {
  if (change.action === 'error') throw new Error(change.message);
  switch (change.kind) {
    case 'classification':
      return writeClassification(client, change);
    case 'product':
      return writeProduct(client, change, renames);
    case 'version':
    case 'milestone':
      return writeValue(client, change);
    case 'component':
      return writeComponent(client, change, early.get(change));
    case 'group_controls':
      return writeGroupControls(client, change);
    case 'flag_type':
      return writeFlagType(client, change, renames);
    case 'group':
      throw new Error("groups cannot be written over the REST API (use Bugzilla's editgroups.cgi)");
  }
}

const classificationFields = (c: CatClassification) => ({
  name: c.name,
  description: c.description,
  sortkey: c.sortkey,
});

async function writeClassification(client: CatalogClient, change: Change): Promise<void> {
  if (change.action === 'add') {
    const c = change.desired as CatClassification;
    await client.post(pathOf('/rest/classification'), { name: c.name, description: c.description, sortkey: c.sortkey });
    return;
  }
  const live = (change as { live: CatClassification }).live;
  const path = pathOf('/rest/classification/{id_or_name}', { id_or_name: live.id! });
  const read = await client.get<Schemas['ClassificationListDto']>(path);
  const now = read.data.classifications[0];
  ensureUnchanged(
    change,
    now && classificationFields({ name: now.name, description: now.description ?? '', sortkey: now.sort_key }),
    classificationFields(live),
  );
  if (change.action === 'remove') await client.delete(path, read.etag);
  else await client.put(path, changedFields(change), read.etag);
}

const productFields = (p: CatProduct) => ({
  name: p.name,
  description: p.description,
  classification: p.classification,
  default_milestone: p.default_milestone,
  is_open: p.is_open,
  has_unconfirmed: p.has_unconfirmed,
});

async function readProduct(client: CatalogClient, name: string) {
  const read = await client.get<Schemas['ProductListDto']>(pathOf('/rest/product/{id_or_name}', { id_or_name: name }), {
    query: { type: ['accessible'] },
  });
  const found = read.data.products[0];
  return { product: found && productOf(found), etag: read.etag };
}

async function writeProduct(client: CatalogClient, change: Change, renames: Renames): Promise<void> {
  if (change.action === 'add') {
    const p = change.desired as CatProduct;
    await client.post(pathOf('/rest/product'), {
      name: p.name,
      description: p.description,
      version: p.version ?? p.versions?.[0]?.name ?? 'unspecified',
      classification: p.classification,
      default_milestone: p.default_milestone,
      is_open: p.is_open,
      has_unconfirmed: p.has_unconfirmed,
    });
    return;
  }
  const live = (change as { live: CatProduct }).live;
  const { product, etag } = await readProduct(client, String(live.id));
  const asRead = {
    ...live,
    classification: renames.classification(live.classification),
    default_milestone: renames.defaultMilestone(live.name, live.default_milestone),
  };
  ensureUnchanged(change, product && productFields(product), productFields(asRead));
  const path = pathOf('/rest/product/{id_or_name}', { id_or_name: live.id! });
  if (change.action === 'remove') await client.delete(path, etag);
  else await client.put(path, changedFields(change), etag);
}

const valueFields = (v: CatValue, kind: string) =>
  kind === 'version'
    ? { name: v.name, is_active: v.is_active }
    : { name: v.name, sort_key: v.sort_key, is_active: v.is_active };

async function writeValue(client: CatalogClient, change: Change): Promise<void> {
  const kind = change.kind as 'version' | 'milestone';
  const base = pathOf(`/rest/product/{product}/${kind}`, { product: change.product! });
  if (change.action === 'add') {
    const v = change.desired as CatValue;
    await client.post(base, kind === 'version' ? { name: v.name, is_active: v.is_active } : valueFields(v, kind));
    return;
  }
  const live = (change as { live: CatValue }).live;
  const { product, etag } = await readProduct(client, change.product!);
  const list = kind === 'version' ? product?.versions : product?.milestones;
  const now = list?.find((v) => v.id === live.id);
  ensureUnchanged(change, now && valueFields(now, kind), valueFields(live, kind));
  const path = pathOf(`/rest/product/{product}/${kind}/{name}`, { product: change.product!, name: live.name });
  if (change.action === 'remove') await client.delete(path, etag);
  else await client.put(path, changedFields(change), etag);
}

const componentFields = (c: CatComponent, withCc: boolean) => ({
  name: c.name,
  description: c.description,
  default_assignee: c.default_assignee,
  default_qa_contact: c.default_qa_contact,
  is_active: c.is_active,
  ...(withCc ? { default_cc: c.default_cc } : {}),
});

async function writeComponent(
  client: CatalogClient,
  change: Change,
  early?: Answer<Schemas['ComponentRecordDto']>,
): Promise<void> {
  if (change.action === 'add') {
    const c = change.desired as CatComponent;
    await client.post(pathOf('/rest/component'), {
      product: change.product,
      name: c.name,
      description: c.description,
      default_assignee: c.default_assignee,
      ...(c.default_qa_contact ? { default_qa_contact: c.default_qa_contact } : {}),
      ...(c.default_cc?.length ? { default_cc: c.default_cc } : {}),
      ...(c.is_active ? {} : { is_active: false }),
    });
    return;
  }
  const live = (change as { live: CatComponent }).live;
  const path = pathOf('/rest/component/{id}', { id: live.id! });
  const read = early ?? (await client.get<Schemas['ComponentRecordDto']>(path));
  const withCc = live.default_cc !== undefined;
  ensureUnchanged(change, componentFields(componentOf(read.data), withCc), componentFields(live, withCc));
  if (change.action === 'remove') await client.delete(path, read.etag);
  else await client.put(path, changedFields(change), read.etag);
}

async function writeGroupControls(client: CatalogClient, change: Change): Promise<void> {
  if (change.action !== 'change') throw new Error(`unexpected ${change.action} of group controls`);
  const path = pathOf('/rest/product/{id_or_name}/group_controls', { id_or_name: change.product! });
  const read = await client.get<Schemas['GroupControlsDto']>(path);
  const now = read.data.group_controls.map(controlOf).filter((c) => !isDefaultControl(c));
  const order = (list: CatGroupControl[]) => [...list].sort((a, b) => (key(a.group) < key(b.group) ? -1 : 1));
  ensureUnchanged(change, order(now), order(change.live as CatGroupControl[]));
  // One item per group that changes, with the whole of its settings as the file wants them.
  const byGroup = new Map<string, Record<string, unknown>>();
  for (const field of change.fields) {
    const dot = field.field.lastIndexOf('.');
    const group = field.field.slice(0, dot);
    const item = byGroup.get(group) ?? { group };
    item[field.field.slice(dot + 1)] = field.to;
    byGroup.set(group, item);
  }
  for (const item of byGroup.values()) {
    // Member and other controls go together: Bugzilla checks them as a pair.
    const current = now.find((c) => key(c.group) === key(String(item.group)));
    for (const field of ['membercontrol', 'othercontrol'] as const) item[field] ??= current?.[field] ?? 'NA';
  }
  await client.put(path, { group_controls: [...byGroup.values()] }, read.etag);
}

/** `"P:C"` → `{"P": ["C"]}`, the form POST and PUT /rest/flag_type take; `"P"` and `"__Any__"` as they are. */
function clusions(targets: string[]): (string | Record<string, string[]>)[] {
  return targets.map((t) => {
    const colon = t.indexOf(':');
    return t === ANY_PRODUCT || colon < 0 ? t : { [t.slice(0, colon)]: [t.slice(colon + 1)] };
  });
}

async function writeFlagType(client: CatalogClient, change: Change, renames: Renames): Promise<void> {
  if (change.action === 'add') {
    const t = change.desired as CatFlagType;
    const { inclusions, exclusions, grant_group, request_group, renamed_from: _renamed, id: _id, ...fields } = t;
    await client.post(pathOf('/rest/flag_type'), {
      ...fields,
      ...(grant_group ? { grant_group } : {}),
      ...(request_group ? { request_group } : {}),
      ...(same(inclusions, [ANY_PRODUCT]) ? {} : { inclusions: clusions(inclusions) }),
      exclusions: clusions(exclusions),
    });
    return;
  }
  const live = (change as { live: CatFlagType }).live;
  const read = await client.get<Schemas['FlagTypesRulesDto']>(pathOf('/rest/flag_type'), {
    query: { ids: [live.id!] },
  });
  const now = read.data.flagtypes[0];
  const strip = ({ id: _id, renamed_from: _r, ...rest }: CatFlagType) => rest;
  const asRead = {
    ...live,
    inclusions: sortedTargets(live.inclusions.map((t) => renames.target(t))),
    exclusions: sortedTargets(live.exclusions.map((t) => renames.target(t))),
  };
  ensureUnchanged(change, now && strip(flagTypeOf(now)), strip(asRead));
  const path = pathOf('/rest/flag_type/{name}', { name: live.id! });
  if (change.action === 'remove') {
    await client.delete(path, read.etag);
    return;
  }
  const fields = changedFields(change);
  if (Array.isArray(fields.inclusions)) fields.inclusions = clusions(fields.inclusions as string[]);
  if (Array.isArray(fields.exclusions)) fields.exclusions = clusions(fields.exclusions as string[]);
  await client.put(path, fields, read.etag);
}
