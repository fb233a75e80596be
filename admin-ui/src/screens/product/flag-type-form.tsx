import { useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import type { Clusion, FlagTypeFields } from '../../api/types.js';
import {
  bindDraft,
  CheckboxField,
  DraftForm,
  SelectField,
  TextField,
  type FieldOf,
  useFieldId,
  useSubmit,
} from '../../components/fields.js';

/**
 * A flag type's fields as Bugzilla's editflagtypes.cgi offers them. Inclusions and exclusions are
 * written one per line, as that page lists them: `Product` for a whole product, `Product:Component`
 * for one component of it.
 */
export interface FlagTypeDraft {
  name: string;
  description: string;
  target_type: 'bug' | 'attachment';
  sortkey: string;
  is_active: boolean;
  is_requestable: boolean;
  is_specifically_requestable: boolean;
  is_multiplicable: boolean;
  cc_list: string;
  grant_group: string;
  request_group: string;
  inclusions: string;
  exclusions: string;
}

export const NEW_FLAG_TYPE: Omit<FlagTypeDraft, 'inclusions'> = {
  name: '',
  description: '',
  target_type: 'bug',
  sortkey: '1',
  is_active: true,
  is_requestable: true,
  is_specifically_requestable: true,
  is_multiplicable: true,
  cc_list: '',
  grant_group: '',
  request_group: '',
  exclusions: '',
};

/** `Product` and `Product:Component` lines as the API's list: one entry per product. */
export function clusionsOf(text: string): Clusion[] {
  const whole: string[] = [];
  const components = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const colon = trimmed.indexOf(':');
    if (colon < 0) {
      whole.push(trimmed);
      continue;
    }
    const product = trimmed.slice(0, colon).trim();
    const component = trimmed.slice(colon + 1).trim();
    if (!component) whole.push(product);
    else components.set(product, [...(components.get(product) ?? []), component]);
  }
  return [...whole, ...[...components].map(([product, names]) => ({ [product]: names }))];
}

/** What a new flag type is sent with: every field (empty group names and CC list left out). */
export function createFields(draft: FlagTypeDraft): FlagTypeFields {
  const fields: FlagTypeFields = {
    name: draft.name,
    description: draft.description,
    target_type: draft.target_type,
    sortkey: draft.sortkey.trim() === '' ? 1 : numberOr(draft.sortkey),
    is_active: draft.is_active,
    is_requestable: draft.is_requestable,
    is_specifically_requestable: draft.is_specifically_requestable,
    is_multiplicable: draft.is_multiplicable,
    inclusions: clusionsOf(draft.inclusions),
    exclusions: clusionsOf(draft.exclusions),
  };
  if (draft.cc_list.trim()) fields.cc_list = draft.cc_list;
  if (draft.grant_group.trim()) fields.grant_group = draft.grant_group;
  if (draft.request_group.trim()) fields.request_group = draft.request_group;
  return fields;
}

/** The API's list as lines: `Product`, `Product:Component`, `__Any__` (every product). */
export function linesOf(list: readonly Clusion[]): string {
  return list
    .flatMap((item) =>
      typeof item === 'string'
        ? [item]
        : Object.entries(item).flatMap(([product, components]) => components.map((name) => `${product}:${name}`)),
    )
    .join('\n');
}

/** A list's lines compared as a set (order, blank lines and spaces around names do not count). */
function sameLines(a: string, b: string): boolean {
  const set = (text: string) =>
    JSON.stringify(
      text
        .split('\n')
        .map((line) =>
          line
            .split(':')
            .map((part) => part.trim())
            .join(':'),
        )
        .filter(Boolean)
        .sort(),
    );
  return set(a) === set(b);
}

/**
 * What an edit is sent with: the fields that changed. The form starts from the type's whole lists
 * (`GET /rest/flag_type?ids=`); a list that changed is sent whole, since PUT replaces the type's list
 * (keeping only the rules the caller was not shown), so no other product's rule is dropped.
 */
export function updateFields(before: FlagTypeDraft, after: FlagTypeDraft): FlagTypeFields {
  const fields: FlagTypeFields = {};
  const set = fields as Record<string, unknown>;
  for (const key of Object.keys(after) as (keyof FlagTypeDraft)[]) {
    if (key === 'inclusions' || key === 'exclusions' || key === 'target_type') continue;
    if (after[key] === before[key]) continue;
    set[key] = key === 'sortkey' ? numberOr(after.sortkey) : after[key];
  }
  if (!sameLines(before.inclusions, after.inclusions)) fields.inclusions = clusionsOf(after.inclusions);
  if (!sameLines(before.exclusions, after.exclusions)) fields.exclusions = clusionsOf(after.exclusions);
  return fields;
}

