import { useState } from 'preact/hooks';
import { api } from '../../session.js';
import { href, navigate } from '../../router.js';
import { CheckboxField, FormError } from '../../components/fields.js';
import type { ProductTabProps } from './product-tab-props.js';

/**
 * Deleting the product, with what goes with it. The service refuses while bugs remain (unless the
 * site allows bug deletion) in Bugzilla's words, shown here as they come.
 */
export function DeleteTab({ product, etag }: ProductTabProps) {
  const [deleteSeries, setDeleteSeries] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!confirm(`Delete the product ${product.name} and everything listed?`)) return;
    setBusy(true);
    setError(undefined);
    try {
      await api.deleteProduct(product.id, { deleteSeries, etag });
      navigate(href.catalogue());
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel" aria-label="Delete the product">
      <h2>Delete {product.name}</h2>
      <p>Deleting the product also deletes:</p>
      <ul>
        <li>{product.components.length} components (and their default CC lists)</li>
        <li>{product.versions.length} versions</li>
        <li>{product.milestones.length} milestones</li>
        <li>its group controls and flag type inclusions and exclusions</li>
      </ul>
      <FormError message={error} />
      <CheckboxField label="Also delete its charts' series" checked={deleteSeries} onChange={setDeleteSeries} />
      <button type="button" class="danger" disabled={busy} onClick={remove}>
        Delete product
      </button>
    </section>
  );
}
