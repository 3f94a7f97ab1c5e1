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

describe("the restock sign-up's mailing-list box (storefront spec §3, productMerchandisingContext)", () => {
  /** A physical product sold out in every variant, with the merchant's mailing-list settings for it. */
  const signUp = (context: Record<string, unknown>) => {
    const product = ownPriced(1);
    const variants = product.structuredContent.variants.map((variant) => ({ ...variant, unlimited: false }));
    const item = { ...product, id: 'p-out', structuredContent: { ...product.structuredContent, variants } };
    const { template } = compile('{item|product-restock-notification}', { formatters: ISLAND_FORMATTERS });
    return render(
      template,
      { item, website: { language: 'en-US' }, productMerchandisingContext: { 'p-out': context } },
      { formatters: ISLAND_FORMATTERS },
    ).html;
  };
  const box = (html: string) => /<input type="checkbox" name="isJoinMailingList"[^>]*>/.exec(html)?.[0];

  it('is ticked from the start with mailingListOptInByDefault, unticked without, and absent when sign-up is off', () => {
    const optedIn = signUp({ mailingListSignUpEnabled: true, mailingListOptInByDefault: true });
    expect(islandProps(optedIn)[0]).toMatchObject({
      soldOut: true,
      mailingList: { description: 'Sign up for news and updates', optInByDefault: true },
    });
    expect(box(optedIn)).toContain('checked=""');
    const optedOut = signUp({ mailingListSignUpEnabled: true, mailingListOptInByDefault: false });
    expect(islandProps(optedOut)[0]).toMatchObject({ mailingList: { optInByDefault: false } });
    expect(box(optedOut)).toBeDefined();
    expect(box(optedOut)).not.toContain('checked');
    const off = signUp({ mailingListSignUpEnabled: false, mailingListOptInByDefault: true });
    expect(islandProps(off)[0]).toMatchObject({ mailingList: null });
    expect(box(off)).toBeUndefined();
  });
});
