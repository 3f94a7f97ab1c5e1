/**
 * Commerce → Emails: the store's own message in each order email a shopper gets (confirmation, shipping, refund),
 * each shown as the shopper reads it: the email's subject and first line, the message, then what the store adds.
 * One form for the three, on the route's own schema (site/editor/email-messages.ts).
 */
import { useEffect, useState } from 'react';
import { api } from '../../../api';
import { EMAIL_EN } from '../../../commerce/email-text/en';
import {
  EMAIL_MESSAGE_KINDS,
  EMAIL_MESSAGE_LABELS,
  type EmailMessageKind,
  type EmailMessages,
  emailMessagesSchema,
} from '../../../site/editor/email-messages';
import { consoleApi, FetchStatus, Field, maxLengthOf, SaveForm, savedFieldError, useFetch, useSave } from '../../ui';
import { problemsOf } from './StoreDetails';

const SAMPLE_ORDER = EMAIL_EN['order.name'].replace('{number}', '1001');

/** Each email's subject for an example order, in English (a shopper gets it in their own language). */
const SUBJECTS: Record<EmailMessageKind, string> = {
  confirmed: EMAIL_EN['order.confirmedSubject'].replace('{order}', SAMPLE_ORDER),
  fulfilled: EMAIL_EN['order.fulfilledSubject'].replace('{order}', SAMPLE_ORDER),
  refunded: EMAIL_EN['order.refundedSubject'].replace('{order}', SAMPLE_ORDER),
};

/** What the store writes after the message, so the merchant need not repeat it. */
const REST: Record<EmailMessageKind, string> = {
  confirmed: 'Then the date, the items, the total, and any downloads or gift cards.',
  fulfilled: 'Then the items, the total and the tracking number.',
  refunded: 'Then how much went back to the card or gift card, and for which items.',
};

export function EmailMessagesForm() {
  const fetched = useFetch(api.emailMessages.at());
  const [messages, setMessages] = useState<EmailMessages | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    if (fetched.data !== undefined) setMessages(fetched.data);
  }, [fetched.data]);
  if (messages === null) return <FetchStatus fetched={fetched} loading="Loading the emails…" />;
  const error = (path: string) => problems[path] ?? savedFieldError(save.state, path);
  const submit = async () => {
    const checked = emailMessagesSchema.safeParse(messages);
    setProblems(problemsOf(checked));
    if (!checked.success) return;
    const saved = await save.run(() => consoleApi(api.saveEmailMessages.at(), checked.data));
    if (saved !== undefined) setMessages(saved);
  };
  return (
    <SaveForm
      id="email-messages"
      title="Order emails"
      state={save.state}
      onSubmit={() => void submit()}
      submit="Save emails"
    >
      <p className="Field-hint">
        Add a few words of your own to the emails shoppers get about their orders. Each shows under the email's first
        line, in every language the email is sent in. Leave one empty to send the email as it is.
      </p>
      {EMAIL_MESSAGE_KINDS.map((kind) => (
        <section key={kind} className="EmailMessage" aria-labelledby={`email-${kind}-title`}>
          <h3 id={`email-${kind}-title`}>{EMAIL_MESSAGE_LABELS[kind].title}</h3>
          <Field
            id={`email-${kind}`}
            label={`Message in the ${EMAIL_MESSAGE_LABELS[kind].title.toLowerCase()} email`}
            description={EMAIL_MESSAGE_LABELS[kind].sent}
            error={error(kind)}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={maxLengthOf(emailMessagesSchema.shape[kind])}
                value={messages[kind]}
                onChange={(e) => setMessages({ ...messages, [kind]: e.target.value })}
              />
            )}
          </Field>
          <figure className="EmailPreview">
            <figcaption>What the shopper reads</figcaption>
            <p className="EmailPreview-subject">Subject: {SUBJECTS[kind]}</p>
            <p>{SUBJECTS[kind]}.</p>
            {messages[kind].trim() !== '' && <p className="EmailPreview-message">{messages[kind].trim()}</p>}
            <p className="Field-hint">{REST[kind]}</p>
          </figure>
        </section>
      ))}
    </SaveForm>
  );
}
