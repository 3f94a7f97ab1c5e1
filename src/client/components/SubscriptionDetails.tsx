/**
 * One subscription as its buyer sees it (issue 32): its terms, its status and next charge, and
 * Cancel subscription, confirmed in a dialog. `cancel` is the call that cancels it (with the manage
 * link's token, or the account's session) and answers the subscription as it is then; `pause` and
 * `resume`, where given (the account), show Pause subscription or Resume subscription.
 */
import { useState } from 'react';
import { formatMoney } from '../../commerce/money';
import { fill, type StorefrontText, type TextKey } from '../../commerce/storefront-text';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { subscriptionTerms } from '../../commerce/subscription-text';
import { chargeDateText, SUBSCRIPTION_MESSAGES, type BuyerSubscription } from '../../commerce/subscriptions';
import { usePurchaseText } from '../use-purchase-text';
import Dialog from './Dialog';

/** Its status in the page's language, dates as `locale` writes them. */
export function statusText(subscription: BuyerSubscription, locale: string, text: StorefrontText): string {
  const on = (at: number | null, dated: TextKey, undated: TextKey) =>
    at === null ? text[undated] : fill(text[dated], { date: chargeDateText(at, locale) });
  if (subscription.status === 'cancelled')
    return on(subscription.cancelledOn, 'subscription.cancelledOn', 'subscription.cancelled');
  if (subscription.status === 'ended') return text['subscription.ended'];
  if (subscription.status === 'paused')
    return on(subscription.pausedOn, 'subscription.pausedOn', 'subscription.paused');
  return on(subscription.nextChargeOn, 'subscription.active', 'subscription.charging');
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
  const text = usePurchaseText();
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
      ? {
          action: 'pause' as const,
          call: pause,
          label: text['subscription.pause'],
          doing: text['subscription.pausing'],
        }
      : subscription.status === 'paused' && resume !== undefined
        ? {
            action: 'resume' as const,
            call: resume,
            label: text['subscription.resume'],
            doing: text['subscription.resuming'],
          }
        : null;
  const money = formatMoney(subscription.amountCents, subscription.currencyCode, locale);
  return (
    <>
      <p className="SubscriptionManage-terms">
        {subscription.title}: {subscriptionTerms(text, subscription.plan, money)}
      </p>
      <p className="SubscriptionManage-status" role="status" aria-live="polite">
        {statusText(subscription, locale, text)}
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
            {busy === 'cancel' ? text['subscription.cancelling'] : text['subscription.cancel']}
            <span className="visually-hidden"> {subscription.title}</span>
          </button>
        </div>
      )}
      {error !== null && (
        <p className="Checkout-error" role="alert">
          {sayIn(text, error)}
        </p>
      )}
      {asking && (
        <Dialog
          title={text['subscription.confirmTitle']}
          role="alertdialog"
          className="Dialog--alert"
          onClose={() => setAsking(false)}
        >
          <p className="Dialog-message">{fill(text['subscription.confirmText'], { title: subscription.title })}</p>
          <div className="Dialog-actions">
            <button type="button" className="Dialog-secondary" onClick={() => setAsking(false)}>
              {text['subscription.keep']}
            </button>
            <button type="button" className="SubscriptionManage-confirm" onClick={confirm}>
              {text['subscription.cancel']}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
