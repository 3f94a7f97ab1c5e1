/**
 * The cart page's totals, the instalment offer when every item is physical, and the way to
 * checkout. Once a checkout has priced the cart, its discount, shipping and tax show here too;
 * before that the page says where they are worked out (shipping only for a cart that ships something).
 */
import { CHECKOUT_PATH, type ShoppingCart } from '../../commerce/cart';
import { cartAllowsInstalments, instalmentText, type InstalmentRange, type PillMoney } from '../../commerce/instalments';
import InstalmentPill from '../islands/InstalmentPill';

function pendingNote(cart: ShoppingCart): string | null {
  const priced = cart.shippingCostCents > 0 || cart.taxCents > 0 || cart.discountCents > 0;
  if (priced) return null;
  return cart.requiresShipping ? 'Shipping and taxes are calculated at checkout.' : 'Taxes are calculated at checkout.';
}

/** The store's instalment provider with its range and information page. */
export interface InstalmentOffer extends InstalmentRange, PillMoney {
  provider: string;
  infoUrl: string;
}

export default function CartSummary({ cart, money, instalments }: { cart: ShoppingCart; money: (cents: number) => string; instalments: InstalmentOffer | null }) {
  const note = pendingNote(cart);
  return (
    <>
      <dl className="CartPage-totals" aria-live="polite">
        <dt>Subtotal</dt>
        <dd className="CartPage-subtotal">{money(cart.subtotalCents)}</dd>
        {cart.discountCents > 0 && (
          <>
            <dt>Discount</dt>
            <dd className="CartPage-discount">−{money(cart.discountCents)}</dd>
          </>
        )}
        {cart.shippingCostCents > 0 && (
          <>
            <dt>Shipping</dt>
            <dd className="CartPage-shipping">{money(cart.shippingCostCents)}</dd>
          </>
        )}
        {cart.taxCents > 0 && (
          <>
            <dt>Tax</dt>
            <dd className="CartPage-tax">{money(cart.taxCents)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd className="CartPage-total">{money(cart.grandTotalCents)}</dd>
      </dl>
      {instalments !== null && cartAllowsInstalments(cart.entries) && (
        <InstalmentPill text={instalmentText(cart.grandTotalCents, instalments, { currency: cart.currencyCode, locale: instalments.locale })} provider={instalments.provider} infoUrl={instalments.infoUrl} />
      )}
      {note !== null && <p className="CartPage-note">{note}</p>}
      <a className="CartPage-checkout sqs-button-element--primary" href={CHECKOUT_PATH}>
        Checkout
      </a>
    </>
  );
}
