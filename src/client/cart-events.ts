/**
 * How islands tell each other about the cart: a `cart:updated` event on the global object carrying
 * the server's cart, and whether it follows an add (the cart pill then shows its popover).
 */
import type { ShoppingCart } from '../commerce/cart';

export const CART_UPDATED = 'cart:updated';

export interface CartUpdate {
  cart: ShoppingCart;
  added: boolean;
}

/** The page's global object (window), typed the same way in the browser and in the worker build. */
const bus = globalThis as unknown as EventTarget;

export function announceCart(cart: ShoppingCart, added = false): void {
  bus.dispatchEvent(new CustomEvent<CartUpdate>(CART_UPDATED, { detail: { cart, added } }));
}

export function onCartUpdated(listener: (update: CartUpdate) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<CartUpdate>).detail);
  bus.addEventListener(CART_UPDATED, handler);
  return () => bus.removeEventListener(CART_UPDATED, handler);
}
