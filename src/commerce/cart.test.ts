import { describe, expect, it } from 'vitest';
import {
  buildCart,
  CART_ALERTS,
  cartCountText,
  CART_MESSAGES,
  parseQuantity,
  unselectedOptionsMessage,
  type StoredEntry,
} from './cart';
import { fromMinorUnits, toMinorUnits } from './money';

const entry = (id: string, productType: 1 | 2 | 3 | 4, quantity: number, cents: number): StoredEntry => ({
  id,
  itemId: `p-${id}`,
  chosenVariant: { sku: id, attributes: {} },
  quantity,
  title: id,
  productType,
  purchasePriceCents: cents,
  additionalFields: null,
  url: '/',
  imageUrl: null,
});

describe('cart rules', () => {
  it('parses quantities with the spec messages', () => {
    expect(parseQuantity(3)).toEqual({ quantity: 3 });
    expect(parseQuantity('12')).toEqual({ quantity: 12 });
    expect(parseQuantity('abc')).toEqual({ error: CART_MESSAGES.quantityNotNumber });
    expect(parseQuantity(null)).toEqual({ error: CART_MESSAGES.quantityNotNumber });
    expect(parseQuantity(2.5)).toEqual({ error: CART_MESSAGES.quantityNotWhole });
    expect(parseQuantity(0)).toEqual({ error: CART_MESSAGES.quantityOutOfRange });
    expect(parseQuantity(9999)).toEqual({ quantity: 9999 });
    expect(parseQuantity(10_000)).toEqual({ error: CART_MESSAGES.quantityOutOfRange });
  });

  it('names unselected options in the one, two and list forms', () => {
    expect(unselectedOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(unselectedOptionsMessage(['Size', 'Colour'])).toBe('Please select the Size and Colour options.');
    expect(unselectedOptionsMessage(['Size', 'Colour', 'Fit'])).toBe(
      'Please select the Size, Colour, and Fit options.',
    );
  });

  it('shows 100+ above 100', () => {
    expect(cartCountText(100)).toBe('100');
    expect(cartCountText(101)).toBe('100+');
  });

  it('derives totals and shipping flags from entries', () => {
    const head = { id: 'c', websiteId: 'w', created: 1, currencyCode: 'USD' };
    const cart = buildCart(head, [entry('a', 1, 2, 1250), entry('b', 2, 1, 999)]);
    expect(cart).toMatchObject({
      subtotalCents: 3499,
      grandTotalCents: 3499,
      totalQuantity: 3,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
    });
    expect(cart.entries[0]?.subTotal).toEqual({ decimalValue: '25.00', currencyCode: 'USD' });
    expect(buildCart(head, [entry('b', 2, 1, 999)])).toMatchObject({ purelyDigital: true, requiresShipping: false });
    expect(buildCart(head, [])).toMatchObject({ purelyDigital: false, hasDigital: false, totalQuantity: 0 });
  });

  it('converts money exactly in each currency minor units', () => {
    expect(toMinorUnits('12.50', 'USD')).toBe(1250);
    expect(toMinorUnits('0.1', 'EUR')).toBe(10);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('19.999', 'USD')).toBe(2000);
    expect(toMinorUnits('12,50', 'USD')).toBeNull();
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits(-1250, 'GBP')).toBe('-12.50');
    expect(fromMinorUnits(1200, 'JPY')).toBe('1200');
  });
});

describe("the cart's alert texts (storefront spec §8, S86 and S89)", () => {
  it('are the spec words, character for character', () => {
    expect(CART_ALERTS.giftCardTitle).toBe('Unable to purchase Gift Card');
    expect([CART_ALERTS.updateForm, CART_ALERTS.openForm, CART_ALERTS.addItem, CART_ALERTS.removeItem]).toEqual([
      'Unable to update form',
      'Unable to open form',
      'Unable to add item',
      'Unable to remove item',
    ]);
  });
});
