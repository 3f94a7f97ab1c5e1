import { describe, expect, it } from 'vitest';
import { compile, render } from '../engine/index';
import { ISLAND_FORMATTERS } from './islands';

/** The props of each island in `html`, in order, as the browser entry reads them. */
function islandProps(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/data-props='([^']*)'/g)].map((m) =>
    JSON.parse(m[1]!.replaceAll('&lt;', '<').replaceAll('&#39;', "'").replaceAll('&amp;', '&')),
  );
}

function renderItem(source: string, item: unknown): string {
  const { template } = compile(source, { formatters: ISLAND_FORMATTERS });
  return render(
    template,
    { item, website: { storeCurrency: 'USD', language: 'en-US' } },
    { formatters: ISLAND_FORMATTERS },
  ).html;
}

const money = (value: string) => ({ value, currency: 'USD' });
/** A product priced on itself, carrying a variant it does not use (as stored data may). */
const ownPriced = (productType: number) => ({
  id: 'p-own',
  recordType: 11,
  title: 'Members',
  fullUrl: '/shop/p/members',
  structuredContent: {
    productType,
    priceMoney: money('15.00'),
    salePriceMoney: money('0'),
    onSale: false,
    variants: [
      {
        id: 'v1',
        sku: 'STRAY',
        priceMoney: money('1.00'),
        salePriceMoney: money('0'),
        onSale: false,
        unlimited: true,
        qtyInStock: 0,
        attributes: {},
      },
    ],
  },
});

describe('islands of a product priced without variants (a digital download, a paywall)', () => {
  it('add the product itself (its sku is its item id) and follow no variant price', () => {
    for (const type of [2, 5]) {
      const [button] = islandProps(renderItem('{item|add-to-cart-btn}', ownPriced(type)));
      expect(button, `type ${type}`).toMatchObject({ itemId: 'p-own', sku: 'p-own' });
      const [price] = islandProps(renderItem('{item|variant-price}', ownPriced(type)));
      expect(price, `type ${type}`).toMatchObject({ itemId: 'p-own', variants: {} });
    }
  });
});
