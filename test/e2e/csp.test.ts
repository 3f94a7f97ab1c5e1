/**
 * No injected markup runs in Chromium: a `<script>` and an event handler published in merchant text
 * fields (a collection title, a navigation title) and reflected from the URL (`?format=`, a 404
 * path, search, the instalment locale) never execute, while the store's own islands hydrate, the
 * merchant's trusted header code and a form's post-submit script (/form-fields) run, and the browser
 * reports no CSP violation for anything the store itself put on the page. A post title holding an
 * `<iframe srcdoc>` with a script and an `<img onerror>`, under an imported developer-platform
 * template that prints `{title}` as it is, shows as text at 1366 px and its script is never requested.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveSite, sendSite, sendTemplate } from '../../scripts/site/admin-client';
import { useChromium } from './browser';
import { storeUrl } from './store';

const browser = useChromium();

const PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
const HEADER_CODE = '<script>document.documentElement.dataset.headerCode = "ran";</script>';
const COLLECTION = 'csp-payloads';
/** The demo site and its owner (README.md; src/site/seed/demo.ts, which imports the theme files Node cannot load). */
const DEMO_SITE_ID = 'demo';
const OWNER = { email: 'owner@example.com', password: 'studio-goods-owner' };

/** The demo owner's API session, as the editor at /config has it (the crumb from /api/crumb echoed in X-CSRF-Token). */
async function ownerSession(): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  const call = async (method: string, path: string, body?: unknown) =>
    keep(
      await fetch(`${storeUrl}${path}`, {
        method,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/json',
          'x-csrf-token': cookies.get('crumb') ?? '',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  await (await call('GET', '/api/crumb')).arrayBuffer();
  const signIn = await call('POST', '/api/merchant/session', OWNER);
  if (!signIn.ok) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return call;
}

interface Visit {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
  problems: string[];
  /** Every URL the page and its frames asked for. */
  requests: string[];
}

/** A fresh browser context that records dialogs, CSP violations, CSP console errors and requests. */
async function visit(path: string, base = storeUrl, viewport?: { width: number; height: number }): Promise<Visit> {
  const context = await browser().newContext(viewport === undefined ? {} : { viewport });
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    const root = document.documentElement;
    root.dataset.cspViolations = (root.dataset.cspViolations ?? '') + event.violatedDirective + ' ' + event.blockedURI + '\\n';
  });`);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  const dialogs: string[] = [];
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) problems.push(message.text());
  });
  await page.goto(`${base}${path}`);
  return { context, page, dialogs, problems, requests };
}

async function expectNothingInjectedRan({ page, dialogs, problems }: Visit): Promise<void> {
  await page.waitForLoadState('load');
  expect(await page.evaluate('window.__pwned')).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
  expect(await page.evaluate("document.documentElement.dataset.cspViolations ?? ''")).toBe('');
}

describe('content security in Chromium', () => {
  let call: Awaited<ReturnType<typeof ownerSession>>;
  let navigation: unknown[] = [];
  let footer = '';
  let collectionId = '';

  beforeAll(async () => {
    call = await ownerSession();
    navigation =
      ((await (await call('GET', '/api/commondata/GetSiteLayout')).json()) as { layout: { links: unknown[] }[] })
        .layout[0]?.links ?? [];
    footer = ((await (await call('GET', '/api/site-header-footer')).json()) as { footer: string }).footer;
    const added = await call('POST', `/api/content-service/product/1.1/websites/${DEMO_SITE_ID}/products`, {
      navigationTitle: 'Payloads',
      title: `Payloads ${PAYLOAD}`,
      urlId: COLLECTION,
      description: PAYLOAD,
      enabled: true,
    });
    expect(added.status).toBe(200);
    collectionId = ((await added.json()) as { id: string }).id;
    const nav = await call('POST', '/api/widget/UpdateNavigation', {
      fieldName: 'main-navigation',
      templateId: 'default',
      navigation: { items: [...navigation, { title: PAYLOAD, url: `/${COLLECTION}` }] },
    });
    expect(nav.status, await nav.text()).toBe(200);
    const code = await call('PUT', '/api/site-header-footer', { header: HEADER_CODE, footer });
    expect(code.status, await code.text()).toBe(200);
  });

  afterAll(async () => {
    await call('PUT', '/api/site-header-footer', { header: '', footer });
    await call('POST', '/api/widget/UpdateNavigation', {
      fieldName: 'main-navigation',
      templateId: 'default',
      navigation: { items: navigation },
    });
    await call('DELETE', `/api/content-service/product/1.1/websites/${DEMO_SITE_ID}/products/${collectionId}`);
  });

  it('runs no script from merchant text fields, while islands hydrate and the trusted header code runs', async () => {
    // An empty collection for a visitor with no cart has no island to hydrate (only the hidden cart pill).
    const shop = await visit(`/${COLLECTION}`);
    expect(await shop.page.locator('h1').textContent()).toBe(`Payloads ${PAYLOAD}`);
    expect(await shop.page.locator('.site-nav a', { hasText: 'window.__pwned=1' }).textContent()).toBe(PAYLOAD);
    expect(await shop.page.evaluate('document.documentElement.dataset.headerCode')).toBe('ran');
    await expectNothingInjectedRan(shop);
    await shop.context.close();

    // On a product page the payload is in the navigation; adding to the cart still works.
    const product = await visit('/shop/p/candle');
    await product.page.waitForSelector('html[data-islands="hydrated"]');
    expect(await product.page.locator('[data-island][data-hydrated="true"]').count()).toBe(
      await product.page.locator('[data-island]').count(),
    );
    await product.page.click('.ProductItem-form .sqs-add-to-cart-button');
    await expect.poll(() => product.page.locator('.CartPill-count').textContent(), { timeout: 15_000 }).toBe('1');
    // The page is styled: the critical CSS (allowed by its hash) applies.
    expect(await product.page.evaluate("getComputedStyle(document.querySelector('.skip-link')).position")).toBe(
      'absolute',
    );
    await expectNothingInjectedRan(product);
    await product.context.close();
  });

  it("runs a form's post-submit script from the site data", async () => {
    const showcase = await visit('/form-fields');
    await showcase.page.waitForSelector('html[data-islands="hydrated"]');
    await showcase.page.fill('input[name="name-First"]', 'Ada');
    await showcase.page.fill('input[name="name-Last"]', 'Lovelace');
    await showcase.page.fill('#f-field-types-email', 'ada@example.com');
    await showcase.page.fill('#f-field-types-message', 'Do you ship to Canada?');
    await showcase.page.click('.FormBlock form button[type="submit"]');
    await expect
      .poll(() => showcase.page.evaluate('document.documentElement.dataset.postSubmit'), { timeout: 15_000 })
      .toBe('ran');
    await expectNothingInjectedRan(showcase);
    await showcase.context.close();
  });

  it('runs no script reflected from the URL', async () => {
    const q = encodeURIComponent(PAYLOAD);
    for (const path of [
      `/?format=${q}`,
      `/nope/${q}`,
      `/search?q=${q}`,
      `/integrations/instalments/afterpay/${q}`,
      `/shop?page=${q}`,
    ]) {
      const reflected = await visit(path);
      await expectNothingInjectedRan(reflected);
      await reflected.context.close();
    }
  });
});

describe('an imported template printing a hostile post title, in Chromium', () => {
  const INJECTED_SCRIPT = '/injected-by-title.js';
  const TITLE = `<iframe srcdoc="<script src=${INJECTED_SCRIPT}></script>"></iframe><img src=x onerror="window.__pwned=3">`;
  const HOST = 'hostile-title.localhost';
  const base = `http://${HOST}:${new URL(storeUrl).port}`;
  const POST = '/blog/how-we-fire-mugs';

  /** The fixture template (test/fixtures/developer-platform), which prints `<h1>{title}</h1>`, as the importer sends it. */
  function fixtureTheme(): Record<string, string> {
    const dir = 'test/fixtures/developer-platform';
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((path) =>
      statSync(join(dir, path)).isFile(),
    );
    return {
      ...Object.fromEntries(files.map((path) => [path.split('\\').join('/'), readFileSync(join(dir, path), 'utf8')])),
      'styles/compiled.css': '',
    };
  }

  beforeAll(async () => {
    const demo = await receiveSite({ url: storeUrl });
    const items = (demo.site.items as { urlId?: string; collectionId?: string; title?: string }[]).map((item) =>
      item.collectionId === 'c-blog' && item.urlId === 'how-we-fire-mugs' ? { ...item, title: TITLE } : item,
    );
    const site = {
      ...demo.site,
      items,
      website: { ...(demo.site.website as Record<string, unknown>), id: 'template-hostile-title' },
    };
    const target = { url: storeUrl, host: HOST };
    await sendSite(target, 'import', site);
    await sendTemplate(target, fixtureTheme(), []);
  }, 120_000);

  it('shows the title as text at 1366 px; its frame, script and handler never load or run', async () => {
    for (const path of [POST, '/blog']) {
      const hostile = await visit(path, base, { width: 1366, height: 900 });
      await hostile.page.waitForLoadState('load');
      // A frame that should not exist would have asked for its script before the network went quiet.
      await hostile.page.waitForLoadState('networkidle');
      expect(
        hostile.requests.filter((url) => url.includes(INJECTED_SCRIPT)),
        path,
      ).toEqual([]);
      await expectNothingInjectedRan(hostile);
      expect(await hostile.page.locator('iframe, img[src="x"]').count()).toBe(0);
      if (path === POST) expect(await hostile.page.locator('article.fixture-post h1').textContent()).toBe(TITLE);
      else
        expect(
          await hostile.page.locator('.fixture-post-summary a', { hasText: 'injected-by-title' }).textContent(),
        ).toBe(TITLE);
      await hostile.context.close();
    }
  });
});
