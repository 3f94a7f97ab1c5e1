import { giftCardCode, giftDetailsOf, type GiftCardSent } from '../../commerce/gift-cards';
import type { Order } from '../../commerce/order';
import { ProductType } from '../../commerce/product';
import { hasNextCycle, nextBillingTime } from '../../commerce/subscriptions';
import type { ChargeRequest, ChargeResult } from '../../integrations/payments';
import { faultPoint } from '../../faults';
import { cartStub, stockLedger } from '../stubs';
import { storePayments } from './payment-settings';
import {
  UNKNOWN_FIRST_RETRY_MS,
  UNKNOWN_MAX_RETRY_MS,
  UNKNOWN_GIVE_UP_MS,
  placeDeclined,
  type PlaceOutcome,
  type PlaceRefused,
  type OrderPrivate,
  type UnsettledRow,
  unitsOf,
} from './model';
import { scheduleAlarm, type OrdersContext } from './context';
import { deleteCheckout } from './checkout';
import { issueDownloads } from './downloads';
import { queueOrderEmail, storeOriginOf } from './emails';
import { giftCardEmail, creditGiftCard, giftSendAt } from './gift-cards';
import { followUp, placementAnswer } from './placements';
import { cartOf, nextOrderNumber, orderById, orderRow, publicOrder, storedOrder, writeOrder } from './records';

/**
 * What becomes true when an order is paid: its order number given (an attempt never paid uses up
 * none), the discount use counted, bought gift cards issued, digital lines' downloads granted, the next subscription order
 * scheduled, the confirmation emailed. Synchronous. The paid order, null when there is none.
 * `data` and `write` when the order is paid as it is recorded (placing): its stored data as it will be, numbered already
 * (not written and read back as JSON), and the row's one write, its insert.
 */
export function paidEffects(
  self: OrdersContext,
  id: string,
  now: number,
  data: (Order & OrderPrivate) | null = storedOrder(self, id),
  write: (orderNumber: number, data: string) => void = (orderNumber, data) =>
    self.sql.exec(
      'UPDATE orders SET order_number = ?, status = ?, data = ? WHERE id = ?',
      orderNumber,
      'paid',
      data,
      id,
    ),
): Order | null {
  if (data === null) return null;
  const orderNumber = data.orderNumber ?? nextOrderNumber(self);
  const code = data.coupons[0];
  if (code !== undefined) self.sql.exec('UPDATE discounts SET uses = uses + 1 WHERE code = ?', code);
  const giftCardsSent: GiftCardSent[] = [];
  for (const entry of data.entries) {
    if (entry.productType !== ProductType.GiftCard) continue;
    // Each card goes to the recipient its entry names; a card bought without one is the buyer's.
    const details = giftDetailsOf(entry.additionalFields);
    const recipientEmail = details?.recipientEmail ?? data.giftRecipientEmail ?? data.email;
    const toBuyer = recipientEmail.toLowerCase() === data.email.toLowerCase();
    for (let i = 0; i < entry.quantity; i++) {
      const cardCode = giftCardCode(crypto.getRandomValues(new Uint8Array(16)));
      self.sql.exec(
        'INSERT INTO gift_cards (code, initial_cents, balance_cents, order_id, created_at) VALUES (?, ?, ?, ?, ?)',
        cardCode,
        entry.unitPriceCents,
        entry.unitPriceCents,
        id,
        now,
      );
      const sent: GiftCardSent = {
        amountCents: entry.unitPriceCents,
        recipientEmail,
        recipientName: details?.recipientName ?? '',
        sendOn: details?.sendOn ?? null,
        ...(details?.sendOn == null ? {} : { timeZone: details.timeZone ?? 'UTC' }),
        code: toBuyer ? cardCode : null,
      };
      // A later send date waits in the outbox: its delivery is due then, and the alarm sends it.
      self.outbox.queue(
        giftCardEmail(sent, cardCode, details?.message ?? '', data),
        `gift-card:${cardCode}`,
        giftSendAt(details, now),
      );
      giftCardsSent.push(sent);
    }
  }
  let subscription = data.subscription;
  if (subscription !== null && hasNextCycle(subscription, subscription.cycle)) {
    const nextAt = nextBillingTime(now, subscription.billingPeriod);
    subscription = { ...subscription, nextBillingOn: nextAt };
    self.sql.exec(
      'INSERT OR REPLACE INTO subscriptions (id, order_id, token, cycle, next_at, data) VALUES (?, ?, ?, ?, ?, ?)',
      `sub_${id}`,
      id,
      data.paymentToken,
      subscription.cycle,
      nextAt,
      JSON.stringify(data),
    );
  }
  const { clientSecret: _secret, ...settled } = data.payment;
  const payment =
    data.payment.status === 'none' ? data.payment : { ...settled, status: 'succeeded' as const, nextActionUrl: null };
  const paid: Order = {
    ...publicOrder(data),
    orderNumber,
    status: 'paid',
    paidOn: data.paidOn ?? now,
    payment,
    subscription,
    ...(giftCardsSent.length === 0 ? {} : { giftCardsSent }),
  };
  // One write: its number, its status and its data (the row's private fields kept).
  write(orderNumber, JSON.stringify({ ...data, ...paid }));
  const downloads = issueDownloads(self, id, paid.entries, now);
  queueOrderEmail(self, paid, 'confirmed', { origin: storeOriginOf(data), downloads });
  return paid;
}

