/**
 * Journey: a gift card given to someone (issue 32, journey 3), in Chromium at 1366 and 375 px. A
 * shopper chooses $50 on the gift card's page, says who it is for (the form names the missing
 * email first and takes the focus there), adds it to the cart (no jump to checkout), sees the
 * recipient in the cart and the checkout, pays, and reads on the confirmation whom it was sent to,
 * without its code. The recipient's email in the development mailbox (/dev/mailbox) carries the
 * code and the message. A second shopper pays part of a $65 order with the code (typed, then Enter)
 * and sees what the card pays and what is left on it at checkout and on the confirmation. The
 * Store manager then refunds the card's charge and $12 more from the console's refund dialog (which
 * shows the split: card first, then the gift card); the shopper's email says both, and the code
 * entered at a new checkout shows the $12 back on the card.
 * A French visitor (the store switched to 'Français (France)' on the account page, by keyboard) gives a card from the
 * French gift card page: the cart, the checkout and the confirmation name the recipient, message and sending by French
 * labels; the recipient's email and the buyer's confirmation in the mailbox are French, prices as French writes them.
 * A card with a later send date: a past date is refused under the field, the chosen day is shown at checkout, the
 * confirmation says 'will be sent … on <day>', the recipient has no email yet; once the outbox's clock is moved to that
 * day (development's /dev/orders/outbox, as the orders object's alarm will send it), the email arrives with the code,
 * and the merchant's order page shows the card scheduled for that day, its line (the recipient's email) within the
 * window's width with its total in view.
 * Screenshots in test-artifacts/journeys/gift-card-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  ACCOUNTS,
  addToCart,
  atBothWidths,
  cartHolding,
  createProduct,
  deleteProduct,
  ensureShipping,
  fillCheckout,
  goToCheckout,
  JOURNEY_TIMEOUT,
  openEmail,
  openProduct,
  RUN,
  shot,
  signIn,
  SLOW,
  SUCCESS_CARD,
  useContexts,
  chooseLanguage,
  merchantApi,
} from './support';
import { itemLines, overflowing } from './order-page';
import { expectStamped, longDate } from './stamped-dates';
import { sendOnText, utcDay } from '../../src/commerce/gift-cards';
import { storeUrl } from '../e2e/store';
import { FR } from '../../src/commerce/storefront-text/fr';
import { fill } from '../../src/commerce/storefront-text';

const contexts = useContexts();
const DAY = 86_400_000;

/** The day `days` after the machine's today (the browser's and the test's clock and time zone), as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    Date.now(),
  );
  return utcDay(Date.parse(`${today}T00:00:00Z`) + days * DAY);
}

/** Places the order and waits for its confirmation to show (not for the page's every image: a loaded machine can take minutes). */
async function placeOrder(page: Page): Promise<void> {
  await page.click('.Checkout-button');
  await page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, { waitUntil: 'commit', ...SLOW });
  await page.waitForSelector('.OrderConfirmation-number', SLOW);
  expect(await page.locator('h1').textContent()).toBe('Order confirmed');
}

