/**
 * The merchant's own emails to a customer (console → Customers → Email customer): queued in the object's outbox under
 * the composer's send id, so a resend of the same email queues nothing more, sent at once, and bounded per store and
 * hour.
 */
import { refused, type Result } from '../../result';
import {
  CUSTOMER_EMAIL_MESSAGES,
  CUSTOMER_EMAILS_PER_HOUR,
  type CustomerEmail,
  type SentCustomerEmail,
} from '../../site/editor/customer-email';
import type { OrdersContext } from './context';

const EVENT_PREFIX = 'customer-email:';
const HOUR_MS = 60 * 60 * 1000;
/** The newest emails a customer's page lists. */
const LISTED = 20;

/** `queued` false: this send id was queued before (a resend). Refused `rate-limited`: the store's hour is used up (the route answers 429). */
export type CustomerEmailOutcome = Result<{ queued: boolean }, 'rate-limited'>;

export function emailCustomer(
  self: OrdersContext,
  to: string,
  email: CustomerEmail,
  now = Date.now(),
): CustomerEmailOutcome {
  if (self.outbox.queuedSince(EVENT_PREFIX, now - HOUR_MS) >= CUSTOMER_EMAILS_PER_HOUR)
    return refused('rate-limited', CUSTOMER_EMAIL_MESSAGES.rateLimited);
  const queued = self.outbox.queue(
    { to, subject: email.subject, text: email.body, cc: email.cc, bcc: email.bcc },
    `${EVENT_PREFIX}${email.sendId}`,
    now,
  );
  return { ok: true, value: { queued } };
}

/** The emails the store's merchants wrote to `to`, newest first. */
export function customerEmails(self: OrdersContext, to: string): SentCustomerEmail[] {
  return self.outbox.queuedFor(EVENT_PREFIX, to, LISTED);
}
