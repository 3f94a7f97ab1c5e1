/** The shopper's order emails (confirmed, received, shipped, cancelled, refunded, partly refunded), queued in the object's outbox. */
import { formatMoney } from '../../commerce/money';
import { orderTitle, paymentReference, type Order, type OrderRefund } from '../../commerce/order';
import { giftCardRefundedCents, refundedCents } from '../../commerce/refunds';
import { billingText } from '../../commerce/subscriptions';
import type { OrdersContext } from './context';
import { downloadsOf } from './downloads';
import { giftCardSentText } from './gift-cards';
import type { OrderPrivate } from './model';
import { subscriptionOfOrder } from './subscriptions';

/** The subject of the email about an attempt whose payment never went through (its window ended). */
export const UNPAID_CANCELLED = 'Your payment was not completed, so no order was placed and nothing was charged';

export function queueOrderEmail(
  self: OrdersContext,
  order: Order,
  kind: 'confirmed' | 'received' | 'fulfilled' | 'cancelled' | 'refunded',
): void {
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  const lines = order.entries
    .map(
      (e) =>
        `${e.quantity} × ${e.title}${Object.keys(e.attributes).length > 0 ? ` (${Object.values(e.attributes).join(', ')})` : ''}: ${money(e.subtotalCents)}`,
    )
    .join('\n');
  const name = orderTitle(order);
  // An attempt not paid has no order number: it is named by its payment reference and never called an order placed.
  const unpaid = order.orderNumber === null;
  const subjects = {
    confirmed: `${name} confirmed`,
    received: `We are processing your payment (reference ${paymentReference(order.id)})`,
    fulfilled: `${name} has shipped`,
    cancelled: unpaid ? UNPAID_CANCELLED : `${name} cancelled`,
    refunded: `${name} refunded`,
  };
  const tracking =
    kind === 'fulfilled' && order.fulfillment !== null
      ? `\nTracking number: ${order.fulfillment.trackingNumber}${order.fulfillment.carrier === null ? '' : ` (${order.fulfillment.carrier})`}\n`
      : '';
  const giftCard =
    order.giftCard == null
      ? ''
      : `Paid with gift card ${order.giftCard.code}: ${money(order.giftCardCents)}; left on the card: ${money(order.giftCard.remainingCents)}\n`;
  const refunded =
    kind === 'refunded' ? `\n${refundedText(order, refundedCents(order), giftCardRefundedCents(order))}` : '';
  const sent =
    kind === 'confirmed'
      ? (order.giftCardsSent ?? [])
          .map((card) => `${giftCardSentText(card, order.email, order.currencyCode)}\n`)
          .join('')
      : '';
  const manage = order.subscription === null || kind !== 'confirmed' ? '' : subscriptionEmailText(self, order);
  const downloads = kind === 'confirmed' ? downloadsEmailText(self, order) : '';
  self.outbox.queue(
    {
      to: order.email,
      subject: subjects[kind],
      text: `${subjects[kind]}.\n\n${lines}\n\nTotal: ${money(order.grandTotalCents)}\n${giftCard}${refunded}${sent === '' ? '' : `\n${sent}`}${downloads}${manage}${tracking}`,
    },
    `order:${order.id}:${kind}`,
  );
}

function originOf(url: string | null): string {
  try {
    return url === null ? '' : new URL(url).origin;
  } catch {
    return '';
  }
}

/** The order's download links (absolute, at the store the order was placed at), each with its limit and end date. */
function downloadsEmailText(self: OrdersContext, order: Order): string {
  const downloads = downloadsOf(self, order.id, Date.now());
  if (downloads.length === 0) return '';
  // The store's origin kept with the order, else the one its charge was sent back to (a card payment's return address).
  const row = self.sql
    .exec<{ origin: string | null; returnUrl: string | null }>(
      "SELECT json_extract(data, '$.storeOrigin') AS origin, json_extract(data, '$.charge.metadata.returnUrl') AS returnUrl FROM orders WHERE id = ?",
      order.id,
    )
    .toArray()[0];
  const origin = row?.origin ?? originOf(row?.returnUrl ?? null);
  const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  const links = downloads.map(
    (d) => `${d.title}: ${origin}${d.url}\n(${d.downloadsLeft} downloads, until ${until.format(d.expiresOn)})\n`,
  );
  return `\nDownload your files:\n${links.join('')}`;
}

/** A subscription order's terms and the link that manages it (the first order's page; every order of the subscription shares its token). */
export function subscriptionEmailText(self: OrdersContext, order: Order): string {
  const subscription = subscriptionOfOrder(self, order.id);
  const plan = order.subscription;
  if (subscription === null || plan === null) return '';
  const first = JSON.parse(subscription.data) as Order & OrderPrivate;
  const next =
    plan.nextBillingOn === null ? '' : ` Next charge: ${new Date(plan.nextBillingOn).toUTCString().slice(0, 16)}.`;
  const link = first.manageUrl === undefined ? '' : `\nTo see or cancel your subscription: ${first.manageUrl}\n`;
  return `\n${billingText(plan)}: ${formatMoney(first.grandTotalCents, order.currencyCode)} each time.${next}\n${link}`;
}

/** Where refunded money went: the card, and the gift card that paid part of the order (with its code, masked). */
function refundedText(order: Order, cardCents: number, giftCardCents: number): string {
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  const card = cardCents > 0 || giftCardCents === 0 ? `Refunded to your card: ${money(cardCents)}\n` : '';
  const giftCard =
    giftCardCents > 0
      ? `Put back on your gift card${order.giftCard == null ? '' : ` ${order.giftCard.code}`}: ${money(giftCardCents)}\n`
      : '';
  return `${card}${giftCard}`;
}

/** A refund that leaves the order open: how much goes back to the card and the gift card, and for which items. */
export function queueRefundEmail(self: OrdersContext, order: Order, refund: OrderRefund): void {
  const subject = `${orderTitle(order)} partially refunded`;
  const items = refund.lines.map((l) => `${l.quantity} × ${l.title}`).join('\n');
  self.outbox.queue(
    {
      to: order.email,
      subject,
      text: `${subject}.\n\n${refundedText(order, refund.amountCents, refund.giftCardCents)}${items === '' ? '' : `\n${items}\n`}`,
    },
    `order:${order.id}:refund:${refund.id}`,
  );
}
