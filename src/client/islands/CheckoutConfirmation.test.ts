import { describe, expect, it } from 'vitest';
import { billingText } from '../../commerce/subscriptions';
import { CheckoutError } from '../checkout-api';
import { READ_RETRIES, readAgain } from './CheckoutConfirmation';

describe("a subscription's billing on its confirmation", () => {
  it('says how often and how many payments, or until cancelled', () => {
    expect(billingText({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 })).toBe(
      'Billed every month, 12 payments in all',
    );
    expect(billingText({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 })).toBe(
      'Billed every 2 weeks, until you cancel',
    );
    expect(billingText({ billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 1 })).toBe(
      'Billed every year, 1 payment in all',
    );
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
