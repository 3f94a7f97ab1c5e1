/**
 * The card field when the store takes payment through Stripe: Stripe Elements' card frame, mounted
 * once Stripe.js has loaded (from js.stripe.com, only on this page and only with this provider).
 * The server renders the label and an empty frame holder; the parent gets the ready card through
 * `onReady` and turns it into a PaymentMethod when the order is placed.
 */
import { useEffect, useRef, useState } from 'react';
import { loadStripe, STRIPE_MESSAGES, type StripeCardElement, type StripeJs } from '../checkout-stripe';
import { fieldId } from './CheckoutFields';

export interface StripeCard {
  stripe: StripeJs;
  card: StripeCardElement;
}

export interface CheckoutStripeCardProps {
  publishableKey: string | null;
  error: string | undefined;
  onReady: (card: StripeCard) => void;
  onChange: () => void;
}

export function CheckoutStripeCard({ publishableKey, error, onReady, onChange }: CheckoutStripeCardProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = fieldId('cardNumber');

  useEffect(() => {
    if (publishableKey === null) return;
    let card: StripeCardElement | null = null;
    let gone = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (gone) return;
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(holder.current);
        card.on('change', (event) => {
          setProblem(event.error?.message ?? null);
          onChange();
        });
        onReady({ stripe, card });
      })
      .catch(() => setProblem(STRIPE_MESSAGES.unavailable));
    return () => {
      gone = true;
      card?.destroy();
    };
  }, [publishableKey]);

  const shown = error ?? problem ?? (publishableKey === null ? STRIPE_MESSAGES.unavailable : undefined);
  return (
    <div className="CheckoutField Checkout-stripe">
      <span className="CheckoutField-label" id={`${id}-label`}>
        Card
      </span>
      <div
        id={id}
        ref={holder}
        className="Checkout-stripe-card"
        role="group"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={shown === undefined ? undefined : `${id}-error`}
      />
      {shown !== undefined && (
        <p id={`${id}-error`} className="CheckoutField-error">
          {shown}
        </p>
      )}
    </div>
  );
}
