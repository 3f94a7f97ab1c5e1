/**
 * Journey: open a shop and set it up as forms (issue 33, journeys 1 and 5). The owner, at 1366 px in
 * the console, gives the store its name, logo (uploaded in the form), contact email and address, a
 * refund policy, a UK shipping zone picked from the list, a California tax rate picked from the list,
 * an announcement bar, and turns the home popup off; the Home checklist ticks what is done. At 375 px
 * the checklist and the header form fit, and a shopper sees the logo and the announcement in a header
 * that fits, the policy in the footer and at checkout, the UK rate offered and California tax charged,
 * and no popup. A store of its own: the journey renames the store and turns its popup off.
 * Screenshots in test-artifacts/journeys/open-a-shop-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addOneToCart,
  JOURNEY_TIMEOUT,
  merchantApi,
  openProduct,
  shot,
  signIn,
  SLOW,
  useContexts,
  ACCOUNTS,
  fillUkAddress,
  openSidebar,
  save,
  useOwnStore,
} from './support';
import { merchantRequests } from '../e2e/merchant-session';

const contexts = useContexts();

const store = useOwnStore();
const NAME = 'Fern & Field Homewares';
const ANNOUNCEMENT = 'Free UK delivery on orders over £50';
const REFUND = 'Return anything unused within 30 days for a full refund.';

async function openCommerce(page: Page, part: string): Promise<void> {
  await page.locator('.SubNav a', { hasText: part }).click();
  await page.waitForSelector(`h1:text-is("Commerce · ${part}")`, SLOW);
}

/** Navigation, header and footer: the header and the home popup are cards of that screen, the content roles'. */
async function openNavigation(page: Page): Promise<void> {
  await openSidebar(page);
  await page.locator('nav[aria-label="Console"] a', { hasText: 'Navigation' }).first().click();
  await page.waitForSelector('h1:text-is("Navigation, header and footer")', SLOW);
}

async function checklist(page: Page): Promise<Record<string, boolean>> {
  const items = page.locator('.SetupChecklist-items li');
  await items.first().waitFor(SLOW);
  const entries = await items.evaluateAll((lis) =>
    lis.map((li) => [li.getAttribute('data-item') ?? '', li.classList.contains('is-done')] as const),
  );
  return Object.fromEntries(entries);
}

/** Whether every child of the header sits inside the viewport, and the title is not cut. */
async function headerFits(page: Page): Promise<{ overflow: string[]; titleCut: boolean }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow = [...document.querySelectorAll('.site-header > *')]
      .filter((el) => getComputedStyle(el).display !== 'none')
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < -1 || box.right > width + 1;
      })
      .map((el) => el.className);
    const title = document.querySelector('.site-title') as HTMLElement;
    return { overflow, titleCut: title.scrollWidth > title.clientWidth + 1 };
  });
}

