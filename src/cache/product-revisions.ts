import { createHash } from 'node:crypto';
import type { FlagRuleRow } from '../catalogue/flag-type-applicability.js';
import type { CacheModel } from './cache-model.js';
import type { ComponentRecord, ProductRecord } from './model-loader.js';

/**
 * The ETag of a streamed answer served from the model (docs/operators.md, "Large answers"), worked out
 * without serialising the answer: from what decides its bytes. Those are the question (ids,
 * names, type, include/exclude fields), the products the caller may see, in order, and for each
 * of them a content revision:
 * - its own row and its classification's name;
 * - the digest of its components, versions and milestones as loaded (ByProduct.revisions,
 *   computed when the model loads that product's rows, never per request);
 * - the logins of its components' default assignee and QA contact;
 * - the flag types its components list: each type that has an inclusion rule for any product or
 *   for this one (in the model's order), with those rules and the matching exclusion rules.
 * Each part is in only when the answer shows it. So the ETag moves whenever one of those inputs
 * moves (every change of the answer's bytes), and it is made of the visible products' data alone:
 * nothing about a product the caller cannot see goes into it (SPEC §4).
 */
export interface AnswerParts {
  components: boolean;
  /** default_assigned_to or default_qa_contact of components. */
  logins: boolean;
  flagTypes: boolean;
  versions: boolean;
  milestones: boolean;
}

/** Tells these ETags apart from the SHA-1 of a body (an answer built whole, or the database path). */
const REVISION_ETAG_PREFIX = 'r';

export function revisionEtag(
  model: CacheModel,
  question: string,
  products: readonly ProductRecord[],
  parts: AnswerParts,
): string {
  const hash = createHash('sha1');
  hash.update(JSON.stringify([question, parts]));
  const tables = model.tables;
  const flags = parts.flagTypes ? flagRevisionsOf(model) : undefined;
  for (const product of products) {
    hash.update(
      JSON.stringify([
        product.id,
        product.name,
        product.description,
        product.isactive,
        product.defaultmilestone,
        product.allows_unconfirmed,
        model.classificationName(product.classification_id),
        parts.components ? (tables.components.revisions.get(product.id) ?? '') : null,
        parts.logins ? loginsRevision(model, model.components(product.id)) : null,
        flags ? flags.of(product.id) : null,
        parts.versions ? (tables.versions.revisions.get(product.id) ?? '') : null,
        parts.milestones ? (tables.milestones.revisions.get(product.id) ?? '') : null,
      ]),
    );
  }
  return `"${REVISION_ETAG_PREFIX}${hash.digest('base64url')}"`;
}

/**
 * Logins a components list shows, digested, remembered per (profiles index, components list): both
 * are shared by the model snapshots in which their table did not change, so a new snapshot (a
 * login cookie written, say) does not walk 500,000 components again.
 */
const loginsMemo = new WeakMap<object, WeakMap<readonly ComponentRecord[], string>>();

function loginsRevision(model: CacheModel, components: readonly ComponentRecord[]): string {
  let byList = loginsMemo.get(model.tables.profiles);
  if (!byList) {
    byList = new WeakMap();
    loginsMemo.set(model.tables.profiles, byList);
  }
  let revision = byList.get(components);
  if (revision === undefined) {
    const hash = createHash('sha1');
    for (const component of components)
      hash.update(JSON.stringify([model.loginOf(component.initialowner), model.loginOf(component.initialqacontact)]));
    revision = hash.digest('base64url');
    byList.set(components, revision);
  }
  return revision;
}

/** Per product, the flag types and rules its components' lists are made of (see revisionEtag). */
class FlagRevisions {
  private readonly memo = new Map<number | 'none', string>();
  private readonly rulesByProduct = new Map<number, FlagRuleRow[]>();
  private readonly globalRules: FlagRuleRow[] = [];

  constructor(private readonly model: CacheModel) {
    // A rule for any product but one component matters only to that component's product: it is
    // that product's rule here, so that it says nothing to callers who cannot see that product.
    const byComponent = new Map<number, FlagRuleRow[]>();
    for (const rule of [...model.tables.flaginclusions, ...model.tables.flagexclusions]) {
      if (rule.product_id !== null) this.add(Number(rule.product_id), rule);
      else if (rule.component_id === null) this.globalRules.push(rule);
      else {
        const componentId = Number(rule.component_id);
        const list = byComponent.get(componentId);
        if (list) list.push(rule);
        else byComponent.set(componentId, [rule]);
      }
    }
    // Rare (Bugzilla's forms always name the product): one pass over the components only then.
    if (byComponent.size > 0)
      for (const [productId, components] of model.tables.components.byProduct)
        for (const component of components)
          for (const rule of byComponent.get(component.id) ?? []) this.add(productId, rule);
  }

  private add(productId: number, rule: FlagRuleRow): void {
    const list = this.rulesByProduct.get(productId);
    if (list) list.push(rule);
    else this.rulesByProduct.set(productId, [rule]);
  }

  of(productId: number): string {
    // Products without a rule of their own share one revision: the types for any product.
    const key = this.rulesByProduct.has(productId) ? productId : 'none';
    let revision = this.memo.get(key);
    if (revision === undefined) {
      revision = this.compute(this.rulesByProduct.get(productId) ?? []);
      this.memo.set(key, revision);
    }
    return revision;
  }

  private compute(productRules: readonly FlagRuleRow[]): string {
    const rules = [...this.globalRules, ...productRules];
    const hash = createHash('sha1');
    for (const type of this.model.tables.flagtypes) {
      const typeId = Number(type.id);
      const own = rules.filter((rule) => Number(rule.type_id) === typeId);
      if (!own.some((rule) => Number(rule.excluded) === 0)) continue;
      // The rule tables have no order of their own: sorted, so that a reload reading them in another order changes nothing.
      const ruleTexts = own
        .map((rule) =>
          [Number(rule.excluded), rule.product_id === null ? 'any' : 'this', rule.component_id ?? 'any'].join(':'),
        )
        .sort();
      hash.update(JSON.stringify([type, ruleTexts]));
    }
    return hash.digest('base64url');
  }
}

const flagRevisionsMemo = new WeakMap<CacheModel, FlagRevisions>();

function flagRevisionsOf(model: CacheModel): FlagRevisions {
  let revisions = flagRevisionsMemo.get(model);
  if (!revisions) {
    revisions = new FlagRevisions(model);
    flagRevisionsMemo.set(model, revisions);
  }
  return revisions;
}
