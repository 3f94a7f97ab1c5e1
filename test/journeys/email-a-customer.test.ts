/**
 * Journey: the merchant emails a customer (spec's email-composer fields To, CC, BCC, Subject, Body; issue 36, E40), in
 * Chromium at 1366 and 375 px side by side. A shopper signs up on the storefront; the Store manager opens her in
 * Customers, presses Email customer, writes with the keyboard (To is hers and cannot be changed), a copy to a colleague and a hidden one
 * to the owner, sends, and sees it said and listed; the shopper's and the colleague's mailboxes (the development
 * mailbox) hold it, the colleague's showing the CC line; an Editor opening her page finds neither her nor the action. Screenshots in test-artifacts/journeys/email-a-customer-*.png.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/accounts/messages';
import { customerPath } from '../../src/console/sections/customers/paths';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  JOURNEY_TIMEOUT,
  openEmail,
  openSection,
  RUN,
  shot,
  signIn,
  SLOW,
  atBothWidths,
  useContexts,
} from './support';

const contexts = useContexts();

describe('emailing a customer', () => {
  it('writes To, CC, BCC, Subject and Body from her page, sends, and the email reaches her and the copies (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const email = `reader-${RUN}-${width}@example.com`;
      const colleague = `colleague-${RUN}-${width}@example.com`;
      const subject = `Your question about the candles (${width})`;
      const shopper = await contexts.page(width);
      await shopper.page.goto(`${storeUrl}/account`);
      await shopper.page.waitForSelector('#signin-email', SLOW);
      await shopper.page.getByRole('button', { name: 'Create an account' }).click();
      await shopper.page.fill('#signup-email', email);
      await shopper.page.fill('#signup-password', 'reader-password-1');
      await shopper.page.click('.AccountPanel-form button[type="submit"]');
      await expect
        .poll(() => shopper.page.locator('.AccountPanel-status').textContent(), SLOW)
        .toBe(ACCOUNT_MESSAGES.checkEmail);

      const manager = await contexts.page(width);
      const page = manager.page;
      await signIn(page, storeUrl, ACCOUNTS.store);
      await openSection(page, 'Customers');
      await page.fill('#customer-search', email);
      await page.press('#customer-search', 'Enter');
      await page.locator(`tbody a:text-is("${email}")`).click();
      await page.waitForSelector(`h1:text-is("${email}")`, SLOW);
      await expect.poll(() => page.locator('.SentEmails, p:text-is("None yet.")').count(), SLOW).toBe(1);

      await page.getByRole('button', { name: 'Email customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Email customer' });
      await dialog.waitFor(SLOW);
      expect(await dialog.locator('label').allInnerTexts()).toEqual(['To', 'CC', 'BCC', 'Subject', 'Body']);
      expect(await dialog.getByLabel('To', { exact: true }).inputValue()).toBe(email);
      expect(await dialog.getByLabel('To', { exact: true }).getAttribute('readonly')).not.toBeNull();
      await dialog.getByLabel('CC', { exact: true }).focus();
      await page.keyboard.type(`${colleague}, not-an-address`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('owner@example.com');
      await page.keyboard.press('Tab');
      await page.keyboard.type(subject);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Hello,\nthe large candle burns for sixty hours.');
      await dialog.getByRole('button', { name: 'Send email' }).click();
      // The form's own check names the wrong address beside CC; nothing is sent.
      await expect.poll(() => dialog.innerText(), SLOW).toContain("'not-an-address' is not an email address.");
      await dialog.getByLabel('CC', { exact: true }).fill(colleague);
      await shot(page, `email-a-customer-composer-${width}`);
      await dialog.getByRole('button', { name: 'Send email' }).click();
      await expect
        .poll(() => page.locator('.SaveStatus[role="status"]').first().textContent(), SLOW)
        .toBe(`Email '${subject}' sent to ${email}.`);
      expect(await dialog.count()).toBe(0);
      await expect.poll(() => page.locator('.SentEmails li').first().innerText(), SLOW).toContain(subject);
      await shot(page, `email-a-customer-sent-${width}`);

      await openEmail(shopper.page, storeUrl, email, subject);
      expect(await shopper.page.locator('pre').innerText()).toBe('Hello,\nthe large candle burns for sixty hours.');
      await openEmail(shopper.page, storeUrl, colleague, subject);
      expect(await shopper.page.locator('dl').innerText()).toContain(colleague);
      await shot(shopper.page, `email-a-customer-copy-${width}`);

      // An Editor, who may not see customers' data, opening her page finds neither her nor the action.
      const editor = await contexts.page(width);
      await signIn(editor.page, storeUrl, ACCOUNTS.editor, customerPath(email));
      await expect
        .poll(() => editor.page.locator('main').innerText(), SLOW)
        .toContain('Your role does not allow this.');
      expect(await editor.page.getByRole('button', { name: 'Email customer' }).count()).toBe(0);
      expect(await editor.page.locator('body').innerText()).not.toContain(email);
      expect([...shopper.errors, ...manager.errors]).toEqual([]);
    });
  });
});
