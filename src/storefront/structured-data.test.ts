import { describe, expect, it } from 'vitest';
import { compile, render } from '../engine/index';
import { STRUCTURED_DATA_FORMATTERS, ratingOf, scriptJson } from './structured-data';

const HEAD = '<script type="application/ld+json">{@|structured-data}</script>\n{@|social-meta}';

function renderHead(data: Record<string, unknown>): string {
  const { template } = compile(HEAD, { formatters: STRUCTURED_DATA_FORMATTERS });
  return render(template, data, { formatters: STRUCTURED_DATA_FORMATTERS }).html;
}

const website = { siteTitle: 'Studio Goods', storeCurrency: 'USD', language: 'en-US' };
const variant = (sku: string, value: string, stock: number, sale?: string) => ({
  sku,
  priceMoney: { value, currency: 'USD' },
  salePriceMoney: { value: sale ?? '0', currency: 'USD' },
  onSale: sale !== undefined,
  unlimited: false,
  qtyInStock: stock,
});
const product = (title: string) => ({
  id: 'p1',
  recordType: 11,
  title,
  fullUrl: '/shop/p/tote',
  assetUrl: '/images/demo/tote.webp',
  excerpt: '<p>Heavy &amp; sturdy.</p>',
  structuredContent: { productType: 1, variants: [variant('T1', '24.00', 3, '18.00'), variant('T2', '24', 0)] },
  reviews: [
    { author: 'A', rating: 5, text: 'Good' },
    { author: 'B', rating: 4, text: 'Fine' },
  ],
});

/** The JSON-LD text between the tags, as a browser reads it. */
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe('structured data for a store page', () => {
  it('describes a product with one offer per variant: the price now in major units, the currency and availability', () => {
    const html = renderHead({
      website,
      item: product('Canvas Tote'),
      canonicalUrl: 'https://shop.example/shop/p/tote',
    });
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Product',
      name: 'Canvas Tote',
      description: 'Heavy & sturdy.',
      url: 'https://shop.example/shop/p/tote',
      image: ['https://shop.example/images/demo/tote.webp'],
      offers: [
        { sku: 'T1', price: '18.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
        { sku: 'T2', price: '24.00', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' },
      ],
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="product:price:amount" content="18.00">');
  });

  it('gives a product priced without variants (a digital download, a paywall) one offer at its own price now, in stock', () => {
    for (const productType of [2, 5]) {
      const item = {
        ...product('Recipe E-book'),
        structuredContent: {
          productType,
          variants: [],
          priceMoney: { value: '15.00', currency: 'USD' },
          salePriceMoney: { value: '9.00', currency: 'USD' },
          onSale: true,
        },
      };
      const html = renderHead({ website, item, canonicalUrl: 'https://shop.example/shop/p/tote' });
      expect(jsonLdOf(html).offers, `type ${productType}`).toEqual([
        {
          '@type': 'Offer',
          price: '9.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: 'https://shop.example/shop/p/tote',
        },
      ]);
      expect(html, `type ${productType}`).toContain('<meta property="product:price:amount" content="9.00">');
    }
  });

  it('keeps a title with </script> or <!-- inside the JSON-LD, and escapes it in the meta tags', () => {
    const title = '</script><script>alert(1)</script><!-- "quoted" & more';
    const html = renderHead({ website, item: product(title), canonicalUrl: 'https://shop.example/shop/p/tote' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!--');
    expect(jsonLdOf(html).name).toBe(title);
    expect(html).toContain(
      '<meta property="og:title" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &quot;quoted&quot; &amp; more">',
    );
  });

  it('writes JSON that cannot end a script element', () => {
    expect(scriptJson({ a: '</script>\u2028&' })).toBe('{"a":"\\u003c/script\\u003e\\u2028\\u0026"}');
  });

  it('describes a list page as a website, with no JSON-LD, and a post as an article', () => {
    const list = renderHead({
      website,
      page: { title: 'Shop' },
      collection: { description: '<p>Things we make.</p>' },
      items: [{ assetUrl: '/images/demo/a.webp' }],
      canonicalUrl: 'https://shop.example/shop',
    });
    expect(list).toContain('<script type="application/ld+json"></script>');
    expect(list).toContain('<meta property="og:type" content="website">');
    expect(list).toContain('<meta property="og:description" content="Things we make.">');
    expect(list).toContain('<meta property="og:image" content="https://shop.example/images/demo/a.webp">');
    const post = renderHead({
      website,
      item: {
        recordType: 1,
        title: 'Hello',
        fullUrl: '/blog/hello',
        addedOn: Date.UTC(2026, 0, 2),
        author: { displayName: 'Team' },
      },
      canonicalUrl: 'https://shop.example/blog/hello',
    });
    expect(jsonLdOf(post)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Hello',
      description: '',
      url: 'https://shop.example/blog/hello',
      datePublished: '2026-01-02T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Team' },
    });
    expect(post).toContain('<meta property="og:type" content="article">');
  });

  it('averages ratings to one decimal and has none without reviews', () => {
    expect(ratingOf({ reviews: [{ rating: 5 }, { rating: 5 }, { rating: 4 }] })).toEqual({ count: 3, average: 4.7 });
    expect(ratingOf({ reviews: [] })).toBeNull();
    expect(ratingOf({})).toBeNull();
  });
});
