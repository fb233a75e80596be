import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import type { Product, ProductFields } from '../../api/types.js';
import { api } from '../../session.js';
import {
  CheckboxField,
  FormError,
  Notice,
  SelectField,
  TextField,
  fieldRules,
  useSubmit,
} from '../../components/fields.js';
import type { ProductTabProps } from './product-tab-props.js';

interface Draft {
  name: string;
  description: string;
  default_milestone: string;
  is_open: boolean;
  has_unconfirmed: boolean;
  classification: string;
}

const LABELS: Record<keyof Draft, string> = {
  name: 'Name',
  description: 'Description',
  default_milestone: 'Default milestone',
  is_open: 'Open for bugs',
  has_unconfirmed: 'Allows unconfirmed bugs',
  classification: 'Classification',
};

function draftOf(product: Product): Draft {
  return {
    name: product.name,
    description: product.description,
    default_milestone: product.default_milestone,
    is_open: product.is_active,
    has_unconfirmed: product.has_unconfirmed,
    classification: product.classification,
  };
}

/** The keys of `draft` that differ from `base`. */
function changed(base: Draft, draft: Draft): (keyof Draft)[] {
  return (Object.keys(LABELS) as (keyof Draft)[]).filter((key) => base[key] !== draft[key]);
}

const show = (value: string | boolean) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : `“${value}”`);

// Bugzilla's product errors, by code (Product.pm: 700-705) or by the words of the message.
const fieldOf = fieldRules([
  [700, 'name'],
  [701, 'name'],
  [702, 'name'],
  [703, 'description'],
  [705, 'default_milestone'],
  [/classification/i, 'classification'],
  [/milestone/i, 'default_milestone'],
]);

/**
 * The product's own fields. A save sends only what changed, with the ETag of the product as read: if
 * someone else changed it meanwhile, the service answers 412, and the form shows what they changed
 * while keeping what was typed; saving again then applies it over their version.
 */
export function FieldsTab({ product, etag, reload }: ProductTabProps) {
  const [base, setBase] = useState(() => draftOf(product));
  const [baseEtag, setBaseEtag] = useState(etag);
  // After a save the page reloads the product: its new ETag is the one the next save must send
  // (the service answers 412 to a stale If-Match, SPEC §10).
  useEffect(() => setBaseEtag(etag), [etag]);
  const [draft, setDraft] = useState(base);
  const [saved, setSaved] = useState<string>();
  const [conflict, setConflict] = useState<string[]>();
  const { errors, busy, submit, setErrors } = useSubmit(fieldOf);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft({ ...draft, [key]: value });

  const save = async () => {
    setSaved(undefined);
    setConflict(undefined);
    const keys = changed(base, draft);
    if (keys.length === 0) return setSaved('Nothing to save: no field was changed.');
    const fields: ProductFields = Object.fromEntries(keys.map((key) => [key, draft[key]]));
    await submit(async () => {
      try {
        const result = await api.updateProduct(product.id, fields, baseEtag);
        const names = Object.keys(result.changes);
        // The product as saved, and its new ETag for the next save (the page's header follows).
        const read = await api.product(product.id);
        void reload();
        if (read.data) {
          const next = draftOf(read.data);
          setBase(next);
          // What was typed while the save went and came back stays: only the fields left as they were sent
          // take the saved values (a field typed into then must not be reset under the admin's hands).
          setDraft((current) => {
            const merged = { ...next };
            for (const key of Object.keys(LABELS) as (keyof Draft)[])
              if (current[key] !== draft[key]) Object.assign(merged, { [key]: current[key] });
            return merged;
          });
          setBaseEtag(read.etag);
        }
        // Said once the form holds the saved product, so that what follows the notice starts from it.
        setSaved(
          names.length ? `Saved: ${names.map((n) => n.replace(/_/g, ' ')).join(', ')}.` : 'Saved: nothing changed.',
        );
      } catch (error) {
        if (!(error instanceof ApiError) || !error.isConflict) throw error;
        // Someone else saved first: show what they changed, keep what was typed, and take their version
        // (and its ETag) as the one the next save builds on.
        const read = await api.product(product.id);
        if (!read.data) throw error;
        const theirs = draftOf(read.data);
        setConflict(changed(base, theirs).map((key) => `${LABELS[key]}: ${show(base[key])} → ${show(theirs[key])}`));
        // The fields this admin did not touch take the other admin's values; the ones typed here stay.
        const merged = { ...theirs };
        for (const key of keys) Object.assign(merged, { [key]: draft[key] });
        setDraft(merged);
        setBase(theirs);
        setBaseEtag(read.etag);
        setErrors({ fields: {}, form: error.message });
      }
    });
  };

  return (
    <form
      class="panel"
      aria-label="Product fields"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {saved && <Notice>{saved}</Notice>}
      <FormError message={errors.form} />
      {conflict && (
        <div class="conflict" role="region" aria-label="Changed by someone else">
          <p>
            {conflict.length
              ? 'While you were editing, someone else changed:'
              : 'Someone else saved this product while you were editing.'}
          </p>
          <ul class="changes">
            {conflict.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>Your entries are still in the form. Save again to apply them over these changes.</p>
        </div>
      )}
      <TextField label="Name" value={draft.name} onInput={set('name')} error={errors.fields.name} required />
      <TextField
        label="Description"
        multiline
        value={draft.description}
        onInput={set('description')}
        error={errors.fields.description}
        required
      />
      <SelectField
        label="Default milestone"
        value={draft.default_milestone}
        options={product.milestones.map((m) => m.name)}
        onChange={set('default_milestone')}
        error={errors.fields.default_milestone}
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
        Save changes
      </button>
    </form>
  );
}
