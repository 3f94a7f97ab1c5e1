/**
 * The worker with the deployed configuration's variables (production): no store on unknown hosts,
 * no demo accounts, `__Host-` cookies that plain (plantable) names cannot stand in for, rate limits
 * on the connecting address, a captcha that fails closed, and pages that set a cookie kept out of
 * shared caches. The development counterparts run in the other worker tests (the pool's mode).
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentObjects } from '../../src/durable/stubs';
import { FORM_MESSAGES } from '../../src/forms/validate';
import { DEMO_MERCHANTS, DEMO_SHOPPER, DEMO_SITE_ID, demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite } from '../../src/site/published/store';
import { PRODUCTION_VARS, Visitor, type VisitorOptions } from './visitor';

const SHOP = 'https://shop.prod.test';
const SHOP_ID = 'prod-shop';
const RESTOCK = '/api/site-users/account/notifications/restock';
const MUG = { productId: 'p-ceramic-mug', variantId: 'v14' };
const LOCAL_TOKEN = 'local:product_waitlist:0123456789abcdef';

let addresses = 0;
/** A connecting address of its own per visitor, so the tests' rate-limit buckets never meet. */
function freshAddress(): string {
  addresses += 1;
  return `198.18.${addresses >> 8}.${addresses & 255}`;
}

function shopper(origin = SHOP, options: VisitorOptions = {}): Visitor {
  return new Visitor(origin, { vars: PRODUCTION_VARS, headers: { 'cf-connecting-ip': freshAddress() }, ...options });
}

beforeAll(async () => {
  const site = demoSite();
  site.website.id = SHOP_ID;
  await publishSite(contentObjects(env), site);
  await mapHost(env.SITE_CONTENT, 'shop.prod.test', SHOP_ID);
  await publishSite(contentObjects(env), demoSite());
  await mapHost(env.SITE_CONTENT, 'demo.prod.test', DEMO_SITE_ID);
});

/**
 * Fetches `path(n)` for n = 0, 1, … until a 429 (at most `most` times): how many were answered
 * before it, or -1 if none was refused. Each limit is a fixed window of a minute: a run that crosses
 * a window's end may take up to twice the limit before it is refused, never fewer than the limit.
 */
async function untilRefused(visitor: Visitor, path: (n: number) => string, most: number): Promise<number> {
  for (let n = 0; n < most; n++) {
    const res = await visitor.fetch(path(n));
    await res.arrayBuffer();
    if (res.status === 429) {
      expect(res.headers.get('retry-after')).toBe('10');
      expect(res.headers.get('cache-control')).toBe('no-store');
      return n;
    }
  }
  return -1;
}

