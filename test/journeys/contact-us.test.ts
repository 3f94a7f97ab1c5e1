/**
 * Journey: a shopper writes to the store from its contact page (issue 32, "the contact page of the demo is a field-type
 * showcase"), in Chromium at 1366 and 375 px with the keyboard alone: the form asks for a name, an email, a phone and a
 * subject in one box each and the message; a wrong email gets the field's message beside the field (the form stays
 * as typed), the corrected one sends and the confirmation takes the focus. The store manager then finds the message
 * under Forms › Contact in the console. A French visitor reads the form's labels, button, the wrong email's message
 * and the confirmation in French (the catalogue's form.contact* texts). The form of every field type is on /form-fields
 * (test/e2e/forms.test.ts).
 * Screenshots in test-artifacts/journeys/contact-us-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  atBothWidths,
  chooseLanguage,
  JOURNEY_TIMEOUT,
  openSection,
  RUN,
  shot,
  signIn,
  SLOW,
  useContexts,
} from './support';

const contexts = useContexts();
const FORM = '.FormBlock form';
const EMAIL_MESSAGE = 'Email is not valid. Email addresses should follow the format user@domain.com.';
const CONFIRMATION = 'Thanks for your message. We will reply within two working days.';

/** The id of the element holding the focus. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Presses `key` (Tab or Shift+Tab) until the element with `id` holds the focus, as a keyboard user moves through a page. */
async function tabTo(page: Page, id: string, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    if ((await focused(page)) === id) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached #${id} (the focus is on #${await focused(page)})`);
}

/** Tabs to the submit button and presses Enter. */
async function send(page: Page): Promise<void> {
  for (let presses = 0; presses < 10; presses++) {
    const onButton = await page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.type === 'submit');
    if (onButton) return page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the send button');
}

describe('contact us', () => {
  it(
    'a shopper sends a message with the keyboard, corrects a wrong email beside its field, sees the confirmation; the store manager finds it in the console, at 1366 and 375 px',
    async () => {
      await atBothWidths(async (width) => {
        const message = `Do you ship the linen shirt to Ireland? (${RUN}, ${width} px)`;
        const { page, errors } = await contexts.page(width);
        // The newsletter popup is another journey's (test/e2e/forms.test.ts): this shopper has already answered it.
        await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
        await page.goto(`${storeUrl}/contact`);
        await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
        await expect
          .poll(() => page.locator(`${FORM} .captcha-container[data-captcha-rendered="true"]`).count(), SLOW)
          .toBe(1);
        expect(await page.locator(`${FORM} label`).allInnerTexts()).toEqual([
          'Name *',
          'Email *',
          'Phone',
          'Subject',
          'Message *',
        ]);
        await shot(page, `contact-us-form-${width}`);

        await tabTo(page, 'f-contact-name');
        await page.keyboard.type('Ada Lovelace');
        await page.keyboard.press('Tab');
        await page.keyboard.type('ada@example');
        await page.keyboard.press('Tab');
        await page.keyboard.type('+353 1 555 0100');
        await page.keyboard.press('Tab');
        await page.keyboard.type('Shipping');
        await page.keyboard.press('Tab');
        expect(await focused(page)).toBe('f-contact-message');
        await page.keyboard.type(message);
        await send(page);

        // The wrong email is named beside its field, the rest kept as typed.
        const emailError = page.locator('#f-contact-email-error');
        await expect.poll(() => emailError.textContent(), SLOW).toBe(EMAIL_MESSAGE);
        expect(await page.locator('#f-contact-email').getAttribute('aria-invalid')).toBe('true');
        expect(await page.locator('#f-contact-email').getAttribute('aria-describedby')).toBe('f-contact-email-error');
        expect(await page.locator(`${FORM} .FormField-error`).count()).toBe(1);
        expect(await page.locator('#f-contact-message').inputValue()).toBe(message);
        await shot(page, `contact-us-wrong-email-${width}`);

        await tabTo(page, 'f-contact-email', 'Shift+Tab');
        await page.keyboard.press('End');
        await page.keyboard.type('.com');
        await send(page);
        const confirmation = page.locator('.FormBlock .SiteForm-success');
        await expect.poll(() => confirmation.textContent(), SLOW).toBe(CONFIRMATION);
        expect(await page.evaluate(() => document.activeElement?.className)).toBe('SiteForm-success');
        expect(await page.locator(FORM).count()).toBe(0);
        await shot(page, `contact-us-sent-${width}`);
        expect(errors).toEqual([]);

        // The store manager finds it under Forms, with what the shopper typed in each box.
        const manager = await contexts.page(width);
        await signIn(manager.page, storeUrl, ACCOUNTS.store);
        await openSection(manager.page, 'Forms');
        await manager.page.getByRole('link', { name: 'Contact', exact: true }).click();
        const row = manager.page.locator('tbody tr', { hasText: message });
        await row.waitFor(SLOW);
        const cells = await row.innerText();
        for (const typed of ['Ada Lovelace', 'ada@example.com', '+353 1 555 0100', 'Shipping'])
          expect(cells).toContain(typed);
        await shot(manager.page, `contact-us-console-${width}`);
        expect(manager.errors).toEqual([]);
      });
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "speaks the shopper's language: a French visitor reads the form, the wrong email's message and the confirmation in French (375 px)",
    async () => {
      const { page, errors } = await contexts.page(375);
      await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
      await chooseLanguage(page, storeUrl, 'Français (France)');
      await page.goto(`${storeUrl}/contact`);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      await expect
        .poll(() => page.locator(`${FORM} label`).allInnerTexts(), SLOW)
        .toEqual(['Nom *', 'E-mail *', 'Téléphone', 'Objet', 'Message *']);
      expect(await page.locator(`${FORM} button[type="submit"]`).innerText()).toBe('Envoyer le message');
      await tabTo(page, 'f-contact-name');
      await page.keyboard.type('Amélie Poulain');
      await page.keyboard.press('Tab');
      await page.keyboard.type('amelie@example');
      await tabTo(page, 'f-contact-message');
      await page.keyboard.type(`Livrez-vous à Lyon ? (${RUN})`);
      await send(page);
      await expect
        .poll(() => page.locator('#f-contact-email-error').textContent(), SLOW)
        .toBe('L’adresse e-mail n’est pas valide. Elle doit être au format utilisateur@domaine.com.');
      await tabTo(page, 'f-contact-email', 'Shift+Tab');
      await page.keyboard.press('End');
      await page.keyboard.type('.fr');
      await send(page);
      await expect
        .poll(() => page.locator('.FormBlock .SiteForm-success').textContent(), SLOW)
        .toBe('Merci pour votre message. Nous vous répondrons sous deux jours ouvrés.');
      await shot(page, 'contact-us-french-sent-375');
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
