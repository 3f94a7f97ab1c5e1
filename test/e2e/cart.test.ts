/**
 * The cart in Chromium against `wrangler dev`: the add-to-cart button's states and alerts, the cart
 * pill and its popover, the listing grid, subscriptions and gift cards, and the cart page with its
 * lightbox. Each test has its own browser context, so its own cookies and cart.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cartHolding } from '../journeys/support';
import { useChromium } from './browser';
import { clickAndSeeAddedPopover, escapeDialog, openPage, seeTextAfter, watchTexts } from './pages';
import { storeUrl } from './store';

const browser = useChromium();

const open = (path: string) => openPage(browser(), storeUrl, path);

const productButton = '.ProductItem-form .sqs-add-to-cart-button';
const buttonText = (page: Page, selector = productButton) => page.locator(selector).textContent();

describe('add to cart in Chromium', () => {
  it('goes Adding… → Added! → idle, shows the pill with its popover, updates every cart link, and sets the CART cookie', async () => {
    const { context, page, errors } = await open('/shop/p/linen-shirt');
    const footerCart = page.locator('.site-footer-cart .sqs-cart-quantity');
    // The header's cart link is there with an empty cart; only its count is hidden.
    expect(await page.locator('.CartPill').isVisible()).toBe(true);
    expect(await page.locator('.CartPill').getAttribute('aria-label')).toBe('Cart, empty');
    expect(await page.locator('.CartPill-count').isHidden()).toBe(true);
    expect(await footerCart.textContent()).toBe('0');
    await page.selectOption('#variant-p-linen-shirt-Size', 'Small');
    await page.selectOption('#variant-p-linen-shirt-Colour', 'Sand');
    await page.fill('#quantity-p-linen-shirt', '2');
    const button = await watchTexts(page, productButton);
    await clickAndSeeAddedPopover(page, productButton);
    // The button's states as the page showed them, timed by the page: 'Added!' about 1 s after 'Adding…', idle 2 s later.
    await expect.poll(button.texts).toEqual(['Add To Cart', 'Adding…', 'Added!', 'Add To Cart']);
    const [, adding = 0, added = 0, idle = 0] = (await button.timeline()).map((shown) => shown.at);
    expect(added - adding).toBeGreaterThanOrEqual(900);
    expect(idle - added).toBeGreaterThanOrEqual(1900);
    expect(idle - added).toBeLessThan(4000);
    expect(await page.locator('.CartPill-count').textContent()).toBe('2');
    await expect.poll(() => footerCart.textContent()).toBe('2');
    expect(await page.locator('.site-footer-cart').getAttribute('data-cart-count')).toBe('2');
    await expect.poll(() => page.locator('.CartPill-popover').count()).toBe(0);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'CART')?.value).toMatch(/^[0-9a-f]{32}$/);

    // A sold-out combination can be chosen (its back-in-stock sign-up is offered): it is marked sold out and cannot be added.
    await page.selectOption('#variant-p-linen-shirt-Size', 'Large');
    expect(await page.locator('#variant-p-linen-shirt-Colour option[value="Ink"]').textContent()).toBe(
      'Ink (sold out)',
    );
    await page.selectOption('#variant-p-linen-shirt-Colour', 'Ink');
    await expect.poll(() => buttonText(page)).toBe('Sold Out');
    expect(await page.locator(productButton).isDisabled()).toBe(true);

    // A new page load reads the cart: the pill shows the count without an add.
    await page.goto(`${storeUrl}/blog/linen-care`);
    await expect.poll(() => page.locator('.CartPill-count').textContent()).toBe('2');
    await expect.poll(() => footerCart.textContent()).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('alerts with the server message, the 429 message and the session message, then returns to idle', async () => {
    const { context, page } = await open('/shop/p/oak-board');
    await seeTextAfter(page, productButton, 'Added!', () => page.click(productButton));
    await page.click(productButton);
    await expect
      .poll(() => page.locator('[role="alertdialog"]').textContent())
      .toBe(
        'Unable to Add ItemSorry, we do not have enough of that item available. Only 1 left, and your cart has 1.OK',
      );
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('OK');
    await page.click('[role="alertdialog"] button');
    await expect.poll(() => buttonText(page)).toBe('Add To Cart');

    await page.route('**/api/commerce/shopping-cart/entries', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"Too many"}' }),
    );
    await page.click(productButton);
    await expect
      .poll(() => page.locator('[role="alertdialog"] .Dialog-message').textContent())
      .toBe('Please try again in a few seconds.');
    await escapeDialog(page);
    await page.unroute('**/api/commerce/shopping-cart/entries');

    await context.clearCookies({ name: 'crumb' });
    // A failed add takes the button back to idle after FAILURE_RESET_MS; a click before that is ignored.
    await expect.poll(() => buttonText(page)).toBe('Add To Cart');
    await page.click(productButton);
    await expect
      .poll(() => page.locator('[role="alertdialog"] .Dialog-message').textContent())
      .toBe('Your session has expired. Please reload the page and try again.');
    await escapeDialog(page);
    await page.evaluate("Object.defineProperty(navigator, 'cookieEnabled', { get: () => false })");
    // A failed add takes the button back to idle after FAILURE_RESET_MS; a click before that is ignored.
    await expect.poll(() => buttonText(page)).toBe('Add To Cart');
    await page.click(productButton);
    await expect
      .poll(() => page.locator('[role="alertdialog"] .Dialog-message').textContent())
      .toBe('Please enable cookies in your browser, reload the page, and try again.');
    await context.close();
  });

  it("adds once when the store took the add but its answer was lost: the page sends it again with the add's Idempotency-Key", async () => {
    const { context, page, errors } = await open('/shop/p/candle');
    const keys: string[] = [];
    await page.route('**/api/commerce/shopping-cart/entries', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      // The store adds the candle (and would set the new cart's cookie); the answer never reaches the page.
      await route.fetch();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'retry-after': '5' },
        body: JSON.stringify({ error: 'The store is briefly unavailable. Please try again in a moment.' }),
      });
    });
    await clickAndSeeAddedPopover(page, productButton);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await page.locator('.CartPill-count').textContent()).toBe('1');
    await page.goto(`${storeUrl}/cart`);
    await expect.poll(() => page.locator('.CartPill-count').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the listing grid opens the options of a product that has them (quick add), and adds a single-variant product', async () => {
    const { context, page } = await open('/shop');
    const shirt = '.ProductCard[data-item-id="p-linen-shirt"] .sqs-add-to-cart-button';
    await page.click(shirt);
    const dialog = page.locator('[role="dialog"].QuickAdd');
    await expect.poll(() => dialog.locator('.Dialog-title').textContent()).toBe('Linen Shirt');
    expect(await dialog.locator('select').count()).toBe(2);
    await escapeDialog(page);
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate("document.activeElement?.closest('.ProductCard')?.dataset.itemId")).toBe(
      'p-linen-shirt',
    );
    expect(await page.locator(`${shirt} .sqs-add-to-cart-button-inner`).textContent()).toBe('Add To Cart');
    const mug = '.ProductCard[data-item-id="p-ceramic-mug"] .sqs-add-to-cart-button';
    expect(await buttonText(page, mug)).toBe('Sold Out');
    expect(await page.locator(mug).isDisabled()).toBe(true);
    const tote = '.ProductCard[data-item-id="p-canvas-tote"] .sqs-add-to-cart-button';
    await seeTextAfter(page, tote, 'Added!', () => page.click(tote));
    expect(await page.locator('.CartPill-count').textContent()).toBe('1');
    await context.close();
  });

  it('sends a subscription to checkout with its cart token; a gift card stays in the cart', async () => {
    const { context, page } = await open('/shop/p/coffee-beans');
    expect(await buttonText(page)).toBe('Subscribe');
    await page.click(productButton);
    await page.waitForURL(/\/checkout\?cartToken=[0-9a-f]{32}$/);
    await expect.poll(() => page.locator('.CheckoutLine-name').textContent()).toBe('Coffee Subscription');

    await page.goto(`${storeUrl}/gifts/p/gift-card`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await page.click(productButton);
    await expect
      .poll(() => page.locator('[role="alertdialog"] .Dialog-message').textContent())
      .toBe('Select a denomination for the Gift Card');
    await escapeDialog(page);
    await page.selectOption('#variant-p-gift-card-Amount', '$50');
    await page.getByLabel('Me: the code is emailed to me').check();
    await page.click(productButton);
    await expect.poll(() => page.locator('.GiftCardForm-status').textContent()).toBe('Added to cart. View cart');
    expect(new URL(page.url()).pathname).toBe('/gifts/p/gift-card');
    expect(await page.locator('.CartPill-count').textContent()).toBe('1');
    await context.close();
  });

  it('buys at once from an express-checkout product block: Purchase, then checkout', async () => {
    const { context, page } = await open('/contact');
    const purchase = '.ProductBlock .sqs-add-to-cart-button';
    expect(await buttonText(page, purchase)).toBe('Purchase');
    await page.click(purchase);
    await expect
      .poll(() => page.locator('[role="alertdialog"]').textContent())
      .toBe('Unable to Purchase ItemPlease select the Size and Colour options.OK');
    await escapeDialog(page);
    await page.selectOption('.ProductBlock #variant-p-linen-shirt-Size', 'Small');
    await page.selectOption('.ProductBlock #variant-p-linen-shirt-Colour', 'Ink');
    await page.click(purchase);
    await page.waitForURL(/\/checkout$/);
    await expect.poll(() => page.locator('.CheckoutLine-name').textContent()).toBe('Linen Shirt');
    await context.close();
  });
});

