import { useEffect, useMemo, useState } from 'preact/hooks';
import type { PartCounts, ProductSummary } from '../api/types.js';
import { api, useGroupMember } from '../session.js';
import { href } from '../router.js';
import { FormError } from '../components/fields.js';

interface Row {
  product: ProductSummary;
  /** Lower-cased name, description and classification: what the filter looks in. */
  haystack: string;
}

/**
 * How many matching products are drawn at once: the filter narrows thousands, and drawing a few hundred
 * rows keeps each keystroke fast; "Show all" draws the rest on demand.
 */
const SHOWN_AT_ONCE = 200;

/**
 * Every product the caller may see, grouped by classification, with the counts of its parts and a
 * filter that narrows thousands of them as one types (each keystroke is one pass over prepared strings).
 */
export function Catalogue() {
  // Bugzilla lets only members of editcomponents create products: the others are not offered it.
  const canCreateProducts = useGroupMember('editcomponents');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [counts, setCounts] = useState<Map<number, PartCounts>>();
  const [editable, setEditable] = useState<Set<number>>();

  useEffect(() => {
    api
      .catalogue()
      .then((products) =>
        setRows(
          products.map((product) => ({
            product,
            haystack: `${product.name}\n${product.description}\n${product.classification}`.toLowerCase(),
          })),
        ),
      )
      .catch((caught: Error) => setError(caught.message));
    api
      .editable()
      .then(setEditable)
      .catch(() => setEditable(new Set()));
    // The counts take longer on a big catalogue: the list is usable before they arrive.
    api
      .catalogueCounts()
      .then(setCounts)
      .catch(() => setCounts(new Map()));
  }, []);

  const { groups, matching, drawn } = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matches = needle ? (rows ?? []).filter((row) => row.haystack.includes(needle)) : (rows ?? []);
    // Classifications in name order, products in the API's order (by name) within each.
    const byClass = new Map<string, ProductSummary[]>();
    for (const row of matches) {
      const list = byClass.get(row.product.classification);
      if (list) list.push(row.product);
      else byClass.set(row.product.classification, [row.product]);
    }
    const sorted = [...byClass].sort(([a], [b]) => a.localeCompare(b));
    let budget = showAll ? Infinity : SHOWN_AT_ONCE;
    const visible: [string, ProductSummary[]][] = [];
    for (const [name, list] of sorted) {
      if (budget <= 0) break;
      visible.push([name, list.slice(0, budget)]);
      budget -= list.length;
    }
    const count = visible.reduce((sum, [, list]) => sum + list.length, 0);
    return { groups: visible, matching: matches.length, drawn: count };
  }, [rows, filter, showAll]);

  return (
    <section aria-labelledby="catalogue-title">
      <div class="page-head">
        <h1 id="catalogue-title">Products</h1>
        {canCreateProducts && (
          <a class="button" href={href.newProduct()}>
            New product
          </a>
        )}
      </div>
      <FormError message={error} />
      <div class="field filter">
        <label for="catalogue-filter">Filter products</label>
        <input
          id="catalogue-filter"
          type="search"
          value={filter}
          placeholder="name, description or classification"
          onInput={(event) => setFilter((event.currentTarget as HTMLInputElement).value)}
        />
      </div>
      {rows === null && !error && <p role="status">Loading the catalogue…</p>}
      {rows !== null && (
        <p role="status" class="count" data-testid="catalogue-count">
          {matching === rows.length ? `${rows.length} products` : `${matching} of ${rows.length} products`}
        </p>
      )}
      {groups.map(([classification, products]) => (
        <section key={classification} class="classification" aria-label={`Classification ${classification}`}>
          <h2>{classification}</h2>
          <table class="catalogue">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Description</th>
                <th scope="col" class="num">
                  Components
                </th>
                <th scope="col" class="num">
                  Versions
                </th>
                <th scope="col" class="num">
                  Milestones
                </th>
                <th scope="col">Administer</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id} class={product.is_active ? undefined : 'inactive'}>
                  <th scope="row">
                    <a href={href.product(product.id)}>{product.name}</a>
                    {!product.is_active && ' '}
                    {!product.is_active && <span class="badge">closed for bugs</span>}
                  </th>
                  <td class="description">{product.description}</td>
                  <Counts counts={counts} id={product.id} />
                  <Access editable={editable} product={product} />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {drawn < matching && (
        <p class="more">
          Showing the first {drawn} of {matching}: type in the filter to narrow them, or{' '}
          <button type="button" class="secondary" onClick={() => setShowAll(true)}>
            Show all {matching}
          </button>
        </p>
      )}
    </section>
  );
}

/** An edit link for a product the caller administers; "read-only" for the others (none while unknown). */
function Access({ editable, product }: { editable?: Set<number>; product: ProductSummary }) {
  if (!editable) return <td aria-busy="true">…</td>;
  if (!editable.has(product.id)) return <td class="read-only">read-only</td>;
  return (
    <td>
      <a href={href.product(product.id)} aria-label={`Edit ${product.name}`}>
        Edit
      </a>
    </td>
  );
}

/** A product's three counts, or a placeholder while they are still being read. */
function Counts({ counts, id }: { counts?: Map<number, PartCounts>; id: number }) {
  const own = counts?.get(id);
  const cell = (n: number | undefined) => (
    <td class="num" aria-busy={counts ? undefined : true}>
      {n ?? (counts ? '' : '…')}
    </td>
  );
  return (
    <>
      {cell(own?.components)}
      {cell(own?.versions)}
      {cell(own?.milestones)}
    </>
  );
}
