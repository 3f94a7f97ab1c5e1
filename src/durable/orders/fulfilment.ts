import { ORDER_MESSAGES, type Order } from '../../commerce/order';
import { scheduleAlarm, type OrdersContext } from './context';
import { queueOrderEmail } from './emails';
import { orderById, writeOrder } from './records';
import { close, refundPayment } from './refunds';

export async function fulfill(
  self: OrdersContext,
  id: string,
  trackingNumber: string,
  carrier: string | null,
  now = Date.now(),
): Promise<Order | { status: 404 | 409; error: string }> {
  const order = orderById(self, id);
  if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
  if (order.status !== 'paid') return { status: 409, error: ORDER_MESSAGES.notPaid };
  const fulfilled: Order = {
    ...order,
    status: 'fulfilled',
    fulfilledOn: now,
    fulfillment: { trackingNumber, carrier },
  };
  writeOrder(self, id, fulfilled);
  queueOrderEmail(self, fulfilled, 'fulfilled');
  await scheduleAlarm(self);
  return fulfilled;
}

/** Cancels a pending or paid order: a paid one is refunded and restocked, a pending one releases its stock. */
export async function cancel(
  self: OrdersContext,
  websiteId: string,
  id: string,
  now = Date.now(),
): Promise<Order | { status: 404 | 409 | 502; error: string }> {
  const order = orderById(self, id);
  if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
  if (order.status !== 'pending' && order.status !== 'paid')
    return { status: 409, error: ORDER_MESSAGES.notCancellable };
  if (order.status === 'paid') {
    const refunded = await refundPayment(self, websiteId, id, order);
    if (refunded !== null) return refunded;
  }
  return close(
    self,
    websiteId,
    id,
    { ...order, status: 'cancelled', cancelledOn: now },
    order.status === 'paid',
    'cancelled',
    now,
  );
}

export async function refund(
  self: OrdersContext,
  websiteId: string,
  id: string,
  restock: boolean,
  now = Date.now(),
): Promise<Order | { status: 404 | 409 | 502; error: string }> {
  const order = orderById(self, id);
  if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
  if (order.status !== 'paid' && order.status !== 'fulfilled')
    return { status: 409, error: ORDER_MESSAGES.notRefundable };
  const refunded = await refundPayment(self, websiteId, id, order);
  if (refunded !== null) return refunded;
  return close(self, websiteId, id, { ...order, status: 'refunded', refundedOn: now }, restock, 'refunded', now);
}
