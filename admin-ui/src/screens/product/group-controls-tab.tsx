import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import type { Control, GroupControl, GroupControlChange } from '../../api/types.js';
import { api } from '../../session.js';
import { FormError, Notice } from '../../components/fields.js';
import type { ProductTabProps } from './product-tab-props.js';

const CONTROLS: Control[] = ['NA', 'Shown', 'Default', 'Mandatory'];
const FLAGS = ['canedit', 'editcomponents', 'editbugs', 'canconfirm'] as const;
const FLAG_LABELS: Record<(typeof FLAGS)[number], string> = {
  canedit: 'Can edit',
  editcomponents: 'Edit components',
  editbugs: 'Edit bugs',
  canconfirm: 'Can confirm',
};

type Row = Pick<GroupControl, 'entry' | 'membercontrol' | 'othercontrol' | (typeof FLAGS)[number]>;

function rowOf(control: GroupControl): Row {
  const { entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm } = control;
  return { entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm };
}

/**
 * Bugzilla's "Edit Group Controls" matrix: per group, whether it is needed to enter bugs, how its
 * members and everyone else see it (NA, Shown, Default, Mandatory), the rights it grants on the
 * product, and how many of the product's bugs are in it. Only the groups changed are sent, with the
 * ETag of the matrix as read (a 412 means someone else changed it: the matrix is read again).
 */
export function GroupControlsTab({ product }: ProductTabProps) {
  const [controls, setControls] = useState<GroupControl[]>();
  const [etag, setEtag] = useState<string>();
  const [draft, setDraft] = useState<Record<string, Row>>({});
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string[]>();
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const read = await api.groupControls(product.id);
    setControls(read.data);
    setEtag(read.etag);
    setDraft(Object.fromEntries(read.data.map((c) => [c.group.name, rowOf(c)])));
  };
  useEffect(() => {
    load().catch((caught: Error) => setError(caught.message));
  }, [product.id]);

  if (!controls) return error ? <FormError message={error} /> : <p role="status">Loading the group controls…</p>;

  const changes = (): GroupControlChange[] =>
    controls.flatMap((control) => {
      const before = rowOf(control);
      const after = draft[control.group.name];
      const keys = (Object.keys(before) as (keyof Row)[]).filter((key) => before[key] !== after[key]);
      if (keys.length === 0) return [];
      // Bugzilla takes both controls together.
      const change: GroupControlChange = {
        group: control.group.name,
        membercontrol: after.membercontrol,
        othercontrol: after.othercontrol,
      };
      for (const key of keys) Object.assign(change, { [key]: after[key] });
      return [change];
    });

  const save = async () => {
    setError(undefined);
    setNotice(undefined);
    const pending = changes();
    if (pending.length === 0) return setNotice(['Nothing to save: no control was changed.']);
    setBusy(true);
    try {
      const answer = await api.updateGroupControls(product.id, pending, etag);
      const lines = Object.entries(answer.changes).flatMap(([group, fields]) =>
        Object.entries(fields).map(([field, change]) => `${group}: ${field} ${change.removed} → ${change.added}`),
      );
      await load();
      setNotice(lines.length ? lines : ['Saved: nothing changed.']);
    } catch (caught) {
      if (caught instanceof ApiError && caught.isConflict) {
        await load();
        setError(`${caught.message} The matrix below is as it is now; make your changes again.`);
      } else setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const set = (group: string, patch: Partial<Row>) => setDraft({ ...draft, [group]: { ...draft[group], ...patch } });

  return (
    <form
      aria-label="Group controls"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {notice && (
        <Notice>
          <ul class="changes">
            {notice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Notice>
      )}
      <FormError message={error} />
      <div class="table-scroll">
        <table class="matrix">
          <caption class="visually-hidden">Group controls of {product.name}</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Entry</th>
              <th scope="col">Members</th>
              <th scope="col">Others</th>
              {FLAGS.map((flag) => (
                <th key={flag} scope="col">
                  {FLAG_LABELS[flag]}
                </th>
              ))}
              <th scope="col" class="num">
                Bugs
              </th>
            </tr>
          </thead>
          <tbody>
            {controls.map((control) => {
              const name = control.group.name;
              const row = draft[name];
              return (
                <tr key={control.group.id} class={control.group.is_active ? undefined : 'inactive'}>
                  <th scope="row">
                    {name}
                    <span class="hint">{control.group.description}</span>
                  </th>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name}: required to enter bugs`}
                      checked={row.entry}
                      onChange={(e) => set(name, { entry: (e.currentTarget as HTMLInputElement).checked })}
                    />
                  </td>
                  {(['membercontrol', 'othercontrol'] as const).map((which) => (
                    <td key={which}>
                      <select
                        aria-label={`${name}: ${which === 'membercontrol' ? 'members' : 'others'}`}
                        value={row[which]}
                        onChange={(e) =>
                          set(name, { [which]: (e.currentTarget as HTMLSelectElement).value as Control })
                        }
                      >
                        {CONTROLS.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                    </td>
                  ))}
                  {FLAGS.map((flag) => (
                    <td key={flag}>
                      <input
                        type="checkbox"
                        aria-label={`${name}: ${FLAG_LABELS[flag].toLowerCase()}`}
                        checked={row[flag]}
                        onChange={(e) => set(name, { [flag]: (e.currentTarget as HTMLInputElement).checked })}
                      />
                    </td>
                  ))}
                  <td class="num">{control.bug_count}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button type="submit" disabled={busy}>
        Save group controls
      </button>
    </form>
  );
}
