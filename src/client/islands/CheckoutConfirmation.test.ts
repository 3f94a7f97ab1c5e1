import { describe, expect, it } from 'vitest';
import { EN } from '../../commerce/storefront-text/en';
import { FR } from '../../commerce/storefront-text/fr';
import { CheckoutError } from '../checkout-api';
import { READ_RETRIES, readAgain, subscriptionLine } from './CheckoutConfirmation';

describe("a subscription's billing on its confirmation", () => {
  const at = Date.UTC(2026, 11, 4, 12);
  it('says how often and how many payments, or until cancelled, and the next charge', () => {
    const monthly = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12, nextBillingOn: null } as const;
    expect(subscriptionLine(EN, monthly, 'en-US')).toBe('Billed every month, 12 payments in all.');
    expect(
      subscriptionLine(
        EN,
        { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0, nextBillingOn: at },
        'en-US',
      ),
    ).toBe('Billed every 2 weeks, until you cancel. Active. Next charge: December 4, 2026.');
    expect(
      subscriptionLine(
        EN,
        { billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 1, nextBillingOn: null },
        'en-US',
      ),
    ).toBe('Billed every year, 1 payment in all.');
  });

  it("is the catalogue's French on a French page", () => {
    const line = subscriptionLine(
      FR,
      { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0, nextBillingOn: at },
      'fr-FR',
    );
    expect(line).toContain(FR['subscription.untilCancelled']);
    expect(line).toContain('4 décembre 2026');
    expect(line).not.toMatch(/Billed|until you cancel|next payment/);
  });
});

describe("the confirmation page's read of the order", () => {
  it('asks again after no answer, a 429 or a server error, up to READ_RETRIES in a row; never after a 404', () => {
    for (const status of [0, 429, 500, 503])
      expect(readAgain(new CheckoutError('Unable to load this order.', status), 1)).toBe(true);
    expect(readAgain(new CheckoutError('Unable to load this order.', 0), READ_RETRIES)).toBe(true);
    expect(readAgain(new CheckoutError('Unable to load this order.', 0), READ_RETRIES + 1)).toBe(false);
    expect(readAgain(new CheckoutError('Order not found.', 404), 1)).toBe(false);
    expect(readAgain(new TypeError('not an answer'), 1)).toBe(false);
  });
});
