import { describe, expect, it } from 'vitest';
import {
  currentPrice,
  fromPrice,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isShipped,
  isVariantOnSale,
  isSoldOut,
  lacksDeliveredFile,
  listedPrice,
  neverRunsOut,
  normalPrice,
  pricedWithoutVariants,
  priceNow,
  PRODUCT_TYPE_CODES,
  ProductType,
  productType,
  saleAllowed,
  sellableProductType,
  salePrice,
  showsQuantityInput,
  stockLimit,
  STOCK_COUNTED_TYPES,
  subscribableType,
  variantAvailable,
  totalStockRemaining,
  variantDescriptor,
  variantOptions,
} from './product';

const money = (value: string, currency = 'USD') => ({ value, currency });

interface VariantSpec {
  price?: string;
  sale?: string | null;
  stock?: number;
  unlimited?: boolean;
  attributes?: Record<string, string>;
}

function variant({ price = '10.00', sale = null, stock = 0, unlimited = false, attributes = {} }: VariantSpec) {
  return {
    priceMoney: money(price),
    salePriceMoney: money(sale ?? '0'),
    price: Number(price) * 100,
    salePrice: Number(sale ?? 0) * 100,
    onSale: sale !== null,
    qtyInStock: stock,
    unlimited,
    attributes,
    optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
  };
}

function product(type: number, variants: VariantSpec[], extra: Record<string, unknown> = {}) {
  return { structuredContent: { productType: type, variants: variants.map(variant), ...extra } };
}

