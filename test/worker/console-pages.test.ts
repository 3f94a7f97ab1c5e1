/**
 * The console's pages in workerd: create (slug made from the title, unique, not reserved), save
 * with blocks in order and SEO fields as the storefront shows them, a new slug moving the page's
 * navigation links, code blocks kept to the code-injection roles (403, nothing written), delete
 * taking the page's links (nested ones too) with it, and the roles, crumb and caps of every call.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CODE_INJECTION_MESSAGES } from '../../src/site/code-injection';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { PAGE_BLOCK_MESSAGES } from '../../src/site/editor/page-blocks';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { EDIT_MESSAGES } from '../../src/site/edits';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

const [OWNER, , EDITOR, VIEWER] = DEMO_MERCHANTS;

async function shopperSees(path: string): Promise<{ status: number; text: string; csp: string }> {
  const res = await new Visitor().fetch(path);
  return { status: res.status, text: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
}

async function version(): Promise<number> {
  return Number(await env.SITE_CONTENT.get('site:demo:version'));
}

interface StoredPage {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
  body: string;
  status: string;
  publishOn: number;
  seoTitle: string;
  seoDescription: string;
  blocks: { id: string; type: string }[];
  inNavigation: boolean;
}

/** The page form as the console's editor sends it. */
function form(page: StoredPage, change: Partial<StoredPage> = {}) {
  const { id: _id, fullUrl: _url, inNavigation: _nav, ...fields } = { ...page, ...change };
  return fields;
}

const IMAGE = { id: 'b-image', type: 'image', assetUrl: '/images/demo/linen-shirt.webp', altText: 'The studio bench' };
const TEXT = { id: 'b-text', type: 'html', html: '<p>We throw <strong>every</strong> pot here.</p><script>x</script>' };
const NEWSLETTER = { id: 'b-news', type: 'newsletter', title: 'Studio letters', description: 'Once a month.' };
const GALLERY = {
  id: 'b-gallery',
  type: 'gallery',
  title: 'The kiln',
  images: [
    { assetUrl: '/images/demo/ceramic-mug.webp', altText: 'A mug' },
    { assetUrl: '/images/demo/wool-sweater.webp', altText: 'A sweater' },
  ],
};

