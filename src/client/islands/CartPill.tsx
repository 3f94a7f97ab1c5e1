/**
 * The cart pill in the header: hidden while the cart is empty, '100+' above 100 (storefront spec).
 * It reads the cart once on load and follows `cart:updated` events.
 */
import { useEffect, useState } from 'react';
import { onCartUpdated } from '../cart-events';

export interface CartPillProps {
  count: number;
}

export function cartCountText(count: number): string {
  return count > 100 ? '100+' : String(count);
}

export default function CartPill({ count: initial }: CartPillProps) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const stop = onCartUpdated((cart) => setCount(cart.totalQuantity));
    fetch('/api/commerce/shopping-cart', { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ totalQuantity?: number }>) : null))
      .then((cart) => {
        if (cart !== null && typeof cart.totalQuantity === 'number') setCount(cart.totalQuantity);
      })
      .catch(() => undefined);
    return stop;
  }, []);
  const text = cartCountText(count);
  return (
    <a className="CartPill" href="/cart" hidden={count === 0} aria-label={`Cart, ${text} ${count === 1 ? 'item' : 'items'}`}>
      <span aria-hidden="true">Cart</span> <span className="CartPill-count">{text}</span>
    </a>
  );
}
