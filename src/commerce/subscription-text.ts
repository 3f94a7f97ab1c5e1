/**
 * A subscription's terms in the shopper's language ('Billed every 2 weeks, until you cancel', '19,00 $US chaque semaine,
 * jusqu’à résiliation'), from the storefront catalogue's `subscription.*` texts: the account page and the emails share them.
 */
import type { SubscriptionPlan } from './subscriptions';
import { fill } from './storefront-text';
import type { SubscriptionTermsText } from './storefront-text/en-subscription-terms';

/** 'every week' / 'every 2 weeks'. */
export function everyText(text: SubscriptionTermsText, { value, unit }: SubscriptionPlan['billingPeriod']): string {
  const one = {
    WEEK: 'subscription.everyWeek',
    MONTH: 'subscription.everyMonth',
    YEAR: 'subscription.everyYear',
  } as const;
  const many = {
    WEEK: 'subscription.everyWeeks',
    MONTH: 'subscription.everyMonths',
    YEAR: 'subscription.everyYears',
  } as const;
  return value === 1 ? text[one[unit]] : fill(text[many[unit]], { count: value });
}

/** 'until you cancel' / '12 payments in all'. */
function lengthIn(text: SubscriptionTermsText, { numBillingCycles }: SubscriptionPlan): string {
  if (numBillingCycles === 0) return text['subscription.untilCancelled'];
  return numBillingCycles === 1
    ? text['subscription.paymentOne']
    : fill(text['subscription.payments'], { count: numBillingCycles });
}

/** 'Billed every month, 12 payments in all'. */
export function subscriptionBilling(text: SubscriptionTermsText, plan: SubscriptionPlan): string {
  return fill(text['subscription.billing'], {
    every: everyText(text, plan.billingPeriod),
    length: lengthIn(text, plan),
  });
}

/** '$19.00 every week, until you cancel' (`money` is the price as the page writes it). */
export function subscriptionTerms(text: SubscriptionTermsText, plan: SubscriptionPlan, money: string): string {
  return fill(text['subscription.terms'], {
    amount: money,
    every: everyText(text, plan.billingPeriod),
    length: lengthIn(text, plan),
  });
}
