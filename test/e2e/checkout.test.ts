/**
 * The whole purchase in Chromium against `wrangler dev`, at a desktop (1366 px) and a phone (375 px)
 * width: add a product, fill the checkout form with the keyboard, pick shipping, apply a discount
 * code, pay with the local provider's success card, and read the order on the order confirmed page.
 * Also: a declined card (its message, nothing charged, no order), an incomplete form (the summary
 * message, focus on the first field to fix), axe on the checkout page, and stock reserved at payment,
 * not before (two shoppers on the last unit, the first left at authentication past the window). The
 * store's shipping rate and discount code are set up through the merchant calls, as a merchant would. The
 * purchases at both widths and the subscription start on the product page, as a shopper does; the other tests'
 * shoppers, whose step is the checkout, get their cart through the storefront's own calls (`cartHolding`).
 * Screenshots go to test-artifacts/checkout/.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { reviewShot, useChromium } from './browser';
import { holdRequests } from './held-requests';
import { merchantRequests, merchantSessions } from './merchant-session';
import { atBothWidths, cartHolding, save } from '../journeys/support';
import { clickAndSeeAddedPopover } from './pages';
import { endPaymentWindowsWithin } from './payment-windows';
import { storeUrl } from './store';

const browser = useChromium();
const signedInContext = merchantSessions(browser);
const ARTIFACTS = 'test-artifacts/checkout';
mkdirSync(ARTIFACTS, { recursive: true });

const DISCOUNT = `E2E${Date.now().toString(36).toUpperCase()}`;
const RATE = 'E2E Courier';
const STORE_MANAGER = { email: 'store@example.com', password: 'studio-goods-store' };
const SUCCESS_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const AUTHENTICATION_CARD = '4000002500003155';
// A loaded 2-core machine can take many seconds for a first checkout call.
const SLOW = { timeout: 60_000 };

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

async function newContext(width: number): Promise<BrowserContext> {
  const context = await (browser() as Browser).newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
  contexts.push(context);
  return context;
}

/** The store manager's calls with the session kept for the run (merchant-session.ts), one request context for the file. */
let merchantCalls: ReturnType<typeof merchantRequests> | undefined;
function merchantApi(): ReturnType<typeof merchantRequests> {
  merchantCalls ??= merchantRequests(STORE_MANAGER);
  return merchantCalls;
}
afterAll(async () => {
  await (await merchantCalls)?.api.dispose();
});

beforeAll(async () => {
  const { api, headers } = await merchantApi();
  const rate = await api.post(`${storeUrl}/api/commerce/shipping-rates`, {
    data: { name: RATE, regions: [], method: 'flat', amountCents: 500 },
    headers,
  });
  expect(rate.status(), await rate.text()).toBeLessThan(300);
  const discount = await api.post(`${storeUrl}/api/commerce/discounts`, {
    data: { code: DISCOUNT, kind: 'percentage', percent: 10 },
    headers,
  });
  expect(discount.status(), await discount.text()).toBeLessThan(300);
}, 120_000);

async function ordersFor(email: string): Promise<unknown[]> {
  const { api } = await merchantApi();
  const res = await api.get(`${storeUrl}/api/commerce/orders?limit=100`);
  expect(res.status()).toBe(200);
  const { orders } = (await res.json()) as { orders: { email: string }[] };
  return orders.filter((order) => order.email === email);
}

type Product = { itemId: string; path: string; title: string };
const CANDLE: Product = { itemId: 'p-candle', path: '/shop/p/candle', title: 'Cedar Candle' };

