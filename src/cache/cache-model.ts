import { mayRememberUrl } from '../bugzilla/remembered-urls.js';
import { BoundedBySet } from './bounded-by-set.js';
import { FlagTypeApplicability } from '../catalogue/flag-type-applicability.js';
import { groupKeyOf } from '../catalogue/group-set-key.js';
import { isVisibleOnModel, type ProductSet, type VisibilityFacts } from '../catalogue/product-visibility.js';
import type { ApiKeyRecord, ProductRecord, ProfileRecord, TableIndexes } from './model-loader.js';

/** Most distinct (groups, sets) combinations whose visible ids one model remembers. */
const VISIBLE_MEMO_LIMIT = 1000;
/** Most users whose transitive groups one model remembers. */
const GROUPS_MEMO_LIMIT = 100_000;

/** Most answers one model remembers. */
export const ANSWER_MEMO_LIMIT = 256;
/**
 * Most bytes in all the answers one model remembers, as they are sent. An answer of up to 5,000
 * rows is remembered whole, with its bytes (http-conventions.ts): by their count alone, 256 answers
 * of 5,000 rows (the bench's largest product is 91 rows and 69,543 bytes) could hold about a
 * gigabyte for the life of a snapshot.
 */
export const ANSWER_MEMO_BYTES_LIMIT = 32 * 1024 * 1024;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export interface GroupRef {
  id: number;
  name: string;
}

/**
 * One consistent snapshot of the tables the product reads and the caller lookup need
 * (model-loader.ts), with what is derived from them. Immutable: a refresh builds a new model
 * that shares the indexes of the tables that did not change; what is derived across tables
 * (visible ids per group set, a user's transitive groups, flag type applicability) is
 * worked out on first use and kept for the life of this snapshot.
 */
export class CacheModel implements VisibilityFacts {
  private readonly visibleMemo = new Map<string, number[]>();
  /**
   * The same lists by group set object: a caller's set is one object for the life of the snapshot
   * (CallerService), so a request finds its list without building a text key. At most
   * VISIBLE_MEMO_LIMIT lists over all sets, as the text-keyed memo.
   */
  private readonly visibleBySet = new BoundedBySet<number[]>(VISIBLE_MEMO_LIMIT);
  private readonly groupsMemo = new Map<number, GroupRef[]>();
  private applicability?: FlagTypeApplicability;
  private readonly answers = new Map<string, unknown>();
  /** The bytes of the answers in `answers` (remember's `bytes`). */
  private answerBytes = 0;
  /**
   * The same answers by the caller's group set object, then by URL (answerAsAsked); at most
   * ANSWER_MEMO_LIMIT, and forgotten with `answers`, so that it never keeps an answer the memo let go.
   */
  private readonly answersAsAsked = new BoundedBySet<unknown>(ANSWER_MEMO_LIMIT);

  constructor(
    readonly tables: TableIndexes,
    private readonly orGroups: boolean,
  ) {}

  // --- products (SPEC §4, §5) ---

  /** Every product in the database's name order. */
  get products(): readonly ProductRecord[] {
    return this.tables.products.all;
  }

  product(id: number): ProductRecord | undefined {
    return this.tables.products.byId.get(id);
  }

  /** Products whose lower-cased name is `lowerName` (Perl's lc equality). */
  productsNamed(lowerName: string): readonly ProductRecord[] {
    return this.tables.products.byLowerName.get(lowerName) ?? [];
  }

  classificationName(id: number): string | null {
    return this.tables.classifications.get(id) ?? null;
  }

  controls(productId: number) {
    return this.tables.group_control_map.get(productId) ?? [];
  }

  hasActiveComponent(productId: number): boolean {
    return this.tables.components.withActive.has(productId);
  }

  hasActiveVersion(productId: number): boolean {
    return this.tables.versions.withActive.has(productId);
  }

  isVisible(product: ProductRecord, groupIds: ReadonlySet<number>, sets: readonly ProductSet[]): boolean {
    return isVisibleOnModel(product, this, groupIds, sets, this.orGroups);
  }

  /** Ids of the products in any of `sets` for a member of `groupIds`, in name order. */
  visibleIds(groupIds: ReadonlySet<number>, sets: readonly ProductSet[]): number[] {
    const setsKey = sets.length === 1 ? sets[0] : [...sets].sort().join(',');
    let ids = this.visibleBySet.get(groupIds, setsKey);
    if (ids) return ids;
    const key = `${setsKey}:${groupKeyOf(groupIds)}`;
    ids = this.visibleMemo.get(key);
    if (!ids) {
      ids = [];
      for (const product of this.products) if (this.isVisible(product, groupIds, sets)) ids.push(product.id);
      if (this.visibleMemo.size >= VISIBLE_MEMO_LIMIT) this.visibleMemo.clear();
      this.visibleMemo.set(key, ids);
    }
    this.visibleBySet.set(groupIds, setsKey, ids);
    return ids;
  }

