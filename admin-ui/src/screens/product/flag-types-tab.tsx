import { useEffect, useState } from 'preact/hooks';
import type { FlagTypeInfo } from '../../api/types.js';
import { api } from '../../session.js';
import { FormError } from '../../components/fields.js';
import type { ProductTabProps } from '../product-page.js';

/** The flag types that apply to the product, for bugs and for attachments, with where they apply. */
export function FlagTypesTab({ product }: ProductTabProps) {
  const [types, setTypes] = useState<{ bug: FlagTypeInfo[]; attachment: FlagTypeInfo[] }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api
      .flagTypes(product.name)
      .then(setTypes)
      .catch((caught: Error) => setError(caught.message));
  }, [product.name]);

  if (error) return <FormError message={error} />;
  if (!types) return <p role="status">Loading the flag types…</p>;
  return (
    <section aria-label="Flag types">
      {(['bug', 'attachment'] as const).map((target) => (
        <section key={target} aria-label={`Flag types for ${target}s`}>
          <h2>For {target}s</h2>
          {types[target].length === 0 ? (
            <p>None applies to this product.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Flag type</th>
                  <th scope="col">Description</th>
                  <th scope="col">Active</th>
                  <th scope="col">Applies to</th>
                  <th scope="col">Except</th>
                </tr>
              </thead>
              <tbody>
                {types[target].map((type) => (
                  <tr key={type.id} class={type.is_active ? undefined : 'inactive'}>
                    <th scope="row">{type.name}</th>
                    <td class="description">{type.description}</td>
                    <td>{type.is_active ? 'yes' : 'no'}</td>
                    <td>{type.inclusions?.length ? type.inclusions.join(', ') : 'every component'}</td>
                    <td>{type.exclusions?.length ? type.exclusions.join(', ') : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </section>
  );
}