describe('a gift card given', () => {
  it('reaches its recipient with the code and message, and pays part of a later order with its balance shown (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const buyerEmail = `giver-${RUN}-${width}@example.com`;
      const recipientEmail = `bea-${RUN}-${width}@example.com`;
      const message = `Happy birthday, Bea! (${width})`;

      // The giver on the gift card's page.
      const giver = await contexts.page(width);
      await openProduct(giver.page, storeUrl, '/gifts/p/gift-card');
      expect(await giver.page.locator('.ProductItem-excerpt, .ProductItem-body').allInnerTexts()).not.toEqual([]);
      await giver.page.selectOption('#variant-p-gift-card-Amount', '$50');
      const form = giver.page.locator('.GiftCardForm');
      expect(await form.getByLabel('Someone else: we email it to them with your message').isChecked()).toBe(true);
      await form.getByLabel('Recipient name').fill('Bea');
      await form.getByLabel('Message (optional)').fill(message);
      // Sent without an email: the form says so under the field and puts the focus there.
      await form.locator('button[type="submit"]').click();
      await expect
        .poll(() => form.locator('.CheckoutField-error').first().textContent(), SLOW)
        .toBe("Enter the recipient's email address.");
      expect(await giver.page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
      await giver.page.keyboard.type(recipientEmail);
      await giver.page.keyboard.press('Enter');
      await expect
        .poll(() => form.locator('.GiftCardForm-status').textContent(), SLOW)
        .toBe('Added to cart. View cart');
      expect(new URL(giver.page.url()).pathname).toBe('/gifts/p/gift-card');
      await shot(giver.page, `gift-card-product-${width}`);

      // The cart and the checkout name the recipient.
      await form.getByRole('link', { name: 'View cart' }).click();
      const cartGift = giver.page.locator('.CartEntry-gift');
      await expect.poll(() => cartGift.innerText(), SLOW).toContain(`Bea (${recipientEmail})`);
      expect(await cartGift.innerText()).toContain(message);
      await shot(giver.page, `gift-card-cart-${width}`);
      await goToCheckout(giver.page, storeUrl, 'Gift Card');
      const checkoutGift = giver.page.locator('.CheckoutLine-gift');
      expect(await checkoutGift.innerText()).toContain(`Bea (${recipientEmail})`);
      expect(await checkoutGift.innerText()).toContain('by email once paid');
      await giver.page.fill('#checkout-email', buyerEmail);
      await giver.page.fill('#checkout-cardNumber', SUCCESS_CARD);
      await shot(giver.page, `gift-card-checkout-${width}`);
      const paidSince = Date.now();
      await placeOrder(giver.page);

      // The confirmation says whom it went to and on which day (today, the form's default), and shows no code.
      const sent = giver.page.locator('.OrderConfirmation-gift-card');
      await expectStamped(
        () => sent.textContent(),
        (date) =>
          `$50.00 gift card sent to Bea (${recipientEmail}) by email with your message on ${date}. The code goes only to them.`,
        paidSince,
      );
      expect(await giver.page.locator('.OrderConfirmation-gift-code').count()).toBe(0);
      await shot(giver.page, `gift-card-confirmation-${width}`);

      // The recipient's email, read in the development mailbox (in the giver's page: the mailbox is the store's).
      let code = '';
      await expect
        .poll(async () => {
          await giver.page.goto(`${storeUrl}/dev/mailbox?to=${encodeURIComponent(recipientEmail)}`);
          return giver.page.locator('li a', { hasText: 'You received a gift card' }).count();
        }, SLOW)
        .toBe(1);
      await giver.page.locator('li a', { hasText: 'You received a gift card' }).click();
      const mail = (await giver.page.locator('pre').textContent()) ?? '';
      expect(mail).toContain(message);
      expect(mail).toContain('sent you a gift card worth $50.00');
      code = /Gift card code: ([A-Z0-9-]+)/.exec(mail)?.[1] ?? '';
      expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
      await shot(giver.page, `gift-card-email-${width}`);

      // A second shopper pays part of a $65 order with it.
      await ensureShipping(contexts, storeUrl);
      const title = `Journey Vase ${RUN} ${width}`;
      const product = await createProduct(contexts, storeUrl, title, 3000, 10);
      try {
        const second = await contexts.page(width);
        await openProduct(second.page, storeUrl, product.path);
        expect(await addToCart(second.page, product.id, 2)).toBe('Added!');
        await goToCheckout(second.page, storeUrl, title);
        await fillCheckout(second.page, `second-${RUN}-${width}@example.com`);
        const total = (await second.page.locator('.CheckoutTotals-total').textContent()) ?? '';
        await second.page.fill('#checkout-giftCardCode', code.toLowerCase());
        await second.page.press('#checkout-giftCardCode', 'Enter');
        const applied = second.page.locator('.CheckoutCode-applied');
        await expect
          .poll(() => applied.textContent(), SLOW)
          .toContain('pays $50.00; $0.00 left on the card after this order');
        expect(await second.page.locator('.CheckoutTotals-gift-card').textContent()).toBe('−$50.00');
        const cents = (money: string) => Math.round(Number(money.replace(/[^0-9.]/g, '')) * 100);
        const due = `$${((cents(total) - 5000) / 100).toFixed(2)}`;
        // What the card is charged, said before paying: in the summary and on the button.
        expect(await second.page.locator('.CheckoutTotals-due').textContent()).toBe(due);
        await expect
          .poll(() => second.page.locator('.Checkout-button').textContent(), SLOW)
          .toBe(`Place order · ${due}`);
        await shot(second.page, `gift-card-redeem-checkout-${width}`);
        await placeOrder(second.page);
        await expect
          .poll(() => second.page.locator('.OrderConfirmation-gift-balance').textContent(), SLOW)
          .toMatch(/^Gift card ••••-••••-••••-[A-Z2-9]{4}: \$0\.00 left on the card$/);
        expect(await second.page.locator('.OrderConfirmation-charged').textContent()).toBe(
          `Charged to your card: ${due}`,
        );
        expect(await second.page.locator('.CheckoutTotals-due').count()).toBe(0);
        await shot(second.page, `gift-card-redeem-confirmation-${width}`);
        const orderId = /\/commerce\/orders\/([A-Za-z0-9_-]+)\?/.exec(second.page.url())?.[1] ?? '';

        // The Store manager refunds the card's charge and $12 more: the dialog shows where each part goes.
        const manager = await contexts.page(width);
        await signIn(manager.page, storeUrl, ACCOUNTS.store, `/config/orders/${orderId}`);
        const refundButton = manager.page.locator('.PageHeader-actions button:text-is("Refund")');
        await refundButton.waitFor(SLOW);
        await refundButton.click();
        const dialog = manager.page.locator('dialog.RefundDialog');
        await dialog.waitFor(SLOW);
        for (const quantity of await dialog.locator('input[type="number"]').all()) await quantity.fill('0');
        const asked = `$${((cents(due) + 1200) / 100).toFixed(2)}`;
        await dialog.getByLabel(/^Amount to refund/).fill(asked.slice(1));
        await expect
          .poll(() => dialog.locator('.RefundDialog-split').textContent(), SLOW)
          .toBe(`${due} to the card, $12.00 onto the gift card.`);
        await shot(manager.page, `gift-card-refund-dialog-${width}`);
        await manager.page.keyboard.press('Enter');
        await manager.page.waitForSelector('.PageHeader .StatusLabel:text-is("Partially refunded")', SLOW);
        const totals = await manager.page.locator('.Totals').innerText();
        expect(totals).toMatch(new RegExp(`Refunded to card\\s+−\\${due}`));
        expect(totals).toMatch(/Refunded to gift card\s+−\$12\.00/);
        await shot(manager.page, `gift-card-refunded-order-${width}`);

        // The shopper's email says both; the code at a new checkout has the $12 back.
        await expect
          .poll(async () => {
            await second.page.goto(
              `${storeUrl}/dev/mailbox?to=${encodeURIComponent(`second-${RUN}-${width}@example.com`)}`,
            );
            return second.page.locator('li a', { hasText: 'partially refunded' }).count();
          }, SLOW)
          .toBe(1);
        await second.page.locator('li a', { hasText: 'partially refunded' }).click();
        const refundMail = (await second.page.locator('pre').textContent()) ?? '';
        expect(refundMail).toContain(`Refunded to your card: ${due}`);
        expect(refundMail).toMatch(/Put back on your gift card ••••-••••-••••-[A-Z2-9]{4}: \$12\.00/);
        await cartHolding(second.page, storeUrl, product.id);
        await goToCheckout(second.page, storeUrl, title);
        await second.page.fill('#checkout-giftCardCode', code);
        await second.page.press('#checkout-giftCardCode', 'Enter');
        await expect
          .poll(() => second.page.locator('.CheckoutCode-applied').textContent(), SLOW)
          .toContain('pays $12.00; $0.00 left on the card after this order');
        await shot(second.page, `gift-card-balance-after-refund-${width}`);
        expect([...giver.errors, ...second.errors, ...manager.errors]).toEqual([]);
      } finally {
        await deleteProduct(contexts, storeUrl, product.id);
      }
    });
  });
});