describe('production (the deployed configuration)', () => {
  it('serves no store on a host it does not know, localhost included', async () => {
    for (const origin of ['https://unknown.example', 'https://localhost', 'http://localhost:8787']) {
      const visitor = shopper(origin);
      const page = await visitor.fetch('/shop');
      expect(page.status, origin).toBe(404);
      expect(await page.text()).toContain('<h1>No store at this address</h1>');
      expect(await visitor.json('GET', '/api/commerce/shopping-cart')).toEqual({
        status: 404,
        body: { error: 'No store at this address' },
      });
    }
  });

  it('creates no demo accounts: the README passwords sign nobody in, even on a host mapped to the demo site', {
    timeout: 120_000,
  }, async () => {
    const visitor = await shopper('https://demo.prod.test').open('/');
    expect(visitor.crumb).toMatch(/^[0-9a-f]{32}$/);
    const signIn = await visitor.json('POST', '/api/site-users/account/session', {
      email: DEMO_SHOPPER.email,
      password: DEMO_SHOPPER.password,
    });
    expect(signIn).toEqual({ status: 401, body: { error: 'Your email or password is incorrect.' } });
    for (const member of DEMO_MERCHANTS) {
      const merchant = await shopper('https://demo.prod.test').open('/');
      const res = await merchant.json('POST', '/api/merchant/session', {
        email: member.email,
        password: member.password,
      });
      expect(res, member.email).toEqual({ status: 401, body: { error: 'Your email or password is incorrect.' } });
    }
  });

  it('ignores the plain cookie names a sibling subdomain could plant: crumb and CART count only as __Host-', async () => {
    const owner = await shopper().open('/shop/p/candle');
    const added = await owner.send('POST', '/api/commerce/shopping-cart/entries', {
      itemId: 'p-candle',
      sku: 'SQ1021',
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const cartId = owner.cookies.get('__Host-CART') ?? '';
    expect(cartId).toMatch(/^[0-9a-f]{32}$/);

    const planted = 'b'.repeat(32);
    const victim = shopper();
    const headers = {
      cookie: `crumb=${planted}; CART=${cartId}`,
      'x-csrf-token': planted,
      'content-type': 'application/json',
    };
    const forged = await victim.fetch('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers,
      body: JSON.stringify({ itemId: 'p-candle', sku: 'SQ1021', quantity: 1 }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ crumbFail: true });
    const read = await victim.fetch('/api/commerce/shopping-cart', { headers: { cookie: `CART=${cartId}` } });
    expect(((await read.json()) as { id: string | null }).id).toBeNull();
  });
});

describe('rate limits in production', () => {
  const over = async (visitor: Visitor) => {
    const res = await visitor.send('POST', RESTOCK, {});
    await res.arrayBuffer();
    return res.status === 429;
  };

  it('count the connecting address, never the crumb: new crumbs from one IPv6 /64 share one bucket, another /64 has its own', {
    timeout: 120_000,
  }, async () => {
    const prefix = `2001:db8:${(Date.now() & 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const refusals: boolean[] = [];
    // 10 a minute: 21 calls see a 429 even if a minute boundary passes between them.
    for (let i = 1; i <= 21; i++) {
      const visitor = await shopper(SHOP, {
        headers: { 'cf-connecting-ip': `${prefix}:${i.toString(16)}::${i.toString(16)}` },
      }).open('/shop/p/ceramic-mug');
      refusals.push(await over(visitor));
    }
    expect(refusals.slice(0, 10)).not.toContain(true);
    expect(refusals).toContain(true);
    const neighbour = await shopper(SHOP, {
      headers: { 'cf-connecting-ip': `${prefix.slice(0, prefix.lastIndexOf(':'))}:ffff::1` },
    }).open('/shop/p/ceramic-mug');
    expect(await over(neighbour)).toBe(false);
  });

  it('put requests without a connecting address in one shared bucket, whatever crumb they bring', {
    timeout: 120_000,
  }, async () => {
    const refusals: boolean[] = [];
    for (let i = 0; i < 21; i++)
      refusals.push(await over(await shopper(SHOP, { headers: {} }).open('/shop/p/ceramic-mug')));
    expect(refusals).toContain(true);
  });

  it('in development tell visitors on the one loopback address apart by their crumb', {
    timeout: 120_000,
  }, async () => {
    const refusals: boolean[] = [];
    for (let i = 0; i < 21; i++)
      refusals.push(
        await over(
          await new Visitor('http://limits-by-crumb.test', { headers: { 'cf-connecting-ip': '127.0.0.1' } }).open(
            '/shop/p/ceramic-mug',
          ),
        ),
      );
    expect(refusals).not.toContain(true);
  });
});

describe('captcha in production', () => {
  const signUp = async (vars: Partial<Env>) => {
    const visitor = await shopper(SHOP, { vars }).open('/shop/p/ceramic-mug');
    return visitor.json('POST', RESTOCK, {
      ...MUG,
      siteVisitorEmail: 'reader@example.com',
      recaptchaEnterpriseV3Token: LOCAL_TOKEN,
    });
  };

  it('fails closed: local tokens, an unknown provider and missing reCAPTCHA secrets are all refused with the captcha message', async () => {
    const refused = { status: 400, body: { error: FORM_MESSAGES.captcha } };
    expect(await signUp({ ...PRODUCTION_VARS, CAPTCHA_PROVIDER: 'local' })).toEqual(refused);
    expect(await signUp({ ...PRODUCTION_VARS, CAPTCHA_PROVIDER: 'recaptcha' })).toEqual(refused);
    expect(await signUp(PRODUCTION_VARS)).toEqual(refused);
    expect(await signUp({ ENVIRONMENT: 'development', CAPTCHA_PROVIDER: 'local' })).toEqual({
      status: 200,
      body: { signedUp: true, created: true },
    });
  });
});

describe('page caching with cookies', () => {
  it('sends pages without a cookie, the same from the page cache; the crumb is __Host- from /api/crumb', async () => {
    // A page that shows no stock, so it keeps the long cache lifetime (a product list is kept STOCK_FRESH_SECONDS).
    const path = '/blog';
    const first = await shopper().fetch(path);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400',
    );

    const returning = shopper();
    returning.cookies.set('__Host-crumb', 'c'.repeat(32));
    const cached = await returning.fetch(path);
    expect(cached.headers.get('x-page-cache')).toBe('hit');
    expect(cached.headers.get('set-cookie')).toBeNull();
    expect(cached.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400',
    );

    const issued = await shopper().fetch('/api/crumb');
    expect(issued.headers.get('set-cookie')).toMatch(
      /^__Host-crumb=[0-9a-f]{32}; Max-Age=31536000; Path=\/; Secure; SameSite=Lax$/,
    );
  });

  it('keeps no-store on pages that are not cached at all', async () => {
    const missing = await shopper().fetch('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('set-cookie')).toBeNull();
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
  it('renders at most 120 pages a minute for queries one address chose, then 429s; cached answers, other addresses and pages without a query still answer', {
    timeout: 120_000,
  }, async () => {
    const visitor = shopper();
    // Blog lists show no stock, so a page kept stays kept for the whole test (a page that shows stock
    // is kept one STOCK_FRESH_SECONDS slot, and the next slot's read would count as a render).
    expect(await untilRefused(visitor, (n) => `/blog?tag=word${n}`, 241)).toBeGreaterThanOrEqual(120);
    const over = await visitor.fetch('/shop?category=Home&tag=new');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('10');
    expect(over.headers.get('cache-control')).toBe('no-store');
    expect(await over.text()).toContain('<h1>Please try again in a few seconds.</h1>');
    // A page already kept is answered from the cache, not rendered: it does not count.
    const kept = await visitor.fetch('/blog?tag=word0');
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-page-cache')).toBe('hit');
    await kept.arrayBuffer();
    // utm tags are not a query the page reads, and a product page reads none.
    for (const path of ['/shop/p/ceramic-mug?utm_source=x', '/shop']) {
      const page = await visitor.fetch(path);
      expect(page.status, path).toBe(200);
      await page.arrayBuffer();
    }
    const other = await shopper().fetch('/blog?tag=word-other');
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });
});

describe('reads and renders no cache answers, in production', () => {
  it('counts every ?format=json page context against the render limit, search included', {
    timeout: 120_000,
  }, async () => {
    const refusedAfter = await untilRefused(
      shopper(),
      (n) => (n % 2 === 0 ? '/shop?format=json' : `/search?q=word${n}&format=json`),
      241,
    );
    expect(refusedAfter).toBeGreaterThanOrEqual(120);
    const other = await shopper().fetch('/shop?format=json');
    expect(other.status).toBe(200);
  });

  it('counts every 404 render against the render limit (unknown paths are endless, never kept)', {
    timeout: 240_000,
  }, async () => {
    const visitor = shopper();
    const refusedAfter = await untilRefused(visitor, (n) => `/no-such-page-${n}`, 241);
    expect(refusedAfter).toBeGreaterThanOrEqual(120);
    const page = await visitor.fetch('/no-such-page-again');
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('<h1>Please try again in a few seconds.</h1>');
    // A cached page still answers the same address.
    const kept = await visitor.fetch('/gifts');
    expect(kept.status).toBe(200);
    await kept.arrayBuffer();
  });

  it('limits stock reads and every other API GET that reaches a website object, per connecting address', {
    timeout: 120_000,
  }, async () => {
    const visitor = shopper();
    const reads = [
      '/api/commerce/inventory/stock/?itemId=p-ceramic-mug',
      '/api/commerce/shopping-cart',
      '/api/site-users/account/session',
    ];
    const refusedAfter = await untilRefused(visitor, (n) => reads[n % reads.length] ?? '', 1201);
    expect(refusedAfter).toBeGreaterThanOrEqual(600);
    const res = await visitor.fetch('/api/commerce/inventory/stock/?itemId=p-ceramic-mug');
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: 'Please try again in a few seconds.' });
    // Page misses read the content object too; another address still reads.
    expect((await visitor.fetch('/shop?tag=limited')).status).toBe(429);
    const other = await shopper().fetch('/api/commerce/inventory/stock/?itemId=p-ceramic-mug');
    expect(other.status).toBe(200);
    expect(((await other.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });

  it('counts design previews against the render limit (any visitor may ask for one; never kept)', {
    timeout: 120_000,
  }, async () => {
    expect(await untilRefused(shopper(), (n) => `/gifts?design-preview=${n}`, 241)).toBeGreaterThanOrEqual(120);
  });

  it('counts mailing-list confirmation links (a token lookup and a page no cache keeps) against both limits', {
    timeout: 120_000,
  }, async () => {
    const visitor = shopper();
    expect(
      await untilRefused(visitor, (n) => `/confirm-subscription?token=${n.toString(16).padStart(64, '0')}`, 241),
    ).toBeGreaterThanOrEqual(120);
    const page = await visitor.fetch(`/confirm-subscription?token=${'f'.repeat(64)}`);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('<h1>Please try again in a few seconds.</h1>');
  });

  it('counts sitemap files against the render limit', { timeout: 120_000 }, async () => {
    expect(await untilRefused(shopper(), () => '/sitemap.xml', 241)).toBeGreaterThanOrEqual(120);
  });

  it('counts none of them in development, where every client is one loopback address', {
    timeout: 120_000,
  }, async () => {
    // Straight to the app, as the production visitors are: thousands of calls through the test pool's worker entry slow down as they go.
    const local = new Visitor('http://reads-in-development.test', {
      vars: { ENVIRONMENT: 'development' },
      headers: { 'cf-connecting-ip': '127.0.0.1' },
    });
    // Over 600 reads, of which over 120 page contexts.
    expect(
      await untilRefused(
        local,
        (n) => (n % 2 === 0 ? '/shop?format=json' : '/api/commerce/inventory/stock/?itemId=p-ceramic-mug'),
        650,
      ),
    ).toBe(-1);
  });
});
