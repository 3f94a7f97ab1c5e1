import { faultPoint } from '../../faults';
import { PLACEMENT_KEEP_MS, CHECKOUT_KEEP_MS } from './model';
import { deleteCheckoutsWhere } from './checkout';
import { scheduleAlarm, servedWebsite, type OrdersContext } from './context';
import { endPaymentWindows, retryDueCharges } from './payment';
import { finishInterrupted } from './placing';
import { renewDue } from './renewals';

/** A duty that threw is left alone for 2 s, doubling up to a minute, until it succeeds again. */
const DUTY_RETRY_BASE_MS = 2_000;
const DUTY_RETRY_MAX_MS = 60_000;

/**
 * Runs each duty that is not waiting out its back-off, then the outbox, then sets the next alarm. A duty that throws is
 * logged and does not stop the others; the alarm run itself succeeds, so neither the runtime's retry nor an alarm set
 * to the failing duty's row (already due: it would run again at once, over and over) decides when it runs again.
 */
export async function runAlarm(self: OrdersContext): Promise<void> {
  await faultPoint('alarm', 'CommerceOrders');
  const now = Date.now();
  const failing = self.failingDuties;
  const duty = async (name: string, work: () => unknown): Promise<void> => {
    const failed = failing.get(name);
    if (failed !== undefined && failed.until > now) return;
    try {
      await work();
      failing.delete(name);
    } catch (error) {
      const failures = (failed?.failures ?? 0) + 1;
      const until = Date.now() + Math.min(DUTY_RETRY_MAX_MS, DUTY_RETRY_BASE_MS * 2 ** (failures - 1));
      failing.set(name, { failures, until });
      console.error(
        `orders alarm: ${name} failed (${failures} in a row), next tried at ${new Date(until).toISOString()}`,
        error,
      );
    }
  };
  await duty('cleanup', () => {
    self.sql.exec(
      'DELETE FROM placements WHERE created_at <= ? AND NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = placements.cart_id AND u.key = placements.key)',
      now - PLACEMENT_KEEP_MS,
    );
    deleteCheckoutsWhere(
      self,
      "updated_at <= ? AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = checkouts.cart_id AND o.status = 'pending')",
      now - CHECKOUT_KEEP_MS,
    );
  });
  const websiteId = servedWebsite(self);
  if (websiteId !== null) {
    await duty('finishInterrupted', () => finishInterrupted(self, websiteId, now));
    await duty('endPaymentWindows', () => endPaymentWindows(self, websiteId, now));
    await duty('retryDueCharges', () => retryDueCharges(self, websiteId, now));
    await duty('renewDue', () => renewDue(self, websiteId, now));
  }
  await self.outbox.deliver(now);
  await scheduleAlarm(self);
}