describe('Open a shop and set it up as forms', () => {
  it(
    'the owner sets details, logo, a policy, UK shipping and California tax in forms; the checklist ticks; the shopper at 375 px meets them',
    async () => {
      const started = Date.now();
      const { page, errors } = await contexts.page(1366);
      await signIn(page, store.url, ACCOUNTS.owner);
      expect(await checklist(page)).toMatchObject({ details: false, policies: false, product: true, payments: true });
      await shot(page, 'open-a-shop-console-checklist-before-1366');

      // Store details, the logo uploaded in the form itself.
      await page.getByRole('link', { name: 'Add your store details' }).click();
      await page.waitForSelector('#details-name', SLOW);
      await page.fill('#details-name', NAME);
      await page.setInputFiles('#details-logo-upload', {
        name: 'fern-logo.webp',
        mimeType: 'image/webp',
        buffer: readFileSync('public/images/demo/candle.webp'),
      });
      await page.locator('#details-logo img, .PicturesEditor-thumb').first().waitFor(SLOW);
      await page.fill('#details-email', 'hello@fernandfield.com');
      await page.selectOption('#details-countryCode', 'GB');
      expect(await page.locator('label[for="details-postalCode"]').textContent()).toBe('Postcode');
      await page.fill('#details-address1', '12 Harbour Street');
      await page.fill('#details-city', 'Bristol');
      await page.fill('#details-postalCode', 'BS1 4RN');
      await save(page, 'Save store details');

      // A refund policy in the rich text editor.
      await openCommerce(page, 'Policies');
      const refund = page.locator('#policy-refund .ProseMirror, [aria-labelledby="policy-refund-label"]').first();
      await refund.click();
      await page.keyboard.type(REFUND);
      await save(page, 'Save policies');
      await expect.poll(() => page.locator('a[href="/policies/refund-policy"]').count(), SLOW).toBe(1);

      // A UK zone picked from the list, not typed.
      await openCommerce(page, 'Shipping rates');
      await page.getByRole('button', { name: 'Add shipping rate' }).click();
      await page.fill('#rate-name', 'UK Post');
      await page.selectOption('#rate-regions', 'GB');
      expect(await page.locator('#rate-regions-region option:checked').textContent()).toBe('All of United Kingdom');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect
        .poll(() => page.locator('.PlacesPicker-place').allTextContents(), SLOW)
        .toEqual(['United KingdomRemove']);
      await page.fill('#rate-amount', '4.50');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const ukRow = page.locator('tr', { hasText: 'UK Post' });
      await expect.poll(() => ukRow.textContent(), SLOW).toContain('United Kingdom');
      await shot(page, 'open-a-shop-console-shipping-1366');

      // California from the list, saved as the code addresses carry.
      await openCommerce(page, 'Tax rates');
      await page.getByRole('button', { name: 'Add tax rate' }).click();
      await page.fill('#tax-name', 'California sales tax');
      await page.fill('#tax-rate', '7.25');
      await page.selectOption('#tax-country', 'US');
      await page.selectOption('#tax-region', { label: 'California' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const taxRow = page.locator('tr', { hasText: 'California sales tax' });
      await expect.poll(() => taxRow.textContent(), SLOW).toContain('California, United States');

      // The header as settings; the popup off.
      await openNavigation(page);
      await page.fill('#header-announcement', ANNOUNCEMENT);
      await page.fill('#header-social-instagram', 'https://instagram.com/fernandfield');
      await save(page, 'Save header');
      await page.getByLabel('Show the popup on the home page').uncheck();
      await save(page, 'Save popup');

      // Home: the checklist reads the store.
      await page.goto(`${store.url}/config`);
      await expect
        .poll(() => checklist(page), SLOW)
        .toEqual({
          details: true,
          product: true,
          shipping: true,
          payments: true,
          policies: true,
          publish: true,
        });
      expect(await page.locator('.SetupChecklist-header p').textContent()).toBe('6 of 6 done');
      await shot(page, 'open-a-shop-console-checklist-1366');
      expect(errors).toEqual([]);

      // The checklist and a settings form at 375 px.
      const phone = await contexts.page(375);
      await signIn(phone.page, store.url, ACCOUNTS.owner);
      await phone.page.locator('.SetupChecklist-items li').first().waitFor(SLOW);
      await shot(phone.page, 'open-a-shop-console-checklist-375');
      await phone.page.goto(`${store.url}/config/navigation`);
      await phone.page.waitForSelector('#header-announcement', SLOW);
      expect(await phone.page.inputValue('#header-announcement')).toBe(ANNOUNCEMENT);
      const overflowing = await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflowing).toBe(false);
      await shot(phone.page, 'open-a-shop-console-header-375');
      expect(phone.errors).toEqual([]);

      // The shopper at 375 px.
      const shopper = await contexts.page(375);
      await shopper.page.goto(store.url);
      await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      const logo = shopper.page.locator('.site-title img.site-logo');
      expect(await logo.getAttribute('alt')).toBe(NAME);
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth), SLOW).toBeGreaterThan(0);
      expect(await shopper.page.locator('.announcement-bar').textContent()).toBe(ANNOUNCEMENT);
      expect(await headerFits(shopper.page)).toEqual({ overflow: [], titleCut: false });
      expect(await shopper.page.locator('[data-island="PromoPopup"]').count()).toBe(0);
      expect(await shopper.page.locator('[role="dialog"]').count()).toBe(0);
      await shot(shopper.page, 'open-a-shop-storefront-home-375');

      await shopper.page.locator('.site-policies a', { hasText: 'Refund policy' }).click();
      await shopper.page.waitForURL(/\/policies\/refund-policy$/, SLOW);
      expect(await shopper.page.locator('main').textContent()).toContain(REFUND);

      await openProduct(shopper.page, store.url, '/shop/p/canvas-tote');
      await addOneToCart(shopper.page);
      await shopper.page.goto(`${store.url}/checkout`);
      await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      expect(await shopper.page.locator('.CheckoutPage-policies a').allTextContents()).toEqual(['Refund policy']);
      await fillUkAddress(shopper.page, 'shopper-open-a-shop@example.com');
      await expect
        .poll(() => shopper.page.locator('.Checkout-option-name').allTextContents(), SLOW)
        .toContain('UK Post');
      expect(await shopper.page.locator('.CheckoutTotals-tax').textContent()).toBe('$0.00');
      await shot(shopper.page, 'open-a-shop-storefront-checkout-uk-375');

      // A Californian address, its state typed as shoppers type it, is charged the merchant's 7.25%.
      await shopper.page.selectOption('#checkout-countryCode', 'US');
      await shopper.page.fill('#checkout-city', 'Sacramento');
      await shopper.page.fill('#checkout-region', 'California');
      await shopper.page.fill('#checkout-postalCode', '95814');
      await shopper.page.locator('#checkout-phone').focus();
      const subtotal = Number(
        ((await shopper.page.locator('.CheckoutTotals-subtotal').textContent()) ?? '').replace(/[^\d.]/g, ''),
      );
      const expectedTax = `$${(Math.round(subtotal * 100 * 0.0725) / 100).toFixed(2)}`;
      await expect.poll(() => shopper.page.locator('.CheckoutTotals-tax').textContent(), SLOW).toBe(expectedTax);
      await shot(shopper.page, 'open-a-shop-storefront-checkout-california-375');
      expect(shopper.errors).toEqual([]);
      console.log(`open-a-shop journey: ${Math.round((Date.now() - started) / 1000)} s`);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'commerce preferences are a labelled form at 375 px: a checkbox for on/off, a number field for a number; saved as typed values',
    async () => {
      const { api, headers } = await merchantApi(contexts, store.url);
      const seeded = { requireBillingAddress: true, maxItemsPerOrder: 5, giftNote: 'Thank you!' };
      expect(
        (await api.put(`${store.url}/api/v1/commerce-preferences/checkout`, { data: seeded, headers })).status(),
      ).toBe(200);
      const { page, errors } = await contexts.page(375);
      await signIn(page, store.url, ACCOUNTS.owner, '/config/commerce/preferences');
      const billing = page.getByLabel('Require billing address', { exact: true });
      await billing.waitFor(SLOW);
      expect(await billing.getAttribute('type')).toBe('checkbox');
      expect(await billing.isChecked()).toBe(true);
      const maxItems = page.getByLabel('Max items per order', { exact: true });
      expect(await maxItems.getAttribute('type')).toBe('number');
      expect(await maxItems.inputValue()).toBe('5');
      await billing.uncheck();
      await maxItems.fill('7');
      await save(page, 'Save preferences');
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await shot(page, 'open-a-shop-console-preferences-375');
      const stored = await (await api.get(`${store.url}/api/v1/commerce-preferences/checkout`)).json();
      expect(stored).toMatchObject({ requireBillingAddress: false, maxItemsPerOrder: 7, giftNote: 'Thank you!' });
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "a one-line header code leaves the store name whole at 375 px (it was cut to 'St…')",
    async () => {
      const { api, headers } = await merchantApi(contexts, store.url);
      const details = { name: 'Studio Goods', logo: null, contactEmail: '', address: {} };
      expect((await api.put(`${store.url}/api/console/settings/details`, { data: details, headers })).status()).toBe(
        200,
      );
      // The header code is the owner's to save (the call, with the owner's session kept for the run).
      const owner = await merchantRequests(ACCOUNTS.owner, store.url);
      const header = { announcement: '', social: [], html: 'Free shipping over $50' };
      try {
        const saved = await owner.api.put(`${store.url}/api/console/settings/header`, {
          data: header,
          headers: owner.headers,
        });
        expect(saved.status(), await saved.text()).toBe(200);
      } finally {
        await owner.api.dispose();
      }
      const { page, errors } = await contexts.page(375);
      await page.goto(store.url);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      expect(await page.locator('.site-title').textContent()).toBe('Studio Goods');
      expect(await headerFits(page)).toEqual({ overflow: [], titleCut: false });
      await shot(page, 'open-a-shop-storefront-header-code-375');
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
