/**
 * Journey: a shopper's own account (issue 32, journey 2), in Chromium at 1366 and 375 px side by side. From the
 * home page's header (reached by keyboard) to /account: create an account, open the verification
 * email in the development mailbox and follow its link, sign in, buy a product with the checkout
 * prefilled with the account's email, find the order in the order history with its status and total,
 * save an address, sign out, ask for a password reset, follow the link from the mailbox, choose a
 * new password, sign in with it, and see the used link refused. Screenshots in
 * test-artifacts/journeys/account-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/accounts/messages';
import {
  addToCart,
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
  atBothWidths,
  openEmail,
  useContexts,
} from './support';
import { storeUrl } from '../e2e/store';

const contexts = useContexts();

const status = (page: Page) => page.locator('.AccountPanel-status');

/** Opens the newest email to `to` whose subject starts with `subject` in the development mailbox, and follows its first link to the store. */
async function followEmailLink(page: Page, to: string, subject: string, screenshot: string): Promise<string> {
  await openEmail(page, storeUrl, to, subject);
  const link = page.locator('pre a').first();
  await link.waitFor(SLOW);
  await shot(page, screenshot);
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  return href;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.fill('#signin-email', email);
  await page.fill('#signin-password', password);
  await page.click('.SignInForm button[type="submit"]');
  await expect.poll(() => page.locator('.AccountPanel-email').textContent(), SLOW).toBe(`Signed in as ${email}`);
}

