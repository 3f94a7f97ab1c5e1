/**
 * An edit invalidates what it changes (issue 34): a product saved in the console makes a miss of its
 * page, its collection's listing and a search showing it, each with the new content, and leaves an
 * unrelated product's page and a blog page hits; the CDN is purged by the product's tags, not the
 * website's. A header edit (on every page) makes every page a miss.
 */
import { describe, expect, it } from 'vitest';
import { localPurgeLog } from '../../src/integrations/cdn-purge';
import { DEMO_MERCHANTS, DEMO_SITE_ID } from '../../src/site/demo';
import type { ProductForm } from '../../src/site/editor/product-form';
import { cdnTags, pageCacheTag } from '../../src/site/page-tags';
import { Visitor } from './visitor';

const OWNER = DEMO_MERCHANTS[0];
const TOTE = '/shop/p/canvas-tote';
/** Shares no tag with the tote (clothing; the tote is bags and sale), so neither shows the other. */
const SWEATER = '/shop/p/wool-sweater';
const PAGES = [TOTE, SWEATER, '/shop', '/search?q=tote', '/blog'];

async function owner(): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  const signIn = await visitor.json('POST', '/api/merchant/session', {
    email: OWNER?.email,
    password: OWNER?.password,
  });
  expect(signIn.status).toBe(200);
  return visitor;
}

/** Each page's cache status and layer, and whether it names `text`. */
async function seen(shopper: Visitor, text: string) {
  const out: Record<string, string> = {};
  for (const path of PAGES) {
    const res = await shopper.fetch(path);
    const html = await res.text();
    out[path] =
      `${res.headers.get('x-page-cache')} ${res.headers.get('x-page-cache-layer') ?? '-'} ${html.includes(text)}`;
  }
  return out;
}

describe('an edit invalidates what it changes', () => {
  it('a product edit makes a miss of its page, listing and search, and leaves other pages hits', async () => {
    const shopper = new Visitor();
    await seen(shopper, 'Deluxe');
    expect(await seen(shopper, 'Canvas Tote Deluxe')).toEqual({
      [TOTE]: 'hit memory false',
      [SWEATER]: 'hit memory false',
      '/shop': 'hit memory false',
      '/search?q=tote': 'hit memory false',
      '/blog': 'hit memory false',
    });

    const merchant = await owner();
    const stored = await merchant.json<{ product: ProductForm }>('GET', '/api/console/products/p-canvas-tote');
    expect(stored.status).toBe(200);
    const purgesBefore = localPurgeLog().length;
    const saved = await merchant.json('PUT', '/api/console/products/p-canvas-tote', {
      ...stored.body.product,
      title: 'Canvas Tote Deluxe',
    });
    expect(saved.status).toBe(200);

    expect(await seen(shopper, 'Canvas Tote Deluxe')).toEqual({
      [TOTE]: 'miss - true',
      [SWEATER]: 'hit memory false',
      '/shop': 'miss - true',
      '/search?q=tote': 'miss - true',
      '/blog': 'hit memory false',
    });
    // Each kept again: the next visitor's is a hit.
    expect(Object.values(await seen(new Visitor(), 'Canvas Tote Deluxe')).every((s) => s.startsWith('hit'))).toBe(true);

    // The CDN in front is purged by the product's tags, never by the website's (which would drop every page).
    await expect.poll(() => localPurgeLog().length, { timeout: 10_000 }).toBeGreaterThan(purgesBefore);
    const purged = localPurgeLog().slice(purgesBefore).flat();
    expect(purged).toContain(cdnTags(DEMO_SITE_ID, ['i:p-canvas-tote'])[1]);
    expect(purged).toContain(cdnTags(DEMO_SITE_ID, ['c:c-shop'])[1]);
    expect(purged).not.toContain(pageCacheTag(DEMO_SITE_ID));
    // The pages carry the same tags for the CDN.
    const tags = (await shopper.fetch(TOTE)).headers.get('cache-tag')?.split(',') ?? [];
    expect(tags[0]).toBe(pageCacheTag(DEMO_SITE_ID));
    expect(tags).toContain(cdnTags(DEMO_SITE_ID, ['i:p-canvas-tote'])[1]);
  });

  it('a header edit, which every page shows, makes every page a miss and purges the whole website', async () => {
    const shopper = new Visitor();
    await seen(shopper, 'Free shipping over');
    const merchant = await owner();
    const before = await merchant.json<{ header: string; footer: string }>('GET', '/api/site-header-footer');
    const purgesBefore = localPurgeLog().length;
    const banner = '<p>Free shipping over $50 this week</p>';
    expect((await merchant.json('PUT', '/api/site-header-footer', { ...before.body, header: banner })).status).toBe(
      200,
    );
    expect(await seen(shopper, 'Free shipping over')).toEqual(Object.fromEntries(PAGES.map((p) => [p, 'miss - true'])));
    await expect
      .poll(() => localPurgeLog().slice(purgesBefore).flat(), { timeout: 10_000 })
      .toContain(pageCacheTag(DEMO_SITE_ID));
  });
});
