import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GIFT_CARD_MESSAGES } from '../../commerce/gift-cards';
import type { Checkout } from '../checkout-api';
import { CheckoutCodes } from './CheckoutCodes';

function codesFor(productTypes: (1 | 4)[], errors: Record<string, string> = {}): string {
  const checkout = {
    entries: productTypes.map((productType) => ({ productType })),
    giftCard: null,
    discountCode: null,
    invalidCoupons: [],
    discountCents: 0,
  } as unknown as Checkout;
  return renderToStaticMarkup(
    createElement(CheckoutCodes, {
      checkout,
      errors,
      money: String,
      send: async () => true,
      clearError: () => undefined,
    }),
  );
}

describe('the gift card field', () => {
  it('says a gift card cannot buy the gift cards in the order, once', () => {
    expect(codesFor([1, 4])).toContain(GIFT_CARD_MESSAGES.notForGiftCards);
    expect(codesFor([1])).not.toContain(GIFT_CARD_MESSAGES.notForGiftCards);
    // The server's refusal of a card on an order of gift cards only says it in the field's error instead.
    expect(
      codesFor([4], { giftCardCode: GIFT_CARD_MESSAGES.notForGiftCards }).split(GIFT_CARD_MESSAGES.notForGiftCards),
    ).toHaveLength(2);
  });
});
