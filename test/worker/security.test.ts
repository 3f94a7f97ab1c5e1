/** Security headers on pages and API answers, the per-response CSP nonce, and the cookie audit. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS, DEMO_SHOPPER, demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import { hashPassword } from '../../src/durable/passwords';
import { PRODUCTION_VARS, Visitor } from './visitor';

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
  const rules: [string, boolean, string][] = [
    ['crumb', false, 'Lax'],
    ['CART', false, 'Lax'],
    ['SiteUserInfo', false, 'Lax'],
    ['SiteUserSession', true, 'Lax'],
    ['MerchantSession', true, 'Strict'],
  ];

  /** Every cookie the worker sets on a visit: a page, an add to cart, a visitor and a merchant sign-in. */
  async function cookiesOfAVisit(visitor: Visitor, shopper: { email: string; password: string }, merchant: { email: string; password: string }): Promise<Map<string, string>> {
    const cookies: string[] = [];
    const collect = async (res: Response) => {
      cookies.push(...res.headers.getAll('set-cookie'));
      await res.arrayBuffer();
    };
    await collect(await visitor.fetch('/contact'));
    await collect(await visitor.send('POST', '/api/commerce/shopping-cart/entries', { itemId: 'p-candle', sku: 'SQ1021', quantity: 1 }));
    await collect(await visitor.send('POST', '/api/site-users/account/session', { email: shopper.email, password: shopper.password }));
    await collect(await visitor.send('POST', '/api/merchant/session', { email: merchant.email, password: merchant.password }));
    return new Map(cookies.map((c) => [c.slice(0, c.indexOf('=')), c]));
  }

  it('in development sets every cookie under its plain name: HttpOnly unless the page script reads it, SameSite always, not Secure on http://localhost', { timeout: 60_000 }, async () => {
    const byName = await cookiesOfAVisit(new Visitor(), DEMO_SHOPPER, DEMO_MERCHANTS[0]);
    expect([...byName.keys()].sort()).toEqual(rules.map(([name]) => name).sort());
    for (const [name, httpOnly, sameSite] of rules) {
      const cookie = byName.get(name) ?? '';
      expect(cookie, name).toContain(`SameSite=${sameSite}`);
      expect(cookie, name).toContain('Path=/');
      expect(cookie.includes('HttpOnly'), name).toBe(httpOnly);
      expect(cookie, name).not.toContain('Secure');
    }
  });

  it('in production sets every cookie as __Host-: Secure, Path=/, no Domain, with the same HttpOnly and SameSite', { timeout: 60_000 }, async () => {
    const site = demoSite();
    site.website.id = 'secure-test';
    await publishSite(env.SITE_CONTENT, site);
    await mapHost(env.SITE_CONTENT, 'secure.test', 'secure-test');
    const shopper = { email: 'audit@example.com', password: 'audit-shopper-password' };
    const merchant = { email: 'audit-owner@example.com', password: 'audit-owner-password' };
    await env.SITE_USERS.get(env.SITE_USERS.idFromName('secure-test')).ensureUser(shopper.email, await hashPassword(shopper.password));
    await env.MERCHANTS.get(env.MERCHANTS.idFromName('secure-test')).ensureMember(merchant.email, await hashPassword(merchant.password), [1]);
    const visitor = new Visitor('https://secure.test', { vars: PRODUCTION_VARS, headers: { 'cf-connecting-ip': '192.0.2.10' } });
    const byName = await cookiesOfAVisit(visitor, shopper, merchant);
    expect([...byName.keys()].sort()).toEqual(rules.map(([name]) => `__Host-${name}`).sort());
    for (const [name, httpOnly, sameSite] of rules) {
      const cookie = byName.get(`__Host-${name}`) ?? '';
      expect(cookie, name).toContain(`SameSite=${sameSite}`);
      expect(cookie, name).toContain('; Path=/;');
      expect(cookie, name).toContain('; Secure');
      expect(cookie, name).not.toMatch(/; Domain=/i);
      expect(cookie.includes('HttpOnly'), name).toBe(httpOnly);
    }
    const signedIn = await visitor.json<{ xsrfToken: string }>('GET', '/api/site-users/account/session');
    const signOut = await visitor.fetch('/api/site-users/account/session', { method: 'DELETE', headers: { 'x-csrf-token': visitor.crumb, 'x-siteuser-xsrf-token': signedIn.body.xsrfToken } });
    expect(signOut.status).toBe(200);
    const cleared = signOut.headers.getAll('set-cookie');
    for (const name of ['SiteUserSession', 'SiteUserInfo']) expect(cleared).toContain(`__Host-${name}=; Max-Age=0; Path=/; Secure`);
  });
});
