/**
 * What the checkout form checks before it asks the server (the server's own address and email
 * rules, so both say the same), and how the local test provider's card number becomes a payment
 * token. The server checks everything again; these spare the shopper a round trip and say which
 * field to fix first.
 */
import { addressProblems, type ShippingAddress } from '../commerce/address';
import { CHECKOUT_MESSAGES } from '../commerce/checkout-totals';
import { FORM_MESSAGES, isValidEmail } from '../forms/validate';
import { EN } from '../commerce/storefront-text/en';

export const CHECKOUT_FORM_MESSAGES = {
  chooseShipping: EN['checkout.chooseShipping'],
  cardNumber: EN['checkout.cardDigits'],
  cardMistyped: EN['checkout.cardMistyped'],
  nothingCharged: EN['checkout.nothingCharged'],
  confirmingPayment: EN['checkout.confirmingPayment'],
} as const;

export interface CheckoutFormValues {
  email: string;
  address: ShippingAddress;
  shippingOption: string | null;
  cardNumber: string;
}

/** Field name → message, in the order the fields appear on the page (the first is focused). */
export type FieldProblems = [field: string, message: string][];

const CARD_DIGITS = /^\d{13,19}$/;
const ADDRESS_ORDER: readonly (keyof ShippingAddress)[] = [
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'region',
  'postalCode',
  'countryCode',
  'phone',
];

export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes: a mistyped digit or two swapped neighbours fail it. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The local provider's token for a card number (docs/contracts.md, Payments). */
export function localCardToken(cardNumber: string): string {
  return `local_card_${cardDigits(cardNumber)}`;
}

/** The address's problems by field, in the form's order. */
export function addressFieldProblems(address: ShippingAddress): FieldProblems {
  const found = addressProblems(address);
  return ADDRESS_ORDER.flatMap((field): FieldProblems => {
    const message = found[`shippingAddress.${field}`];
    return message === undefined ? [] : [[field, message]];
  });
}

/** The address parts a country needs (a state for the US, for instance). */
export function requiredAddressParts(countryCode: string): ReadonlySet<string> {
  const empty: ShippingAddress = {
    firstName: '',
    lastName: '',
    address1: '',
    address2: '',
    city: '',
    region: '',
    postalCode: '',
    countryCode,
    phone: '',
  };
  return new Set(addressFieldProblems(empty).map(([field]) => field));
}

export function formProblems(values: CheckoutFormValues, needsShipping: boolean, needsCard: boolean): FieldProblems {
  const problems: FieldProblems = [];
  const email = values.email.trim();
  if (email === '') problems.push(['email', CHECKOUT_MESSAGES.required]);
  else if (!isValidEmail(email)) problems.push(['email', FORM_MESSAGES.email]);
  if (needsShipping) {
    problems.push(...addressFieldProblems(values.address));
    if (values.shippingOption === null) problems.push(['shippingOptionId', CHECKOUT_FORM_MESSAGES.chooseShipping]);
  }
  if (needsCard) {
    const digits = cardDigits(values.cardNumber);
    if (digits === '') problems.push(['cardNumber', CHECKOUT_MESSAGES.required]);
    else if (!CARD_DIGITS.test(digits)) problems.push(['cardNumber', CHECKOUT_FORM_MESSAGES.cardNumber]);
    else if (!passesLuhn(digits)) problems.push(['cardNumber', CHECKOUT_FORM_MESSAGES.cardMistyped]);
  }
  return problems;
}
