/**
 * One subscription as its buyer sees it (issue 32): its terms, its status and next charge, and
 * Cancel subscription, confirmed in a dialog. `cancel` is the call that cancels it (with the manage
 * link's token, or the account's session) and answers the subscription as it is then.
 */
import { useState } from 'react';
import { formatMoney } from '../../commerce/money';
import { chargeDateText, SUBSCRIPTION_MESSAGES, termsText, type BuyerSubscription } from '../../commerce/subscriptions';
import Dialog from './Dialog';

export function statusText(subscription: BuyerSubscription, locale: string): string {
  if (subscription.status === 'cancelled') {
    return `Cancelled${subscription.cancelledOn === null ? '' : ` on ${chargeDateText(subscription.cancelledOn, locale)}`}. You will not be charged again.`;
  }
  if (subscription.status === 'ended') return 'Ended: every payment of this subscription has been made.';
  return `Active. ${subscription.nextChargeOn === null ? 'The next charge is being made.' : `Next charge: ${chargeDateText(subscription.nextChargeOn, locale)}.`}`;
}

export interface SubscriptionDetailsProps {
  subscription: BuyerSubscription;
  locale: string;
  cancel: () => Promise<BuyerSubscription>;
  onChange: (subscription: BuyerSubscription) => void;
}

export default function SubscriptionDetails({ subscription, locale, cancel, onChange }: SubscriptionDetailsProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setAsking(false);
    setBusy(true);
    setError(null);
    try {
      onChange(await cancel());
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message !== '' ? failure.message : SUBSCRIPTION_MESSAGES.cancelFailed,
      );
    }
    setBusy(false);
  };
  const money = formatMoney(subscription.amountCents, subscription.currencyCode, locale);
  return (
    <>
      <p className="SubscriptionManage-terms">
        {subscription.title}: {termsText(subscription.plan, money)}
      </p>
      <p className="SubscriptionManage-status" role="status" aria-live="polite">
        {statusText(subscription, locale)}
      </p>
      {subscription.status === 'active' && (
        <button
          type="button"
          className="SubscriptionManage-cancel Button--secondary"
          onClick={() => setAsking(true)}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Cancelling…' : 'Cancel subscription'}
          <span className="visually-hidden"> {subscription.title}</span>
        </button>
      )}
      {error !== null && (
        <p className="Checkout-error" role="alert">
          {error}
        </p>
      )}
      {asking && (
        <Dialog
          title="Cancel this subscription?"
          role="alertdialog"
          className="Dialog--alert"
          onClose={() => setAsking(false)}
        >
          <p className="Dialog-message">
            {subscription.title} will not be charged or sent again. Orders already paid are not affected.
          </p>
          <div className="Dialog-actions">
            <button type="button" className="Dialog-secondary" onClick={() => setAsking(false)}>
              Keep it
            </button>
            <button type="button" className="SubscriptionManage-confirm" onClick={() => void confirm()}>
              Cancel subscription
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
