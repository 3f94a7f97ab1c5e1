import {
  hasNextCycle,
  nextBillingTime,
  type BuyerSubscription,
  type SubscriptionPlan,
} from '../../commerce/subscriptions';
import { emailText, FORMER_EMAIL_LOCALE, type EmailLocale } from '../../commerce/email-text';
import { sameToken } from '../../ids';
import { tokenDigest } from '../passwords';
import { PAGE_SIZE, type SubscriptionRow } from './model';
import { scheduleAlarm, type OrdersContext } from './context';
import { orderRow, toOrder } from './records';

/** The subscription an order belongs to (its first order or a renewal: every order of it carries the first order's token hash). */
export function subscriptionOfOrder(self: OrdersContext, orderId: string): SubscriptionRow | null {
  return (
    self.sql
      .exec<SubscriptionRow>(
        "SELECT s.* FROM subscriptions s JOIN orders first ON first.id = s.order_id WHERE first.token_hash != '' AND first.token_hash = (SELECT token_hash FROM orders WHERE id = ?)",
        orderId,
      )
      .toArray()[0] ?? null
  );
}

/** Active or paused: a subscription that may still be charged, so it may be cancelled. */
function stillBilled(subscription: BuyerSubscription): boolean {
  return subscription.status === 'active' || subscription.status === 'paused';
}

export function buyerSubscription(row: SubscriptionRow): BuyerSubscription {
  const first = toOrder(row.data);
  const plan: SubscriptionPlan =
    first.subscription === null
      ? { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }
      : { billingPeriod: first.subscription.billingPeriod, numBillingCycles: first.subscription.numBillingCycles };
  const status =
    row.cancelled_at !== null
      ? 'cancelled'
      : !hasNextCycle(plan, row.cycle)
        ? 'ended'
        : row.paused_at !== null
          ? 'paused'
          : // A cycle being charged has no next date for a moment: it is still active (and may be cancelled).
            'active';
  return {
    id: row.id,
    status,
    title: first.entries.map((e) => e.title).join(', '),
    plan,
    amountCents: first.grandTotalCents,
    currencyCode: first.currencyCode,
    cycle: row.cycle,
    nextChargeOn: status === 'paused' ? null : row.next_at,
    cancelledOn: row.cancelled_at,
    pausedOn: status === 'paused' ? row.paused_at : null,
  };
}

/** The subscription of a buyer's order (the token of its page), or null: no such order, a wrong token, or no subscription. */
export async function subscriptionForBuyer(
  self: OrdersContext,
  orderId: string,
  token: string,
): Promise<BuyerSubscription | null> {
  const row = orderRow(self, orderId);
  if (row === null || row.token_hash === '' || !sameToken(row.token_hash, await tokenDigest(token))) return null;
  const subscription = subscriptionOfOrder(self, orderId);
  return subscription === null ? null : buyerSubscription(subscription);
}

/**
 * The buyer cancels (the manage link's page, or their account): never renewed again, the cancellation
 * emailed once. Cancelling a cancelled subscription answers it as it is.
 */
export async function cancelSubscription(
  self: OrdersContext,
  orderId: string,
  token: string,
  now = Date.now(),
): Promise<BuyerSubscription | null> {
  const found = await subscriptionForBuyer(self, orderId, token);
  return found === null || !stillBilled(found) ? found : cancelledSubscription(self, found, now);
}

/** A signed-in shopper's subscriptions: those whose first order is one of theirs (customerOrders' rule), newest first. */
export function customerSubscriptions(
  self: OrdersContext,
  verifiedEmail: string | null,
  linkedIds: string[],
  id: string | null = null,
): BuyerSubscription[] {
  return self.sql
    .exec<SubscriptionRow>(
      `SELECT s.* FROM subscriptions s JOIN orders o ON o.id = s.order_id
       WHERE (o.id IN (SELECT value FROM json_each(?)) OR lower(json_extract(o.data, '$.email')) = ?) AND (? IS NULL OR s.id = ?) ORDER BY o.number DESC LIMIT ?`,
      JSON.stringify(linkedIds),
      verifiedEmail?.toLowerCase() ?? null,
      id,
      id,
      PAGE_SIZE,
    )
    .toArray()
    .map((row) => buyerSubscription(row));
}

