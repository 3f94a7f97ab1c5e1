import { mergePriceChanges } from '../../commerce/cart';
import { CHECKOUT_MESSAGES, EMPTY_INPUTS, totalsMoved } from '../../commerce/checkout-totals';
import { DISCOUNT_MESSAGES } from '../../commerce/discounts';
import { GIFT_CARD_MESSAGES, maskedGiftCardCode } from '../../commerce/gift-cards';
import { confirmationUrl, ORDER_MESSAGES, type Order, type OrderEntry } from '../../commerce/order';
import type { ChargeRequest, ChargeResult } from '../../integrations/payments';
import { randomHex } from '../../ids';
import { tokenDigest } from '../passwords';
import { faultPoint } from '../../faults';
import { countsStock } from '../stock';
import { stockLedger } from '../stubs';
import { storePayments } from './payment-settings';
import {
  MAX_RESERVED_UNITS_PER_VISITOR,
  RESUME_AFTER_MS,
  FOLLOW_UP_AFTER_MS,
  UNKNOWN_FIRST_RETRY_MS,
  UNKNOWN_GIVE_UP_MS,
  PLACE_MESSAGES,
  placeDeclined,
  unitsOf,
  UNITS_HELD_LEFT_MS,
  placeRefused,
  refusedStockShort,
  type PlaceRequest,
  type PlacingJob,
  type PlaceOutcome,
  type StoredCheckout,
  type Accepted,
  type OrderPrivate,
} from './model';
import { checkoutProblems, deleteCheckout, saveCheckout, storedCheckout, totalsOf, view } from './checkout';
import { alarmBy, rememberWebsite, scheduleAlarm, type OrdersContext } from './context';
import { queueOrderEmail } from './emails';
import { giftCardBalance } from './gift-cards';
import { paidEffects, retryCharge } from './payment';
import { abandon, followUp, hasFollowUp, heldUnits, knownPlacement, placementAnswer, remember } from './placements';
import { nextOrderNumber, nextPosition } from './records';
import { paymentWindowMs } from './settings';

// ---- placing an order ----

/**
 * The answer `key` already has for the cart, if any: a remembered answer (after finishing what a
 * restart left of its order: the stock sale), a payment outcome still unknown asked again, or a
 * placement cut off by a restart finished now. Null: the key is new. Asked by the route before it
 * reads the cart, so a key answers the same after its cart was bought.
 */
export function replay(
  self: OrdersContext,
  websiteId: string,
  cartId: string | null,
  key: string,
  requester: string,
  now = Date.now(),
): Promise<PlaceOutcome | null> {
  rememberWebsite(self, websiteId);
  const cart =
    cartId ??
    self.sql
      .exec<{ cart_id: string }>('SELECT cart_id FROM placements WHERE key = ? AND requester = ?', key, requester)
      .toArray()[0]?.cart_id;
  return (cart === undefined ? null : answerFor(self, websiteId, cart, key, now)) ?? Promise.resolve(null);
}

/** Synchronous, so a new placement is journaled before anything else can start one for the same key. */
export function answerFor(
  self: OrdersContext,
  websiteId: string,
  cartId: string,
  key: string,
  now: number,
): Promise<PlaceOutcome> | null {
  const found = knownWork(self, websiteId, cartId, key, now);
  return 'work' in found ? found.work : null;
}

/** The work that answers `key` (joined when running); else whether another key's placement of the cart is journaled. */
function knownWork(
  self: OrdersContext,
  websiteId: string,
  cartId: string,
  key: string,
  now: number,
): { work: Promise<PlaceOutcome> } | { otherJournaled: boolean } {
  const runKey = `${cartId}\u0000${key}`;
  const running = self.running.get(runKey);
  if (running !== undefined) return { work: running };
  const { answer: known, job, otherJournaled } = knownPlacement(self, cartId, key);
  const orderId = known?.ok === true ? known.value.order.id : null;
  let work: Promise<PlaceOutcome>;
  if (known?.ok === true && known.value.paymentUnknown)
    work = retryCharge(self, websiteId, orderId ?? '', now).then(() => placementAnswer(self, cartId, key) ?? known);
  else if (known !== null) {
    if (orderId === null || !hasFollowUp(self, orderId)) return { work: Promise.resolve(known) };
    work = followUp(self, websiteId, orderId).then(() => known);
  } else if (job === null) return { otherJournaled };
  else work = finishPlacing(self, cartId, key, job, now);
  const tracked = work.finally(() => self.running.delete(runKey));
  self.running.set(runKey, tracked);
  return { work: tracked };
}