/** A gift card's line in the cart, checkout or order: its recipient, message and sending under the French labels. */
async function expectFrenchRecipient(gift: Locator, recipient: string, message: string): Promise<void> {
  await expect
    .poll(() => gift.locator('dt').allTextContents(), SLOW)
    .toEqual([FR['gift.to'], FR['gift.message'], FR['gift.sent']]);
  expect(await gift.locator('dd').allTextContents()).toEqual([recipient, message, FR['gift.sentOncePaid']]);
}

describe('a gift card given in French', () => {
  it('reaches its recipient in a French email, and the buyer’s confirmation email says in French whom it went to (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const buyerEmail = `offrant-${RUN}-${width}@example.com`;
      const recipientEmail = `lea-${RUN}-${width}@example.com`;
      const message = `Joyeux anniversaire, Léa ! (${width})`;
      const giver = await contexts.page(width);
      const { page } = giver;
      await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");

      // The visitor switches the store to French on the account page, by keyboard.
      await chooseLanguage(page, storeUrl, 'Français (France)');

      // The French gift card page: who it is for, by its French labels.
      await openProduct(page, storeUrl, '/gifts/p/gift-card');
      await expect.poll(() => page.evaluate('document.documentElement.lang'), SLOW).toBe('fr-FR');
      await page.selectOption('#variant-p-gift-card-Amount', '$50');
      const form = page.locator('.GiftCardForm');
      await expect.poll(() => form.locator('legend').textContent(), SLOW).toBe(FR['gift.who']);
      await form.getByLabel(FR['gift.recipientEmail']).fill(recipientEmail);
      await form.getByLabel(FR['gift.recipientName']).fill('Léa');
      await form.locator('textarea').fill(message);
      // A day already past is refused, in French, under the date.
      const sendOn = form.getByLabel(new RegExp(`^${FR['gift.sendOn']}`));
      await expect.poll(() => sendOn.inputValue(), SLOW).toBe(dayFromToday(0));
      await sendOn.fill(dayFromToday(-1));
      await form.locator('button[type="submit"]').click();
      await expect
        .poll(() => form.locator('.CheckoutField-error').textContent(), SLOW)
        .toBe(FR['gift.problemSendOnPast']);
      await sendOn.fill(dayFromToday(0));
      await form.locator('button[type="submit"]').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => form.locator('.GiftCardForm-status').textContent(), SLOW).toContain(FR['cart.view']);
      await shot(page, `gift-card-fr-product-${width}`);

      // The cart names the recipient, the message and when it is sent, by French labels.
      const recipientText = `Léa (${recipientEmail})`;
      await form.getByRole('link', { name: FR['cart.view'] }).click();
      await expectFrenchRecipient(page.locator('.CartEntry-gift'), recipientText, message);
      await shot(page, `gift-card-fr-cart-${width}`);

      // Checkout in French (the recipient too), then the order confirmed page.
      const paidSince = Date.now();
      await goToCheckout(page, storeUrl, 'Gift Card');
      await expectFrenchRecipient(page.locator('.CheckoutLine-gift'), recipientText, message);
      await page.fill('#checkout-email', buyerEmail);
      await page.fill('#checkout-cardNumber', SUCCESS_CARD);
      await page.click('.Checkout-button');
      await page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, { waitUntil: 'commit', ...SLOW });
      await page.waitForSelector('.OrderConfirmation-number', SLOW);
      await expect.poll(() => page.locator('h1').textContent(), SLOW).toBe(FR['order.confirmed']);
      const orderNumber = ((await page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(/\D/g, '');
      // The confirmation page says in French whom the card went to and on which day (today, the form's default).
      expect(await page.locator('#order-gift-cards').textContent()).toBe(FR['order.giftCards']);
      await expectStamped(
        () => page.locator('.OrderConfirmation-gift-card').textContent(),
        (date) => fill(FR['order.giftCardSentOn'], { amount: '50,00\u00a0$US', who: `Léa (${recipientEmail})`, date }),
        paidSince,
        { locale: 'fr-FR' },
      );
      await expectFrenchRecipient(page.locator('.CheckoutLine-gift'), recipientText, message);
      await shot(page, `gift-card-fr-confirmation-${width}`);

      // The recipient's email, read in the development mailbox: French, with the code and the message.
      await openEmail(page, storeUrl, recipientEmail, 'Vous avez reçu une carte cadeau');
      const mail = (await page.locator('pre').textContent()) ?? '';
      expect(mail).toMatch(
        /^Bonjour Léa,\n\n.+ vous a offert une carte cadeau d’une valeur de 50,00\u00a0\$US\.\n\nSon message :\n\n/,
      );
      expect(mail).toContain(message);
      expect(mail).toMatch(
        /Code de la carte cadeau : [A-Z2-9]{4}(-[A-Z2-9]{4}){3}\n\nSaisissez-le lors du paiement pour payer avec\./,
      );
      await shot(page, `gift-card-fr-email-${width}`);

      // The buyer's confirmation email: French, saying whom the card went to (without its code).
      await openEmail(page, storeUrl, buyerEmail, `Commande n° ${orderNumber} confirmée`);
      const confirmation = (await page.locator('pre').textContent()) ?? '';
      // Sent today, the form's default day: the line names it.
      const lines = [paidSince, Date.now()].map(
        (at) => `Carte cadeau de 50,00\u00a0$US envoyée à Léa <${recipientEmail}> le ${longDate(at, 'fr-FR')}.`,
      );
      expect(
        lines.some((line) => confirmation.includes(line)),
        confirmation,
      ).toBe(true);
      expect(confirmation).not.toMatch(/Code de la carte cadeau/);
      await shot(page, `gift-card-fr-confirmation-email-${width}`);
      expect(giver.errors).toEqual([]);
    });
  });
});

