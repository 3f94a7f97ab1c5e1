/**
 * Search engine listings in workerd (one file: a workerd and the worker's modules per file cost more
 * than these three tests).
 *
 * A product's: the SEO title, description and social image the console saves are the product page's
 * <title>, meta description, og:title, og:description and og:image, and its canonical link names the
 * URL slug; left empty, the title, the short description and the first picture are used. Too long a
 * field, a picture address the image rule refuses and a slug another product has are refused next to
 * their fields.
 *
 * A blog post's, as a product's: the SEO title and description the console saves are the post page's
 * <title>, meta description and og:title; left empty, the title and the excerpt are used. Too long a
 * field is refused next to it, with the pages' message.
 */
import { describe, expect, it } from 'vitest';
import { EDIT_MESSAGES } from '../../src/site/edits';
import { PAGE_FORM_MESSAGES } from '../../src/site/editor/page-form';
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

const headOfPage = async (path: string) => head(await (await new Visitor().fetch(path)).text());

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

const post = {
  collectionId: 'c-blog',
  title: 'Glaze notes',
  urlId: 'glaze-notes',
  body: '<p>Ash and iron.</p>',
  excerpt: '<p>What we learnt about ash glazes.</p>',
  tags: [],
  categories: [],
  status: 'published',
  publishOn: Date.now() - 60_000,
  assetUrl: null,
};

describe('post SEO fields', () => {
  it('writes the listing into the post page’s head, and falls back to the title and the excerpt', async () => {
    const merchant = await owner();
    const created = await merchant.json<{ id: string; seoTitle?: string }>('POST', '/api/console/posts', post);
    expect(created.status).toBe(201);
    const before = await headOfPage('/blog/glaze-notes');
    expect(before).toMatch(/<title>Glaze notes · [^<]+<\/title>/);
    expect(before).toContain('<meta name="description" content="What we learnt about ash glazes.">');

    const saved = await merchant.json<{ seoTitle: string }>('PUT', `/api/console/posts/${created.body.id}`, {
      ...post,
      seoTitle: 'Ash glazes, a studio diary',
      seoDescription: 'Iron & ash on stoneware.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.seoTitle).toBe('Ash glazes, a studio diary');
    const after = await headOfPage('/blog/glaze-notes');
    expect(after).toMatch(/<title>Ash glazes, a studio diary · [^<]+<\/title>/);
    expect(after).toContain('<meta name="description" content="Iron &amp; ash on stoneware.">');
    expect(after).toContain('<meta property="og:title" content="Ash glazes, a studio diary">');

    // The post calls' way: the field and its message, which the editor shows next to the field.
    const refused = await merchant.json('PUT', `/api/console/posts/${created.body.id}`, {
      ...post,
      seoTitle: 'x'.repeat(SEO_LIMITS.title + 1),
    });
    expect(refused).toEqual({ status: 400, body: { error: `seoTitle: ${PAGE_FORM_MESSAGES.seoTitleTooLong}` } });
  });
});