/**
 * A pending payment settled (the payment webhook): paid, or cancelled with its stock released and
 * its cart open again. `orderId` (the charge's metadata) finds an order whose charge had an
 * unknown outcome, which has no payment id yet.
 */
export async function paymentSettled(
  self: OrdersContext,
  websiteId: string,
  paymentId: string,
  outcome: 'succeeded' | 'failed',
  now = Date.now(),
  orderId: string | null = null,
): Promise<Order | null> {
  let row = self.sql
    .exec<{ id: string; status: string }>('SELECT id, status FROM orders WHERE payment_id = ?', paymentId)
    .toArray()[0];
  if (row === undefined && orderId !== null) {
    row = self.sql
      .exec<{ id: string; status: string }>(
        'SELECT id, status FROM orders WHERE id = ? AND payment_id IS NULL',
        orderId,
      )
      .toArray()[0];
    if (row !== undefined && orderById(self, row.id)?.payment.status !== 'unknown') row = undefined;
    if (row !== undefined) self.sql.exec('UPDATE orders SET payment_id = ? WHERE id = ?', paymentId, row.id);
  }
  if (row === undefined) return null;
  const order = orderById(self, row.id);
  // Authenticated after its window ended and the order was cancelled: the money goes back (the same refund key every time).
  if (
    row.status === 'cancelled' &&
    outcome === 'succeeded' &&
    order !== null &&
    order.paidOn === null &&
    order.amountChargedCents > 0
  ) {
    const refunded = await (await storePayments(self)).refund(
      paymentId,
      order.amountChargedCents,
      `${websiteId}:refund:${row.id}`,
    );
    if (!refunded.ok)
      console.error(
        `Order ${row.id}: a payment authenticated after its window could not be refunded: ${refunded.message}`,
      );
  }
  if (row.status !== 'pending') return orderById(self, row.id);
  if (outcome === 'succeeded') await settlePaid(self, websiteId, row.id, now);
  else await settleFailed(self, websiteId, row.id, now, true);
  await scheduleAlarm(self);
  return orderById(self, row.id);
}

/** A pending order's payment went through: paid once, its reserved units sold. */
export async function settlePaid(self: OrdersContext, websiteId: string, id: string, now: number): Promise<void> {
  paidEffects(self, id, now);
  const cartId = cartOf(self, id);
  deleteCheckout(self, cartId);
  self.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
  answerPlacement(self, id, null);
  // Its units are sold by the follow-up, recorded with the payment: a kill before the ledger is told leaves it for the alarm, not a lapsing hold.
  self.sql.exec(
    'INSERT INTO followups (order_id, hold_until, created_at) VALUES (?, NULL, ?) ON CONFLICT (order_id) DO UPDATE SET hold_until = NULL',
    id,
    now,
  );
  await faultPoint('durable-object', 'CommerceOrders.settle:recorded', () =>
    self.ctx.abort('killed between recording a payment and selling its units (injected fault)'),
  );
  await followUp(self, websiteId, id);
}