describe('console pages', () => {
  it('creates a page with a slug from its title, refuses a taken or reserved slug by field, and a viewer or a call without the crumb', async () => {
    const [anonymous, owner, viewer] = await Promise.all([signedIn(undefined), signedIn(OWNER), signedIn(VIEWER)]);
    expect((await anonymous.json('POST', '/api/console/pages', { title: 'Ours', urlId: '' })).status).toBe(401);
    expect((await viewer.json('POST', '/api/console/pages', { title: 'Ours', urlId: '' })).status).toBe(403);
    const noCrumb = await owner.fetch('/api/console/pages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Ours', urlId: '' }),
    });
    expect(noCrumb.status).toBe(403);

    const created = await owner.json<{ id: string; urlId: string; fullUrl: string }>('POST', '/api/console/pages', {
      title: 'Our Studio!',
      urlId: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ urlId: 'our-studio', fullUrl: '/our-studio' });
    const listed = await owner.json<{ pages: { id: string; title: string; inNavigation: boolean }[] }>(
      'GET',
      '/api/console/pages',
    );
    expect(listed.body.pages.find((page) => page.id === created.body.id)).toMatchObject({
      title: 'Our Studio!',
      inNavigation: false,
    });
    expect((await shopperSees('/our-studio')).status).toBe(200);

    const refusal = (title: string, urlId: string) =>
      owner.json<{ error: string; fields?: Record<string, string> }>('POST', '/api/console/pages', { title, urlId });
    expect((await refusal('Again', 'our-studio')).body).toEqual({
      error: EDIT_MESSAGES.urlIdTaken,
      fields: { urlId: EDIT_MESSAGES.urlIdTaken },
    });
    expect((await refusal('Cart', 'cart')).body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdReserved });
    expect((await refusal('Shop', '')).body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdTaken });
    expect((await refusal('', 'Bad Slug')).body).toEqual({
      error: PRODUCT_MESSAGES.invalid,
      fields: { title: EDIT_MESSAGES.titleRequired, urlId: EDIT_MESSAGES.urlIdInvalid },
    });
    const big = await owner.fetch('/api/console/pages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': owner.crumb },
      body: JSON.stringify({ title: 'x'.repeat(5000), urlId: '' }),
    });
    expect(big.status).toBe(413);
  });

  it('saves blocks in order with the SEO fields, which the storefront shows, and a new slug moves its navigation link', async () => {
    const owner = await signedIn(OWNER);
    const { id } = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Workshop', urlId: '' }))
      .body;
    const page = (await owner.json<StoredPage>('GET', `/api/console/pages/${id}`)).body;
    expect(page).toMatchObject({ urlId: 'workshop', blocks: [], seoTitle: '', inNavigation: false });

    const saved = await owner.json<{ page: StoredPage }>(
      'PUT',
      `/api/console/pages/${id}`,
      form(page, {
        blocks: [TEXT, NEWSLETTER, IMAGE, GALLERY] as StoredPage['blocks'],
        seoTitle: 'Pottery workshop in Lisbon',
        seoDescription: 'Wheel-throwing classes & open studio days.',
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.page.blocks.map((block) => block.id)).toEqual(['b-text', 'b-news', 'b-image', 'b-gallery']);
    expect(saved.body.page.blocks[0]).toEqual({ ...TEXT, html: '<p>We throw <strong>every</strong> pot here.</p>' });

    const shown = await shopperSees('/workshop');
    expect(shown.text).toContain('<title>Pottery workshop in Lisbon · ');
    expect(shown.text).toContain('<meta name="description" content="Wheel-throwing classes &amp; open studio days.">');
    const order = [
      'We throw <strong>every</strong>',
      'Studio letters',
      'alt="The studio bench"',
      'alt="A sweater"',
    ].map((text) => shown.text.indexOf(text));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(shown.text).not.toContain('<script>x</script>');

    // Into the navigation (once), then a new slug: the link follows, the old address redirects to it.
    expect((await owner.json('POST', `/api/console/pages/${id}/navigation`)).status).toBe(200);
    expect((await owner.json('POST', `/api/console/pages/${id}/navigation`)).status).toBe(200);
    const linked = await owner.json<{ items: { link: { value: string } | null }[] }>('GET', '/api/console/navigation');
    expect(linked.body.items.filter((item) => item.link?.value === '/workshop')).toHaveLength(1);
    expect((await shopperSees('/shop')).text).toContain('href="/workshop"');
    const moved = saved.body.page;
    expect(
      (await owner.json('PUT', `/api/console/pages/${id}`, form(moved, { urlId: 'classes', title: 'Classes' }))).status,
    ).toBe(200);
    const old = await new Visitor().fetch('/workshop', { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, '/classes']);
    const shop = (await shopperSees('/shop')).text;
    expect(shop).toContain('href="/classes"');
    expect(shop).not.toContain('href="/workshop"');

    // Problems by field: a block without its image, a taken slug; nothing is written.
    const before = await version();
    const bad = await owner.json<{ error: string; fields: Record<string, string> }>(
      'PUT',
      `/api/console/pages/${id}`,
      form(moved, {
        urlId: 'classes',
        blocks: [{ id: 'b-empty', type: 'image', assetUrl: '' }] as unknown as StoredPage['blocks'],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'blocks.0.assetUrl': PAGE_BLOCK_MESSAGES.imageRequired });
    const taken = await owner.json<{ fields: Record<string, string> }>(
      'PUT',
      `/api/console/pages/${id}`,
      form(moved, { urlId: 'shop' }),
    );
    expect(taken.body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdTaken });
    expect(await version()).toBe(before);
  });

  it('keeps code blocks to the code-injection roles: an editor is refused (403, nothing written), an administrator’s runs under the CSP', async () => {
    const [owner, editor] = await Promise.all([signedIn(OWNER), signedIn(EDITOR)]);
    const { id } = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Embed', urlId: '' })).body;
    const page = (await owner.json<StoredPage>('GET', `/api/console/pages/${id}`)).body;
    const code = { id: 'b-code', type: 'code', code: '<div id="widget"></div><script>window.widget = 1;</script>' };
    const before = await version();
    const refused = await editor.json('PUT', `/api/console/pages/${id}`, form(page, { blocks: [code] }));
    expect(refused).toEqual({ status: 403, body: { error: CODE_INJECTION_MESSAGES.codeBlocks } });
    expect(await version()).toBe(before);

    expect((await owner.json('PUT', `/api/console/pages/${id}`, form(page, { blocks: [code] }))).status).toBe(200);
    const shown = await shopperSees('/embed');
    expect(shown.text).toContain(
      '<div class="CodeBlock"><div id="widget"></div><script>window.widget = 1;</script></div>',
    );
    expect(shown.text).not.toContain('data-trust');
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('window.widget = 1;'));
    expect(shown.csp).toContain(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(hash)))}'`);

    // The editor may still save the page's other fields, and move the code block, but not remove it.
    const stored = (await editor.json<StoredPage>('GET', `/api/console/pages/${id}`)).body;
    const withText = form(stored, { title: 'Embedded', blocks: [TEXT, ...stored.blocks] });
    expect((await editor.json('PUT', `/api/console/pages/${id}`, withText)).status).toBe(200);
    expect((await editor.json('PUT', `/api/console/pages/${id}`, form(stored, { blocks: [] }))).status).toBe(403);
  });

  it('deletes a page with its navigation links, a folder left empty too; the store answers 404', async () => {
    const owner = await signedIn(OWNER);
    const { id } = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Press', urlId: '' })).body;
    const nav = await owner.json<{ items: unknown[] }>('GET', '/api/console/navigation');
    const items = [
      ...nav.body.items,
      {
        title: 'More',
        link: null,
        children: [{ title: 'Press', link: { type: 'page', value: '/press' }, children: [] }],
      },
    ];
    expect((await owner.json('PUT', '/api/console/navigation', { items })).status).toBe(200);
    expect((await owner.json<StoredPage>('GET', `/api/console/pages/${id}`)).body.inNavigation).toBe(true);
    expect((await shopperSees('/shop')).text).toContain('href="/press"');

    expect((await (await signedIn(VIEWER)).json('DELETE', `/api/console/pages/${id}`)).status).toBe(403);
    expect((await owner.json('DELETE', `/api/console/pages/${id}`)).body).toEqual({ deleted: true });
    expect((await shopperSees('/press')).status).toBe(404);
    const shop = (await shopperSees('/shop')).text;
    expect(shop).not.toContain('href="/press"');
    expect(shop).not.toContain('>More<');
    expect((await owner.json<{ items: unknown[] }>('GET', '/api/console/navigation')).body.items).toEqual(
      nav.body.items,
    );
    expect((await owner.json('GET', `/api/console/pages/${id}`)).status).toBe(404);
    expect((await owner.json('DELETE', '/api/console/pages/c-blog')).status).toBe(404);
  });
});
