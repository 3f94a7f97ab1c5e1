/**
 * A small store for Node tests of the site rules (the demo store imports the theme's HTML files,
 * which only the worker's bundler loads): a product collection with 14 products, a blog with one
 * post, a contact page with a product block, validated by the site schema as published content is.
 */
import { parseSite, type SiteInput, type WholeSite } from '../../src/site/model/schema';

const money = (value: string) => ({ value, currency: 'USD' });

function product(n: number): SiteInput['items'][number] {
  return {
    id: `p${n}`,
    collectionId: 'shop',
    recordType: 11,
    title: `Product ${n}`,
    urlId: `product-${n}`,
    fullUrl: `/shop/p/product-${n}`,
    addedOn: 1_700_000_000_000 + n,
    excerpt: `<p>Product <b>${n}</b></p>`,
    tags: n % 2 === 0 ? ['even'] : [],
    structuredContent: {
      productType: 1 as const,
      isSubscribable: false,
      variantOptionOrdering: [],
      variants: [
        {
          id: `v${n}`,
          sku: `SKU-${n}`,
          price: 1000,
          salePrice: 0,
          priceMoney: money('10.00'),
          salePriceMoney: money('0'),
          onSale: false,
          qtyInStock: n,
          unlimited: false,
          attributes: {},
          optionValues: [],
        },
      ],
    },
  };
}

export function smallSiteInput(): SiteInput {
  return {
    website: { id: 'w1', siteTitle: 'Small Store', baseUrl: 'https://small.example', timeZone: 'Europe/London' },
    websiteSettings: {},
    navigation: [
      { title: 'Shop', url: '/shop', collectionId: 'shop' },
      { title: 'Journal', url: '/journal', collectionId: 'journal' },
    ],
    collections: [
      { id: 'shop', type: 13, typeName: 'products', title: 'Shop', urlId: 'shop', fullUrl: '/shop' },
      { id: 'journal', type: 1, typeName: 'blog', title: 'Journal', urlId: 'journal', fullUrl: '/journal' },
      {
        id: 'contact',
        type: 10,
        typeName: 'page',
        title: 'Contact',
        urlId: 'contact',
        fullUrl: '/contact',
        body: '<p>Write to us</p>',
        blocks: [{ id: 'b1', type: 'product', productId: 'p3' }],
      },
    ],
    items: [
      ...Array.from({ length: 14 }, (_, i) => product(i + 1)),
      {
        id: 'post1',
        collectionId: 'journal',
        recordType: 1,
        title: 'First post',
        urlId: 'first-post',
        fullUrl: '/journal/first-post',
        body: '<p>Hello</p>',
      },
    ],
    theme: {},
  };
}

export function smallSite(): WholeSite {
  const parsed = parseSite(smallSiteInput());
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.site;
}
