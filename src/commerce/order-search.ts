/**
 * What a merchant's order and customer searches match (docs/merchant.md, "Orders", "Customers"): the
 * order number (with or without '#'), or text inside the email or the customer's name (first and last
 * name of the address), ignoring case and accents, so 'jose' finds 'José Núñez'.
 */
import { foldText } from '../values/fold';
import type { Order } from './order';

/** The longest search a merchant may send: the orders list and its CSV, the customers list and theirs. */
export const SEARCH_MAX_LENGTH = 256;
export const SEARCH_TOO_LONG = `q must be at most ${SEARCH_MAX_LENGTH} characters`;

/** The search text as the matchers compare it: folded, blanks collapsed. */
function searchText(query: string): string {
  return foldText(query.trim().replace(/\s+/g, ' '));
}

/** A predicate over a person (email and name) for one search `query`; an empty query matches everyone. */
export function personMatcher(query: string): (person: { email: string; name: string }) => boolean {
  const text = searchText(query);
  return ({ email, name }) => {
    const shown = name.trim().replace(/\s+/g, ' ');
    return text === '' || foldText(email).includes(text) || (shown !== '' && foldText(shown).includes(text));
  };
}

/** The customer's name on an order: the address's first and last name ('' without an address). */
export function customerName(order: Pick<Order, 'shippingAddress'>): string {
  const address = order.shippingAddress;
  return address === null ? '' : `${address.firstName} ${address.lastName}`.trim();
}

/** A predicate for one search `query`; an empty query matches every order. */
export function orderMatcher(
  query: string,
): (order: Pick<Order, 'orderNumber' | 'email' | 'shippingAddress'>) => boolean {
  const text = searchText(query);
  const number = /^#?\d{1,15}$/.test(text) ? Number(text.replace('#', '')) : null;
  const person = personMatcher(query);
  return (order) =>
    (number !== null && order.orderNumber === number) || person({ email: order.email, name: customerName(order) });
}
