/**
 * What a publish or an edit does to versions and caches (one file, one workerd, for what used to be three small
 * files): an edit invalidates the pages it changes, a publish purges the website's pages from the CDN, and a
 * product's version history lists, shows and restores its versions.
 */
import { describe, expect, it, vi } from 'vitest';
import { localPurgeLog, purgeCdn } from '../../src/integrations/cdn-purge';
import { DEMO_MERCHANTS, DEMO_SITE_ID, demoSite } from '../../src/site/seed/demo';
import type { ProductForm } from '../../src/site/editor/product-form';
import { cdnTags, pageCacheTag } from '../../src/site/published/page-tags';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { publishSite } from '../../src/site/published/store';
import { demoStoreOnHost } from './demo-on-host';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { ITEM_MESSAGES } from '../../src/durable/site-content';
import { VERSIONS_KEPT } from '../../src/durable/content-versions';
import { contentObject, contentObjects } from '../../src/durable/stubs';

/**
 * An edit invalidates what it changes (issue 34): a product saved in the console makes a miss of its
 * page, its collection's listing and a search showing it, each with the new content, and leaves an
 * unrelated product's page and a blog page hits; the CDN is purged by the product's tags, not the
 * website's. A header edit (on every page) makes every page a miss.
 */
describe('page-invalidation', () => {
  const OWNER = DEMO_MERCHANTS[0];
  const TOTE = '/shop/p/canvas-tote';
  /** Shares no tag with the tote (clothing; the tote is bags and sale), so neither shows the other. */
  const SWEATER = '/shop/p/wool-sweater';
  const PAGES = [TOTE, SWEATER, '/shop', '/search?q=tote', '/blog'];

  const owner = () => signedIn(OWNER);

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
      expect(Object.values(await seen(new Visitor(), 'Canvas Tote Deluxe')).every((s) => s.startsWith('hit'))).toBe(
        true,
      );

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
      expect(await seen(shopper, 'Free shipping over')).toEqual(
        Object.fromEntries(PAGES.map((p) => [p, 'miss - true'])),
      );
      await expect
        .poll(() => localPurgeLog().slice(purgesBefore).flat(), { timeout: 10_000 })
        .toContain(pageCacheTag(DEMO_SITE_ID));
    });
  });
});

/**
 * A publish purges the website's pages from the CDN in front of the worker: every cacheable page
 * carries the website's cache tag, the content object purges that tag as it moves the version
 * pointer, and once more when KV has had time to show the new pointer everywhere.
 */
