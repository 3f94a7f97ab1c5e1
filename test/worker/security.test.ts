/** Security headers on pages and API answers, the per-response CSP nonce, and the cookie audit. */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS, DEMO_SHOPPER, demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import app from '../../src/worker';
import { Visitor } from './visitor';

function expectCommonHeaders(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
}

describe('security headers', () => {
  it('gives every page a CSP with a fresh nonce that its scripts and styles carry, also from the cache', async () => {
    const visitor = new Visitor();
    const nonces: string[] = [];
    for (const cache of ['miss', 'hit']) {
      const res = await visitor.fetch('/shop/p/candle');
      expect(res.headers.get('x-page-cache')).toBe(cache);
      expectCommonHeaders(res);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
      expect(csp).not.toContain("script-src 'unsafe-inline'");
      expect(csp).toContain("object-src 'none'");
      const html = await res.text();
      expect(html).toContain(`<style nonce="${nonce}">`);
      for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    // A revalidated page keeps the CSP of the copy the browser has (whose nonces it matches).
    const etag = (await visitor.fetch('/shop/p/candle')).headers.get('etag') ?? '';
    const notModified = await visitor.fetch('/shop/p/candle', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-security-policy')).toBeNull();
    expectCommonHeaders(notModified);
  });

  it('locks API answers down: no scripts, no framing, no sniffing, also for errors', async () => {
    for (const path of ['/api/commerce/shopping-cart', '/api/nope', '/api/commerce/inventory/stock/']) {
      const res = await new Visitor().fetch(path);
      expectCommonHeaders(res);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      await res.arrayBuffer();
    }
  });
});

describe('cookie audit', () => {
  it('sets every cookie with the attributes it needs: HttpOnly unless the page script reads it, SameSite always', async () => {
    const visitor = await new Visitor().open('/contact');
    const cookies: string[] = [];
    const collect = async (res: Response) => {
      cookies.push(...res.headers.getAll('set-cookie'));
      await res.arrayBuffer();
    };
    await collect(await new Visitor().fetch('/'));
    await collect(await visitor.send('POST', '/api/commerce/shopping-cart/entries', { itemId: 'p-candle', sku: 'SQ1021', quantity: 1 }));
    await collect(await visitor.send('POST', '/api/site-users/account/session', { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }));
    await collect(await visitor.send('POST', '/api/merchant/session', { email: DEMO_MERCHANTS[0].email, password: DEMO_MERCHANTS[0].password }));
    const byName = new Map(cookies.map((c) => [c.slice(0, c.indexOf('=')), c]));
    const rules: [string, boolean, string][] = [
      ['crumb', false, 'Lax'],
      ['CART', false, 'Lax'],
      ['SiteUserInfo', false, 'Lax'],
      ['SiteUserSession', true, 'Lax'],
      ['MerchantSession', true, 'Strict'],
    ];
    for (const [name, httpOnly, sameSite] of rules) {
      const cookie = byName.get(name) ?? '';
      expect(cookie, name).toContain(`SameSite=${sameSite}`);
      expect(cookie.includes('HttpOnly'), name).toBe(httpOnly);
    }
  });

  it('marks cookies Secure outside local development', async () => {
    const site = demoSite();
    site.website.id = 'secure-test';
    await publishSite(env.SITE_CONTENT, site);
    await mapHost(env.SITE_CONTENT, 'secure.test', 'secure-test');
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('https://secure.test/blog'), { ...env, ENVIRONMENT: 'production' }, ctx);
    await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    expect(res.headers.get('set-cookie')).toMatch(/^crumb=[0-9a-f]{32}; .*Secure/);
  });
});
