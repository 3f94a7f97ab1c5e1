/**
 * What a shopper meets, in Chromium against `wrangler dev` (issue 17's defects): rich text as
 * HTML, the additional-fields form asked before the add and shown on the cart line and at
 * checkout, the instalment dialog, quantity messages and "You may also like" with options. Each
 * test has its own browser context, so its own cookies and cart.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reviewShot, useChromium } from './browser';
import { afterNextPaint, escapeDialog, openPage, seeTextAfter } from './pages';
import { importDemoAs } from './site-import';
import { storeUrl } from './store';

const browser = useChromium();

const open = (path: string) => openPage(browser(), storeUrl, path);

const addButton = '.ProductItem-form .sqs-add-to-cart-button';

/** How an entry's answer reads on screen: the title's colon, and where the value starts (right after the title's last line). */
function answerLayout(page: Page, selector: string): Promise<{ colon: string; sameLine: boolean; gap: number }> {
  return page.evaluate(`(() => {
    const list = document.querySelector(${JSON.stringify(selector)});
    const title = [...list.querySelector('dt').getClientRects()].at(-1);
    const value = list.querySelector('dd').getClientRects()[0];
    return { colon: getComputedStyle(list.querySelector('dt'), '::after').content, sameLine: Math.abs(value.top - title.top) < 4, gap: Math.round(value.left - title.right) };
  })()`);
}

/** The demo store again at `instalments.localhost`, with a payment configuration that offers Afterpay at checkout (docs/payments.md). */
const importStoreOfferingInstalments = () =>
  importDemoAs('instalments.localhost', 'instalments-offered', (site) => {
    site.website.instalments = { provider: 'afterpay', minimum: 3500, maximum: 200000, offeredAtCheckout: true };
  });

let offeringInstalments: Promise<string> | undefined;
const storeOfferingInstalments = () => (offeringInstalments ??= importStoreOfferingInstalments());

