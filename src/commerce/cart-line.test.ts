import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from './cart';
import { entryFromLine, resolveCartLine } from './cart-line';

const money = (value: string) => ({ value, currency: 'USD' });
const COLLECTIONS = [
  { id: 'shop', typeName: 'products' },
  { id: 'journal', typeName: 'blog' },
];

const shirt = {
  id: 'shirt',
  collectionId: 'shop',
  title: 'Shirt',
  fullUrl: '/shop/p/shirt',
  assetUrl: '/images/shirt.jpg',
  structuredContent: {
    productType: 1,
    variants: [
      {
        sku: 'S-RED',
        attributes: { Size: 'S', Colour: 'Red' },
        priceMoney: money('20.00'),
        salePriceMoney: money('15.50'),
        onSale: true,
        qtyInStock: 3,
      },
      {
        sku: 'L-RED',
        attributes: { Size: 'L', Colour: 'Red' },
        priceMoney: money('20.00'),
        onSale: false,
        qtyInStock: 0,
        unlimited: true,
        image: { assetUrl: '/images/l.jpg' },
      },
    ],
  },
};
const ebook = {
  id: 'ebook',
  collectionId: 'shop',
  title: 'Ebook',
  fullUrl: '/shop/p/ebook',
  structuredContent: { productType: 2, priceMoney: money('9.99'), isSubscribable: false },
};
const giftCard = {
  id: 'gift',
  collectionId: 'shop',
  title: 'Gift card',
  structuredContent: { productType: 4, variants: [{ sku: 'G-25', priceMoney: money('25'), qtyInStock: 0 }] },
};

