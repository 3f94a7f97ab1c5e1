/** The commerce object's gift cards: the emails about a card an order sent, a card's balance, and credit given back to one. */
import { normalGiftCardCode, sendOnText, type GiftCardSent } from '../../commerce/gift-cards';
import { formatMoney } from '../../commerce/money';
import type { Order } from '../../commerce/order';
import { giftCardRefundableCents } from '../../commerce/refunds';
import type { OrdersContext } from './context';
import { orderRow } from './records';

/** The buyer's line about a card the order sent: to whom, and when. */
export function giftCardSentText(card: GiftCardSent, buyerEmail: string, currency: string): string {
  const who =
    card.recipientEmail.toLowerCase() === buyerEmail.toLowerCase()
      ? 'you (its code is in a separate email)'
      : `${card.recipientName === '' ? '' : `${card.recipientName} `}<${card.recipientEmail}>`;
  return `Gift card of ${formatMoney(card.amountCents, currency)} sent to ${who}${card.sendOn === null ? '' : ` on ${sendOnText(card.sendOn)}`}.`;
}

/** The recipient's email: the card's code, its value and the buyer's message. */
export function giftCardEmail(
  card: GiftCardSent,
  code: string,
  message: string,
  order: Order,
): { to: string; subject: string; text: string } {
  const worth = formatMoney(card.amountCents, order.currencyCode);
  const greeting = card.recipientName === '' ? '' : `Hello ${card.recipientName},\n\n`;
  const end = `Gift card code: ${code}\n\nEnter it at checkout to pay with it.\n`;
  if (card.code !== null)
    return {
      to: card.recipientEmail,
      subject: 'Your gift card',
      text: `${greeting}Here is your gift card worth ${worth}.\n\n${message === '' ? '' : `${message}\n\n`}${end}`,
    };
  const from =
    order.shippingAddress === null
      ? order.email
      : `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim() || order.email;
  const note = message === '' ? '' : `Their message:\n\n${message}\n\n`;
  return {
    to: card.recipientEmail,
    subject: 'You received a gift card',
    text: `${greeting}${from} sent you a gift card worth ${worth}.\n\n${note}${end}`,
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
