/**
 * The orders object's outbox beside its alarm (src/durable/orders/alarm.ts, customer-emails.ts). A run of the alarm
 * that fails before its outbox's delivery (cut off, or thrown before its `finally`) is retried by the runtime after 2,
 * 4, 8, 16, 32 s…, and setting the alarm again does not bring that retry forward: the merchant's email to a customer
 * is sent as it is queued, not at the retry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaults, injectedFaults, injectFaults } from '../../src/faults';
import { orders, storeOnHost } from './checkout-support';

afterEach(() => clearFaults());

const email = (subject: string) => ({ cc: [], bcc: [], subject, body: 'Hello.', sendId: `send-${subject}` });

describe('the orders alarm and its outbox', () => {
  it('sends the merchant’s email at once while a failed run waits for the runtime’s retry', {
    timeout: 120_000,
  }, async () => {
    const { websiteId } = await storeOnHost('alarm-retried.example');
    const store = orders(websiteId);
    injectFaults([{ target: 'alarm', mode: 'fail', name: 'CommerceOrders', times: 4 }]);
    expect(await store.emailCustomer('ada@example.com', email('First'))).toEqual({ ok: true, queued: true });
    // The fourth run failed: the runtime's next retry is 16 s away.
    await expect.poll(() => injectedFaults()['alarm:fail'] ?? 0, { timeout: 60_000, interval: 100 }).toBe(4);
    expect(await store.emailCustomer('ada@example.com', email('Second'))).toEqual({ ok: true, queued: true });
    await expect
      .poll(async () => (await store.mailbox()).map((m) => m.subject), { timeout: 10_000, interval: 250 })
      .toEqual(['First', 'Second']);
  });
});
