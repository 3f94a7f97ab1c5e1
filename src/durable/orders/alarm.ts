import { faultPoint } from '../../faults';
import { PLACEMENT_KEEP_MS, CHECKOUT_KEEP_MS } from './model';
import { scheduleAlarm, servedWebsite, type OrdersContext } from './context';
import { endPaymentWindows, retryDueCharges } from './payment';
import { finishInterrupted } from './placing';
import { renewDue } from './renewals';

export async function runAlarm(self: OrdersContext): Promise<void> {
  await faultPoint('alarm', 'CommerceOrders');
  const now = Date.now();
  try {
    self.sql.exec(
      'DELETE FROM placements WHERE created_at <= ? AND NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = placements.cart_id AND u.key = placements.key)',
      now - PLACEMENT_KEEP_MS,
    );
    self.sql.exec(
      "DELETE FROM checkouts WHERE updated_at <= ? AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = checkouts.cart_id AND o.status = 'pending')",
      now - CHECKOUT_KEEP_MS,
    );
    const websiteId = servedWebsite(self);
    if (websiteId !== null) {
      await finishInterrupted(self, websiteId, now);
      await endPaymentWindows(self, websiteId, now);
      await retryDueCharges(self, websiteId, now);
      await renewDue(self, websiteId, now);
    }
  } finally {
    // The emails go out and the next alarm is set even when a duty above failed (the alarm is still
    // retried): one order that cannot be settled must not hold back every email of the store.
    await self.outbox.deliver(now);
    await scheduleAlarm(self);
  }
}