/**
 * POST /api/commerce/orders: the same cart and key always give the same answer once the provider was asked. Units the
 * route held for it (`unitsHeldUntil`) are the placement's: given back when it takes no order under their name.
 */
export function place(self: OrdersContext, request: PlaceRequest, now = Date.now()): Promise<PlaceOutcome> {
  const cartId = request.cart.id ?? '';
  rememberWebsite(self, request.websiteId);
  const found = knownWork(self, request.websiteId, cartId, request.idempotencyKey, now);
  if ('work' in found) return givingBackUnheld(self, request, found.work);
  if (found.otherJournaled)
    return givingBackUnheld(self, request, Promise.resolve(placeRefused('in-progress', CHECKOUT_MESSAGES.inProgress)));
  const runKey = `${cartId}\u0000${request.idempotencyKey}`;
  const placement = placeOnce(self, request, now).finally(() => self.running.delete(runKey));
  self.running.set(runKey, placement);
  return placement;
}

/** `outcome`, the units the route held for `request` released first unless it is an order under their name. */
async function givingBackUnheld(
  self: OrdersContext,
  request: PlaceRequest,
  outcome: Promise<PlaceOutcome>,
): Promise<PlaceOutcome> {
  const answer = await outcome;
  if (request.unitsHeldUntil !== undefined && !(answer.ok && answer.value.order.id === request.orderId))
    await stockLedger(self.env, request.websiteId).release(unitsOf(request.orderId));
  return answer;
}

/**
 * Checks the checkout, then journals the placement in one transaction with the gift card debit (a
 * journaled discount code counts as a use claimed), before anything is awaited: from here a kill
 * at any instant leaves a journal that the retry or the alarm finishes (finishPlacing).
 */
