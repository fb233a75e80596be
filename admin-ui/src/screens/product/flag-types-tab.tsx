import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import type { FlagTypeInfo, FlagTypeRules } from '../../api/types.js';
import { api } from '../../session.js';
import { FormError, Notice, useOutcome } from '../../components/fields.js';
import type { ProductTabProps } from './product-tab-props.js';
import { RowButton } from '../../components/row-actions.js';
import {
  FlagTypeForm,
  type FlagTypeDraft,
  NEW_FLAG_TYPE,
  createFields,
  linesOf,
  updateFields,
} from './flag-type-form.js';

/** What an edit starts from: the type as `GET /rest/flag_type?ids=` gives it to an editor, whole lists included. */
function draftOf(type: FlagTypeRules): FlagTypeDraft {
  return {
    name: type.name,
    description: type.description,
    target_type: type.target_type,
    sortkey: String(type.sortkey),
    is_active: type.is_active,
    is_requestable: type.is_requestable,
    is_specifically_requestable: type.is_specifically_requestable,
    is_multiplicable: type.is_multiplicable,
    cc_list: type.cc_list,
    grant_group: type.grant_group ?? '',
    request_group: type.request_group ?? '',
    inclusions: linesOf(type.inclusions),
    exclusions: linesOf(type.exclusions),
  };
}

interface Editing {
  type: FlagTypeInfo;
  draft: FlagTypeDraft;
  /** The ETag of the read the form started from: a save over someone else's is refused (412) until asked again. */
  etag?: string;
}

/** The flag types that apply to the product, for bugs and for attachments, with where they apply. */
export function FlagTypesTab({ product, reload }: ProductTabProps) {
  const [types, setTypes] = useState<{ bug: FlagTypeInfo[]; attachment: FlagTypeInfo[] }>();
  const { notice, error, setNotice, setError, clear, confirmed } = useOutcome();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const load = () =>
    api
      .flagTypes(product.name)
      .then(setTypes)
      .catch((caught: Error) => setError(caught.message));
  useEffect(() => void load(), [product.name]);
  // Names offered for the grant and request groups: what Group.get lets the caller list (none: type them).
  const [groupNames, setGroupNames] = useState<string[]>([]);
  useEffect(() => {
    api
      .groups()
      .then((groups) => setGroupNames(groups.map((group) => group.name)))
      .catch(() => setGroupNames([]));
  }, []);

  const edit = async (type: FlagTypeInfo) => {
    clear();
    setAdding(false);
    try {
      const read = await api.flagTypeRules(type.id);
      setEditing({ type, draft: draftOf(read.data), etag: read.etag });
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const remove = (type: FlagTypeInfo) =>
    confirmed(
      `Delete the flag type ${type.name}, with its flags on every product?`,
      async () => {
        await api.deleteFlagType(type.id);
        await load();
      },
      `Flag type ${type.name} deleted.`,
    );

  if (!types) return error ? <FormError message={error} /> : <p role="status">Loading the flag types…</p>;
  return (
    <section aria-label="Flag types">
      {notice && <Notice>{notice}</Notice>}
      <FormError message={error} />
      {!adding && !editing && (
        <p>
          <button
            type="button"
            onClick={() => {
              clear();
              setAdding(true);
            }}
          >
            New flag type
          </button>
        </p>
      )}
      {adding && (
        <FlagTypeForm
          title="New flag type"
          submitLabel="Add flag type"
          initial={{ ...NEW_FLAG_TYPE, inclusions: product.name }}
          groupChoices={groupNames}
          onCancel={() => setAdding(false)}
          onSubmit={async (draft: FlagTypeDraft) => {
            await api.createFlagType(createFields(draft));
            setAdding(false);
            setNotice(`Flag type ${draft.name.trim()} added.`);
            await Promise.all([load(), reload()]);
          }}
        />
      )}
      {editing && (
        <FlagTypeForm
          key={editing.type.id}
          title={`Edit flag type ${editing.type.name}`}
          submitLabel="Save flag type"
          editing
          initial={editing.draft}
          groupChoices={groupNames}
          hints={{
            inclusions:
              'Every product it applies to, one per line: Product, Product:Component, or __Any__ for every product. ' +
              'The list is saved whole; rules on products you may not change are kept.',
            exclusions: 'Where it does not apply, one per line, in the same form; saved whole.',
          }}
          onCancel={() => setEditing(undefined)}
          onSubmit={async (draft: FlagTypeDraft) => {
            const fields = updateFields(editing.draft, draft);
            if (Object.keys(fields).length) {
              try {
                await api.updateFlagType(editing.type.id, fields, editing.etag);
              } catch (caught) {
                if (!(caught instanceof ApiError) || !caught.isConflict) throw caught;
                // Another admin saved first: what is typed stays; a second save goes over their version.
                const fresh = await api.flagTypeRules(editing.type.id);
                setEditing({ ...editing, etag: fresh.etag });
                throw new ApiError(
                  caught.status,
                  caught.code,
                  `${caught.message} Now stored: applies to ${linesOf(fresh.data.inclusions).replace(/\n/g, ', ') || 'nothing you administer'}` +
                    `; except ${linesOf(fresh.data.exclusions).replace(/\n/g, ', ') || 'nothing'}. Save again to replace it with this form.`,
                );
              }
            }
            setEditing(undefined);
            setNotice(
              Object.keys(fields).length
                ? `Flag type ${draft.name.trim()} saved.`
                : 'Nothing to save: no field was changed.',
            );
            await Promise.all([load(), reload()]);
          }}
        />
      )}
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
                  <th scope="col">Actions</th>
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
                    <td class="row-actions">
                      <RowButton action="Edit" target={`flag type ${type.name}`} onClick={() => void edit(type)} />
                      <RowButton action="Delete" target={`flag type ${type.name}`} onClick={() => remove(type)} />
                    </td>
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