describe('product rules', () => {
  it('reads the product type code, and nothing else, as a type', () => {
    expect(productType(product(1, []))).toBe(ProductType.Physical);
    expect(productType(product(4, []))).toBe(ProductType.GiftCard);
    expect(productType({ structuredContent: { productType: '2' } })).toBe(ProductType.Digital);
    expect(productType(product(9, []))).toBeUndefined();
    expect(productType(null)).toBeUndefined();
  });

  it('counts physical and service products sold out when no variant is in stock or unlimited', () => {
    expect(isSoldOut(product(1, [{ stock: 0 }, { stock: 0 }]))).toBe(true);
    expect(isSoldOut(product(1, [{ stock: 0 }, { stock: 2 }]))).toBe(false);
    expect(isSoldOut(product(3, [{ stock: 0, unlimited: true }]))).toBe(false);
    expect(isSoldOut(product(1, []))).toBe(true);
  });

  it('never counts digital products and gift cards sold out, and always unknown types', () => {
    expect(isSoldOut(product(2, []))).toBe(false);
    expect(isSoldOut(product(4, [{ stock: 0 }]))).toBe(false);
    expect(isSoldOut(product(7, [{ stock: 5 }]))).toBe(true);
  });

  it('is on sale when any variant is; a digital product by its own flag; a gift card never', () => {
    expect(isOnSale(product(1, [{}, { sale: '5.00' }]))).toBe(true);
    expect(isOnSale(product(1, [{}, {}]))).toBe(false);
    expect(isOnSale(product(2, [], { onSale: true }))).toBe(true);
    expect(isOnSale(product(4, [{ sale: '5.00' }]))).toBe(false);
  });

  it('adds up stock, with unlimited variants, digital goods and gift cards as unlimited', () => {
    expect(totalStockRemaining(product(1, [{ stock: 2 }, { stock: 3 }]))).toBe(5);
    expect(totalStockRemaining(product(1, [{ stock: 2 }, { unlimited: true }]))).toBe(Number.MAX_SAFE_INTEGER);
    expect(totalStockRemaining(product(2, []))).toBe(Number.MAX_SAFE_INTEGER);
    // Each variant counts what the cart would let a shopper have of it (stockLimit): never below 0, whole units.
    expect(totalStockRemaining(product(1, [{ stock: -3 }, { stock: 3 }]))).toBe(3);
    expect(totalStockRemaining(product(1, [{ stock: 2.5 }]))).toBe(2);
  });

  it('takes the "from" price as the lowest current price, sale prices included', () => {
    const item = product(1, [{ price: '30.00' }, { price: '20.00', sale: '12.00' }, { price: '15.00' }]);
    expect(fromPrice(item)).toEqual(money('12.00'));
    expect(normalPrice(item)).toEqual(money('30.00'));
    expect(salePrice(item)).toEqual(money('12.00'));
  });

  it('uses 0 USD when there is no price to read', () => {
    expect(fromPrice(product(1, []))).toEqual(money('0'));
    expect(salePrice(product(1, [{}]))).toEqual(money('0'));
    expect(fromPrice(product(8, [{}]))).toEqual(money('0'));
  });

  it('reads a digital product its own prices', () => {
    const item = product(2, [], { priceMoney: money('7.00'), salePriceMoney: money('5.00') });
    expect(fromPrice(item)).toEqual(money('7.00'));
    expect(salePrice(item)).toEqual(money('5.00'));
  });

  it('tells varied prices from one price', () => {
    expect(hasVariedPrices(product(1, [{ price: '10.00' }, { price: '10.00' }]))).toBe(false);
    expect(hasVariedPrices(product(1, [{ price: '10.00' }, { price: '12.00' }]))).toBe(true);
    expect(hasVariedPrices(product(1, [{ sale: '5.00' }, {}]))).toBe(true);
    expect(hasVariedPrices(product(2, [{ price: '1.00' }, { price: '2.00' }]))).toBe(false);
  });

  it('has variants to choose from only with more than one, and never for digital products', () => {
    expect(hasVariants(product(1, [{}, {}]))).toBe(true);
    expect(hasVariants(product(1, [{}]))).toBe(false);
    expect(hasVariants(product(2, [{}, {}]))).toBe(false);
  });

  it('lists the options in their ordering with their distinct values, and describes a variant', () => {
    const item = product(
      1,
      [
        { attributes: { Size: 'S', Colour: 'Red' } },
        { attributes: { Size: 'L', Colour: 'Red' } },
        { attributes: { Size: 'S', Colour: 'Blue' } },
      ],
      { variantOptionOrdering: ['Colour', 'Size'] },
    );
    expect(variantOptions(item)).toEqual([
      { name: 'Colour', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'L'] },
    ]);
    expect(variantDescriptor(variant({ attributes: { Size: 'L', Colour: 'Red' } }))).toBe('L / Red');
  });

  it('shows the quantity input for physical products with more than one unit, and services when allowed', () => {
    const settings = (allowed: boolean) => ({ storeSettings: { multipleQuantityAllowedForServices: allowed } });
    expect(showsQuantityInput(product(1, [{ stock: 5 }]), {})).toBe(true);
    expect(showsQuantityInput(product(1, [{ stock: 1 }]), {})).toBe(false);
    expect(showsQuantityInput(product(1, [{ stock: 5 }], { isSubscribable: true }), {})).toBe(false);
    expect(showsQuantityInput(product(3, [{ stock: 5 }]), settings(true))).toBe(true);
    expect(showsQuantityInput(product(3, [{ stock: 5 }]), settings(false))).toBe(false);
    expect(showsQuantityInput(product(2, []), {})).toBe(false);
  });

  it('limits a variant to its stock, except unlimited variants, digital goods and gift cards', () => {
    expect(stockLimit({ unlimited: false, qtyInStock: 3 }, ProductType.Physical)).toBe(3);
    expect(stockLimit({ unlimited: true, qtyInStock: 0 }, ProductType.Physical)).toBeNull();
    expect(stockLimit({ unlimited: false, qtyInStock: 0 }, ProductType.GiftCard)).toBeNull();
    expect(stockLimit({ unlimited: false, qtyInStock: 0 }, ProductType.Digital)).toBeNull();
    expect(variantAvailable({ unlimited: false, qtyInStock: 0 }, ProductType.Service)).toBe(false);
    expect(variantAvailable({ unlimited: false, qtyInStock: 1 }, ProductType.Service)).toBe(true);
    expect(variantAvailable({ unlimited: false, qtyInStock: 0 }, ProductType.GiftCard)).toBe(true);
  });

  it('prices a variant at its sale price only while it is on sale', () => {
    const prices = {
      priceMoney: { value: '20.00', currency: 'USD' },
      salePriceMoney: { value: '15.00', currency: 'USD' },
    };
    expect(currentPrice({ ...prices, onSale: true }, ProductType.Physical)?.value).toBe('15.00');
    expect(currentPrice({ ...prices, onSale: false }, ProductType.Physical)?.value).toBe('20.00');
    expect(currentPrice(prices, ProductType.Physical)?.value).toBe('20.00');
  });
});

