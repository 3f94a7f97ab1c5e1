/**
 * The console's operations sections in Chromium against `wrangler dev`, driven as a merchant: a
 * shopper's orders (placed through the API) listed, one fulfilled with a tracking number and one
 * refunded after the confirm modal; orders found by the customer's name and exported as CSV, cancel
 * and refund each explained in its dialog (paid at 1366 px, fulfilled at 375 px); a discount code created (its field errors first) and applied
 * at checkout; a form submission read and exported as CSV (the file's contents checked); restock
 * emails sent after the confirm; analytics showing the revenue; each role seeing only its
 * sections (no customer data for Editor and Viewer); the owner's failed sign-ins in the Team
 * section at 1366 and 375 px. Axe on every screen (no serious or critical violations); screenshots
 * at 1366 and 768 px in test-artifacts/screenshots/console-*.png.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { REVIEW_SHOTS, reviewShot, useChromium } from './browser';
import { holdRequests } from './held-requests';
import { type MerchantAccount, merchantSessions } from './merchant-session';
import { storeUrl } from './store';
import { afterNextPaint, downloadedBytes } from './pages';

const browser = useChromium();
const signedInContext = merchantSessions(browser);
const SCREENSHOTS = 'test-artifacts/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });
const RUN = Date.now().toString(36);
const ACCOUNTS = {
  owner: { email: 'owner@example.com', password: 'studio-goods-owner' },
  store: { email: 'store@example.com', password: 'studio-goods-store' },
  editor: { email: 'editor@example.com', password: 'studio-goods-editor' },
  viewer: { email: 'viewer@example.com', password: 'studio-goods-viewer' },
};
// A loaded 2-core machine can take many seconds for a first checkout call or a section's first load.
const SLOW = 180_000;
const WAIT = { timeout: 30_000 };

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

async function newContext(width = 1366): Promise<BrowserContext> {
  const context = await (browser() as Browser).newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  return context;
}

/** The calls of a visitor with a crumb (cookies of their own context). */
async function visitorApi(
  context: BrowserContext,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  expect((await context.request.get(`${storeUrl}/api/crumb`)).status()).toBe(204);
  const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
  return { api: context.request, headers: { 'X-CSRF-Token': crumb } };
}

