import { useEffect, useState } from 'preact/hooks';
import type { Classification } from '../api/types.js';
import { api } from '../session.js';
import { href } from '../router.js';
import { ApiError } from '../api/client.js';
import {
  bindDraft,
  DraftForm,
  type FieldOf,
  FormError,
  Notice,
  TextField,
  fieldRules,
  useOutcome,
  useSubmit,
} from '../components/fields.js';
import { RowButton } from '../components/row-actions.js';

interface Draft {
  name: string;
  description: string;
  sortkey: string;
}

const byMessage = fieldRules([
  [/sort ?key/i, 'sortkey'],
  [/description/i, 'description'],
  [/name|already exists|classification/i, 'name'],
]);
/** Where a refusal belongs; a stale If-Match (someone else saved first) is about the whole form. */
const fieldOf: FieldOf = (error) => (error.isConflict ? undefined : byMessage(error));

function ClassificationForm(props: {
  title: string;
  initial: Draft;
  submitLabel: string;
  onSubmit: (draft: Draft) => Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const { errors, busy, submit } = useSubmit(fieldOf);
  const { text } = bindDraft(draft, setDraft, errors);
  return (
    <DraftForm
      title={props.title}
      submitLabel={props.submitLabel}
      busy={busy}
      error={errors.form}
      onSubmit={() => void submit(() => props.onSubmit(draft))}
      onCancel={props.onCancel}
    >
      <TextField label="Classification name" {...text('name')} required />
      <TextField label="Classification description" multiline {...text('description')} />
      <TextField label="Sort key" type="number" {...text('sortkey')} />
    </DraftForm>
  );
}

/** A product's "move to" choice: the other classifications, and a button that moves it there. */
function MoveProduct(props: {
  product: { id: number; name: string };
  targets: string[];
  onMove: (product: { id: number; name: string }, to: string) => Promise<void>;
}) {
  const [to, setTo] = useState(props.targets[0]);
  const [busy, setBusy] = useState(false);
  const target = props.targets.includes(to) ? to : props.targets[0];
  return (
    <span class="inline-form">
      <select
        aria-label={`Move ${props.product.name} to`}
        value={target}
        onChange={(e) => setTo(e.currentTarget.value)}
      >
        {props.targets.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <button
        type="button"
        class="secondary small"
        disabled={busy}
        aria-label={`Move ${props.product.name}`}
        onClick={async () => {
          setBusy(true);
          await props.onMove(props.product, target);
          setBusy(false);
        }}
      >
        Move
      </button>
    </span>
  );
}

const fieldsOf = (draft: Draft) => ({
  name: draft.name,
  description: draft.description,
  sortkey: draft.sortkey.trim() === '' ? 0 : Number(draft.sortkey),
});

/**
 * Classifications (Bugzilla's editclassifications.cgi): list them with their products, create, rename,
 * delete, and move a product to another one (here, or from the product's page). The list is
 * GET /rest/classification: every classification the caller may see, empty ones included.
 */
export function Classifications() {
  const [list, setList] = useState<Classification[]>();
  const { notice, error, setNotice, setError, clear, confirmed } = useOutcome();
  /** The classification being edited, as its own GET gave it, with that answer's ETag (sent as If-Match). */
  const [editing, setEditing] = useState<{ id: number; etag?: string; stored: Classification }>();
  const [adding, setAdding] = useState(false);

  const load = async () => {
    try {
      setList(await api.classifications());
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  useEffect(() => void load(), []);

  /** Moves a product to another classification (PUT /rest/product/{id} with its new classification). */
  const move = async (product: { id: number; name: string }, to: string) => {
    clear();
    try {
      await api.updateProduct(product.id, { classification: to });
      await load();
      setNotice(`${product.name} moved to ${to}.`);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const edit = async (c: Classification) => {
    clear();
    try {
      const read = await api.classificationRead(c.id);
      setEditing({ id: c.id, etag: read.etag, stored: read.data ?? c });
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

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
        editing?.id === c.id ? (
          <ClassificationForm
            key={c.id}
            title={`Edit classification ${c.name}`}
            initial={{
              name: editing.stored.name,
              description: editing.stored.description ?? '',
              sortkey: String(editing.stored.sort_key),
            }}
            submitLabel="Save classification"
            onCancel={() => setEditing(undefined)}
            onSubmit={async (draft) => {
              try {
                await api.updateClassification(c.id, fieldsOf(draft), editing.etag);
              } catch (caught) {
                if (!(caught instanceof ApiError) || !caught.isConflict) throw caught;
                // Another admin saved first: what is typed stays; a second save goes over their version.
                const read = await api.classificationRead(c.id);
                if (!read.data) throw caught;
                setEditing({ id: c.id, etag: read.etag, stored: read.data });
                throw new ApiError(
                  caught.status,
                  caught.code,
                  `${caught.message} It is now stored as: ${read.data.name}, “${read.data.description ?? ''}”, ` +
                    `${read.data.sort_key}. Save again to replace it with this form.`,
                );
              }
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
                <RowButton action="Edit" target={c.name} onClick={() => void edit(c)} />
                <RowButton action="Delete" target={c.name} onClick={() => remove(c)} />
              </div>
            </div>
            {c.description && <p>{c.description}</p>}
            <p class="hint">Sort key {c.sort_key}</p>
            {c.products?.length ? (
              <ul class="classified">
                {c.products.map((p) => (
                  <li key={p.id}>
                    <a href={href.product(p.id)}>{p.name}</a>
                    {list.length > 1 && (
                      <MoveProduct
                        product={p}
                        targets={list.filter((o) => o.id !== c.id).map((o) => o.name)}
                        onMove={move}
                      />
                    )}
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