describe('cart page in Chromium', () => {
  it('edits quantities, removes entries and edits additional fields in a focus-trapped lightbox', async () => {
    const { context, page, errors } = await open('/shop/p/brass-pen');
    // The pen asks for its engraving before the add.
    await page.click(productButton);
    await page.locator('[role="dialog"] input').fill('For Bob');
    await seeTextAfter(page, productButton, 'Added!', () =>
      page.locator('[role="dialog"] button[type="submit"]').click(),
    );
    // The candle by the product page's own calls: the add button is the tests' above, this one is about the cart page.
    await cartHolding(page, storeUrl, 'p-candle');

    await page.goto(`${storeUrl}/cart`);
    await expect.poll(() => page.locator('.CartEntry').count()).toBe(2);
    expect(await page.locator('.CartPage-total').textContent()).toBe('$71.00');

    const pen = page.locator('.CartEntry', { hasText: 'Engraved Brass Pen' });
    await pen.locator('input[type="number"]').fill('3');
    await pen.locator('input[type="number"]').press('Enter');
    await expect.poll(() => page.locator('.CartPage-total').textContent()).toBe('$149.00');
    await expect.poll(() => page.locator('.CartPill-count').textContent()).toBe('4');

    // The lightbox: focus inside, Tab cycles within it, the page does not scroll, Escape closes.
    await pen.locator('.CartEntry-edit').click();
    const dialog = page.locator('[role="dialog"]');
    expect(await dialog.locator('.Dialog-title').textContent()).toBe('Engraving');
    expect(await page.evaluate('document.documentElement.style.overflow')).toBe('hidden');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('additional-f-engraving-engraving-text');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate('Boolean(document.activeElement?.closest(\'[role="dialog"]\'))')).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate('document.documentElement.style.overflow')).toBe('');

    await pen.locator('.CartEntry-edit').click();
    expect(await dialog.locator('input').inputValue()).toBe('For Bob');
    await dialog.locator('input').fill('');
    await dialog.locator('button[type="submit"]').click();
    expect(await dialog.locator('.FormField-error').textContent()).toBe('Required');
    await dialog.locator('input').fill('x'.repeat(31));
    expect(await dialog.locator('.FormField-count').textContent()).toBe('31 / 30');
    await dialog.locator('button[type="submit"]').click();
    expect(await dialog.locator('.FormField-error').textContent()).toBe('You have exceeded the character limit.');
    await dialog.locator('input').fill('For Ada');
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    const stored = await page.evaluate(
      async () =>
        (await (await fetch('/api/commerce/shopping-cart')).json()) as {
          entries: { title: string; additionalFields: string | null }[];
        },
    );
    expect(stored.entries.find((e) => e.title === 'Engraved Brass Pen')?.additionalFields).toBe(
      '{"engraving-text":"For Ada"}',
    );

    await page.locator('.CartEntry', { hasText: 'Cedar Candle' }).locator('.CartEntry-remove').click();
    await expect.poll(() => page.locator('.CartEntry').count()).toBe(1);
    await expect.poll(() => page.locator('.CartPage-total').textContent()).toBe('$117.00');
    await page.reload();
    await expect.poll(() => page.locator('.CartEntry').count()).toBe(1);

    // A failed update shows its alert and the page goes back to the server's cart.
    await page.route('**/api/commerce/shopping-cart/entries/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: '{"error":"Sorry, we do not have enough of that item available."}',
          })
        : route.continue(),
    );
    await page.locator('.CartEntry input[type="number"]').fill('9');
    await page.locator('.CartEntry input[type="number"]').press('Enter');
    await expect
      .poll(() => page.locator('[role="alertdialog"]').textContent())
      .toBe('Unable to update quantitySorry, we do not have enough of that item available.OK');
    await expect.poll(() => page.locator('.CartEntry input[type="number"]').inputValue()).toBe('3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an empty cart to a visitor without one', async () => {
    const { context, page } = await open('/cart');
    await expect.poll(() => page.locator('.CartPage-empty').textContent()).toContain('Your cart is empty.');
    await context.close();
  });
});
