import { describe, expect, it } from 'vitest';
import type { CartEntry } from '../../commerce/cart';
import { shortLines } from './CheckoutPage';

const entry = (id: string, sku: string, title: string): CartEntry => ({
  id,
  itemId: `item-${sku}`,
  chosenVariant: { sku, attributes: {} },
  quantity: 2,
  title,
  productType: 1,
  purchasePriceCents: 1000,
  subTotal: { decimalValue: '20.00', currencyCode: 'USD' },
  additionalFields: null,
  url: '/shop/p/x',
  imageUrl: null,
});

describe('the lines a refused placement names (409: not enough stock)', () => {
  it('says which lines ran out and how many are left, once per line, in the order of the cart', () => {
    const entries = [
      entry('a', 'SKU-CANDLE', 'Cedar Candle'),
      entry('b', 'SKU-MUG', 'Stoneware Mug'),
      entry('c', 'SKU-CANDLE', 'Cedar Candle'),
      entry('d', 'SKU-BOOK', 'Bookends'),
    ];
    const unavailable = [
      { sku: 'SKU-BOOK', available: 1 },
      { sku: 'SKU-CANDLE', available: 0 },
    ];
    expect(shortLines(entries, unavailable)).toEqual(['Cedar Candle: sold out', 'Bookends: only 1 left']);
    expect(shortLines(entries, [])).toEqual([]);
  });
});
