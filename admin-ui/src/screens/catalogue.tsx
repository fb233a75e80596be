import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ProductSummary } from '../api/types.js';
import { api } from '../session.js';
import { href } from '../router.js';
import { FormError } from '../components/fields.js';

interface Row {
  product: ProductSummary;
  /** Lower-cased name, description and classification: what the filter looks in. */
  haystack: string;
}

/**
 * Every product the caller may see, grouped by classification, with the counts of its parts and a
 * filter that narrows thousands of them as one types (each keystroke is one pass over prepared strings).
 */
export function Catalogue() {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState('');

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
  }, []);

  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const byClass = new Map<string, ProductSummary[]>();
    for (const row of rows ?? []) {
      if (needle && !row.haystack.includes(needle)) continue;
      const list = byClass.get(row.product.classification);
      if (list) list.push(row.product);
      else byClass.set(row.product.classification, [row.product]);
    }
    return [...byClass].sort(([a], [b]) => a.localeCompare(b));
  }, [rows, filter]);
  const shown = groups.reduce((sum, [, list]) => sum + list.length, 0);

  return (
    <section aria-labelledby="catalogue-title">
      <div class="page-head">
        <h1 id="catalogue-title">Products</h1>
        <a class="button" href={href.newProduct()}>
          New product
        </a>
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
          {shown === rows.length ? `${rows.length} products` : `${shown} of ${rows.length} products`}
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
                  <td class="num">{product.components.length}</td>
                  <td class="num">{product.versions.length}</td>
                  <td class="num">{product.milestones.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
