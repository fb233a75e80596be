import { useState } from 'preact/hooks';
import type { ValueFields, Version } from '../../api/types.js';
import { api } from '../../session.js';
import {
  CheckboxField,
  FormError,
  Notice,
  TextField,
  fieldRules,
  useOutcome,
  useSubmit,
} from '../../components/fields.js';
import type { ProductTabProps } from './product-tab-props.js';
import { RowButton } from '../../components/row-actions.js';

type Kind = 'version' | 'milestone';

interface Draft {
  name: string;
  sortKey: string;
  active: boolean;
}

const fieldOf = fieldRules([[/sort ?key/i, 'sort_key']]);

/** Everything the API refuses about a version or milestone is about its name unless it says sort key. */
function placeAtName(error: ReturnType<typeof useSubmit>['errors']) {
  return error.form
    ? { name: error.form, sortKey: error.fields.sort_key }
    : { name: error.fields.name, sortKey: error.fields.sort_key };
}

function ValueForm(props: {
  kind: Kind;
  title: string;
  initial: Draft;
  submitLabel: string;
  onSubmit: (fields: ValueFields) => Promise<void>;
  onCancel?: () => void;
  inline?: boolean;
}) {
  const [draft, setDraft] = useState(props.initial);
  const { errors, busy, submit } = useSubmit(fieldOf);
  const placed = placeAtName(errors);
  const label = props.kind === 'version' ? 'Version' : 'Milestone';
  const fields = (): ValueFields => {
    const out: ValueFields = {};
    if (draft.name !== props.initial.name) out.name = draft.name;
    if (props.kind === 'milestone' && draft.sortKey !== props.initial.sortKey) {
      out.sort_key = draft.sortKey.trim() === '' ? 0 : Number(draft.sortKey);
    }
    if (draft.active !== props.initial.active) out.is_active = draft.active;
    return out;
  };
  return (
    <form
      class={props.inline ? 'inline-form' : 'panel inline-form'}
      aria-label={props.title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(() => props.onSubmit(fields()));
      }}
    >
      <TextField
        label={`${label} name`}
        value={draft.name}
        onInput={(name) => setDraft({ ...draft, name })}
        error={placed.name}
        required
      />
      {props.kind === 'milestone' && (
        <TextField
          label="Sort key"
          type="number"
          value={draft.sortKey}
          onInput={(sortKey) => setDraft({ ...draft, sortKey })}
          error={placed.sortKey}
        />
      )}
      <CheckboxField label="Active" checked={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
      <button type="submit" disabled={busy}>
        {props.submitLabel}
      </button>
      {props.onCancel && (
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

/** A product's versions or milestones (with their sort keys): add, rename, (de)activate, delete. */
export function ValuesTab({ product, reload, kind }: ProductTabProps & { kind: Kind }) {
  const [editing, setEditing] = useState<string>();
  const { notice, error, setNotice, confirmed } = useOutcome();
  const [formKey, setFormKey] = useState(0);
  const values: Version[] = kind === 'version' ? product.versions : product.milestones;
  const Label = kind === 'version' ? 'Version' : 'Milestone';
  const plural = kind === 'version' ? 'Versions' : 'Milestones';

  const remove = (value: Version) =>
    confirmed(
      `Delete the ${kind} ${value.name}?`,
      async () => {
        await api.deleteValue(kind, product.name, value.name);
        await reload();
      },
      `${Label} ${value.name} deleted.`,
    );

  return (
    <section aria-label={plural}>
      {notice && <Notice>{notice}</Notice>}
      <FormError message={error} />
      <ValueForm
        key={formKey}
        kind={kind}
        title={`New ${kind}`}
        initial={{ name: '', sortKey: '0', active: true }}
        submitLabel={`Add ${kind}`}
        onSubmit={async (fields) => {
          await api.createValue(kind, product.name, { ...fields, name: fields.name ?? '' });
          await reload();
          setNotice(`${Label} ${fields.name} added.`);
          setFormKey(formKey + 1);
        }}
      />
      <table>
        <caption class="visually-hidden">
          {plural} of {product.name}
        </caption>
        <thead>
          <tr>
            <th scope="col">{Label}</th>
            {kind === 'milestone' && (
              <th scope="col" class="num">
                Sort key
              </th>
            )}
            <th scope="col">Active</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value) =>
            editing === value.name ? (
              <tr key={value.id}>
                <td colSpan={kind === 'milestone' ? 4 : 3}>
                  <ValueForm
                    inline
                    kind={kind}
                    title={`Edit ${kind} ${value.name}`}
                    initial={{ name: value.name, sortKey: String(value.sort_key), active: value.is_active }}
                    submitLabel={`Save ${kind}`}
                    onCancel={() => setEditing(undefined)}
                    onSubmit={async (fields) => {
                      await api.updateValue(kind, product.name, value.name, fields);
                      setEditing(undefined);
                      await reload();
                      setNotice(`${Label} ${fields.name ?? value.name} saved.`);
                    }}
                  />
                </td>
              </tr>
            ) : (
              <tr key={value.id} class={value.is_active ? undefined : 'inactive'}>
                <th scope="row">{value.name}</th>
                {kind === 'milestone' && <td class="num">{value.sort_key}</td>}
                <td>{value.is_active ? 'yes' : 'no'}</td>
                <td class="row-actions">
                  <RowButton action="Edit" target={value.name} onClick={() => setEditing(value.name)} />
                  <RowButton action="Delete" target={value.name} onClick={() => remove(value)} />
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </section>
  );
}