/** The account page's Cancel: only a subscription of the signed-in shopper's (else null, as for one that does not exist). */
export async function cancelCustomerSubscription(
  self: OrdersContext,
  id: string,
  verifiedEmail: string | null,
  linkedIds: string[],
  now = Date.now(),
  locale: EmailLocale = FORMER_EMAIL_LOCALE,
): Promise<BuyerSubscription | null> {
  const found = customerSubscriptions(self, verifiedEmail, linkedIds, id)[0] ?? null;
  return found === null || !stillBilled(found) ? found : cancelledSubscription(self, found, now, locale);
}

/**
 * The account page's Pause: not charged until resumed, and the shopper is emailed so in `locale`'s
 * language. Only an active subscription of the signed-in shopper's is paused; any other of theirs is
 * answered as it is, one that is not theirs is null.
 */
export async function pauseCustomerSubscription(
  self: OrdersContext,
  id: string,
  verifiedEmail: string | null,
  linkedIds: string[],
  now = Date.now(),
  locale: EmailLocale = FORMER_EMAIL_LOCALE,
): Promise<BuyerSubscription | null> {
  const found = customerSubscriptions(self, verifiedEmail, linkedIds, id)[0] ?? null;
  if (found === null || found.status !== 'active') return found;
  const row = self.sql
    .exec<SubscriptionRow>('UPDATE subscriptions SET paused_at = ? WHERE id = ? RETURNING *', now, id)
    .one();
  const text = emailText(locale);
  self.outbox.queue(
    {
      to: toOrder(row.data).email,
      subject: text.say('subscription.pausedSubject'),
      lang: text.lang,
      text: `${text.say('subscription.paused', { title: found.title })}\n`,
    },
    `subscription-paused:${row.id}:${now}`,
    now,
  );
  await scheduleAlarm(self);
  return buyerSubscription(row);
}

/**
 * The account page's Resume: charged again from its next date, or, when that passed while it was
 * paused, one billing period from now (a resume never charges at once for the time it was paused);
 * the shopper is emailed the next charge in `locale`'s language.
 */
export async function resumeCustomerSubscription(
  self: OrdersContext,
  id: string,
  verifiedEmail: string | null,
  linkedIds: string[],
  now = Date.now(),
  locale: EmailLocale = FORMER_EMAIL_LOCALE,
): Promise<BuyerSubscription | null> {
  const found = customerSubscriptions(self, verifiedEmail, linkedIds, id)[0] ?? null;
  if (found === null || found.status !== 'paused') return found;
  const current = self.sql.exec<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?', id).one();
  const nextAt =
    current.next_at !== null && current.next_at > now
      ? current.next_at
      : nextBillingTime(now, found.plan.billingPeriod);
  const row = self.sql
    .exec<SubscriptionRow>(
      'UPDATE subscriptions SET paused_at = NULL, next_at = ? WHERE id = ? RETURNING *',
      nextAt,
      id,
    )
    .one();
  const text = emailText(locale);
  const amount = text.money(found.amountCents, found.currencyCode);
  self.outbox.queue(
    {
      to: toOrder(row.data).email,
      subject: text.say('subscription.resumedSubject'),
      lang: text.lang,
      text: `${text.say('subscription.resumed', { title: found.title, amount, date: text.date(nextAt) })}\n`,
    },
    `subscription-resumed:${row.id}:${now}`,
    now,
  );
  await scheduleAlarm(self);
  return buyerSubscription(row);
}

export async function cancelledSubscription(
  self: OrdersContext,
  found: BuyerSubscription,
  now: number,
  locale: EmailLocale = FORMER_EMAIL_LOCALE,
): Promise<BuyerSubscription> {
  const row = self.sql
    .exec<SubscriptionRow>(
      'UPDATE subscriptions SET next_at = NULL, cancelled_at = ? WHERE id = ? RETURNING *',
      now,
      found.id,
    )
    .one();
  const text = emailText(locale);
  self.outbox.queue(
    {
      to: toOrder(row.data).email,
      subject: text.say('subscription.cancelledSubject'),
      lang: text.lang,
      text: `${text.say('subscription.cancelled', { title: found.title })}\n`,
    },
    `subscription-cancelled:${row.id}`,
    now,
  );
  await scheduleAlarm(self);
  return buyerSubscription(row);
}
