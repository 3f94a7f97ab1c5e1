/**
 * An order number is given when the order is paid, as Shopify does (issue 32, point 1): an attempt
 * waiting for 3-D Secure has none, so one that fails, is left or times out uses up no number and is
 * never called an order placed (no 'received' email; its lapse emails that no order was placed), and
 * the shopper's order history does not list it. An attempt that is completed gets the next number then.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { UNPAID_CANCELLED } from '../../src/durable/orders/emails';
import { CARD, orders, paymentLedger, placeOrder, readyToPay, shopperAtPayment } from './checkout-support';

const WINDOW_MS = 10 * 60_000;
const paymentIdOf = (url: string | null) => decodeURIComponent(url?.split('/').pop() ?? '');

describe('order numbers are given at payment', () => {
  it('an attempt waiting for authentication has none, a lapsed one uses none up, a completed one gets the next', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId, visitor } = await readyToPay('order-numbers.test', 5);
    const store = orders(websiteId);

    const waiting = await placeOrder(visitor, CARD.action);
    expect(waiting.body.order).toMatchObject({ status: 'pending', orderNumber: null });
    // Left waiting until its window ends: cancelled, with no number and no order wording.
    expect(await store.endPaymentWindows(websiteId, Date.now() + WINDOW_MS + 1000)).toBe(1);
    expect(await store.order(waiting.body.order.id)).toMatchObject({ status: 'cancelled', orderNumber: null });

    // The next paid order is the store's first number.
    const { visitor: other } = await shopperAtPayment(base);
    const paid = await placeOrder(other);
    expect(paid.body.order).toMatchObject({ status: 'paid', orderNumber: 1001 });

    // The first shopper tries again and completes 3-D Secure: numbered when the payment goes through.
    const again = await placeOrder(visitor, CARD.action);
    expect(again.body.order.orderNumber).toBeNull();
    const paymentId = paymentIdOf(again.body.order.payment.nextActionUrl);
    expect(await paymentLedger().authenticate(paymentId, true)).toMatchObject({ status: 'succeeded' });
    expect(await store.paymentSettled(websiteId, paymentId, 'succeeded')).toMatchObject({
      status: 'paid',
      orderNumber: 1002,
    });
    const list = (await store.orders(null, null, 10)) as { orders: Order[] };
    // The merchant's list has the paid orders only: the lapsed attempt is no order (test/worker/orders-never-paid.test.ts).
    expect(list.orders.map((o) => [o.status, o.orderNumber])).toEqual([
      ['paid', 1002],
      ['paid', 1001],
    ]);

    await store.deliverEmail();
    const subjects = (await store.mailbox()).map((m) => m.subject);
    expect(subjects.filter((s) => /received/i.test(s))).toEqual([]);
    expect(subjects).toEqual(
      expect.arrayContaining([UNPAID_CANCELLED, 'Order #1001 confirmed', 'Order #1002 confirmed']),
    );
    expect(subjects.filter((s) => s.includes('#null'))).toEqual([]);
  });

  it("the shopper's order history leaves out an attempt that was never paid", { timeout: 60_000 }, async () => {
    const { websiteId, visitor } = await readyToPay('order-numbers-history.test', 5);
    const store = orders(websiteId);
    const failed = await placeOrder(visitor, CARD.action);
    expect(await store.endPaymentWindows(websiteId, Date.now() + WINDOW_MS + 1000)).toBe(1);
    const paid = await placeOrder(visitor);
    expect(paid.body.order.status).toBe('paid');
    const history = (await store.customerOrders('ada@example.com', [failed.body.order.id])) as Order[];
    expect(history.map((o) => o.id)).toEqual([paid.body.order.id]);
  });
});
