/**
 * Taking the card with Stripe Elements when the store's provider is Stripe (docs/payments.md):
 * Stripe.js is loaded from js.stripe.com only then, the card field is Stripe's own frame (the
 * card number never touches the store), the card becomes a PaymentMethod whose id is the order's
 * payment token, and an authentication step (3-D Secure) is completed in the page with the
 * PaymentIntent's client secret. The few Stripe.js calls used are typed here; everything takes the
 * `Stripe` object as an argument so a fake can stand in for it in tests.
 */
import { loadScript } from './dom';

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

interface StripeError {
  message?: string;
}

export interface StripeCardElement {
  mount(container: unknown): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: StripeError }) => void): void;
  destroy(): void;
}

export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(options: {
    type: 'card';
    card: StripeCardElement;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError }>;
}

export type StripeConstructor = (publishableKey: string) => StripeJs;

export const STRIPE_MESSAGES = {
  unavailable: 'Card payments are unavailable right now. Please reload the page.',
  incomplete: 'Enter your card details.',
  failed: 'Your card could not be used. Try another card.',
  actionFailed: 'The card could not be verified. Nothing was charged.',
} as const;

/** Stripe.js, loaded once from Stripe (never bundled: Stripe requires it to come from js.stripe.com). */
export async function loadStripe(publishableKey: string): Promise<StripeJs> {
  await loadScript(STRIPE_JS_URL);
  const constructor = (globalThis as { Stripe?: StripeConstructor }).Stripe;
  if (constructor === undefined) throw new Error('Stripe.js did not define Stripe');
  return constructor(publishableKey);
}

/** The card as a PaymentMethod id (the order's payment token), or the shopper's message. */
export async function cardPaymentToken(
  stripe: StripeJs,
  card: StripeCardElement,
): Promise<{ token: string } | { error: string }> {
  try {
    const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
    if (paymentMethod !== undefined) return { token: paymentMethod.id };
    return { error: error?.message ?? STRIPE_MESSAGES.failed };
  } catch {
    return { error: STRIPE_MESSAGES.unavailable };
  }
}

/** Completes the card's authentication step in the page; null when done, else the shopper's message. */
export async function completeCardAction(stripe: StripeJs, clientSecret: string): Promise<string | null> {
  try {
    const { error } = await stripe.handleNextAction({ clientSecret });
    return error === undefined ? null : (error.message ?? STRIPE_MESSAGES.actionFailed);
  } catch {
    return STRIPE_MESSAGES.actionFailed;
  }
}
