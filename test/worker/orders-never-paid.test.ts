/**
 * A payment given up at 3-D Secure is no order for the merchant (issue 33, as Shopify: abandoned
 * checkouts are not orders): the console's orders list, its search, its status filter, the CSV export
 * and the customers' counts leave out attempts that were never paid (cancelled unpaid, or still
 * waiting), and the abandoned checkouts list the given-up one with its email.
 */
import { describe, expect, it } from 'vitest';
import type { AbandonedCheckout, CustomerSummary, OrderPage } from '../../src/api';
import { CARD, fillCheckout, merchant, orders, placeOrder, readyToPay, shopperAtPayment } from './checkout-support';

const WINDOW_MS = 10 * 60_000;

describe('never-paid attempts in the console', () => {
  it('lists, searches, counts and exports paid orders only; the given-up checkout is abandoned', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId, visitor } = await readyToPay('orders-never-paid.test', 5);
    const store = orders(websiteId);
    await fillCheckout(visitor, { email: 'gave-up@example.com' });
    const givenUp = await placeOrder(visitor, CARD.action);
    expect(givenUp.body.order).toMatchObject({ status: 'pending', orderNumber: null });
    expect(await store.endPaymentWindows(websiteId, Date.now() + WINDOW_MS + 1000)).toBe(1);
    const { visitor: waiting } = await shopperAtPayment(base);
    await fillCheckout(waiting, { email: 'waiting@example.com' });
    expect((await placeOrder(waiting, CARD.action)).body.order.status).toBe('pending');
    const { visitor: buyer } = await shopperAtPayment(base);
    await fillCheckout(buyer, { email: 'paid@example.com' });
    const paid = (await placeOrder(buyer)).body.order;
    expect(paid.status).toBe('paid');

    const console = await merchant(base, websiteId);
    const listed = async (query: string) =>
      (await console.json<OrderPage>('GET', `/api/console/orders${query}`)).body.orders.map((o) => o.email);
    expect(await listed('')).toEqual(['paid@example.com']);
    expect(await listed('?q=gave-up')).toEqual([]);
    expect(await listed('?status=cancelled')).toEqual([]);
    expect(await listed('?status=pending')).toEqual([]);
    const csv = await (await console.fetch('/api/commerce/orders.csv')).text();
    expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(2);
    expect(csv).toContain('paid@example.com');
    expect(csv).not.toContain('gave-up@example.com');

    const customers = (await console.json<{ customers: CustomerSummary[] }>('GET', '/api/console/customers')).body
      .customers;
    expect(customers.map((c) => [c.email, c.orders])).toEqual([['paid@example.com', 1]]);

    const abandoned = (
      await console.json<{ checkouts: AbandonedCheckout[] }>('GET', '/api/console/abandoned-checkouts')
    ).body.checkouts;
    expect(abandoned.map((c) => c.email)).toEqual(
      expect.arrayContaining(['gave-up@example.com', 'waiting@example.com']),
    );
    expect(abandoned.map((c) => c.email)).not.toContain('paid@example.com');
  });
});