export function placeOnce(self: OrdersContext, request: PlaceRequest, now: number): Promise<PlaceOutcome> {
  const { cart } = request;
  const cartId = cart.id ?? '';
  const refuse = (...refusal: Parameters<typeof placeRefused>) =>
    givingBackUnheld(self, request, Promise.resolve(placeRefused(...refusal)));
  // The cart's claim for this placement shows as its order already.
  if (cart.orderId !== null && cart.orderId !== request.orderId)
    return refuse('purchased', CHECKOUT_MESSAGES.purchased);
  if (cart.entries.length === 0) return refuse('no-cart', CHECKOUT_MESSAGES.noCart);
  const stored = storedCheckout(self, cartId) ?? { inputs: EMPTY_INPUTS, giftCardShownCents: 0, expiresOn: 0 };
  const { inputs } = stored;
  const totals = totalsOf(self, cart, inputs, now);
  const { subtotal, ...fieldProblems } = checkoutProblems(self, cart, inputs, totals);
  if (fieldProblems.discountCode === DISCOUNT_MESSAGES.usedUp)
    return refuse('discount-ran-out', DISCOUNT_MESSAGES.ranOut);
  if (Object.keys(fieldProblems).length > 0)
    return refuse('form-incomplete', CHECKOUT_MESSAGES.formIncomplete, { errors: fieldProblems });
  if (subtotal !== undefined) return refuse('below-minimum', subtotal);
  if (totals.giftCardCents < stored.giftCardShownCents)
    return refuse('gift-card-changed', GIFT_CARD_MESSAGES.balanceChanged);
  // Never at a price the shopper did not see: they get the new totals and place again.
  if (request.priceChanges.length > 0 || totalsMoved(stored.shownTotals, totals)) {
    const told: StoredCheckout = {
      ...stored,
      priceChanges: mergePriceChanges(stored.priceChanges ?? [], request.priceChanges),
    };
    saveCheckout(self, cartId, told, now);
    return refuse('totals-changed', CHECKOUT_MESSAGES.totalsChanged, { checkout: view(self, request, told, totals) });
  }
  const units = request.lines.reduce((sum, line) => sum + (line.stock === null ? 0 : line.quantity), 0);
  if (units > 0 && heldUnits(self, request.visitor, now) + units > MAX_RESERVED_UNITS_PER_VISITOR)
    return refuse('too-many-held', PLACE_MESSAGES.tooManyHeld);

  const id = request.orderId;
  const charge: ChargeRequest | null =
    totals.amountDueCents === 0
      ? null
      : {
          amountCents: totals.amountDueCents,
          currency: cart.currencyCode,
          token: request.payment.token,
          idempotencyKey: `${request.websiteId}:${cartId}:${request.idempotencyKey}`,
          description: `Order from cart ${cartId}`,
          // A local authentication step answered after the window is refused (src/durable/local-payments.ts).
          metadata: {
            websiteId: request.websiteId,
            cartId,
            orderId: id,
            returnUrl: request.returnUrl,
            authenticateBefore: String(now + paymentWindowMs(self)),
          },
        };
  // With no counted stock there is nothing to reserve: the job starts at its charge.
  const phase = countsStock(request.lines) ? 'reserving' : 'charging';
  // The route's hold is taken while enough of it is left (UNITS_HELD_LEFT_MS); else the units are reserved again.
  const heldUntil =
    request.unitsHeldUntil !== undefined && request.unitsHeldUntil - now >= UNITS_HELD_LEFT_MS
      ? request.unitsHeldUntil
      : null;
  const job: PlacingJob = { orderId: id, request, inputs, totals, charge, phase, createdAt: now };
  const code = totals.validCoupons[0] ?? null;
  self.ctx.storage.transactionSync(() => {
    if (inputs.giftCardCode !== null && totals.giftCardCents > 0)
      self.sql.exec(
        'UPDATE gift_cards SET balance_cents = balance_cents - ? WHERE code = ?',
        totals.giftCardCents,
        inputs.giftCardCode,
      );
    self.sql.exec(
      'INSERT INTO placing (cart_id, key, order_id, discount_code, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      cartId,
      request.idempotencyKey,
      id,
      code,
      JSON.stringify(job),
      now,
    );
    // Holds count a visitor's units (MAX_RESERVED_UNITS_PER_VISITOR): an order of none has none.
    if (units > 0)
      self.sql.exec(
        'INSERT INTO holds (order_id, visitor, units, expires_at) VALUES (?, ?, ?, ?)',
        id,
        request.visitor,
        units,
        now + paymentWindowMs(self),
      );
  });
  return finishPlacing(self, cartId, request.idempotencyKey, job, now, heldUntil);
}

/**
 * Reserves the units for the payment window (unless the route held them until `heldUntil`: a placement's first run
 * takes them; a run again after a restart reserves, which keeps the units its order already holds), charges (the provider's idempotency key makes a
 * second send replay the first charge), then records the order, the key's answer and what is left
 * to do in one transaction, and does that (followUp). Every step may be run again after a kill.
 */
