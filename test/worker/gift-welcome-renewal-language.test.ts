/**
 * The gift card, welcome code and failed renewal emails in the shopper's language (issue 32, journey 8), as the order
 * emails are: a gift card's emails (to its recipient and to a buyer who sends one to themselves, and the confirmation's
 * line about it) and a failed renewal's in the language the order was placed in, the welcome code's in the language of
 * the page the newsletter sign-up was sent from; English as before when none was given.
 */
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../src/commerce/gift-cards';
import {
  ADDRESS,
  CARD,
  CHECKOUT,
  ENTRIES,
  fillCheckout,
  orders,
  placeOrder,
  setStock,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

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
    timeout: 60_000,
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