/**
 * The shopper came back to the checkout without answering the authentication step (the browser's
 * back button, or the checkout opened again): that attempt is given up as a failed payment, so
 * its units go back and its cart opens again with the checkout's details. A success that still
 * arrives for it is refunded (paymentSettled). False when the order is not waiting for authentication.
 */
export async function abandonAuthentication(
  self: OrdersContext,
  websiteId: string,
  id: string,
  now = Date.now(),
): Promise<boolean> {
  const order = orderById(self, id);
  if (order === null || order.status !== 'pending' || order.payment.status !== 'requires_action') return false;
  await settleFailed(self, websiteId, id, now, false);
  await cancelAtProvider(self, websiteId, id);
  await scheduleAlarm(self);
  return true;
}

/**
 * Cancels at the provider a payment the store gave up while it waited for authentication, so the
 * shopper can no longer complete it (Stripe: the PaymentIntent is cancelled). Best effort, after the
 * order is cancelled: a success that wins the race (or a cancellation that fails) is refunded when
 * its webhook arrives (paymentSettled).
 */
async function cancelAtProvider(self: OrdersContext, websiteId: string, id: string): Promise<void> {
  const paymentId = self.sql
    .exec<{ payment_id: string | null }>('SELECT payment_id FROM orders WHERE id = ?', id)
    .toArray()[0]?.payment_id;
  if (paymentId === undefined || paymentId === null) return;
  const cancelled = await (await storePayments(self))
    .cancel(paymentId, `${websiteId}:cancel:${id}`)
    .catch((error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : 'no answer' }));
  if (!cancelled.ok) console.error(`Order ${id}: its payment ${paymentId} was not cancelled: ${cancelled.message}`);
}

/** A pending order's payment failed: cancelled, its stock released, gift card credited, and its cart open to be bought again. */
export async function settleFailed(
  self: OrdersContext,
  websiteId: string,
  id: string,
  now: number,
  email: boolean,
  decline: PlaceRefused<'declined'> | null = null,
): Promise<void> {
  const order = orderById(self, id);
  if (order === null) return;
  creditGiftCard(self, id);
  writeOrder(self, id, { ...order, status: 'cancelled', cancelledOn: now });
  if (email) queueOrderEmail(self, { ...order, status: 'cancelled' }, 'cancelled');
  answerPlacement(self, id, decline);
  self.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
  self.sql.exec('DELETE FROM followups WHERE order_id = ?', id);
  await stockLedger(self.env, websiteId).release(unitsOf(id));
  const cartId = cartOf(self, id);
  if (cartId !== '') await cartStub(self.env, websiteId, cartId).reopen(id);
}

/**
 * Once a charge with an unknown outcome is settled, its placement answers for good: the order
 * (with the buyer's confirmation URL it was first given), or the decline.
 */
export function answerPlacement(self: OrdersContext, id: string, decline: PlaceRefused<'declined'> | null): void {
  const unsettled = self.sql
    .exec<UnsettledRow>('DELETE FROM unsettled WHERE order_id = ? RETURNING *', id)
    .toArray()[0];
  if (unsettled === undefined) return;
  const first = placementAnswer(self, unsettled.cart_id, unsettled.key);
  const firstOrder = first?.ok === true ? first.value.order : null;
  const order = orderById(self, id);
  if (order === null || firstOrder === null) return;
  const outcome: PlaceOutcome = decline ?? {
    ok: true,
    value: { order: { ...order, confirmationUrl: firstOrder.confirmationUrl }, paymentUnknown: false },
  };
  self.sql.exec(
    'UPDATE placements SET answer = ? WHERE cart_id = ? AND key = ?',
    JSON.stringify(outcome),
    unsettled.cart_id,
    unsettled.key,
  );
}

/**
 * Asks the provider again about a charge whose outcome was unknown, with the same request and key
 * (a client retry or the alarm). The provider replays its first answer if it had one.
 */
