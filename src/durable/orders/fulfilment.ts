import { ORDER_MESSAGES, type Order } from '../../commerce/order';
import { refused, type Result } from '../result';
import { scheduleAlarm, type OrdersContext } from './context';
import { queueOrderEmail } from './emails';
import { orderById, writeOrder } from './records';
import { close, refundPayment } from './refunds';

/** Why the merchant's action on an order was refused. */
export type OrderActionError = 'not-found' | 'not-paid' | 'not-cancellable' | 'not-refundable' | 'refund-failed';

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

/** Cancels a pending or paid order: a paid one is refunded and restocked, a pending one releases its stock. */
export async function cancel(
  self: OrdersContext,
  websiteId: string,
  id: string,
  now = Date.now(),
): Promise<Result<Order, OrderActionError>> {
  const order = orderById(self, id);
  if (order === null) return refused('not-found', ORDER_MESSAGES.notFound);
  if (order.status !== 'pending' && order.status !== 'paid')
    return refused('not-cancellable', ORDER_MESSAGES.notCancellable);
  if (order.status === 'paid') {
    const refunded = await refundPayment(self, websiteId, id, order);
    if (refunded !== null) return refunded;
  }
  const closed: Order = { ...order, status: 'cancelled', cancelledOn: now };
  return { ok: true, value: await close(self, websiteId, id, closed, order.status === 'paid', 'cancelled', now) };
}

export async function refund(
  self: OrdersContext,
  websiteId: string,
  id: string,
  restock: boolean,
  now = Date.now(),
): Promise<Result<Order, OrderActionError>> {
  const order = orderById(self, id);
  if (order === null) return refused('not-found', ORDER_MESSAGES.notFound);
  if (order.status !== 'paid' && order.status !== 'fulfilled')
    return refused('not-refundable', ORDER_MESSAGES.notRefundable);
  const refunded = await refundPayment(self, websiteId, id, order);
  if (refunded !== null) return refunded;
  const closed: Order = { ...order, status: 'refunded', refundedOn: now };
  return { ok: true, value: await close(self, websiteId, id, closed, restock, 'refunded', now) };
}