describe('a shopper in Chromium', () => {
  it('reads post bodies, product descriptions and excerpts as paragraphs', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${storeUrl}/blog/opening-the-studio`);
    expect(await page.locator('.BlogItem-body p').count()).toBe(2);
    expect(await page.locator('.BlogItem-body p').nth(1).textContent()).toBe(
      'Thanks for reading, and for shopping small.',
    );
    await page.goto(`${storeUrl}/shop/p/brass-pen`);
    expect(await page.locator('.ProductItem-body p').count()).toBe(2);
    await page.goto(`${storeUrl}/contact`);
    expect(await page.locator('.Page-body p').textContent()).toBe(
      'Questions about an order, wholesale or press? Write to us.',
    );
    await context.close();
  }, 60_000);

  it("asks for the pen's engraving before the add, and shows it on the cart line and at checkout", async () => {
    const { context, page, errors } = await open('/shop/p/brass-pen');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    const dialog = page.locator('[role="dialog"]');
    expect(await dialog.locator('.Dialog-title').textContent()).toBe('Engraving');
    const input = dialog.locator('#additional-f-engraving-engraving-text');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('additional-f-engraving-engraving-text');
    await dialog.locator('button[type="submit"]').click();
    expect(await dialog.locator('.FormField-error').textContent()).toBe('Required');

    // Typing replaces 'Required'; over the limit the counter and the message agree.
    await input.fill('x'.repeat(35));
    expect(await dialog.locator('.FormField-count').textContent()).toBe('35 / 30');
    expect(await dialog.locator('.FormField-count').getAttribute('class')).toContain('error');
    expect(await dialog.locator('.FormField-error').textContent()).toBe('You have exceeded the character limit.');
    await input.fill('For Ada');
    expect(await dialog.locator('.FormField-error').count()).toBe(0);
    expect(await dialog.locator('.FormField-count').textContent()).toBe('7 / 30');
    await seeTextAfter(page, addButton, 'Added!', () =>
      dialog.locator('button[type="submit"]', { hasText: 'Add To Cart' }).click(),
    );
    expect(await dialog.count()).toBe(0);

    await page.goto(`${storeUrl}/cart`);
    await page.waitForSelector('.CartEntry');
    expect(await page.locator('.CartEntry-answers').textContent()).toBe('Engraving textFor Ada');
    // "Engraving text: For Ada" on one line (the value was indented under the title, with no colon).
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await reviewShot(page.locator('.CartEntry').first(), `test-artifacts/shopper/cart-answers-${width}.png`);
      expect(await answerLayout(page, '.CartEntry-answers')).toEqual({ colon: '": "', sameLine: true, gap: 0 });
    }
    await page.goto(`${storeUrl}/checkout`);
    await page.waitForSelector('.CheckoutLine');
    expect(await page.locator('.CheckoutLine-answers').textContent()).toBe('Engraving textFor Ada');
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await reviewShot(page.locator('.CheckoutLine').first(), `test-artifacts/shopper/checkout-answers-${width}.png`);
      expect(await answerLayout(page, '.CheckoutLine-answers')).toEqual({ colon: '": "', sameLine: true, gap: 0 });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("opens the instalment information as a modal dialog with the provider's text", async () => {
    // The demo's checkout offers no instalments, so it shows no pill; a store whose payment configuration offers them does.
    const demo = await open('/shop/p/throw-blanket');
    await demo.page.waitForSelector('html[data-islands="hydrated"]', { timeout: 30_000 });
    expect(await demo.page.locator('.InstalmentPill').count()).toBe(0);
    await demo.context.close();
    const offering = await storeOfferingInstalments();
    const { context, page, errors } = await openPage(browser(), offering, '/shop/p/throw-blanket');
    await page.locator('.InstalmentPill').waitFor({ timeout: 30_000 });
    await reviewShot(page, 'test-artifacts/shopper/instalment-pill-1366.png');
    const more = page.locator('.InstalmentPill-more');
    const dialog = page.locator('[role="dialog"].InstalmentPill-dialog');
    await more.click();
    await expect
      .poll(() => dialog.locator('.InstalmentInfo').textContent(), { timeout: 15_000 })
      .toContain('Pay in 4 interest-free payments with Afterpay');
    await page.setViewportSize({ width: 375, height: 800 });
    await reviewShot(page, 'test-artifacts/shopper/instalment-dialog-375.png');
    expect(await dialog.textContent()).not.toContain('Information for');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await page.locator('.Dialog-backdrop').isVisible()).toBe(true);
    expect(await page.evaluate('document.documentElement.style.overflow')).toBe('hidden');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate('Boolean(document.activeElement?.closest(\'[role="dialog"]\'))')).toBe(true);
    }
    // Escape closes it and focus goes back to 'Learn more'.
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate('document.activeElement?.className')).toBe('InstalmentPill-more');
    expect(await page.evaluate('document.documentElement.style.overflow')).toBe('');
    // A click outside the panel closes it too.
    await more.click();
    await page.locator('.Dialog-backdrop').waitFor({ state: 'visible', timeout: 10_000 });
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('offers instalments on the cart only while every item is physical', async () => {
    const offering = await storeOfferingInstalments();
    const { context, page } = await openPage(browser(), offering, '/shop/p/throw-blanket');
    await seeTextAfter(page, addButton, 'Added!', () => page.click(addButton));
    await page.goto(`${offering}/cart`);
    await page.waitForSelector('.CartEntry');
    expect(await page.locator('.CartPage-contents .InstalmentPill').textContent()).toBe(
      'or 4 interest-free payments of $19.00Learn more',
    );
    await page.goto(`${offering}/shop/p/photo-presets`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await seeTextAfter(page, addButton, 'Added!', () => page.click(addButton));
    await page.goto(`${offering}/cart`);
    await expect.poll(() => page.locator('.CartEntry').count()).toBe(2);
    expect(await page.locator('.CartPage-contents .InstalmentPill').count()).toBe(0);
    await context.close();
  }, 120_000);

  it("refuses 0, −2 and 2.5 on the product page with the spec's messages instead of changing them", async () => {
    const { context, page, errors } = await open('/shop/p/candle');
    const input = page.locator('#quantity-p-candle');
    const problem = page.locator('.product-quantity-problem');
    for (const [typed, message] of [
      ['0', 'Quantity must be between 1 and 9999.'],
      ['-2', 'Quantity must be between 1 and 9999.'],
      ['2.5', 'Quantity must be a whole number'],
    ] as const) {
      await input.fill(typed);
      await input.blur();
      expect(await input.inputValue()).toBe(typed);
      expect(await problem.textContent()).toBe(message);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
    }
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await expect
      .poll(() => page.locator('[role="alertdialog"]').textContent())
      .toBe('Unable to Add ItemQuantity must be a whole numberOK');
    await escapeDialog(page);
    await input.fill('2');
    expect(await problem.count()).toBe(0);
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await expect.poll(() => page.locator('.CartPill-count').textContent()).toBe('2');

    // On /cart, a bad quantity submitted with Enter shows its message, and the alert stays open.
    await page.goto(`${storeUrl}/cart`);
    await page.waitForSelector('.CartEntry');
    const quantity = page.locator('.CartEntry input[type="number"]');
    for (const [typed, message] of [
      ['-2', 'Quantity must be between 1 and 9999.'],
      ['1.5', 'Quantity must be a whole number'],
    ] as const) {
      await quantity.fill(typed);
      await quantity.press('Enter');
      const alert = page.locator('[role="alertdialog"]');
      await expect.poll(() => alert.textContent()).toBe(`Unable to update quantity${message}OK`);
      await afterNextPaint(page);
      expect(await alert.count()).toBe(1);
      await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('OK');
      await page.keyboard.press('Enter');
      expect(await alert.count()).toBe(0);
      expect(await quantity.inputValue()).toBe('2');
    }
    // 0 removes the line and says so, with an Undo that puts it back as it was.
    await quantity.fill('0');
    await quantity.press('Enter');
    await expect
      .poll(() => page.locator('.CartPage-removed').textContent())
      .toBe('Removed Cedar Candle from your cart. Undo');
    expect(await page.locator('.CartEntry').count()).toBe(0);
    await page.locator('.CartPage-removed button').click();
    await expect.poll(() => page.locator('.CartEntry input[type="number"]').inputValue()).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('offers "Choose options" for a product with options under "You may also like"', async () => {
    const { context, page, errors } = await open('/shop/p/linen-shirt');
    const sweater = page.locator('.ProductCard--addon', { hasText: 'Wool Sweater' });
    const choose = sweater.locator('a.ProductCard-choose');
    expect(await choose.textContent()).toBe('Choose options for Wool Sweater');
    expect(await sweater.locator('button').count()).toBe(0);
    await choose.click();
    await page.waitForURL(`${storeUrl}/shop/p/wool-sweater`);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("asks for a gift card's value in the spec's words", async () => {
    const { context, page, errors } = await open('/gifts/p/gift-card');
    expect(await page.locator('#variant-p-gift-card-Amount option[value=""]').textContent()).toBe('Select Value');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await expect
      .poll(() => page.locator('[role="alertdialog"]').textContent())
      .toBe('Unable to purchase Gift CardSelect a denomination for the Gift CardOK');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('gives up on a census hit after 2,500 ms', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    // The page's clock stands still from its first script, so the 2,500 ms are the page's own (its
    // AbortSignal.timeout runs on that clock) and a loaded machine cannot stretch or shrink them.
    // (A minute on from the install: pausing at the install's own time could already be in the past.)
    const installed = Date.now();
    await page.clock.install({ time: installed });
    await page.clock.pauseAt(installed + 60_000);
    // How the page's census fetch ended, read in the page rather than from the browser's network events.
    await page.addInitScript(`{
      const fetch = window.fetch;
      window.censusHit = 'not sent';
      window.fetch = (input, init) => {
        const sent = fetch(input, init);
        if (String(input).endsWith('/api/census/RecordHit')) {
          window.censusHit = 'pending';
          sent.then(() => { window.censusHit = 'answered'; }, (error) => { window.censusHit = error.name; });
        }
        return sent;
      };
    }`);
    await page.route('**/api/census/RecordHit', () => undefined);
    await page.goto(`${storeUrl}/blog/linen-care`);
    const censusHit = () => page.evaluate('window.censusHit');
    await expect.poll(censusHit).toBe('pending');
    await page.clock.runFor(2_499);
    expect(await censusHit()).toBe('pending');
    await page.clock.runFor(1);
    await expect.poll(censusHit).toBe('TimeoutError');
    await context.close();
  }, 60_000);
});
