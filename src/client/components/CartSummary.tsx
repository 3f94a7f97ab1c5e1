/**
 * The cart page's totals, the instalment offer when every item is physical, and the way to
 * checkout. Once a checkout has priced the cart, its discount, shipping and tax show here too;
 * before that the page says where they are worked out (shipping only for a cart that ships something).
 */
import { CHECKOUT_PATH, type ShoppingCart } from '../../commerce/cart';
import {
  cartAllowsInstalments,
  instalmentText,
  type InstalmentRange,
  type PillMoney,
} from '../../commerce/instalments';
import InstalmentPill from '../islands/InstalmentPill';
import type { StorefrontText } from '../../commerce/storefront-text';
import { usePurchaseText } from '../use-purchase-text';

function pendingNote(cart: ShoppingCart, text: StorefrontText): string | null {
  const priced = cart.shippingCostCents > 0 || cart.taxCents > 0 || cart.discountCents > 0;
  if (priced) return null;
  return cart.requiresShipping ? text['cart.noteShipping'] : text['cart.noteTax'];
}

/** The store's instalment provider with its range and information page. */
export interface InstalmentOffer extends InstalmentRange, PillMoney {
  provider: string;
  infoUrl: string;
}

export default function CartSummary({
  cart,
  money,
  instalments,
}: {
  cart: ShoppingCart;
  money: (cents: number) => string;
  instalments: InstalmentOffer | null;
}) {
  const text = usePurchaseText();
  const note = pendingNote(cart, text);
  return (
    <>
      <dl className="CartPage-totals" aria-live="polite">
        <dt>{text['totals.subtotal']}</dt>
        <dd className="CartPage-subtotal">{money(cart.subtotalCents)}</dd>
        {cart.discountCents > 0 && (
          <>
            <dt>{text['totals.discount']}</dt>
            <dd className="CartPage-discount">−{money(cart.discountCents)}</dd>
          </>
        )}
        {cart.shippingCostCents > 0 && (
          <>
            <dt>{text['totals.shipping']}</dt>
            <dd className="CartPage-shipping">{money(cart.shippingCostCents)}</dd>
          </>
        )}
        {cart.taxCents > 0 && (
          <>
            <dt>{text['totals.tax']}</dt>
            <dd className="CartPage-tax">{money(cart.taxCents)}</dd>
          </>
        )}
        <dt>{text['totals.total']}</dt>
        <dd className="CartPage-total">{money(cart.grandTotalCents)}</dd>
      </dl>
      {instalments !== null && cartAllowsInstalments(cart.entries) && (
        <InstalmentPill
          text={instalmentText(cart.grandTotalCents, instalments, {
            currency: cart.currencyCode,
            locale: instalments.locale,
          })}
          provider={instalments.provider}
          infoUrl={instalments.infoUrl}
        />
      )}
      {note !== null && <p className="CartPage-note">{note}</p>}
      <a className="CartPage-checkout sqs-button-element--primary" href={CHECKOUT_PATH}>
        {text['cart.checkout']}
      </a>
    </>
  );
}
