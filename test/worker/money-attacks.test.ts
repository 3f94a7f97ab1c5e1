/**
 * The money suite (issue 29): attacks on the store's money played as an attacker would, against the
 * worker's HTTP API, each ending with nothing taken for free.
 */
import { describe, expect, it } from 'vitest';
import type { ShoppingCart } from '../../src/commerce/cart';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import type { Order } from '../../src/commerce/order';
import { GIFT_CARD_MESSAGES } from '../../src/commerce/gift-cards';
import type { Checkout } from '../../src/durable/orders';
import {
  ADDRESS,
  CANDLE,
  CHECKOUT,
  fillCheckout,
  merchant,
  orders,
  placeOrder,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import type { Visitor } from './visitor';

const ATTACKER = 'mallory@example.com';
const GIFT_CARD_100 = { itemId: 'p-gift-card', sku: skuOf('gift-card', 2), quantity: 1 };
const TOTE = { itemId: 'p-canvas-tote', sku: skuOf('canvas-tote'), quantity: 1 };
const EBOOK = { itemId: 'p-recipe-ebook', quantity: 1 };

/** The gift card codes mailed to the attacker so far, oldest first. */
async function cardsMailed(websiteId: string): Promise<string[]> {
  await orders(websiteId).deliverEmail();
  const mails = (await orders(websiteId).mailbox()).filter(
    (m) => m.to === ATTACKER && ['You received a gift card', 'Your gift card'].includes(m.subject),
  );
  return mails.map((m) => /Gift card code: ([A-Z0-9-]+)/.exec(m.text)?.[1] ?? '');
}

/** Contact and address in, and the cheapest shipping option chosen when the order ships. */
async function fillIn(visitor: Visitor): Promise<void> {
  const filled = await visitor.json<{ checkout: { requiresShipping: boolean; shippingOptions: { id: string }[] } }>(
    'PUT',
    CHECKOUT,
    { email: ATTACKER, shippingAddress: ADDRESS },
  );
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  if (filled.body.checkout.requiresShipping)
    expect(
      (await visitor.json('PUT', CHECKOUT, { shippingOptionId: filled.body.checkout.shippingOptions[0]?.id })).status,
    ).toBe(200);
}

describe('the money suite', () => {
  it('gift-card loop: a "$20 off $100+" code and a $100 card never buy a new card plus free goods', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('money-gift-loop.test');
    await standardRules(websiteId);
    const owner = await merchant(base, websiteId);
    expect(
      (
        await owner.json('POST', '/api/commerce/discounts', {
          code: 'LOOP20',
          kind: 'fixed',
          amountCents: 2000,
          minimumSubtotalCents: 10_000,
        })
      ).status,
    ).toBe(201);
    const placed: Order[] = [];

    // A $100 card, bought honestly.
    const first = await shopper(base, [GIFT_CARD_100]);
    expect((await startCheckout(first)).status).toBe(200);
    await fillIn(first);
    const bought = await placeOrder(first);
    expect(bought.status).toBe(201);
    placed.push(bought.body.order);
    const [cardA] = await cardsMailed(websiteId);

    // Round 1: a new $100 card plus a tote, the code on the card-inflated subtotal, paid with card A.
    const round1 = await shopper(base, [GIFT_CARD_100, TOTE]);
    expect((await startCheckout(round1)).status).toBe(200);
    await fillIn(round1);
    expect((await round1.json('PUT', CHECKOUT, { discountCode: 'LOOP20' })).body).toMatchObject({
      errors: { discountCode: 'Add $82.00 more to use this code.' },
    });
    const withCard = await round1.json<{
      checkout: { discountCents: number; giftCardCents: number; amountDueCents: number };
    }>('PUT', CHECKOUT, { giftCardCode: cardA });
    expect(withCard.status).toBe(200);
    // Card A pays the tote, its shipping and tax; the new card is paid by card.
    expect(withCard.body.checkout).toMatchObject({
      discountCents: 0,
      giftCardCents: 1800 + 500 + 113,
      amountDueCents: 10_000,
    });
    const r1 = await placeOrder(round1);
    expect(r1.status, JSON.stringify(r1.body)).toBe(201);
    placed.push(r1.body.order);
    const cardB = (await cardsMailed(websiteId))[1];

    // Round 2: a new $100 card plus the e-book, paid with card B.
    const round2 = await shopper(base, [GIFT_CARD_100, EBOOK]);
    expect((await startCheckout(round2)).status).toBe(200);
    await fillIn(round2);
    expect((await round2.json('PUT', CHECKOUT, { discountCode: 'LOOP20' })).body).toMatchObject({
      errors: { discountCode: 'Add $91.00 more to use this code.' },
    });
    expect((await round2.json('PUT', CHECKOUT, { giftCardCode: cardB })).status).toBe(200);
    const r2 = await placeOrder(round2);
    expect(r2.status, JSON.stringify(r2.body)).toBe(201);
    placed.push(r2.body.order);
    const cardC = (await cardsMailed(websiteId))[2];

    // Round 3: a gift card alone cannot be paid with a gift card.
    const round3 = await shopper(base, [GIFT_CARD_100]);
    expect((await startCheckout(round3)).status).toBe(200);
    await fillIn(round3);
    expect((await round3.json('PUT', CHECKOUT, { giftCardCode: cardC })).body).toMatchObject({
      errors: { giftCardCode: GIFT_CARD_MESSAGES.notForGiftCards },
    });

    // The books: what the attacker paid by card equals the goods at their price, shipping, tax and the balances left.
    const balances: number[] = [];
    for (const code of [cardA, cardB, cardC]) {
      const probe = await shopper(base, [TOTE]);
      await startCheckout(probe);
      const view = await probe.json<{ checkout: { giftCard: { balanceCents: number } } }>('PUT', CHECKOUT, {
        giftCardCode: code,
      });
      balances.push(view.body.checkout.giftCard.balanceCents);
    }
    expect(balances).toEqual([10_000 - 2413, 10_000 - 900 - 56, 10_000]);
    const charged = placed.reduce((sum, o) => sum + o.amountChargedCents, 0);
    const goods = placed
      .flatMap((o) => o.entries)
      .filter((e) => e.productType !== 4)
      .reduce((sum, e) => sum + e.subtotalCents, 0);
    const extras = placed.reduce((sum, o) => sum + o.shippingCostCents + o.taxCents, 0);
    expect(placed.map((o) => o.discountCents)).toEqual([0, 0, 0]);
    expect(charged).toBe(30_000);
    expect(charged).toBe(goods + extras + balances.reduce((a, b) => a + b, 0));
  });

  it('stale price: a candle added during a 50¢ pricing mistake is bought at the corrected $32, and the shopper is told first', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('money-stale-price.test');
    await standardRules(websiteId);
    const owner = await merchant(base, websiteId);
    const setPrice = async (cents: number) =>
      expect(
        (
          await owner.json('POST', '/api/console/products/bulk', {
            ids: [CANDLE.itemId],
            change: { kind: 'price', mode: 'set', amount: cents },
          })
        ).status,
      ).toBe(200);
    await setPrice(50);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    await setPrice(3200);

    const started = await startCheckout(visitor);
    expect(started.status).toBe(200);
    expect(started.body.checkout).toMatchObject({
      subtotalCents: 6400,
      priceChanges: [{ title: 'Cedar Candle', fromCents: 50, toCents: 3200 }],
    });
    // The cart itself now has the catalogue's price.
    const cart = await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart');
    expect(cart.body.entries[0]?.purchasePriceCents).toBe(3200);
    // The notice stays for the rest of the checkout.
    const filled = await fillCheckout(visitor);
    expect(filled.priceChanges).toEqual(started.body.checkout.priceChanges);
    const placed = await placeOrder(visitor);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ subtotalCents: 6400, entries: [{ unitPriceCents: 3200, quantity: 2 }] });
  });

  it('stale price: a price that moves after the shopper last looked is refused with 409 and the new totals, then placed at what they saw', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('money-moved-price.test');
    await standardRules(websiteId);
    const owner = await merchant(base, websiteId);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(visitor)).status).toBe(200);
    expect(await fillCheckout(visitor)).toMatchObject({
      subtotalCents: 3200,
      grandTotalCents: 3200 + 500 + 200,
      priceChanges: [],
    });
    expect(
      (
        await owner.json('POST', '/api/console/products/bulk', {
          ids: [CANDLE.itemId],
          change: { kind: 'price', mode: 'set', amount: 4000 },
        })
      ).status,
    ).toBe(200);

    const refused = await placeOrder(visitor);
    expect(refused.status).toBe(409);
    const body = refused.body as unknown as { error: string; checkout: Checkout };
    expect(body.error).toBe(CHECKOUT_MESSAGES.totalsChanged);
    expect(body.checkout).toMatchObject({
      subtotalCents: 4000,
      grandTotalCents: 4000 + 500 + 250,
      priceChanges: [{ fromCents: 3200, toCents: 4000 }],
    });
    // Nothing was charged; the shopper reviews the order (the page reloads the checkout) and places it at the new price.
    expect((await startCheckout(visitor)).body.checkout).toMatchObject({
      grandTotalCents: 4750,
      priceChanges: [{ fromCents: 3200, toCents: 4000 }],
    });
    const placed = await placeOrder(visitor);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ grandTotalCents: 4750, amountChargedCents: 4750 });
  });
});
