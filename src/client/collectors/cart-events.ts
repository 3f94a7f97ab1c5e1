/** The cart's analytics events (add to cart, remove from cart, view cart) in the shape RecordEvent takes; money in minor units. */
import type { CartEntry, ShoppingCart } from '../../commerce/cart';
import { readCookie, readStoreCookie } from '../cookies';
import { CENSUS_COOKIE, recordCommerceEvent } from './commerce';

function cartFields(cart: ShoppingCart) {
  const visitor = readCookie(CENSUS_COOKIE);
  return { website_id: cart.websiteId, cart_id: cart.id, logged_in: readStoreCookie('siteUserInfo')?.includes('"authenticated":true') ?? false, ...(visitor === null ? {} : { ss_cvr: visitor }) };
}

function productOf(entry: CartEntry, quantity: number) {
  return { item_id: entry.itemId, item_type: entry.productType, item_title: entry.title.slice(0, 500), item_price: entry.purchasePriceCents, item_quantity: quantity };
}

export function recordAddToCart(cart: ShoppingCart, added: CartEntry, place: 'pdp' | 'plp' | 'product_block' | 'add-on', quantity: number): void {
  recordCommerceEvent('add_to_cart', { ...cartFields(cart), product_page: place, product: productOf(added, quantity) });
}

export function recordRemoveFromCart(cart: ShoppingCart, removed: CartEntry): void {
  recordCommerceEvent('remove_from_cart', { ...cartFields(cart), product: productOf(removed, removed.quantity) });
}

export function recordViewCart(cart: ShoppingCart): void {
  recordCommerceEvent('view_cart', {
    ...cartFields(cart),
    items: cart.entries.map((entry) => ({ productType: entry.productType })),
    number_of_items: cart.totalQuantity,
    cart_value: cart.grandTotalCents,
    currency_code: cart.currencyCode,
  });
}
