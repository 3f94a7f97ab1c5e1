import { describe, expect, it } from 'vitest';
import type { Order, OrderEntry } from './order';
import {
  lineRefundCents,
  planRefund,
  refundableCents,
  refundState,
  splitRefund,
  suggestedRefundCents,
  unitsLeft,
} from './refunds';

const entry = (title: string, quantity: number, unitPriceCents: number): OrderEntry => ({
  itemId: title,
  sku: `SKU-${title}`,
  attributes: {},
  title,
  productType: 1,
  quantity,
  unitPriceCents,
  subtotalCents: quantity * unitPriceCents,
  additionalFields: null,
});

// Two mugs at $10 and a lamp at $30, 10% off ($5), 8% tax added on the goods ($3.60), $5 shipping: $53.60.
const ORDER = {
  id: 'o1',
  status: 'paid',
  entries: [entry('Mug', 2, 1000), entry('Lamp', 1, 3000)],
  currencyCode: 'USD',
  subtotalCents: 5000,
  discountCents: 500,
  shippingCostCents: 500,
  taxCents: 360,
  taxIncluded: false,
  grandTotalCents: 5360,
  giftCardCents: 0,
  amountChargedCents: 5360,
} as unknown as Order;

describe('refunds', () => {
  it('values a line as its share of the goods after the discount, with their tax', () => {
    expect(lineRefundCents(ORDER, 1, 1)).toBe(2916);
    expect(lineRefundCents(ORDER, 0, 1)).toBe(972);
    expect(suggestedRefundCents(ORDER, [{ line: 0, quantity: 2 }])).toBe(1944);
    // Every unit chosen: all that is left, shipping included.
    expect(
      suggestedRefundCents(ORDER, [
        { line: 0, quantity: 2 },
        { line: 1, quantity: 1 },
      ]),
    ).toBe(5360);
  });

  it('plans a line refund with its restock choice and keeps the order open', () => {
    const planned = planRefund(ORDER, { lines: [{ line: 1, quantity: 1, restock: true }] });
    expect(planned).toEqual({
      ok: true,
      value: {
        amountCents: 2916,
        giftCardCents: 0,
        closes: false,
        lines: [{ line: 1, quantity: 1, restock: true, sku: 'SKU-Lamp', title: 'Lamp' }],
      },
    });
  });

  it('never refunds more than is left, in money or in units', () => {
    const refunded = {
      ...ORDER,
      refunds: [
        {
          id: 'k',
          at: 1,
          amountCents: 5000,
          giftCardCents: 0,
          lines: [{ line: 0, quantity: 2, restock: false, sku: 'SKU-Mug', title: 'Mug' }],
        },
      ],
    };
    expect(refundableCents(refunded)).toBe(360);
    expect(unitsLeft(refunded, 0)).toBe(0);
    expect(refundState(refunded)).toBe('partial');
    expect(planRefund(refunded, { amountCents: 361 })).toEqual({
      ok: false,
      error: 'refund-exceeds',
      message: 'Only $3.60 is left to refund.',
    });
    expect(planRefund(refunded, { lines: [{ line: 0, quantity: 1, restock: true }] })).toEqual({
      ok: false,
      error: 'refund-exceeds',
      message: 'Mug: only 0 left to refund.',
    });
    expect(planRefund(refunded, { lines: [{ line: 5, quantity: 1, restock: true }] })).toMatchObject({ ok: false });
    expect(planRefund(refunded, { lines: [] })).toEqual({
      ok: false,
      error: 'refund-exceeds',
      message: 'Choose items or an amount to refund.',
    });
    // The last of the money closes it.
    expect(planRefund(refunded, { amountCents: 360 })).toMatchObject({ ok: true, value: { closes: true } });
  });

  it('makes a full refund of what is left, the lines not refunded yet with one restock choice', () => {
    const refunded = {
      ...ORDER,
      refunds: [
        {
          id: 'k',
          at: 1,
          amountCents: 972,
          giftCardCents: 0,
          lines: [{ line: 0, quantity: 1, restock: true, sku: 'SKU-Mug', title: 'Mug' }],
        },
      ],
    };
    expect(planRefund(refunded, { restock: false })).toEqual({
      ok: true,
      value: {
        amountCents: 4388,
        giftCardCents: 0,
        closes: true,
        lines: [
          { line: 0, quantity: 1, restock: false, sku: 'SKU-Mug', title: 'Mug' },
          { line: 1, quantity: 1, restock: false, sku: 'SKU-Lamp', title: 'Lamp' },
        ],
      },
    });
  });

  it('refunds an order a gift card paid in full onto the gift card, and closes it once all is back', () => {
    const byCard = { ...ORDER, giftCardCents: 5360, amountChargedCents: 0 };
    expect(planRefund(byCard, { lines: [{ line: 1, quantity: 1, restock: true }] })).toMatchObject({
      ok: true,
      value: { amountCents: 0, giftCardCents: 2916, closes: false },
    });
    expect(
      planRefund(byCard, {
        lines: [
          { line: 0, quantity: 2, restock: true },
          { line: 1, quantity: 1, restock: true },
        ],
      }),
    ).toMatchObject({ ok: true, value: { amountCents: 0, giftCardCents: 5360, closes: true } });
  });

  it('refunds an order paid by card and gift card to the card first, then the gift card, never past either', () => {
    // $20 by gift card, $33.60 by card.
    const split = { ...ORDER, giftCardCents: 2000, amountChargedCents: 3360 };
    expect(refundableCents(split)).toBe(5360);
    expect(planRefund(split, { lines: [{ line: 1, quantity: 1, restock: true }] })).toMatchObject({
      ok: true,
      value: { amountCents: 2916, giftCardCents: 0, closes: false },
    });
    const once = {
      ...split,
      refunds: [{ id: 'r1', at: 1, amountCents: 2916, giftCardCents: 0, lines: [] }],
    } as Order;
    expect(splitRefund(once, 1000)).toEqual({ cardCents: 444, giftCardCents: 556 });
    expect(planRefund(once, { amountCents: 1000 })).toMatchObject({
      ok: true,
      value: { amountCents: 444, giftCardCents: 556 },
    });
    expect(planRefund(once, { amountCents: 2445 })).toEqual({
      ok: false,
      error: 'refund-exceeds',
      message: 'Only $24.44 is left to refund.',
    });
    expect(planRefund(once, { amountCents: 2444 })).toMatchObject({
      ok: true,
      value: { amountCents: 444, giftCardCents: 2000, closes: true },
    });
  });
});
