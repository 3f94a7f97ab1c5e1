/**
 * Journey: a digital download from the merchant's file to the shopper's account (issue 32, journey 2,
 * downloads), in Chromium at 1366 and 375 px side by side. The store manager adds a digital product in the
 * console: publishing without a file is refused with the field's message, then a PDF is uploaded in
 * its File to deliver field (shown with its name and size) and the product is published. The demo
 * shopper, signed in, buys it with the local test card, opens the confirmation email in the
 * development mailbox and follows its download link (the file's bytes and name, through Playwright's
 * download event), then sees the order in the account's history with "4 downloads left"; once the
 * link is used up the account says so and the link answers a page saying why.
 * Screenshots in test-artifacts/journeys/digital-download-*.png.
 */
import { describe, expect, it } from 'vitest';
import { downloadedBytes } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import { DOWNLOAD_LIMIT, DOWNLOAD_MESSAGE_KEYS } from '../../src/commerce/downloads';
import { EN } from '../../src/commerce/storefront-text/en';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import {
  ACCOUNTS,
  addOneToCart,
  goToCheckout,
  JOURNEY_TIMEOUT,
  openProduct,
  openSection,
  placeOrder,
  RUN,
  signUpShopper,
  shot,
  signIn,
  SLOW,
  SUCCESS_CARD,
  atBothWidths,
  openEmail,
  useContexts,
} from './support';

const contexts = useContexts();

/** A small real PDF, as a merchant's file would be. */
function pdfBytes(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}

describe('a digital download', () => {
  it('the merchant attaches a file and publishes; the shopper buys, downloads from the email and sees it in the account (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const title = `Journey Brushes ${RUN} ${width}`;
      const fileName = `brushes-${RUN}-${width}.pdf`;
      const bytes = pdfBytes(title);

      // The merchant: a digital product, refused without its file, published with it.
      const merchant = await contexts.page(width);
      await signIn(merchant.page, storeUrl, ACCOUNTS.store);
      await openSection(merchant.page, 'Products');
      await merchant.page.click('text=Add product');
      await merchant.page.waitForSelector('h1:text("Add product")', SLOW);
      await merchant.page.fill('#product-title', title);
      await merchant.page.selectOption('#product-type', '2');
      await merchant.page.fill('#product-price', '12.00');
      await merchant.page.selectOption('#product-status', 'published');
      await merchant.page.click('.SaveBar button[type="submit"]');
      const field = merchant.page.locator('.DigitalFile');
      await expect.poll(() => field.locator('.FieldError').textContent(), SLOW).toBe(PRODUCT_MESSAGES.digitalFile);
      await field
        .locator('input[type="file"]')
        .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
      await expect.poll(() => field.locator('.DigitalFile-name').textContent(), SLOW).toBe(fileName);
      expect(await field.locator('.DigitalFile-size').textContent()).toMatch(/^\d+ Bytes$/);
      expect(await field.locator('.FieldError').count()).toBe(0);
      await shot(merchant.page, `digital-download-console-${width}`);
      await merchant.page.click('.SaveBar button[type="submit"]');
      await expect.poll(() => merchant.page.locator('.SaveBar [role="status"]').innerText(), SLOW).toBe('Saved');
      const productPath = await merchant.page
        .locator('a', { hasText: /View on (store|site)/ })
        .first()
        .getAttribute('href')
        .catch(() => null);

      // The shopper, signed in, buys it.
      const { page } = await contexts.page(width);
      // A shopper of its own (signed up and verified from the mailbox): no other file's cart or language comes with it.
      const SHOPPER = { email: `downloader-${RUN}-${width}@example.com`, password: 'paper-lantern-62' };
      await signUpShopper(page, storeUrl, SHOPPER.email, SHOPPER.password);
      await expect
        .poll(() => page.locator('.AccountPanel-email').textContent(), SLOW)
        .toBe(`Signed in as ${SHOPPER.email}`);
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      await openProduct(page, storeUrl, productPath ?? `/shop/p/${slug}`);
      await addOneToCart(page);
      await goToCheckout(page, storeUrl, title);
      expect(await page.locator('#checkout-address1').count()).toBe(0);
      await expect.poll(() => page.inputValue('#checkout-email'), SLOW).toBe(SHOPPER.email);
      await page.fill('#checkout-cardNumber', SUCCESS_CARD);
      await placeOrder(page);
      const orderNumber = ((await page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(/\D/g, '');
      const onPage = page.locator('.OrderDownloads-item', { hasText: title });
      await expect
        .poll(() => onPage.locator('.OrderDownloads-left').textContent(), SLOW)
        .toMatch(/^5 downloads left · until /);
      await shot(page, `digital-download-confirmation-${width}`);

      // The confirmation email in the development mailbox, and its link.
      await openEmail(page, storeUrl, SHOPPER.email, `Order #${orderNumber} confirmed`);
      const link = page.locator('pre a', { hasText: '/downloads/' }).first();
      await link.waitFor(SLOW);
      await shot(page, `digital-download-email-${width}`);
      const [download] = await Promise.all([page.waitForEvent('download', SLOW), link.click()]);
      expect(download.suggestedFilename()).toBe(fileName);
      expect(await downloadedBytes(download)).toEqual(bytes);

      // The account's order history.
      await page.goto(`${storeUrl}/account`);
      const order = page.locator('.AccountOrder', { hasText: `Order #${orderNumber}` });
      const item = order.locator('.OrderDownloads-item');
      await expect
        .poll(() => item.locator('.OrderDownloads-left').textContent(), SLOW)
        .toMatch(/^4 downloads left · until /);
      expect(await item.getByRole('link', { name: `Download ${title}` }).count()).toBe(1);
      await order.scrollIntoViewIfNeeded();
      await shot(page, `digital-download-account-${width}`);

      // Used up: the account says so, the link answers a page saying why.
      const href = (await item.getByRole('link').getAttribute('href')) ?? '';
      for (let i = 1; i < DOWNLOAD_LIMIT; i++)
        expect((await page.request.get(`${storeUrl}${href}`)).status()).toBe(200);
      await page.reload();
      await expect.poll(() => item.locator('.OrderDownloads-left').textContent(), SLOW).toBe('No downloads left');
      expect(await item.getByRole('link').count()).toBe(0);
      const over = await page.goto(`${storeUrl}${href}`);
      expect(over?.status()).toBe(410);
      expect(await page.locator('main p').first().textContent()).toBe(EN[DOWNLOAD_MESSAGE_KEYS['used-up']]);
      // The page's card keeps a margin on a phone, its border clear of the screen's edges.
      const card = await page.locator('main').boundingBox();
      expect(card?.x).toBeGreaterThanOrEqual(16);
      expect((card?.x ?? 0) + (card?.width ?? 0)).toBeLessThanOrEqual(width - 16);
      await shot(page, `digital-download-used-up-${width}`);
    });
  });
});
