/**
 * What the checkout form checks before it asks the server, and how the local test provider's card
 * number becomes a payment token. The server checks everything again; these only spare the shopper
 * a round trip and say which field to fix first.
 */
import { FORM_MESSAGES, isValidEmail } from '../forms/validate';
import type { CheckoutAddress } from './checkout-api';

export const CHECKOUT_MESSAGES = {
  incomplete: 'Update the missing or invalid information above',
  minimumSubtotal: (subtotal: string) => `To check out, the order subtotal must be ${subtotal} or more`,
  chooseShipping: 'Choose a shipping option.',
  cardNumber: 'Enter a card number of 13 to 19 digits.',
  nothingCharged: 'Nothing was charged.',
} as const;

export interface CheckoutFormValues {
  email: string;
  address: CheckoutAddress;
  shippingOption: string | null;
  cardNumber: string;
}

/** Field name → message, in the order the fields appear on the page (the first is focused). */
export type FieldProblems = [field: string, message: string][];

const CARD_DIGITS = /^\d{13,19}$/;

export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The local provider's token for a card number (docs/contracts.md, Payments). */
export function localCardToken(cardNumber: string): string {
  return `local_card_${cardDigits(cardNumber)}`;
}

export function formProblems(values: CheckoutFormValues, requiredAddress: readonly (keyof CheckoutAddress)[], needsShipping: boolean, needsCard: boolean): FieldProblems {
  const problems: FieldProblems = [];
  const email = values.email.trim();
  if (email === '') problems.push(['email', FORM_MESSAGES.required]);
  else if (!isValidEmail(email)) problems.push(['email', FORM_MESSAGES.email]);
  if (needsShipping) {
    for (const part of requiredAddress) if (values.address[part].trim() === '') problems.push([part, FORM_MESSAGES.required]);
    if (values.shippingOption === null) problems.push(['shippingOptionId', CHECKOUT_MESSAGES.chooseShipping]);
  }
  if (needsCard) {
    const digits = cardDigits(values.cardNumber);
    if (digits === '') problems.push(['cardNumber', FORM_MESSAGES.required]);
    else if (!CARD_DIGITS.test(digits)) problems.push(['cardNumber', CHECKOUT_MESSAGES.cardNumber]);
  }
  return problems;
}

/** Whether the address has every part the store needs to quote shipping and tax. */
export function addressComplete(address: CheckoutAddress, requiredAddress: readonly (keyof CheckoutAddress)[]): boolean {
  return requiredAddress.every((part) => address[part].trim() !== '');
}