describe('cdn-purge', () => {
  const storeOnHost = (name: string) => demoStoreOnHost('purge', name);

  const purgesOf = (tag: string) => localPurgeLog().filter((tags) => tags.includes(tag)).length;

  /** Waits for the object's purge, which runs after the publish has answered. */
  async function purgedTimes(tag: string, times: number): Promise<void> {
    await vi.waitFor(() => expect(purgesOf(tag)).toBeGreaterThanOrEqual(times), { timeout: 30_000, interval: 20 });
    expect(purgesOf(tag)).toBe(times);
  }

  describe('CDN purge on publish', () => {
    it('tags every cacheable page with its website, and no buyer’s own page', async () => {
      const { origin, websiteId } = await storeOnHost('tags');
      for (const path of ['/shop', '/shop/p/linen-shirt', '/blog']) {
        const res = await exports.default.fetch(`${origin}${path}`);
        expect(res.headers.get('cache-tag')?.split(',')[0], path).toBe(pageCacheTag(websiteId));
        await res.text();
        const hit = await exports.default.fetch(`${origin}${path}`);
        expect(hit.headers.get('x-page-cache'), path).toBe('hit');
        expect(hit.headers.get('cache-tag'), path).toBe(res.headers.get('cache-tag'));
        await hit.text();
      }
      const order = await exports.default.fetch(`${origin}/commerce/orders/ord_abc?token=0123`);
      expect(order.headers.get('cache-tag')).toBeNull();
      await order.text();
    });

    it('purges the tag when the version moves, and again once the pointer has spread', async () => {
      const { websiteId } = await storeOnHost('publish');
      const tag = pageCacheTag(websiteId);
      await purgedTimes(tag, 1);
      const site = demoSite();
      site.website.id = websiteId;
      site.collections = site.collections.map((c) => (c.urlId === 'gifts' ? { ...c, title: 'Presents' } : c));
      const publishing = Date.now();
      expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
      await purgedTimes(tag, 2);

      // The alarm's second purge is due 60 s later; move that time into the past and let the alarm run.
      const object = contentObject(env, websiteId);
      const due = await runInDurableObject(object, (_instance, state) =>
        Number(
          state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'cdnPurgeAgainAt'").one().value,
        ),
      );
      // 60 s after the publish, on the object's clock: bounded by the test's clock before the publish and now, not by
      // a now read after the waits above (a loaded machine can spend seconds in them).
      expect(due).toBeGreaterThanOrEqual(publishing + 60_000);
      expect(due).toBeLessThanOrEqual(Date.now() + 60_000);
      const versionBefore = await env.SITE_CONTENT.get(`site:${websiteId}:version`);
      await runInDurableObject(object, (_instance, state) => {
        state.storage.sql.exec("UPDATE meta SET value = ? WHERE key = 'cdnPurgeAgainAt'", String(Date.now() - 1));
      });
      expect(await runDurableObjectAlarm(object)).toBe(true);
      await purgedTimes(tag, 3);
      // A purge alarm is not a publish: the version stays, and no third purge is planned.
      expect(await env.SITE_CONTENT.get(`site:${websiteId}:version`)).toBe(versionBefore);
      expect(
        await runInDurableObject(
          object,
          (_instance, state) =>
            state.storage.sql.exec("SELECT 1 FROM meta WHERE key = 'cdnPurgeAgainAt'").toArray().length,
        ),
      ).toBe(0);
      expect(await runDurableObjectAlarm(object)).toBe(false);
    });

    it('purges through the Cloudflare API by tag, with the zone and token configured', async () => {
      const calls: { url: string; init: RequestInit }[] = [];
      const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        calls.push({ url: String(input), init: init ?? {} });
        return Response.json({ success: true });
      });
      try {
        await purgeCdn(
          {
            ENVIRONMENT: 'production',
            CDN_PURGE: 'cloudflare',
            CLOUDFLARE_ZONE_ID: 'zone-1',
            CLOUDFLARE_API_TOKEN: 'token-1',
          },
          ['site-a'],
        );
      } finally {
        spy.mockRestore();
      }
      expect(calls).toHaveLength(1);
      expect(calls[0]?.url).toBe('https://api.cloudflare.com/client/v4/zones/zone-1/purge_cache');
      expect(calls[0]?.init.method).toBe('POST');
      expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer token-1');
      expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ tags: ['site-a'] });
    });

    it('never purges from a misconfigured store: a missing token or local purging in production is logged, not thrown', async () => {
      const before = localPurgeLog().length;
      await purgeCdn({ ENVIRONMENT: 'production', CDN_PURGE: 'local' }, ['site-x']);
      await purgeCdn({ ENVIRONMENT: 'production', CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'zone' }, ['site-x']);
      await purgeCdn({ ENVIRONMENT: 'production', CDN_PURGE: 'none' }, ['site-x']);
      expect(localPurgeLog().length).toBe(before);
    });
  });
});

/**
 * Version history in workerd: a product edited twice lists its versions (the one before the first
 * edit too, then each save with who made it), shows one as it was, and is restored to it through the
 * one edit path, so the storefront shows the restored price at once; the newest 20 are kept; a page's
 * saves are versions too; roles, the crumb and unknown versions are refused.
 */
