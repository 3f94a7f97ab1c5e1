/**
 * A subscription's recurring terms before the shopper pays (issue 32): the amount with its
 * currency, how often, for how long ('until you cancel'), the next charge date and how to cancel,
 * in the page's language (the storefront catalogue's `subscription.*` texts, as the account page
 * and the emails word them). On the product page (an island: the price) and in the checkout summary
 * (the total each renewal charges). The date is the shopper's today plus one period, so it is
 * written once the page runs in their browser; the server's HTML says 'in 1 week' until then.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatMoney } from '../../commerce/money';
import { fill } from '../../commerce/storefront-text';
import {
  EN_SUBSCRIPTION_TERMS,
  type SubscriptionTermsText,
} from '../../commerce/storefront-text/en-subscription-terms';
import { subscriptionTerms } from '../../commerce/subscription-text';
import { chargeDateText, nextBillingTime, type SubscriptionPlan } from '../../commerce/subscriptions';
import { shopperText, subscribeShopperText } from '../shopper-text';
import { useShopperLocale } from '../use-shopper-text';

export interface SubscriptionTermsProps {
  plan: SubscriptionPlan;
  amountCents: number;
  currencyCode: string;
  locale: string;
  /** `checkout`: the amount is the order's total, charged today and at each renewal. */
  place: 'product' | 'checkout';
}

const UNIT = { WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;

/** The page's catalogue once it switched language; until then the English the server rendered (only these texts). */
function useTermsText(): SubscriptionTermsText {
  return useSyncExternalStore(subscribeShopperText, shopperText, () => null) ?? EN_SUBSCRIPTION_TERMS;
}

export default function SubscriptionTerms({
  plan,
  amountCents,
  currencyCode,
  locale: serverLocale,
  place,
}: SubscriptionTermsProps) {
  const text = useTermsText();
  const locale = useShopperLocale(serverLocale);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const money = formatMoney(amountCents, currencyCode, locale);
  const { value, unit } = plan.billingPeriod;
  const next =
    now === null
      ? new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(value, UNIT[unit])
      : fill(text['subscription.nextOn'], { date: chargeDateText(nextBillingTime(now, plan.billingPeriod), locale) });
  return (
    <div className={`SubscriptionTerms SubscriptionTerms--${place}`}>
      <p className="SubscriptionTerms-terms">
        <strong>{subscriptionTerms(text, plan, money)}</strong>
      </p>
      <p className="SubscriptionTerms-next">
        {place === 'checkout'
          ? fill(text['subscription.chargedToday'], { amount: money, next })
          : fill(text['subscription.chargedThenNext'], { next })}{' '}
        {text['subscription.cancelAnyTime']}
      </p>
    </div>
  );
}
