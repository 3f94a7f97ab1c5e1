/**
 * A blog post's search engine listing in workerd, as a product's: the SEO title and description the
 * console saves are the post page's <title>, meta description and og:title; left empty, the title and
 * the excerpt are used. Too long a field is refused next to it, with the pages' message.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { PAGE_FORM_MESSAGES } from '../../src/site/editor/page-form';
import { SEO_LIMITS } from '../../src/site/editor/page-seo';
import { Visitor } from './visitor';

const [OWNER] = DEMO_MERCHANTS;

async function owner(): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  const signIn = await visitor.json('POST', '/api/merchant/session', {
    email: OWNER?.email,
    password: OWNER?.password,
  });
  expect(signIn.status).toBe(200);
  return visitor;
}

const head = async (path: string) => {
  const html = await (await new Visitor().fetch(path)).text();
  return html.slice(0, html.indexOf('</head>'));
};

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
    const before = await head('/blog/glaze-notes');
    expect(before).toMatch(/<title>Glaze notes · [^<]+<\/title>/);
    expect(before).toContain('<meta name="description" content="What we learnt about ash glazes.">');

    const saved = await merchant.json<{ seoTitle: string }>('PUT', `/api/console/posts/${created.body.id}`, {
      ...post,
      seoTitle: 'Ash glazes, a studio diary',
      seoDescription: 'Iron & ash on stoneware.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.seoTitle).toBe('Ash glazes, a studio diary');
    const after = await head('/blog/glaze-notes');
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
