/**
 * The store's own words in its order emails (console → Commerce → Emails, docs/merchant.md "Order emails"):
 * a message per email the shopper gets (the order's confirmation, its shipping, a refund), put under the
 * email's first line in every language the email is sent in. The rest of each email (the order's lines,
 * totals, tracking, downloads) is written by the store. One zod schema for the console's form and the route.
 * The emails are plain text, so a message needs no escaping; it is kept in the orders object that sends them.
 */
import { z } from 'zod';

/** The emails a merchant may add a message to, in the order the console lists them. */
export const EMAIL_MESSAGE_KINDS = ['confirmed', 'fulfilled', 'refunded'] as const;
export type EmailMessageKind = (typeof EMAIL_MESSAGE_KINDS)[number];

export const isEmailMessageKind = (kind: string): kind is EmailMessageKind =>
  (EMAIL_MESSAGE_KINDS as readonly string[]).includes(kind);

export const MAX_EMAIL_MESSAGE = 2_000;

/** What the console names each email, and when the store sends it. */
export const EMAIL_MESSAGE_LABELS: Record<EmailMessageKind, { title: string; sent: string }> = {
  confirmed: { title: 'Order confirmation', sent: 'Sent when an order is paid.' },
  fulfilled: {
    title: 'Shipping confirmation',
    sent: 'Sent when you mark an order fulfilled, with its tracking number.',
  },
  refunded: { title: 'Refund', sent: 'Sent when you refund an order, in full or in part.' },
};

/** Required, so a save that leaves an email out is refused instead of blanking its message; '' is none. */
const message = z
  .string({ error: "Give this email's message, or an empty text for none." })
  .trim()
  .max(MAX_EMAIL_MESSAGE, `A message can be at most ${MAX_EMAIL_MESSAGE.toLocaleString('en-US')} characters.`);

export const emailMessagesSchema = z.object({ confirmed: message, fulfilled: message, refunded: message });
export type EmailMessages = z.output<typeof emailMessagesSchema>;

export const NO_EMAIL_MESSAGES: EmailMessages = { confirmed: '', fulfilled: '', refunded: '' };