async function expectOk(res: { status(): number; text(): Promise<string> }): Promise<void> {
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** A shopper buys a candle through the checkout calls (paying with `card`, the local provider's); the order's number. */
async function placeOrder(
  email: string,
  discountCode: string | null = null,
  name = { firstName: 'Ada', lastName: 'Lovelace' },
  card = '4242424242424242',
): Promise<{ orderNumber: number; discountCents: number }> {
  const context = await newContext();
  const { api, headers } = await visitorApi(context);
  const product = (await (await api.get(`${storeUrl}/shop/p/candle?format=json`)).json()) as {
    item: { structuredContent: { variants: { sku: string }[] } };
  };
  const CANDLE_SKU = product.item.structuredContent.variants[0]?.sku ?? '';
  await expectOk(
    await api.post(`${storeUrl}/api/commerce/shopping-cart/entries`, {
      data: { itemId: 'p-candle', sku: CANDLE_SKU, quantity: 1 },
      headers,
    }),
  );
  await expectOk(await api.post(`${storeUrl}/api/commerce/checkout`, { data: {}, headers }));
  const address = {
    ...name,
    address1: '1 Main St',
    address2: '',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    countryCode: 'US',
    phone: '',
  };
  const filled = await api.put(`${storeUrl}/api/commerce/checkout`, {
    data: { email, shippingAddress: address, ...(discountCode === null ? {} : { discountCode }) },
    headers,
  });
  await expectOk(filled);
  const { checkout } = (await filled.json()) as {
    checkout: { shippingOptions: { id: string }[]; requiresShipping: boolean };
  };
  if (checkout.requiresShipping)
    await expectOk(
      await api.put(`${storeUrl}/api/commerce/checkout`, {
        data: { shippingOptionId: checkout.shippingOptions[0]?.id ?? null },
        headers,
      }),
    );
  const placed = await api.post(`${storeUrl}/api/commerce/orders`, {
    data: { payment: { provider: 'local', token: `local_card_${card}` } },
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
  });
  await expectOk(placed);
  const { order } = (await placed.json()) as { order: { orderNumber: number; discountCents: number } };
  return order;
}

/** The console at `path` for `account`, its session signed in once for the file (merchant-session.ts). */
async function signedIn(
  account: MerchantAccount,
  path: string,
  width = 1366,
): Promise<{ page: Page; errors: string[] }> {
  const context = await signedInContext(account, { viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${storeUrl}${path}`);
  await page.waitForSelector('.Sidebar', WAIT);
  return { page, errors };
}

/** The console at `path`, signed in as `account` through its sign-in form (for the test of signing in itself). */
async function signedInThroughForm(
  account: MerchantAccount,
  path: string,
  width = 1366,
): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(width);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${storeUrl}${path}`);
  await page.fill('#merchant-email', account.email);
  await page.fill('#merchant-password', account.password);
  await page.click('button[type="submit"]');
  await page.waitForSelector('.Sidebar', WAIT);
  return { page, errors };
}

async function axe(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page, screen)).toEqual([]);
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!REVIEW_SHOTS) return;
  for (const width of [1366, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewShot(page, `${SCREENSHOTS}/console-${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('console operations in Chromium', () => {
  beforeAll(async () => {
    // A fresh store ships nowhere: the store manager adds a rate through the merchant call.
    const context = await signedInContext(ACCOUNTS.store);
    const { api, headers } = await visitorApi(context);
    await expectOk(
      await api.post(`${storeUrl}/api/commerce/shipping-rates`, {
        data: { name: `Ops courier ${RUN}`, regions: [], method: 'flat', amountCents: 500 },
        headers,
      }),
    );
    await context.close();
    contexts = [];
  }, 120_000);

  it(
    'lists a shopper’s orders, fulfils one with a tracking number and refunds another after the confirm',
    async () => {
      const email = `ops-${RUN}@example.com`;
      const first = await placeOrder(email);
      const second = await placeOrder(email);
      // A payment left at 3-D Secure is a checkout, not an order (as in Shopify): the list has the two paid orders only.
      await placeOrder(email, null, undefined, '4000002500003155');
      const { page, errors } = await signedIn(ACCOUNTS.store, '/config/orders');
      await page.fill('#order-search', email);
      await page.click('form[role="search"] button[type="submit"]');
      await page.waitForSelector(`text=#${second.orderNumber}`, WAIT);
      await expect.poll(() => page.locator('.DataTable tbody tr').count(), WAIT).toBe(2);
      await axe(page, 'orders list');
      await screenshot(page, 'orders');

      await page.click(`a:has-text("#${first.orderNumber}")`);
      await page.waitForSelector(`h1:has-text("Order #${first.orderNumber}")`, WAIT);
      expect(await page.locator('section[aria-labelledby="lines-title"]').textContent()).toContain('Cedar Candle');
      await page.click('text=Mark as fulfilled');
      expect(await page.locator('#tracking-number-error').textContent()).toBe('Enter the tracking number');
      await page.fill('#tracking-number', `TRACK-${RUN}`);
      await page.fill('#carrier', 'Post');
      await page.click('text=Mark as fulfilled');
      await page.waitForSelector('.StatusLabel:has-text("Fulfilled")', WAIT);
      expect(await page.locator('.TrackingNumber').textContent()).toBe(`TRACK-${RUN}`);
      await axe(page, 'order detail');
      await screenshot(page, 'order-detail');

      await page.goto(`${storeUrl}/config/orders`);
      await page.fill('#order-search', `#${second.orderNumber}`);
      await page.click('form[role="search"] button[type="submit"]');
      await page.click(`a:has-text("#${second.orderNumber}")`);
      await page.click('button:has-text("Refund")');
      const modal = page.locator('dialog.ConfirmModal');
      await modal.waitFor(WAIT);
      expect(await modal.locator('h2').textContent()).toBe(`Refund order #${second.orderNumber}?`);
      await axe(page, 'refund confirm');
      await modal.locator('button:has-text("Refund")').click();
      await page.waitForSelector('.PageHeader .StatusLabel:has-text("Refunded")', WAIT);
      expect(await page.locator('.Timeline').textContent()).toContain('Refunded');
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'finds an order by the customer’s name, exports the list and explains cancel versus refund in their dialogs',
    async () => {
      const name = { firstName: 'José', lastName: `Núñez${RUN}` };
      const paid = await placeOrder(`name-${RUN}@example.com`, null, name);
      const shipped = await placeOrder(`name2-${RUN}@example.com`, null, name);
      const { page, errors } = await signedIn(ACCOUNTS.store, '/config/orders');
      await page.fill('#order-search', `jose nunez${RUN}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.DataTable tbody tr').count(), WAIT).toBe(2);
      expect(await page.locator('a:has-text("Export CSV")').getAttribute('href')).toBe(
        `/api/commerce/orders.csv?q=${encodeURIComponent(`jose nunez${RUN}`).replaceAll('%20', '+')}`,
      );
      const download = await Promise.all([
        page.waitForEvent('download', WAIT),
        page.click('a:has-text("Export CSV")'),
      ]).then(([d]) => d);
      const csv = (await downloadedBytes(download)).toString('utf8').split('\r\n');
      expect(csv[0]).toBe('Number,Date (UTC),Status,Email,Name,Total,Items');
      expect(csv.slice(1, 3).map((line) => line.split(',')[0])).toEqual([
        String(shipped.orderNumber),
        String(paid.orderNumber),
      ]);
      await screenshot(page, 'orders-by-name');

      await page.click(`a:has-text("#${paid.orderNumber}")`);
      await page.waitForSelector(`h1:has-text("Order #${paid.orderNumber}")`, WAIT);
      expect(await page.locator('.PageHeader-actions .Button--primary').textContent()).toBe('Cancel order');
      expect(await page.locator('.PageHeader-actions button').allTextContents()).toEqual(['Refund', 'Cancel order']);
      expect(await page.locator('.Page > .Field-hint').textContent()).toContain('Cancel voids the order');
      const modal = page.locator('dialog.ConfirmModal');
      await page.click('.PageHeader-actions button:has-text("Refund")');
      await modal.waitFor(WAIT);
      expect(await modal.textContent()).toContain('The order is not cancelled and stays unfulfilled.');
      expect(await modal.locator('input[type="checkbox"]').isChecked()).toBe(true);
      await axe(page, 'refund explained');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached', ...WAIT });
      await page.click('.PageHeader-actions button:has-text("Cancel order")');
      await modal.waitFor(WAIT);
      expect(await modal.textContent()).toContain(
        'The order becomes void and its items go back into stock. The payment of',
      );
      expect(await modal.textContent()).toContain('is refunded in full to the customer.');
      await screenshot(page, 'order-cancel-explained');
      await modal.locator('button:has-text("Cancel order")').click();
      await page.waitForSelector('.PageHeader .StatusLabel:has-text("Cancelled")', WAIT);
      expect(await page.locator('.PageHeader-actions button').count()).toBe(0);

      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(`${storeUrl}/config/orders`);
      await page.fill('#order-search', `#${shipped.orderNumber}`);
      await page.keyboard.press('Enter');
      await page.click(`a:has-text("#${shipped.orderNumber}")`);
      await page.waitForSelector(`h1:has-text("Order #${shipped.orderNumber}")`, WAIT);
      await page.fill('#tracking-number', `TRACK-${RUN}`);
      await page.click('text=Mark as fulfilled');
      await page.waitForSelector('.PageHeader .StatusLabel:has-text("Fulfilled")', WAIT);
      expect(await page.locator('.PageHeader-actions button').allTextContents()).toEqual(['Refund']);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      expect(await page.locator('.Page > .Field-hint').textContent()).toContain('Shipped orders cannot be cancelled.');
      await page.click('.PageHeader-actions button:has-text("Refund")');
      await modal.waitFor(WAIT);
      expect(await modal.textContent()).toContain('The order stays fulfilled: nothing shipped is recalled.');
      expect(await modal.locator('input[type="checkbox"]').isChecked()).toBe(false);
      await reviewShot(page, `${SCREENSHOTS}/console-order-refund-explained-375.png`, { fullPage: true });
      await modal.locator('button:has-text("Refund")').click();
      await page.waitForSelector('.PageHeader .StatusLabel:has-text("Refunded")', WAIT);
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'keeps the searched orders when the full list answers after the search',
    async () => {
      await placeOrder(`other-${RUN}@example.com`);
      const email = `late-${RUN}@example.com`;
      const mine = await placeOrder(email);
      const { page, errors } = await signedIn(ACCOUNTS.store, '/config');
      // The full list is held until the merchant's search has answered and shows: then it answers, late.
      const fullList = /\/api\/console\/orders\??$/;
      const release = await holdRequests(page, fullList);
      const lateAnswer = page.waitForResponse(fullList, WAIT);
      await page.goto(`${storeUrl}/config/orders`);
      await page.fill('#order-search', email);
      await page.click('form[role="search"] button[type="submit"]');
      await page.waitForSelector(`text=#${mine.orderNumber}`, WAIT);
      release();
      await (await lateAnswer).finished();
      await afterNextPaint(page);
      expect(await page.locator('.DataTable tbody tr').count()).toBe(1);
      expect(await page.locator('.DataTable tbody').textContent()).toContain(email);
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'creates a discount code, showing each field’s error first, and the code applies at checkout',
    async () => {
      const code = `OPS${RUN.toUpperCase()}`;
      const { page, errors } = await signedIn(ACCOUNTS.store, '/config/commerce/discounts');
      await page.click('text=Create discount code');
      await page.fill('#discount-code', 'x');
      await page.fill('#discount-percent', '150');
      await page.click('text=Save code');
      expect(await page.locator('#discount-code-error').textContent()).toBe('Use 3 to 32 letters, digits, - or _');
      expect(await page.locator('#discount-percent-error').textContent()).toBe(
        'Enter a whole percentage from 1 to 100',
      );
      expect(await page.locator('#discount-code').getAttribute('aria-invalid')).toBe('true');
      await axe(page, 'discount errors');
      await page.fill('#discount-code', code);
      await page.fill('#discount-percent', '15');
      await page.click('text=Save code');
      await page.waitForSelector(`code:has-text("${code}")`, WAIT);
      await screenshot(page, 'commerce-discounts');
      await page.click('.SubNav a:has-text("Shipping rates")');
      await page.waitForSelector('h1:has-text("Shipping rates")', WAIT);
      await axe(page, 'shipping rates');
      await page.click('.SubNav a:has-text("Store")');
      await page.waitForSelector('#store-currency', WAIT);
      await axe(page, 'store settings');
      await screenshot(page, 'commerce-store');
      expect(errors).toEqual([]);

      const order = await placeOrder(`discount-${RUN}@example.com`, code);
      // The candle is 32.00: 15% off is 4.80.
      expect(order.discountCents).toBe(480);
    },
    SLOW,
  );

  it(
    'reads a form submission without its password, sorts the table and exports the CSV',
    async () => {
      const context = await newContext();
      const { api, headers } = await visitorApi(context);
      const key = (
        (await (await api.post(`${storeUrl}/api/form/FormSubmissionKey`, { headers })).json()) as { key: string }
      ).key;
      // The demo's form of every field type (src/site/seed/demo.ts), the one with a password field.
      const values = {
        name: ['Eve', RUN],
        email: `eve-${RUN}@example.com`,
        message: '=1+2 "quoted", on two\nlines',
        password: `secret-${RUN}`,
      };
      await expectOk(
        await api.post(`${storeUrl}/api/form/SaveFormSubmission`, {
          data: {
            key,
            formId: 'f-field-types',
            form: JSON.stringify(values),
            captchaKey: 'local:form_block:0123456789abcdef',
            pagePath: '/form-fields',
          },
          headers,
        }),
      );
      const { page, errors } = await signedIn(ACCOUNTS.store, '/config/forms');
      await page.click('a:has-text("Field types")');
      await page.waitForSelector(`text=Eve ${RUN}`, WAIT);
      expect(await page.content()).not.toContain(`secret-${RUN}`);
      const submitted = page.locator('th[aria-sort]').first();
      expect(await submitted.getAttribute('aria-sort')).toBe('descending');
      await page.click('th button:has-text("Name")');
      expect(await page.locator('th:has(button:has-text("Name"))').getAttribute('aria-sort')).toBe('ascending');
      expect(await submitted.getAttribute('aria-sort')).toBe('none');
      await axe(page, 'form submissions');
      await screenshot(page, 'forms');

      const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.click('text=Export CSV')]);
      const csv = (await downloadedBytes(download)).toString('utf8');
      expect(csv.split('\r\n')[0]).toMatch(/^Submitted \(UTC\),Name,Email,/);
      expect(csv).toContain(`Eve ${RUN},eve-${RUN}@example.com`);
      expect(csv).toContain(`"'=1+2 ""quoted"", on two\nlines"`);
      expect(csv).not.toContain(`secret-${RUN}`);
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'holds the restock emails while the product is sold out, and emails the waiting shopper when stock arrives',
    async () => {
      const context = await newContext();
      const { api, headers } = await visitorApi(context);
      await expectOk(
        await api.post(`${storeUrl}/api/site-users/account/notifications/restock`, {
          data: {
            productId: 'p-ceramic-mug',
            variantId: 'v14',
            siteVisitorEmail: `fan-${RUN}@example.com`,
            recaptchaEnterpriseV3Token: 'local:product_waitlist:0123456789abcdef',
          },
          headers,
        }),
      );
      const { page, errors } = await signedIn(ACCOUNTS.store, '/config/restock');
      await page.waitForSelector('a:has-text("Ceramic Mug")', WAIT);
      await axe(page, 'restock');
      await screenshot(page, 'restock');
      // The mug is sold out: the console will not email its waiting shoppers until it has stock.
      expect(await page.locator('button[aria-label="Send emails for Ceramic Mug"]').isDisabled()).toBe(true);
      // The store manager receives 3 mugs (the console's stock call): the stock ledger emails the waiting shopper at once.
      // Counted back to 0 afterwards, for the other tests that show the mug sold out.
      const crumb = (await page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
      const stockUrl = `${storeUrl}/api/console/products/p-ceramic-mug/stock`;
      const stock = (await (await page.request.get(stockUrl)).json()) as { variants: { sku: string }[] };
      const sku = stock.variants[0]?.sku ?? '';
      const adjust = (mode: 'add' | 'set', amount: number, reason: string) =>
        page.request.post(stockUrl, { data: { sku, mode, amount, reason }, headers: { 'X-CSRF-Token': crumb } });
      await expectOk(await adjust('add', 3, 'Received'));
      try {
        await page.click('a:has-text("Ceramic Mug")');
        const row = page.locator('tr', { hasText: `fan-${RUN}@example.com` });
        await row.waitFor(WAIT);
        await expect
          .poll(async () => {
            await page.reload();
            return (await row.textContent({ timeout: 30_000 })) ?? '';
          }, WAIT)
          .toContain('Emailed');
        await axe(page, 'restock sign-ups');
      } finally {
        await expectOk(await adjust('set', 0, 'Count'));
      }
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows revenue and conversion in analytics, with a range control of 1 to 90 days',
    async () => {
      // The figures' last day is the store's today when the server answered: between `before` and the read below.
      const nyDay = () =>
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', dateStyle: 'medium' }).format(Date.now());
      const before = nyDay();
      await placeOrder(`analytics-${RUN}@example.com`);
      const { page, errors } = await signedIn(ACCOUNTS.store, '/config/analytics');
      await page.waitForSelector('.Figures', WAIT);
      const revenue = await page.locator('.Figures div:has(dt:has-text("Revenue")) dd').textContent();
      expect(revenue).toMatch(/^\$\d/);
      expect(revenue).not.toBe('$0.00');
      await expect
        .poll(() =>
          page
            .locator('#revenue-chart-title ~ .Chart-plot canvas, figure[aria-labelledby="revenue-chart-title"] canvas')
            .count(),
        )
        .toBeGreaterThan(0);
      await page.fill('#analytics-days', '91');
      await page.click('button:has-text("Show")');
      expect(await page.locator('#analytics-days-error').textContent()).toBe('Choose 1 to 90 days');
      await page.click('button:has-text("90 days")');
      await expect
        .poll(() => page.locator('.Page > p.Muted[role="status"]').textContent(), WAIT)
        .toBe('Last 90 days, in the store’s time zone (America/New_York).');
      // The demo store is in New York: the last day of the figures is today there, whatever the UTC date.
      await page.locator('figure[aria-labelledby="revenue-chart-title"] .Chart-data summary').click();
      const lastDay = await page
        .locator('figure[aria-labelledby="revenue-chart-title"] .Chart-data tbody tr:last-child th[scope="row"]')
        .textContent();
      expect([before, nyDay()]).toContain(lastDay);
      await axe(page, 'analytics');
      await screenshot(page, 'analytics');
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows each role only the sections it may open',
    async () => {
      const sidebar = async (page: Page) =>
        (await page.locator('.Sidebar a').allTextContents()).map((text) => text.trim());
      // Customers' personal data (orders, submissions, restock sign-ups) is for roles with customerData only; Forms
      // opens for its settings too (content), its submissions not shown (journeys/roles-customer-data).
      const editor = await signedIn(ACCOUNTS.editor, '/config/restock');
      const editorLinks = await sidebar(editor.page);
      expect(editorLinks).toEqual(expect.arrayContaining(['Pages', 'Blog posts', 'Forms']));
      for (const hidden of ['Orders', 'Restock', 'Commerce', 'Analytics', 'Team'])
        expect(editorLinks).not.toContain(hidden);
      await editor.page.waitForSelector('text=Your role does not allow this.', WAIT);
      await editor.page.goto(`${storeUrl}/config/orders`);
      await editor.page.waitForSelector('text=Your role does not allow this.', WAIT);
      await axe(editor.page, 'forbidden section');

      const viewer = await signedIn(ACCOUNTS.viewer, '/config/analytics');
      const viewerLinks = await sidebar(viewer.page);
      expect(viewerLinks).toEqual(expect.arrayContaining(['Analytics']));
      for (const hidden of ['Orders', 'Forms', 'Restock', 'Commerce', 'Team'])
        expect(viewerLinks).not.toContain(hidden);
      await viewer.page.waitForSelector('.Figures', WAIT);
      await viewer.page.goto(`${storeUrl}/config/forms`);
      await viewer.page.waitForSelector('text=Your role does not allow this.', WAIT);
      expect(editor.errors.concat(viewer.errors)).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows the owner the failed sign-ins in the Team section, at 1366 and 375 px',
    async () => {
      // Someone guesses at an email of the store from this address; the owner then signs in at once from the same one.
      const guesser = `guess-${RUN}@example.com`;
      const context = await newContext();
      const { api, headers } = await visitorApi(context);
      for (let i = 0; i < 3; i++)
        expect(
          (
            await api.post(`${storeUrl}/api/merchant/session`, {
              data: { email: guesser, password: 'not it' },
              headers,
            })
          ).status(),
        ).toBe(401);
      const { page, errors } = await signedInThroughForm(ACCOUNTS.owner, '/config/team');
      for (const width of [1366, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const panel = page.locator('section[aria-labelledby="sign-in-failures-title"]');
        await panel.waitFor(WAIT);
        const row = panel.locator('tbody tr', { hasText: guesser });
        await row.waitFor(WAIT);
        expect(await row.locator('td').last().textContent()).toBe('3');
        expect(await panel.locator('h2').textContent()).toBe('Failed sign-ins');
        // Nothing wider than the screen.
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await axe(page, `sign-in failures ${width}`);
        await reviewShot(page, `${SCREENSHOTS}/console-team-sign-in-failures-${width}.png`, { fullPage: true });
      }
      expect(errors).toEqual([]);
      const store = await signedIn(ACCOUNTS.store, '/config/team');
      await store.page.waitForSelector('text=Your role does not allow this.', WAIT);
      expect(await store.page.locator('section[aria-labelledby="sign-in-failures-title"]').count()).toBe(0);
    },
    SLOW,
  );
});
