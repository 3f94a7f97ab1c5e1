/**
 * A subscription's recurring terms before the shopper pays (issue 32): the amount with its
 * currency, how often, for how long ('until you cancel'), the next charge date and how to cancel.
 * On the product page (an island: the price) and in the checkout summary (the total each renewal
 * charges). The date is the shopper's today plus one period, so it is written once the page runs
 * in their browser; the server's HTML says 'in 1 week' until then.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../commerce/money';
import {
  chargeDateText,
  nextBillingTime,
  periodText,
  termsText,
  type SubscriptionPlan,
} from '../../commerce/subscriptions';

export interface SubscriptionTermsProps {
  plan: SubscriptionPlan;
  amountCents: number;
  currencyCode: string;
  locale: string;
  /** `checkout`: the amount is the order's total, charged today and at each renewal. */
  place: 'product' | 'checkout';
}

export default function SubscriptionTerms({ plan, amountCents, currencyCode, locale, place }: SubscriptionTermsProps) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const money = formatMoney(amountCents, currencyCode, locale);
  const next =
    now === null
      ? `in ${periodText(plan.billingPeriod)}`
      : `on ${chargeDateText(nextBillingTime(now, plan.billingPeriod), locale)}`;
  return (
    <div className={`SubscriptionTerms SubscriptionTerms--${place}`}>
      <p className="SubscriptionTerms-terms">
        <strong>{termsText(plan, money)}</strong>
      </p>
      <p className="SubscriptionTerms-next">
        {place === 'checkout'
          ? `${money} is charged today; the next charge is ${next}.`
          : `Charged when you order, then next ${next}.`}{' '}
        Cancel any time from the link in your confirmation email.
      </p>
    </div>
  );
}
