/** The cart page's totals, the instalment offer when every item is physical, and the way to checkout. */
import { CHECKOUT_PATH, type ShoppingCart } from '../../commerce/cart';
import { cartAllowsInstalments, instalmentText, type InstalmentRange, type PillMoney } from '../../commerce/instalments';
import InstalmentPill from '../islands/InstalmentPill';

/** The store's instalment provider with its range and information page. */
export interface InstalmentOffer extends InstalmentRange, PillMoney {
  provider: string;
  infoUrl: string;
}

export default function CartSummary({ cart, money, instalments }: { cart: ShoppingCart; money: (cents: number) => string; instalments: InstalmentOffer | null }) {
  return (
    <>
      <dl className="CartPage-totals" aria-live="polite">
        <dt>Subtotal</dt>
        <dd className="CartPage-subtotal">{money(cart.subtotalCents)}</dd>
        <dt>Total</dt>
        <dd className="CartPage-total">{money(cart.grandTotalCents)}</dd>
      </dl>
      {instalments !== null && cartAllowsInstalments(cart.entries) && (
        <InstalmentPill text={instalmentText(cart.grandTotalCents, instalments, { currency: cart.currencyCode, locale: instalments.locale })} provider={instalments.provider} infoUrl={instalments.infoUrl} />
      )}
      <p className="CartPage-note">Shipping and taxes are calculated at checkout.</p>
      <a className="CartPage-checkout sqs-button-element--primary" href={CHECKOUT_PATH}>
        Checkout
      </a>
    </>
  );
}
