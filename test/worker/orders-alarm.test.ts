/**
 * The orders object's outbox beside its alarm (src/durable/orders/alarm.ts, email-outbox.ts). A run of the alarm that
 * fails (cut off, or thrown at its start) is retried by the runtime after 2, 4, 8, 16, 32 s…, and setting the alarm
 * again does not bring that retry forward: every email the object queues is sent as it is queued, not at the retry.
 * A duty of the alarm that throws every time waits out a back-off of its own instead of running the alarm again at once.
 * The emails' tests fail every run of the alarm, so an email that arrives can only have been sent as it was queued
 * (waiting for the fourth or fifth failure, as they did before, proved the same in 14 or 30 s of the runtime's back-off).
 */
import { runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaults, injectedFaults, injectFaults } from '../../src/faults';
import { orders, placeOrder, readyToPay, storeOnHost } from './checkout-support';

afterEach(() => clearFaults());

const email = (subject: string) => ({ cc: [], bcc: [], subject, body: 'Hello.', sendId: `send-${subject}` });

describe('the orders alarm and its outbox', () => {
  // First: it counts the runs of every orders object's alarm, and the tests after it leave failed runs to be retried.
  it('runs a duty that throws every time with a back-off, not again at once, and still sends the emails', {
    timeout: 120_000,
  }, async () => {
    const { websiteId } = await storeOnHost('alarm-duty-throws.example');
    const store = orders(websiteId);
    // Each run of the alarm passes its fault point: a `slow` fault of no delay only counts the runs.
    injectFaults([{ target: 'alarm', mode: 'slow', name: 'CommerceOrders', delayMs: 0 }]);
    // A journaled placement whose data cannot be read: finishing it throws on every run, and its row is always due.
    await runInDurableObject(store, async (_instance, state) => {
      state.storage.sql.exec('INSERT INTO website (id, website_id) VALUES (1, ?)', websiteId);
      state.storage.sql.exec(
        "INSERT INTO placing (cart_id, key, order_id, data, created_at) VALUES ('cart-unreadable', 'key-1', 'order-unreadable', 'not json', 0)",
      );
      await state.storage.setAlarm(Date.now());
    });
    await expect.poll(() => injectedFaults()['alarm:slow'] ?? 0, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    const firstRun = Date.now();
    expect(await store.emailCustomer('ada@example.com', email('Meanwhile'))).toEqual({
      ok: true,
      value: { queued: true },
    });
    await expect
      .poll(async () => (await store.mailbox()).map((m) => m.subject), { timeout: 10_000, interval: 250 })
      .toEqual(['Meanwhile']);
    // The duty is tried again 2, then 4 s later (a request may bring one run forward, skipping the duty meanwhile).
    await expect
      .poll(() => injectedFaults()['alarm:slow'] ?? 0, { timeout: 120_000, interval: 50 })
      .toBeGreaterThanOrEqual(4);
    expect(Date.now() - firstRun).toBeGreaterThan(4_000);
  });

  it('sends the merchant’s email at once while a failed run waits for the runtime’s retry', async () => {
    const { websiteId } = await storeOnHost('alarm-retried.example');
    const store = orders(websiteId);
    injectFaults([{ target: 'alarm', mode: 'fail', name: 'CommerceOrders' }]);
    expect(await store.emailCustomer('ada@example.com', email('First'))).toEqual({ ok: true, value: { queued: true } });
    // A run failed: the runtime retries it later, and fails it again.
    await expect.poll(() => injectedFaults()['alarm:fail'] ?? 0, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    expect(await store.emailCustomer('ada@example.com', email('Second'))).toEqual({
      ok: true,
      value: { queued: true },
    });
    await expect
      .poll(async () => (await store.mailbox()).map((m) => m.subject), { timeout: 10_000, interval: 250 })
      .toEqual(['First', 'Second']);
  });

  it('sends an order’s confirmation at once while a failed run waits for the runtime’s retry', async () => {
    const { websiteId, visitor } = await readyToPay('alarm-retried-order.example');
    const store = orders(websiteId);
    injectFaults([{ target: 'alarm', mode: 'fail', name: 'CommerceOrders' }]);
    expect(await store.emailCustomer('ada@example.com', email('First'))).toEqual({ ok: true, value: { queued: true } });
    await expect.poll(() => injectedFaults()['alarm:fail'] ?? 0, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    const placed = await placeOrder(visitor);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await expect
      .poll(async () => (await store.mailbox()).some((m) => m.subject.endsWith('confirmed')), {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(true);
  });
});
