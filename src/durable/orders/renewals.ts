import { orderLabel, type Order } from '../../commerce/order';
import { hasNextCycle, nextBillingTime } from '../../commerce/subscriptions';
import { stockLedger } from '../stubs';
import { storePayments } from './payment-settings';
import { newOrderId, RENEWAL_UNKNOWN_RETRY_MS, type SubscriptionRow, type OrderPrivate } from './model';
import { scheduleAlarm, type OrdersContext } from './context';
import { orderEmailText, queueOrderEmail } from './emails';
import { nextOrderNumber, nextPosition, orderRow, toOrder } from './records';

// ---- subscriptions ----

/** Places every subscription order due at `now` (the alarm; tests pass a fake clock). */
export async function renewDue(
  self: OrdersContext,
  websiteId: string,
  now = Date.now(),
): Promise<{ placed: number; failed: number }> {
  const due = self.sql
    .exec<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE next_at IS NOT NULL AND next_at <= ? AND paused_at IS NULL ORDER BY next_at LIMIT 20',
      now,
    )
    .toArray();
  // Taken off the schedule before anything is awaited, so a second run never bills a cycle again.
  for (const sub of due) self.sql.exec('UPDATE subscriptions SET next_at = NULL WHERE id = ?', sub.id);
  let placed = 0;
  let failed = 0;
  for (const sub of due) {
    const first = JSON.parse(sub.data) as Order & OrderPrivate;
    const cycle = sub.cycle + 1;
    const sold = await stockLedger(self.env, websiteId).sellNow(first.lines, now);
    const customerId = first.charge?.customerId;
    // Charged without the shopper, from the card saved at the first order, once per cycle (the key).
    const charged = !sold.ok
      ? null
      : await (await storePayments(self)).charge({
          amountCents: first.grandTotalCents,
          currency: first.currencyCode,
          token: sub.token,
          idempotencyKey: `${websiteId}:${sub.id}:${cycle}`,
          description: `Subscription order ${cycle} of ${first.id}`,
          metadata: { websiteId, subscriptionId: sub.id },
          offSession: 'renewal',
          ...(customerId === undefined ? {} : { customerId }),
        });
    if (charged !== null && charged.status === 'unknown') {
      // Asked again later for the same cycle with the same key: the provider replays a charge it made.
      await stockLedger(self.env, websiteId).restock(first.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })));
      self.sql.exec(
        'UPDATE subscriptions SET next_at = ? WHERE id = ? AND cancelled_at IS NULL',
        now + RENEWAL_UNKNOWN_RETRY_MS,
        sub.id,
      );
      continue;
    }
    // Off-session, a card that asks for authentication has no shopper to answer it: not renewed.
    if (charged === null || charged.status === 'declined' || charged.status === 'requires_action') {
      failed++;
      if (charged !== null)
        await stockLedger(self.env, websiteId).restock(
          first.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })),
        );
      if (charged !== null && charged.status !== 'declined')
        console.error(`Subscription ${sub.id} cycle ${cycle}: the card asked for authentication off-session`);
      const text = orderEmailText(first);
      self.outbox.queue(
        {
          to: first.email,
          subject: text.say('subscription.renewalFailedSubject'),
          lang: text.lang,
          text: `${text.say('subscription.renewalFailed', { order: orderLabel(first) })}\n`,
        },
        `subscription-failed:${sub.id}:${cycle}`,
      );
      continue;
    }
    const id = newOrderId();
    const position = nextPosition(self);
    const number = nextOrderNumber(self);
    const plan = first.subscription;
    const nextAt = plan !== null && hasNextCycle(plan, cycle) ? nextBillingTime(now, plan.billingPeriod) : null;
    // The buyer's token of the first order opens every order of the subscription.
    const tokenHash = orderRow(self, sub.order_id)?.token_hash ?? '';
    const order: Order = {
      ...toOrder(sub.data),
      id,
      orderNumber: number,
      status: 'paid',
      createdOn: now,
      paidOn: now,
      fulfilledOn: null,
      cancelledOn: null,
      refundedOn: null,
      giftCardCents: 0,
      giftCard: null,
      amountChargedCents: first.grandTotalCents,
      coupons: [],
      fulfillment: null,
      payment: { provider: (await storePayments(self)).name, status: charged.status, nextActionUrl: null },
      subscription: plan === null ? null : { ...plan, cycle, nextBillingOn: nextAt },
    };
    self.sql.exec(
      'INSERT INTO orders (id, number, order_number, status, cart_id, payment_id, discount_code, token_hash, created_at, data) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)',
      id,
      position,
      number,
      'paid',
      '',
      charged.paymentId,
      tokenHash,
      now,
      JSON.stringify(order),
    );
    // Cancelled while this cycle was being charged: the charge stands, nothing more is scheduled.
    self.sql.exec(
      'UPDATE subscriptions SET cycle = ?, next_at = CASE WHEN cancelled_at IS NULL THEN ? END WHERE id = ?',
      cycle,
      nextAt,
      sub.id,
    );
    queueOrderEmail(self, order, 'confirmed');
    placed++;
  }
  await scheduleAlarm(self);
  return { placed, failed };
}
