/**
 * The cart link in the header (spec §4, §9): always there, as a store's header has its cart (issue
 * 32); its count is hidden while the cart is empty, '100+' above 100. Hidden keeps its space
 * (visibility, not display), so a count that appears once the cart loads moves nothing. It
 * loads the cart only when the visitor has a cart cookie or is signed in, follows `cart:updated`,
 * and after an add shows a popover for 3 s or until closed. It keeps every other cart link's count
 * in step (src/client/cart-links.ts). Its words are marked for the page's language (src/client/shopper-text.ts), which
 * sets them where the pill is not hydrated (a page whose only island it is, with no cart); the empty cart's name
 * only while the cart is empty.
 */
import { useEffect, useState } from 'react';
import { cartCountText } from '../../commerce/cart';
import { fill } from '../../commerce/storefront-text';
import { loadCart } from '../cart-api';
import { onCartUpdated } from '../cart-events';
import { updateCartLinks } from '../cart-links';
import { mayHaveCart } from '../cookies';
import { useShopperText } from '../use-shopper-text';

export interface CartPillProps {
  count: number;
}

export const POPOVER_MS = 3000;

export default function CartPill({ count: initial }: CartPillProps) {
  const [count, setCount] = useState(initial);
  const [popover, setPopover] = useState(false);
  const text = useShopperText();
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

  const countText = cartCountText(count);
  return (
    <div className="CartPill-wrapper">
      <a
        className="CartPill"
        href="/cart"
        data-label-text={count === 0 ? 'cart.linkEmpty' : undefined}
        aria-label={
          count === 0
            ? text['cart.linkEmpty']
            : count === 1
              ? text['cart.linkOne']
              : fill(text['cart.linkMany'], { count: countText })
        }
      >
        {/* The header's early words may have put it in the visitor's language before hydration (src/storefront/header-words.ts). */}
        <span aria-hidden="true" data-text="cart.link" suppressHydrationWarning>
          {text['cart.link']}
        </span>{' '}
        <span className="CartPill-count" aria-hidden="true" style={count === 0 ? { visibility: 'hidden' } : undefined}>
          {countText}
        </span>
      </a>
      {popover && (
        <div className="CartPill-popover" role="status">
          <span>{text['cart.popover']}</span> <a href="/cart">{text['cart.view']}</a>
          <button
            type="button"
            className="CartPill-popover-close"
            aria-label={text['cart.close']}
            onClick={() => setPopover(false)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
