/** The commerce object's gift cards: the emails about a card an order sent, a card's balance, and credit given back to one. */
import {
  dayIn,
  giftSentBy,
  normalGiftCardCode,
  type GiftCardDetails,
  type GiftCardSent,
} from '../../commerce/gift-cards';
import { fromZonedInput } from '../../site/editor/zoned-time';
import { emailText, FORMER_EMAIL_LOCALE, type EmailText } from '../../commerce/email-text';
import type { Order } from '../../commerce/order';
import type { EmailMessage } from '../../integrations/email';
import { giftCardRefundableCents } from '../../commerce/refunds';
import type { OrdersContext } from './context';
import { orderRow } from './records';

/**
 * When a card with these details is emailed: at once, or at 00:00 of its send date in its time zone
 * (the shopper's; UTC for an entry kept without one). A zone whose clocks skip midnight that day
 * sends at the day's first hour.
 */
export function giftSendAt(details: GiftCardDetails | null, now: number): number {
  if (details?.sendOn == null) return now;
  const zone = details.timeZone ?? 'UTC';
  const midnight = fromZonedInput(`${details.sendOn}T00:00`, zone) ?? Date.parse(`${details.sendOn}T00:00:00Z`);
  const start = dayIn(midnight, zone) < details.sendOn ? midnight + 3_600_000 : midnight;
  return Math.max(now, start);
}

/** The buyer's line about a card the order sent: to whom, and when (sent, or to be sent on a later day as of `now`), in the order email's language, `text`. */
export function giftCardSentText(
  text: EmailText,
  card: GiftCardSent,
  buyerEmail: string,
  currency: string,
  now: number,
): string {
  const who =
    card.recipientEmail.toLowerCase() === buyerEmail.toLowerCase()
      ? text.say('giftCard.sentToYou')
      : `${card.recipientName === '' ? '' : `${card.recipientName} `}<${card.recipientEmail}>`;
  const amount = text.money(card.amountCents, currency);
  if (card.sendOn === null) return text.say('giftCard.sent', { amount, who });
  const date = text.day(card.sendOn);
  return giftSentBy(card, now)
    ? text.say('giftCard.sentOn', { amount, who, date })
    : text.say('giftCard.willBeSentOn', { amount, who, date });
}

/** The recipient's email: the card's code, its value and the buyer's message, in the language the order was placed in. */
export function giftCardEmail(card: GiftCardSent, code: string, message: string, order: Order): EmailMessage {
  const text = emailText(order.emailLocale ?? FORMER_EMAIL_LOCALE);
  const worth = text.money(card.amountCents, order.currencyCode);
  const greeting = card.recipientName === '' ? '' : `${text.say('giftCard.hello', { name: card.recipientName })}\n\n`;
  const end = `${text.say('giftCard.code', { code })}\n\n${text.say('giftCard.useIt')}\n`;
  if (card.code !== null)
    return {
      to: card.recipientEmail,
      subject: text.say('giftCard.yoursSubject'),
      lang: text.lang,
      text: `${greeting}${text.say('giftCard.yours', { amount: worth })}\n\n${message === '' ? '' : `${message}\n\n`}${end}`,
    };
  const from =
    order.shippingAddress === null
      ? order.email
      : `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim() || order.email;
  const note = message === '' ? '' : `${text.say('giftCard.theirMessage')}\n\n${message}\n\n`;
  return {
    to: card.recipientEmail,
    subject: text.say('giftCard.receivedSubject'),
    lang: text.lang,
    text: `${greeting}${text.say('giftCard.received', { from, amount: worth })}\n\n${note}${end}`,
  };
}

export function giftCardBalance(self: OrdersContext, code: string): number | null {
  const row = self.sql
    .exec<{ balance_cents: number }>('SELECT balance_cents FROM gift_cards WHERE code = ?', normalGiftCardCode(code))
    .toArray()[0];
  return row?.balance_cents ?? null;
}

/**
 * Puts `cents` back on the gift card that paid part of order `id`; by default all it paid that no refund
 * gave back yet (a cancelled or closed order). A card spent since simply gains the amount again.
 */
export function creditGiftCard(self: OrdersContext, id: string, cents?: number): void {
  const row = orderRow(self, id);
  if (row === null) return;
  const data = JSON.parse(row.data) as Order & { giftCardCode: string | null };
  const credit = cents ?? giftCardRefundableCents(data);
  if (data.giftCardCode !== null && credit > 0)
    self.sql.exec('UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE code = ?', credit, data.giftCardCode);
}
