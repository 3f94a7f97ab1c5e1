import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS, DEMO_SHOPPER, demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import { hashPassword } from '../../src/durable/passwords';
import { cspHash, htmlCsp, NO_SOURCES } from '../../src/storefront/content-security';
import { PRODUCTION_VARS, Visitor } from './visitor';

function expectCommonHeaders(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
}

describe('security headers', () => {
  it('gives every page the same bytes and CSP from render and cache: no nonce, inline elements allowed by hash', async () => {
    const visitor = new Visitor();
    const answers: { csp: string; html: string }[] = [];
    for (const cache of ['miss', 'hit']) {
      const res = await visitor.fetch('/shop/p/candle');
      expect(res.headers.get('x-page-cache')).toBe(cache);
      expectCommonHeaders(res);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      answers.push({ csp: res.headers.get('content-security-policy') ?? '', html: await res.text() });
    }
    const [miss, hit] = answers as [{ csp: string; html: string }, { csp: string; html: string }];
    expect(hit).toEqual(miss);
    expect(miss.csp).not.toMatch(/'nonce-|'strict-dynamic'/);
    expect(miss.csp).toContain("object-src 'none'");
    expect(miss.html).not.toMatch(/nonce=|data-trust/);
    const css = /<style>([\s\S]*?)<\/style>/.exec(miss.html)?.[1] ?? '';
    expect(css).toContain('.site-header');
    expect(miss.csp).toContain(`style-src 'self' ${await cspHash(css)};`);
    // The contact form's post-submit script is created by SiteForm from the site data on every page's behalf.
    expect(miss.csp).toContain(
      `script-src 'self' ${await cspHash('document.documentElement.dataset.postSubmit = "ran";')};`,
    );
    // A revalidated page keeps the CSP of the copy the browser has.
    const etag = (await visitor.fetch('/shop/p/candle')).headers.get('etag') ?? '';
    const notModified = await visitor.fetch('/shop/p/candle', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-security-policy')).toBeNull();
    expectCommonHeaders(notModified);
  }, 30_000);

  it('gives other HTML the strict default, allowing a hand-built page only its own stylesheet', async () => {
    const bad = await new Visitor().fetch('/?format=%3Cb%3E');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('<h1>Unknown format &#39;&lt;b&gt;&#39;</h1>');
    expect(bad.headers.get('content-security-policy')).toBe(htmlCsp(NO_SOURCES));
    // The console's page has no inline style or script at all: its stylesheet and script are files.
    const config = await new Visitor().fetch('/config');
    expect(await config.text()).not.toMatch(/<style|<script>/);
    expect(config.headers.get('content-security-policy')).toContain("style-src 'self';");
    expect(config.headers.get('content-security-policy')).toContain("script-src 'self';");
  }, 30_000);

  it("allows reCAPTCHA's script paths, never its hosts, only for exactly that provider", () => {
    expect(htmlCsp(NO_SOURCES, 'recaptcha-enterprise')).toContain(
      "script-src 'self' https://www.google.com/recaptcha/enterprise.js https://www.gstatic.com/recaptcha/releases/;",
    );
    for (const provider of ['local', 'Recaptcha-Enterprise', undefined])
      expect(htmlCsp(NO_SOURCES, provider)).not.toContain('google');
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

  /** Every cookie the worker sets on a visit: a page, the page script's crumb call, an add to cart, a visitor and a merchant sign-in. */
  async function cookiesOfAVisit(
    visitor: Visitor,
    shopper: { email: string; password: string },
    merchant: { email: string; password: string },
  ): Promise<Map<string, string>> {
    const cookies: string[] = [];
    const collect = async (res: Response) => {
      cookies.push(...res.headers.getAll('set-cookie'));
      await res.arrayBuffer();
    };
    await collect(await visitor.fetch('/contact'));
    await collect(await visitor.fetch('/api/crumb'));
    await collect(
      await visitor.send('POST', '/api/commerce/shopping-cart/entries', {
        itemId: 'p-candle',
        sku: 'SQ1021',
        quantity: 1,
      }),
    );
    await collect(
      await visitor.send('POST', '/api/site-users/account/session', {
        email: shopper.email,
        password: shopper.password,
      }),
    );
    await collect(
      await visitor.send('POST', '/api/merchant/session', { email: merchant.email, password: merchant.password }),
    );
    return new Map(cookies.map((c) => [c.slice(0, c.indexOf('=')), c]));
  }

  it('in development sets every cookie under its plain name: HttpOnly unless the page script reads it, SameSite always, not Secure on http://localhost', {
    timeout: 60_000,
  }, async () => {
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

  it('in production sets every cookie as __Host-: Secure, Path=/, no Domain, with the same HttpOnly and SameSite', {
    timeout: 60_000,
  }, async () => {
    const site = demoSite();
    site.website.id = 'secure-test';
    await publishSite(env, site);
    await mapHost(env.SITE_CONTENT, 'secure.test', 'secure-test');
    const shopper = { email: 'audit@example.com', password: 'audit-shopper-password' };
    const merchant = { email: 'audit-owner@example.com', password: 'audit-owner-password' };
    await env.SITE_USERS.get(env.SITE_USERS.idFromName('secure-test')).ensureUser(
      shopper.email,
      await hashPassword(shopper.password),
    );
    await env.MERCHANTS.get(env.MERCHANTS.idFromName('secure-test')).ensureMember(
      merchant.email,
      await hashPassword(merchant.password),
      [1],
    );
    const visitor = new Visitor('https://secure.test', {
      vars: PRODUCTION_VARS,
      headers: { 'cf-connecting-ip': '192.0.2.10' },
    });
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
    const signOut = await visitor.fetch('/api/site-users/account/session', {
      method: 'DELETE',
      headers: { 'x-csrf-token': visitor.crumb, 'x-siteuser-xsrf-token': signedIn.body.xsrfToken },
    });
    expect(signOut.status).toBe(200);
    const cleared = signOut.headers.getAll('set-cookie');
    for (const name of ['SiteUserSession', 'SiteUserInfo'])
      expect(cleared).toContain(`__Host-${name}=; Max-Age=0; Path=/; Secure`);
  });
});
