/**
 * Refunds and the end of an order: money back through the payment provider (the whole order, part of
 * it or chosen lines, src/commerce/refunds.ts), and closing an order (cancelled or refunded) with its
 * gift card credit, email and stock.
 */
import { ORDER_MESSAGES, type Order, type OrderRefund } from '../../commerce/order';
import { planRefund, refundsOf, unitsLeft, type RefundRequest } from '../../commerce/refunds';
import { refused, type Refused, type Result } from '../../result';
import { stockLedger } from '../stubs';
import { storePayments } from './payment-settings';
import { scheduleAlarm, type OrdersContext } from './context';
import { revokeDownloads } from './downloads';
import { queueOrderEmail, queueRefundEmail } from './emails';
import { creditGiftCard } from './gift-cards';
import { unitsOf } from './model';
import { followUp } from './placements';
import { orderById, writeOrder } from './records';

/** Why the merchant's action on an order was refused. */
export type OrderActionError =
  | 'not-found'
  | 'not-paid'
  | 'not-cancellable'
  | 'not-refundable'
  | 'refund-exceeds'
  | 'refund-failed';

/**
 * Refunds `amountCents` of what the card paid. Provider keys are unique in the provider account across
 * websites: one per order for its only refund (a retried refund never refunds twice), one per refund else.
 */
export async function refundPayment(
  self: OrdersContext,
  id: string,
  amountCents: number,
  providerKey: string,
): Promise<Refused<'refund-failed'> | null> {
  const paymentId = self.sql
    .exec<{ payment_id: string | null }>('SELECT payment_id FROM orders WHERE id = ?', id)
    .one().payment_id;
  if (paymentId === null || amountCents === 0) return null;
  const result = await (await storePayments(self)).refund(paymentId, amountCents, providerKey);
  return result.ok ? null : refused('refund-failed', `${ORDER_MESSAGES.refundFailed} ${result.message}`);
}

/** Units of every line not refunded yet: what closing a paid order puts back on sale. */
export function unitsNotRefunded(order: Order): { sku: string; quantity: number }[] {
  return order.entries
    .map((e, line) => ({ sku: e.sku, quantity: unitsLeft(order, line) }))
    .filter((l) => l.quantity > 0);
}

export async function close(
  self: OrdersContext,
  websiteId: string,
  id: string,
  closed: Order,
  restock: { sku: string; quantity: number }[],
  kind: 'cancelled' | 'refunded',
  now: number,
): Promise<Order> {
  // A sale a restart left unfinished is counted before it is restocked.
  await followUp(self, websiteId, id);
  const before = orderById(self, id);
  if (before === null || before.status === closed.status) return before ?? closed;
  creditGiftCard(self, id);
  writeOrder(self, id, closed);
  revokeDownloads(self, id, null, now);
  self.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
  self.sql.exec('DELETE FROM subscriptions WHERE order_id = ?', id);
  queueOrderEmail(self, closed, kind);
  const stock = stockLedger(self.env, websiteId);
  if (before.status === 'pending') await stock.release(unitsOf(id));
  else if (restock.length > 0)
    await stock.restock(restock, now, { kind: kind === 'refunded' ? 'refunded' : 'restocked', ref: `order:${id}` });
  await scheduleAlarm(self);
  return closed;
}

/**
 * Refunds a paid or fulfilled order: all that is left (no lines, no amount), or chosen lines and/or an
 * amount, never more than is left. `key` (the call's Idempotency-Key) names the refund: a replay answers
 * the order as it is. The refund that leaves nothing to refund makes the order refunded.
 */
export function refund(
  self: OrdersContext,
  websiteId: string,
  id: string,
  request: RefundRequest,
  key: string | null,
  now: number,
): Promise<Result<Order, OrderActionError>> {
  return self.actions.run(async () => {
    const order = orderById(self, id);
    if (order === null) return refused('not-found', ORDER_MESSAGES.notFound);
    if (key !== null && refundsOf(order).some((r) => r.id === key)) return { ok: true, value: order };
    if (order.status !== 'paid' && order.status !== 'fulfilled')
      return refused('not-refundable', ORDER_MESSAGES.notRefundable);
    const planned = planRefund(order, request);
    if (!planned.ok) return planned;
    const plan = planned.value;
    const count = refundsOf(order).length;
    const providerKey =
      key !== null
        ? `${websiteId}:refund:${id}:${key}`
        : count === 0 && plan.closes
          ? `${websiteId}:refund:${id}`
          : `${websiteId}:refund:${id}:${count + 1}`;
    const failed = await refundPayment(self, id, plan.amountCents, providerKey);
    if (failed !== null) return failed;
    // Read again: the order may have been fulfilled while the provider answered.
    const current = orderById(self, id) ?? order;
    const made: OrderRefund = {
      id: key ?? `refund-${count + 1}`,
      at: now,
      amountCents: plan.amountCents,
      giftCardCents: plan.giftCardCents,
      lines: plan.lines,
    };
    const updated: Order = { ...current, refunds: [...refundsOf(current), made] };
    const restock = plan.lines.filter((l) => l.restock).map((l) => ({ sku: l.sku, quantity: l.quantity }));
    if (plan.closes) {
      const closed: Order = { ...updated, status: 'refunded', refundedOn: now };
      return { ok: true, value: await close(self, websiteId, id, closed, restock, 'refunded', now) };
    }
    creditGiftCard(self, id, made.giftCardCents);
    writeOrder(self, id, updated);
    // A digital line refunded whole loses its download.
    const refundedLines = plan.lines.map((l) => l.line).filter((line) => unitsLeft(updated, line) === 0);
    revokeDownloads(self, id, refundedLines, now);
    queueRefundEmail(self, updated, made);
    if (restock.length > 0)
      await stockLedger(self.env, websiteId).restock(restock, now, { kind: 'refunded', ref: `order:${id}` });
    await scheduleAlarm(self);
    return { ok: true, value: updated };
  });
}