export async function finishPlacing(
  self: OrdersContext,
  cartId: string,
  key: string,
  job: PlacingJob,
  now: number,
  heldUntil: number | null = null,
): Promise<PlaceOutcome> {
  const { request, orderId: id, charge } = job;
  const stock = stockLedger(self.env, request.websiteId);
  const kill = () => self.ctx.abort('killed between two steps of placing an order (injected fault)');
  let charged: ChargeResult | { status: 'none' };
  // When the units are reserved under the order's name (its follow-up need not move a hold ending then).
  let reservedUntil: number | null = null;
  try {
    await faultPoint('durable-object', 'CommerceOrders.place:journaled', kill);
    const reserved =
      heldUntil !== null
        ? ({ ok: true, value: { expiresOn: heldUntil } } as const)
        : countsStock(request.lines)
          ? await stock.reserve(unitsOf(id), request.lines, paymentWindowMs(self), now)
          : ({ ok: true, value: { expiresOn: now } } as const);
    if (!reserved.ok && job.phase === 'reserving') {
      abandon(self, cartId, key, job);
      return refusedStockShort(reserved.unavailable);
    }
    if (!reserved.ok)
      console.error(`Order ${id}: its units lapsed while a restart interrupted its charge; it is placed anyway`);
    else if (countsStock(request.lines)) reservedUntil = reserved.value.expiresOn;
    await faultPoint('durable-object', 'CommerceOrders.place:reserved', kill);
    if (job.phase === 'reserving') {
      job.phase = 'charging';
      self.sql.exec('UPDATE placing SET data = ? WHERE cart_id = ? AND key = ?', JSON.stringify(job), cartId, key);
    }
    const provider = await storePayments(self);
    // A subscription's card is saved (to a customer, where the provider keeps cards that way) for its renewals.
    if (charge !== null && request.subscription !== null) {
      charge.offSession = 'save';
      if (provider.createCustomer !== undefined) {
        const { customerId } = await provider.createCustomer({
          email: job.inputs.email ?? '',
          idempotencyKey: `${charge.idempotencyKey}:customer`,
          metadata: { websiteId: request.websiteId, orderId: id },
        });
        charge.customerId = customerId;
      }
    }
    await faultPoint('durable-object', 'CommerceOrders.place:charging', kill);
    // A charge that throws may still have taken the money: its outcome is unknown, and settled like a timeout.
    charged =
      charge === null
        ? { status: 'none' }
        : await provider.charge(charge).catch(
            (error: unknown): ChargeResult => ({
              status: 'unknown',
              reason: error instanceof Error ? error.message : 'the provider failed',
            }),
          );
  } catch (error) {
    // Nothing was charged (the charge catches its own failures): the placement is forgotten and may be sent again.
    abandon(self, cartId, key, job);
    console.error('placing an order failed before its charge', error);
    // Best effort: a reservation left behind lapses with the payment window.
    await stock.release(unitsOf(id)).catch(() => undefined);
    return placeRefused('payment-unavailable', ORDER_MESSAGES.paymentUnavailable);
  }
  await faultPoint('durable-object', 'CommerceOrders.place:charged', kill);
  if (charged.status === 'declined') {
    const decline = placeDeclined(charged);
    // Released before the answer is recorded: a kill in between leaves the journal, and its retry replays the decline.
    await stock.release(unitsOf(id));
    await faultPoint('durable-object', 'CommerceOrders.place:declined', kill);
    self.ctx.storage.transactionSync(() => {
      abandon(self, cartId, key, job);
      remember(self, cartId, key, request.requester, decline, now);
    });
    return decline;
  }
  const token = randomHex(16);
  const tokenHash = await tokenDigest(token);
  const outcome = self.ctx.storage.transactionSync(() =>
    recordOrder(self, cartId, key, job, charged, token, tokenHash, now),
  );
  await faultPoint('durable-object', 'CommerceOrders.place:recorded', kill);
  // An order of no counted units has no follow-up (recordOrder).
  const counted = countsStock(request.lines);
  if (!(outcome.ok && outcome.value.order.status === 'paid')) {
    // Not paid yet: its follow-up holds its units for the payment window (moving the route's shorter hold; nothing to
    // move when its own reservation ends then), not waited for, as a paid order's sale: journaled with the order, it
    // is finished by a retry of the key or the alarm (FOLLOW_UP_AFTER_MS) well within the route's hold.
    if (counted)
      followUp(self, request.websiteId, id, reservedUntil).catch((error: unknown) =>
        console.error(`Order ${id}: its follow-up failed`, error),
      );
    await scheduleAlarm(self);
    return outcome;
  }
  // The first moment a row of a paid order may need the alarm: its follow-up cut off by a restart, or its confirmation
  // (sent as it is queued) lost with it; a failed send is due later still. Not at once, as it was: a sale's orders
  // then made one alarm run each, not one every few seconds. That run finds every later moment itself.
  await alarmBy(self, now + FOLLOW_UP_AFTER_MS);
  // A paid order's answer does not wait for its follow-up (its units sold; the cart is the order's since its claim): it
  // changes nothing the shopper is told, and it is journaled with the order, so a retry of the key or the alarm
  // finishes it after a restart.
  if (counted)
    followUp(self, request.websiteId, id).catch((error: unknown) =>
      console.error(`Order ${id}: its follow-up failed`, error),
    );
  return outcome;
}

