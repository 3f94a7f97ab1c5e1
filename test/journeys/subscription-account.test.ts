/**
 * Journey: a signed-in shopper's subscription from their account (issue 32, journey 4), in Chromium
 * at 1366 and 375 px. A shopper of its own signs up at /account (verified from the mailbox), subscribes to the coffee from its
 * product page and pays, then on /account finds it under Subscriptions with its next charge, pauses
 * it from the keyboard (no next charge while paused), resumes it (the next charge date is back) and
 * cancels it after the dialog. Screenshots in test-artifacts/journeys/subscription-account-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeUrl } from '../e2e/store';
import { expectStamped, WEEK } from './stamped-dates';
import {
  ensureShipping,
  fillCheckout,
  JOURNEY_TIMEOUT,
  openProduct,
  RUN,
  shot,
  SLOW,
  signUpShopper,
  WIDTHS,
  useContexts,
} from './support';

const contexts = useContexts();

async function openAccount(page: Page): Promise<void> {
  await page.goto(`${storeUrl}/account`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
}

for (const width of WIDTHS) {
  describe(`a subscription in the account at ${width} px`, () => {
    it('is listed with its next charge, paused and resumed from the keyboard, then cancelled', {
      timeout: JOURNEY_TIMEOUT,
    }, async () => {
      await ensureShipping(contexts, storeUrl);
      const { page, errors } = await contexts.page(width);
      // A shopper of its own, signed up through the form and verified from the mailbox.
      const email = `subscriber-${RUN}-${width}@example.com`;
      await signUpShopper(page, storeUrl, email, 'roasted-morning-33');
      await expect.poll(() => page.locator('.AccountPanel-email').textContent(), SLOW).toBe(`Signed in as ${email}`);

      await openProduct(page, storeUrl, '/shop/p/coffee-beans');
      await page.locator('.ProductItem-form .sqs-add-to-cart-button').click();
      await page.waitForURL(/\/checkout\?cartToken=[0-9a-f]{32}$/, SLOW);
      await expect
        .poll(() => page.locator('.CheckoutLine-name').first().textContent(), SLOW)
        .toBe('Coffee Subscription');
      await fillCheckout(page, email);
      const paying = Date.now();
      await page.click('.Checkout-button');
      await page.waitForURL(/\/commerce\/subscriptions\/ord_[0-9a-f]+\?token=[0-9a-f]{32}$/, SLOW);
      await expect.poll(() => page.locator('.SubscriptionManage-status').textContent(), SLOW).toContain('Active.');

      // The account lists it, newest first, with its next charge.
      await openAccount(page);
      const subscription = page.locator('.AccountSubscription').first();
      const status = subscription.locator('.SubscriptionManage-status');
      const active = await expectStamped(
        () => status.textContent(),
        (date) => `Active. Next charge: ${date}.`,
        paying,
        {
          later: WEEK,
        },
      );
      expect(await subscription.locator('.SubscriptionManage-terms').textContent()).toMatch(
        /^Coffee Subscription: \$\d+\.\d\d every week, until you cancel$/,
      );
      await subscription.scrollIntoViewIfNeeded();
      await shot(page, `subscription-account-active-${width}`);

      // Paused from the keyboard: no charge until it is resumed.
      await subscription.locator('.SubscriptionManage-pause').focus();
      const pausing = Date.now();
      await page.keyboard.press('Enter');
      await expectStamped(
        () => status.textContent(),
        (date) => `Paused on ${date}. You will not be charged until you resume it.`,
        pausing,
      );
      await shot(page, `subscription-account-paused-${width}`);

      // Resumed: the next charge is back on its date, the one shown before the pause.
      await subscription.locator('.SubscriptionManage-resume').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => status.textContent(), SLOW).toBe(active);
      expect(await subscription.locator('.SubscriptionManage-pause').isVisible()).toBe(true);

      // Cancelled after the dialog.
      await subscription.locator('.SubscriptionManage-cancel').click();
      const dialog = page.locator('[role="alertdialog"]');
      await dialog.waitFor(SLOW);
      const cancelling = Date.now();
      await dialog.locator('.SubscriptionManage-confirm').click();
      await expectStamped(
        () => status.textContent(),
        (date) => `Cancelled on ${date}. You will not be charged again.`,
        cancelling,
      );
      expect(await subscription.locator('.SubscriptionManage-pause, .SubscriptionManage-resume').count()).toBe(0);
      await shot(page, `subscription-account-cancelled-${width}`);
      expect(errors).toEqual([]);
    });
  });
}
