/** The cart page's totals and the way to checkout. */
import { CHECKOUT_PATH, type ShoppingCart } from '../../commerce/cart';

export default function CartSummary({ cart, money }: { cart: ShoppingCart; money: (cents: number) => string }) {
  return (
    <>
      <dl className="CartPage-totals" aria-live="polite">
        <dt>Subtotal</dt>
        <dd className="CartPage-subtotal">{money(cart.subtotalCents)}</dd>
        <dt>Total</dt>
        <dd className="CartPage-total">{money(cart.grandTotalCents)}</dd>
      </dl>
      <p className="CartPage-note">Shipping and taxes are calculated at checkout.</p>
      <a className="CartPage-checkout sqs-button-element--primary" href={CHECKOUT_PATH}>
        Checkout
      </a>
    </>
  );
}