/** A number when the text is one; the text itself otherwise, for the API to refuse in its words. */
function numberOr(text: string): number | string {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : text;
}

/** Where Bugzilla's flag type refusals belong (FlagType.pm's codes, or the words or values they quote). */
function fieldOf(draft: () => FlagTypeDraft): FieldOf {
  return (error: ApiError) => {
    const { message, code } = error;
    // Someone else saved first: about the whole form, not one field.
    if (error.isConflict) return undefined;
    if (code === 1101 || /a name argument/.test(message)) return 'name';
    if (code === 1102 || /a description argument/.test(message)) return 'description';
    if (code === 1103 || code === 501) return 'cc_list';
    if (code === 1104) return 'sortkey';
    if (code === 68000) return 'target_type';
    const group = /There is no group named '(.*)'/.exec(message)?.[1];
    if (group !== undefined) {
      return draft().request_group.trim() === group && draft().grant_group.trim() !== group
        ? 'request_group'
        : 'grant_group';
    }
    if (/inclusions/.test(message)) return 'inclusions';
    // A product or component named in a list: the list that names it.
    const quoted = [...message.matchAll(/'([^']*)'/g)].map((m) => m[1]);
    if (quoted.length && /product|component/i.test(message)) {
      const names = (text: string) => text.split(/[\n:]/).map((part) => part.trim());
      if (quoted.some((name) => names(draft().exclusions).includes(name))) return 'exclusions';
      return 'inclusions';
    }
    return undefined;
  };
}

/** The form for a new flag type or one being edited; the API's refusals at their fields, what was typed kept. */
export function FlagTypeForm(props: {
  title: string;
  initial: FlagTypeDraft;
  submitLabel: string;
  /** Editing: the target type cannot change (Bugzilla's page shows it fixed). */
  editing?: boolean;
  hints?: { inclusions?: string; exclusions?: string; grant_group?: string; request_group?: string };
  /** Group names offered for the grant and request groups (Group.get's answer; any name may be typed). */
  groupChoices?: readonly string[];
  onSubmit: (draft: FlagTypeDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const { errors, busy, submit } = useSubmit(fieldOf(() => draft));
  const listId = useFieldId('groups');
  const choices = props.groupChoices?.length ? listId : undefined;
  const { set, text } = bindDraft(draft, setDraft, errors);
  const RULE_HINT = 'One per line: Product, or Product:Component.';
  return (
    <DraftForm
      title={props.title}
      submitLabel={props.submitLabel}
      busy={busy}
      error={errors.form}
      onSubmit={() => void submit(() => props.onSubmit(draft))}
      onCancel={props.onCancel}
    >
      <TextField label="Flag type name" {...text('name')} required />
      <TextField label="Flag type description" multiline {...text('description')} required />
      {props.editing ? (
        <p class="hint">For {draft.target_type}s (the target type of a flag type does not change).</p>
      ) : (
        <SelectField
          label="Target type"
          value={draft.target_type}
          options={['bug', 'attachment']}
          onChange={(value) => set('target_type')(value as FlagTypeDraft['target_type'])}
          error={errors.fields.target_type}
        />
      )}
      <TextField
        label="Applies to (inclusions)"
        multiline
        {...text('inclusions')}
        hint={props.hints?.inclusions ?? RULE_HINT}
      />
      <TextField
        label="Except (exclusions)"
        multiline
        {...text('exclusions')}
        hint={props.hints?.exclusions ?? RULE_HINT}
      />
      <TextField label="Flag type sort key" {...text('sortkey')} hint="0 to 32767; lists show lower ones first." />
      <TextField label="CC list" {...text('cc_list')} hint="Addresses told of each request, separated by commas." />
      <TextField
        label="Grant group"
        {...text('grant_group')}
        hint={props.hints?.grant_group ?? 'The group that may grant or deny; empty: everyone.'}
        list={choices}
      />
      <TextField
        label="Request group"
        {...text('request_group')}
        hint={props.hints?.request_group ?? 'The group that may request; empty: everyone.'}
        list={choices}
      />
      {choices && (
        <datalist id={choices}>
          {props.groupChoices!.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
      <CheckboxField label="Active" checked={draft.is_active} onChange={set('is_active')} />
      <CheckboxField label="Requestable" checked={draft.is_requestable} onChange={set('is_requestable')} />
      <CheckboxField
        label="Specifically requestable (of one person)"
        checked={draft.is_specifically_requestable}
        onChange={set('is_specifically_requestable')}
      />
      <CheckboxField label="Multiplicable" checked={draft.is_multiplicable} onChange={set('is_multiplicable')} />
    </DraftForm>
  );
}
