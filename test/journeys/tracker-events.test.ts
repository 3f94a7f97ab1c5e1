/**
 * Journey: what the social-ads pixel is told about a shopper (issue 36; engine spec §7), in Chromium
 * at 1366 and 375 px side by side. A visitor signs up to the newsletter in the home page's popup (Lead), views
 * a product (ViewContent), adds two (AddToCart), searches by keyboard (Search), buys (Purchase) and
 * creates an account (CompleteRegistration); the development recorder, where the local pixel keeps
 * what it would send, lists those events for this visitor with their names and parameters, the
 * money as the pixel's decimal value. Screenshots in test-artifacts/journeys/tracker-events-*.png.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useChromium } from '../e2e/browser';
import { storeUrl } from '../e2e/store';
import {
  atBothWidths,
  addToCart,
  Contexts,
  createProduct,
  deleteProduct,
  ensureShipping,
  fillCheckout,
  goToCheckout,
  JOURNEY_TIMEOUT,
  openProduct,
  placeOrder,
  RUN,
  shot,
  SLOW,
} from './support';

const browser = useChromium();
const contexts = new Contexts(browser);
afterEach(() => contexts.closeAll());

interface Recorded {
  integration: string;
  sent: { event_name: string; event_id: string; event_source_url: string; custom_data: Record<string, unknown> };
}

/** The census visitor id of the shopper's browser (the `ss_cvr` cookie's first field). */
async function visitorId(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ss_cvr');
  return decodeURIComponent(cookie?.value ?? '').split('|')[0] ?? '';
}

async function recorded(page: Page, visitor: string): Promise<Recorded[]> {
  const res = await page.context().request.get(`${storeUrl}/dev/trackers?visitor=${visitor}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: Recorded[] }).events;
}

const names = async (page: Page, visitor: string) => (await recorded(page, visitor)).map((e) => e.sent.event_name);

describe('pixel events', () => {
  it('newsletter sign-up, product view, add, search, purchase and account sign-up reach the pixel with their parameters (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await ensureShipping(contexts, storeUrl);
    await atBothWidths(async (width) => {
      const email = `pixel-${RUN}-${width}@example.com`;
      const title = `Pixel Candle ${RUN} ${width}`;
      const product = await createProduct(contexts, storeUrl, title, 2450, 10);
      const { page, errors } = await contexts.page(width);

      // The home page's popup: a newsletter sign-up is a Lead.
      await page.goto(`${storeUrl}/`);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      await expect.poll(() => visitorId(page), SLOW).toMatch(/^[0-9a-f-]{36}$/);
      const visitor = await visitorId(page);
      const popup = page.locator('[role="dialog"].PromoPopup');
      await popup.waitFor(SLOW);
      await popup.locator('input[type="email"]').fill(email);
      await popup.locator('button[type="submit"]').click();
      await expect
        .poll(() => popup.locator('.SiteForm-submission-message').textContent(), SLOW)
        .toBe('Thank you for signing up.');
      await expect.poll(() => names(page, visitor), SLOW).toEqual(['Lead']);

      // The product's page is a ViewContent; adding two an AddToCart worth two of it.
      await openProduct(page, storeUrl, product.path);
      await expect.poll(() => names(page, visitor), SLOW).toEqual(['Lead', 'ViewContent']);
      expect(await addToCart(page, product.id, 2)).toBe('Added!');
      await shot(page, `tracker-events-added-${width}`);
      await expect.poll(() => names(page, visitor), SLOW).toEqual(['Lead', 'ViewContent', 'AddToCart']);

      // A search typed and sent with Enter.
      await page.goto(`${storeUrl}/search`);
      await page.focus('#search-q');
      await page.keyboard.type(title);
      await Promise.all([page.waitForURL(/\/search\?q=/, SLOW), page.keyboard.press('Enter')]);
      await page.waitForSelector('.SearchPage-count', SLOW);
      await expect.poll(() => names(page, visitor), SLOW).toEqual(['Lead', 'ViewContent', 'AddToCart', 'Search']);

      // Buying: the order confirmed page reports the Purchase with the order's total.
      await goToCheckout(page, storeUrl, title);
      await fillCheckout(page, email);
      const total = (await page.locator('.CheckoutTotals-total').last().textContent()) ?? '';
      await placeOrder(page);
      const orderId = /\/commerce\/orders\/([A-Za-z0-9_-]+)\?/.exec(page.url())?.[1] ?? '';
      await shot(page, `tracker-events-confirmed-${width}`);
      await expect
        .poll(() => names(page, visitor), SLOW)
        .toEqual(['Lead', 'ViewContent', 'AddToCart', 'Search', 'Purchase']);
      // A reload of the confirmation is the same purchase (its event id is the order's).
      await page.reload();
      await page.waitForSelector('.OrderConfirmation-number', SLOW);

      // An account created: CompleteRegistration.
      await page.goto(`${storeUrl}/account`);
      await page.waitForSelector('#signin-email', SLOW);
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.fill('#signup-email', email);
      await page.fill('#signup-password', 'tracker-events-password');
      await page.click('.AccountPanel-form button[type="submit"]');
      await expect
        .poll(async () => (await names(page, visitor)).filter((name) => name === 'CompleteRegistration').length, SLOW)
        .toBe(1);

      const events = await recorded(page, visitor);
      const byName = (name: string) => events.filter((e) => e.sent.event_name === name).map((e) => e.sent);
      expect(events.every((e) => e.integration === 'pixel')).toBe(true);
      expect(byName('Lead')[0]?.custom_data).toEqual({ content_name: 'newsletter' });
      expect(byName('ViewContent')[0]).toMatchObject({
        event_source_url: `${storeUrl}${product.path}`,
        custom_data: { content_ids: [product.id], content_type: 'product' },
      });
      expect(byName('AddToCart')[0]?.custom_data).toEqual({
        content_ids: [product.id],
        content_type: 'product',
        contents: [{ id: product.id, quantity: 2 }],
        value: 49,
        currency: 'USD',
      });
      expect(byName('Search')[0]?.custom_data).toEqual({ search_string: title });
      const purchases = byName('Purchase');
      expect(new Set(purchases.map((p) => p.event_id))).toEqual(new Set([orderId]));
      expect(purchases[0]?.custom_data).toEqual({
        content_ids: [product.id],
        content_type: 'product',
        contents: [{ id: product.id, quantity: 2 }],
        num_items: 2,
        value: Number(total.replace(/[^0-9.]/g, '')),
        currency: 'USD',
      });
      expect(byName('CompleteRegistration')[0]?.custom_data).toEqual({ content_name: 'account' });

      // What an integrator checks: the development recorder's page.
      await page.goto(`${storeUrl}/dev/trackers?visitor=${visitor}`);
      await shot(page, `tracker-events-recorder-${width}`);
      await deleteProduct(contexts, storeUrl, product.id);
      expect(errors).toEqual([]);
    });
  });
});
