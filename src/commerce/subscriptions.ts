/**
 * Subscriptions (spec §3: a billing period of a value and a unit WEEK, MONTH or YEAR; 0 cycles means
 * indefinite): when the next charge falls and how a page writes its date, and a subscription as its buyer sees it
 * on its manage page. Its terms in words, in the shopper's language: subscription-text.ts.
 */

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

/** A subscription as its buyer sees it (GET /api/commerce/subscriptions/{orderId}?token=…). */
export interface BuyerSubscription {
  id: string;
  /** `ended`: its last cycle was billed; `cancelled`: the buyer cancelled it; `paused`: not charged until the buyer resumes it. */
  status: 'active' | 'paused' | 'cancelled' | 'ended';
  title: string;
  plan: SubscriptionPlan;
  /** What each renewal charges (the first order's total), minor units. */
  amountCents: number;
  currencyCode: string;
  /** Orders billed so far. */
  cycle: number;
  /** Null while paused: nothing is scheduled until it is resumed. */
  nextChargeOn: number | null;
  cancelledOn: number | null;
  pausedOn: number | null;
}

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Subscription not found',
  cancelledSubject: 'Your subscription is cancelled',
  cancelFailed: 'Unable to cancel the subscription. Please try again.',
  pauseFailed: 'Unable to pause the subscription. Please try again.',
  resumeFailed: 'Unable to resume the subscription. Please try again.',
} as const;

const DAY = 24 * 60 * 60 * 1000;

/** The time one billing period after `from` (months and years by the calendar, in UTC; the 31st falls back to the month's last day). */
export function nextBillingTime(from: number, period: SubscriptionPlan['billingPeriod']): number {
  if (period.unit === 'WEEK') return from + period.value * 7 * DAY;
  const date = new Date(from);
  const months = period.unit === 'MONTH' ? period.value : period.value * 12;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** Whether an order of cycle `cycle` (1 is the first) is followed by another. */
export function hasNextCycle(plan: SubscriptionPlan, cycle: number): boolean {
  return plan.numBillingCycles === 0 || cycle < plan.numBillingCycles;
}

/** 'Friday, December 4, 2026' in the shopper's locale. */
export function chargeDateText(at: number, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(at);
}
