/**
 * The merchant's own emails to a customer (console → Customers → Email customer): queued in the object's outbox under
 * the composer's send id, so a resend of the same email queues nothing more, sent at once, and bounded per store and
 * hour.
 */
import { CUSTOMER_EMAILS_PER_HOUR, type CustomerEmail, type SentCustomerEmail } from '../../site/editor/customer-email';
import type { OrdersContext } from './context';

const EVENT_PREFIX = 'customer-email:';
const HOUR_MS = 60 * 60 * 1000;
/** The newest emails a customer's page lists. */
const LISTED = 20;

export type CustomerEmailOutcome = { ok: true; queued: boolean } | { ok: false; error: 'rateLimited' };

export function emailCustomer(
  self: OrdersContext,
  to: string,
  email: CustomerEmail,
  now = Date.now(),
): CustomerEmailOutcome {
  if (self.outbox.queuedSince(EVENT_PREFIX, now - HOUR_MS) >= CUSTOMER_EMAILS_PER_HOUR)
    return { ok: false, error: 'rateLimited' };
  const queued = self.outbox.queue(
    { to, subject: email.subject, text: email.body, cc: email.cc, bcc: email.bcc },
    `${EVENT_PREFIX}${email.sendId}`,
    now,
  );
  return { ok: true, queued };
}

/** The emails the store's merchants wrote to `to`, newest first. */
export function customerEmails(self: OrdersContext, to: string): SentCustomerEmail[] {
  return self.outbox.queuedFor(EVENT_PREFIX, to, LISTED);
}
