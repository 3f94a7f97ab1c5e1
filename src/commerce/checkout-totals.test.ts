import { describe, expect, it } from 'vitest';
import { coversLocation, addressProblems, type ShippingAddress } from './address';
import { buildCart, mergePriceChanges, priceChangedMessage, type StoredEntry } from './cart';
import {
  checkoutTotals,
  DEFAULT_SETTINGS,
  discountableCents,
  EMPTY_INPUTS,
  giftCardsCents,
  minimumSubtotalMessage,
  shownTotals,
  totalsMoved,
} from './checkout-totals';
import { discountAmount, discountProblem, DISCOUNT_MESSAGES, type Discount } from './discounts';
import { giftCardCode, GIFT_CARD_CODE, giftCardPays, maskedGiftCardCode, normalGiftCardCode } from './gift-cards';
import { shippingOptions, type ShippingRate } from './shipping';
import { hasNextCycle, nextBillingTime } from './subscriptions';

const ADDRESS: ShippingAddress = {
  firstName: 'A',
  lastName: 'B',
  address1: '1 St',
  address2: '',
  city: 'X',
  region: 'IL',
  postalCode: '62701',
  countryCode: 'US',
  phone: '',
};

function entry(productType: 1 | 2 | 3 | 4, cents: number, quantity: number, weightGrams = 0): StoredEntry {
  return {
    id: `e${cents}`,
    itemId: 'i',
    chosenVariant: { sku: `s${cents}`, attributes: {} },
    quantity,
    title: 't',
    productType,
    purchasePriceCents: cents,
    additionalFields: null,
    url: '/',
    imageUrl: null,
    weightGrams,
  };
}

const flat: ShippingRate = {
  id: 'flat',
  name: 'Flat',
  regions: ['US'],
  method: 'flat',
  amountCents: 500,
  perKgCents: 0,
  freeOverCents: 5000,
};
const heavy: ShippingRate = {
  id: 'kg',
  name: 'By weight',
  regions: [],
  method: 'weight',
  amountCents: 200,
  perKgCents: 100,
  freeOverCents: null,
};

