/**
 * Journey: a subscription taken knowingly and cancelled (issue 32, journey 4), in Chromium at 1366
 * and 375 px side by side. The coffee subscription's page says '$19.00 every week, until you cancel' and the
 * next charge date before anything is bought; the checkout summary says what is charged today and
 * each week with the next date before paying; after paying, the confirmation email in the
 * development mailbox (/dev/mailbox) has the manage link, which opens in a fresh browser (no
 * account), shows the subscription, and cancels it from the keyboard after a confirmation. The
 * subscription then has no next charge (the renewal run on a fake clock charging nothing is
 * test/worker/orders.test.ts, 'subscription-cancel'). A French visitor (the store switched to French on the account page) reads
 * the same terms in French on the product page and at checkout before paying, the checkout's test-mode banner, and
 * a mistyped address's page-not-found. Screenshots in test-artifacts/journeys/subscription-*.png.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useChromium } from '../e2e/browser';
import {
  atBothWidths,
  Contexts,
  ensureShipping,
  fillCheckout,
  JOURNEY_TIMEOUT,
  openProduct,
  RUN,
  shot,
  SLOW,
  chooseLanguage,
} from './support';
import { storeUrl } from '../e2e/store';
import { expectStamped, WEEK } from './stamped-dates';

const browser = useChromium();
const contexts = new Contexts(browser);
afterEach(() => contexts.closeAll());

describe('a subscription', () => {
  it('shows its terms before paying, and is cancelled from the email link without an account (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await ensureShipping(contexts, storeUrl);
    await atBothWidths(async (width) => {
      const email = `beans-${RUN}-${width}@example.com`;
      const shopper = await contexts.page(width);
      const opening = Date.now();
      await openProduct(shopper.page, storeUrl, '/shop/p/coffee-beans');
      const terms = shopper.page.locator('.ProductItem-form .SubscriptionTerms');
      expect(await terms.locator('.SubscriptionTerms-terms').textContent()).toBe('$19.00 every week, until you cancel');
      await expectStamped(
        () => terms.locator('.SubscriptionTerms-next').textContent(),
        (date) =>
          `Charged when you order, then next on ${date}. Cancel any time from the link in your confirmation email.`,
        opening,
        { later: WEEK },
      );
      await shot(shopper.page, `subscription-product-${width}`);

      // Subscribe: the checkout summary says it before the card is asked for.
      const subscribing = Date.now();
      await shopper.page.locator('.ProductItem-form .sqs-add-to-cart-button').click();
      await shopper.page.waitForURL(/\/checkout\?cartToken=[0-9a-f]{32}$/, SLOW);
      const summary = shopper.page.locator('.Checkout-summary .SubscriptionTerms');
      await expect
        .poll(() => summary.locator('.SubscriptionTerms-terms').textContent(), SLOW)
        .toMatch(/^\$\d+\.\d\d every week, until you cancel$/);
      await fillCheckout(shopper.page, email);
      const total = (await shopper.page.locator('.CheckoutTotals-total').textContent()) ?? '';
      await expect
        .poll(() => summary.locator('.SubscriptionTerms-terms').textContent(), SLOW)
        .toBe(`${total} every week, until you cancel`);
      await expectStamped(
        () => summary.locator('.SubscriptionTerms-next').textContent(),
        (date) =>
          `${total} is charged today; the next charge is on ${date}. Cancel any time from the link in your confirmation email.`,
        subscribing,
        { later: WEEK },
      );
      await shot(shopper.page, `subscription-checkout-${width}`);
      const paying = Date.now();
      await shopper.page.click('.Checkout-button');
      await shopper.page.waitForURL(/\/commerce\/subscriptions\/ord_[0-9a-f]+\?token=[0-9a-f]{32}$/, SLOW);
      await expect
        .poll(() => shopper.page.locator('.SubscriptionManage-status').textContent(), SLOW)
        .toContain('Active.');
      expect(await shopper.page.locator('h1').textContent()).toBe('Subscription confirmed');

      // The confirmation email's manage link, opened in a browser that has nothing of the shopper's.
      const reader = await contexts.page(width);
      await expect
        .poll(async () => {
          await reader.page.goto(`${storeUrl}/dev/mailbox?to=${encodeURIComponent(email)}`);
          return reader.page.locator('li a', { hasText: 'confirmed' }).count();
        }, SLOW)
        .toBe(1);
      await reader.page.locator('li a', { hasText: 'confirmed' }).click();
      expect(await reader.page.locator('pre').textContent()).toContain('Billed every week, until you cancel');
      await shot(reader.page, `subscription-email-${width}`);
      await reader.page.locator('pre a', { hasText: '/commerce/subscriptions/' }).click();
      await reader.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      const status = reader.page.locator('.SubscriptionManage-status');
      await expectStamped(
        () => status.textContent(),
        (date) => `Active. Next charge: ${date}.`,
        paying,
        { later: WEEK },
      );
      expect(await reader.page.locator('.SubscriptionManage-terms').textContent()).toBe(
        `Coffee Subscription: ${total} every week, until you cancel`,
      );

      // Cancelled from the keyboard, after saying so in a dialog.
      await reader.page.locator('.SubscriptionManage-cancel').focus();
      await reader.page.keyboard.press('Enter');
      const dialog = reader.page.locator('[role="alertdialog"]');
      await dialog.waitFor(SLOW);
      expect(await dialog.locator('.Dialog-title').textContent()).toBe('Cancel this subscription?');
      await shot(reader.page, `subscription-cancel-dialog-${width}`);
      await reader.page.keyboard.press('Tab');
      expect(await reader.page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel subscription');
      const cancelling = Date.now();
      await reader.page.keyboard.press('Enter');
      await expectStamped(
        () => status.textContent(),
        (date) => `Cancelled on ${date}. You will not be charged again.`,
        cancelling,
      );
      expect(await reader.page.locator('.SubscriptionManage-cancel').count()).toBe(0);
      await shot(reader.page, `subscription-cancelled-${width}`);

      // Nothing is scheduled any more: what the page reads says so.
      const token = new URL(reader.page.url()).searchParams.get('token') ?? '';
      const orderId = new URL(reader.page.url()).pathname.split('/').pop() ?? '';
      const read = await reader.page.request.get(`${storeUrl}/api/commerce/subscriptions/${orderId}?token=${token}`);
      expect(await read.json()).toMatchObject({ subscription: { status: 'cancelled', nextChargeOn: null } });
      expect([...shopper.errors, ...reader.errors]).toEqual([]);
    });
  });
});

describe("a subscription's terms in French", () => {
  it('are written in French on the product page and at checkout before paying (test mode said in French), and a missing page is too (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await ensureShipping(contexts, storeUrl);
    await atBothWidths(async (width) => {
      const shopper = await contexts.page(width);
      const { page } = shopper;
      await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
      await chooseLanguage(page, storeUrl, 'Français (France)');

      const opening = Date.now();
      await openProduct(page, storeUrl, '/shop/p/coffee-beans');
      const terms = page.locator('.ProductItem-form .SubscriptionTerms');
      await expect
        .poll(() => terms.locator('.SubscriptionTerms-terms').textContent(), SLOW)
        .toBe('19,00\u00a0$US chaque semaine, jusqu’à résiliation');
      await expectStamped(
        () => terms.locator('.SubscriptionTerms-next').textContent(),
        (date) =>
          `Débité à la commande, puis le ${date}. Résiliez à tout moment avec le lien de votre e-mail de confirmation.`,
        opening,
        { later: WEEK, locale: 'fr-FR' },
      );
      // The theme's own price line, written by the template engine in English, says it in French as well.
      await expect
        .poll(() => page.locator('.ProductItem-price .product-price').innerText(), SLOW)
        .toBe('19,00\u00a0$US chaque semaine');
      await shot(page, `subscription-fr-product-${width}`);

      const subscribing = Date.now();
      await page.locator('.ProductItem-form .sqs-add-to-cart-button').click();
      await page.waitForURL(/\/checkout\?cartToken=[0-9a-f]{32}$/, SLOW);
      const summary = page.locator('.Checkout-summary .SubscriptionTerms');
      await fillCheckout(page, `grains-${RUN}-${width}@example.com`);
      const total = (await page.locator('.CheckoutTotals-total').textContent()) ?? '';
      expect(total).toMatch(/^\d+,\d\d\u00a0\$US$/);
      await expect
        .poll(() => summary.locator('.SubscriptionTerms-terms').textContent(), SLOW)
        .toBe(`${total} chaque semaine, jusqu’à résiliation`);
      await expectStamped(
        () => summary.locator('.SubscriptionTerms-next').textContent(),
        (date) =>
          `${total} est débité aujourd’hui ; le prochain prélèvement a lieu le ${date}. Résiliez à tout moment avec le lien de votre e-mail de confirmation.`,
        subscribing,
        { later: WEEK, locale: 'fr-FR' },
      );
      expect(await page.locator('.Checkout-test-mode').textContent()).toBe('Mode test : aucun paiement réel.');
      await shot(page, `subscription-fr-checkout-${width}`);

      // A mistyped address: the store's page-not-found in French, from the skip link to its way back.
      await page.goto(`${storeUrl}/shop/p/grains-introuvables-${RUN}`);
      await expect.poll(() => page.locator('.NotFound h1').textContent(), SLOW).toBe('Page introuvable');
      expect(await page.locator('.skip-link').textContent()).toBe('Aller au contenu');
      expect(await page.locator('.NotFound p:not(.NotFound-code)').first().innerText()).toBe(
        `Nous n’avons pas trouvé /shop/p/grains-introuvables-${RUN}. Elle a peut-être été déplacée, ou le lien est mal saisi.`,
      );
      expect(await page.locator('.NotFound-links a').allTextContents()).toEqual([
        'Aller à la boutique',
        'Page d’accueil',
      ]);
      await shot(page, `subscription-fr-not-found-${width}`);
      expect(shopper.errors).toEqual([]);
    });
  });
});
