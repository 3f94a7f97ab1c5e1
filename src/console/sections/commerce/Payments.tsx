/**
 * Commerce → Payments (the owner's): which provider takes the store's payments, the local test provider
 * (development) or Stripe with its keys, whether that is test or live mode, and whether instalments are offered.
 * The secret key and webhook signing secret are write-only (ui/SecretField.tsx): blank, the saved one shown by its last 4.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../../api';
import {
  changedPaymentSettings,
  paymentSettingsSchema,
  type PaymentSettingsAnswer,
  type PaymentSettingsInput,
} from '../../../site/editor/payment-settings';
import type { ConsoleSession } from '../../section-types';
import {
  consoleApi,
  FetchStatus,
  Field,
  maxLengthOf,
  SaveStatus,
  SecretField,
  savedFieldError,
  useFetch,
  useSave,
} from '../../ui';
import { problemsOf } from './StoreDetails';
import { TEST_MODE_BANNER } from '../../../commerce/payment-mode';

const NO_KEYS = { provider: 'local', stripePublishableKey: '', stripeSecretKey: '', stripeWebhookSecret: '' } as const;

function ModeBanner({ answer }: { answer: PaymentSettingsAnswer }) {
  return answer.mode === 'test' ? (
    <p className="Payments-mode Payments-mode--test" role="status">
      <strong>{TEST_MODE_BANNER}</strong> Shoppers pay with test cards and no money moves.
    </p>
  ) : (
    <p className="Payments-mode Payments-mode--live" role="status">
      <strong>Live mode: real charges.</strong> Shoppers' cards are charged.
    </p>
  );
}

export function PaymentsForm({ session }: { session: ConsoleSession }) {
  if (!session.can.payments)
    return (
      <p className="Card" role="status">
        Your role does not allow this. Only the store's owner (an administrator) sets up payments.
      </p>
    );
  return <PaymentsSettings />;
}

function PaymentsSettings() {
  const fetched = useFetch(api.payments.at());
  const [form, setForm] = useState<PaymentSettingsInput | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    const data = fetched.data;
    if (data !== undefined)
      setForm({
        provider: data.provider,
        stripePublishableKey: data.stripePublishableKey,
        stripeSecretKey: '',
        stripeWebhookSecret: '',
      });
  }, [fetched.data]);
  const answer = fetched.data;
  if (form === null || answer === undefined) return <FetchStatus fetched={fetched} loading="Loading payments…" />;
  const error = (path: string) => problems[path] ?? savedFieldError(save.state, path);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = paymentSettingsSchema.safeParse(form);
    const found = problemsOf(checked);
    // The server's key checks, in the browser, unless they need the stored secret (a blank field keeps it).
    if (checked.success && (checked.data.stripeSecretKey !== '' || answer.stripeSecretKeyLast4 === null)) {
      const changed = changedPaymentSettings(NO_KEYS, checked.data, answer.localAvailable);
      if ('field' in changed) found[changed.field] = changed.message;
    }
    setProblems(found);
    if (!checked.success || Object.keys(found).length > 0) return;
    if ((await save.run(() => consoleApi(api.savePayments.at(), checked.data))) !== undefined) fetched.reload();
  };
  const stripe = form.provider === 'stripe';
  return (
    <form className="Card Payments" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="payments-title">
      <h2 id="payments-title">Payment provider</h2>
      <ModeBanner answer={answer} />
      <fieldset className="Payments-providers">
        <legend>Who takes the store's payments</legend>
        <label className="Field-inline">
          <input
            type="radio"
            name="provider"
            value="local"
            checked={form.provider === 'local'}
            disabled={!answer.localAvailable}
            onChange={() => setForm({ ...form, provider: 'local' })}
          />{' '}
          Local test provider <span className="Muted">(test cards such as 4242 4242 4242 4242; development only)</span>
        </label>
        <label className="Field-inline">
          <input
            type="radio"
            name="provider"
            value="stripe"
            checked={stripe}
            onChange={() => setForm({ ...form, provider: 'stripe' })}
          />{' '}
          Stripe
        </label>
        {error('provider') !== undefined && <p className="Field-error">{error('provider')}</p>}
      </fieldset>
      {stripe && (
        <>
          <Field
            id="payments-publishable-key"
            label="Publishable key"
            description="From Stripe's dashboard, Developers → API keys: pk_test_… for test mode, pk_live_… for live."
            error={error('stripePublishableKey')}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={maxLengthOf(paymentSettingsSchema.shape.stripePublishableKey)}
                value={form.stripePublishableKey}
                onChange={(e) => setForm({ ...form, stripePublishableKey: e.target.value })}
              />
            )}
          </Field>
          <SecretField
            id="payments-secret-key"
            label="Secret key"
            schema={paymentSettingsSchema.shape.stripeSecretKey}
            last4={answer.stripeSecretKeyLast4}
            example="sk_test_…"
            unsavedDescription="Stored as a secret: after saving, only its last 4 characters are shown."
            savedNoun="key"
            value={form.stripeSecretKey}
            error={error('stripeSecretKey')}
            onChange={(stripeSecretKey) => setForm({ ...form, stripeSecretKey })}
          />
          <SecretField
            id="payments-webhook-secret"
            label="Webhook signing secret"
            schema={paymentSettingsSchema.shape.stripeWebhookSecret}
            last4={answer.stripeWebhookSecretLast4}
            example="whsec_…"
            unsavedDescription="Optional: the signing secret of this store's webhook endpoint in Stripe (Developers → Webhooks). Without it, the platform's is used."
            savedNoun="secret"
            value={form.stripeWebhookSecret}
            error={error('stripeWebhookSecret')}
            onChange={(stripeWebhookSecret) => setForm({ ...form, stripeWebhookSecret })}
          />
        </>
      )}
      <h3>Instalments</h3>
      <p className="Muted" data-instalments={answer.instalmentsOffered ? 'offered' : 'not-offered'}>
        {answer.instalmentsOffered
          ? 'Offered at checkout: product pages show the instalment message on eligible products.'
          : 'Not offered: this provider has no instalment method at checkout yet, so the storefront shows no instalment message.'}
      </p>
      <div className="Toolbar">
        <button type="submit" className="Button Button--primary" disabled={save.state.status === 'saving'}>
          Save payments
        </button>
      </div>
      <SaveStatus state={save.state} />
    </form>
  );
}
