/** Security headers on pages and API answers, the hash-based CSP of cached pages, and the cookie audit. */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS, DEMO_SHOPPER, demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import { cspHash, htmlCsp, NO_SOURCES } from '../../src/routes/content-security';
import app from '../../src/worker';
import { Visitor } from './visitor';

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
    expect(miss.csp).toContain(`script-src 'self' ${await cspHash('document.documentElement.dataset.postSubmit = "ran";')};`);
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
    expect(await bad.text()).toContain("<h1>Unknown format &#39;&lt;b&gt;&#39;</h1>");
    expect(bad.headers.get('content-security-policy')).toBe(htmlCsp(NO_SOURCES, env.CAPTCHA_PROVIDER));
    const config = await new Visitor().fetch('/config');
    const css = /<style>([\s\S]*?)<\/style>/.exec(await config.text())?.[1] ?? '';
    expect(config.headers.get('content-security-policy')).toContain(`style-src 'self' ${await cspHash(css)};`);
    expect(config.headers.get('content-security-policy')).toContain("script-src 'self';");
   }, 30_000);

  it('allows the reCAPTCHA hosts only for exactly that provider', () => {
    expect(htmlCsp(NO_SOURCES, 'recaptcha-enterprise')).toContain("script-src 'self' https://www.google.com https://www.gstatic.com;");
    for (const provider of ['local', 'Recaptcha-Enterprise', undefined]) expect(htmlCsp(NO_SOURCES, provider)).not.toContain('google');
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