/**
 * One transaction: the order, its buyer token, what a paid order makes true, the key's answer, the
 * follow-up (an order of counted units: sell or hold them), the journal gone.
 */
export function recordOrder(
  self: OrdersContext,
  cartId: string,
  key: string,
  job: PlacingJob,
  charged: Accepted,
  token: string,
  tokenHash: string,
  now: number,
): PlaceOutcome {
  const { request, inputs, totals, charge, orderId: id } = job;
  const { cart } = request;
  const paid = charged.status === 'none' || charged.status === 'succeeded';
  // Only an order of counted units holds units for its visitor and has anything left for the stock ledger (a follow-up).
  const counted = countsStock(request.lines);
  // The row's place in the lists; its order number comes with the payment (an attempt never paid uses up none).
  const position = nextPosition(self);
  const entries: OrderEntry[] = cart.entries.map((e) => ({
    itemId: e.itemId,
    sku: e.chosenVariant.sku,
    attributes: e.chosenVariant.attributes,
    title: e.title,
    productType: e.productType,
    quantity: e.quantity,
    unitPriceCents: e.purchasePriceCents,
    subtotalCents: e.purchasePriceCents * e.quantity,
    additionalFields: e.additionalFields,
    ...(e.additionalFields !== null && request.fieldTitles?.[e.id] !== undefined
      ? { additionalFieldTitles: request.fieldTitles[e.id] }
      : {}),
  }));
  const option = totals.shippingOptions.find((o) => o.id === totals.selectedShippingOption) ?? null;
  const order: Order = {
    id,
    orderNumber: paid ? nextOrderNumber(self) : null,
    status: paid ? 'paid' : 'pending',
    createdOn: now,
    paidOn: paid ? now : null,
    fulfilledOn: null,
    cancelledOn: null,
    refundedOn: null,
    email: inputs.email ?? '',
    shippingAddress: totals.requiresShipping ? inputs.shippingAddress : null,
    shippingOption: option === null ? null : { id: option.id, name: option.name, costCents: totals.shippingCostCents },
    entries,
    currencyCode: cart.currencyCode,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    shippingCostCents: totals.shippingCostCents,
    taxCents: totals.taxCents,
    taxIncluded: totals.taxIncluded,
    applicableTaxRules: totals.applicableTaxRules,
    grandTotalCents: totals.grandTotalCents,
    giftCardCents: totals.giftCardCents,
    amountChargedCents: totals.amountDueCents,
    // Its debit was taken when the placement was journaled: what the balance is now is what is left.
    giftCard:
      inputs.giftCardCode === null || totals.giftCardCents === 0
        ? null
        : {
            code: maskedGiftCardCode(inputs.giftCardCode),
            remainingCents: giftCardBalance(self, inputs.giftCardCode) ?? 0,
          },
    coupons: totals.validCoupons,
    payment: {
      provider: charged.status === 'none' ? 'gift-card' : request.payment.provider,
      status: charged.status,
      nextActionUrl: charged.status === 'requires_action' ? charged.nextActionUrl : null,
      ...(charged.status === 'requires_action' && charged.clientSecret !== undefined
        ? { clientSecret: charged.clientSecret }
        : {}),
    },
    fulfillment: null,
    subscription: request.subscription === null ? null : { ...request.subscription, cycle: 1, nextBillingOn: null },
    ...(request.emailLocale === undefined ? {} : { emailLocale: request.emailLocale }),
  };
  const paymentId = 'paymentId' in charged ? charged.paymentId : null;
  const manageUrl =
    order.subscription === null ? {} : { manageUrl: new URL(confirmationUrl(order, token), request.returnUrl).href };
  const stored: Order & OrderPrivate = {
    ...order,
    giftCardCode: inputs.giftCardCode,
    giftRecipientEmail: inputs.giftRecipientEmail,
    paymentToken: request.payment.token,
    lines: request.lines,
    charge,
    ...manageUrl,
    storeOrigin: new URL(request.returnUrl).origin,
  };
  const insert = (number: number | null, data: string) =>
    self.sql.exec(
      'INSERT INTO orders (id, number, order_number, status, cart_id, payment_id, discount_code, token_hash, created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      position,
      number,
      order.status,
      cartId,
      paymentId,
      totals.validCoupons[0] ?? null,
      tokenHash,
      now,
      data,
    );
  self.sql.exec('DELETE FROM placing WHERE cart_id = ? AND key = ?', cartId, key);
  // Held for the payment window; a charge with an unknown outcome for as long as it is asked again.
  const holdUntil = paid ? null : now + (charged.status === 'unknown' ? UNKNOWN_GIVE_UP_MS : paymentWindowMs(self));
  if (counted)
    self.sql.exec('INSERT INTO followups (order_id, hold_until, created_at) VALUES (?, ?, ?)', id, holdUntil, now);
  let saved: Order = order;
  if (paid) {
    // Written once, paid: the row's insert is its paid effects' one write.
    saved = paidEffects(self, id, now, stored, insert) ?? order;
    if (counted) self.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
    // The checkout's details stay until the order is paid: a failed payment returns the shopper to them.
    deleteCheckout(self, cartId);
  } else {
    insert(null, JSON.stringify(stored));
    if (counted) self.sql.exec('UPDATE holds SET expires_at = ? WHERE order_id = ?', holdUntil, id);
    // A shopper sent to authenticate is told nothing yet: it is not an order until it is paid.
    if (charged.status === 'pending') queueOrderEmail(self, order, 'received');
    else if (charged.status === 'unknown')
      self.sql.exec(
        'INSERT INTO unsettled (order_id, cart_id, key, attempts, next_at, created_at) VALUES (?, ?, ?, 0, ?, ?)',
        id,
        cartId,
        key,
        now + UNKNOWN_FIRST_RETRY_MS,
        now,
      );
  }
  return remember(
    self,
    cartId,
    key,
    request.requester,
    {
      ok: true,
      value: {
        order: { ...saved, confirmationUrl: confirmationUrl(saved, token) },
        paymentUnknown: charged.status === 'unknown',
      },
    },
    now,
  );
}

// ---- alarm: emails, subscriptions, unknown charges, interrupted placements, payment windows, housekeeping ----

/** Finishes placements and follow-ups a restart cut off whose shopper did not retry (the alarm; tests pass a fake clock). */
export async function finishInterrupted(self: OrdersContext, websiteId: string, now = Date.now()): Promise<number> {
  const jobs = self.sql
    .exec<{ cart_id: string; key: string }>(
      'SELECT cart_id, key FROM placing WHERE created_at <= ? LIMIT 20',
      now - RESUME_AFTER_MS,
    )
    .toArray();
  let finished = 0;
  for (const { cart_id: cartId, key } of jobs) {
    if (self.running.has(`${cartId}\u0000${key}`)) continue;
    await answerFor(self, websiteId, cartId, key, now);
    finished++;
  }
  const orders = self.sql
    .exec<{ order_id: string }>(
      'SELECT order_id FROM followups WHERE created_at <= ? LIMIT 20',
      now - FOLLOW_UP_AFTER_MS,
    )
    .toArray();
  for (const { order_id: id } of orders) await followUp(self, websiteId, id);
  return finished + orders.length;
}