describe('content-versions', () => {
  const [OWNER, , EDITOR, VIEWER] = DEMO_MERCHANTS;
  const CANDLE = '/api/console/products/p-candle';
  const HISTORY = '/api/console/versions/product/p-candle';

  interface VersionRow {
    id: number;
    at: number;
    who: string | null;
  }

  async function setPrice(merchant: Visitor, cents: number): Promise<void> {
    const { body } = await merchant.json<{ product: ProductForm }>('GET', CANDLE);
    const form = { ...body.product, variants: body.product.variants.map((v) => ({ ...v, price: cents })) };
    expect((await merchant.json('PUT', CANDLE, form)).status).toBe(200);
  }

  describe('version history', () => {
    it('restores a product edited twice to its first version, and the storefront shows the restored price', async () => {
      const owner = await signedIn(OWNER);
      expect((await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions).toEqual([]);
      await setPrice(owner, 3600);
      await setPrice(owner, 4100);
      expect(await (await owner.fetch('/shop/p/candle')).text()).toContain('$41.00');

      const listed = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
      expect(listed.map((v) => v.who)).toEqual([OWNER?.email, OWNER?.email, null]);
      const [latest, , original] = listed;
      expect(latest?.at).toBeGreaterThan(0);

      const shown = await owner.json<{ title: string; product: ProductForm }>('GET', `${HISTORY}/${original?.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.title).toBe('Cedar Candle');
      expect(shown.body.product.variants.map((v) => v.price)).toEqual([3200]);

      const restored = await owner.json('POST', `${HISTORY}/${original?.id}/restore`, {});
      expect(restored.status).toBe(200);
      expect(await (await owner.fetch('/shop/p/candle')).text()).toContain('$32.00');
      const form = (await owner.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
      expect(form.variants.map((v) => v.price)).toEqual([3200]);
      // The restore is a save like another: the newest version now.
      const after = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
      expect(after).toHaveLength(4);
      expect(after[0]?.who).toBe(OWNER?.email);
    });

    it(`keeps the newest ${VERSIONS_KEPT} versions of a product`, async () => {
      const owner = await signedIn(OWNER);
      for (let i = 0; i < VERSIONS_KEPT + 3; i++) await setPrice(owner, 1000 + i);
      const listed = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
      expect(listed).toHaveLength(VERSIONS_KEPT);
      const newest = await owner.json<{ product: ProductForm }>('GET', `${HISTORY}/${listed[0]?.id}`);
      expect(newest.body.product.variants[0]?.price).toBe(1000 + VERSIONS_KEPT + 2);
    });

    it('records a page’s saves, and restores one', async () => {
      const editor = await signedIn(EDITOR);
      const charts = (title: string) => ({
        charts: [{ id: null, title, columns: ['Mugs'], rows: [{ label: 'March', values: ['12'] }] }],
      });
      expect((await editor.json('PUT', '/api/console/pages/c-contact/charts', charts('Firings'))).status).toBe(200);
      expect((await editor.json('PUT', '/api/console/pages/c-contact/charts', { charts: [] })).status).toBe(200);
      expect(await (await editor.fetch('/contact')).text()).not.toContain('Firings');
      const history = '/api/console/versions/page/c-contact';
      const listed = (await editor.json<{ versions: VersionRow[] }>('GET', history)).body.versions;
      expect(listed.map((v) => v.who)).toEqual([EDITOR?.email, EDITOR?.email, null]);
      const withChart = listed[1];
      const shown = await editor.json<{ title: string }>('GET', `${history}/${withChart?.id}`);
      expect(shown.body.title).toBe('Contact');
      expect((await editor.json('POST', `${history}/${withChart?.id}/restore`, {})).status).toBe(200);
      expect(await (await editor.fetch('/contact')).text()).toContain('Firings');
    });

    it('refuses the signed-out, roles without the permission, a missing crumb and unknown versions', async () => {
      const [anonymous, editor, viewer, owner] = await Promise.all([
        signedIn(undefined),
        signedIn(EDITOR),
        signedIn(VIEWER),
        signedIn(OWNER),
      ]);
      expect((await anonymous.json<{ error: string }>('GET', HISTORY)).body.error).toBe(MERCHANT_MESSAGES.signIn);
      // A product's history is commerce; a page's is content.
      expect((await editor.json<{ error: string }>('GET', HISTORY)).body.error).toBe(MERCHANT_MESSAGES.forbidden);
      expect((await viewer.json('GET', '/api/console/versions/page/c-contact')).status).toBe(403);
      await setPrice(owner, 2900);
      const [first] = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
      expect((await viewer.json('POST', `${HISTORY}/${first?.id}/restore`, {})).status).toBe(403);
      const noCrumb = await owner.fetch(`${HISTORY}/${first?.id}/restore`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(noCrumb.status).toBe(403);
      for (const path of [`${HISTORY}/999999`, `${HISTORY}/nope`, '/api/console/versions/product/p-nothing/1']) {
        const answer = await owner.json<{ error: string }>('GET', path);
        expect(answer.status).toBe(404);
        expect(answer.body.error).toBe(ITEM_MESSAGES.unknownVersion);
      }
      expect((await owner.json('POST', `${HISTORY}/999999/restore`, {})).status).toBe(404);
    });
  });
});
