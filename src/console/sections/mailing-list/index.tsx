/**
 * Mailing list: where the store's newsletter sign-ups go. The connection dialog (engine spec §2:
 * list select, double opt-in) connects a list; the state is connected, disconnected or awaiting
 * connection while a list's automation service confirms it (src/site/mailing-list.ts). The
 * members (customers' emails) show only to roles with `customerData`.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAILING_LIST_MESSAGES, type MailingList } from '../../../site/editor/mailing-list';
import { api, type MailingListMember as Member } from '../../../api';
import type { SectionProps } from '../../sections';
import { consoleApi, errorMessage } from '../../ui/api';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { describedBy, FieldError } from '../../ui/FieldError';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { StatusLabel } from '../../ui/StatusLabel';
import { DataTable } from '../../ui/DataTable';
import { FetchStatus } from '../../ui/Loaded';
import { useFetch } from '../../ui/useFetch';
import { DialogActions } from '../../ui/DialogActions';
import { useModalDialog } from '../../ui/useModalDialog';

export const CONNECTION_LABELS = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  awaiting: 'Awaiting connection',
} as const;

export default function MailingListSection({ session }: SectionProps) {
  const fetched = useFetch(api.mailingList.at());
  const [state, setState] = useState<MailingList | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const action = useSave();
  useEffect(() => {
    if (fetched.data !== undefined) setState(fetched.data);
  }, [fetched.data]);

  const change = async (body: Record<string, unknown>) => {
    const next = await action.run(() => consoleApi(api.changeMailingList.at(), body));
    if (next !== undefined) setState(next);
    return next;
  };

  let content: ReactNode;
  if (state === null) content = <FetchStatus fetched={fetched} loading="Loading the mailing list…" />;
  else {
    const connection = state.connection;
    const list =
      connection.state === 'disconnected' ? undefined : state.lists.find((entry) => entry.id === connection.listId);
    const tone = connection.state === 'connected' ? 'success' : connection.state === 'awaiting' ? 'warning' : 'neutral';
    content = (
      <>
        <section className="Card" aria-labelledby="mailing-status-title">
          <h2 id="mailing-status-title">Connection</h2>
          <div className="MailingStatus">
            <StatusLabel tone={tone}>{CONNECTION_LABELS[connection.state]}</StatusLabel>
            {list !== undefined && (
              <span>
                {list.name}
                {connection.state !== 'disconnected' && connection.doubleOptIn ? ' · double opt-in' : ''}
              </span>
            )}
          </div>
          <p className="Field-hint">
            {connection.state === 'connected' && 'Newsletter sign-ups from the store go to this list.'}
            {connection.state === 'awaiting' && 'The list’s automation service has not confirmed the connection yet.'}
            {connection.state === 'disconnected' &&
              'Newsletter sign-ups are kept with the store’s form submissions only.'}
          </p>
          <div className="PageHeader-actions">
            {connection.state === 'disconnected' ? (
              <button type="button" className="Button Button--primary" onClick={() => setDialogOpen(true)}>
                Connect a list
              </button>
            ) : (
              <>
                {connection.state === 'awaiting' && (
                  <button
                    type="button"
                    className="Button Button--primary"
                    onClick={() => void change({ action: 'confirm' })}
                  >
                    Check connection
                  </button>
                )}
                <button type="button" className="Button" onClick={() => setDialogOpen(true)}>
                  Change list
                </button>
                <button
                  type="button"
                  className="Button Button--critical"
                  onClick={() => void change({ action: 'disconnect' })}
                >
                  Disconnect
                </button>
              </>
            )}
            <SaveStatus state={action.state} />
          </div>
        </section>
        {connection.state !== 'disconnected' && session.can.customerData && (
          <Members key={`${connection.listId}-${connection.state}`} />
        )}
        <NewList onAdd={(name) => change({ action: 'addList', name })} lists={state.lists.map((entry) => entry.name)} />
        {dialogOpen && (
          <ConnectDialog
            state={state}
            onConnect={async (listId, doubleOptIn) => {
              try {
                setState(await consoleApi(api.changeMailingList.at(), { action: 'connect', listId, doubleOptIn }));
                setDialogOpen(false);
                action.reset();
                return null;
              } catch (error) {
                return errorMessage(error);
              }
            }}
            onCancel={() => setDialogOpen(false)}
          />
        )}
      </>
    );
  }
  return (
    <div className="Page Page--narrow">
      <Breadcrumbs items={[{ label: 'Home', to: '/config' }, { label: 'Mailing list' }]} />
      <header className="PageHeader">
        <h1>Mailing list</h1>
      </header>
      {content}
    </div>
  );
}

const MEMBER_STATUS = {
  subscribed: { text: 'Subscribed', tone: 'success' },
  pending: { text: 'Awaiting confirmation', tone: 'warning' },
} as const;
const addedText = (ms: number) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

/** The connected list's members: the store's newsletter sign-ups made while it was connected, newest first. */
function Members() {
  const first = useFetch(api.mailingListMembers.at());
  const [more, setMore] = useState<{ members: Member[]; nextCursor: number | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState('');
  return (
    <section className="Card" aria-labelledby="members-title">
      <h2 id="members-title">
        {first.data?.list === null || first.data === undefined ? 'Members' : `Members of ${first.data.list.name}`}
      </h2>
      {first.data === undefined ? (
        <FetchStatus fetched={first} loading="Loading the members…" />
      ) : (
        <>
          <p className="Field-hint">
            {first.data.total === 1 ? '1 member' : `${first.data.total} members`}. Newsletter sign-ups join this list
            while it is connected.
          </p>
          <DataTable
            caption="Members"
            rows={[...first.data.members, ...(more?.members ?? [])]}
            rowKey={(member) => member.email}
            columns={[
              { key: 'email', label: 'Email', primary: true, render: (member) => member.email },
              {
                key: 'status',
                label: 'Status',
                render: (member) => (
                  <StatusLabel tone={MEMBER_STATUS[member.status].tone}>
                    {MEMBER_STATUS[member.status].text}
                  </StatusLabel>
                ),
              },
              { key: 'added', label: 'Signed up', render: (member) => addedText(member.addedAt) },
            ]}
            hasMore={(more === null ? first.data.nextCursor : more.nextCursor) !== null}
            loadingMore={loadingMore}
            onLoadMore={() => {
              const cursor = more === null ? first.data?.nextCursor : more.nextCursor;
              if (cursor === null || cursor === undefined) return;
              setLoadingMore(true);
              consoleApi(api.mailingListMembers.at({ cursor }))
                .then(
                  (page) =>
                    setMore((before) => ({
                      members: [...(before?.members ?? []), ...page.members],
                      nextCursor: page.nextCursor,
                    })),
                  (error) => setMoreError(errorMessage(error)),
                )
                .finally(() => setLoadingMore(false));
            }}
            empty="No one has signed up yet."
          />
          <FieldError id="members-error" message={moreError} announce />
        </>
      )}
    </section>
  );
}

function ConnectDialog({
  state,
  onConnect,
  onCancel,
}: {
  state: MailingList;
  onConnect: (listId: string | null, doubleOptIn: boolean) => Promise<string | null>;
  onCancel: () => void;
}) {
  const id = useId();
  const dialog = useModalDialog();
  const current = state.connection.state === 'disconnected' ? null : state.connection;
  const [listId, setListId] = useState(current?.listId ?? '');
  const [doubleOptIn, setDoubleOptIn] = useState(current?.doubleOptIn ?? true);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (listId === '') {
      setError(MAILING_LIST_MESSAGES.listRequired);
      return;
    }
    setBusy(true);
    const problem = await onConnect(listId, doubleOptIn);
    setBusy(false);
    if (problem !== null) setError(problem);
  };
  return (
    <dialog
      ref={dialog}
      className="LinkEditor"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>Connect a mailing list</h2>
        {state.lists.length === 0 ? (
          <p role="alert">{MAILING_LIST_MESSAGES.noLists}</p>
        ) : (
          <>
            <div className="Field">
              <label htmlFor={`${id}-list`}>List</label>
              <select
                id={`${id}-list`}
                value={listId}
                onChange={(event) => {
                  setListId(event.target.value);
                  setError(undefined);
                }}
                {...describedBy(`${id}-error`, error)}
              >
                <option value="">Select a list</option>
                {state.lists.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-error`} message={error} />
            </div>
            <label className="Field Field-inline">
              <input type="checkbox" checked={doubleOptIn} onChange={(event) => setDoubleOptIn(event.target.checked)} />
              Double opt-in: subscribers confirm by email before they are added
            </label>
          </>
        )}
        <DialogActions
          onCancel={onCancel}
          submit={state.lists.length > 0 ? 'Connect' : null}
          busy={busy}
          busyLabel="Connecting…"
        />
      </form>
    </dialog>
  );
}

function NewList({ lists, onAdd }: { lists: string[]; onAdd: (name: string) => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <section className="Card" aria-labelledby="mailing-lists-title">
      <h2 id="mailing-lists-title">Lists</h2>
      {lists.length === 0 ? (
        <p>{MAILING_LIST_MESSAGES.noLists}</p>
      ) : (
        <ul>
          {lists.map((list) => (
            <li key={list}>{list}</li>
          ))}
        </ul>
      )}
      <form
        className="Toolbar"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') {
            setError(MAILING_LIST_MESSAGES.listNameRequired);
            return;
          }
          setError(undefined);
          void onAdd(name).then((done) => {
            if (done !== undefined) setName('');
          });
        }}
      >
        <div className="Field Field--grow">
          <label htmlFor="new-list-name">New list name</label>
          <input
            id="new-list-name"
            type="text"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            {...describedBy('new-list-error', error)}
          />
          <FieldError id="new-list-error" message={error} />
        </div>
        <button type="submit" className="Button">
          Create list
        </button>
      </form>
    </section>
  );
}
