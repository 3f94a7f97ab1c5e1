/**
 * The commerce object of one website (SQLite): checkouts, orders, discount codes, gift cards,
 * shipping and tax rates, store checkout settings, subscriptions and the order emails.
 *
 * One object per website rather than one per order: what must never be doubled is shared by all of
 * a website's orders (the order number sequence, a discount's usage count, a gift card's balance),
 * and one single-threaded object decides each of those in one synchronous SQLite step, with no
 * cross-object protocol. Stock stays in the website's StockLedger, which carts also ask. The price is
 * one object's throughput per website (docs/payments.md, "Figures").
 *
 * Placing an order: the idempotency key is checked first (a key that reached the payment provider
 * always answers the same), then the placement is journaled with its gift card debit and discount
 * claim in one transaction, the units are reserved for the payment window (a checkout reserves
 * none), the card is charged with an idempotency key, and the order, the key's answer and its
 * follow-up (sell the units once) are recorded in one transaction (the cart is the order's since it was claimed). A kill at any
 * instant leaves a journal or a follow-up that the key's retry or the alarm finishes. Anything
 * refused before the charge is rolled back.
 *
 * When the provider gives no answer (timeout, network error, 5xx) the card may have been charged:
 * the order is kept pending with its payment `unknown`, its stock, code use and gift card debit
 * held, and the placement answers 202. A retry with the same key, or the alarm with backoff, asks
 * the provider again with the same charge and the same provider key (so it replays the first
 * charge, never a second one), and the provider's webhook, which finds the order by the
 * `orderId` in the charge's metadata, settles it; whichever comes first settles it once.
 *
 * The class is the object's list of RPC methods; each delegates to the module of its concern in
 * orders/ (checkout, placing, payment, fulfilment, refunds, gift cards, discounts, subscriptions,
 * renewals, emails, records, settings, the alarm), plain functions over `OrdersContext`.
 */
import { FORMER_EMAIL_LOCALE, type EmailLocale } from '../commerce/email-text';
import { DurableObject } from 'cloudflare:workers';
import type { ShoppingCart } from '../commerce/cart';
import type { StoreSettings } from '../commerce/checkout-totals';
import type { Discount } from '../commerce/discounts';
import type { BuyerOrder, Order, OrderStatus } from '../commerce/order';
import type { ShippingRate } from '../commerce/shipping';
import type { BuyerSubscription } from '../commerce/subscriptions';
import type { TaxRate } from '../commerce/tax';
import { EMAIL_OUTBOX_MIGRATIONS, EmailOutbox, type ParkedEmail } from './email-outbox';
import { migrate } from './migrations';
import { SerialQueue } from './serial-queue';
import { runAlarm } from './orders/alarm';
import { cartWithTotals, start } from './orders/checkout';
import { scheduleAlarm } from './orders/context';
import { deleteDiscount, discounts, issueWelcomeCode, saveDiscount } from './orders/discounts';
import { cancel, fulfill, type OrderActionError } from './orders/fulfilment';
import { refund } from './orders/refunds';
import type { RefundRequest } from '../commerce/refunds';
import type { Result } from '../result';

export type { OrderActionError } from './orders/fulfilment';
import { abandonAuthentication, endPaymentWindows, paymentSettled, retryDueCharges } from './orders/payment';
import { finishInterrupted, place, replay } from './orders/placing';
import { claimFate } from './orders/placements';
import { customerOrders, listOrders, orderById, orderForBuyer, salesByHour, searchOrders } from './orders/records';
import { renewDue } from './orders/renewals';
import type { AbandonedCheckout, CustomerSummary } from '../api/customers';
import { abandonedCheckouts, customerByEmail, listCustomers } from './orders/customers';
import {
  currentSettings,
  deleteRate,
  saveRate,
  seedSettings,
  seedShippingRates,
  setSettings,
  shippingRatesOf,
  taxRatesOf,
} from './orders/settings';
import {
  cancelCustomerSubscription,
  pauseCustomerSubscription,
  resumeCustomerSubscription,
  cancelSubscription,
  customerSubscriptions,
  subscriptionForBuyer,
} from './orders/subscriptions';
import { ORDER_MIGRATIONS } from './orders/schema';
import { savedPaymentSettings, savePaymentSettings, storePayments, storePaymentSetup } from './orders/payment-settings';
import type { PaymentSetup } from '../integrations/payments';
import type { StoredPaymentSettings } from '../commerce/payment-mode';
import { CHECKOUT_MESSAGES } from '../commerce/checkout-totals';
import { returnDownload, takeDownload, type DownloadUse } from './orders/downloads';
import {
  PAGE_SIZE,
  SEARCH_SCAN,
  placeRefused,
  type CheckoutRequest,
  type CheckoutPatch,
  type PlaceRequest,
  type PlaceOutcome,
  type ClaimFate,
  type StartedCheckout,
} from './orders/model';
import type { OrdersContext } from './orders/context';
import { emailMessagesOf, setEmailMessages } from './orders/emails';
import type { EmailMessages } from '../site/editor/email-messages';
import type { CustomerEmail, SentCustomerEmail } from '../site/editor/customer-email';
import { type CustomerEmailOutcome, customerEmails, emailCustomer } from './orders/customer-emails';

