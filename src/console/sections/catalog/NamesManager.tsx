/**
 * The tag and category manager (engine spec §2): a collection's tags or categories with how many
 * products use each; new, edit (one at a time), merge and remove, each one call. The spec's
 * messages show next to the name field; a removal asks first.
 */
import { useState, type FormEvent } from 'react';
import { nameProblem, NAME_LIMITS, TAG_MESSAGES, type TagType } from '../../../site/editor/tag-manager';
import { api } from '../../../api';
import { consoleApi } from '../../ui/api';
import { useConfirm } from '../../ui/ConfirmModal';
import { describedBy, FieldError } from '../../ui/FieldError';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { useFetch } from '../../ui/useFetch';

type Change =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; from: string[]; to: string }
  | { kind: 'merge'; from: string[]; into: string }
  | { kind: 'remove'; names: string[] };

type Place = 'new' | 'edit' | 'actions';

const PLURAL: Record<TagType, string> = { tag: 'tags', category: 'categories' };

export function NamesManager({ collectionId, tagType }: { collectionId: string; tagType: TagType }) {
  const list = useFetch(api.names.at(collectionId, { tagType }));
  const names = list.data?.names ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<{ from: string; to: string } | null>(null);
  const [mergeInto, setMergeInto] = useState<string | null>(null);
  const [local, setLocal] = useState<{ at: Place; message: string } | null>(null);
  const [sentFrom, setSentFrom] = useState<Place>('actions');
  const { state, run } = useSave();
  const message = (at: Place) =>
    local?.at === at ? local.message : state.status === 'error' && sentFrom === at ? state.message : undefined;
  const { confirm, modal } = useConfirm();

  const send = async (change: Change, at: Place): Promise<boolean> => {
    setLocal(null);
    setSentFrom(at);
    const done = await run(() => consoleApi(api.changeNames.at(collectionId), { tagType, change }));
    if (done === undefined) return false;
    setSelected(new Set());
    list.reload();
    return true;
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(
      tagType,
      newName,
      names.map((row) => row.name),
    );
    if (found !== null) return setLocal({ at: 'new', message: found });
    if (await send({ kind: 'add', name: newName }, 'new')) setNewName('');
  };

  const startEdit = () => {
    if (selected.size !== 1) return setLocal({ at: 'actions', message: TAG_MESSAGES.editOne(tagType) });
    const [from] = [...selected] as [string];
    setLocal(null);
    setEditing({ from, to: from });
  };

  const saveEdit = async (event: FormEvent) => {
    event.preventDefault();
    if (editing === null) return;
    const found = nameProblem(
      tagType,
      editing.to,
      names.map((row) => row.name),
      editing.from,
    );
    if (found !== null) return setLocal({ at: 'edit', message: found });
    if (await send({ kind: 'rename', from: [editing.from], to: editing.to }, 'edit')) setEditing(null);
  };

  const merge = async () => {
    if (selected.size < 2) return setLocal({ at: 'actions', message: TAG_MESSAGES.mergeTwo(tagType) });
    const into = mergeInto !== null && selected.has(mergeInto) ? mergeInto : ([...selected][0] as string);
    const others = [...selected].filter((name) => name !== into);
    const sure = await confirm({
      title: `Merge ${PLURAL[tagType]}`,
      message: (
        <p>
          Products with {others.join(', ')} will have {into} instead.
        </p>
      ),
      confirmLabel: 'Merge',
    });
    if (sure) await send({ kind: 'merge', from: [...selected], into }, 'actions');
  };

  const remove = async () => {
    if (selected.size === 0) return;
    const chosen = [...selected];
    const sure = await confirm({
      title: `Remove ${chosen.length === 1 ? tagType : PLURAL[tagType]}`,
      message: <p>{chosen.join(', ')} will be taken off every product. This cannot be undone.</p>,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (sure) await send({ kind: 'remove', names: chosen }, 'actions');
  };

  const toggle = (name: string) => {
    const next = new Set(selected);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    setSelected(next);
  };
  const label = tagType === 'tag' ? 'Tag' : 'Category';

  return (
    <div className="NamesManager">
      <form className="Toolbar" onSubmit={(event) => void add(event)}>
        <div className="Field Field--grow">
          <label htmlFor={`new-${tagType}`}>New {tagType}</label>
          <input
            id={`new-${tagType}`}
            type="text"
            value={newName}
            maxLength={NAME_LIMITS[tagType] + 20}
            onChange={(event) => setNewName(event.target.value)}
            {...describedBy(`new-${tagType}-error`, message('new'))}
          />
          <FieldError id={`new-${tagType}-error`} message={message('new')} announce />
        </div>
        <button type="submit" className="Button Button--primary">
          Add {tagType}
        </button>
      </form>
      <div className="NamesManager-actions" role="toolbar" aria-label={`Selected ${PLURAL[tagType]}`}>
        <span className="Muted">{selected.size} selected</span>
        <button type="button" className="Button" onClick={startEdit} disabled={selected.size === 0}>
          Edit
        </button>
        <button type="button" className="Button" onClick={() => void merge()} disabled={selected.size === 0}>
          Merge
        </button>
        {selected.size > 1 && (
          <div className="Field Field-inline">
            <label htmlFor={`merge-into-${tagType}`}>Merge into</label>
            <select
              id={`merge-into-${tagType}`}
              value={mergeInto ?? ''}
              onChange={(event) => setMergeInto(event.target.value)}
            >
              {[...selected].map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button
          type="button"
          className="Button Button--critical"
          onClick={() => void remove()}
          disabled={selected.size === 0}
        >
          Remove
        </button>
      </div>
      <FieldError id={`${tagType}-actions-error`} message={message('actions')} announce />
      {editing !== null && (
        <form className="Toolbar NamesManager-edit" onSubmit={(event) => void saveEdit(event)}>
          <div className="Field Field--grow">
            <label htmlFor={`edit-${tagType}`}>
              Rename {tagType} {editing.from}
            </label>
            <input
              id={`edit-${tagType}`}
              type="text"
              autoFocus
              value={editing.to}
              onChange={(event) => setEditing({ ...editing, to: event.target.value })}
              {...describedBy(`edit-${tagType}-error`, message('edit'))}
            />
            <FieldError id={`edit-${tagType}-error`} message={message('edit')} announce />
          </div>
          <button type="submit" className="Button Button--primary">
            Save
          </button>
          <button type="button" className="Button" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}
      <SaveStatus state={state.status === 'error' ? { status: 'idle' } : state} />
      {list.state === 'failed' && (
        <p className="FieldError" role="alert">
          {list.error?.message}
        </p>
      )}
      <ul className="NamesList" aria-label={`${label} list`}>
        {names.length === 0 && list.state !== 'pending' && <li className="Muted">No {PLURAL[tagType]} yet.</li>}
        {names.map((row) => (
          <li key={row.name}>
            <label className="Field-inline">
              <input type="checkbox" checked={selected.has(row.name)} onChange={() => toggle(row.name)} />
              <span className="NamesList-name">{row.name}</span>
            </label>
            <span className="Muted">
              {row.count} {row.count === 1 ? 'product' : 'products'}
            </span>
          </li>
        ))}
      </ul>
      {modal}
    </div>
  );
}
