/**
 * Every cart link on the page shows the cart's count (engine spec §2: "a cart widget updates every
 * cart link on a page"): the header pill is an island, other links to /cart (the footer's, a
 * merchant's header or footer HTML) carry a `.sqs-cart-quantity` element that the cart pill fills
 * whenever its own count changes, after the cart loads and after each add, change or removal.
 */
import { cartCountText } from '../commerce/cart';
import { pageDocument } from './dom';

/** The count element inside a cart link, as written by the theme. */
export const CART_QUANTITY_SELECTOR = '.sqs-cart-quantity';

interface CountElement {
  textContent: string | null;
  closest(selector: string): { setAttribute(name: string, value: string): void } | null;
}

export function updateCartLinks(count: number): void {
  const found = pageDocument()?.documentElement.querySelectorAll(CART_QUANTITY_SELECTOR);
  if (found === undefined) return;
  const text = cartCountText(count);
  for (const element of Array.from(found) as unknown as CountElement[]) {
    if (element.textContent !== text) element.textContent = text;
    element.closest('a')?.setAttribute('data-cart-count', String(count));
  }
}
