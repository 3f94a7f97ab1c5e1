/** Small shared pieces of the operations sections: dates, statuses and per-field server messages. */
import type { OrderStatus } from '../../../commerce/order';
import type { SaveState, StatusTone } from '../../ui';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function dateTimeText(ms: number): string {
  return DATE_TIME.format(ms);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'info' },
  fulfilled: { label: 'Fulfilled', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'critical' },
};

/** A failed save's message for field `name`: its own, or the validator's 'name: message'. */
export function serverFieldError(state: SaveState, name: string): string | undefined {
  if (state.status !== 'error') return undefined;
  if (state.fields?.[name] !== undefined) return state.fields[name];
  const match = /^([A-Za-z]+)(?:\.\d+)?: (.+)$/.exec(state.message);
  return match?.[1] === name ? match[2] : undefined;
}
