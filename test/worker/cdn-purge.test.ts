/**
 * A publish purges the website's pages from the CDN in front of the worker: every cacheable page
 * carries the website's cache tag, the content object purges that tag as it moves the version
 * pointer, and once more when KV has had time to show the new pointer everywhere.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { localPurgeLog, purgeCdn } from '../../src/integrations/cdn-purge';
import { contentObject } from '../../src/site/catalog';
import { demoSite } from '../../src/site/demo';
import { pageCacheTag } from '../../src/site/page-tags';
import { publishSite } from '../../src/site/store';
import { demoStoreOnHost } from './demo-on-host';

const storeOnHost = (name: string) => demoStoreOnHost('purge', name);

const purgesOf = (tag: string) => localPurgeLog().filter((tags) => tags.includes(tag)).length;

/** Waits for the object's purge, which runs after the publish has answered. */
async function purgedTimes(tag: string, times: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (purgesOf(tag) < times && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
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
    expect(await publishSite(env, site)).toHaveProperty('version');
    await purgedTimes(tag, 2);

    // The alarm's second purge is due 60 s later; move that time into the past and let the alarm run.
    const object = contentObject(env, websiteId);
    const due = await runInDurableObject(object, (_instance, state) =>
      Number(
        state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'cdnPurgeAgainAt'").one().value,
      ),
    );
    expect(due).toBeGreaterThan(Date.now() + 50_000);
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
