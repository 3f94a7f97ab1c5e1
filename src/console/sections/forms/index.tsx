/**
 * The forms section: the site's forms with their submission counts, and per form its submissions
 * in a sortable table (password fields are never stored or shown) with the CSV export, for roles with
 * customerData only; the email the merchant gets for each new submission and where the visitor goes
 * after submitting (SuccessUrlForm.tsx), for every role that may open the section (an editor edits the latter).
 */
import { useMemo, useState } from 'react';
import { api, type FormSummary, type SubmissionRow } from '../../../api';
import { ROLE_MESSAGES } from '../../../site/roles';
import type { SectionProps } from '../../section-types';
import {
  Breadcrumbs,
  consoleApi,
  DataTable,
  describedBy,
  FetchStatus,
  FieldError,
  Link,
  SaveForm,
  StatusLabel,
  useFetch,
  usePaged,
  useSave,
  type Column,
  type SortDirection,
} from '../../ui';
import { dateTimeText, serverFieldError } from '../orders/format';
import { SuccessUrlForm } from './SuccessUrlForm';

export const FORMS_ROOT = '/config/forms';

function FormList() {
  const fetched = useFetch(api.forms.at());
  const columns: Column<FormSummary>[] = [
    {
      key: 'name',
      label: 'Form',
      primary: true,
      render: (f) => <Link to={`${FORMS_ROOT}/${encodeURIComponent(f.id)}`}>{f.name}</Link>,
    },
    { key: 'kind', label: 'Kind', render: (f) => (f.kind === 'form' ? 'Form' : 'Newsletter sign-up') },
    { key: 'submissions', label: 'Submissions', align: 'end', render: (f) => f.submissions },
    {
      key: 'email',
      label: 'Email on submission',
      render: (f) =>
        f.notification.enabled ? (
          <StatusLabel tone="success">To {f.notification.recipient}</StatusLabel>
        ) : (
          <StatusLabel>Off</StatusLabel>
        ),
    },
  ];
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Forms</h1>
      </header>
      <FetchStatus fetched={fetched} />
      <DataTable
        caption="Forms"
        columns={columns}
        rows={fetched.data?.forms ?? []}
        rowKey={(f) => f.id}
        empty={fetched.state === 'pending' ? 'Loading forms…' : 'This site has no forms.'}
      />
    </div>
  );
}

function NotificationForm({
  form,
  email,
  canEdit,
  onSaved,
}: {
  form: FormSummary;
  email: string;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [enabled, setEnabled] = useState(form.notification.enabled);
  const [recipient, setRecipient] = useState(form.notification.recipient || email);
  const save = useSave();
  const submit = async () => {
    const saved = await save.run(() =>
      consoleApi(api.formNotification.at(form.id), {
        enabled,
        recipient: recipient.trim(),
      }),
    );
    if (saved !== undefined) onSaved();
  };
  const error = serverFieldError(save.state, 'recipient');
  return (
    <SaveForm
      id="notification"
      title="Email on each submission"
      state={save.state}
      onSubmit={() => void submit()}
      readOnly={
        canEdit ? undefined : (
          <p className="Muted">Only an administrator or a website manager can change where these emails go.</p>
        )
      }
    >
      <label className="Field-inline">
        <input type="checkbox" checked={enabled} disabled={!canEdit} onChange={(e) => setEnabled(e.target.checked)} />{' '}
        Email me each new submission
      </label>
      <div className="Field">
        <label htmlFor="notification-recipient">Send to</label>
        <input
          id="notification-recipient"
          type="email"
          value={recipient}
          maxLength={256}
          disabled={!canEdit}
          onChange={(e) => setRecipient(e.target.value)}
          {...describedBy('notification-recipient-error', error)}
        />
        <FieldError id="notification-recipient-error" message={error} />
      </div>
    </SaveForm>
  );
}

type SortKey = 'submittedAt' | `c${number}`;

/** A form's submissions (customers' personal data: only roles with customerData get this far), sortable by any column. */
function Submissions({ formId, name }: { formId: string; name: string }) {
  const submissions = usePaged(api.submissions.at(formId), (page) => page.rows);
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'submittedAt',
    direction: 'descending',
  });
  const page = submissions.last;

  const rows = useMemo(() => {
    const value = (row: SubmissionRow) =>
      sort.key === 'submittedAt' ? row.submittedAt : (row.cells[Number(sort.key.slice(1))] ?? '');
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...submissions.items].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (
        sign *
        (typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' }))
      );
    });
  }, [submissions.items, sort]);

  const columns: Column<SubmissionRow>[] = [
    {
      key: 'submittedAt',
      label: 'Submitted',
      sortable: true,
      primary: true,
      render: (row) => dateTimeText(row.submittedAt),
    },
    ...(page?.columns ?? []).map(
      (column, i): Column<SubmissionRow> => ({
        key: `c${i}`,
        label: column.title,
        sortable: true,
        render: (row) => row.cells[i] || <span className="Muted">N/A</span>,
      }),
    ),
  ];
  return (
    <>
      <FetchStatus fetched={submissions.fetched} />
      <DataTable
        caption={`Submissions of ${name}`}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        sort={sort}
        onSort={(key, direction) => setSort({ key: key as SortKey, direction })}
        hasMore={submissions.cursor !== null}
        loadingMore={submissions.loading && rows.length > 0}
        onLoadMore={() => void submissions.load(submissions.cursor)}
        empty={submissions.loading ? 'Loading submissions…' : 'No submissions yet.'}
      />
    </>
  );
}

/**
 * One form: its submissions for roles that may see customers' data; for the others (an editor) only how many there
 * are, and the form's settings, each editable by the roles its call allows.
 */
function FormScreen({ formId, session }: { formId: string; session: SectionProps['session'] }) {
  const forms = useFetch(api.forms.at());
  const form = forms.data?.forms.find((f) => f.id === formId);
  const name = form?.name ?? 'Form';
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Forms', to: FORMS_ROOT }, { label: name }]} />
      <header className="PageHeader">
        <h1>{name}</h1>
        {session.can.customerData && (
          <div className="PageHeader-actions">
            <a className="Button" href={api.submissionsExport.path(formId)} download>
              Export CSV
            </a>
          </div>
        )}
      </header>
      {session.can.customerData ? (
        <Submissions formId={formId} name={name} />
      ) : (
        <>
          <FetchStatus fetched={forms} />
          {form !== undefined && (
            <p className="Muted">
              {form.submissions === 1 ? '1 submission.' : `${form.submissions} submissions.`}{' '}
              {ROLE_MESSAGES.submissions}
            </p>
          )}
        </>
      )}
      {form?.kind === 'form' && (
        <SuccessUrlForm key={`${form.id}-success`} form={form} canEdit={session.can.content} onSaved={forms.reload} />
      )}
      {form !== undefined && (
        <NotificationForm
          key={form.id}
          form={form}
          email={session.email}
          canEdit={session.can.notifications}
          onSaved={forms.reload}
        />
      )}
    </div>
  );
}

export default function FormsSection({ path, session }: SectionProps) {
  const formId = path[0];
  return formId === undefined ? <FormList /> : <FormScreen formId={formId} session={session} />;
}
