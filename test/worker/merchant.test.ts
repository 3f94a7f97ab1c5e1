/** The merchant side in workerd: sign-in, each call with each role (allowed, 403, 401), validation, all-or-nothing store creation, and changes showing on the storefront at once. */
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { EDIT_MESSAGES } from '../../src/site/edits/edits';
import {
  createStore,
  mainNavigationOf,
  NO_MAIN_NAVIGATION,
  type EditorCall,
} from '../../src/console/sections/catalog/store-creation';
import { LOCAL_SESSION_RECORDING_ID } from '../../src/integrations/session-recording';
import { Visitor } from './visitor';

const [OWNER, STORE, EDITOR, VIEWER] = DEMO_MERCHANTS;
const PRODUCTS = '/api/content-service/product/1.1/websites/demo/products';

async function merchant(account: (typeof DEMO_MERCHANTS)[number] | undefined): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  if (account === undefined) return visitor;
  const res = await visitor.json<{ roles: number[] }>('POST', '/api/merchant/session', {
    email: account.email,
    password: account.password,
  });
  expect(res).toEqual({ status: 200, body: { email: account.email, roles: [...account.roles] } });
  return visitor;
}

function caller(visitor: Visitor): EditorCall {
  return async ({ method, path }, body) => visitor.json(method, path, body);
}

