import { useEffect, useState } from 'preact/hooks';
import type { HistoryEntry } from '../../api/types.js';
import { api } from '../../session.js';
import { FormError } from '../../components/fields.js';
import type { ProductTabProps } from './product-tab-props.js';

const PAGE = 50;

/** Who changed what in the product and its parts, newest first, a page at a time (audit_log). */
export function HistoryTab({ product }: ProductTabProps) {
  const [entries, setEntries] = useState<HistoryEntry[]>();
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string>();

  const load = async (before?: number) => {
    try {
      const page = await api.history(product.id, PAGE, before);
      setEntries((old) => (before === undefined ? page : [...(old ?? []), ...page]));
      setMore(page.length === PAGE);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  useEffect(() => void load(), [product.id]);

  if (error) return <FormError message={error} />;
  if (!entries) return <p role="status">Loading the history…</p>;
  if (entries.length === 0) return <p>No change has been recorded for this product.</p>;
  return (
    <section aria-label="History">
      <table class="history">
        <caption class="visually-hidden">Changes to {product.name}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Field</th>
            <th scope="col">Removed</th>
            <th scope="col">Added</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.when.replace('T', ' ').replace('Z', '')}</td>
              <td>{entry.who}</td>
              <td>
                {entry.class.replace(/^Bugzilla::/, '')} {entry.object_id}
              </td>
              <td>
                {entry.field === '__create__' ? 'created' : entry.field === '__remove__' ? 'removed' : entry.field}
              </td>
              <td>{entry.removed ?? ''}</td>
              <td>{entry.added ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more && (
        <button type="button" class="secondary" onClick={() => load(entries[entries.length - 1].id)}>
          Older changes
        </button>
      )}
    </section>
  );
}
