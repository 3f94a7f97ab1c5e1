/**
 * A purchase with a card that needs authentication, through the whole worker: checkout answers
 * 201 pending with the local authentication page, the shopper completes it there, the local
 * provider reports through the signed payment webhook, and the order is paid. A later, contrary
 * or repeated delivery for the same payment changes nothing.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { localPaymentLedger } from '../../src/durable/stubs';
import type { ShoppingCart } from '../../src/commerce/cart';
import type { Order } from '../../src/commerce/order';
import { localWebhookEvent } from '../../src/integrations/payment-events';
import { signatureHeader } from '../../src/integrations/webhook-signature';
import { AUTHENTICATION_CANCELLED } from '../../src/routes/pages/local-payments';
import { available, CANDLE, CARD, paymentLedger, placeOrder, readyToPay, startCheckout } from './checkout-support';
import type { Visitor } from './visitor';

async function orderOf(visitor: Visitor, order: Order): Promise<Order> {
  const token = new URL(order.confirmationUrl ?? '', 'http://x').searchParams.get('token');
  return (await visitor.json<{ order: Order }>('GET', `/api/commerce/orders/${order.id}?token=${token}`)).body.order;
}

describe('paying with a card that needs authentication (local provider)', () => {
  it('the order is paid once the shopper completes the local authentication page, whatever arrives later', async () => {
    const { base, websiteId, visitor } = await readyToPay('payment-flow.test', 3);
    const placed = await placeOrder(visitor, CARD.action);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'pending', payment: { status: 'requires_action' } });
    const actionUrl = placed.body.order.payment.nextActionUrl ?? '';

    const page = await visitor.fetch(actionUrl);
    expect(page.status).toBe(200);
    const bankPage = await page.text();
    expect(bankPage).toContain('Complete authentication');
    // Leaving without an answer goes back to the checkout, which gives the attempt up.
    expect(bankPage).toContain(`<a href="${base}/checkout">Cancel and return to the store</a>`);
    const done = await visitor.fetch(actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: visitor.crumb, answer: 'complete' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${base}/checkout?payment=returned`);
    const paid = await orderOf(visitor, placed.body.order);
    expect(paid).toMatchObject({ status: 'paid', paidOn: expect.any(Number) });

    // A contrary event for the same payment, arriving late and signed genuinely, changes nothing.
    const paymentId = decodeURIComponent(actionUrl.split('/').pop() ?? '');
    const late = JSON.stringify(
      localWebhookEvent({ id: paymentId, succeeded: false, settledAt: Date.now(), metadata: { websiteId } }),
    );
    const signature = await signatureHeader(
      await localPaymentLedger(env).webhookSecret(),
      late,
      Math.floor(Date.now() / 1000),
    );
    const res = await visitor.fetch('/api/commerce/payments/webhook/local', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: late,
    });
    expect(res.status).toBe(200);
    expect(await orderOf(visitor, placed.body.order)).toEqual(paid);
    // The shopper answering the page again re-sends the first event: still the same order.
    await visitor.fetch(actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: visitor.crumb, answer: 'fail' }),
      redirect: 'manual',
    });
    expect(await orderOf(visitor, placed.body.order)).toEqual(paid);
  });

  it('failing the authentication cancels the pending order and gives the shopper their cart back, with their details, to pay again', async () => {
    const { visitor, cartId } = await readyToPay('payment-flow-fail.test', 3);
    const placed = await placeOrder(visitor, CARD.action);
    expect(placed.body.order.status).toBe('pending');
    expect(visitor.cookies.get('CART')).toBe(cartId);
    // While the payment is pending the cart is the order's: it takes no changes.
    expect((await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart')).body).toMatchObject({
      isPurchased: true,
      orderId: placed.body.order.id,
    });
    const actionUrl = placed.body.order.payment.nextActionUrl ?? '';
    await visitor.fetch(actionUrl);
    const done = await visitor.fetch(actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: visitor.crumb, answer: 'fail' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(await orderOf(visitor, placed.body.order)).toMatchObject({ status: 'cancelled' });

    expect(visitor.cookies.get('CART')).toBe(cartId);
    expect((await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart')).body).toMatchObject({
      isPurchased: false,
      orderId: null,
      entries: [{ itemId: CANDLE.itemId, quantity: 1 }],
    });
    const again = await startCheckout(visitor);
    expect(again.status).toBe(200);
    expect(again.body.checkout).toMatchObject({
      email: 'ada@example.com',
      shippingAddress: { address1: '1 Main St' },
      selectedShippingOption: expect.any(String),
    });
    const paid = await placeOrder(visitor);
    expect(paid.body.order).toMatchObject({ status: 'paid' });
    expect(paid.body.order.id).not.toBe(placed.body.order.id);
    expect(visitor.cookies.get('CART')).toBe('');
  });

  it('completing the authentication drops the cart cookie once the buyer sees the paid order', async () => {
    const { visitor } = await readyToPay('payment-flow-cookie.test', 3);
    const placed = await placeOrder(visitor, CARD.action);
    const actionUrl = placed.body.order.payment.nextActionUrl ?? '';
    expect(await orderOf(visitor, placed.body.order)).toMatchObject({ status: 'pending' });
    expect(visitor.cookies.get('CART')).not.toBe('');
    await visitor.fetch(actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: visitor.crumb, answer: 'complete' }),
      redirect: 'manual',
    });
    expect(await orderOf(visitor, placed.body.order)).toMatchObject({ status: 'paid' });
    expect(visitor.cookies.get('CART')).toBe('');
  });

  it('going back to the checkout from the authentication page gives the cart back at once: the attempt is cancelled at the store and at the provider, its unit on sale again', async () => {
    const { base, visitor, cartId } = await readyToPay('payment-flow-back.test', 1);
    const placed = await placeOrder(visitor, CARD.action);
    expect(placed.body.order).toMatchObject({ status: 'pending', payment: { status: 'requires_action' } });
    expect(await available(base)).toBe(0);
    // The browser's back button: /checkout starts the checkout again without the page's answer.
    const back = await startCheckout(visitor);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.checkout).toMatchObject({
      cartId,
      email: 'ada@example.com',
      shippingAddress: { address1: '1 Main St' },
      entries: [{ itemId: CANDLE.itemId, quantity: 1 }],
    });
    expect(await orderOf(visitor, placed.body.order)).toMatchObject({ status: 'cancelled', paidOn: null });
    expect(await available(base)).toBe(1);
    // Answered after all in the tab left behind: the payment was cancelled, so nothing is taken.
    const actionUrl = placed.body.order.payment.nextActionUrl ?? '';
    const late = await visitor.fetch(actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: visitor.crumb, answer: 'complete' }),
      redirect: 'manual',
    });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(AUTHENTICATION_CANCELLED);
    const paymentId = decodeURIComponent(actionUrl.split('/').pop() ?? '');
    expect(await paymentLedger().payment(paymentId)).toMatchObject({ status: 'canceled', refundedCents: 0 });
    expect(await orderOf(visitor, placed.body.order)).toMatchObject({ status: 'cancelled', paidOn: null });
    // The shopper pays again with another card, from the same cart.
    const paid = await placeOrder(visitor);
    expect(paid.body.order).toMatchObject({ status: 'paid' });
  });
});
