/**
 * Email customer: the composer (To, CC, BCC, Subject, Body, as the spec names its fields) in a dialog over a customer's
 * page, checked with the route's own schema (site/editor/customer-email.ts), and the emails the store sent them.
 * To is the customer's address and cannot be changed; the email goes out through the store's email provider.
 */
import { useState } from 'react';
import { api } from '../../../api';
import {
  COMPOSER_LABELS,
  customerEmailSchema,
  MAX_BODY,
  MAX_SUBJECT,
  type SentCustomerEmail,
} from '../../../site/editor/customer-email';
import { consoleApi, Field, FormDialog, savedFieldError, useSave } from '../../ui';
import { dateTimeText } from '../orders/format';
import { problemsOf } from '../commerce/StoreDetails';

interface Draft {
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}

const EMPTY: Draft = { cc: '', bcc: '', subject: '', body: '' };

function ComposerDialog({
  to,
  onSent,
  onCancel,
}: {
  to: string;
  onSent: (emails: SentCustomerEmail[], subject: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(EMPTY);
  const [sendId] = useState(() => crypto.randomUUID());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  const error = (path: keyof Draft) => problems[path] ?? savedFieldError(save.state, path);
  const submit = async () => {
    const checked = customerEmailSchema.safeParse({ ...draft, sendId });
    setProblems(problemsOf(checked));
    if (!checked.success) return;
    const sent = await save.run(() => consoleApi(api.emailCustomer.at(to), { ...draft, sendId }));
    if (sent !== undefined) onSent(sent.emails, checked.data.subject);
  };
  const field = (name: keyof Draft, hint?: string) => (
    <Field id={`customer-email-${name}`} label={COMPOSER_LABELS[name]} description={hint} error={error(name)}>
      {(control) =>
        name === 'body' ? (
          <textarea
            {...control}
            rows={8}
            maxLength={MAX_BODY}
            value={draft.body}
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
          />
        ) : (
          <input
            {...control}
            type={name === 'subject' ? 'text' : 'email'}
            multiple={name !== 'subject'}
            maxLength={name === 'subject' ? MAX_SUBJECT : undefined}
            value={draft[name]}
            onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
          />
        )
      }
    </Field>
  );
  const failed = save.state.status === 'error' && !/^\w+: /.test(save.state.message) ? save.state.message : '';
  return (
    <FormDialog
      title="Email customer"
      className="CustomerEmailDialog"
      onSubmit={() => void submit()}
      onCancel={onCancel}
      submit="Send email"
      busy={save.state.status === 'saving'}
      busyLabel="Sending…"
    >
      <Field id="customer-email-to" label={COMPOSER_LABELS.to}>
        {(control) => <input {...control} type="email" value={to} readOnly />}
      </Field>
      {field('cc', 'Others who should get a copy, separated by commas.')}
      {field('bcc', 'Copies the customer does not see.')}
      {field('subject')}
      {field('body', 'Sent as plain text, from your store.')}
      <p className="SaveStatus SaveStatus--error" role="status" aria-live="polite">
        {failed}
      </p>
    </FormDialog>
  );
}

/** The Email customer button, its dialog, what was said once sent, and the emails sent before. */
export function CustomerEmails({ to, sent }: { to: string; sent: SentCustomerEmail[] }) {
  const [open, setOpen] = useState(false);
  const [emails, setEmails] = useState(sent);
  const [status, setStatus] = useState('');
  return (
    <>
      <h3>Emails from your store</h3>
      <p>
        <button
          type="button"
          className="Button"
          onClick={() => {
            setStatus('');
            setOpen(true);
          }}
        >
          Email customer
        </button>
      </p>
      <p className="SaveStatus" role="status" aria-live="polite">
        {status}
      </p>
      {emails.length === 0 ? (
        <p className="Muted">None yet.</p>
      ) : (
        <ul className="SentEmails">
          {emails.map((email, i) => (
            <li key={`${i}-${email.queuedAt}`}>
              <span>{email.subject}</span>{' '}
              <span className="Muted">
                {dateTimeText(email.queuedAt)} · {email.sentAt === null ? 'Sending' : 'Sent'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <ComposerDialog
          to={to}
          onCancel={() => setOpen(false)}
          onSent={(list, subject) => {
            setEmails(list);
            setOpen(false);
            setStatus(`Email '${subject}' sent to ${to}.`);
          }}
        />
      )}
    </>
  );
}
