import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Product } from '../api/types.js';
import { api } from '../session.js';
import { href } from '../router.js';
import { FormError } from '../components/fields.js';
import { FieldsTab } from './product/fields-tab.js';
import { ComponentsTab } from './product/components-tab.js';
import { ValuesTab } from './product/values-tab.js';
import { FlagTypesTab } from './product/flag-types-tab.js';
import { GroupControlsTab } from './product/group-controls-tab.js';
import { HistoryTab } from './product/history-tab.js';
import { DeleteTab } from './product/delete-tab.js';
import type { ProductTabProps } from './product/product-tab-props.js';

const TABS: [string, string][] = [
  ['fields', 'Fields'],
  ['components', 'Components'],
  ['versions', 'Versions'],
  ['milestones', 'Milestones'],
  ['flag-types', 'Flag types'],
  ['group-controls', 'Group controls'],
  ['history', 'History'],
  ['delete', 'Delete'],
];

/**
 * One product: its fields and, a tab each, its components, versions, milestones, flag types, group
 * controls, history and deletion.
 */
export function ProductPage({ id, tab }: { id: number; tab: string }) {
  const [product, setProduct] = useState<Product>();
  const [etag, setEtag] = useState<string>();
  const [error, setError] = useState<string>();
  const [loaded, setLoaded] = useState(false);
  const [readOnly, setReadOnly] = useState(false);

  const reload = useCallback(async () => {
    try {
      const read = await api.product(id);
      setProduct(read.data);
      setEtag(read.etag);
      return read.data;
    } catch (caught) {
      setError((caught as Error).message);
      return undefined;
    } finally {
      setLoaded(true);
    }
  }, [id]);
  useEffect(() => void reload(), [reload]);
  useEffect(() => {
    // GET /rest/product_editable says which products the caller administers: the others are read-only.
    api.editable().then(
      (editable) => setReadOnly(!editable.has(id)),
      () => setReadOnly(false),
    );
  }, [id]);

  if (!loaded) return <p role="status">Loading the product…</p>;
  if (!product) {
    return (
      <>
        <h1>Product not found</h1>
        <FormError message={error ?? 'Either this product does not exist or you do not have access to it.'} />
        <a href={href.catalogue()}>Back to the products</a>
      </>
    );
  }
  const props: ProductTabProps = { product, etag, reload };
  return (
    <article aria-labelledby="product-title">
      <p class="crumbs">
        <a href={href.catalogue()}>Products</a> › {product.classification}
      </p>
      <h1 id="product-title">
        {product.name}
        {!product.is_active && <span class="badge">closed for bugs</span>}
      </h1>
      <nav class="tabs" aria-label="Parts of the product">
        {TABS.map(([key, label]) => (
          <a key={key} href={href.product(id, key)} aria-current={tab === key ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      {readOnly && (
        <p class="notice" role="status">
          You may see this product but not administer it: its pages are read-only.
        </p>
      )}
      <fieldset class="plain" disabled={readOnly}>
        {tab === 'fields' && <FieldsTab {...props} />}
        {tab === 'components' && <ComponentsTab {...props} />}
        {tab === 'versions' && <ValuesTab {...props} kind="version" />}
        {tab === 'milestones' && <ValuesTab {...props} kind="milestone" />}
        {tab === 'flag-types' && <FlagTypesTab {...props} />}
        {tab === 'group-controls' && <GroupControlsTab {...props} />}
        {tab === 'history' && <HistoryTab {...props} />}
        {tab === 'delete' && <DeleteTab {...props} />}
      </fieldset>
    </article>
  );
}
