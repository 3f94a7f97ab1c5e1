/**
 * The shopper's order emails (confirmed, received, shipped, cancelled, refunded, partly refunded), queued in the object's
 * outbox, with the merchant's message (console → Commerce → Emails) under the first line of those that have one.
 */
import { emailText, FORMER_EMAIL_LOCALE, type EmailText } from '../../commerce/email-text';
import { EMAIL_EN } from '../../commerce/email-text/en';
import { paymentReference, type Order, type OrderRefund } from '../../commerce/order';
import { giftCardRefundedCents, refundedCents } from '../../commerce/refunds';
import type { OrderDownload } from '../../commerce/downloads';
import {
  type EmailMessages,
  emailMessagesSchema,
  isEmailMessageKind,
  NO_EMAIL_MESSAGES,
} from '../../site/editor/email-messages';
import { kept, type OrdersContext } from './context';
import { giftCardSentText } from './gift-cards';
import type { OrderPrivate } from './model';
import { subscriptionOfOrder } from './subscriptions';

/** The subject of the email about an attempt whose payment never went through (its window ended). */
export const UNPAID_CANCELLED = EMAIL_EN['order.unpaidSubject'];

/** Whom an order's emails are written for: the language it was placed in and the store's zone then (older orders: English, UTC). */
export function orderEmailText(order: Order): EmailText {
  return emailText(order.emailLocale ?? FORMER_EMAIL_LOCALE);
}

/** The merchant's messages (kept in memory once read, so an order's email adds no statement). */
export function emailMessagesOf(self: OrdersContext): EmailMessages {
  const rows = kept(self);
  if (rows.emailMessages === undefined) {
    const row = self.sql.exec<{ data: string }>('SELECT data FROM email_messages WHERE id = 1').toArray()[0];
    rows.emailMessages =
      row === undefined ? NO_EMAIL_MESSAGES : emailMessagesSchema.parse(JSON.parse(row.data) as unknown);
  }
  return { ...rows.emailMessages };
}

export function setEmailMessages(self: OrdersContext, messages: EmailMessages): EmailMessages {
  const parsed = emailMessagesSchema.parse(messages);
  self.sql.exec('INSERT OR REPLACE INTO email_messages (id, data) VALUES (1, ?)', JSON.stringify(parsed));
  kept(self).emailMessages = parsed;
  return { ...parsed };
}

/** The email's first line, then the merchant's message for `kind` as its own paragraph when there is one. */
function opening(self: OrdersContext, subject: string, kind: string): string {
  const message = isEmailMessageKind(kind) ? emailMessagesOf(self)[kind] : '';
  return `${subject}.\n\n${message === '' ? '' : `${message}\n\n`}`;
}

/** `Order #1001` once paid, else its payment reference, in the email's language. */
function orderName(text: EmailText, order: Order): string {
  return order.orderNumber === null
    ? text.say('order.checkoutName', { reference: paymentReference(order.id) })
    : text.say('order.name', { number: order.orderNumber });
}

/** A paid order's download grants and the store's origin their links are at (its confirmation lists them). */
export interface DownloadLinks {
  origin: string;
  downloads: readonly OrderDownload[];
}

