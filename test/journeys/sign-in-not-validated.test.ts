/**
 * The sign-in payload is not validated on the client (storefront spec §5 S68; engine spec §5): on the account page
 * and in the console, an email the browser would call malformed is sent as typed, and the worker's answer says what is
 * wrong, in the store's words (and the account page's language), not a browser's bubble in the browser's language.
 * In Chromium at 1366 and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES, SESSION_MESSAGES } from '../../src/accounts/messages';
import { api } from '../../src/api';
import { storeUrl } from '../e2e/store';
import { JOURNEY_TIMEOUT, shot, SLOW, useContexts, WIDTHS } from './support';

const contexts = useContexts();
const NOT_AN_EMAIL = 'not-an-email';

/** Submits `form` with a malformed email and answers the sign-in call it made, with the body it sent. */
async function submitMalformed(page: Page, prefix: string, path: string, submit: string): Promise<unknown> {
  await page.fill(`#${prefix}-email`, NOT_AN_EMAIL, SLOW);
  await page.fill(`#${prefix}-password`, 'a-password');
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === path,
    SLOW,
  );
  await page.click(submit);
  return (await sent).postDataJSON();
}

for (const width of WIDTHS) {
  describe(`sign-in at ${width} px`, () => {
    it("sends a malformed email to the worker and shows the store's answer, on the account page and in the console", {
      timeout: JOURNEY_TIMEOUT,
    }, async () => {
      const { page, errors } = await contexts.page(width);
      await page.goto(`${storeUrl}/account`);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      expect(
        await submitMalformed(page, 'signin', api.signIn.path(), '.SignInForm button[type="submit"]'),
      ).toMatchObject({ email: NOT_AN_EMAIL });
      await expect
        .poll(() => page.locator('.SignInForm [role="alert"]').textContent(), SLOW)
        .toBe(SESSION_MESSAGES.badCredentials);
      await shot(page, `sign-in-malformed-account-${width}`);

      await page.goto(`${storeUrl}/config`);
      expect(
        await submitMalformed(page, 'merchant', api.merchantSignIn.path(), '.SignIn-card button[type="submit"]'),
      ).toMatchObject({ email: NOT_AN_EMAIL });
      await expect
        .poll(() => page.locator('.SignIn-card [role="alert"]').textContent(), SLOW)
        .toBe(MERCHANT_MESSAGES.badCredentials);
      await shot(page, `sign-in-malformed-console-${width}`);
      expect(errors).toEqual([]);
    });
  });
}