  /**
   * Ids of the products a member of `groupIds` administers, in name order (Bugzilla's editproducts.cgi:
   * every product for `editcomponents` members, else get_products_by_permission('editcomponents'): a
   * group of theirs has editcomponents on the product), among those they can select.
   */
  editableIds(groupIds: ReadonlySet<number>, global: boolean): number[] {
    const selectable = this.visibleIds(groupIds, ['selectable']);
    if (global) return selectable;
    const key = `editable:${groupKeyOf(groupIds)}`;
    let ids = this.visibleMemo.get(key);
    if (!ids) {
      ids = selectable.filter((id) =>
        this.controls(id).some((control) => control.editcomponents !== 0 && groupIds.has(control.group_id)),
      );
      if (this.visibleMemo.size >= VISIBLE_MEMO_LIMIT) this.visibleMemo.clear();
      this.visibleMemo.set(key, ids);
    }
    return ids;
  }

  components(productId: number) {
    return this.tables.components.byProduct.get(productId) ?? [];
  }

  versions(productId: number) {
    return this.tables.versions.byProduct.get(productId) ?? [];
  }

  milestones(productId: number) {
    return this.tables.milestones.byProduct.get(productId) ?? [];
  }

  /** Which flag types apply where, over every type and rule (types in sort key, then name order). */
  get flagTypes(): FlagTypeApplicability {
    this.applicability ??= new FlagTypeApplicability(this.tables.flagtypes, [
      ...this.tables.flaginclusions,
      ...this.tables.flagexclusions,
    ]);
    return this.applicability;
  }

  /**
   * An answer remembered for a request as it was asked (its URL: path and query as sent) by a caller
   * with these groups, the same object as remembered under its own key: a repeated request finds its
   * answer without its question being read and worked into a key.
   */
  answerAsAsked<T>(groupIds: ReadonlySet<number>, url: string): T | undefined {
    return this.answersAsAsked.get(groupIds, url) as T | undefined;
  }

  /**
   * Keeps `answer` (one rememberedAnswer gave: frozen) for answerAsAsked, unless its URL may not be
   * kept (mayRememberUrl).
   */
  rememberAsAsked(groupIds: ReadonlySet<number>, url: string, answer: object): void {
    if (mayRememberUrl(url)) this.answersAsAsked.set(groupIds, url, answer);
  }

  /** An answer remembered from this snapshot (see remember). */
  rememberedAnswer<T>(key: string): { found: boolean; value?: T } {
    return this.answers.has(key) ? { found: true, value: this.answers.get(key) as T } : { found: false };
  }

  /**
   * Keeps an answer worked out from this snapshot alone, for the life of the snapshot (frozen:
   * every request shares it). `key` must name everything the answer depends on besides the model;
   * `bytes` is what it is sent as (0 for a record of a few fields). When ANSWER_MEMO_LIMIT answers
   * or ANSWER_MEMO_BYTES_LIMIT bytes would be passed, every answer remembered before is forgotten
   * (none is more likely asked again).
   */
  remember(key: string, answer: object, bytes = 0): void {
    if (this.answers.size >= ANSWER_MEMO_LIMIT || this.answerBytes + bytes > ANSWER_MEMO_BYTES_LIMIT) {
      this.answers.clear();
      this.answerBytes = 0;
      this.answersAsAsked.clear();
    }
    this.answerBytes += bytes;
    // Its parts too, whether or not the answer object itself came frozen (sharedAnswer does).
    for (const part of Object.values(answer)) deepFreeze(part);
    this.answers.set(key, Object.freeze(answer));
  }

  // --- callers (SPEC §3) ---

  profile(userId: number): ProfileRecord | undefined {
    return this.tables.profiles.get(userId);
  }

  loginOf(userId: number | null): string | null {
    if (userId === null) return null;
    return this.tables.profiles.get(userId)?.login_name ?? null;
  }

  apiKey(key: string): ApiKeyRecord | undefined {
    return this.tables.user_api_keys.get(key);
  }

  /** The user id a login cookie belongs to. */
  loginCookieUser(cookie: string): number | undefined {
    return this.tables.logincookies.get(cookie);
  }

  /** The user's groups: direct memberships (isbless = 0) closed over group_group_map (grant_type 0). */
  groupsOf(userId: number): GroupRef[] {
    let groups = this.groupsMemo.get(userId);
    if (!groups) {
      const reached = new Set<number>(this.tables.user_group_map.get(userId) ?? []);
      const queue = [...reached];
      while (queue.length > 0) {
        for (const grantor of this.tables.group_group_map.get(queue.pop()!) ?? []) {
          if (!reached.has(grantor)) {
            reached.add(grantor);
            queue.push(grantor);
          }
        }
      }
      groups = [];
      for (const id of reached) {
        const name = this.tables.groups.get(id);
        if (name !== undefined) groups.push({ id, name });
      }
      if (this.groupsMemo.size >= GROUPS_MEMO_LIMIT) this.groupsMemo.clear();
      this.groupsMemo.set(userId, groups);
    }
    return groups;
  }
}
