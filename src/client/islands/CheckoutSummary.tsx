/**
 * The checkout page's order summary: the visitor's cart, or the subscription cart named by
 * `?cartToken=`. Payment belongs to the checkout provider, which this store does not connect yet,
 * and the page says so instead of pretending to take payment.
 */
import { useEffect, useState } from 'react';
import type { ShoppingCart } from '../../commerce/cart';
import { formatMoney } from '../../commerce/money';
import type { AdditionalFieldsFormDefinition } from '../components/AdditionalFieldsForm';
import EntryAnswers from '../components/EntryAnswers';
import { loadCart } from '../cart-api';
import { pageQuery } from '../dom';

export interface CheckoutSummaryProps {
  locale: string;
  /** Additional-fields forms by item id, to show each entry's answers. */
  forms: Record<string, AdditionalFieldsFormDefinition>;
}

type State = { kind: 'loading' } | { kind: 'ready'; cart: ShoppingCart; giftCard: boolean } | { kind: 'failed' };

export default function CheckoutSummary({ locale, forms }: CheckoutSummaryProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const query = pageQuery();
    loadCart('Unable to load your order', query.get('cartToken') ?? undefined)
      .then((cart) => setState({ kind: 'ready', cart, giftCard: query.get('giftCard') === 'true' }))
      .catch(() => setState({ kind: 'failed' }));
  }, []);
  if (state.kind === 'loading') return <p aria-busy="true">Loading your order…</p>;
  if (state.kind === 'failed') return <p role="alert">Unable to load your order. Please reload the page.</p>;
  const { cart, giftCard } = state;
  const money = (cents: number) => formatMoney(cents, cart.currencyCode, locale);
  if (cart.entries.length === 0) return <p className="CheckoutSummary-empty">There is nothing to check out.</p>;
  return (
    <div className="CheckoutSummary">
      {giftCard && <p className="CheckoutSummary-note">Your gift card is ready to buy.</p>}
      <ul aria-label="Your order">
        {cart.entries.map((entry) => (
          <li key={entry.id} className="CheckoutSummary-entry">
            <span className="CheckoutSummary-title">{entry.title}</span> × <span className="CheckoutSummary-quantity">{entry.quantity}</span>{' '}
            <span>{money(entry.purchasePriceCents * entry.quantity)}</span>
            <EntryAnswers json={entry.additionalFields} fields={forms[entry.itemId]?.fields} className="CheckoutSummary-answers" />
          </li>
        ))}
      </ul>
      <p className="CheckoutSummary-total">
        Total: <strong>{money(cart.grandTotalCents)}</strong>
      </p>
      <p className="CheckoutSummary-provider">Payment is taken by the store’s checkout provider, which is not connected on this store yet.</p>
    </div>
  );
}