/** A new page at `width`, its uncaught errors collected. */
async function shopperPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(width)).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** The checkout opened, hydrated and showing the cart's first line. */
async function openCheckout(page: Page, product: Product): Promise<void> {
  await page.goto(`${storeUrl}/checkout`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  await expect.poll(() => page.locator('.CheckoutLine-name').first().textContent(), SLOW).toBe(product.title);
}

/**
 * A shopper with one of a product (the Cedar Candle unless named) in their cart, on the checkout page with the order
 * loaded: the cart filled by the storefront's own calls, for the tests whose shopper's step is the checkout.
 */
async function shopperAtCheckout(width: number, product = CANDLE): Promise<{ page: Page; errors: string[] }> {
  const shopper = await shopperPage(width);
  await cartHolding(shopper.page, storeUrl, product.itemId);
  await openCheckout(shopper.page, product);
  return shopper;
}

/** A shopper who adds the candle on its product page, sees the added popover, then goes to the checkout. */
async function shopperFromProductPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const shopper = await shopperPage(width);
  await shopper.page.goto(`${storeUrl}${CANDLE.path}`);
  await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  await clickAndSeeAddedPopover(shopper.page, '.ProductItem-form .sqs-add-to-cart-button');
  await openCheckout(shopper.page, CANDLE);
  return shopper;
}

/** The demo's settings, which each test that changes one puts back: other browser files on this store rely on them (the popup's welcome code). */
const STORE_SETTINGS = {
  pricesIncludeTax: false,
  minimumSubtotalCents: 0,
  reservationMinutes: 10,
  welcomeDiscount: { enabled: true, percent: 10 },
  addressSearch: false,
};

