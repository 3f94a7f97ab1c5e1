/**
 * Gift cards: the code a bought card gets (four groups of four letters and digits, without the
 * easily confused 0, O, 1 and I), how much of an order a card pays, and who a bought card is for:
 * the recipient, a message and a send date the shopper gives on the product page, kept with the
 * cart entry as its `additionalFields` JSON and checked by the same rules in the browser and the API.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

/** Dawn's limits: a recipient's name and a message a card can carry. */
export const GIFT_NAME_MAX = 100;
export const GIFT_MESSAGE_MAX = 200;
export const GIFT_EMAIL_MAX = 254;
/** A card is sent at most this many days ahead. */
export const GIFT_SEND_MAX_DAYS = 365;

export const GIFT_CARD_MESSAGES = {
  unknown: 'That gift card code is not valid.',
  empty: 'That gift card has no balance left.',
  balanceChanged: 'Your gift card balance has changed. Please review your order.',
  notForGiftCards: 'A gift card cannot be used to buy a gift card.',
  recipientEmail: "Enter the recipient's email address.",
  recipientName: "Enter the recipient's name.",
  messageTooLong: `The message can be at most ${GIFT_MESSAGE_MAX} characters.`,
  sendOnPast: 'Choose today or a later date.',
  sendOnTooLate: `Choose a date within ${GIFT_SEND_MAX_DAYS} days.`,
  sendOnInvalid: 'Enter the send date as YYYY-MM-DD.',
} as const;

/** Who a card is for: sent to `recipientEmail` on `sendOn` (YYYY-MM-DD, UTC), or at once when null. */
export interface GiftCardDetails {
  recipientEmail: string;
  recipientName: string;
  message: string;
  sendOn: string | null;
}

/** A card the order sent, as the buyer's pages show it; the code only when the buyer sent it to themselves. */
export interface GiftCardSent {
  amountCents: number;
  recipientEmail: string;
  recipientName: string;
  sendOn: string | null;
  code: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
/** A send date as the API takes it (a date input's value): YYYY-MM-DD. */
export const GIFT_SEND_ON = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today as YYYY-MM-DD in UTC. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Whether `day` is YYYY-MM-DD and a real calendar day (not 2026-02-31). */
export function isCalendarDay(day: string): boolean {
  if (!GIFT_SEND_ON.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && utcDay(at) === day;
}

/**
 * What is wrong with the details, by field; empty when none. The API does not know the shopper's
 * time zone: a date one day before UTC's today is still today somewhere west of Greenwich, so it is
 * taken (and sent at once). The browser passes the shopper's own `today` (YYYY-MM-DD), and a day
 * before it is refused there.
 */
export function giftDetailsProblems(
  details: GiftCardDetails,
  now: number,
  today: string | null = null,
): Partial<Record<keyof GiftCardDetails, string>> {
  const problems: Partial<Record<keyof GiftCardDetails, string>> = {};
  if (!EMAIL.test(details.recipientEmail) || details.recipientEmail.length > GIFT_EMAIL_MAX)
    problems.recipientEmail = GIFT_CARD_MESSAGES.recipientEmail;
  if (details.recipientName.trim() === '' || details.recipientName.length > GIFT_NAME_MAX)
    problems.recipientName = GIFT_CARD_MESSAGES.recipientName;
  if (details.message.length > GIFT_MESSAGE_MAX) problems.message = GIFT_CARD_MESSAGES.messageTooLong;
  if (details.sendOn !== null) {
    // Without the shopper's day, a day's slack either side of UTC's (time zones run from -12 to +14 hours).
    const earliest = today ?? utcDay(now - DAY_MS);
    const latest =
      today === null
        ? utcDay(now + (GIFT_SEND_MAX_DAYS + 1) * DAY_MS)
        : utcDay(Date.parse(`${today}T00:00:00Z`) + GIFT_SEND_MAX_DAYS * DAY_MS);
    if (!isCalendarDay(details.sendOn)) problems.sendOn = GIFT_CARD_MESSAGES.sendOnInvalid;
    else if (details.sendOn < earliest) problems.sendOn = GIFT_CARD_MESSAGES.sendOnPast;
    else if (details.sendOn > latest) problems.sendOn = GIFT_CARD_MESSAGES.sendOnTooLate;
  }
  return problems;
}

/** The details a gift card's cart entry or order entry carries; null for a card the buyer keeps (none given) or text that is not them. */
export function giftDetailsOf(additionalFields: string | null): GiftCardDetails | null {
  if (additionalFields === null) return null;
  try {
    const value = JSON.parse(additionalFields) as Partial<GiftCardDetails> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof value.recipientEmail !== 'string' ||
      typeof value.recipientName !== 'string'
    )
      return null;
    return {
      recipientEmail: value.recipientEmail,
      recipientName: value.recipientName,
      message: typeof value.message === 'string' ? value.message : '',
      sendOn: typeof value.sendOn === 'string' ? value.sendOn : null,
    };
  } catch {
    return null;
  }
}

/** When a card with these details is emailed: at once, or at the start of its send date (UTC). */
export function giftSendAt(details: GiftCardDetails | null, now: number): number {
  if (details?.sendOn == null) return now;
  return Math.max(now, Date.parse(`${details.sendOn}T00:00:00Z`));
}

/** Whether a card with this send date has been emailed by `now` (due at once or on a day begun), or waits for its day. */
export function giftSentBy(sendOn: string | null, now: number): boolean {
  return sendOn === null || Date.parse(`${sendOn}T00:00:00Z`) <= now;
}

/** 'Friday, 4 December 2026' for a YYYY-MM-DD send date, in the shopper's locale (the date is a UTC day). */
export function sendOnText(sendOn: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    Date.parse(`${sendOn}T00:00:00Z`),
  );
}

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
