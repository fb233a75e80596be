import { useEffect, useState } from 'preact/hooks';
import type { Classification } from '../api/types.js';
import { api } from '../session.js';
import { href } from '../router.js';
import { FormError, Notice, TextField, fieldRules, useOutcome, useSubmit } from '../components/fields.js';
import { RowButton } from '../components/row-actions.js';

interface Draft {
  name: string;
  description: string;
  sortkey: string;
}

const fieldOf = fieldRules([
  [/sort ?key/i, 'sortkey'],
  [/description/i, 'description'],
  [/name|already exists|classification/i, 'name'],
]);

function ClassificationForm(props: {
  title: string;
  initial: Draft;
  submitLabel: string;
  onSubmit: (draft: Draft) => Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const { errors, busy, submit } = useSubmit(fieldOf);
  return (
    <form
      class="panel"
      aria-label={props.title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(() => props.onSubmit(draft));
      }}
    >
      <h2>{props.title}</h2>
      <FormError message={errors.form} />
      <TextField
        label="Classification name"
        value={draft.name}
        onInput={(name) => setDraft({ ...draft, name })}
        error={errors.fields.name}
        required
      />
      <TextField
        label="Classification description"
        multiline
        value={draft.description}
        onInput={(description) => setDraft({ ...draft, description })}
        error={errors.fields.description}
      />
      <TextField
        label="Sort key"
        type="number"
        value={draft.sortkey}
        onInput={(sortkey) => setDraft({ ...draft, sortkey })}
        error={errors.fields.sortkey}
      />
      <div class="row-actions">
        <button type="submit" disabled={busy}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

const fieldsOf = (draft: Draft) => ({
  name: draft.name,
  description: draft.description,
  sortkey: draft.sortkey.trim() === '' ? 0 : Number(draft.sortkey),
});

/**
 * Classifications (Bugzilla's editclassifications.cgi): list them with their products, create, rename,
 * delete. A product moves to another classification from its own page (its Classification field).
 * The service has no route that lists classifications: the list is read from the catalogue's
 * classification names, each then read by name (one without products shows once created here).
 */
export function Classifications() {
  const [list, setList] = useState<Classification[]>();
  const { notice, error, setNotice, setError, confirmed } = useOutcome();
  const [editing, setEditing] = useState<string>();
  const [adding, setAdding] = useState(false);

  const load = async () => {
    try {
      const names = [...new Set((await api.catalogue()).map((p) => p.classification))];
      const found = await Promise.all(names.map((name) => api.classification(name)));
      setList(
        found
          .filter((c): c is Classification => c !== undefined)
          .sort((a, b) => a.sort_key - b.sort_key || a.name.localeCompare(b.name)),
      );
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  useEffect(() => void load(), []);

  const remove = (c: Classification) =>
    confirmed(
      `Delete the classification ${c.name}?`,
      async () => {
        await api.deleteClassification(c.id);
        setList((old) => old?.filter((o) => o.id !== c.id));
      },
      `Classification ${c.name} deleted.`,
    );

  return (
    <section aria-labelledby="classifications-title">
      <div class="page-head">
        <h1 id="classifications-title">Classifications</h1>
        {!adding && (
          <button type="button" onClick={() => setAdding(true)}>
            New classification
          </button>
        )}
      </div>
      {notice && <Notice>{notice}</Notice>}
      <FormError message={error} />
      {adding && (
        <ClassificationForm
          title="New classification"
          initial={{ name: '', description: '', sortkey: '0' }}
          submitLabel="Add classification"
          onCancel={() => setAdding(false)}
          onSubmit={async (draft) => {
            const id = await api.createClassification(fieldsOf(draft));
            const created = await api.classification(id);
            setAdding(false);
            if (created) setList((old) => [...(old ?? []), created]);
            setNotice(`Classification ${draft.name} added.`);
          }}
        />
      )}
      {!list && !error && <p role="status">Loading the classifications…</p>}
      {list?.map((c) =>
        editing === c.name ? (
          <ClassificationForm
            key={c.id}
            title={`Edit classification ${c.name}`}
            initial={{ name: c.name, description: c.description ?? '', sortkey: String(c.sort_key) }}
            submitLabel="Save classification"
            onCancel={() => setEditing(undefined)}
            onSubmit={async (draft) => {
              await api.updateClassification(c.id, fieldsOf(draft));
              const fresh = await api.classification(c.id);
              setEditing(undefined);
              if (fresh) setList((old) => old?.map((o) => (o.id === c.id ? fresh : o)));
              setNotice(`Classification ${draft.name} saved.`);
            }}
          />
        ) : (
          <section key={c.id} class="panel" aria-label={`Classification ${c.name}`}>
            <div class="page-head">
              <h2>{c.name}</h2>
              <div class="row-actions">
                <RowButton action="Edit" target={c.name} onClick={() => setEditing(c.name)} />
                <RowButton action="Delete" target={c.name} onClick={() => remove(c)} />
              </div>
            </div>
            {c.description && <p>{c.description}</p>}
            <p class="hint">Sort key {c.sort_key}</p>
            {c.products?.length ? (
              <ul>
                {c.products.map((p) => (
                  <li key={p.id}>
                    <a href={href.product(p.id)}>{p.name}</a>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No product.</p>
            )}
          </section>
        ),
      )}
    </section>
  );
}
