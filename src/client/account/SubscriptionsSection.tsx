/** The signed-in shopper's subscriptions on their account page (issue 32): each with its terms, status, next charge, Pause or Resume, and Cancel. */
import { useEffect, useState } from 'react';
import { SUBSCRIPTION_MESSAGES, type BuyerSubscription } from '../../commerce/subscriptions';
import { failureText, responseFailure } from '../api';
import SubscriptionDetails from '../components/SubscriptionDetails';
import { storefrontRoutes as api } from '../../api/storefront';
import type { AnswerOf } from '../../api/route';
import { accountCall, type AccountSectionProps } from './account-api';
import { EN_PURCHASE } from '../../commerce/storefront-text/en-purchase';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { pageLanguage } from '../visitor-language';
import { usePurchaseText } from '../use-purchase-text';

const LOAD_FAILED = EN_PURCHASE['subscription.loadFailed'];

export default function SubscriptionsSection({ session }: AccountSectionProps) {
  const [subscriptions, setSubscriptions] = useState<BuyerSubscription[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = usePurchaseText();
  // Dates as the page writes them: the account's language, else the site's.
  const locale = session.language ?? (pageLanguage() || 'en-US');

  useEffect(() => {
    let live = true;
    void (async () => {
      const res = await accountCall(api.accountSubscriptions.at(), undefined, session.xsrfToken).catch(() => null);
      if (!live) return;
      if (res?.ok !== true) return setError(res === null ? LOAD_FAILED : await responseFailure(res, LOAD_FAILED));
      setSubscriptions(((await res.json()) as AnswerOf<typeof api.accountSubscriptions>).subscriptions);
    })();
    return () => {
      live = false;
    };
  }, [session.xsrfToken]);

  if (error !== null)
    return (
      <p role="alert" className="AccountPanel-error">
        {sayIn(text, error)}
      </p>
    );
  if (subscriptions === null) return <p aria-busy="true">{text['subscription.loading']}</p>;
  if (subscriptions.length === 0) return <p className="AccountSubscriptions-empty">{text['subscription.none']}</p>;
  const change = async (action: 'cancel' | 'pause' | 'resume', id: string): Promise<BuyerSubscription> => {
    const call = {
      cancel: api.cancelAccountSubscription,
      pause: api.pauseAccountSubscription,
      resume: api.resumeAccountSubscription,
    }[action];
    const failed = {
      cancel: SUBSCRIPTION_MESSAGES.cancelFailed,
      pause: SUBSCRIPTION_MESSAGES.pauseFailed,
      resume: SUBSCRIPTION_MESSAGES.resumeFailed,
    }[action];
    const res = await accountCall(call.at(id), {}, session.xsrfToken);
    const json = (await res.json().catch(() => null)) as Partial<AnswerOf<typeof call>> | null;
    if (!res.ok || json?.subscription === undefined) throw new Error(failureText(res.status, json, failed));
    return json.subscription;
  };
  return (
    <ul className="AccountSubscriptions">
      {subscriptions.map((subscription) => (
        <li key={subscription.id} className="AccountSubscription SubscriptionManage">
          <SubscriptionDetails
            subscription={subscription}
            locale={locale}
            cancel={() => change('cancel', subscription.id)}
            pause={() => change('pause', subscription.id)}
            resume={() => change('resume', subscription.id)}
            onChange={(changed) =>
              setSubscriptions((all) => (all ?? []).map((s) => (s.id === changed.id ? changed : s)))
            }
          />
        </li>
      ))}
    </ul>
  );
}
