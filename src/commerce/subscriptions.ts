/** Subscription billing periods (spec §3: a value and a unit WEEK, MONTH or YEAR; 0 cycles means indefinite). */

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

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
