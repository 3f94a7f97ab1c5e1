import { describe, expect, it } from 'vitest';
import {
  cardPaymentToken,
  completeCardAction,
  STRIPE_MESSAGES,
  type StripeCardElement,
  type StripeJs,
} from './checkout-stripe';

/** A stand-in for Stripe.js: what the card field holds decides what createPaymentMethod answers. */
function fakeStripe(behaviour: { card?: 'complete' | 'declined' | 'throws'; action?: 'done' | 'failed' | 'throws' }): {
  stripe: StripeJs;
  calls: string[];
} {
  const calls: string[] = [];
  const stripe: StripeJs = {
    elements: () => ({ create: () => ({ mount: () => undefined, on: () => undefined, destroy: () => undefined }) }),
    async createPaymentMethod({ type }) {
      calls.push(`createPaymentMethod:${type}`);
      if (behaviour.card === 'throws') throw new Error('network');
      return behaviour.card === 'complete'
        ? { paymentMethod: { id: 'pm_123' } }
        : { error: { message: 'Your card number is incomplete.' } };
    },
    async handleNextAction({ clientSecret }) {
      calls.push(`handleNextAction:${clientSecret}`);
      if (behaviour.action === 'throws') throw new Error('closed');
      return behaviour.action === 'done'
        ? {}
        : { error: { message: 'We are unable to authenticate your payment method.' } };
    },
  };
  return { stripe, calls };
}

const card = {} as StripeCardElement;

describe('the Stripe Elements card', () => {
  it('becomes the PaymentMethod id the order is paid with', async () => {
    const { stripe, calls } = fakeStripe({ card: 'complete' });
    expect(await cardPaymentToken(stripe, card)).toEqual({ token: 'pm_123' });
    expect(calls).toEqual(['createPaymentMethod:card']);
  });

  it("answers Stripe's message for a card it refuses, and ours when Stripe.js fails", async () => {
    expect(await cardPaymentToken(fakeStripe({ card: 'declined' }).stripe, card)).toEqual({
      error: 'Your card number is incomplete.',
    });
    expect(await cardPaymentToken(fakeStripe({ card: 'throws' }).stripe, card)).toEqual({
      error: STRIPE_MESSAGES.unavailable,
    });
  });

  it('completes an authentication step with the client secret', async () => {
    const { stripe, calls } = fakeStripe({ action: 'done' });
    expect(await completeCardAction(stripe, 'pi_1_secret_x')).toBeNull();
    expect(calls).toEqual(['handleNextAction:pi_1_secret_x']);
    expect(await completeCardAction(fakeStripe({ action: 'failed' }).stripe, 's')).toBe(
      'We are unable to authenticate your payment method.',
    );
    expect(await completeCardAction(fakeStripe({ action: 'throws' }).stripe, 's')).toBe(STRIPE_MESSAGES.actionFailed);
  });
});
