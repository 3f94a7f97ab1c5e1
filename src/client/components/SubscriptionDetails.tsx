/**
 * One subscription as its buyer sees it (issue 32): its terms, its status and next charge, and
 * Cancel subscription, confirmed in a dialog. `cancel` is the call that cancels it (with the manage
 * link's token, or the account's session) and answers the subscription as it is then; `pause` and
 * `resume`, where given (the account), show Pause subscription or Resume subscription.
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
  if (subscription.status === 'paused') {
    return `Paused${subscription.pausedOn === null ? '' : ` on ${chargeDateText(subscription.pausedOn, locale)}`}. You will not be charged until you resume it.`;
  }
  return `Active. ${subscription.nextChargeOn === null ? 'The next charge is being made.' : `Next charge: ${chargeDateText(subscription.nextChargeOn, locale)}.`}`;
}

export interface SubscriptionDetailsProps {
  subscription: BuyerSubscription;
  locale: string;
  cancel: () => Promise<BuyerSubscription>;
  pause?: () => Promise<BuyerSubscription>;
  resume?: () => Promise<BuyerSubscription>;
  onChange: (subscription: BuyerSubscription) => void;
}

type Busy = 'cancel' | 'pause' | 'resume' | null;

export default function SubscriptionDetails({
  subscription,
  locale,
  cancel,
  pause,
  resume,
  onChange,
}: SubscriptionDetailsProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: Exclude<Busy, null>, call: () => Promise<BuyerSubscription>, failed: string) => {
    setBusy(action);
    setError(null);
    try {
      onChange(await call());
    } catch (failure) {
      setError(failure instanceof Error && failure.message !== '' ? failure.message : failed);
    }
    setBusy(null);
  };
  const confirm = () => {
    setAsking(false);
    void run('cancel', cancel, SUBSCRIPTION_MESSAGES.cancelFailed);
  };
  const pauseOrResume =
    subscription.status === 'active' && pause !== undefined
      ? { action: 'pause' as const, call: pause, label: 'Pause subscription', doing: 'Pausing…' }
      : subscription.status === 'paused' && resume !== undefined
        ? { action: 'resume' as const, call: resume, label: 'Resume subscription', doing: 'Resuming…' }
        : null;
  const money = formatMoney(subscription.amountCents, subscription.currencyCode, locale);
  return (
    <>
      <p className="SubscriptionManage-terms">
        {subscription.title}: {termsText(subscription.plan, money)}
      </p>
      <p className="SubscriptionManage-status" role="status" aria-live="polite">
        {statusText(subscription, locale)}
      </p>
      {(subscription.status === 'active' || subscription.status === 'paused') && (
        <div className="SubscriptionManage-actions">
          {pauseOrResume !== null && (
            <button
              type="button"
              className={`SubscriptionManage-${pauseOrResume.action} Button--secondary`}
              onClick={() =>
                void run(
                  pauseOrResume.action,
                  pauseOrResume.call,
                  pauseOrResume.action === 'pause'
                    ? SUBSCRIPTION_MESSAGES.pauseFailed
                    : SUBSCRIPTION_MESSAGES.resumeFailed,
                )
              }
              disabled={busy !== null}
              aria-busy={busy === pauseOrResume.action}
            >
              {busy === pauseOrResume.action ? pauseOrResume.doing : pauseOrResume.label}
              <span className="visually-hidden"> {subscription.title}</span>
            </button>
          )}
          <button
            type="button"
            className="SubscriptionManage-cancel Button--secondary"
            onClick={() => setAsking(true)}
            disabled={busy !== null}
            aria-busy={busy === 'cancel'}
          >
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel subscription'}
            <span className="visually-hidden"> {subscription.title}</span>
          </button>
        </div>
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
            <button type="button" className="SubscriptionManage-confirm" onClick={confirm}>
              Cancel subscription
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
