/**
 * The English words of a subscription's terms (subscription-text.ts): the account page, the emails, and the terms shown
 * before paying on the product page and at checkout (SubscriptionTerms). Part of the purchase texts (en-purchase.ts), and
 * a module of its own so the product page's terms island carries these few, not the whole catalogue.
 */
export const EN_SUBSCRIPTION_TERMS = {
  'subscription.everyWeek': 'every week',
  'subscription.everyWeeks': 'every {count} weeks',
  'subscription.everyMonth': 'every month',
  'subscription.everyMonths': 'every {count} months',
  'subscription.everyYear': 'every year',
  'subscription.everyYears': 'every {count} years',
  'subscription.untilCancelled': 'until you cancel',
  'subscription.paymentOne': '1 payment in all',
  'subscription.payments': '{count} payments in all',
  'subscription.billing': 'Billed {every}, {length}',
  'subscription.terms': '{amount} {every}, {length}',
  'subscription.nextOn': 'on {date}',
  'subscription.chargedToday': '{amount} is charged today; the next charge is {next}.',
  'subscription.chargedThenNext': 'Charged when you order, then next {next}.',
  'subscription.cancelAnyTime': 'Cancel any time from the link in your confirmation email.',
} as const;

export type SubscriptionTermsText = Readonly<Record<keyof typeof EN_SUBSCRIPTION_TERMS, string>>;