describe('merchant sign-in and roles', () => {
  it('signs in with an HttpOnly SameSite=Strict cookie and refuses bad credentials', async () => {
    const visitor = await new Visitor().open();
    const bad = await visitor.json('POST', '/api/merchant/session', { email: OWNER?.email, password: 'nope' });
    expect(bad).toEqual({ status: 401, body: { error: 'Your email or password is incorrect.' } });
    const res = await visitor.send('POST', '/api/merchant/session', { email: OWNER?.email, password: OWNER?.password });
    expect(res.headers.getAll('set-cookie').find((c) => c.startsWith('MerchantSession='))).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/,
    );
    expect(
      await new Visitor().json('POST', '/api/site-users/account/session', {
        email: OWNER?.email,
        password: OWNER?.password,
      }),
    ).toMatchObject({ status: 403 });
  });

  // PUT /api/site-header-footer also needs the code-injection permission when it changes the code: test/worker/roles.test.ts.
  it('answers each call by role: allowed, 403 for the wrong role, 401 without a session', async () => {
    const calls: [string, string, unknown, 'read' | 'content' | 'commerce' | 'customerData'][] = [
      ['GET', '/api/commondata/GetSiteLayout', undefined, 'read'],
      ['GET', '/api/v1/commerce-preferences/checkout', undefined, 'read'],
      ['PUT', '/api/v1/commerce-preferences/checkout', { expressCheckout: true }, 'commerce'],
      ['GET', '/api/site-header-footer', undefined, 'read'],
      ['GET', '/api/multilingual/settings', undefined, 'read'],
      ['GET', '/api/multilingual/status', undefined, 'read'],
      ['GET', '/api/multilingual/languages', undefined, 'read'],
      ['PUT', '/api/multilingual/languages', { languages: ['en-US', 'fr-CA'] }, 'content'],
      ['GET', '/api/site-users/account/notifications/restock/groups', undefined, 'customerData'],
      ['GET', '/api/form/submissions?formId=f-contact', undefined, 'customerData'],
      // The mug's waiting variant (sold out, so none is sent: 200 with what stays waiting).
      [
        'POST',
        '/api/site-users/account/notifications/restock/send/all',
        { sendRequests: [{ productId: 'p-ceramic-mug', variantId: 'v14' }] },
        'commerce',
      ],
    ];
    const anonymous = await merchant(undefined);
    const owner = await merchant(OWNER);
    const store = await merchant(STORE);
    const editor = await merchant(EDITOR);
    const viewer = await merchant(VIEWER);
    const allowed = {
      read: [owner, store, editor, viewer],
      content: [owner, editor],
      commerce: [owner, store],
      customerData: [owner, store],
    };
    for (const [method, path, body, permission] of calls) {
      expect((await anonymous.json(method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      for (const who of [owner, store, editor, viewer]) {
        const status = (await who.json(method, path, body)).status;
        expect(status, `${method} ${path}`).toBe(allowed[permission].includes(who) ? 200 : 403);
      }
    }
  });
});

describe('the editor area', () => {
  it('serves the console shell at /config and every console path under it: not cached, not indexed, no store islands', async () => {
    for (const path of [
      '/config',
      '/config/',
      '/config/products',
      '/config/products/p-candle',
      '/config/invitation/abc',
    ]) {
      const res = await new Visitor().fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('<div id="console-root" class="Console" data-site-title="Studio Goods">');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).not.toContain('data-island');
    }
    expect((await new Visitor().fetch('/configure')).status).toBe(404);
    expect(await (await new Visitor().fetch('/robots.txt')).text()).toContain('Disallow: /config');
  });

  it('tells the console who is signed in: role names and what each permission allows', async () => {
    expect((await new Visitor().json('GET', '/api/merchant/session')).body).toEqual({ authenticated: false });
    const store = await merchant(STORE);
    expect((await store.json('GET', '/api/merchant/session')).body).toEqual({
      authenticated: true,
      email: STORE?.email,
      roles: [8],
      roleNames: ['Store manager'],
      websiteId: 'demo',
      can: {
        read: true,
        content: false,
        codeInjection: false,
        commerce: true,
        customerData: true,
        notifications: false,
        analytics: true,
        integrations: true,
        team: false,
        payments: false,
      },
    });
  });

  it('serves the analytics dashboard as the console section, its figures only to roles with analytics', async () => {
    // Signed out, /config/analytics is the console page, which shows the sign-in and then the section.
    const signedOut = await new Visitor().fetch('/config/analytics', { redirect: 'manual' });
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('cache-control')).toBe('no-store');
    expect(await signedOut.text()).toContain('<div id="console-root"');
    expect((await new Visitor().fetch('/api/census/summary')).status).toBe(401);
    expect((await new Visitor().fetch('/api/console/analytics')).status).toBe(401);
    const editor = await merchant(EDITOR);
    expect((await editor.fetch('/api/census/summary')).status).toBe(403);
    expect((await editor.fetch('/api/console/analytics')).status).toBe(403);
    const viewer = await merchant(VIEWER);
    expect((await viewer.fetch('/api/census/summary')).status).toBe(200);
    expect((await viewer.fetch('/api/console/analytics?days=90')).status).toBe(200);
  });
});

describe('analytics and merchant roles', () => {
  it('records page views of viewer-only merchants but not of the rest of the team', async () => {
    const hit = () =>
      new URLSearchParams({
        event: 'view',
        data: JSON.stringify({ websiteId: 'demo', url: 'http://localhost/shop', pageType: 1, title: 'Shop' }),
      }).toString();
    const send = (who: Visitor) =>
      who.fetch('/api/census/RecordHit', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: hit(),
      });
    expect((await send(await merchant(VIEWER))).status).toBe(200);
    expect((await send(await merchant(OWNER))).status).toBe(204);
    expect((await send(await merchant(STORE))).status).toBe(204);
    expect((await send(await merchant(undefined))).status).toBe(200);
  });
});

