/**
 * What a merchant's order search matches (docs/merchant.md, "Orders"): the order number (with or
 * without '#'), or text inside the email or the customer's name (first and last name of the
 * address), ignoring case and accents, so 'jose' finds 'José Núñez'.
 */
import type { Order } from './order';

/** Lower case without accents: what search text and searched fields are compared as. */
export function searchFold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/** A predicate for one search `query`; an empty query matches every order. */
export function orderMatcher(
  query: string,
): (order: Pick<Order, 'orderNumber' | 'email' | 'shippingAddress'>) => boolean {
  const text = searchFold(query.trim().replace(/\s+/g, ' '));
  const number = /^#?\d{1,15}$/.test(text) ? Number(text.replace('#', '')) : null;
  return (order) => {
    if (text === '' || order.orderNumber === number) return true;
    const address = order.shippingAddress;
    const name = address === null ? '' : `${address.firstName} ${address.lastName}`.trim().replace(/\s+/g, ' ');
    return searchFold(order.email).includes(text) || (name !== '' && searchFold(name).includes(text));
  };
}