describe('a gift card sent on a later day', () => {
  it('waits for its day: the buyer reads when it will be sent, the recipient gets nothing until the day, then the code (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    // The outbox's clock is the store's (moving it sends every email due within the days asked): both widths buy and
    // see that nothing went yet, side by side; it moves once after both have; then both recipients have their codes.
    const waiting = new Map<number, { page: Page; recipientEmail: string; errors: () => string[] }>();
    await atBothWidths(async (width) => {
      const buyerEmail = `planner-${RUN}-${width}@example.com`;
      const recipientEmail = `cy-${RUN}-${width}@example.com`;
      const later = dayFromToday(3);
      const laterText = sendOnText(later, 'en-US');
      const giver = await contexts.page(width);
      const { page } = giver;
      await openProduct(page, storeUrl, '/gifts/p/gift-card');
      await page.selectOption('#variant-p-gift-card-Amount', '$50');
      const form = page.locator('.GiftCardForm');
      await form.getByLabel('Recipient email').fill(recipientEmail);
      await form.getByLabel('Recipient name').fill('Cy');
      await form.getByLabel('Message (optional)').fill('For Friday');
      // The date: today by default; yesterday is refused under the field, which takes the focus.
      const sendOn = form.getByLabel(/^Send on/);
      await expect.poll(() => sendOn.inputValue(), SLOW).toBe(dayFromToday(0));
      await sendOn.fill(dayFromToday(-1));
      await form.locator('button[type="submit"]').click();
      await expect
        .poll(() => form.locator('.CheckoutField-error').textContent(), SLOW)
        .toBe('Choose today or a later date.');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('date');
      await shot(page, `gift-card-later-refused-${width}`);
      await sendOn.fill(later);
      await form.locator('button[type="submit"]').click();
      await expect
        .poll(() => form.locator('.GiftCardForm-status').textContent(), SLOW)
        .toBe('Added to cart. View cart');

      // The checkout names the day; the confirmation says it will be sent then.
      await goToCheckout(page, storeUrl, 'Gift Card');
      expect(await page.locator('.CheckoutLine-gift').innerText()).toContain(`by email on ${laterText}`);
      await page.fill('#checkout-email', buyerEmail);
      await page.fill('#checkout-cardNumber', SUCCESS_CARD);
      await placeOrder(page);
      await expect
        .poll(() => page.locator('.OrderConfirmation-gift-card').textContent(), SLOW)
        .toBe(
          `$50.00 gift card will be sent to Cy (${recipientEmail}) by email with your message on ${laterText}. The code goes only to them.`,
        );
      await shot(page, `gift-card-later-confirmation-${width}`);
      const orderId = /\/commerce\/orders\/([A-Za-z0-9_-]+)\?/.exec(page.url())?.[1] ?? '';
      const shopperZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

      // The buyer's confirmation email says so too; by the time it is there, nothing has gone to the recipient.
      await openEmail(page, storeUrl, buyerEmail, 'confirmed');
      expect(await page.locator('pre').textContent()).toContain(
        `Gift card of $50.00 will be sent to Cy <${recipientEmail}> on ${laterText}.`,
      );
      await page.goto(`${storeUrl}/dev/mailbox?to=${encodeURIComponent(recipientEmail)}`);
      await page.waitForSelector('h1', SLOW);
      expect(await page.locator('li a', { hasText: 'You received a gift card' }).count()).toBe(0);

      // The merchant's order page shows the card, its day and the shopper's zone, whose midnight it goes at.
      const manager = await contexts.page(width);
      await signIn(manager.page, storeUrl, ACCOUNTS.store, `/config/orders/${orderId}`);
      await expect
        .poll(() => manager.page.locator('.GiftCardList li').first().textContent(), SLOW)
        .toBe(`$50.00 to Cy <${recipientEmail}> · scheduled for ${laterText} at 00:00 ${shopperZone}`);
      // The card's line, its recipient's long email included, fits the window with its total in view, at 375 px too.
      expect(await overflowing(manager.page)).toEqual([]);
      const [line] = await itemLines(manager.page);
      expect(line?.totalInView).toBe(true);
      // Named as the shopper's cart names them, not by the form's keys ('recipientEmail').
      expect(line?.text).toContain(`To Cy (${recipientEmail}) Message For Friday`);
      await shot(manager.page, `gift-card-later-console-${width}`);
      waiting.set(width, { page, recipientEmail, errors: () => [...giver.errors, ...manager.errors] });
    });

    // Its day comes (the outbox's clock moved on, as the alarm will send it then): the recipient has the code.
    const { api, headers } = await merchantApi(contexts, storeUrl);
    const moved = await api.post(`${storeUrl}/dev/orders/outbox`, { data: { afterDays: 3 }, headers });
    expect(moved.status(), await moved.text()).toBe(200);
    await atBothWidths(async (width) => {
      const { page, recipientEmail, errors } = waiting.get(width) ?? {};
      if (page === undefined || recipientEmail === undefined || errors === undefined)
        throw new Error(`no card bought at ${width} px`);
      await openEmail(page, storeUrl, recipientEmail, 'You received a gift card');
      const mail = (await page.locator('pre').textContent()) ?? '';
      expect(mail).toContain('For Friday');
      expect(mail).toMatch(/Gift card code: [A-Z2-9]{4}(-[A-Z2-9]{4}){3}/);
      await shot(page, `gift-card-later-email-${width}`);
      expect(errors()).toEqual([]);
    });
  });
});
