/**
 * What a merchant's order search matches (docs/merchant.md, "Orders"): the order number (with or
 * without '#'), or text inside the email or the customer's name (first and last name of the
 * address), ignoring case and accents, so 'jose' finds 'José Núñez'.
 */
import { foldText } from '../values/fold';
import type { Order } from './order';

/** A predicate for one search `query`; an empty query matches every order. */
export function orderMatcher(
  query: string,
): (order: Pick<Order, 'orderNumber' | 'email' | 'shippingAddress'>) => boolean {
  const text = foldText(query.trim().replace(/\s+/g, ' '));
  const number = /^#?\d{1,15}$/.test(text) ? Number(text.replace('#', '')) : null;
  return (order) => {
    if (text === '' || order.orderNumber === number) return true;
    const address = order.shippingAddress;
    const name = address === null ? '' : `${address.firstName} ${address.lastName}`.trim().replace(/\s+/g, ' ');
    return foldText(order.email).includes(text) || (name !== '' && foldText(name).includes(text));
  };
}
