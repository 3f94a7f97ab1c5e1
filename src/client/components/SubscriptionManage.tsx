/**
 * The subscription on its page (the manage link of its emails, issue 32): read and cancelled with
 * the page's token and the crumb, no account needed; a second cancel (another tab) shows it cancelled.
 */
import { useEffect, useState } from 'react';
import { SUBSCRIPTION_MESSAGES, type BuyerSubscription } from '../../commerce/subscriptions';
import type { AnswerOf, Call } from '../../api/route';
import { storefrontRoutes as api } from '../../api/storefront';
import { apiCall, failureText } from '../api';
import SubscriptionDetails from './SubscriptionDetails';

/** A call of the contract answering `{subscription}`; its body is the route's. */
async function call<Body>(
  { method, path }: Call<{ subscription: BuyerSubscription }, Body>,
  body?: NoInfer<Body>,
): Promise<BuyerSubscription> {
  const res = await apiCall(method, path, body);
  const json = (await res.json().catch(() => null)) as Partial<AnswerOf<typeof api.subscription>> | null;
  if (!res.ok || json?.subscription === undefined)
    throw new Error(failureText(res.status, json, SUBSCRIPTION_MESSAGES.cancelFailed));
  return json.subscription;
}

export default function SubscriptionManage({
  orderId,
  token,
  locale,
}: {
  orderId: string;
  token: string;
  locale: string;
}) {
  const [subscription, setSubscription] = useState<BuyerSubscription | null>(null);
  useEffect(() => {
    call(api.subscription.at(orderId, { token }))
      .then(setSubscription)
      .catch(() => setSubscription(null));
  }, [orderId, token]);

  if (subscription === null) return null;
  return (
    <section className="OrderConfirmation-section SubscriptionManage" aria-labelledby="subscription-manage">
      <h2 id="subscription-manage">Your subscription</h2>
      <SubscriptionDetails
        subscription={subscription}
        locale={locale}
        cancel={() => call(api.cancelSubscription.at(orderId), { token })}
        onChange={setSubscription}
      />
    </section>
  );
}
