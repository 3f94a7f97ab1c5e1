/**
 * Journey: the footer as a form a merchant edits (issue 33, settings as forms). The owner (1366 px) or an editor
 * (375 px) writes the footer's text in Navigation, header and footer → Footer, with a `<script>` typed into it, and
 * adds a link whose `javascript:` address is refused beside the field; with a web address it saves, and a shopper who
 * saw the store before the save sees the text (the script as text, never run) and the link in the store's footer at
 * the same width. The editor sees the footer's code (its own card) read-only. A store of its own: the journey changes
 * every page's footer. Screenshots in test-artifacts/journeys/footer-*.png.
 */
import { describe, expect, it } from 'vitest';
import { STORE_SETTINGS_MESSAGES } from '../../src/site/editor/store-settings';
import {
  ACCOUNTS,
  save,
  JOURNEY_TIMEOUT,
  openSidebar,
  RUN,
  shot,
  signIn,
  SLOW,
  useContexts,
  useOwnStore,
} from './support';

const contexts = useContexts();
const store = useOwnStore();

describe('the footer as a form', () => {
  for (const [width, account] of [
    [1366, ACCOUNTS.owner],
    [375, ACCOUNTS.editor],
  ] as const) {
    const who = account === ACCOUNTS.owner ? 'the owner' : 'an editor';
    it(
      `${who} writes the footer's text and a link and the header's announcement; a shopper sees them, hostile input refused or shown as text, at ${width} px`,
      async () => {
        const started = Date.now();
        // The shopper's store page, served (and cached) before the save.
        const { page: shopper, errors: shopperErrors } = await contexts.page(width);
        const dialogs: string[] = [];
        shopper.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        const said = `Made by hand in Bristol ${RUN} ${width}`;
        await shopper.goto(`${store.url}/`);
        const footer = shopper.locator('footer.site-footer');
        await footer.waitFor({ state: 'attached', ...SLOW });
        expect(await footer.innerText()).not.toContain(said);

        const { page, errors } = await contexts.page(width);
        await signIn(page, store.url, account);
        await openSidebar(page);
        await page.locator('nav[aria-label="Console"] a', { hasText: 'Navigation' }).first().click();
        await page.waitForSelector('h1:text-is("Navigation, header and footer")', SLOW);
        await page.waitForSelector('.RichText[data-ready="true"]', SLOW);
        // The footer's code stays the code-injection roles': an editor reads it only.
        expect(await page.getByLabel('Footer HTML').getAttribute('readonly')).toBe(
          account === ACCOUNTS.owner ? null : '',
        );

        await page.locator('#footer-text').click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(`<script>alert(1)</script> ${said}`);
        // A new link after those already saved (the other width's).
        const at = await page.locator('.FooterLinks-row').count();
        await page.getByRole('button', { name: 'Add footer link' }).click();
        const address = page.getByLabel(`Link ${at + 1} address`);
        await page.getByLabel(`Link ${at + 1} text`).fill(`Care guide ${width}`);
        await address.fill('javascript:alert(1)');
        await page.getByRole('button', { name: 'Save footer' }).click();
        await expect
          .poll(() => page.locator(`#footer-link-${at}-url-error`).textContent(), SLOW)
          .toBe(STORE_SETTINGS_MESSAGES.footerLinkUrl);
        expect(await address.getAttribute('aria-invalid')).toBe('true');
        await shot(page, `footer-refused-${width}`);
        await address.fill(`www.example.com/care-${width}`);
        await save(page, 'Save footer');
        // Saved as stored: the web address with its scheme, the link's error gone.
        await expect.poll(() => address.inputValue(), SLOW).toBe(`https://www.example.com/care-${width}`);
        expect(await page.locator(`#footer-link-${at}-url-error`).count()).toBe(0);
        await shot(page, `footer-console-${width}`);
        // The header's announcement, a card of the same screen: the content roles' (an editor's too), not Commerce's.
        const announced = `Studio open on Saturdays ${RUN} ${width}`;
        await page.fill('#header-announcement', announced);
        await save(page, 'Save header');
        const consoleSeconds = (Date.now() - started) / 1000;

        // The same shopper's next visit: the new footer at once, not the cached page from before the save.
        await shopper.goto(`${store.url}/`);
        const text = footer.locator('.site-footer-text');
        await text.waitFor(SLOW);
        expect(await text.innerText()).toContain(said);
        expect(await text.innerText()).toContain('<script>alert(1)</script>');
        expect(await shopper.locator('.announcement-bar').textContent()).toBe(announced);
        expect(await footer.locator('script').count()).toBe(0);
        const link = footer.getByRole('link', { name: `Care guide ${width}` });
        expect(await link.getAttribute('href')).toBe(`https://www.example.com/care-${width}`);
        await footer.scrollIntoViewIfNeeded();
        expect(await link.isVisible()).toBe(true);
        // Nothing wider than the phone's screen.
        expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(shopper, `footer-storefront-${width}`);
        expect(dialogs).toEqual([]);
        expect(errors).toEqual([]);
        expect(shopperErrors).toEqual([]);
        console.log(
          `footer at ${width} px: console ${consoleSeconds.toFixed(1)} s, in all ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      },
      JOURNEY_TIMEOUT,
    );
  }
});
