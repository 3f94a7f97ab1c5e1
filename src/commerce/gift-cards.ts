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

/**
 * Who a card is for: sent to `recipientEmail` at the start of `sendOn` (YYYY-MM-DD) in `timeZone`
 * (the shopper's IANA zone, else the store's; null on an entry kept before zones were, read as UTC),
 * or at once when `sendOn` is null.
 */
export interface GiftCardDetails {
  recipientEmail: string;
  recipientName: string;
  message: string;
  sendOn: string | null;
  timeZone: string | null;
}

/** A card the order sent, as the buyer's pages show it; the code only when the buyer sent it to themselves. */
export interface GiftCardSent {
  amountCents: number;
  recipientEmail: string;
  recipientName: string;
  sendOn: string | null;
  /** The zone whose midnight of `sendOn` the card is sent at (absent on an older order: UTC). */
  timeZone?: string | null;
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

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone` (an IANA zone the runtime knows). */
export function dayIn(now: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export function dayAfter(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** Whether `day` is YYYY-MM-DD and a real calendar day (not 2026-02-31). */
export function isCalendarDay(day: string): boolean {
  if (!GIFT_SEND_ON.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && utcDay(at) === day;
}

/**
 * What is wrong with the details, by field; empty when none. The send date is checked against
 * today in the details' time zone (the browser's and the API's alike: the API fills in the store's
 * zone when the shopper gives none). Without a zone, a date one day before UTC's today is still
 * today somewhere west of Greenwich, so it is taken (and sent at once).
 */
export function giftDetailsProblems(
  details: GiftCardDetails,
  now: number,
): Partial<Record<keyof GiftCardDetails, string>> {
  const problems: Partial<Record<keyof GiftCardDetails, string>> = {};
  if (!EMAIL.test(details.recipientEmail) || details.recipientEmail.length > GIFT_EMAIL_MAX)
    problems.recipientEmail = GIFT_CARD_MESSAGES.recipientEmail;
  if (details.recipientName.trim() === '' || details.recipientName.length > GIFT_NAME_MAX)
    problems.recipientName = GIFT_CARD_MESSAGES.recipientName;
  if (details.message.length > GIFT_MESSAGE_MAX) problems.message = GIFT_CARD_MESSAGES.messageTooLong;
  if (details.sendOn !== null) {
    // Without the shopper's zone, a day's slack either side of UTC's (time zones run from -12 to +14 hours).
    const today = details.timeZone === null ? null : dayIn(now, details.timeZone);
    const earliest = today ?? utcDay(now - DAY_MS);
    const latest =
      today === null ? utcDay(now + (GIFT_SEND_MAX_DAYS + 1) * DAY_MS) : dayAfter(today, GIFT_SEND_MAX_DAYS);
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
      timeZone: typeof value.timeZone === 'string' ? value.timeZone : null,
    };
  } catch {
    return null;
  }
}

/** Whether a card with this send date has been emailed by `now` (due at once, or its day has begun in its zone), or waits for its day. */
export function giftSentBy(card: { sendOn: string | null; timeZone?: string | null }, now: number): boolean {
  if (card.sendOn === null) return true;
  try {
    return card.sendOn <= dayIn(now, card.timeZone ?? 'UTC');
  } catch {
    // A browser whose time-zone data lacks the zone: UTC's day, at most a day off.
    return card.sendOn <= dayIn(now, 'UTC');
  }
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