describe('merchant calls', () => {
  it('validates store creation with clear messages', async () => {
    const owner = await merchant(OWNER);
    const base = { navigationTitle: 'Sale', title: 'Sale', urlId: 'sale', description: '', enabled: true };
    expect((await owner.json('POST', PRODUCTS, { ...base, urlId: 'Bad Slug' })).body).toEqual({
      error: EDIT_MESSAGES.urlIdInvalid,
    });
    expect((await owner.json('POST', PRODUCTS, { ...base, urlId: 'shop' })).body).toEqual({
      error: EDIT_MESSAGES.urlIdTaken,
    });
    expect((await owner.json('POST', PRODUCTS, { ...base, urlId: 'cart' })).body).toEqual({
      error: EDIT_MESSAGES.urlIdReserved,
    });
    expect((await owner.json('POST', PRODUCTS, { ...base, title: '  ' })).body).toEqual({
      error: EDIT_MESSAGES.titleRequired,
    });
    expect((await owner.json('POST', '/api/content-service/product/1.1/websites/other/products', base)).status).toBe(
      404,
    );
    const category = await owner.json('POST', `${PRODUCTS}/c-shop/categories`, {
      displayName: 'x'.repeat(26),
      parentCategoryId: null,
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
    });
    expect(category.body).toEqual({ error: EDIT_MESSAGES.categoryTooLong });
  });

  it('creates a store in three steps, shown on the storefront and in the navigation at once', async () => {
    const owner = await merchant(OWNER);
    const created = await createStore(caller(owner), 'demo', {
      title: 'Ceramics',
      urlId: 'ceramics',
      description: 'Pots & cups',
      categoryName: 'All ceramics',
      addToNavigation: true,
    });
    expect(created.collectionId).toMatch(/^c-/);
    const page = await (await owner.fetch('/ceramics')).text();
    expect(page).toContain('<h1 id="collection-title" class="ProductList-title">Ceramics</h1>');
    expect(page).toContain('<div class="ProductList-description"><p>Pots &amp; cups</p></div>');
    expect(page).toContain('<a href="/ceramics" aria-current="page">Ceramics</a>');
    const layout = mainNavigationOf((await owner.json('GET', '/api/commondata/GetSiteLayout')).body);
    expect(layout.links.map((l) => l.url)).toEqual(['/shop', '/gifts', '/blog', '/contact', '/ceramics']);
  });

  it('leaves no half-made store when the category step fails', async () => {
    const owner = await merchant(OWNER);
    const failing: EditorCall = async (call, body) =>
      call.path.endsWith('/categories')
        ? { status: 500, body: { error: 'Internal server error' } }
        : caller(owner)(call, body);
    await expect(
      createStore(failing, 'demo', {
        title: 'Half',
        urlId: 'half',
        description: '',
        categoryName: 'All',
        addToNavigation: true,
      }),
    ).rejects.toThrow('Internal server error');
    expect((await owner.fetch('/half')).status).toBe(404);
    const layout = mainNavigationOf((await owner.json('GET', '/api/commondata/GetSiteLayout')).body);
    expect(layout.links.some((l) => l.url === '/half')).toBe(false);
    expect(
      (
        await owner.json('POST', PRODUCTS, {
          navigationTitle: 'Half',
          title: 'Half',
          urlId: 'half',
          description: '',
          enabled: true,
        })
      ).status,
    ).toBe(200);
    expect(() => mainNavigationOf({ layout: [] })).toThrow(NO_MAIN_NAVIGATION);
  });

  it('updates navigation (nested) and header and footer, visible on the next page load', async () => {
    const owner = await merchant(OWNER);
    const items = [
      { collectionId: 'c-shop', title: 'Shop all', children: [{ collectionId: 'c-gifts' }] },
      { url: '/contact', title: 'Contact' },
      { externalLink: 'https://example.com/press', title: 'Press' },
    ];
    expect(
      (
        await owner.json('POST', '/api/widget/UpdateNavigation', {
          fieldName: 'main-navigation',
          templateId: 'default',
          navigation: { items },
        })
      ).status,
    ).toBe(200);
    const home = await (await owner.fetch('/blog')).text();
    expect(home).toContain('<a href="/shop">Shop all</a>');
    expect(home).toContain('<a href="https://example.com/press">Press</a>');
    expect(home).not.toContain('>Journal</a>');
    const bad = await owner.json('POST', '/api/widget/UpdateNavigation', {
      fieldName: 'x',
      templateId: 'x',
      navigation: { items: [{ collectionId: 'c-nope' }] },
    });
    expect(bad).toEqual({
      status: 400,
      body: { error: 'Navigation refers to a collection that does not exist: c-nope' },
    });
    await owner.json('PUT', '/api/site-header-footer', {
      header: '<p class="promo">Free shipping this week</p>',
      footer: '<p>Visit us on Market Street</p>',
    });
    const page = await (await owner.fetch('/blog')).text();
    expect(page).toContain('<p class="promo">Free shipping this week</p>');
    expect(page).toContain('<p>Visit us on Market Street</p>');
    expect((await owner.json('GET', '/api/site-header-footer')).body).toEqual({
      header: '<p class="promo">Free shipping this week</p>',
      footer: '<p>Visit us on Market Street</p>',
    });
  });

  it('keeps commerce preferences per namespace, strips websiteId, and skips a save that changes nothing', async () => {
    const owner = await merchant(STORE);
    expect(
      (await owner.json('PUT', '/api/v1/commerce-preferences/restock', { websiteId: 'demo', emailFooter: 'Thanks!' }))
        .body,
    ).toEqual({ changed: true });
    expect((await owner.json('GET', '/api/v1/commerce-preferences/restock')).body).toEqual({
      websiteId: 'demo',
      emailFooter: 'Thanks!',
    });
    expect((await owner.json('PUT', '/api/v1/commerce-preferences/restock', { emailFooter: 'Thanks!' })).body).toEqual({
      changed: false,
    });
    expect((await owner.json('GET', '/api/v1/commerce-preferences/Bad!')).status).toBe(400);
  });

  it('manages languages and the multilingual connection', async () => {
    const owner = await merchant(EDITOR);
    expect(
      (await owner.json('PUT', '/api/multilingual/languages', { languages: ['fr-CA', 'fr-CA', 'de-DE'] })).body,
    ).toEqual({ languages: ['fr-CA', 'de-DE'] });
    expect((await owner.json('GET', '/api/multilingual/status')).body).toEqual({ connected: true, languageCount: 2 });
    expect((await owner.json('GET', '/api/multilingual/settings')).body).toEqual({
      primaryLanguage: 'en-US',
      connected: true,
      languages: ['fr-CA', 'de-DE'],
    });
    expect((await owner.json('PUT', '/api/multilingual/languages', { languages: ['!!'] })).status).toBe(400);
    expect((await owner.json('DELETE', '/api/multilingual/connection')).body).toEqual({ connected: false });
    expect((await owner.json('GET', '/api/multilingual/languages')).body).toEqual({ languages: [] });
  });

  it('searches addresses through the local provider and needs the tracking context for details', async () => {
    const editor = await merchant(EDITOR);
    const found = await editor.json<{ predictions: { placeId: string }[] }>(
      'GET',
      '/api/google-maps/places/autocomplete?input=market',
    );
    expect(found.body.predictions).toEqual([
      { placeId: 'local-market-st', description: '12 Market Street, San Francisco, CA 94103, USA' },
    ]);
    expect((await editor.json('GET', '/api/google-maps/places/details?placeId=local-market-st')).status).toBe(400);
    const details = await editor.json(
      'GET',
      '/api/google-maps/places/details?placeId=local-market-st&productPage=editor&productSection=location',
    );
    expect(details.body).toMatchObject({ formattedAddress: '12 Market Street, San Francisco, CA 94103, USA' });
    expect((await (await merchant(VIEWER)).json('GET', '/api/google-maps/places/autocomplete?input=x')).status).toBe(
      403,
    );
    // The development pool has the local stand-in (test/worker/trackers.test.ts has the production mock id).
    expect((await new Visitor().json('GET', '/api/commerce/fullstory/getId')).body).toMatchObject({
      id: LOCAL_SESSION_RECORDING_ID,
    });
  });
});
