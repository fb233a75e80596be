import { useState } from 'preact/hooks';
import type { Component, ComponentFields } from '../../api/types.js';
import { api } from '../../session.js';
import {
  bindDraft,
  CheckboxField,
  DraftForm,
  FormError,
  Notice,
  TextField,
  fieldRules,
  useOutcome,
  useSubmit,
} from '../../components/fields.js';
import { UserInput, UserListInput } from '../../components/user-input.js';
import type { ProductTabProps } from './product-tab-props.js';
import { RowButton } from '../../components/row-actions.js';

interface Draft {
  name: string;
  description: string;
  default_assignee: string;
  default_qa_contact: string;
  default_cc: string[];
  is_open: boolean;
}

const EMPTY: Draft = {
  name: '',
  description: '',
  default_assignee: '',
  default_qa_contact: '',
  default_cc: [],
  is_open: true,
};

/** Where Bugzilla's component errors belong: by the words of the message, or the login it quotes. */
function fieldOf(draft: () => Draft) {
  return fieldRules(
    [
      [/name for this new component|component is limited|already has a component named/, 'name'],
      [/description/, 'description'],
      [/default assignee/, 'default_assignee'],
    ],
    () => ({
      default_assignee: draft().default_assignee,
      default_qa_contact: draft().default_qa_contact,
      default_cc: draft().default_cc,
    }),
  );
}

function changedFields(before: Draft, after: Draft): ComponentFields {
  const fields: ComponentFields = {};
  if (after.name !== before.name) fields.name = after.name;
  if (after.description !== before.description) fields.description = after.description;
  if (after.default_assignee !== before.default_assignee) fields.default_assignee = after.default_assignee;
  if (after.default_qa_contact !== before.default_qa_contact) fields.default_qa_contact = after.default_qa_contact;
  if (after.default_cc.join('\n') !== before.default_cc.join('\n')) fields.default_cc = after.default_cc;
  if (after.is_open !== before.is_open) fields.is_open = after.is_open;
  return fields;
}

function newFields(draft: Draft): ComponentFields {
  const fields: ComponentFields = {
    name: draft.name,
    description: draft.description,
    default_assignee: draft.default_assignee,
    is_open: draft.is_open,
  };
  if (draft.default_qa_contact.trim()) fields.default_qa_contact = draft.default_qa_contact;
  if (draft.default_cc.length) fields.default_cc = draft.default_cc;
  return fields;
}

/** The form for a new component or one being edited (the same fields, the API's errors at each). */
function ComponentForm(props: {
  title: string;
  initial: Draft;
  submitLabel: string;
  onSubmit: (draft: Draft) => Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const { errors, busy, submit } = useSubmit(fieldOf(() => draft));
  const { set, text } = bindDraft(draft, setDraft, errors);
  return (
    <DraftForm
      title={props.title}
      submitLabel={props.submitLabel}
      busy={busy}
      error={errors.form}
      onSubmit={() => void submit(() => props.onSubmit(draft))}
      onCancel={props.onCancel}
    >
      <TextField label="Component name" {...text('name')} required />
      <TextField label="Component description" multiline {...text('description')} required />
      <UserInput label="Default assignee" {...text('default_assignee')} required />
      <UserInput label="Default QA contact" {...text('default_qa_contact')} />
      <UserListInput
        label="Default CC list"
        value={draft.default_cc}
        onChange={set('default_cc')}
        error={errors.fields.default_cc}
      />
      <CheckboxField label="Open for bugs" checked={draft.is_open} onChange={set('is_open')} />
    </DraftForm>
  );
}

/** The product's components: add one, edit one (with its default CC list), delete one. */
export function ComponentsTab({ product, reload }: ProductTabProps) {
  const [editing, setEditing] = useState<{ id: number; draft: Draft }>();
  const [adding, setAdding] = useState(false);
  const { notice, error, setNotice, setError, clear, confirmed } = useOutcome();

  const edit = async (component: Component) => {
    clear();
    try {
      // The default CC list is not part of the product's answer: read the component itself.
      const record = await api.component(component.id);
      setEditing({
        id: component.id,
        draft: {
          name: record.name,
          description: record.description,
          default_assignee: record.default_assignee,
          default_qa_contact: record.default_qa_contact,
          default_cc: record.default_cc,
          is_open: record.is_active,
        },
      });
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const remove = (component: Component) =>
    confirmed(
      `Delete the component ${component.name}?`,
      async () => {
        await api.deleteComponent(component.id);
        await reload();
      },
      `Component ${component.name} deleted.`,
    );

  return (
    <section aria-label="Components">
      {notice && <Notice>{notice}</Notice>}
      <FormError message={error} />
      {adding ? (
        <ComponentForm
          title="New component"
          initial={EMPTY}
          submitLabel="Add component"
          onCancel={() => setAdding(false)}
          onSubmit={async (draft) => {
            await api.createComponent(product.name, newFields(draft));
            setAdding(false);
            await reload();
            setNotice(`Component ${draft.name} added.`);
          }}
        />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          New component
        </button>
      )}
      {editing && (
        <ComponentForm
          key={editing.id}
          title={`Edit component ${editing.draft.name}`}
          initial={editing.draft}
          submitLabel="Save component"
          onCancel={() => setEditing(undefined)}
          onSubmit={async (draft) => {
            await api.updateComponent(editing.id, changedFields(editing.draft, draft));
            setEditing(undefined);
            await reload();
            setNotice(`Component ${draft.name} saved.`);
          }}
        />
      )}
      <table>
        <caption class="visually-hidden">Components of {product.name}</caption>
        <thead>
          <tr>
            <th scope="col">Component</th>
            <th scope="col">Description</th>
            <th scope="col">Default assignee</th>
            <th scope="col">QA contact</th>
            <th scope="col">Open for bugs</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {product.components.map((component) => (
            <tr key={component.id} class={component.is_active ? undefined : 'inactive'}>
              <th scope="row">{component.name}</th>
              <td class="description">{component.description}</td>
              <td>{component.default_assigned_to}</td>
              <td>{component.default_qa_contact}</td>
              <td>{component.is_active ? 'yes' : 'no'}</td>
              <td class="row-actions">
                <RowButton action="Edit" target={component.name} onClick={() => edit(component)} />
                <RowButton action="Delete" target={component.name} onClick={() => remove(component)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
