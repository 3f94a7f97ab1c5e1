/** Small shared pieces of the operations sections: dates, statuses and per-field server messages. */
import type { Order, OrderStatus } from '../../../commerce/order';
import { refundState } from '../../../commerce/refunds';
import type { SaveState, StatusTone } from '../../ui';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function dateTimeText(ms: number): string {
  return DATE_TIME.format(ms);
}

/** A time in the store's time zone (an IANA name; UTC when the runtime does not know it), its zone named. */
export function storeTimeText(ms: number, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone };
  try {
    return new Intl.DateTimeFormat('en-US', options).format(ms);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(ms);
  }
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'info' },
  fulfilled: { label: 'Fulfilled', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'critical' },
};

/** The label beside the status of an order some of which was refunded (it stays paid or fulfilled). */
export function refundLabel(order: Pick<Order, 'refunds' | 'status'>): string | null {
  return refundState(order) === 'partial' ? 'Partially refunded' : null;
}

/** A failed save's message for field `name`: its own, or the validator's 'name: message'. */
export function serverFieldError(state: SaveState, name: string): string | undefined {
  if (state.status !== 'error') return undefined;
  if (state.fields?.[name] !== undefined) return state.fields[name];
  const match = /^([A-Za-z]+)(?:\.\d+)?: (.+)$/.exec(state.message);
  return match?.[1] === name ? match[2] : undefined;
}