export function queueOrderEmail(
  self: OrdersContext,
  order: Order,
  kind: 'confirmed' | 'received' | 'fulfilled' | 'cancelled' | 'refunded',
  links: DownloadLinks | null = null,
): void {
  const text = orderEmailText(order);
  const money = (cents: number) => text.money(cents, order.currencyCode);
  const lines = order.entries
    .map(
      (e) =>
        `${e.quantity} × ${e.title}${Object.keys(e.attributes).length > 0 ? ` (${Object.values(e.attributes).join(', ')})` : ''}: ${money(e.subtotalCents)}`,
    )
    .join('\n');
  const name = { order: orderName(text, order) };
  // An attempt not paid has no order number: it is named by its payment reference and never called an order placed.
  const unpaid = order.orderNumber === null;
  const subjects = {
    confirmed: text.say('order.confirmedSubject', name),
    received: text.say('order.receivedSubject', { reference: paymentReference(order.id) }),
    fulfilled: text.say('order.fulfilledSubject', name),
    cancelled: unpaid ? text.say('order.unpaidSubject') : text.say('order.cancelledSubject', name),
    refunded: text.say('order.refundedSubject', name),
  };
  const placed =
    kind === 'confirmed' || kind === 'received'
      ? `${text.say('order.placedOn', { date: text.dateTime(order.paidOn ?? order.createdOn) })}\n\n`
      : '';
  const tracking =
    kind === 'fulfilled' && order.fulfillment !== null
      ? `\n${text.say('order.tracking', { number: order.fulfillment.trackingNumber })}${order.fulfillment.carrier === null ? '' : ` (${order.fulfillment.carrier})`}\n`
      : '';
  const giftCard =
    order.giftCard == null
      ? ''
      : `${text.say('order.giftCardPaid', { code: order.giftCard.code, amount: money(order.giftCardCents), left: money(order.giftCard.remainingCents) })}\n`;
  const refunded =
    kind === 'refunded' ? `\n${refundedText(text, order, refundedCents(order), giftCardRefundedCents(order))}` : '';
  const sent =
    kind === 'confirmed'
      ? (order.giftCardsSent ?? [])
          .map(
            (card) => `${giftCardSentText(text, card, order.email, order.currencyCode, order.paidOn ?? Date.now())}\n`,
          )
          .join('')
      : '';
  const manage = order.subscription === null || kind !== 'confirmed' ? '' : subscriptionEmailText(self, order);
  const downloads = kind === 'confirmed' && links !== null ? downloadsEmailText(links, text) : '';
  self.outbox.queue(
    {
      to: order.email,
      subject: subjects[kind],
      lang: text.lang,
      text: `${opening(self, subjects[kind], kind)}${placed}${lines}\n\n${text.say('order.total', { amount: money(order.grandTotalCents) })}\n${giftCard}${refunded}${sent === '' ? '' : `\n${sent}`}${downloads}${manage}${tracking}`,
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

/** The store's origin kept with the order, else the one its charge was sent back to (a card payment's return address). */
export function storeOriginOf(data: OrderPrivate): string {
  return data.storeOrigin ?? originOf(data.charge?.metadata.returnUrl ?? null);
}

/** The order's download links (absolute, at the store the order was placed at), each with its limit and end date. */
function downloadsEmailText({ origin, downloads }: DownloadLinks, text: EmailText): string {
  if (downloads.length === 0) return '';
  const links = downloads.map(
    (d) =>
      `${d.title}: ${origin}${d.url}\n${text.say('order.downloadLimit', { count: d.downloadsLeft, date: text.date(d.expiresOn) })}\n`,
  );
  return `\n${text.say('order.downloads')}\n${links.join('')}`;
}

/** A subscription order's terms and the link that manages it (the first order's page; every order of the subscription shares its token). */
export function subscriptionEmailText(self: OrdersContext, order: Order): string {
  const subscription = subscriptionOfOrder(self, order.id);
  const plan = order.subscription;
  if (subscription === null || plan === null) return '';
  const first = JSON.parse(subscription.data) as Order & OrderPrivate;
  const text = orderEmailText(order);
  const next =
    plan.nextBillingOn === null ? '' : ` ${text.say('order.nextCharge', { date: text.date(plan.nextBillingOn) })}`;
  const link =
    first.manageUrl === undefined ? '' : `\n${text.say('order.manageSubscription', { link: first.manageUrl })}\n`;
  const each = text.say('order.subscriptionEach', {
    terms: text.billing(plan),
    amount: text.money(first.grandTotalCents, order.currencyCode),
  });
  return `\n${each}${next}\n${link}`;
}

/** Where refunded money went: the card, and the gift card that paid part of the order (with its code, masked). */
function refundedText(text: EmailText, order: Order, cardCents: number, giftCardCents: number): string {
  const money = (cents: number) => text.money(cents, order.currencyCode);
  const card =
    cardCents > 0 || giftCardCents === 0 ? `${text.say('order.refundedToCard', { amount: money(cardCents) })}\n` : '';
  const code = order.giftCard == null ? '' : ` ${order.giftCard.code}`;
  const giftCard =
    giftCardCents > 0 ? `${text.say('order.giftCardBack', { code, amount: money(giftCardCents) })}\n` : '';
  return `${card}${giftCard}`;
}

/** A refund that leaves the order open: how much goes back to the card and the gift card, and for which items. */
export function queueRefundEmail(self: OrdersContext, order: Order, refund: OrderRefund): void {
  const text = orderEmailText(order);
  const subject = text.say('order.partlyRefundedSubject', { order: orderName(text, order) });
  const items = refund.lines.map((l) => `${l.quantity} × ${l.title}`).join('\n');
  self.outbox.queue(
    {
      to: order.email,
      subject,
      lang: text.lang,
      text: `${opening(self, subject, 'refunded')}${refundedText(text, order, refund.amountCents, refund.giftCardCents)}${items === '' ? '' : `\n${items}\n`}`,
    },
    `order:${order.id}:refund:${refund.id}`,
  );
}