describe('one definition of a product (issue 29)', () => {
  const collections = [
    { id: 'shop', typeName: 'products' },
    { id: 'journal', typeName: 'blog' },
  ];
  const inCollection = (collectionId: string, type: number) => ({ ...product(type, [{ stock: 1 }]), collectionId });

  it('calls an item a sellable product only in a products collection, with a type the cart sells', () => {
    expect(sellableProductType(inCollection('shop', 1), collections)).toBe(ProductType.Physical);
    expect(sellableProductType(inCollection('shop', 4), collections)).toBe(ProductType.GiftCard);
    // A blog post carrying a product's fields, an item of a collection the site lacks, a paywall, an unknown type.
    expect(sellableProductType(inCollection('journal', 1), collections)).toBeUndefined();
    expect(sellableProductType(inCollection('gone', 1), collections)).toBeUndefined();
    expect(sellableProductType(inCollection('shop', 5), collections)).toBeUndefined();
    expect(sellableProductType(inCollection('shop', 9), collections)).toBeUndefined();
    expect(sellableProductType({ structuredContent: { productType: 1, variants: [] } }, collections)).toBeUndefined();
  });

  it('knows the five types of the spec, paywall included', () => {
    expect(PRODUCT_TYPE_CODES).toEqual([1, 2, 3, 4, 5]);
    expect(productType(product(5, []))).toBe(ProductType.Paywall);
  });

  it('says once which types never run out: all but physical products and services, digital goods included', () => {
    expect(STOCK_COUNTED_TYPES).toEqual([ProductType.Physical, ProductType.Service]);
    expect(PRODUCT_TYPE_CODES.filter(neverRunsOut)).toEqual([
      ProductType.Digital,
      ProductType.GiftCard,
      ProductType.Paywall,
    ]);
    for (const type of PRODUCT_TYPE_CODES) {
      expect(stockLimit({ unlimited: false, qtyInStock: 0 }, type) === null, `type ${type}`).toBe(neverRunsOut(type));
      expect(totalStockRemaining(product(type, [{ stock: 0 }])) === Number.MAX_SAFE_INTEGER, `type ${type}`).toBe(
        neverRunsOut(type),
      );
    }
  });

  it('never counts a paywall product sold out, and reads its own price like a digital one', () => {
    const paywall = product(5, [], { priceMoney: money('4.00'), salePriceMoney: money('3.00'), onSale: true });
    expect(isSoldOut(paywall)).toBe(false);
    expect(isOnSale(paywall)).toBe(true);
    expect(fromPrice(paywall)).toEqual(money('4.00'));
    expect(salePrice(paywall)).toEqual(money('3.00'));
    expect(pricedWithoutVariants(ProductType.Paywall)).toBe(true);
    expect(subscribableType(ProductType.Paywall)).toBe(false);
  });

  it('lists a product at its current price: the first variant on sale at its sale price, a product priced without variants at its own', () => {
    const content = (type: number, variants: VariantSpec[], extra: Record<string, unknown> = {}) =>
      product(type, variants, extra).structuredContent;
    expect(listedPrice(content(1, [{ price: '20.00', sale: '15.00' }, { price: '5.00' }]))).toEqual(money('15.00'));
    expect(listedPrice(content(1, [{ price: '20.00' }]))).toEqual(money('20.00'));
    expect(
      listedPrice(content(2, [], { priceMoney: money('9.00'), salePriceMoney: money('7.00'), onSale: true })),
    ).toEqual(money('7.00'));
    expect(listedPrice(content(5, [], { priceMoney: money('9.00'), onSale: false }))).toEqual(money('9.00'));
    expect(listedPrice(content(1, []))).toBeUndefined();
  });
});

describe('one product vocabulary (issue 31)', () => {
  it('never reads a gift card on sale: its current, from and listed prices are its value, as its page and mark say (spec §4)', () => {
    const card = product(4, [{ price: '25.00', sale: '5.00' }, { price: '50.00' }]);
    const first = card.structuredContent.variants[0]!;
    expect(saleAllowed(ProductType.GiftCard)).toBe(false);
    expect(PRODUCT_TYPE_CODES.filter(saleAllowed)).not.toContain(ProductType.GiftCard);
    expect(currentPrice(first, ProductType.GiftCard)).toEqual(money('25.00'));
    expect(priceNow(card, first)).toEqual(money('25.00'));
    expect(isVariantOnSale(card, first)).toBe(false);
    expect(isOnSale(card)).toBe(false);
    expect(fromPrice(card)).toEqual(money('25.00'));
    expect(listedPrice(card.structuredContent)).toEqual(money('25.00'));
    // Two cards of one value, one flagged: one price, no "from".
    expect(hasVariedPrices(product(4, [{ price: '25.00', sale: '5.00' }, { price: '25.00' }]))).toBe(false);
    expect(hasVariedPrices(product(4, [{ price: '25.00' }, { price: '50.00' }]))).toBe(true);
    // A physical product's sale holds.
    expect(priceNow(product(1, []), first)).toEqual(money('5.00'));
  });

  it('ships physical products only', () => {
    expect(PRODUCT_TYPE_CODES.filter(isShipped)).toEqual([ProductType.Physical]);
    expect(isShipped(undefined)).toBe(false);
  });

  it('keeps a digital product off the storefront until it has a file; a form silent about its file keeps the stored one', () => {
    const file = { id: 'f1', name: 'book.pdf', size: 10 };
    const digital = { productType: ProductType.Digital, status: 'published' as const };
    expect(lacksDeliveredFile(digital, null)).toBe(true);
    expect(lacksDeliveredFile({ ...digital, status: 'scheduled' }, null)).toBe(true);
    expect(lacksDeliveredFile({ ...digital, status: 'draft' }, null)).toBe(false);
    expect(lacksDeliveredFile(digital, file)).toBe(false);
    expect(lacksDeliveredFile(digital, undefined)).toBe(false);
    expect(lacksDeliveredFile({ ...digital, productType: ProductType.Physical }, null)).toBe(false);
  });
});
