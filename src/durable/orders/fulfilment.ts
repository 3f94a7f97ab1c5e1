import { ORDER_MESSAGES, type Order } from '../../commerce/order';
import { cardRefundableCents, refundsOf } from '../../commerce/refunds';
import { refused, type Result } from '../../result';
import { scheduleAlarm, type OrdersContext } from './context';
import { queueOrderEmail } from './emails';
import { orderById, writeOrder } from './records';
import { close, refundPayment, unitsNotRefunded, type OrderActionError } from './refunds';

export type { OrderActionError } from './refunds';

export async function fulfill(
  self: OrdersContext,
  id: string,
  trackingNumber: string,
  carrier: string | null,
  now = Date.now(),
): Promise<Result<Order, OrderActionError>> {
  const order = orderById(self, id);
  if (order === null) return refused('not-found', ORDER_MESSAGES.notFound);
  if (order.status !== 'paid') return refused('not-paid', ORDER_MESSAGES.notPaid);
  const fulfilled: Order = {
    ...order,
    status: 'fulfilled',
    fulfilledOn: now,
    fulfillment: { trackingNumber, carrier },
  };
  writeOrder(self, id, fulfilled);
  queueOrderEmail(self, fulfilled, 'fulfilled');
  await scheduleAlarm(self);
  return { ok: true, value: fulfilled };
}

/**
 * Cancels a pending or paid order: a paid one gets back what is left of its payment and the units not
 * refunded yet go back on sale; a pending one releases its stock. One at a time with refunds.
 */
export function cancel(
  self: OrdersContext,
  websiteId: string,
  id: string,
  now = Date.now(),
): Promise<Result<Order, OrderActionError>> {
  return self.actions.run(async () => {
    const order = orderById(self, id);
    if (order === null) return refused('not-found', ORDER_MESSAGES.notFound);
    if (order.status !== 'pending' && order.status !== 'paid')
      return refused('not-cancellable', ORDER_MESSAGES.notCancellable);
    if (order.status === 'paid') {
      const key = refundsOf(order).length === 0 ? `${websiteId}:refund:${id}` : `${websiteId}:refund:${id}:cancel`;
      const refunded = await refundPayment(self, id, cardRefundableCents(order), key);
      if (refunded !== null) return refunded;
    }
    const closed: Order = { ...order, status: 'cancelled', cancelledOn: now };
    const restock = order.status === 'paid' ? unitsNotRefunded(order) : [];
    return { ok: true, value: await close(self, websiteId, id, closed, restock, 'cancelled', now) };
  });
}
