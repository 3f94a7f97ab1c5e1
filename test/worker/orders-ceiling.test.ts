/**
 * The orders object's work per purchase (issue 34, docs/architecture.md "The orders object's ceiling"): what it no
 * longer does for each order, held here so it does not come back unseen. The statements a purchase makes are counted
 * in round-trips.test.ts.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_AFTER_MS } from '../../src/durable/orders/model';
import { fillCheckout, orders, placeOrder, shopper, startCheckout, storeOnHost } from './checkout-support';

/** A digital product: its order has no follow-up, whose own moment would set the alarm as this change does. */
const EBOOK = { itemId: 'p-recipe-ebook', quantity: 1 };

describe("the orders object's work per purchase", () => {
  it("a paid order sets the alarm by its follow-up's moment, not at once; its confirmation is still sent at once", {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('orders-ceiling-alarm.test');
    const visitor = await shopper(base, [EBOOK]);
    expect((await startCheckout(visitor)).status).toBe(200);
    await fillCheckout(visitor);
    const before = Date.now();
    expect((await placeOrder(visitor)).status).toBe(201);
    const after = Date.now();
    const alarm = await runInDurableObject(orders(websiteId), (_instance, state) => state.storage.getAlarm());
    // At once, the alarm ran after every paid order of a sale, a dozen statements each. Read before it is due (else,
    // having run, it is set by the next row's moment, hours away): on a machine too loaded for that, nothing is read.
    if (Date.now() < before + FOLLOW_UP_AFTER_MS) {
      expect(alarm).not.toBeNull();
      expect(alarm ?? 0).toBeGreaterThanOrEqual(before + FOLLOW_UP_AFTER_MS);
      expect(alarm ?? 0).toBeLessThanOrEqual(after + FOLLOW_UP_AFTER_MS);
    } else console.warn('orders-ceiling: the placement took longer than the follow-up moment; the alarm not checked');
    await expect
      .poll(async () => (await orders(websiteId).mailbox()).map((m) => m.subject), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/confirmed/)]);
  });
});
