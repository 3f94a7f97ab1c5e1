import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../commerce/order';
import { actionsHint, orderActions } from './actions';

describe('order actions', () => {
  it('offers cancel first on an order not shipped, refund only once shipped, nothing once closed', () => {
    expect(orderActions('pending')).toEqual({ primary: 'cancel', secondary: null });
    expect(orderActions('paid')).toEqual({ primary: 'cancel', secondary: 'refund' });
    expect(orderActions('fulfilled')).toEqual({ primary: 'refund', secondary: null });
    expect(orderActions('cancelled')).toEqual({ primary: null, secondary: null });
    expect(orderActions('refunded')).toEqual({ primary: null, secondary: null });
  });

  it('explains every state that offers an action', () => {
    for (const status of ORDER_STATUSES)
      expect(actionsHint(status) !== null, status).toBe(orderActions(status).primary !== null);
  });
});
