import type { Dialect } from '../database/dialect.js';
import {
  type ByProduct,
  type ModelReader,
  type ProductRowTable,
  type TableIndexes,
  loadProductRows,
  productFingerprints,
} from './model-loader.js';

/**
 * Above this share of products with changed rows (and this many), the whole table is read
 * again: past it, the list of ids would cost more than it saves.
 */
const WHOLE_TABLE_ABOVE = 0.25;
const WHOLE_TABLE_ABOVE_COUNT = 100;

/** The per-product fingerprints an index was loaded with (they travel with the index: see reload). */
const fingerprintsOf = new WeakMap<object, Map<number, string>>();

/** What a reload of a product-owned table did, for the logs and the metrics. */
export interface ProductRowsReload<K extends ProductRowTable> {
  index: TableIndexes[K];
  /** Products whose rows were read again ('all': the whole table). */
  reread: number | 'all';
}

/**
 * Reloads a product-owned table (components, versions, milestones) on MariaDB / MySQL and
 * PostgreSQL reading only the rows of the products whose rows changed: one statement gives every product's
 * fingerprint (productFingerprints, computed inside the server), a second reads the rows of
 * the products whose fingerprint moved, which replace theirs in a copy of the current index
 * (the other products' lists are shared, not copied). At 10,000 products and 500,000 components
 * a change to one component costs the fingerprint scan in the database and 50 rows over the
 * wire, instead of 500,000 rows parsed and indexed in this process.
 *
 * The fingerprints are read before the rows, so they are never newer than the rows they stand
 * for: a change committed in between is read again at the next check. They are kept with the
 * index they describe, so an index that was loaded but not installed (its check failed) leaves
 * nothing behind.
 */
export async function reloadProductRows<K extends ProductRowTable>(
  table: K,
  current: TableIndexes[K] | undefined,
  read: ModelReader,
  byName: (column: string) => string,
  fingerprintsSql: NonNullable<Dialect['productFingerprintsSql']>,
): Promise<ProductRowsReload<K>> {
  const fingerprints = await productFingerprints(table, read, fingerprintsSql);
  const previous = current && fingerprintsOf.get(current);
  const changed = previous ? changedProducts(previous, fingerprints) : undefined;
  let reload: ProductRowsReload<K>;
  if (current && changed?.length === 0) reload = { index: current, reread: 0 };
  else if (!current || !changed || wholeTableCheaper(changed.length, fingerprints.size))
    reload = { index: await loadProductRows(table, read, byName), reread: 'all' };
  else {
    const fresh = await loadProductRows(table, read, byName, changed);
    reload = { index: replaceProducts(current, fresh, changed), reread: changed.length };
  }
  fingerprintsOf.set(reload.index, fingerprints);
  return reload;
}

function wholeTableCheaper(changed: number, products: number): boolean {
  return changed > WHOLE_TABLE_ABOVE_COUNT && changed > WHOLE_TABLE_ABOVE * products;
}

/** Products whose fingerprint differs, appeared or disappeared. */
function changedProducts(before: Map<number, string>, after: Map<number, string>): number[] {
  const changed: number[] = [];
  for (const [productId, fingerprint] of after) if (before.get(productId) !== fingerprint) changed.push(productId);
  for (const productId of before.keys()) if (!after.has(productId)) changed.push(productId);
  return changed;
}

/** A copy of `current` in which the rows of `productIds` are those of `fresh` (none when it has none). */
export function replaceProducts<K extends ProductRowTable>(
  current: TableIndexes[K],
  fresh: TableIndexes[K],
  productIds: readonly number[],
): TableIndexes[K] {
  const from = current as ByProduct<{ product_id: number }>;
  const to = fresh as ByProduct<{ product_id: number }>;
  const byProduct = new Map(from.byProduct);
  const withActive = new Set(from.withActive);
  const revisions = new Map(from.revisions);
  let count = from.count;
  for (const productId of productIds) {
    count -= byProduct.get(productId)?.length ?? 0;
    const rows = to.byProduct.get(productId);
    if (rows) {
      byProduct.set(productId, rows);
      revisions.set(productId, to.revisions.get(productId)!);
      count += rows.length;
    } else {
      byProduct.delete(productId);
      revisions.delete(productId);
    }
    if (to.withActive.has(productId)) withActive.add(productId);
    else withActive.delete(productId);
  }
  return { byProduct, withActive, count, revisions } as TableIndexes[K];
}