describe('what an add means', () => {
  it('prices a variant at its sale price when on sale, with its stock as the limit', () => {
    expect(resolveCartLine(shirt, 'S-RED', 'USD', COLLECTIONS)).toEqual({
      itemId: 'shirt',
      sku: 'S-RED',
      attributes: { Size: 'S', Colour: 'Red' },
      title: 'Shirt',
      productType: 1,
      unitPriceCents: 1550,
      stock: 3,
      subscription: false,
      url: '/shop/p/shirt',
      imageUrl: '/images/shirt.jpg',
      weightGrams: 0,
      perOrder: null,
    });
  });

  it('sells a gift card at its value even when its variant is flagged on sale, as its page shows it (spec §4: gift cards are never on sale)', () => {
    const flagged = {
      ...giftCard,
      structuredContent: {
        productType: 4,
        variants: [{ sku: 'G-25', priceMoney: money('25'), salePriceMoney: money('5'), onSale: true, qtyInStock: 0 }],
      },
    };
    expect(resolveCartLine(flagged, 'G-25', 'USD', COLLECTIONS)).toMatchObject({ unitPriceCents: 2500, stock: null });
  });

  it('has no stock limit for unlimited variants, and takes the variant image', () => {
    expect(resolveCartLine(shirt, 'L-RED', 'USD', COLLECTIONS)).toMatchObject({
      unitPriceCents: 2000,
      stock: null,
      imageUrl: '/images/l.jpg',
    });
  });

  it('refuses a missing or unknown sku with the variant message, or for a gift card the denomination message', () => {
    expect(resolveCartLine(shirt, null, 'USD', COLLECTIONS)).toEqual({ error: CART_MESSAGES.variantUnavailable });
    expect(resolveCartLine(shirt, 'XL-RED', 'USD', COLLECTIONS)).toEqual({ error: CART_MESSAGES.variantUnavailable });
    expect(resolveCartLine(giftCard, '', 'USD', COLLECTIONS)).toEqual({ error: CART_MESSAGES.giftCardDenomination });
    expect(resolveCartLine(giftCard, 'G-25', 'USD', COLLECTIONS)).toMatchObject({ unitPriceCents: 2500, stock: null });
  });

  it('adds a digital product by its item id, with no stock limit', () => {
    expect(resolveCartLine(ebook, undefined, 'USD', COLLECTIONS)).toMatchObject({
      sku: 'ebook',
      unitPriceCents: 999,
      stock: null,
      attributes: {},
    });
    expect(resolveCartLine(ebook, 'other', 'USD', COLLECTIONS)).toEqual({ error: CART_MESSAGES.variantUnavailable });
  });

  it('treats an unknown product type or an unreadable price as an unknown item', () => {
    expect(
      resolveCartLine({ collectionId: 'shop', structuredContent: { productType: 9 } }, 'x', 'USD', COLLECTIONS),
    ).toEqual({ error: CART_MESSAGES.itemNotFound });
    const badPrice = { ...ebook, structuredContent: { productType: 2, priceMoney: money('free') } };
    expect(resolveCartLine(badPrice, undefined, 'USD', COLLECTIONS)).toEqual({ error: CART_MESSAGES.itemNotFound });
  });

  it('sells only products: an item outside a products collection, or a paywall, is an unknown item whatever its product fields say', () => {
    const post = { ...shirt, collectionId: 'journal' };
    expect(resolveCartLine(post, 'S-RED', 'USD', COLLECTIONS)).toEqual({ error: CART_MESSAGES.itemNotFound });
    expect(resolveCartLine({ ...ebook, collectionId: 'gone' }, undefined, 'USD', COLLECTIONS)).toEqual({
      error: CART_MESSAGES.itemNotFound,
    });
    const paywall = { ...ebook, structuredContent: { ...ebook.structuredContent, productType: 5 } };
    expect(resolveCartLine(paywall, undefined, 'USD', COLLECTIONS)).toEqual({ error: CART_MESSAGES.itemNotFound });
  });

  it("prices in the store currency's minor units", () => {
    expect(
      resolveCartLine(
        { ...ebook, structuredContent: { productType: 2, priceMoney: { value: '1200', currency: 'JPY' } } },
        undefined,
        'JPY',
        COLLECTIONS,
      ),
    ).toMatchObject({ unitPriceCents: 1200 });
  });

  it('turns a line into a stored entry', () => {
    const line = resolveCartLine(shirt, 'S-RED', 'USD', COLLECTIONS);
    if ('error' in line) throw new Error(line.error);
    expect(entryFromLine(line, 'e1', 2, '{"note":"gift"}')).toEqual({
      id: 'e1',
      itemId: 'shirt',
      chosenVariant: { sku: 'S-RED', attributes: { Size: 'S', Colour: 'Red' } },
      quantity: 2,
      title: 'Shirt',
      productType: 1,
      purchasePriceCents: 1550,
      additionalFields: '{"note":"gift"}',
      url: '/shop/p/shirt',
      imageUrl: '/images/shirt.jpg',
    });
  });
});

describe('a product sold one per order (issue 32)', () => {
  const service = (extra: Record<string, unknown>) => ({
    id: 'class',
    collectionId: 'c',
    recordType: 11,
    title: 'Class',
    structuredContent: {
      productType: 3,
      ...extra,
      variants: [
        {
          sku: 'CLASS',
          priceMoney: { value: '10.00', currency: 'USD' },
          unlimited: true,
          qtyInStock: 0,
          attributes: {},
        },
      ],
    },
  });
  const collections = [{ id: 'c', typeName: 'products' }];
  const limitOf = (item: unknown, settings?: unknown) => {
    const line = resolveCartLine(item, 'CLASS', 'USD', collections, settings);
    return 'error' in line ? line.error : line.perOrder;
  };

  it('limits a product marked onePerOrder, and a service when the store does not allow several', () => {
    expect(limitOf(service({ onePerOrder: true }))).toBe(1);
    expect(limitOf(service({}))).toBeNull();
    expect(limitOf(service({}), { storeSettings: { multipleQuantityAllowedForServices: false } })).toBe(1);
  });
});
