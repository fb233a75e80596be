import { useState } from 'preact/hooks';
import type { NewProduct as NewProductFields } from '../api/types.js';
import { api } from '../session.js';
import { href, navigate } from '../router.js';
import { CheckboxField, FormError, TextField, fieldRules, useSubmit } from '../components/fields.js';

// Bugzilla's product errors by code (Product.pm), and the parameter the service names for the others.
const fieldOf = fieldRules([
  [700, 'name'],
  [701, 'name'],
  [702, 'name'],
  [703, 'description'],
  [704, 'version'],
  [51, 'classification'],
  [/'default_milestone'|milestone/i, 'default_milestone'],
  [/'version'/, 'version'],
]);

/** A new product with its first version and its default milestone, in one request (POST /rest/product). */
export function NewProduct() {
  const [draft, setDraft] = useState<Required<NewProductFields>>({
    name: '',
    description: '',
    version: 'unspecified',
    default_milestone: '---',
    classification: 'Unclassified',
    is_open: true,
    has_unconfirmed: true,
  });
  const { errors, busy, submit } = useSubmit(fieldOf);
  const set =
    <K extends keyof NewProductFields>(key: K) =>
    (value: Required<NewProductFields>[K]) =>
      setDraft({ ...draft, [key]: value });

  return (
    <section aria-labelledby="new-product-title">
      <p class="crumbs">
        <a href={href.catalogue()}>Products</a>
      </p>
      <h1 id="new-product-title">New product</h1>
      <form
        class="panel"
        aria-label="New product"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(async () => {
            const id = await api.createProduct(draft);
            navigate(href.product(id));
          });
        }}
      >
        <FormError message={errors.form} />
        <TextField label="Name" value={draft.name} onInput={set('name')} error={errors.fields.name} required />
        <TextField
          label="Description"
          multiline
          value={draft.description}
          onInput={set('description')}
          error={errors.fields.description}
          required
        />
        <TextField
          label="First version"
          value={draft.version}
          onInput={set('version')}
          error={errors.fields.version}
          required
        />
        <TextField
          label="Default milestone"
          value={draft.default_milestone}
          onInput={set('default_milestone')}
          error={errors.fields.default_milestone}
          hint="Created with the product; “---” when there are no milestones to speak of."
        />
        <TextField
          label="Classification"
          value={draft.classification}
          onInput={set('classification')}
          error={errors.fields.classification}
        />
        <CheckboxField label="Open for bugs" checked={draft.is_open} onChange={set('is_open')} />
        <CheckboxField
          label="Allows unconfirmed bugs"
          checked={draft.has_unconfirmed}
          onChange={set('has_unconfirmed')}
        />
        <button type="submit" disabled={busy}>
          Create product
        </button>
      </form>
    </section>
  );
}
