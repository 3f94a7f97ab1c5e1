import { ORDER_MESSAGES, type Order } from '../../commerce/order';
import { refused, type Refused } from '../result';
import { stockLedger, paymentsOf } from '../stubs';
import { scheduleAlarm, type OrdersContext } from './context';
import { queueOrderEmail } from './emails';
import { creditGiftCard } from './gift-cards';
import { followUp } from './placements';
import { orderById, writeOrder } from './records';

/** Refunds what the card paid; the key is unique in the provider account across websites, and one per order (a retried refund never refunds twice). */
export async function refundPayment(
  self: OrdersContext,
  websiteId: string,
  id: string,
  order: Order,
): Promise<Refused<'refund-failed'> | null> {
  const paymentId = self.sql
    .exec<{ payment_id: string | null }>('SELECT payment_id FROM orders WHERE id = ?', id)
    .one().payment_id;
  if (paymentId === null || order.amountChargedCents === 0) return null;
  const result = await paymentsOf(self.env).refund(paymentId, order.amountChargedCents, `${websiteId}:refund:${id}`);
  return result.ok ? null : refused('refund-failed', `${ORDER_MESSAGES.refundFailed} ${result.message}`);
}

export async function close(
  self: OrdersContext,
  websiteId: string,
  id: string,
  closed: Order,
  restock: boolean,
  kind: 'cancelled' | 'refunded',
  now: number,
): Promise<Order> {
  // A sale a restart left unfinished is counted before it is restocked.
  await followUp(self, websiteId, id);
  const before = orderById(self, id);
  if (before === null || before.status === closed.status) return before ?? closed;
  creditGiftCard(self, id);
  writeOrder(self, id, closed);
  self.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
  self.sql.exec('DELETE FROM subscriptions WHERE order_id = ?', id);
  queueOrderEmail(self, closed, kind);
  const stock = stockLedger(self.env, websiteId);
  if (before.status === 'pending') await stock.release(`order:${id}`);
  else if (restock)
    await stock.restock(
      closed.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })),
      now,
      { kind: kind === 'refunded' ? 'refunded' : 'restocked', ref: `order:${id}` },
    );
  await scheduleAlarm(self);
  return closed;
}
