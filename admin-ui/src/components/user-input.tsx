import { useEffect, useRef, useState } from 'preact/hooks';
import type { User } from '../api/types.js';
import { api } from '../session.js';
import { TextField, useFieldId } from './fields.js';

/**
 * A login field that offers matching users as one types (`/rest/user?match=`), through the browser's
 * own suggestion list (a <datalist>): keyboard and screen readers work as for any text input.
 */
export function UserInput(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: string;
}) {
  const listId = useFieldId('users');
  const [users, setUsers] = useState<User[]>([]);
  const asked = useRef('');

  useEffect(() => {
    const text = props.value.trim();
    if (text.length < 2 || text === asked.current) return;
    // Ask once the typing pauses; a later answer replaces an earlier one only if it is still wanted.
    const timer = setTimeout(() => {
      asked.current = text;
      api
        .matchUsers(text, 10)
        .then((found) => {
          if (asked.current === text) setUsers(found);
        })
        .catch(() => setUsers([]));
    }, 150);
    return () => clearTimeout(timer);
  }, [props.value]);

  return (
    <>
      <TextField
        label={props.label}
        value={props.value}
        onInput={props.onInput}
        error={props.error}
        required={props.required}
        hint={props.hint}
        list={listId}
        autoComplete="off"
      />
      <datalist id={listId}>
        {users.map((user) => (
          <option key={user.id} value={user.name}>
            {user.real_name}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** A list of logins (a component's default CC list): each removable, new ones added with completion. */
export function UserListInput(props: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const [adding, setAdding] = useState('');
  const add = () => {
    const login = adding.trim();
    if (login && !props.value.includes(login)) props.onChange([...props.value, login]);
    setAdding('');
  };
  return (
    <fieldset class="user-list">
      <legend>{props.label}</legend>
      {props.value.length === 0 ? (
        <p class="hint">Nobody.</p>
      ) : (
        <ul>
          {props.value.map((login) => (
            <li key={login}>
              <span>{login}</span>{' '}
              <button
                type="button"
                class="secondary small"
                aria-label={`Remove ${login} from ${props.label}`}
                onClick={() => props.onChange(props.value.filter((l) => l !== login))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div
        class="inline-form"
        onKeyDown={(event) => {
          // Enter adds the login instead of submitting the whole form.
          if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
            event.preventDefault();
            add();
          }
        }}
      >
        <UserInput label={`Add to ${props.label}`} value={adding} onInput={setAdding} error={props.error} />
        <button type="button" class="secondary" onClick={add}>
          Add
        </button>
      </div>
    </fieldset>
  );
}
