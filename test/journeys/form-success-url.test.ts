/**
 * Journey: a form's success URL (spec S47, issue 33 console gaps). The owner adds a Thanks page, then in Forms →
 * Contact form's "After submitting" at 1366 px types `//evil.example` (refused beside the field with the schema's
 * message, announced) and `javascript:alert(1)` (refused), then saves /thanks by keyboard. The Editor at 375 px finds
 * Forms in the sidebar, the Contact form's setting saved and no submission (customers' data, not theirs), and sends the
 * form to /thanks?from=contact; a shopper at 375 px sends the contact form and lands there. A store of its own: the
 * shared store's contact form keeps its message. Screenshots in test-artifacts/journeys/form-success-url-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '../../src/site/roles';
import {
  ACCOUNTS,
  JOURNEY_TIMEOUT,
  openSection,
  saveOutcome,
  shot,
  sidebarLinks,
  signIn,
  SLOW,
  useContexts,
  useOwnStore,
} from './support';

const contexts = useContexts();
const store = useOwnStore();
const OWNER = ACCOUNTS.owner;
const REFUSED = 'The success URL must be a site path or an http(s) URL.';

/** Types `url` in the success URL field and saves it with Enter; the save's status once it has answered. */
async function saveUrl(page: Page, url: string): Promise<string> {
  const field = page.getByLabel('Success URL');
  await field.fill(url);
  return saveOutcome(page, 'form[aria-labelledby="success-url-title"] .SaveStatus', () => field.press('Enter'));
}

describe('A form’s success URL', () => {
  it(
    'the owner sends the contact form to /thanks (another host and script refused), the Editor changes it without seeing submissions; a shopper at 375 px lands there',
    async () => {
      const started = Date.now();
      const { page, errors } = await contexts.page(1366);
      await signIn(page, store.url, OWNER);
      await openSection(page, 'Pages');
      await page.getByRole('button', { name: 'Add page' }).click();
      await page.getByRole('dialog').getByLabel('Title').fill('Thanks');
      await page.getByRole('dialog').getByRole('button', { name: 'Add page' }).click();
      await page.waitForURL(/\/config\/pages\/c-/, SLOW);

      await openSection(page, 'Forms');
      await page.getByRole('link', { name: 'Contact', exact: true }).click();
      const field = page.getByLabel('Success URL');
      await field.waitFor(SLOW);
      expect(await field.inputValue()).toBe('');
      expect(await saveUrl(page, '//evil.example')).not.toBe('Saved');
      const error = page.locator('#form-success-url-error');
      await expect.poll(() => error.textContent(), SLOW).toContain(REFUSED);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await shot(page, 'form-success-url-refused-1366');
      expect(await saveUrl(page, 'javascript:alert(1)')).not.toBe('Saved');
      await expect.poll(() => error.textContent(), SLOW).toContain(REFUSED);
      expect(await saveUrl(page, '/thanks')).toBe('Saved');
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      await page.reload();
      await expect.poll(() => page.getByLabel('Success URL').inputValue(), SLOW).toBe('/thanks');
      await shot(page, 'form-success-url-console-1366');
      expect(errors).toEqual([]);

      // On a phone the Editor finds it saved and changes it, the card inside the screen; the submissions are not theirs.
      const phone = await contexts.page(375);
      await signIn(phone.page, store.url, ACCOUNTS.editor);
      expect(await sidebarLinks(phone.page)).toContain('Forms');
      await openSection(phone.page, 'Forms');
      await phone.page.getByRole('link', { name: 'Contact', exact: true }).click();
      await expect.poll(() => phone.page.getByLabel('Success URL').inputValue(), SLOW).toBe('/thanks');
      await expect.poll(() => phone.page.locator('main').innerText(), SLOW).toContain(ROLE_MESSAGES.submissions);
      expect(await phone.page.locator('main table').count()).toBe(0);
      expect(await phone.page.getByRole('link', { name: 'Export CSV' }).count()).toBe(0);
      const card = await phone.page.locator('form[aria-labelledby="success-url-title"]').boundingBox();
      expect((card?.x ?? -1) >= 0 && (card?.x ?? 0) + (card?.width ?? 999) <= 375).toBe(true);
      expect(await saveUrl(phone.page, '/thanks?from=contact')).toBe('Saved');
      await shot(phone.page, 'form-success-url-editor-375');
      expect(phone.errors).toEqual([]);

      const shopper = await contexts.page(375);
      await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
      await shopper.page.goto(`${store.url}/contact`);
      await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      const form = shopper.page.locator('.FormBlock form');
      await expect.poll(() => form.locator('.captcha-container[data-captcha-rendered="true"]').count(), SLOW).toBe(1);
      await shopper.page.fill('#f-contact-name', 'Ada Lovelace');
      await shopper.page.fill('#f-contact-email', 'ada@example.com');
      await shopper.page.fill('#f-contact-message', 'Do you ship to Ireland?');
      await form.locator('button[type="submit"]').click();
      await shopper.page.waitForURL(`${store.url}/thanks?from=contact`, SLOW);
      await expect.poll(() => shopper.page.locator('main').innerText(), SLOW).toContain('Thanks');
      await shot(shopper.page, 'form-success-url-shopper-375');
      expect(shopper.errors).toEqual([]);
      console.log(`form success URL: ${Date.now() - started} ms`);
    },
    JOURNEY_TIMEOUT,
  );
});