describe('an account', () => {
  it('sign up, verify from the mailbox, buy signed in, see the order, save an address, reset the password (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await ensureShipping(contexts, storeUrl);
    await atBothWidths(async (width) => {
      const email = `account-journey-${RUN}-${width}@example.com`;
      const password = 'kettle-meadow-41';
      const newPassword = 'lantern-orchard-58';
      const title = `Journey Kettle ${RUN} ${width}`;
      const product = await createProduct(contexts, storeUrl, title, 2800, 10);
      try {
        const { page } = await contexts.page(width);
        // A returning visitor: the home page's newsletter popup was closed on an earlier visit (it would take the focus first).
        await page
          .context()
          .addInitScript("try { localStorage.setItem('promo-popup:date-closed', String(Date.now())); } catch {}");
        // Each page error with the address it happened at.
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

        // The header's Account link, by keyboard.
        await page.goto(`${storeUrl}/`);
        await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
        const accountLink = page.locator('header .site-account');
        expect(await accountLink.isVisible()).toBe(true);
        for (let i = 0; i < 30 && !(await accountLink.evaluate((el) => el === el.ownerDocument.activeElement)); i++)
          await page.keyboard.press('Tab');
        expect(await accountLink.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await page.waitForURL(`${storeUrl}/account`, SLOW);
        await page.waitForSelector('#signin-email', SLOW);

        // Create the account.
        await page.getByRole('button', { name: 'Create an account' }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id), SLOW).toBe('signup-email');
        await page.keyboard.type(email);
        await page.fill('#signup-password', 'short');
        await page.click('.AccountPanel-form button[type="submit"]');
        await expect
          .poll(() => page.locator('#signup-password-error').textContent(), SLOW)
          .toBe('Use at least 10 characters for your password.');
        await page.fill('#signup-password', password);
        await page.click('.AccountPanel-form button[type="submit"]');
        await expect.poll(() => status(page).textContent(), SLOW).toBe(ACCOUNT_MESSAGES.checkEmail);
        await shot(page, `account-signed-up-${width}`);

        // The verification email, from the development mailbox.
        const verifyLink = await followEmailLink(page, email, 'Verify your email', `account-mailbox-verify-${width}`);
        expect(verifyLink).toMatch(/\/account\?verify=[0-9a-f]{64}$/);
        await expect.poll(() => status(page).textContent(), SLOW).toBe(ACCOUNT_MESSAGES.verified);
        expect(page.url()).toBe(`${storeUrl}/account`);
        expect(await page.inputValue('#signin-email')).toBe(email);
        await signIn(page, email, password);
        expect(await page.locator('.AccountPanel-unverified').count()).toBe(0);
        await expect.poll(() => page.locator('.AccountOrders-empty').count(), SLOW).toBe(1);

        // Buy signed in: the header says so, and the checkout starts with the account's email.
        await openProduct(page, storeUrl, product.path);
        expect(await page.locator('header .site-account').getAttribute('aria-label')).toBe('Account, signed in');
        expect(await addToCart(page, product.id, 1)).toBe('Added!');
        await goToCheckout(page, storeUrl, title);
        await expect.poll(() => page.inputValue('#checkout-email'), SLOW).toBe(email);
        await shot(page, `account-checkout-prefilled-${width}`);
        await fillCheckout(page, email);
        const total = (await page.locator('.CheckoutTotals-total').textContent()) ?? '';
        await placeOrder(page);
        const orderNumber = ((await page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(/\D/g, '');

        // The order history.
        await page.goto(`${storeUrl}/account`);
        const order = page.locator('.AccountOrder').first();
        await expect
          .poll(() => order.locator('.AccountOrder-number').textContent(), SLOW)
          .toBe(`Order #${orderNumber}`);
        expect(await order.locator('.AccountOrder-status').textContent()).toBe('Paid');
        expect(await order.locator('.AccountOrder-total').textContent()).toBe(total);
        expect(await order.locator('.AccountOrder-lines').textContent()).toContain(`1 × ${title}`);

        // A saved address, the default.
        await page.getByRole('button', { name: 'Add an address' }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id), SLOW).toBe('checkout-firstName');
        await page.click('.AccountAddressForm button[type="submit"]');
        await expect.poll(() => page.locator('#checkout-address1-error').count(), SLOW).toBe(1);
        await page.fill('#checkout-firstName', 'Ada');
        await page.fill('#checkout-lastName', 'Lovelace');
        await page.fill('#checkout-address1', '12 Analytical Row');
        await page.fill('#checkout-city', 'Springfield');
        await page.fill('#checkout-region', 'IL');
        await page.fill('#checkout-postalCode', '62701');
        await page.click('.AccountAddressForm button[type="submit"]');
        await expect.poll(() => page.locator('.AccountAddresses-status').textContent(), SLOW).toBe('Address saved.');
        expect(await page.locator('.AccountAddress').count()).toBe(1);
        expect(await page.locator('.AccountAddress-default').textContent()).toBe('Default');
        expect(await page.locator('.AccountAddress address').textContent()).toContain('12 Analytical Row');
        await shot(page, `account-signed-in-${width}`);

        // Sign out, forget the password.
        await page.click('.AccountPanel-signout');
        await page.waitForSelector('#signin-email', SLOW);
        await expect.poll(() => status(page).textContent(), SLOW).toMatch(/^You are signed out\./);
        expect(await page.locator('header .site-account[data-signed-in]').count()).toBe(0);
        await page.getByRole('button', { name: 'Forgot your password?' }).click();
        await page.fill('#forgot-email', email);
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await expect.poll(() => status(page).textContent(), SLOW).toBe(ACCOUNT_MESSAGES.resetSent);

        // The reset link from the mailbox, a new password, signed in with it.
        const resetLink = await followEmailLink(page, email, 'Reset your password', `account-mailbox-reset-${width}`);
        expect(resetLink).toMatch(/\/account\?reset=[0-9a-f]{64}$/);
        await page.waitForSelector('#new-password', SLOW);
        expect(page.url()).toBe(`${storeUrl}/account`);
        await page.fill('#new-password', newPassword);
        await page.getByRole('button', { name: 'Save new password' }).click();
        await expect.poll(() => status(page).textContent(), SLOW).toBe(ACCOUNT_MESSAGES.passwordChanged);
        await page.fill('#signin-password', password);
        await page.click('.SignInForm button[type="submit"]');
        await expect
          .poll(() => page.locator('.SignInForm [role="alert"]').textContent(), SLOW)
          .toBe('Your email or password is incorrect.');
        await signIn(page, email, newPassword);
        await expect.poll(() => page.locator('.AccountOrder').count(), SLOW).toBe(1);

        // The used link is refused.
        await page.goto(resetLink);
        await page.waitForSelector('#new-password', SLOW);
        await page.fill('#new-password', 'another-meadow-93');
        await page.getByRole('button', { name: 'Save new password' }).click();
        await expect
          .poll(() => page.locator('.AccountPanel-form [role="alert"]').textContent(), SLOW)
          .toBe(ACCOUNT_MESSAGES.linkInvalid);
        await shot(page, `account-used-link-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await deleteProduct(contexts, storeUrl, product.id);
      }
    });
  });
});
