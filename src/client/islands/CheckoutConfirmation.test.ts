import { describe, expect, it } from 'vitest';
import { billingText } from './CheckoutConfirmation';

describe("a subscription's billing on its confirmation", () => {
  it('says how often and how many payments, or until cancelled', () => {
    expect(billingText({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 })).toBe('Billed every month, 12 payments in all');
    expect(billingText({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 })).toBe('Billed every 2 weeks, until you cancel');
    expect(billingText({ billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 1 })).toBe('Billed every year, 1 payment in all');
  });
});
