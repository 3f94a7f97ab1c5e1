/**
 * Which of cancel and refund an order offers, and which is the primary action (docs/merchant.md,
 * "Orders"): an order not yet shipped is cancelled (void, stock back, a payment refunded in full);
 * a shipped one can only be refunded. The statuses each call takes are the server's (ORDER_MESSAGES).
 */
import type { OrderStatus } from '../../../commerce/order';

export type OrderAction = 'cancel' | 'refund';

export interface OrderActions {
  primary: OrderAction | null;
  secondary: OrderAction | null;
}

const ACTIONS: Record<OrderStatus, OrderActions> = {
  pending: { primary: 'cancel', secondary: null },
  paid: { primary: 'cancel', secondary: 'refund' },
  fulfilled: { primary: 'refund', secondary: null },
  cancelled: { primary: null, secondary: null },
  refunded: { primary: null, secondary: null },
};

export function orderActions(status: OrderStatus): OrderActions {
  return ACTIONS[status];
}

/** What the header says under the buttons, so the choice is clear before any dialog opens. */
export function actionsHint(status: OrderStatus): string | null {
  if (status === 'pending')
    return 'Not paid yet. Cancelling voids the order and puts its reserved items back into stock.';
  if (status === 'paid') {
    return 'Not shipped yet. Cancel voids the order, puts its items back into stock and refunds the payment in full. Refund gives the money back but keeps the order, with a choice to restock.';
  }
  if (status === 'fulfilled')
    return 'Shipped orders cannot be cancelled. Refund gives the money back; the order stays fulfilled.';
  return null;
}
