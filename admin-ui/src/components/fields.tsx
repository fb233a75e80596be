import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';

/**
 * A refusal from the API placed next to the field it concerns: `fieldOf` maps Bugzilla's error codes
 * (and, where one code covers several fields, words of the message) to a form's field names; what it
 * cannot place is shown above the form. The message is always the API's own.
 */
export interface FormErrors {
  fields: Record<string, string>;
  form?: string;
}

export type FieldOf = (error: ApiError) => string | undefined;

/**
 * A FieldOf from rules: a code, or words of the message, name the field. Where a message quotes a
 * value (an unknown login), the field holding that value is the one it concerns.
 */
export function fieldRules(
  rules: [number | RegExp, string][],
  values: () => Record<string, string | string[] | undefined> = () => ({}),
): FieldOf {
  return (error) => {
    for (const [test, field] of rules) {
      if (typeof test === 'number' ? error.code === test : test.test(error.message)) return field;
    }
    for (const [field, value] of Object.entries(values())) {
      const items = (Array.isArray(value) ? value : [value]).filter((v): v is string => !!v && v.trim() !== '');
      if (
        items.some((item) => error.message.includes(`'${item.trim()}'`) || error.message.includes(` ${item.trim()} `))
      ) {
        return field;
      }
    }
    return undefined;
  };
}

export function errorsFrom(error: unknown, fieldOf: FieldOf): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: String((error as Error)?.message ?? error) };
  const field = fieldOf(error) ?? unstorableField(error);
  return field ? { fields: { [field]: error.message } } : { fields: {}, form: error.message };
}

/**
 * A value a 3-byte UTF-8 database cannot store (SPEC §8: code 53, naming the parameter): the forms name
 * their fields as the API names its parameters, so the parameter is the field.
 */
function unstorableField(error: ApiError): string | undefined {
  if (error.code !== 53) return undefined;
  return /^The '(\w+)' parameter is invalid: this database stores 3-byte UTF-8 only/.exec(error.message)?.[1];
}

/** State of a form that submits to the API: busy while it waits, the API's errors after a refusal. */
export function useSubmit(fieldOf: FieldOf) {
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const submit = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setErrors({ fields: {} });
    try {
      await action();
      return true;
    } catch (error) {
      setErrors(errorsFrom(error, fieldOf));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, submit, setErrors };
}

let nextId = 0;
/** A stable id per mounted field, so that labels and error texts point at their input. */
export function useFieldId(prefix: string): string {
  const [id] = useState(() => `${prefix}-${++nextId}`);
  return id;
}

interface TextFieldProps {
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string;
  type?: 'text' | 'password' | 'number';
  required?: boolean;
  autoComplete?: string;
  list?: string;
  multiline?: boolean;
  hint?: string;
}

export function TextField(props: TextFieldProps) {
  const id = useFieldId('field');
  const described = [props.error ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    value: props.value,
    required: props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described || undefined,
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class={`field${props.error ? ' has-error' : ''}`}>
      <label for={id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={3} />
      ) : (
        <input
          {...common}
          type={(props.type ?? 'text') as 'text'}
          autocomplete={props.autoComplete}
          list={props.list}
        />
      )}
      {props.hint && (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const id = useFieldId('check');
  return (
    <div class={`field checkbox${props.error ? ' has-error' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange((event.currentTarget as HTMLInputElement).checked)}
      />
      <label for={id}>{props.label}</label>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

export function SelectField(props: {
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useFieldId('select');
  return (
    <div class={`field${props.error ? ' has-error' : ''}`}>
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value)}
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p class="field-error" id={id} role="alert">
      {message}
    </p>
  );
}

/** What the API refused without naming a field, above the form. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div class="form-error" role="alert">
      {message}
    </div>
  );
}

export function Notice({ children }: { children: ComponentChildren }) {
  return (
    <div class="notice" role="status">
      {children}
    </div>
  );
}

/**
 * A screen's outcome line: the last action's notice or the API's refusal. `confirmed` asks first
 * (deletions), runs the action, and says what happened.
 */
export function useOutcome() {
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const clear = () => {
    setNotice(undefined);
    setError(undefined);
  };
  const confirmed = async (question: string, action: () => Promise<unknown>, done: string) => {
    clear();
    if (!confirm(question)) return;
    try {
      await action();
      setNotice(done);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  return { notice, error, setNotice, setError, clear, confirmed };
}

/**
 * The fields of a form that edits one draft object: `set(key)`, a field's change handler, and
 * `text(key)`, the value, input handler and API refusal of a text field at once (spread into
 * TextField or UserInput).
 */
export function bindDraft<D extends object>(draft: D, setDraft: (update: (old: D) => D) => void, errors: FormErrors) {
  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      setDraft((old) => ({ ...old, [key]: value }));
  const text = <K extends keyof D & string>(key: K) => ({
    value: draft[key] as unknown as string,
    onInput: set(key) as unknown as (value: string) => void,
    error: errors.fields[key],
  });
  return { set, text };
}

/**
 * A titled form in a panel that creates or edits something: its title (also its accessible name),
 * the API's refusal that belongs to no field, the fields, then submit (disabled while busy) and,
 * when it can be left, cancel.
 */
export function DraftForm(props: {
  title: string;
  submitLabel: string;
  busy: boolean;
  error?: string;
  onSubmit: () => void;
  onCancel?: () => void;
  children: ComponentChildren;
}) {
  return (
    <form
      class="panel"
      aria-label={props.title}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <h2>{props.title}</h2>
      <FormError message={props.error} />
      {props.children}
      <div class="row-actions">
        <button type="submit" disabled={props.busy}>
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