describe('the checkout rules', () => {
  it('places: a country, or a region of it; empty means everywhere', () => {
    expect(coversLocation(['US'], { countryCode: 'US', region: 'IL' })).toBe(true);
    expect(coversLocation(['US-CA'], { countryCode: 'US', region: 'IL' })).toBe(false);
    expect(coversLocation([], { countryCode: 'FR', region: '' })).toBe(true);
    expect(addressProblems({ ...ADDRESS, region: '' })).toEqual({ 'shippingAddress.region': 'Required' });
    expect(addressProblems({ ...ADDRESS, countryCode: 'GB', region: '', postalCode: 'SW1A 1AA' })).toEqual({});
  });

  it('shipping: flat, free over an amount, by started kilogram, cheapest first', () => {
    const us = { countryCode: 'US', region: 'IL' };
    expect(shippingOptions([flat, heavy], us, 1000, 2100)).toEqual(
      [
        { id: 'kg', name: 'By weight', costCents: 500, free: false },
        { id: 'flat', name: 'Flat', costCents: 500, free: false },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(shippingOptions([flat], us, 5000, 0)).toEqual([{ id: 'flat', name: 'Flat', costCents: 0, free: true }]);
    expect(shippingOptions([flat], { countryCode: 'FR', region: '' }, 1000, 0)).toEqual([]);
  });

  it('discounts: dates, limits, minimums, never more than the goods', () => {
    const code: Discount = {
      code: 'X',
      kind: 'percentage',
      percent: 15,
      amountCents: null,
      minimumSubtotalCents: 1000,
      startsOn: 100,
      endsOn: 200,
      usageLimit: 2,
      uses: 1,
      singleUseFor: null,
    };
    expect(discountProblem(code, 1000, 150, 0, 'USD')).toBeNull();
    expect(discountProblem(code, 1000, 99, 0, 'USD')).toBe(DISCOUNT_MESSAGES.notStarted);
    expect(discountProblem(code, 1000, 200, 0, 'USD')).toBe(DISCOUNT_MESSAGES.expired);
    expect(discountProblem(code, 1000, 150, 1, 'USD')).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(discountProblem(code, 400, 150, 0, 'USD')).toBe('Add $6.00 more to use this code.');
    expect(discountProblem(null, 400, 150, 0, 'USD')).toBe(DISCOUNT_MESSAGES.unknown);
    expect(discountAmount(code, 999)).toBe(150);
    expect(discountAmount({ ...code, kind: 'fixed', amountCents: 5000 }, 999)).toBe(999);
  });

  it('gift cards: unbiased codes from random bytes, masked, normalised, never paying more than is due', () => {
    const code = giftCardCode(new Uint8Array(16).fill(255));
    expect(code).toMatch(GIFT_CARD_CODE);
    expect(normalGiftCardCode(code.toLowerCase().replaceAll('-', ' '))).toBe(code);
    expect(maskedGiftCardCode(code)).toBe(`••••-••••-••••-${code.slice(-4)}`);
    expect(giftCardPays(5000, 3900)).toBe(3900);
    expect(giftCardPays(1100, 3900)).toBe(1100);
  });

  it('subscriptions: weeks by days, months by the calendar (the 31st falls back), cycles counted', () => {
    const jan31 = Date.UTC(2026, 0, 31, 12);
    expect(nextBillingTime(jan31, { value: 1, unit: 'MONTH' })).toBe(Date.UTC(2026, 1, 28, 12));
    expect(nextBillingTime(jan31, { value: 2, unit: 'WEEK' })).toBe(jan31 + 14 * 86_400_000);
    expect(nextBillingTime(Date.UTC(2024, 1, 29), { value: 1, unit: 'YEAR' })).toBe(Date.UTC(2025, 1, 28));
    expect(hasNextCycle({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 }, 11)).toBe(true);
    expect(hasNextCycle({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 }, 12)).toBe(false);
    expect(hasNextCycle({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }, 500)).toBe(true);
  });

  it('totals: goods discounted, gift cards neither discounted nor taxed, tax after discount, the card pays first', () => {
    const cart = buildCart({ id: 'c', websiteId: 'w', created: 0, currencyCode: 'USD' }, [
      entry(1, 2000, 2, 600),
      entry(4, 5000, 1),
    ]);
    const totals = checkoutTotals({
      cart,
      inputs: { ...EMPTY_INPUTS, shippingAddress: ADDRESS, shippingOptionId: 'kg' },
      settings: DEFAULT_SETTINGS,
      shippingRates: [flat, heavy],
      taxRates: [{ id: 'il', name: 'IL', countryCode: 'US', region: 'IL', ratePercent: '10' }],
      discount: {
        discount: {
          code: 'TEN',
          kind: 'percentage',
          percent: 10,
          amountCents: null,
          minimumSubtotalCents: 0,
          startsOn: null,
          endsOn: null,
          usageLimit: null,
          uses: 0,
          singleUseFor: null,
        },
      },
      giftCardBalanceCents: 2000,
    });
    expect(totals).toMatchObject({
      subtotalCents: 9000,
      discountCents: 400,
      shippingCostCents: 200 + 2 * 100,
      taxCents: 360,
      grandTotalCents: 9000 - 400 + 400 + 360,
      giftCardCents: 2000,
      amountDueCents: 9360 - 2000,
      coupons: ['TEN'],
      validCoupons: ['TEN'],
    });
    expect(minimumSubtotalMessage(5000, 'USD')).toBe('To check out, the order subtotal must be $50.00 or more');
  });

  it("gift cards bought are not goods: outside a discount's minimum and amount, never paid by a gift card", () => {
    // The loop: a $100 card and an $18 tote, a '$20 off $100+' code, paid with another $100 card.
    const cart = buildCart({ id: 'c', websiteId: 'w', created: 0, currencyCode: 'USD' }, [
      entry(4, 10_000, 1),
      entry(1, 1800, 1),
    ]);
    expect(giftCardsCents(cart)).toBe(10_000);
    expect(discountableCents(cart)).toBe(1800);
    const code: Discount = {
      code: 'LOOP',
      kind: 'fixed',
      percent: null,
      amountCents: 2000,
      minimumSubtotalCents: 10_000,
      startsOn: null,
      endsOn: null,
      usageLimit: null,
      uses: 0,
      singleUseFor: null,
    };
    expect(discountProblem(code, discountableCents(cart), 0, 0, 'USD')).toBe('Add $82.00 more to use this code.');
    const totals = checkoutTotals({
      cart,
      inputs: { ...EMPTY_INPUTS, shippingAddress: ADDRESS, shippingOptionId: 'flat' },
      settings: DEFAULT_SETTINGS,
      shippingRates: [flat],
      taxRates: [],
      discount: { discount: { ...code, minimumSubtotalCents: 0 } },
      giftCardBalanceCents: 10_000,
    });
    // Even a code that applies takes only the tote; the card pays the tote and its shipping, the new card is paid by card.
    expect(totals).toMatchObject({
      subtotalCents: 11_800,
      discountCents: 1800,
      shippingCostCents: 500,
      grandTotalCents: 10_500,
      giftCardCents: 500,
      amountDueCents: 10_000,
    });
    const cardsOnly = buildCart({ id: 'c', websiteId: 'w', created: 0, currencyCode: 'USD' }, [entry(4, 5000, 2)]);
    const onlyCards = checkoutTotals({
      cart: cardsOnly,
      inputs: EMPTY_INPUTS,
      settings: DEFAULT_SETTINGS,
      shippingRates: [],
      taxRates: [],
      discount: null,
      giftCardBalanceCents: 10_000,
    });
    expect(onlyCards).toMatchObject({ grandTotalCents: 10_000, giftCardCents: 0, amountDueCents: 10_000 });
  });

  it('prices that moved: one notice per entry from the first price to the last, and an order only at the totals seen', () => {
    const candle = { entryId: 'e1', title: 'Cedar Candle', fromCents: 50, toCents: 3200 };
    expect(priceChangedMessage(candle, 'USD')).toBe('The price of Cedar Candle has changed from $0.50 to $32.00.');
    expect(
      mergePriceChanges(
        [candle],
        [
          { ...candle, fromCents: 3200, toCents: 2800 },
          { entryId: 'e2', title: 'Mug', fromCents: 1800, toCents: 2000 },
        ],
      ),
    ).toEqual([
      { ...candle, toCents: 2800 },
      { entryId: 'e2', title: 'Mug', fromCents: 1800, toCents: 2000 },
    ]);
    // Back at the price it was added at: nothing to tell.
    expect(mergePriceChanges([candle], [{ ...candle, fromCents: 3200, toCents: 50 }])).toEqual([]);

    const cart = (cents: number) =>
      buildCart({ id: 'c', websiteId: 'w', created: 0, currencyCode: 'USD' }, [entry(1, cents, 1)]);
    const totalsOf = (cents: number) =>
      checkoutTotals({
        cart: cart(cents),
        inputs: EMPTY_INPUTS,
        settings: DEFAULT_SETTINGS,
        shippingRates: [],
        taxRates: [],
        discount: null,
        giftCardBalanceCents: null,
      });
    const seen = shownTotals(totalsOf(3200));
    expect(totalsMoved(seen, totalsOf(3200))).toBe(false);
    expect(totalsMoved(seen, totalsOf(50))).toBe(true);
    expect(totalsMoved(undefined, totalsOf(3200))).toBe(true);
  });
});
