/**
 * The cart link in the header (spec §4, §9): always there, as a store's header has its cart (issue
 * 32); its count is hidden while the cart is empty, '100+' above 100. Hidden keeps its space
 * (visibility, not display), so a count that appears once the cart loads moves nothing. It
 * loads the cart only when the visitor has a cart cookie or is signed in, follows `cart:updated`,
 * and after an add shows a popover for 3 s or until closed. It keeps every other cart link's count
 * in step (src/client/cart-links.ts).
 */
import { useEffect, useState } from 'react';
import { cartCountText } from '../../commerce/cart';
import { loadCart } from '../cart-api';
import { onCartUpdated } from '../cart-events';
import { updateCartLinks } from '../cart-links';
import { mayHaveCart } from '../cookies';

export interface CartPillProps {
  count: number;
}

export const POPOVER_MS = 3000;

export default function CartPill({ count: initial }: CartPillProps) {
  const [count, setCount] = useState(initial);
  const [popover, setPopover] = useState(false);
  useEffect(() => {
    const stop = onCartUpdated(({ cart, added }) => {
      setCount(cart.totalQuantity);
      if (added) setPopover(true);
    });
    if (mayHaveCart()) {
      loadCart('')
        .then((cart) => setCount(cart.totalQuantity))
        .catch(() => undefined);
    }
    return stop;
  }, []);
  useEffect(() => updateCartLinks(count), [count]);
  useEffect(() => {
    if (!popover) return;
    const timer = setTimeout(() => setPopover(false), POPOVER_MS);
    return () => clearTimeout(timer);
  }, [popover]);

  const text = cartCountText(count);
  return (
    <div className="CartPill-wrapper">
      <a className="CartPill" href="/cart" aria-label={count === 0 ? 'Cart, empty' : `Cart, ${text} ${count === 1 ? 'item' : 'items'}`}>
        <span aria-hidden="true">Cart</span>{' '}
        <span className="CartPill-count" aria-hidden="true" style={count === 0 ? { visibility: 'hidden' } : undefined}>
          {text}
        </span>
      </a>
      {popover && (
        <div className="CartPill-popover" role="status">
          <span>Added to cart.</span> <a href="/cart">View cart</a>
          <button type="button" className="CartPill-popover-close" aria-label="Close" onClick={() => setPopover(false)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
