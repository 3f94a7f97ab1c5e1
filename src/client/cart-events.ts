/**
 * How islands tell each other about the cart: a `cart:updated` event on the global object carrying
 * the cart's total quantity. (The cart issue adds the full cart; islands only need the count.)
 */
export const CART_UPDATED = 'cart:updated';

export interface CartSummary {
  totalQuantity: number;
}

/** The page's global object (window), typed the same way in the browser and in the worker build. */
const bus = globalThis as unknown as EventTarget;

export function announceCart(cart: CartSummary): void {
  bus.dispatchEvent(new CustomEvent<CartSummary>(CART_UPDATED, { detail: cart }));
}

export function onCartUpdated(listener: (cart: CartSummary) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<CartSummary>).detail);
  bus.addEventListener(CART_UPDATED, handler);
  return () => bus.removeEventListener(CART_UPDATED, handler);
}
