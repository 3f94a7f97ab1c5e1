/**
 * A product's search engine listing in workerd: the SEO title, description and social image the
 * console saves are the product page's <title>, meta description, og:title, og:description and
 * og:image, and its canonical link names the URL slug; left empty, the title, the short description
 * and the first picture are used. Too long a field, a picture address the image rule refuses and a
 * slug another product has are refused next to their fields.
 */
import { describe, expect, it } from 'vitest';
import { EDIT_MESSAGES } from '../../src/site/edits';
import { SEO_LIMITS } from '../../src/site/editor/page-seo';
import { PRODUCT_MESSAGES, type ProductForm } from '../../src/site/editor/product-form';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { Visitor } from './visitor';

const [OWNER] = DEMO_MERCHANTS;
const CANDLE = '/api/console/products/p-candle';

async function owner(): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  const signIn = await visitor.json('POST', '/api/merchant/session', {
    email: OWNER?.email,
    password: OWNER?.password,
  });
  expect(signIn.status).toBe(200);
  return visitor;
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('product SEO fields', () => {
  it('writes the listing into the product page’s head, and falls back to the title, excerpt and first picture', async () => {
    const merchant = await owner();
    const form = (await merchant.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
    expect(form).toMatchObject({ seoTitle: '', seoDescription: '', socialImage: '' });
    const before = head(await (await merchant.fetch('/shop/p/candle')).text());
    expect(before).toMatch(/<title>Cedar Candle · [^<]+<\/title>/);
    expect(before).toContain('<meta name="description" content="Cedar and smoke, 50 hours.">');
    expect(before).toContain('og:image" content="http://');

    const saved = await merchant.json('PUT', CANDLE, {
      ...form,
      urlId: 'cedar-candle',
      seoTitle: 'Cedar candle, 50-hour burn',
      seoDescription: 'Hand-poured cedar & smoke candle.',
      socialImage: 'https://images.example.com/candle-social.jpg',
    });
    expect(saved.status).toBe(200);
    const after = head(await (await merchant.fetch('/shop/p/cedar-candle')).text());
    expect(after).toMatch(/<title>Cedar candle, 50-hour burn · [^<]+<\/title>/);
    expect(after).toContain('<meta name="description" content="Hand-poured cedar &amp; smoke candle.">');
    expect(after).toContain('<meta property="og:title" content="Cedar candle, 50-hour burn">');
    expect(after).toContain('<meta property="og:image" content="https://images.example.com/candle-social.jpg">');
    expect(after).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/shop\/p\/cedar-candle">/);
    const stored = (await merchant.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
    expect(stored.seoTitle).toBe('Cedar candle, 50-hour burn');
  });

  it('refuses too long a listing, a picture address the image rule refuses and a slug another product has', async () => {
    const merchant = await owner();
    const form = (await merchant.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
    const refused = await merchant.json<{ fields: Record<string, string> }>('PUT', CANDLE, {
      ...form,
      seoTitle: 'x'.repeat(SEO_LIMITS.title + 1),
      seoDescription: 'y'.repeat(SEO_LIMITS.description + 1),
      socialImage: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      seoTitle: PRODUCT_MESSAGES.textTooLong(SEO_LIMITS.title),
      seoDescription: PRODUCT_MESSAGES.textTooLong(SEO_LIMITS.description),
      socialImage: PRODUCT_MESSAGES.imageUrl,
    });
    const taken = await merchant.json<{ fields: Record<string, string> }>('PUT', CANDLE, {
      ...form,
      urlId: 'linen-shirt',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdTaken });
    const invalid = await merchant.json<{ fields: Record<string, string> }>('PUT', CANDLE, {
      ...form,
      urlId: 'Not a slug',
    });
    expect(invalid.body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdInvalid });
  });
});