/** Sets the store's checkout settings as a merchant (the rest at their defaults). */
async function storeSettings(changes: Partial<typeof STORE_SETTINGS>): Promise<void> {
  const { api, headers } = await merchantApi();
  const res = await api.put(`${storeUrl}/api/commerce/settings`, { data: { ...STORE_SETTINGS, ...changes }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** The merchant sets the payment window in the console's store settings, by the field's label. */
async function paymentWindowInConsole(minutes: number): Promise<void> {
  const context = await signedInContext(STORE_MANAGER, { viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${storeUrl}/config/commerce`);
  const field = page.getByLabel('Payment window (minutes)');
  await field.waitFor(SLOW);
  await field.fill(String(minutes));
  await save(page, 'Save settings');
}

/** Another shopper buys `quantity` of a single-variant product outright, through the calls. */
async function buyOut(itemId: string, quantity: number): Promise<void> {
  const context = await newContext(1366);
  const api = context.request;
  const stock = await api.get(`${storeUrl}/api/commerce/inventory/stock/?itemId=${itemId}`);
  const sku = ((await stock.json()) as { results: { sku: string }[] }).results[0]?.sku;
  expect((await api.get(`${storeUrl}/api/crumb`)).status()).toBe(204);
  const headers = { 'X-CSRF-Token': (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '' };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) =>
    expect(res.status(), await res.text()).toBeLessThan(300);
  await ok(
    await api.post(`${storeUrl}/api/commerce/shopping-cart/entries`, { data: { itemId, sku, quantity }, headers }),
  );
  await ok(await api.post(`${storeUrl}/api/commerce/checkout`, { data: {}, headers }));
  const address = {
    firstName: 'Grace',
    lastName: 'Hopper',
    address1: '1 Main Street',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    countryCode: 'US',
  };
  const filled = await api.put(`${storeUrl}/api/commerce/checkout`, {
    data: { email: 'other-shopper@example.com', shippingAddress: address },
    headers,
  });
  const { checkout } = (await filled.json()) as { checkout: { shippingOptions: { id: string }[] } };
  await ok(
    await api.put(`${storeUrl}/api/commerce/checkout`, {
      data: { shippingOptionId: checkout.shippingOptions[0]?.id },
      headers,
    }),
  );
  await ok(
    await api.post(`${storeUrl}/api/commerce/orders`, {
      data: { payment: { provider: 'local', token: `local_card_${SUCCESS_CARD}` } },
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
}

const focusedId = (page: Page) => page.evaluate<string>("document.activeElement?.id ?? ''");

/** Types into the field that has focus, then Tab to the next one. */
async function typeAndTab(page: Page, expectedId: string, text: string): Promise<void> {
  expect(await focusedId(page)).toBe(expectedId);
  if (text !== '') await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

async function fillAddressByKeyboard(page: Page, email: string): Promise<void> {
  await page.focus('#checkout-email');
  await typeAndTab(page, 'checkout-email', email);
  await typeAndTab(page, 'checkout-firstName', 'Ada');
  await typeAndTab(page, 'checkout-lastName', 'Lovelace');
  await typeAndTab(page, 'checkout-address1', '1 Main Street');
  await typeAndTab(page, 'checkout-address2', '');
  await typeAndTab(page, 'checkout-city', 'Springfield');
  await typeAndTab(page, 'checkout-region', 'IL');
  await typeAndTab(page, 'checkout-postalCode', '62701');
  expect(await focusedId(page)).toBe('checkout-countryCode');
  expect(await page.locator('#checkout-countryCode').inputValue()).toBe('US');
  await page.keyboard.press('Tab');
  await typeAndTab(page, 'checkout-phone', '');
}

async function pickShippingByKeyboard(page: Page): Promise<void> {
  const option = page.locator('.Checkout-option', { hasText: RATE });
  await option.waitFor(SLOW);
  await option.locator('input').focus();
  await page.keyboard.press('Space');
  await expect.poll(() => option.locator('input').isChecked(), SLOW).toBe(true);
  await expect.poll(() => page.locator('.CheckoutTotals-shipping').textContent(), SLOW).toBe('$5.00');
}

async function applyDiscountByKeyboard(page: Page): Promise<void> {
  await page.focus('#checkout-discountCode');
  await page.keyboard.type(DISCOUNT.toLowerCase());
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.CheckoutTotals-discount').textContent(), SLOW).toBe('−$3.20');
  expect(page.url()).toMatch(/\/checkout$/);
  expect(await page.locator('.CheckoutCode-name').first().textContent()).toBe(DISCOUNT);
}

for (const width of [1366, 375]) {
  describe(`checkout at ${width} px`, () => {
    it('buys a candle with the keyboard: shipping, a discount code, the success card, then the order confirmed page', async () => {
      const { page, errors } = await shopperFromProductPage(width);
      expect(await page.locator('.Checkout-stock').textContent()).toBe(
        'Your items are reserved when you place your order, not before.',
      );
      const email = `buyer-${width}-${Date.now()}@example.com`;
      await fillAddressByKeyboard(page, email);
      await pickShippingByKeyboard(page);
      await applyDiscountByKeyboard(page);
      expect(await page.locator('.CheckoutTotals-subtotal').textContent()).toBe('$32.00');
      const total = await page.locator('.CheckoutTotals-total').textContent();
      expect(total).toMatch(/^\$\d+\.\d{2}$/);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

      await page.focus('#checkout-cardNumber');
      await page.keyboard.type(SUCCESS_CARD);
      await page.evaluate('window.scrollTo(0, 0)');
      await reviewShot(page, `${ARTIFACTS}/checkout-${width}.png`, { fullPage: true });
      // The order confirmed page's first read of the order is lost (a dropped connection): the page asks again, as it must for a real buyer.
      let orderReads = 0;
      await page.route(/\/api\/commerce\/orders\/[A-Za-z0-9_-]+\?token=/, (route) =>
        orderReads++ === 0 ? route.abort('connectionreset') : route.continue(),
      );
      // The placement is held until the button has been read: it says so and takes no second press meanwhile.
      const releasePlacement = await holdRequests(page, /\/api\/commerce\/orders$/);
      await page.focus('#checkout-cardNumber');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.Checkout-button').textContent(), SLOW).toBe('Placing order…');
      expect(await page.locator('.Checkout-button').isDisabled()).toBe(true);
      releasePlacement();

      await page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, SLOW);
      await page.waitForSelector('.OrderConfirmation-number', SLOW);
      expect(orderReads).toBe(2);
      expect(await page.locator('h1').textContent()).toBe('Order confirmed');
      expect(await page.locator('.OrderConfirmation-number').textContent()).toMatch(/^Order #\d+$/);
      expect(await page.locator('.CheckoutTotals-total').textContent()).toBe(total);
      expect(await page.locator('.CheckoutLine-name').textContent()).toBe('Cedar Candle');
      expect(await page.locator('.OrderConfirmation-lead').textContent()).toContain(email);
      await reviewShot(page, `${ARTIFACTS}/order-confirmed-${width}.png`, { fullPage: true });
      const page202 = await page.request.get(page.url());
      expect(page202.headers()['cache-control']).toBe('no-store');
      expect(await ordersFor(email)).toHaveLength(1);
      expect(errors).toEqual([]);
    }, 180_000);
  });
}

describe('checkout refusals', () => {
  it("shows a declined card with nothing charged and no order; another card's extra authentication step then ends at the order confirmed once paid", async () => {
    const { page, errors } = await shopperAtCheckout(1366);
    const email = `declined-${Date.now()}@example.com`;
    await fillAddressByKeyboard(page, email);
    await pickShippingByKeyboard(page);
    await page.fill('#checkout-cardNumber', DECLINED_CARD);
    await page.click('.Checkout-button');
    const failure = page.locator('.Checkout-message .Checkout-error');
    await failure.waitFor(SLOW);
    expect(await failure.textContent()).toMatch(/declined.*Nothing was charged\.$/i);
    await expect.poll(() => focusedId(page)).toBe('checkout-cardNumber');
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await page.locator('.Checkout-button').isEnabled()).toBe(true);
    await page.evaluate('window.scrollTo(0, 0)');
    await reviewShot(page, `${ARTIFACTS}/declined-1366.png`, { fullPage: true });
    expect(await ordersFor(email)).toEqual([]);

    // The same shopper tries a card whose bank asks for the extra step (one checkout less to load and fill).
    await page.fill('#checkout-cardNumber', AUTHENTICATION_CARD);
    await page.click('.Checkout-button');
    await page.waitForURL(/\/integrations\/payments\/local\/authenticate\//, SLOW);
    await page.click('button[value="complete"]');
    // Back at /checkout?payment=returned, on to the order's page: received while pending, confirmed once paid.
    await page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, SLOW);
    await page.waitForSelector('.OrderConfirmation-number', SLOW);
    expect(await page.locator('h1').textContent()).toBe('Order confirmed');
    expect(await page.locator('.OrderConfirmation-lead').textContent()).toContain(email);
    expect(await ordersFor(email)).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 180_000);

  it('subscribes to the coffee: the subscription confirmed page with its billing period', async () => {
    const context = await newContext(375);
    const page = await context.newPage();
    await page.goto(`${storeUrl}/shop/p/coffee-beans`);
    await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await page.waitForURL(/\/checkout\?cartToken=[0-9a-f]{32}$/, SLOW);
    await expect.poll(() => page.locator('.CheckoutLine-name').first().textContent(), SLOW).toBe('Coffee Subscription');
    const email = `subscriber-${Date.now()}@example.com`;
    await fillAddressByKeyboard(page, email);
    await pickShippingByKeyboard(page);
    await page.fill('#checkout-cardNumber', SUCCESS_CARD);
    await page.click('.Checkout-button');
    await page.waitForURL(/\/commerce\/subscriptions\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, SLOW);
    // The subscription's own page: its panel says the terms and the next charge, with the way to cancel.
    const panel = page.locator('.SubscriptionManage');
    await panel.waitFor(SLOW);
    expect(await page.locator('h1').textContent()).toBe('Subscription confirmed');
    await expect
      .poll(() => panel.textContent(), SLOW)
      .toContain('Coffee Subscription: $24.00 every week, until you cancel');
    expect(await panel.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(1);
    await page.evaluate('window.scrollTo(0, 0)');
    await reviewShot(page, `${ARTIFACTS}/subscription-confirmed-375.png`, { fullPage: true });
  }, 180_000);

  it('says what is missing and sends focus to the first field to fix', async () => {
    const { page, errors } = await shopperAtCheckout(375);
    await page.fill('#checkout-email', 'someone@example.com');
    await page.click('.Checkout-button');
    await expect
      .poll(() => page.locator('.Checkout-message').textContent(), SLOW)
      .toBe('Update the missing or invalid information above');
    expect(await focusedId(page)).toBe('checkout-firstName');
    expect(await page.locator('#checkout-firstName').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#checkout-firstName-error').textContent()).toBe('Required');
    expect(await page.locator('#checkout-firstName').getAttribute('aria-describedby')).toContain(
      'checkout-firstName-error',
    );
    await page.evaluate('window.scrollTo(0, 0)');
    await reviewShot(page, `${ARTIFACTS}/incomplete-375.png`, { fullPage: true });
    expect(await seriousViolations(page, 'incomplete checkout form')).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);

  it('quotes an address typed while the checkout was still loading, once it has loaded', async () => {
    const { page } = await shopperPage(375);
    await cartHolding(page, storeUrl, CANDLE.itemId);
    // The checkout's start is held (a slow network) until the shopper has typed the whole address.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/commerce\/checkout$/, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.goto(`${storeUrl}/checkout`);
    await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
    expect(await page.locator('form.Checkout').getAttribute('aria-busy')).toBe('true');
    await fillAddressByKeyboard(page, 'early-typist@example.com');
    release();
    await expect.poll(() => page.locator('.Checkout-option-name').allTextContents(), SLOW).toContain(RATE);
    expect(await page.inputValue('#checkout-email')).toBe('early-typist@example.com');
  }, 180_000);

  it('rides out a moment the store is unavailable: each address update answered 503 is sent once more, and the shipping options show with no error', async () => {
    const { page } = await shopperAtCheckout(375);
    // Every update is answered 503 (a Durable Object resetting during a deploy) the first time it is sent; the page's
    // resend of the same changes goes through. Without the resend, no update ever reaches the store.
    const answered: string[] = [];
    let last = '';
    await page.route(/\/api\/commerce\/checkout$/, async (route) => {
      const body = route.request().postData() ?? '';
      if (route.request().method() !== 'PUT' || body === last) {
        answered.push('sent on');
        return route.continue();
      }
      last = body;
      answered.push('503');
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'retry-after': '5' },
        body: JSON.stringify({ error: 'Service temporarily unavailable. Please try again.' }),
      });
    });
    await fillAddressByKeyboard(page, 'blip@example.com');
    await pickShippingByKeyboard(page);
    expect(answered).toContain('503');
    expect(await page.locator('.Checkout-error').count()).toBe(0);
  }, 180_000);
});

describe('checkout store rules, at 1366 and 375 px', () => {
  it("says the store's minimum subtotal with the formatted money and keeps Place order disabled", async () => {
    await storeSettings({ minimumSubtotalCents: 5000 });
    try {
      await atBothWidths(async (width) => {
        const { page, errors } = await shopperAtCheckout(width);
        await expect
          .poll(() => page.locator('.Checkout-message').textContent(), SLOW)
          .toBe('To check out, the order subtotal must be $50.00 or more');
        expect(await page.locator('.Checkout-button').isDisabled()).toBe(true);
        await page.evaluate('window.scrollTo(0, 0)');
        await reviewShot(page, `${ARTIFACTS}/minimum-subtotal-${width}.png`, { fullPage: true });
        expect(errors).toEqual([]);
      });
    } finally {
      await storeSettings({});
    }
  }, 300_000);

  it('finds the address with the address search combobox by keyboard and fills the address fields', async () => {
    await storeSettings({ addressSearch: true });
    try {
      await atBothWidths(async (width) => {
        const { page, errors } = await shopperAtCheckout(width);
        const search = page.locator('#checkout-address-search');
        await search.waitFor(SLOW);
        expect(await search.getAttribute('role')).toBe('combobox');
        await search.focus();
        await page.keyboard.type('main st');
        await expect.poll(() => search.getAttribute('aria-expanded'), SLOW).toBe('true');
        expect(await page.locator('[role="listbox"] [role="option"]').allTextContents()).toEqual([
          '1 Main Street, Springfield, IL 62701, USA',
        ]);
        await page.keyboard.press('ArrowDown');
        expect(await search.getAttribute('aria-activedescendant')).toBe('checkout-address-search-list-0');
        expect(await page.locator('#checkout-address-search-list-0').getAttribute('aria-selected')).toBe('true');
        await reviewShot(page, `${ARTIFACTS}/address-search-${width}.png`);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('#checkout-address1').inputValue(), SLOW).toBe('1 Main Street');
        expect(await page.locator('#checkout-city').inputValue()).toBe('Springfield');
        expect(await page.locator('#checkout-region').inputValue()).toBe('IL');
        expect(await page.locator('#checkout-postalCode').inputValue()).toBe('62701');
        expect(await page.locator('#checkout-countryCode').inputValue()).toBe('US');
        expect(await search.getAttribute('aria-expanded')).toBe('false');
        expect(await seriousViolations(page, `address search at ${width} px`)).toEqual([]);
        expect(errors).toEqual([]);
      });
    } finally {
      await storeSettings({});
    }
  }, 300_000);

  it('without the setting, the checkout has no address search, and no serious or critical axe violations', async () => {
    const { page } = await shopperAtCheckout(1366);
    expect(await page.locator('#checkout-address-search').count()).toBe(0);
    expect(await seriousViolations(page, 'checkout page')).toEqual([]);
  }, 180_000);
});

describe('stock is reserved at payment, not before (a 1-minute payment window), at 1366 and 375 px', () => {
  it('one unit left, two shoppers: the first leaves their order at authentication; the second is told the line ran out, nothing charged; once the window ends the first attempt is given up and the second buys the unit', async () => {
    await paymentWindowInConsole(1);
    const { api, headers } = await merchantApi();
    // Each width ends the window only when both have seen their second shopper refused: ended earlier, the
    // other width's unit would be back on sale before its second shopper pays.
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothHere = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bothAtTheBank = () => {
      arrived += 1;
      if (arrived === 2) release();
      return bothHere;
    };
    expect(
      (
        (await (await api.get(`${storeUrl}/api/commerce/settings`)).json()) as {
          settings: { reservationMinutes: number };
        }
      ).settings.reservationMinutes,
    ).toBe(1);
    const statusesOf = async (email: string) => {
      const res = await api.get(`${storeUrl}/api/commerce/orders?limit=100`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { orders: { email: string; status: string }[] }).orders
        .filter((order) => order.email === email)
        .map((order) => order.status);
    };
    try {
      // Products no other browser test buys, so selling them out here changes no other test.
      const scarce = {
        1366: { path: '/gifts/p/flower-bundle', title: 'Dried Flower Bundle', itemId: 'p-flower-bundle', stock: 11 },
        375: { path: '/gifts/p/bookends', title: 'Marble Bookends', itemId: 'p-bookends', stock: 4 },
      } as const;
      await Promise.all(
        ([1366, 375] as const).map(async (width) => {
          const product = scarce[width];
          await buyOut(product.itemId, product.stock - 1);
          // Both open a checkout on the last unit: opening holds nothing, and the page says so.
          const first = await shopperAtCheckout(width, product);
          const second = await shopperAtCheckout(width, product);
          expect(await first.page.locator('.Checkout-stock').textContent()).toBe(
            'Your items are reserved when you place your order, not before.',
          );
          const firstEmail = `waits-${width}-${Date.now()}@example.com`;
          const secondEmail = `second-${width}-${Date.now()}@example.com`;
          await fillAddressByKeyboard(first.page, firstEmail);
          await pickShippingByKeyboard(first.page);
          await fillAddressByKeyboard(second.page, secondEmail);
          await pickShippingByKeyboard(second.page);

          const offered = async () => {
            const res = await second.page.request.get(
              `${storeUrl}/api/commerce/inventory/stock/?itemId=${product.itemId}`,
            );
            return ((await res.json()) as { results: { qtyInStock: number }[] }).results[0]?.qtyInStock;
          };
          // The first places the order and stays at the bank's authentication: the unit is reserved for them,
          // and the merchant's orders do not list an attempt that has not been paid.
          await first.page.fill('#checkout-cardNumber', AUTHENTICATION_CARD);
          await first.page.click('.Checkout-button');
          await first.page.waitForURL(/\/integrations\/payments\/local\/authenticate\//, SLOW);
          expect(await offered()).toBe(0);
          expect(await statusesOf(firstEmail)).toEqual([]);

          // The second is told at placement which line ran out, with nothing charged and the way back to the cart.
          await second.page.fill('#checkout-cardNumber', SUCCESS_CARD);
          await second.page.click('.Checkout-button');
          const failure = second.page.locator('.Checkout-message .Checkout-error');
          await failure.waitFor(SLOW);
          expect(await failure.textContent()).toBe(
            'Sorry, we do not have enough of that item available. Nothing was charged.',
          );
          expect(await second.page.locator('.Checkout-short li').allTextContents()).toEqual([
            `${product.title}: sold out`,
          ]);
          expect(await second.page.locator('.Checkout-message a').getAttribute('href')).toBe('/cart');
          expect(second.page.url()).toMatch(/\/checkout$/);
          await second.page.evaluate('window.scrollTo(0, 0)');
          await reviewShot(second.page, `${ARTIFACTS}/stock-reserved-${width}.png`, { fullPage: true });
          expect(await statusesOf(secondEmail)).toEqual([]);

          // The payment window (a minute) ends, for both widths' first shoppers at once: the first attempt is given up
          // and its unit goes back to the ledger (never an order in the merchant's list); the second buys once the store offers it again.
          await bothAtTheBank();
          await endPaymentWindowsWithin(api, headers, 1);
          await expect.poll(offered, SLOW).toBe(1);
          expect(await statusesOf(firstEmail)).toEqual([]);
          // What the second page asked and got from here on goes with a failure (a lost or refused request names itself).
          const trace: string[] = [];
          second.page.on('response', (r) => trace.push(`${r.status()} ${r.request().method()} ${r.url()}`));
          second.page.on('requestfailed', (r) =>
            trace.push(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`),
          );
          second.page.on('framenavigated', (frame) => {
            if (frame === second.page.mainFrame()) trace.push(`navigated to ${frame.url()}`);
          });
          await second.page.click('.Checkout-button');
          await second.page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, SLOW);
          await second.page.waitForSelector('.OrderConfirmation-number', SLOW).catch(async (error: unknown) => {
            // Seen twice in seven runs on a loaded machine: what the page showed instead goes with the failure.
            await second.page.screenshot({
              path: `${ARTIFACTS}/stock-reserved-confirmation-${width}.png`,
              fullPage: true,
            });
            throw new Error(
              `${String(error)}\n${second.page.url()} showed: ${await second.page.evaluate<string>('document.body.innerText')}\nrequests:\n${trace.join('\n')}`,
            );
          });
          expect(await second.page.locator('h1').textContent()).toBe('Order confirmed');
          expect(await statusesOf(secondEmail)).toEqual(['paid']);
          expect([...first.errors, ...second.errors]).toEqual([]);
        }),
      );
    } finally {
      await storeSettings({});
    }
  }, 420_000);
});
