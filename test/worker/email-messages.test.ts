/**
 * The store's emails to shoppers (one file, one workerd, for what used to be three files; issue 30). Issue 33 ("email
 * templates the merchant can read and edit"): the store's own message in the order confirmation, shipping and refund
 * emails (Commerce → Emails, `GET`/`PUT /api/console/settings/emails`): commerce roles only, the crumb, zod's limit by
 * field, the body cap; the shopper's emails carry each message under their first line. Then the order emails, and the
 * gift card, welcome code and failed renewal emails, in the shopper's language.
 */
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../src/commerce/gift-cards';
import { ROLES } from '../../src/site/roles';
import {
  ADDRESS,
  CANDLE,
  CARD,
  CHECKOUT,
  ENTRIES,
  fillCheckout,
  merchant,
  orders,
  placeOrder,
  setStock,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

const EMAILS = '/api/console/settings/emails';
const NONE = { confirmed: '', fulfilled: '', refunded: '' };
const MESSAGES = {
  confirmed: 'Thank you for shopping with Fern & Field!\nWe pack every candle by hand within two days.',
  fulfilled: 'Your parcel is on its way: keep the candle upright for the first hour.',
  refunded: 'Sorry it did not work out. Questions? Write to hello@fern-field.example.',
};

describe('the messages in the order emails', () => {
  it('are read and saved by commerce roles only, with the crumb, within their limits', async () => {
    const { base, websiteId } = await storeOnHost('roles.email-messages.test');
    const anonymous = await new Visitor(base).open();
    expect((await anonymous.json('GET', EMAILS)).status).toBe(401);
    const editor = await merchant(base, websiteId, ROLES.editor);
    expect((await editor.json('GET', EMAILS)).status).toBe(403);
    expect((await editor.json('PUT', EMAILS, MESSAGES)).status).toBe(403);
    const viewer = await merchant(base, websiteId, ROLES.viewer);
    expect((await viewer.json('PUT', EMAILS, MESSAGES)).status).toBe(403);

    const store = await merchant(base, websiteId, ROLES.storeManager);
    expect((await store.json('GET', EMAILS)).body).toEqual(NONE);
    const noCrumb = await store.fetch(EMAILS, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MESSAGES),
    });
    expect(noCrumb.status).toBe(403);
    const long = await store.json('PUT', EMAILS, { ...MESSAGES, fulfilled: 'x'.repeat(2_001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'fulfilled: A message can be at most 2,000 characters.' });
    const partial = await store.json('PUT', EMAILS, { confirmed: MESSAGES.confirmed });
    expect(partial.status).toBe(400);
    expect(partial.body).toEqual({ error: "fulfilled: Give this email's message, or an empty text for none." });
    const big = await store.json('PUT', EMAILS, { ...MESSAGES, note: 'x'.repeat(41 * 1024) });
    expect(big.status).toBe(413);
    expect((await store.json('GET', EMAILS)).body).toEqual(NONE);

    const saved = await store.json('PUT', EMAILS, { ...MESSAGES, confirmed: `  ${MESSAGES.confirmed}  ` });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(MESSAGES);
    expect((await store.json('GET', EMAILS)).body).toEqual(MESSAGES);
  });

  it("puts each message under the first line of the shopper's confirmation, shipping and refund emails", {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('sent.email-messages.test');
    await standardRules(websiteId);
    const owner = await merchant(base, websiteId, ROLES.admin);
    expect((await owner.json('PUT', EMAILS, MESSAGES)).status).toBe(200);

    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    await startCheckout(visitor);
    await fillCheckout(visitor);
    const placed = await placeOrder(visitor, CARD.ok);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    const action = async (name: string, body: unknown) => {
      const done = await owner.fetch(`/api/commerce/orders/${order.id}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': owner.crumb, 'idempotency-key': `${name}-1234` },
        body: JSON.stringify(body),
      });
      expect(done.status, await done.text()).toBe(200);
    };
    await action('fulfill', { trackingNumber: '1Z999', carrier: 'UPS' });
    await action('refund', { amountCents: 500 });
    await orders(websiteId).deliverEmail();
    const mail = (await orders(websiteId).mailbox()) as { to: string; subject: string; text: string }[];
    const text = (subject: string) => mail.find((m) => m.subject === subject)?.text ?? `no email '${subject}'`;
    expect(mail.map((m) => m.to)).toEqual(['ada@example.com', 'ada@example.com', 'ada@example.com']);
    expect(text('Order #1001 confirmed')).toMatch(
      /^Order #1001 confirmed\.\n\nThank you for shopping with Fern & Field!\nWe pack every candle by hand within two days\.\n\nPlaced on /,
    );
    expect(text('Order #1001 has shipped')).toMatch(
      /^Order #1001 has shipped\.\n\nYour parcel is on its way: keep the candle upright for the first hour\.\n\n2 × Cedar Candle/,
    );
    expect(text('Order #1001 partially refunded')).toMatch(
      /^Order #1001 partially refunded\.\n\nSorry it did not work out\. Questions\? Write to hello@fern-field\.example\.\n\nRefunded to your card: \$5\.00/,
    );
    // Only each email's own message.
    expect(text('Order #1001 confirmed')).not.toContain(MESSAGES.fulfilled);
    expect(text('Order #1001 has shipped')).not.toContain(MESSAGES.confirmed);
  });
});

/**
 * The order emails in the language the shopper placed the order in (issue 32, journey 8): the checkout sends its page's
 * locale, the order keeps it (and the store's time zone) in the same write, and the confirmation, shipped and refund
 * emails are written from it, dates in the store's zone; an order placed without one is in the site's language.
 */
describe('order-email-language', () => {
  /** A paid order of one candle placed with `extra` in the body (the page's `locale`), and the emails sent about it. */
  async function placed(host: string, extra: Record<string, unknown>) {
    const { base, websiteId } = await storeOnHost(host);
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    await startCheckout(visitor);
    await fillCheckout(visitor);
    const answer = await placeOrder(visitor, CARD.ok, crypto.randomUUID(), extra);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = answer.body.order;
    const mail = async () => {
      await orders(websiteId).deliverEmail();
      return orders(websiteId).mailbox();
    };
    return { websiteId, order, mail };
  }

  describe('order emails in the shopper’s language', () => {
    it('writes the confirmation, shipped and refund emails in French, money and dates as French writes them in the store’s zone', {
      timeout: 120_000,
    }, async () => {
      const { websiteId, order, mail } = await placed('french.order-email.test', { locale: 'fr-FR' });
      expect(order.emailLocale).toEqual({ locale: 'fr-FR', timeZone: 'America/New_York' });
      const [confirmed] = await mail();
      expect(confirmed?.subject).toBe('Commande n° 1001 confirmée');
      const when = new Intl.DateTimeFormat('fr-FR', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: 'America/New_York',
      }).format(order.paidOn ?? 0);
      expect(confirmed?.text).toContain(`Passée le ${when}`);
      expect(confirmed?.text).toMatch(/UTC−[45]/);
      expect(confirmed?.text).toContain('2 × Cedar Candle: 64,00\u00a0$US');
      expect(confirmed?.text).toContain('Total : ');
      expect((await orders(websiteId).fulfill(order.id, '1Z999', 'UPS')).ok).toBe(true);
      expect((await orders(websiteId).refund(websiteId, order.id, { restock: false })).ok).toBe(true);
      const subjects = (await mail()).map((m) => [m.subject, m.text]);
      expect(subjects.map(([subject]) => subject)).toEqual([
        'Commande n° 1001 confirmée',
        'Commande n° 1001 expédiée',
        'Commande n° 1001 remboursée',
      ]);
      expect(subjects[1]?.[1]).toContain('Numéro de suivi : 1Z999 (UPS)');
      expect(subjects[2]?.[1]).toMatch(/Remboursé sur votre carte : [\d\u202f]+,\d{2}\u00a0\$US/);
    });

    it('writes them in the site’s language when the checkout named none, the English as before', {
      timeout: 120_000,
    }, async () => {
      const { order, mail } = await placed('english.order-email.test', {});
      expect(order.emailLocale).toEqual({ locale: 'en-US', timeZone: 'America/New_York' });
      const [confirmed] = await mail();
      expect(confirmed?.subject).toBe('Order #1001 confirmed');
      expect(confirmed?.text).toContain('2 × Cedar Candle: $64.00');
      expect(confirmed?.text).toMatch(/Placed on \w+ \d+, \d{4} at \d+:\d{2} [AP]M E[SD]T/);
    });

    it('refuses a locale that is not a language tag', async () => {
      const { base, websiteId } = await storeOnHost('bad-locale.order-email.test');
      await standardRules(websiteId);
      const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
      await startCheckout(visitor);
      await fillCheckout(visitor);
      expect((await placeOrder(visitor, CARD.ok, crypto.randomUUID(), { locale: 'x'.repeat(40) })).status).toBe(400);
    });
  });
});

/**
 * The gift card, welcome code and failed renewal emails in the shopper's language (issue 32, journey 8), as the order
 * emails are: a gift card's emails (to its recipient and to a buyer who sends one to themselves, and the confirmation's
 * line about it) and a failed renewal's in the language the order was placed in, the welcome code's in the language of
 * the page the newsletter sign-up was sent from; English as before when none was given.
 */
describe('gift-welcome-renewal-language', () => {
  const GIFT = { itemId: 'p-gift-card', sku: skuOf('gift-card', 1) };
  const DAY = 86_400_000;

  function gift(extra: Record<string, unknown> = {}): string {
    return JSON.stringify({
      recipientEmail: 'bea@example.com',
      recipientName: 'Bea',
      message: 'Joyeux anniversaire !',
      sendOn: null,
      ...extra,
    });
  }

  /** A paid order of a $50 card for Bea and one the buyer sends themselves, placed with `extra` (the page's `locale`). */
  async function giftOrder(host: string, extra: Record<string, unknown>) {
    const { base, websiteId } = await storeOnHost(host);
    await standardRules(websiteId);
    const buyer = await new Visitor(base).open('/gifts');
    for (const fields of [gift(), gift({ recipientEmail: 'ada@example.com', recipientName: 'Ada', message: '' })])
      expect((await buyer.json('POST', ENTRIES, { ...GIFT, quantity: 1, additionalFields: fields })).status).toBe(200);
    await startCheckout(buyer);
    await fillCheckout(buyer, { email: 'ada@example.com' });
    const placed = await placeOrder(buyer, CARD.ok, crypto.randomUUID(), extra);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await orders(websiteId).deliverEmail();
    const mail = await orders(websiteId).mailbox();
    const to = (address: string, subject: RegExp) => mail.find((m) => m.to === address && subject.test(m.subject));
    return { order: placed.body.order, to };
  }

  /** Signs `email` up to the demo's newsletter from a page in `locale` (none: as before) with the welcome code on. */
  async function welcomeMail(host: string, email: string, locale?: string) {
    const { base, websiteId } = await storeOnHost(host);
    await orders(websiteId).setSettings({
      pricesIncludeTax: false,
      minimumSubtotalCents: 0,
      reservationMinutes: 10,
      welcomeDiscount: { enabled: true, percent: 10 },
    });
    const visitor = await new Visitor(base).open('/');
    const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
    const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
      key,
      formId: 'promo-newsletter',
      form: JSON.stringify({ email }),
      captchaKey: 'local:promo_popup:0123456789abcdef',
      ...(locale === undefined ? {} : { locale }),
    });
    expect(res.status).toBe(200);
    await orders(websiteId).deliverEmail();
    return (await orders(websiteId).mailbox()).filter((m) => m.to === email);
  }

  /** A 12-month subscription whose second order cannot be placed (its one unit was sold), renewed: the mail it caused. */
  async function failedRenewal(host: string, extra: Record<string, unknown>) {
    const { base, websiteId } = await storeOnHost(host, (site) => setStock(site, 'tea-club', 1));
    await standardRules(websiteId);
    const visitor = await new Visitor(base).open('/shop');
    const added = await visitor.json<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'p-tea-club',
      sku: skuOf('tea-club'),
      qty: 1,
    });
    const cartToken = added.body.cartToken;
    await startCheckout(visitor, { cartToken });
    const filled = await visitor.json<{ checkout: { shippingOptions: { id: string }[] } }>('PUT', CHECKOUT, {
      cartToken,
      email: 'tea@example.com',
      shippingAddress: ADDRESS,
    });
    await visitor.json('PUT', CHECKOUT, { cartToken, shippingOptionId: filled.body.checkout.shippingOptions[0]?.id });
    const placed = await placeOrder(visitor, CARD.ok, crypto.randomUUID(), { cartToken, ...extra });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const store = orders(websiteId);
    expect(await store.renewDue(websiteId, placed.body.order.subscription?.nextBillingOn ?? 0)).toEqual({
      placed: 0,
      failed: 1,
    });
    await store.deliverEmail();
    return { order: placed.body.order, mail: (await store.mailbox()).filter((m) => !/confirm/.test(m.subject)) };
  }

  describe('gift card, welcome code and renewal emails in the shopper’s language', () => {
    it('writes a gift card’s emails in French when it was bought on a French page', { timeout: 120_000 }, async () => {
      const { order, to } = await giftOrder('french.gift-email.test', { locale: 'fr-FR' });
      const received = to('bea@example.com', /carte cadeau/);
      expect(received?.subject).toBe('Vous avez reçu une carte cadeau');
      const code = /Code de la carte cadeau : ([A-Z0-9-]+)/.exec(received?.text ?? '')?.[1] ?? '';
      expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
      expect(received?.text).toMatch(
        /^Bonjour Bea,\n\n.+ vous a offert une carte cadeau d’une valeur de 50,00\u00a0\$US\.\n\nSon message :\n\nJoyeux anniversaire !\n\n/,
      );
      expect(received?.text).toContain('Saisissez-le lors du paiement pour payer avec.\n');
      const own = to('ada@example.com', /Votre carte cadeau/);
      expect(own?.text).toMatch(/^Bonjour Ada,\n\nVoici votre carte cadeau d’une valeur de 50,00\u00a0\$US\.\n\n/);
      const confirmed = to('ada@example.com', /confirmée/);
      expect(confirmed?.text).toContain('Carte cadeau de 50,00\u00a0$US envoyée à Bea <bea@example.com>.');
      expect(confirmed?.text).toContain(
        'Carte cadeau de 50,00\u00a0$US envoyée à vous (son code est dans un e-mail séparé).',
      );
      expect(order.emailLocale?.locale).toBe('fr-FR');
    });

    it('writes the confirmation’s line about a card sent later with the send date in French', {
      timeout: 120_000,
    }, async () => {
      const { base, websiteId } = await storeOnHost('french-later.gift-email.test');
      const later = utcDay(Date.now() + 3 * DAY);
      const buyer = await new Visitor(base).open('/gifts');
      const added = await buyer.json('POST', ENTRIES, {
        ...GIFT,
        quantity: 1,
        additionalFields: gift({ sendOn: later }),
      });
      expect(added.status).toBe(200);
      await startCheckout(buyer);
      await fillCheckout(buyer, { email: 'ada@example.com' });
      expect((await placeOrder(buyer, CARD.ok, crypto.randomUUID(), { locale: 'fr-FR' })).status).toBe(201);
      await orders(websiteId).deliverEmail();
      const confirmed = (await orders(websiteId).mailbox()).find((m) => m.subject.endsWith('confirmée'));
      const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(
        Date.parse(`${later}T00:00:00Z`),
      );
      expect(confirmed?.text).toContain(
        `Carte cadeau de 50,00\u00a0$US qui sera envoyée à Bea <bea@example.com> le ${day}.`,
      );
    });

    it('writes them in English, word for word as before, when the checkout named no language', {
      timeout: 120_000,
    }, async () => {
      const { to } = await giftOrder('english.gift-email.test', {});
      const received = to('bea@example.com', /gift card/);
      expect(received?.subject).toBe('You received a gift card');
      const code = /Gift card code: ([A-Z0-9-]+)/.exec(received?.text ?? '')?.[1] ?? '';
      const from = /^Hello Bea,\n\n(.+) sent you/.exec(received?.text ?? '')?.[1] ?? '';
      expect(from).not.toBe('');
      expect(received?.text).toBe(
        `Hello Bea,\n\n${from} sent you a gift card worth $50.00.\n\nTheir message:\n\nJoyeux anniversaire !\n\nGift card code: ${code}\n\nEnter it at checkout to pay with it.\n`,
      );
      const own = to('ada@example.com', /^Your gift card$/);
      const ownCode = /Gift card code: ([A-Z0-9-]+)/.exec(own?.text ?? '')?.[1] ?? '';
      expect(own?.text).toBe(
        `Hello Ada,\n\nHere is your gift card worth $50.00.\n\nGift card code: ${ownCode}\n\nEnter it at checkout to pay with it.\n`,
      );
      const confirmed = to('ada@example.com', /confirmed$/);
      expect(confirmed?.text).toContain(
        'Gift card of $50.00 sent to Bea <bea@example.com>.\nGift card of $50.00 sent to you (its code is in a separate email).\n',
      );
    });

    it('writes the welcome code’s email in the language of the page the sign-up came from', {
      timeout: 120_000,
    }, async () => {
      const [french] = await welcomeMail('french.welcome-email.test', 'lea@example.com', 'fr-FR');
      expect(french?.subject).toBe('Votre code de bienvenue pour Studio Goods');
      expect(french?.text).toMatch(
        /^Merci de votre inscription\. Utilisez le code WELCOME-[0-9A-F]{8} lors du paiement pour obtenir 10\u00a0% de réduction sur votre première commande\.\n$/,
      );
      const [english] = await welcomeMail('english.welcome-email.test', 'len@example.com');
      expect(english?.subject).toBe('Your welcome code for Studio Goods');
      expect(english?.text).toMatch(
        /^Thank you for signing up\. Use the code WELCOME-[0-9A-F]{8} at checkout for 10% off your first order\.\n$/,
      );
    });

    it('refuses a sign-up whose locale is not a language tag', async () => {
      const { base } = await storeOnHost('bad-locale.welcome-email.test');
      const visitor = await new Visitor(base).open('/');
      const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
      const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
        key,
        formId: 'promo-newsletter',
        form: JSON.stringify({ email: 'x@example.com' }),
        captchaKey: 'local:promo_popup:0123456789abcdef',
        locale: 'x'.repeat(40),
      });
      expect(res.status).toBe(400);
    });

    it('writes a failed renewal’s email in the language the subscription was bought in', {
      timeout: 120_000,
    }, async () => {
      const french = await failedRenewal('french.renewal-email.test', { locale: 'fr-FR' });
      expect(french.mail.map((m) => m.subject)).toEqual(['Votre abonnement n’a pas pu être renouvelé']);
      expect(french.mail[0]?.text).toMatch(
        /^Nous n’avons pas pu passer la prochaine commande de votre abonnement \(commande .+\)\. Veuillez contacter la boutique\.\n$/,
      );
      const english = await failedRenewal('english.renewal-email.test', {});
      expect(english.mail.map((m) => m.subject)).toEqual(['Your subscription could not be renewed']);
      expect(english.mail[0]?.text).toMatch(
        /^We could not place the next order of your subscription \(order (#\d+|Checkout \S+)\)\. Please contact the store\.\n$/,
      );
    });
  });
});