export {
  CHECKOUT_KEEP_MS,
  MAX_CHECKOUTS,
  MAX_RESERVED_UNITS_PER_VISITOR,
  UNKNOWN_RETRY_AFTER_S,
  type Checkout,
  type CheckoutRequest,
  type CheckoutPatch,
  type CheckoutOutcome,
  type StartedCheckout,
  type PlaceRequest,
  PLACE_MESSAGES,
  placeRefused,
  refusedStockShort,
  type PlaceOutcome,
  type PlaceRefusal,
  type PlaceRefused,
} from './orders/model';

export class CommerceOrders extends DurableObject<Env> {
  /** What the modules of orders/ work on: this object's storage, bindings, outbox, running placements and failing duties. */
  private readonly self: OrdersContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, { orders: ORDER_MIGRATIONS, 'email-outbox': EMAIL_OUTBOX_MIGRATIONS });
    const outbox = new EmailOutbox(ctx.storage.sql, env, `orders-${ctx.id.toString()}`, (sent) => ctx.waitUntil(sent));
    this.self = {
      sql: ctx.storage.sql,
      ctx,
      env,
      outbox,
      running: new Map(),
      actions: new SerialQueue(),
      failingDuties: new Map(),
    };
  }

  // ---- settings, rates, discounts (merchant) ----

  settings(): StoreSettings {
    return currentSettings(this.self);
  }

  /** Replaces the settings; a setting left out keeps its default (settings added later, such as `addressSearch`). */
  setSettings(settings: Partial<StoreSettings> & Omit<StoreSettings, 'addressSearch'>): StoreSettings {
    return setSettings(this.self, settings);
  }

  shippingRates(): ShippingRate[] {
    return shippingRatesOf(this.self);
  }

  taxRates(): TaxRate[] {
    return taxRatesOf(this.self);
  }

  /** Creates (id null) or replaces a rate; false when the id names no rate. */
  saveRate(
    kind: 'shipping' | 'tax',
    id: string | null,
    rate: Omit<ShippingRate, 'id'> | Omit<TaxRate, 'id'>,
  ): { id: string } | null {
    return saveRate(this.self, kind, id, rate);
  }

  /** A store's default shipping rates, made once: rates the merchant deleted afterwards stay deleted. */
  seedShippingRates(rates: readonly ShippingRate[]): void {
    seedShippingRates(this.self, rates);
  }

  /** Starting settings (the demo's), made once while the store has none: a merchant's later change stays. */
  seedSettings(settings: Partial<StoreSettings>): void {
    seedSettings(this.self, settings);
  }

  deleteRate(kind: 'shipping' | 'tax', id: string): boolean {
    return deleteRate(this.self, kind, id);
  }

  discounts(): Discount[] {
    return discounts(this.self);
  }

  /** Creates or replaces a code (its use count stays); `create` refuses an existing code, a replace a missing one. */
  saveDiscount(
    discount: Omit<Discount, 'uses' | 'singleUseFor'>,
    create: boolean,
  ): Discount | { conflict: true } | null {
    return saveDiscount(this.self, discount, create);
  }

  deleteDiscount(code: string): boolean {
    return deleteDiscount(this.self, code);
  }

  /**
   * The newsletter's welcome code for `email` when the merchant enabled it: a single-use percentage
   * code, emailed in `locale`'s language; one per address (signing up again issues nothing new).
   */
  issueWelcomeCode(email: string, siteTitle: string, locale?: EmailLocale): Promise<{ issued: boolean }> {
    return issueWelcomeCode(this.self, email, siteTitle, locale);
  }

  /**
   * Starts the checkout of a cart or updates it: POST/PUT /api/commerce/checkout. Only checks that
   * the stock is there (Shopify's rule: reserve at payment, not before), so no call holds units.
   */
  async start(request: CheckoutRequest, patch: CheckoutPatch = {}, now = Date.now()): Promise<StartedCheckout> {
    const outcome = await start(this.self, request, patch, now);
    // The page's provider, mode and key come with the answer it already asks for: no call of their own.
    return outcome.ok ? { ...outcome, payment: await storePaymentSetup(this.self) } : outcome;
  }

  /** The cart with the checkout's totals (the cart call, once checkout started). */
  cartWithTotals(cart: ShoppingCart, now = Date.now()): ShoppingCart {
    return cartWithTotals(this.self, cart, now);
  }

  // ---- placing an order ----

  /**
   * The answer `key` already has for the cart, if any: a remembered answer (after finishing what a
   * restart left of its order: the stock sale, the cart), a payment outcome still unknown asked again,
   * or a placement cut off by a restart finished now. Null: the key is new. Asked by the route before it reads the cart, so a
   * key answers the same after its cart was bought.
   */
  replay(
    websiteId: string,
    cartId: string | null,
    key: string,
    requester: string,
    now = Date.now(),
  ): Promise<PlaceOutcome | null> {
    return replay(this.self, websiteId, cartId, key, requester, now);
  }

  /** What became of a cart's claim for the placement of `key` under `orderId` (the cart asks: durable/cart.ts). */
  claimFate(cartId: string, key: string, orderId: string): ClaimFate {
    return claimFate(this.self, cartId, key, orderId);
  }

  /** POST /api/commerce/orders: the same cart and key always give the same answer once the provider was asked. */
  async place(request: PlaceRequest, now = Date.now()): Promise<PlaceOutcome> {
    if (request.payment.provider !== (await storePayments(this.self)).name)
      return placeRefused('form-incomplete', CHECKOUT_MESSAGES.formIncomplete, {
        errors: { payment: CHECKOUT_MESSAGES.paymentRequired },
      });
    return place(this.self, request, now);
  }

  // ---- the merchant's messages in the order emails (Commerce → Emails) ----

  emailMessages(): EmailMessages {
    return emailMessagesOf(this.self);
  }

  setEmailMessages(messages: EmailMessages): EmailMessages {
    return setEmailMessages(this.self, messages);
  }

  // ---- payment settings (Commerce → Payments) ----

  paymentSettings(): Promise<StoredPaymentSettings | null> {
    return savedPaymentSettings(this.self);
  }

  setPaymentSettings(settings: StoredPaymentSettings): Promise<void> {
    return savePaymentSettings(this.self, settings);
  }

  /** What the checkout page needs (its provider, mode and publishable key): the /checkout page's policy asks it. */
  paymentSetup(): Promise<PaymentSetup> {
    return storePaymentSetup(this.self);
  }

  /** An order for a merchant (no token). */
  order(id: string): Order | null {
    return orderById(this.self, id);
  }

  /** An order for its buyer: the token must match the confirmation URL's. */
  orderForBuyer(id: string, token: string): Promise<BuyerOrder | null> {
    return orderForBuyer(this.self, id, token);
  }

  /** Orders newest first, keyset paged by order number. */
  orders(
    status: OrderStatus | null,
    cursor: number | null,
    limit = PAGE_SIZE,
  ): { orders: Order[]; hasNextPage: boolean; nextPageCursor: string | null } {
    return listOrders(this.self, status, cursor, limit);
  }

  /** A shopper's orders for their account, newest first: those linked to it and those placed with its verified email. */
  customerOrders(verifiedEmail: string | null, linkedIds: string[], limit = PAGE_SIZE): Order[] {
    return customerOrders(this.self, verifiedEmail, linkedIds, limit);
  }

  /** GET /downloads/:token: counts one download when the grant allows it (check and count in one step). */
  takeDownload(token: string, now = Date.now()): DownloadUse {
    return takeDownload(this.self, token, now);
  }

  /** A counted download whose file could not be sent. */
  returnDownload(token: string): void {
    returnDownload(this.self, token);
  }

  /**
   * Orders matching a merchant's search (src/commerce/order-search.ts: number, email or customer
   * name, case- and accent-insensitive), newest first, keyset paged like `orders`. SQLite cannot fold
   * accents, so rows are read newest first and matched here; one call reads at most `scan` rows,
   * and a page cut short by that bound still has a cursor so "load more" carries on from there.
   */
  searchOrders(
    query: string,
    status: OrderStatus | null,
    cursor: number | null,
    limit = PAGE_SIZE,
    scan = SEARCH_SCAN,
  ): { orders: Order[]; hasNextPage: boolean; nextPageCursor: string | null } {
    return searchOrders(this.self, query, status, cursor, limit, scan);
  }

  // ---- customers (derived from the orders) ----

  /** Customers most recent first, keyset paged by their last order's number, matching `query` (the order search's rules). */
  customers(
    query: string,
    cursor: number | null,
    limit = PAGE_SIZE,
  ): { customers: CustomerSummary[]; nextPageCursor: string | null } {
    return listCustomers(this.self, query, cursor, limit);
  }

  /** One customer by email (case ignored) with their orders, newest first (at most `limit`); null when no order has the email. */
  customer(email: string, limit = 100): { customer: CustomerSummary; orders: Order[] } | null {
    const customer = customerByEmail(this.self, email);
    return customer === null ? null : { customer, orders: customerOrders(this.self, email, [], limit) };
  }

  /** Which of `emails` (lower-cased) are customers by their orders: the customers list leaves them out of those without. */
  emailsWithOrders(emails: string[]): string[] {
    return emails.slice(0, 1000).filter((email) => customerByEmail(this.self, email) !== null);
  }

  /** Checkouts with an email that never became an order, newest first, as long as checkouts are kept. */
  abandonedCheckouts(): AbandonedCheckout[] {
    return abandonedCheckouts(this.self);
  }

  /**
   * Sales and refunds in [fromMs, toMs), per UTC hour (analytics): orders placed and paid (a refunded
   * order was a sale, so it stays counted where it was placed) with their totals, and refunds where
   * they were made, with the totals given back. Net revenue is the one less the other.
   */
  salesByHour(
    fromMs: number,
    toMs: number,
  ): { hour: number; orders: number; revenueCents: number; refunds: number; refundedCents: number }[] {
    return salesByHour(this.self, fromMs, toMs);
  }

  /**
   * A pending payment settled (the payment webhook): paid, or cancelled with its stock released and
   * its cart open again. `orderId` (the charge's metadata) finds an order whose charge had an
   * unknown outcome, which has no payment id yet.
   */
  paymentSettled(
    websiteId: string,
    paymentId: string,
    outcome: 'succeeded' | 'failed',
    now = Date.now(),
    orderId: string | null = null,
  ): Promise<Order | null> {
    return paymentSettled(this.self, websiteId, paymentId, outcome, now, orderId);
  }

  /**
   * The shopper came back to the checkout without answering the authentication step (the browser's
   * back button, or the checkout opened again): that attempt is given up as a failed payment, so
   * its units go back and its cart opens again with the checkout's details. A success that still
   * arrives for it is refunded (paymentSettled). False when the order is not waiting for authentication.
   */
  abandonAuthentication(websiteId: string, id: string, now = Date.now()): Promise<boolean> {
    return abandonAuthentication(this.self, websiteId, id, now);
  }

  fulfill(
    id: string,
    trackingNumber: string,
    carrier: string | null,
    now = Date.now(),
  ): Promise<Result<Order, OrderActionError>> {
    return fulfill(this.self, id, trackingNumber, carrier, now);
  }

  /** Cancels a pending or paid order: a paid one is refunded and restocked, a pending one releases its stock. */
  cancel(websiteId: string, id: string, now = Date.now()): Promise<Result<Order, OrderActionError>> {
    return cancel(this.self, websiteId, id, now);
  }

  /**
   * Refunds what is left of a paid or fulfilled order (`{ restock }`), or chosen lines and/or an amount
   * (src/commerce/refunds.ts). `key` (the call's Idempotency-Key) names the refund: replayed, it refunds nothing more.
   */
  refund(
    websiteId: string,
    id: string,
    request: RefundRequest,
    key: string | null = null,
    now = Date.now(),
  ): Promise<Result<Order, OrderActionError>> {
    return refund(this.self, websiteId, id, request, key, now);
  }

  // ---- subscriptions ----

  /** Places every subscription order due at `now` (the alarm; tests pass a fake clock). */
  renewDue(websiteId: string, now = Date.now()): Promise<{ placed: number; failed: number }> {
    return renewDue(this.self, websiteId, now);
  }

  /** The subscription of a buyer's order (the token of its page), or null: no such order, a wrong token, or no subscription. */
  subscriptionForBuyer(orderId: string, token: string): Promise<BuyerSubscription | null> {
    return subscriptionForBuyer(this.self, orderId, token);
  }

  /**
   * The buyer cancels (the manage link's page, or their account): never renewed again, the cancellation
   * emailed once. Cancelling a cancelled subscription answers it as it is.
   */
  cancelSubscription(orderId: string, token: string, now = Date.now()): Promise<BuyerSubscription | null> {
    return cancelSubscription(this.self, orderId, token, now);
  }

  /** A signed-in shopper's subscriptions: those whose first order is one of theirs (customerOrders' rule), newest first. */
  customerSubscriptions(
    verifiedEmail: string | null,
    linkedIds: string[],
    id: string | null = null,
  ): BuyerSubscription[] {
    return customerSubscriptions(this.self, verifiedEmail, linkedIds, id);
  }

  /** The account page's Cancel: only a subscription of the signed-in shopper's (else null, as for one that does not exist). */
  cancelCustomerSubscription(
    id: string,
    verifiedEmail: string | null,
    linkedIds: string[],
    now = Date.now(),
    locale: EmailLocale = FORMER_EMAIL_LOCALE,
  ): Promise<BuyerSubscription | null> {
    return cancelCustomerSubscription(this.self, id, verifiedEmail, linkedIds, now, locale);
  }

  /** The account page's Pause: not charged until resumed (null: not the shopper's subscription). */
  pauseCustomerSubscription(
    id: string,
    verifiedEmail: string | null,
    linkedIds: string[],
    now = Date.now(),
    locale: EmailLocale = FORMER_EMAIL_LOCALE,
  ): Promise<BuyerSubscription | null> {
    return pauseCustomerSubscription(this.self, id, verifiedEmail, linkedIds, now, locale);
  }

  /** The account page's Resume: charged again from its next date (a passed one moves a billing period from now). */
  resumeCustomerSubscription(
    id: string,
    verifiedEmail: string | null,
    linkedIds: string[],
    now = Date.now(),
    locale: EmailLocale = FORMER_EMAIL_LOCALE,
  ): Promise<BuyerSubscription | null> {
    return resumeCustomerSubscription(this.self, id, verifiedEmail, linkedIds, now, locale);
  }

  // ---- alarm: emails, subscriptions, unknown charges, interrupted placements, payment windows, housekeeping ----

  /** Finishes placements and follow-ups a restart cut off whose shopper did not retry (the alarm; tests pass a fake clock). */
  finishInterrupted(websiteId: string, now = Date.now()): Promise<number> {
    return finishInterrupted(this.self, websiteId, now);
  }

  /**
   * Payments whose window ended (the alarm; tests pass a fake clock): an order still waiting for its
   * authentication is cancelled, its units released, its gift card debit and code use given back and
   * its cart opened again; a later success of that payment is refunded (paymentSettled).
   */
  endPaymentWindows(websiteId: string, now = Date.now()): Promise<number> {
    return endPaymentWindows(this.self, websiteId, now);
  }

  /** Asks the provider again about every charge with an unknown outcome that is due (the alarm; tests pass a fake clock). */
  retryDueCharges(websiteId: string, now = Date.now()): Promise<number> {
    return retryDueCharges(this.self, websiteId, now);
  }

  override async alarm(): Promise<void> {
    await runAlarm(this.self);
  }

  /** The merchant's email to a customer, sent at once (the alarm retries a failed send); refused past the store's hourly bound. */
  async emailCustomer(to: string, email: CustomerEmail, now = Date.now()): Promise<CustomerEmailOutcome> {
    const outcome = emailCustomer(this.self, to, email, now);
    if (outcome.ok && outcome.value.queued) await scheduleAlarm(this.self);
    return outcome;
  }

  customerEmails(to: string): SentCustomerEmail[] {
    return customerEmails(this.self, to);
  }

  /** What the local email implementation delivered (development and tests). */
  mailbox() {
    return this.self.outbox.mailbox();
  }

  /** The newest messages the local email implementation delivered (the development mailbox, /dev/mailbox). */
  localMail() {
    return this.self.outbox.localMail();
  }

  /** Sends the emails due at `now` (the alarm's duty; tests and development's /dev/orders/outbox pass a later clock to send a gift card due on a later day). */
  async deliverEmail(now = Date.now()): Promise<boolean> {
    return this.self.outbox.deliver(now);
  }

  /** Emails that could not be sent after every retry, for the merchant. */
  parkedEmails(): ParkedEmail[] {
    return this.self.outbox.parked();
  }

  async retryParkedEmail(id: number): Promise<boolean> {
    const retried = this.self.outbox.retryParked(id);
    if (retried) await scheduleAlarm(this.self);
    return retried;
  }
}
