/**
 * The development hook that ends payment windows early (src/routes/pages/dev-payment-windows.ts), which
 * lets browser tests see a window end without waiting it out: it cancels only the attempts whose window
 * would have ended by then, needs the crumb and a valid body, and is a 404 in production.
 */
import { describe, expect, it } from 'vitest';
import { DEV_PAYMENT_WINDOWS_PATH } from '../../src/routes/pages/dev-payment-windows';
import { AUTHENTICATION_EXPIRED } from '../../src/routes/pages/local-payments';
import {
  available,
  CANDLE,
  CARD,
  orders,
  paymentLedger,
  placeOrder,
  readyToPay,
  storeOnHost,
} from './checkout-support';
import { PRODUCTION_VARS, Visitor } from './visitor';

describe('ending payment windows early (development)', () => {
  it('cancels an attempt waiting at the bank once its window would have ended, and gives its unit back', async () => {
    const { base, websiteId, visitor } = await readyToPay('dev-windows.test', 1);
    const placed = await placeOrder(visitor, CARD.action);
    expect(placed.body.order).toMatchObject({ status: 'pending', payment: { status: 'requires_action' } });
    expect(await available(base, CANDLE.itemId)).toBe(0);

    // A minute ahead is still inside the store's window (longer than a minute): nothing ends.
    expect(await visitor.json('POST', DEV_PAYMENT_WINDOWS_PATH, { afterMinutes: 1 })).toEqual({
      status: 200,
      body: { cancelled: 0 },
    });
    expect(await available(base, CANDLE.itemId)).toBe(0);

    expect(await visitor.json('POST', DEV_PAYMENT_WINDOWS_PATH, { afterMinutes: 24 * 60 })).toEqual({
      status: 200,
      body: { cancelled: 1 },
    });
    expect(await available(base, CANDLE.itemId)).toBe(1);
    const order = await orders(websiteId).order(placed.body.order.id);
    expect(order).toMatchObject({ status: 'cancelled' });
    // The bank says the time ran out (not that the shopper left), and refuses a late answer.
    const bankPage = new URL(placed.body.order.payment.nextActionUrl ?? '', base).pathname;
    expect(await (await visitor.fetch(bankPage)).text()).toContain(AUTHENTICATION_EXPIRED);
    const paymentId = decodeURIComponent(bankPage.split('/').pop() ?? '');
    expect(await paymentLedger().authenticate(paymentId, true)).toMatchObject({ status: 'canceled' });
  });

  it('refuses a call without the crumb (403) and a body out of bounds (400), changing nothing', async () => {
    const { base, visitor } = await readyToPay('dev-windows-refused.test', 1);
    await placeOrder(visitor, CARD.action);
    const noCrumb = await visitor.fetch(DEV_PAYMENT_WINDOWS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ afterMinutes: 60 }),
    });
    expect(noCrumb.status).toBe(403);
    for (const body of [{ afterMinutes: -1 }, { afterMinutes: 24 * 60 + 1 }, { afterMinutes: 1.5 }, {}, 'nope'])
      expect((await visitor.json('POST', DEV_PAYMENT_WINDOWS_PATH, body)).status).toBe(400);
    expect(await available(base, CANDLE.itemId)).toBe(0);
  });

  it('is a 404 in production', async () => {
    // A store mapped on the host, so that without the guard the call would reach it and succeed.
    const { base } = await storeOnHost('dev-windows-production.test');
    const visitor = await new Visitor(base, {
      vars: PRODUCTION_VARS,
      headers: { 'cf-connecting-ip': '198.19.30.1' },
    }).open('/');
    expect((await visitor.send('POST', DEV_PAYMENT_WINDOWS_PATH, { afterMinutes: 60 })).status).toBe(404);
    expect((await visitor.fetch(DEV_PAYMENT_WINDOWS_PATH)).status).toBe(404);
  });
});
