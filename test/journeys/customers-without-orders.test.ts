/**
 * Journey: a shopper who signs up but never orders is a customer (issue 33, point 4), in Chromium at 1366 and
 * 375 px side by side. The shopper creates an account on the storefront; the Store manager searches Customers for
 * her email, finds her row with 'No orders yet', opens her profile (no orders, an account not verified yet), and the CSV
 * export lists her. Screenshots in test-artifacts/journeys/customers-without-orders-*.png.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/accounts/messages';
import { storeUrl } from '../e2e/store';
import { ACCOUNTS, JOURNEY_TIMEOUT, openSection, RUN, shot, signIn, SLOW, atBothWidths, useContexts } from './support';

const contexts = useContexts();

describe('a customer without orders', () => {
  it('signs up on the storefront and is found in Customers with no orders yet, in her profile and the CSV (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const email = `newcomer-${RUN}-${width}@example.com`;
      const shopper = await contexts.page(width);
      await shopper.page.goto(`${storeUrl}/account`);
      await shopper.page.waitForSelector('#signin-email', SLOW);
      await shopper.page.getByRole('button', { name: 'Create an account' }).click();
      await expect.poll(() => shopper.page.evaluate(() => document.activeElement?.id), SLOW).toBe('signup-email');
      await shopper.page.keyboard.type(email);
      await shopper.page.fill('#signup-password', 'newcomer-password-1');
      await shopper.page.click('.AccountPanel-form button[type="submit"]');
      await expect
        .poll(() => shopper.page.locator('.AccountPanel-status').textContent(), SLOW)
        .toBe(ACCOUNT_MESSAGES.checkEmail);

      const manager = await contexts.page(width);
      const page = manager.page;
      await signIn(page, storeUrl, ACCOUNTS.store);
      await openSection(page, 'Customers');
      await page.fill('#customer-search', `newcomer-${RUN}-${width}`);
      await page.press('#customer-search', 'Enter');
      await expect.poll(() => page.locator('tbody tr').allInnerTexts(), SLOW).toEqual([expect.stringContaining(email)]);
      const row = page.locator('tbody tr', { hasText: email });
      if (width === 1366) expect(await row.innerText()).toContain('No orders yet');
      expect(await row.innerText()).toMatch(/\b0\b/);
      await shot(page, `customers-without-orders-list-${width}`);

      await row.locator(`a:text-is("${email}")`).click();
      await page.waitForSelector(`h1:text-is("${email}")`, SLOW);
      const main = await page.locator('main').innerText();
      expect(main).toContain('No orders yet');
      expect(main).toContain('Account, email not verified');
      await shot(page, `customers-without-orders-profile-${width}`);

      const csv = await page.evaluate(async (q) => {
        const res = await fetch(`/api/console/customers.csv?q=${encodeURIComponent(q)}`);
        return res.text();
      }, email);
      expect(csv).toContain(`${email},,0,$0.00,,,not verified`);
      expect([...shopper.errors, ...manager.errors]).toEqual([]);
    });
  });
});