export async function retryCharge(self: OrdersContext, websiteId: string, id: string, now: number): Promise<void> {
  const charge = unsettledCharge(self, id);
  if (charge === null) return;
  let charged: ChargeResult;
  try {
    charged = await (await storePayments(self)).charge(charge);
  } catch (error) {
    charged = { status: 'unknown', reason: error instanceof Error ? error.message : 'the provider failed' };
  }
  // Read again: the webhook may have settled the order while the provider was asked.
  if (unsettledCharge(self, id) === null) return;
  switch (charged.status) {
    case 'unknown': {
      const row = self.sql.exec<UnsettledRow>('SELECT * FROM unsettled WHERE order_id = ?', id).one();
      const attempts = row.attempts + 1;
      const nextAt = now + Math.min(UNKNOWN_FIRST_RETRY_MS * 2 ** attempts, UNKNOWN_MAX_RETRY_MS);
      const giveUp = nextAt - row.created_at > UNKNOWN_GIVE_UP_MS;
      if (giveUp)
        console.error(
          `Order ${id}: the payment provider never answered its charge; it stays pending until the provider's webhook or the merchant settles it`,
        );
      self.sql.exec(
        'UPDATE unsettled SET attempts = ?, next_at = ? WHERE order_id = ?',
        attempts,
        giveUp ? null : nextAt,
        id,
      );
      break;
    }
    case 'declined':
      await settleFailed(self, websiteId, id, now, false, placeDeclined(charged));
      break;
    case 'succeeded':
      self.sql.exec('UPDATE orders SET payment_id = ? WHERE id = ?', charged.paymentId, id);
      await settlePaid(self, websiteId, id, now);
      break;
    default: {
      self.sql.exec('UPDATE orders SET payment_id = ? WHERE id = ?', charged.paymentId, id);
      const order = orderById(self, id);
      if (order === null) break;
      const action =
        charged.status === 'requires_action'
          ? {
              nextActionUrl: charged.nextActionUrl,
              ...(charged.clientSecret === undefined ? {} : { clientSecret: charged.clientSecret }),
            }
          : { nextActionUrl: null };
      const pending: Order = { ...order, payment: { ...order.payment, status: charged.status, ...action } };
      writeOrder(self, id, pending);
      if (charged.status === 'pending') queueOrderEmail(self, pending, 'received');
      answerPlacement(self, id, null);
    }
  }
  await scheduleAlarm(self);
}

/** The charge of a pending order whose outcome is still unknown, else null. */
export function unsettledCharge(self: OrdersContext, id: string): ChargeRequest | null {
  const row = orderRow(self, id);
  if (
    row === null ||
    row.status !== 'pending' ||
    self.sql.exec('SELECT 1 FROM unsettled WHERE order_id = ?', id).toArray().length === 0
  )
    return null;
  const data = JSON.parse(row.data) as Order & OrderPrivate;
  return data.payment.status === 'unknown' ? (data.charge ?? null) : null;
}

/**
 * Payments whose window ended (the alarm; tests pass a fake clock): an order still waiting for its
 * authentication is cancelled, its units released, its gift card debit and code use given back, its
 * cart opened again and its payment cancelled at the provider; a success that still arrives for it
 * is refunded (paymentSettled).
 */
export async function endPaymentWindows(self: OrdersContext, websiteId: string, now = Date.now()): Promise<number> {
  const ended = self.sql
    .exec<{ order_id: string }>('DELETE FROM holds WHERE expires_at <= ? RETURNING order_id', now)
    .toArray();
  let cancelled = 0;
  for (const { order_id: id } of ended) {
    const order = orderById(self, id);
    if (order === null || order.status !== 'pending' || order.payment.status === 'unknown') continue;
    await settleFailed(self, websiteId, id, now, true);
    if (order.payment.status === 'requires_action') await cancelAtProvider(self, websiteId, id);
    cancelled++;
  }
  return cancelled;
}

/** Asks the provider again about every charge with an unknown outcome that is due (the alarm; tests pass a fake clock). */
export async function retryDueCharges(self: OrdersContext, websiteId: string, now = Date.now()): Promise<number> {
  const due = self.sql
    .exec<{ order_id: string }>(
      'SELECT order_id FROM unsettled WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT 20',
      now,
    )
    .toArray();
  for (const { order_id: id } of due) await retryCharge(self, websiteId, id, now);
  return due.length;
}
