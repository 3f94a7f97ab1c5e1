/**
 * Details of the spec only a browser shows (docs/spec-trace.md, issue 36: rows that were implemented
 * without a test), on one store of this file's own: the demo imported at spec-details.localhost with
 * its form of every field type (/form-fields) sending the visitor to a success page and its checkout offering instalments.
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, signIn, signUpShopper } from '../journeys/support';
import { reviewShot, useChromium } from './browser';
import { holdRequests } from './held-requests';
import { afterNextPaint, openPage } from './pages';
import { importDemoAs } from './site-import';
import { storeUrl } from './store';

const browser = useChromium();

const SUCCESS_PATH = '/shop';
let imported: Promise<string> | undefined;
const store = () =>
  (imported ??= importDemoAs('spec-details.localhost', 'spec-details', (site) => {
    site.website.instalments = { provider: 'afterpay', minimum: 3500, maximum: 200000, offeredAtCheckout: true };
    for (const form of site.forms ?? []) if (form.id === 'f-field-types') form.successRedirectUrl = SUCCESS_PATH;
  }));
const open = async (path: string, width = 1366) => {
  const opened = await openPage(browser(), await store(), path);
  await opened.page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  return opened;
};

const SLOW = { timeout: 30_000 };
/** The worker's answer to a state change without the matching crumb (src/routes/shared/csrf.ts). */
const CRUMB_FAIL = { error: 'Missing or invalid CSRF token', crumbFail: true };

describe('spec details in Chromium', () => {
  it("shows the chosen variant's own picture in a product block (S12, 1366 and 375 px)", async () => {
    // One page for both widths (30 Nov 2026, issue 30): each width chooses Ink, then Sand.
    const { context, page, errors } = await open('/contact');
    const block = page.locator('.ProductBlock');
    const image = block.locator('.ProductItem-image');
    expect(await image.getAttribute('src')).not.toContain('linen-shirt-ink');
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
      await block.locator('select').nth(0).selectOption('Medium');
      await block.locator('select').nth(1).selectOption('Ink');
      await expect
        .poll(() => image.getAttribute('src'), { ...SLOW, message: `${width} px` })
        .toContain('linen-shirt-ink');
      await block.locator('select').nth(1).selectOption('Sand');
      await expect
        .poll(() => image.getAttribute('src'), { ...SLOW, message: `${width} px` })
        .toContain('linen-shirt-sand');
      await block.scrollIntoViewIfNeeded();
      await reviewShot(page, `test-artifacts/spec-details/product-block-${width}.png`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends likert answers as a map from statement to answer, then goes to the success URL (S26, S47)', async () => {
    const { context, page, errors } = await open('/form-fields');
    const form = page.locator('.FormBlock form');
    await expect.poll(() => form.locator('.captcha-container[data-captcha-rendered="true"]').count(), SLOW).toBe(1);
    await page.fill('input[name="name-First"]', 'Ada');
    await page.fill('input[name="name-Last"]', 'Lovelace');
    await page.fill('#f-field-types-email', 'ada@example.com');
    await page.fill('#f-field-types-message', 'How long does delivery take?');
    await page.getByLabel('Delivery', { exact: true }).selectOption('Agree');
    await page.getByLabel('Packaging', { exact: true }).selectOption('Strongly Agree');
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/form/SaveFormSubmission'));
    await form.locator('button[type="submit"]').click();
    const { form: values } = JSON.parse((await sent).postData() ?? '{}') as { form: string };
    expect(JSON.parse(values)).toMatchObject({ satisfaction: { Delivery: 'Agree', Packaging: 'Strongly Agree' } });
    await page.waitForURL((url) => url.pathname === SUCCESS_PATH, SLOW);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("closes the cart popover with its close button, and says 'Saving…' while an entry's form saves (S43, S44)", async () => {
    const { context, page, errors } = await open('/shop/p/brass-pen');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await page.locator('[role="dialog"] input').fill('For Bob');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    const popover = page.locator('.CartPill-popover');
    await popover.waitFor(SLOW);
    // Closed by its button at once, not by its 3 s timer.
    await popover.locator('.CartPill-popover-close').click();
    await afterNextPaint(page);
    expect(await popover.count()).toBe(0);

    await page.goto(`${await store()}/cart`);
    const pen = page.locator('.CartEntry', { hasText: 'Engraved Brass Pen' });
    await pen.locator('.CartEntry-edit').click(SLOW);
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('input').fill('For Ada');
    const release = await holdRequests(page, '**/entries/*/additionalFields');
    const save = dialog.locator('button[type="submit"]');
    await save.click();
    await expect.poll(() => save.textContent()).toBe('Saving…');
    expect(await save.isDisabled()).toBe(true);
    await reviewShot(page, 'test-artifacts/spec-details/saving-1366.png');
    release();
    await expect.poll(() => dialog.count(), SLOW).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out on the second try when the first answer says crumbFail (S78)', async () => {
    const { context, page, errors } = await open('/account');
    await signUpShopper(page, await store(), `crumb-${Date.now().toString(36)}@example.com`, 'a-long-password-1');
    const signOuts: Request[] = [];
    page.on('request', (req) => {
      if (req.method() === 'DELETE' && req.url().includes('/account/session')) signOuts.push(req);
    });
    await page.route(
      '**/account/session*',
      (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({
              status: 403,
              contentType: 'application/json',
              body: JSON.stringify(CRUMB_FAIL),
            })
          : route.continue(),
      { times: 1 },
    );
    await page.click('.AccountPanel-signout');
    await page.locator('#signin-email').waitFor(SLOW);
    expect(signOuts).toHaveLength(2);
    expect(await page.locator('.AccountPanel-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps a failed console load's error on screen with 'Try again', which loads it (S50)", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, storeUrl, ACCOUNTS.editor);
    const refusal = { error: 'Navigation is being published. Please wait.' };
    await page.route('**/api/console/navigation', (route) => route.fulfill({ status: 409, json: refusal }), {
      times: 1,
    });
    await page.locator('nav[aria-label="Console"] a', { hasText: 'Navigation' }).first().click();
    const failed = page.locator('[role="alert"]', { hasText: 'Unable to load. Try again.' });
    await failed.waitFor(SLOW);
    expect(await failed.locator('p').allTextContents()).toEqual(['Unable to load. Try again.', refusal.error]);
    await reviewShot(page, 'test-artifacts/spec-details/console-load-failed-1366.png');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#navigation-title').waitFor(SLOW);
    expect(await failed.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('only logs a warning when the instalment information fails to load (S90)', async () => {
    const { context, page, errors } = await open('/shop/p/throw-blanket');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/integrations/instalments/**', (route) => route.abort('connectionrefused'));
    await page.locator('.InstalmentPill-more').click(SLOW);
    const dialog = page.locator('[role="dialog"].InstalmentPill-dialog');
    await expect
      .poll(() => warnings.filter((w) => w.startsWith('Instalment information did not load: ')).length, SLOW)
      .toBe(1);
    expect(await dialog.locator('p').first().textContent()).toBe('Pay in 4 interest-free payments with Afterpay.');
    expect(await page.locator('[role="alert"], [role="alertdialog"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
