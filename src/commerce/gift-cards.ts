/**
 * Gift cards: the code a bought card gets (four groups of four letters and digits, without the
 * easily confused 0, O, 1 and I) and how much of an order a card pays.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

export const GIFT_CARD_MESSAGES = {
  unknown: 'That gift card code is not valid.',
  empty: 'That gift card has no balance left.',
  balanceChanged: 'Your gift card balance has changed. Please review your order.',
  notForGiftCards: 'A gift card cannot be used to buy a gift card.',
} as const;

/** A code from 16 random bytes (each byte picks one of 32 letters: no bias, 80 bits). */
export function giftCardCode(random: Uint8Array): string {
  const letters = Array.from(random.slice(0, 16), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return letters.match(/.{4}/g)?.join('-') ?? letters;
}

export function normalGiftCardCode(code: string): string {
  const letters = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return letters.match(/.{1,4}/g)?.join('-') ?? letters;
}

/** The code as a page may show it: only its last group. */
export function maskedGiftCardCode(code: string): string {
  return `••••-••••-••••-${code.slice(-4)}`;
}

/** What a card with `balanceCents` pays of `dueCents`. */
export function giftCardPays(balanceCents: number, dueCents: number): number {
  return Math.max(0, Math.min(balanceCents, dueCents));
}
