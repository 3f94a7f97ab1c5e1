/**
 * The subscription on its page (the manage link of its emails, issue 32): its terms, status and
 * next charge, and Cancel subscription, confirmed in a dialog, sent with the page's token and the
 * crumb. No account needed; a second cancel (another tab) shows it cancelled.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../commerce/money';
import { chargeDateText, SUBSCRIPTION_MESSAGES, termsText, type BuyerSubscription } from '../../commerce/subscriptions';
import { apiCall, failureText } from '../api';
import Dialog from './Dialog';

type State = { kind: 'loading' } | { kind: 'ready'; subscription: BuyerSubscription } | { kind: 'none' };

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<BuyerSubscription> {
  const res = await apiCall(method, path, body);
  const json = (await res.json().catch(() => null)) as { subscription?: BuyerSubscription; error?: string } | null;
  if (!res.ok || json?.subscription === undefined) throw new Error(failureText(res.status, json, SUBSCRIPTION_MESSAGES.cancelFailed));
  return json.subscription;
}

export default function SubscriptionManage({ orderId, token, locale }: { orderId: string; token: string; locale: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/commerce/subscriptions/${encodeURIComponent(orderId)}`;

  useEffect(() => {
    call('GET', `${path}?token=${encodeURIComponent(token)}`)
      .then((subscription) => setState({ kind: 'ready', subscription }))
      .catch(() => setState({ kind: 'none' }));
  }, [path, token]);

  if (state.kind !== 'ready') return null;
  const { subscription } = state;
  const cancel = async () => {
    setAsking(false);
    setBusy(true);
    setError(null);
    try {
      setState({ kind: 'ready', subscription: await call('POST', `${path}/cancel`, { token }) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : SUBSCRIPTION_MESSAGES.cancelFailed);
    }
    setBusy(false);
  };
  const money = formatMoney(subscription.amountCents, subscription.currencyCode, locale);
  return (
    <section className="OrderConfirmation-section SubscriptionManage" aria-labelledby="subscription-manage">
      <h2 id="subscription-manage">Your subscription</h2>
      <p className="SubscriptionManage-terms">
        {subscription.title}: {termsText(subscription.plan, money)}
      </p>
      <p className="SubscriptionManage-status" role="status" aria-live="polite">
        {subscription.status === 'cancelled'
          ? `Cancelled${subscription.cancelledOn === null ? '' : ` on ${chargeDateText(subscription.cancelledOn, locale)}`}. You will not be charged again.`
          : subscription.status === 'ended'
            ? 'Ended: every payment of this subscription has been made.'
            : `Active. ${subscription.nextChargeOn === null ? 'The next charge is being made.' : `Next charge: ${chargeDateText(subscription.nextChargeOn, locale)}.`}`}
      </p>
      {subscription.status === 'active' && (
        <button type="button" className="SubscriptionManage-cancel Button--secondary" onClick={() => setAsking(true)} disabled={busy} aria-busy={busy}>
          {busy ? 'Cancelling…' : 'Cancel subscription'}
        </button>
      )}
      {error !== null && (
        <p className="Checkout-error" role="alert">
          {error}
        </p>
      )}
      {asking && (
        <Dialog title="Cancel this subscription?" role="alertdialog" className="Dialog--alert" onClose={() => setAsking(false)}>
          <p className="Dialog-message">{subscription.title} will not be charged or sent again. Orders already paid are not affected.</p>
          <div className="Dialog-actions">
            <button type="button" className="Dialog-secondary" onClick={() => setAsking(false)}>
              Keep it
            </button>
            <button type="button" className="SubscriptionManage-confirm" onClick={() => void cancel()}>
              Cancel subscription
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
