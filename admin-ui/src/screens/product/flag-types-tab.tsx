import { useEffect, useState } from 'preact/hooks';
import type { FlagTypeInfo, FlagTypeSummary, Product } from '../../api/types.js';
import { api } from '../../session.js';
import { FormError, Notice, useOutcome } from '../../components/fields.js';
import type { ProductTabProps } from '../product-page.js';
import { RowButton } from '../../components/row-actions.js';
import { FlagTypeForm, type FlagTypeDraft, NEW_FLAG_TYPE, createFields, updateFields } from './flag-type-form.js';

/** A type's stored fields as the product's components carry them (Product.get's flag_types), by id. */
function summaries(product: Product): Map<number, FlagTypeSummary> {
  const byId = new Map<number, FlagTypeSummary>();
  for (const component of product.components) {
    for (const type of [...(component.flag_types?.bug ?? []), ...(component.flag_types?.attachment ?? [])]) {
      byId.set(type.id, type);
    }
  }
  return byId;
}

/** What an edit starts from: the type as FlagType.get and Product.get show it, its lists left empty. */
function draftOf(type: FlagTypeInfo, summary: FlagTypeSummary | undefined, groups: Map<number, string>): FlagTypeDraft {
  const group = (id: number | null | undefined) => (id == null ? '' : (groups.get(id) ?? ''));
  return {
    name: type.name,
    description: type.description,
    target_type: type.type,
    sortkey: summary ? String(summary.sort_key) : '',
    is_active: type.is_active,
    is_requestable: summary?.is_requestable ?? type.values.includes('?'),
    is_specifically_requestable: type.is_requesteeble,
    is_multiplicable: type.is_multiplicable,
    cc_list: summary?.cc_list ?? '',
    grant_group: group(summary?.grant_group),
    request_group: group(summary?.request_group),
    inclusions: '',
    exclusions: '',
  };
}

interface Editing {
  type: FlagTypeInfo;
  draft: FlagTypeDraft;
  groupHints: { grant_group?: string; request_group?: string };
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

  const edit = async (type: FlagTypeInfo) => {
    clear();
    setAdding(false);
    const summary = summaries(product).get(type.id);
    // Product.get names groups by id: the group controls' list (every bug group) gives their names.
    const groups = new Map<number, string>();
    if (summary?.grant_group != null || summary?.request_group != null) {
      const controls = await api.groupControls(product.id).catch(() => undefined);
      for (const control of controls?.data ?? []) groups.set(control.group.id, control.group.name);
    }
    const hint = (id: number | null | undefined, role: string) =>
      id != null && !groups.has(id) ? `Now group #${id}; type a group name to change it. ${role}` : undefined;
    setEditing({
      type,
      draft: draftOf(type, summary, groups),
      groupHints: {
        grant_group: hint(summary?.grant_group, 'Empty: everyone may grant.'),
        request_group: hint(summary?.request_group, 'Empty: everyone may request.'),
      },
    });
  };
  const where = (list: string[] | undefined, none: string) =>
    list?.length ? `In ${product.name} now: ${list.join(', ')}.` : `In ${product.name} now: ${none}.`;

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
          hints={{
            inclusions:
              `${where(editing.type.inclusions, 'every component')} Leave empty to keep where it applies; ` +
              'lines typed here replace the whole list (every product): Product, or Product:Component.',
            exclusions:
              `${where(editing.type.exclusions, 'none')} Leave empty to keep them; lines typed here replace the ` +
              'whole list.',
            ...editing.groupHints,
          }}
          onCancel={() => setEditing(undefined)}
          onSubmit={async (draft: FlagTypeDraft) => {
            const fields = updateFields(editing.draft, draft);
            if (Object.keys(fields).length) await api.updateFlagType(editing.type.id, fields);
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
