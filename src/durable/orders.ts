/**
 * The commerce object of one website (SQLite): checkouts, orders, discount codes, gift cards,
 * shipping and tax rates, store checkout settings, subscriptions and the order emails.
 *
 * One object per website rather than one per order: what must never be doubled is shared by all of
 * a website's orders (the order number sequence, a discount's usage count, a gift card's balance),
 * and one single-threaded object decides each of those in one synchronous SQLite step, with no
 * cross-object protocol. Stock stays in the website's StockLedger, which carts also ask. The price is
 * one object's throughput per website (see README for the figures).
 *
 * Placing an order: the idempotency key is checked first (a key that reached the payment provider
 * always answers the same), then the discount claim and the gift card debit are taken synchronously,
 * the stock reservation is renewed, the card is charged with an idempotency key, and on success the
 * reserved units are sold, the discount use counted and the order numbered. Anything refused before
 * the charge is rolled back.
 *
 * When the provider gives no answer (timeout, network error, 5xx) the card may have been charged:
 * the order is kept pending with its payment `unknown`, its stock, code use and gift card debit
 * held, and the placement answers 202. A retry with the same key, or the alarm with backoff, asks
 * the provider again with the same charge and the same provider key (so it replays the first
 * charge, never a second one), and the provider's webhook, which finds the order by the
 * `orderId` in the charge's metadata, settles it; whichever comes first settles it once.
 */
import { DurableObject } from 'cloudflare:workers';
import { addressProblems, type ShippingAddress } from '../commerce/address';
import type { ShoppingCart } from '../commerce/cart';
import {
  CHECKOUT_MESSAGES,
  checkoutTotals,
  DEFAULT_SETTINGS,
  discountableCents,
  EMPTY_INPUTS,
  giftCardsCents,
  minimumSubtotalMessage,
  withCheckoutTotals,
  type CheckoutInputs,
  type CheckoutTotals,
  type StoreSettings,
} from '../commerce/checkout-totals';
import { DISCOUNT_MESSAGES, discountProblem, normalCode, type Discount } from '../commerce/discounts';
import { GIFT_CARD_MESSAGES, giftCardCode, maskedGiftCardCode, normalGiftCardCode } from '../commerce/gift-cards';
import { formatMoney } from '../commerce/money';
import { confirmationUrl, ORDER_MESSAGES, type Order, type OrderEntry, type OrderStatus } from '../commerce/order';
import { ProductType } from '../commerce/product';
import { SHIPPING_MESSAGES, type ShippingRate } from '../commerce/shipping';
import { hasNextCycle, nextBillingTime, type SubscriptionPlan } from '../commerce/subscriptions';
import type { TaxRate } from '../commerce/tax';
import { paymentProvider, type ChargeRequest, type ChargeResult } from '../integrations/payments';
import { randomHex, sameToken, toHex } from '../site/ids';
import { checkoutOwner } from './cart';
import { EmailOutbox, type ParkedEmail } from './email-outbox';
import { faultPoint } from '../faults';
import type { StockLine } from './stock';
import { cartStub, stockLedger } from './stubs';

const PAGE_SIZE = 50;
/** Placement answers and idle checkouts are kept this long. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** While the card is charged the reservation may not lapse: it is renewed for at least this long. */
const PAYING_MS = 15 * 60 * 1000;
/** A charge with an unknown outcome is asked again after 30 s, doubling up to an hour... */
const UNKNOWN_FIRST_RETRY_MS = 30_000;
const UNKNOWN_MAX_RETRY_MS = 60 * 60 * 1000;
/** ...until Stripe forgets the idempotency key (24 h): after that only its webhook or the merchant settles the order. */
const UNKNOWN_GIVE_UP_MS = 23 * 60 * 60 * 1000;
/** What the client is told to wait before retrying a placement whose payment outcome is unknown. */
export const UNKNOWN_RETRY_AFTER_S = 5;
/** A subscription renewal whose charge had an unknown outcome is asked again this much later. */
const RENEWAL_UNKNOWN_RETRY_MS = 5 * 60 * 1000;

export interface Checkout extends CheckoutTotals {
  cartId: string;
  currencyCode: string;
  reservationExpiresOn: number;
  email: string | null;
  shippingAddress: ShippingAddress | null;
  discountCode: string | null;
  giftCard: { code: string; balanceCents: number; appliedCents: number } | null;
  giftRecipientEmail: string | null;
  entries: ShoppingCart['entries'];
  minimumSubtotalCents: number;
  /** The store offers address search on its checkout form. */
  addressSearch: boolean;
  subscription: SubscriptionPlan | null;
  problems: Record<string, string>;
}

/** What the route knows of the cart being bought. */
export interface CheckoutRequest {
  websiteId: string;
  cart: ShoppingCart;
  /** Per sku: the cart's quantity and the published stock level (null: unlimited). */
  lines: StockLine[];
  subscription: SubscriptionPlan | null;
}

export type CheckoutPatch = Partial<CheckoutInputs>;

export type CheckoutOutcome =
  | { ok: true; checkout: Checkout }
  | { ok: false; status: 400 | 409; error: string; errors?: Record<string, string>; unavailable?: { sku: string; available: number }[] };

export interface PlaceRequest extends CheckoutRequest {
  idempotencyKey: string;
  payment: { provider: string; token: string };
  /** Where the shopper returns after an extra authentication step. */
  returnUrl: string;
}

export type PlaceBody = { order: Order } | { error: string; errors?: Record<string, string>; code?: string; unavailable?: { sku: string; available: number }[] };

export interface PlaceOutcome {
  /** 202: the order is pending and its payment outcome unknown; retry with the same key. */
  status: 201 | 202 | 400 | 402 | 404 | 409 | 502;
  body: PlaceBody;
}

interface StoredCheckout {
  inputs: CheckoutInputs;
  /** What the gift card paid when the shopper last saw the checkout. */
  giftCardShownCents: number;
  expiresOn: number;
}

interface OrderRow extends Record<string, SqlStorageValue> {
  id: string;
  number: number;
  status: string;
  data: string;
  token_hash: string;
}

interface SubscriptionRow extends Record<string, SqlStorageValue> {
  id: string;
  order_id: string;
  token: string;
  cycle: number;
  next_at: number | null;
  data: string;
}

/** A charge that went through, still runs or has an unknown outcome; 'none' when a gift card paid everything. */
type Accepted = Exclude<ChargeResult, { status: 'declined' }> | { status: 'none' };

/** What an order row keeps beside the order: never shown to the buyer or the merchant. */
interface OrderPrivate {
  giftCardCode: string | null;
  giftRecipientEmail: string | null;
  paymentToken: string;
  lines: StockLine[];
  /** The charge as first sent: a retry sends exactly it again (the provider's idempotency needs the same parameters). */
  charge?: ChargeRequest | null;
}

interface UnsettledRow extends Record<string, SqlStorageValue> {
  order_id: string;
  cart_id: string;
  key: string;
  attempts: number;
  next_at: number | null;
  created_at: number;
}

async function sha256(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

export class CommerceOrders extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly outbox: EmailOutbox;
  /** Placements running now, by cart and key: a retry joins the running one. */
  private readonly running = new Map<string, Promise<PlaceOutcome>>();
  /** Carts whose order is being placed (a second key for the same cart waits its turn: 409). */
  private readonly placing = new Set<string>();
  /** Discount uses claimed by placements whose payment is running. */
  private readonly claims = new Map<string, number>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec('CREATE TABLE IF NOT EXISTS settings (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL)');
    this.sql.exec('CREATE TABLE IF NOT EXISTS rates (kind TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, id))');
    this.sql.exec('CREATE TABLE IF NOT EXISTS discounts (code TEXT PRIMARY KEY, data TEXT NOT NULL, uses INTEGER NOT NULL DEFAULT 0, single_use_for TEXT UNIQUE)');
    this.sql.exec('CREATE TABLE IF NOT EXISTS gift_cards (code TEXT PRIMARY KEY, initial_cents INTEGER NOT NULL, balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0), order_id TEXT NOT NULL, created_at INTEGER NOT NULL)');
    this.sql.exec('CREATE TABLE IF NOT EXISTS checkouts (cart_id TEXT PRIMARY KEY, data TEXT NOT NULL, updated_at INTEGER NOT NULL)');
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, number INTEGER NOT NULL UNIQUE, status TEXT NOT NULL, cart_id TEXT NOT NULL,
        payment_id TEXT, discount_code TEXT, token_hash TEXT NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL)`,
    );
    this.sql.exec('CREATE INDEX IF NOT EXISTS orders_by_status ON orders (status, number)');
    this.sql.exec('CREATE INDEX IF NOT EXISTS orders_by_payment ON orders (payment_id)');
    this.sql.exec('CREATE TABLE IF NOT EXISTS placements (cart_id TEXT NOT NULL, key TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (cart_id, key))');
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS subscriptions (id TEXT PRIMARY KEY, order_id TEXT NOT NULL, token TEXT NOT NULL, cycle INTEGER NOT NULL, next_at INTEGER, data TEXT NOT NULL)',
    );
    this.sql.exec('CREATE TABLE IF NOT EXISTS website (id INTEGER PRIMARY KEY CHECK (id = 1), website_id TEXT NOT NULL)');
    // Orders whose charge has an unknown outcome, with the placement that answers for them.
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS unsettled (order_id TEXT PRIMARY KEY, cart_id TEXT NOT NULL, key TEXT NOT NULL, attempts INTEGER NOT NULL, next_at INTEGER, created_at INTEGER NOT NULL)',
    );
    this.outbox = new EmailOutbox(this.sql, env, `orders-${ctx.id.toString()}`);
  }

  /** The website this object serves (its alarm needs it to reach the stock ledger). */
  private websiteId(): string | null {
    return this.sql.exec<{ website_id: string }>('SELECT website_id FROM website WHERE id = 1').toArray()[0]?.website_id ?? null;
  }

  private rememberWebsite(websiteId: string): void {
    if (this.websiteId() === null) this.sql.exec('INSERT INTO website (id, website_id) VALUES (1, ?)', websiteId);
  }

  // ---- settings, rates, discounts (merchant) ----

  settings(): StoreSettings {
    const row = this.sql.exec<{ data: string }>('SELECT data FROM settings WHERE id = 1').toArray()[0];
    return row === undefined ? DEFAULT_SETTINGS : { ...DEFAULT_SETTINGS, ...(JSON.parse(row.data) as Partial<StoreSettings>) };
  }

  /** Replaces the settings; a setting left out keeps its default (settings added later, such as `addressSearch`). */
  setSettings(settings: Partial<StoreSettings> & Omit<StoreSettings, 'addressSearch'>): StoreSettings {
    const complete = { ...DEFAULT_SETTINGS, ...settings };
    this.sql.exec('INSERT OR REPLACE INTO settings (id, data) VALUES (1, ?)', JSON.stringify(complete));
    return complete;
  }

  shippingRates(): ShippingRate[] {
    return this.rates<ShippingRate>('shipping');
  }

  taxRates(): TaxRate[] {
    return this.rates<TaxRate>('tax');
  }

  private rates<T>(kind: 'shipping' | 'tax'): T[] {
    return this.sql.exec<{ data: string }>('SELECT data FROM rates WHERE kind = ? ORDER BY id', kind).toArray().map((r) => JSON.parse(r.data) as T);
  }

  /** Creates (id null) or replaces a rate; false when the id names no rate. */
  saveRate(kind: 'shipping' | 'tax', id: string | null, rate: Omit<ShippingRate, 'id'> | Omit<TaxRate, 'id'>): { id: string } | null {
    if (id !== null && this.sql.exec('SELECT 1 FROM rates WHERE kind = ? AND id = ?', kind, id).toArray().length === 0) return null;
    const rateId = id ?? `${kind}-${randomHex(6)}`;
    this.sql.exec('INSERT OR REPLACE INTO rates (kind, id, data) VALUES (?, ?, ?)', kind, rateId, JSON.stringify({ id: rateId, ...rate }));
    return { id: rateId };
  }

  deleteRate(kind: 'shipping' | 'tax', id: string): boolean {
    return this.sql.exec('DELETE FROM rates WHERE kind = ? AND id = ? RETURNING id', kind, id).toArray().length > 0;
  }

  discounts(): Discount[] {
    return this.sql.exec<{ data: string; uses: number }>('SELECT data, uses FROM discounts WHERE single_use_for IS NULL ORDER BY code').toArray().map((r) => ({ ...(JSON.parse(r.data) as Discount), uses: r.uses }));
  }

  private discount(code: string): Discount | null {
    const row = this.sql.exec<{ data: string; uses: number }>('SELECT data, uses FROM discounts WHERE code = ?', normalCode(code)).toArray()[0];
    return row === undefined ? null : { ...(JSON.parse(row.data) as Discount), uses: row.uses };
  }

  /** Creates or replaces a code (its use count stays); `create` refuses an existing code, a replace a missing one. */
  saveDiscount(discount: Omit<Discount, 'uses' | 'singleUseFor'>, create: boolean): Discount | { conflict: true } | null {
    const code = normalCode(discount.code);
    const existing = this.discount(code);
    if (create && existing !== null) return { conflict: true };
    if (!create && existing === null) return null;
    const stored = { ...discount, code, singleUseFor: null };
    this.sql.exec('INSERT INTO discounts (code, data) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET data = excluded.data', code, JSON.stringify(stored));
    return { ...stored, uses: existing?.uses ?? 0 };
  }

  deleteDiscount(code: string): boolean {
    return this.sql.exec('DELETE FROM discounts WHERE code = ? RETURNING code', normalCode(code)).toArray().length > 0;
  }

  /**
   * The newsletter's welcome code for `email` when the merchant enabled it: a single-use percentage
   * code, emailed; one per address (signing up again issues nothing new).
   */
  async issueWelcomeCode(email: string, siteTitle: string): Promise<{ issued: boolean }> {
    const { welcomeDiscount } = this.settings();
    if (!welcomeDiscount.enabled) return { issued: false };
    const address = email.trim().toLowerCase();
    if (this.sql.exec('SELECT 1 FROM discounts WHERE single_use_for = ?', address).toArray().length > 0) return { issued: false };
    const code = `WELCOME-${randomHex(4).toUpperCase()}`;
    const discount: Discount = {
      code, kind: 'percentage', percent: welcomeDiscount.percent, amountCents: null, minimumSubtotalCents: 0,
      startsOn: null, endsOn: null, usageLimit: 1, uses: 0, singleUseFor: address,
    };
    this.sql.exec('INSERT INTO discounts (code, data, single_use_for) VALUES (?, ?, ?)', code, JSON.stringify(discount), address);
    this.outbox.queue({
      to: email,
      subject: `Your welcome code for ${siteTitle}`,
      text: `Thank you for signing up. Use the code ${code} at checkout for ${welcomeDiscount.percent}% off your first order.\n`,
    }, `welcome:${address}`);
    await this.scheduleAlarm(Date.now());
    return { issued: true };
  }

  // ---- checkout ----

  private storedCheckout(cartId: string): StoredCheckout | null {
    const row = this.sql.exec<{ data: string }>('SELECT data FROM checkouts WHERE cart_id = ?', cartId).toArray()[0];
    return row === undefined ? null : (JSON.parse(row.data) as StoredCheckout);
  }

  private saveCheckout(cartId: string, checkout: StoredCheckout, now: number): void {
    this.sql.exec('INSERT OR REPLACE INTO checkouts (cart_id, data, updated_at) VALUES (?, ?, ?)', cartId, JSON.stringify(checkout), now);
  }

  private claimed(code: string): number {
    const pending = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE status = 'pending' AND discount_code = ?", code).one().n;
    return pending + (this.claims.get(code) ?? 0);
  }

  private giftCardBalance(code: string): number | null {
    const row = this.sql.exec<{ balance_cents: number }>('SELECT balance_cents FROM gift_cards WHERE code = ?', normalGiftCardCode(code)).toArray()[0];
    return row?.balance_cents ?? null;
  }

  private totals(cart: ShoppingCart, inputs: CheckoutInputs, now: number): CheckoutTotals {
    let discount: { discount: Discount } | { code: string; problem: string } | null = null;
    if (inputs.discountCode !== null) {
      const found = this.discount(inputs.discountCode);
      const problem = discountProblem(found, discountableCents(cart), now, found === null ? 0 : this.claimed(found.code), cart.currencyCode);
      discount = problem === null && found !== null ? { discount: found } : { code: normalCode(inputs.discountCode), problem: problem ?? DISCOUNT_MESSAGES.unknown };
    }
    return checkoutTotals({
      cart,
      inputs,
      settings: this.settings(),
      shippingRates: this.shippingRates(),
      taxRates: this.taxRates(),
      discount,
      giftCardBalanceCents: inputs.giftCardCode === null ? null : (this.giftCardBalance(inputs.giftCardCode) ?? 0),
    });
  }

  /** What placing the order would refuse now, by field ('subtotal' for the store's minimum). */
  private problems(cart: ShoppingCart, inputs: CheckoutInputs, totals: CheckoutTotals): Record<string, string> {
    const problems: Record<string, string> = {};
    if (inputs.email === null) problems.email = CHECKOUT_MESSAGES.required;
    if (totals.requiresShipping) {
      Object.assign(problems, addressProblems(inputs.shippingAddress));
      if (inputs.shippingAddress !== null && totals.shippingLocation !== null && totals.shippingOptions.length === 0) problems.shippingOptionId = SHIPPING_MESSAGES.noneForAddress;
      else if (totals.selectedShippingOption === null) problems.shippingOptionId = CHECKOUT_MESSAGES.required;
    }
    const invalid = totals.invalidCoupons[0];
    if (invalid !== undefined) problems.discountCode = invalid.reason;
    if (inputs.giftCardCode !== null && totals.giftCardCents === 0 && totals.grandTotalCents > 0) {
      problems.giftCardCode = totals.grandTotalCents === giftCardsCents(cart) ? GIFT_CARD_MESSAGES.notForGiftCards : GIFT_CARD_MESSAGES.empty;
    }
    const minimum = this.settings().minimumSubtotalCents;
    if (cart.subtotalCents < minimum) problems.subtotal = minimumSubtotalMessage(minimum, cart.currencyCode);
    return problems;
  }

  private view(request: CheckoutRequest, stored: StoredCheckout, totals: CheckoutTotals): Checkout {
    const { cart } = request;
    const { inputs } = stored;
    const balance = inputs.giftCardCode === null ? null : this.giftCardBalance(inputs.giftCardCode);
    return {
      cartId: cart.id ?? '',
      currencyCode: cart.currencyCode,
      reservationExpiresOn: stored.expiresOn,
      email: inputs.email,
      shippingAddress: inputs.shippingAddress,
      discountCode: inputs.discountCode,
      giftCard: inputs.giftCardCode === null ? null : { code: maskedGiftCardCode(inputs.giftCardCode), balanceCents: balance ?? 0, appliedCents: totals.giftCardCents },
      giftRecipientEmail: inputs.giftRecipientEmail,
      entries: cart.entries,
      minimumSubtotalCents: this.settings().minimumSubtotalCents,
      addressSearch: this.settings().addressSearch,
      subscription: request.subscription,
      ...totals,
      problems: this.problems(cart, inputs, totals),
    };
  }

  private async reserve(request: CheckoutRequest, ttlMs: number, now: number) {
    return stockLedger(this.env, request.websiteId).reserve(checkoutOwner(request.cart.id ?? ''), request.lines, ttlMs, now);
  }

  /** Starts the checkout of a cart, or renews its reservation: POST /api/commerce/checkout. */
  async start(request: CheckoutRequest, patch: CheckoutPatch = {}, now = Date.now()): Promise<CheckoutOutcome> {
    const cartId = request.cart.id ?? '';
    this.rememberWebsite(request.websiteId);
    const previous = this.storedCheckout(cartId);
    const inputs: CheckoutInputs = { ...(previous?.inputs ?? EMPTY_INPUTS) };
    const errors = this.applyPatch(request.cart, inputs, patch, now);
    if (Object.keys(errors).length > 0) return { ok: false, status: 400, error: CHECKOUT_MESSAGES.formIncomplete, errors };
    const reserved = await this.reserve(request, this.settings().reservationMinutes * 60_000, now);
    if (!reserved.ok) return { ok: false, status: 409, error: CHECKOUT_MESSAGES.reservationLost, unavailable: reserved.unavailable };
    const totals = this.totals(request.cart, inputs, now);
    const stored: StoredCheckout = { inputs, giftCardShownCents: totals.giftCardCents, expiresOn: reserved.expiresOn };
    this.saveCheckout(cartId, stored, now);
    return { ok: true, checkout: this.view(request, stored, totals) };
  }

  /** Applies what the shopper entered; the problems of codes and options by field (nothing applied for those). */
  private applyPatch(cart: ShoppingCart, inputs: CheckoutInputs, patch: CheckoutPatch, now: number): Record<string, string> {
    const errors: Record<string, string> = {};
    if (patch.email !== undefined) inputs.email = patch.email;
    if (patch.giftRecipientEmail !== undefined) inputs.giftRecipientEmail = patch.giftRecipientEmail;
    if (patch.shippingAddress !== undefined) {
      const problems = patch.shippingAddress === null ? {} : addressProblems(patch.shippingAddress);
      if (Object.keys(problems).length > 0) Object.assign(errors, problems);
      else inputs.shippingAddress = patch.shippingAddress;
    }
    if (patch.discountCode !== undefined) {
      if (patch.discountCode === null) inputs.discountCode = null;
      else {
        const found = this.discount(patch.discountCode);
        const problem = discountProblem(found, discountableCents(cart), now, found === null ? 0 : this.claimed(found.code), cart.currencyCode);
        if (problem !== null) errors.discountCode = problem;
        else inputs.discountCode = normalCode(patch.discountCode);
      }
    }
    if (patch.giftCardCode !== undefined) {
      if (patch.giftCardCode === null) inputs.giftCardCode = null;
      else {
        const balance = this.giftCardBalance(patch.giftCardCode);
        if (balance === null) errors.giftCardCode = GIFT_CARD_MESSAGES.unknown;
        else if (balance === 0) errors.giftCardCode = GIFT_CARD_MESSAGES.empty;
        else if (giftCardsCents(cart) === cart.subtotalCents) errors.giftCardCode = GIFT_CARD_MESSAGES.notForGiftCards;
        else inputs.giftCardCode = normalGiftCardCode(patch.giftCardCode);
      }
    }
    if (patch.shippingOptionId !== undefined) {
      inputs.shippingOptionId = patch.shippingOptionId;
      if (patch.shippingOptionId !== null && !this.totals(cart, inputs, now).shippingOptions.some((o) => o.id === patch.shippingOptionId)) {
        errors.shippingOptionId = SHIPPING_MESSAGES.unavailable;
      }
    }
    return errors;
  }

  /** The cart with the checkout's totals (the cart call, once checkout started). */
  cartWithTotals(cart: ShoppingCart, now = Date.now()): ShoppingCart {
    const stored = cart.id === null ? null : this.storedCheckout(cart.id);
    if (stored === null) return cart;
    return withCheckoutTotals(cart, this.totals(cart, stored.inputs, now));
  }

  // ---- placing an order ----

  /** POST /api/commerce/orders: the same cart and key always give the same answer once the provider was asked. */
  place(request: PlaceRequest, now = Date.now()): Promise<PlaceOutcome> {
    const cartId = request.cart.id ?? '';
    this.rememberWebsite(request.websiteId);
    const known = this.placement(cartId, request.idempotencyKey);
    const runKey = `${cartId}\u0000${request.idempotencyKey}`;
    const running = this.running.get(runKey);
    if (running !== undefined) return running;
    if (known !== null && known.status !== 202) return Promise.resolve(known);
    if (known !== null) {
      const orderId = 'order' in known.body ? known.body.order.id : '';
      const retry = this.retryCharge(request.websiteId, orderId, now)
        .then(() => this.placement(cartId, request.idempotencyKey) ?? known)
        .finally(() => this.running.delete(runKey));
      this.running.set(runKey, retry);
      return retry;
    }
    if (this.placing.has(cartId)) return Promise.resolve({ status: 409, body: { error: CHECKOUT_MESSAGES.inProgress } });
    this.placing.add(cartId);
    const placement = this.placeOnce(request, now).finally(() => {
      this.running.delete(runKey);
      this.placing.delete(cartId);
    });
    this.running.set(runKey, placement);
    return placement;
  }

  private placement(cartId: string, key: string): PlaceOutcome | null {
    const row = this.sql.exec<{ status: number; body: string }>('SELECT status, body FROM placements WHERE cart_id = ? AND key = ?', cartId, key).toArray()[0];
    return row === undefined ? null : { status: row.status as PlaceOutcome['status'], body: JSON.parse(row.body) as PlaceBody };
  }

  private remember(request: PlaceRequest, outcome: PlaceOutcome, now: number): PlaceOutcome {
    this.sql.exec('INSERT OR REPLACE INTO placements (cart_id, key, status, body, created_at) VALUES (?, ?, ?, ?, ?)', request.cart.id ?? '', request.idempotencyKey, outcome.status, JSON.stringify(outcome.body), now);
    return outcome;
  }

  private async placeOnce(request: PlaceRequest, now: number): Promise<PlaceOutcome> {
    const { cart } = request;
    const cartId = cart.id ?? '';
    if (cart.orderId !== null) return { status: 409, body: { error: CHECKOUT_MESSAGES.purchased } };
    if (cart.entries.length === 0) return { status: 404, body: { error: CHECKOUT_MESSAGES.noCart } };
    const stored = this.storedCheckout(cartId) ?? { inputs: EMPTY_INPUTS, giftCardShownCents: 0, expiresOn: 0 };
    const { inputs } = stored;
    const totals = this.totals(cart, inputs, now);
    const { subtotal, ...fieldProblems } = this.problems(cart, inputs, totals);
    if (fieldProblems.discountCode === DISCOUNT_MESSAGES.usedUp) return { status: 409, body: { error: DISCOUNT_MESSAGES.ranOut } };
    if (Object.keys(fieldProblems).length > 0) return { status: 400, body: { error: CHECKOUT_MESSAGES.formIncomplete, errors: fieldProblems } };
    if (subtotal !== undefined) return { status: 400, body: { error: subtotal } };
    if (totals.giftCardCents < stored.giftCardShownCents) return { status: 409, body: { error: GIFT_CARD_MESSAGES.balanceChanged } };

    // Taken synchronously, before anything is awaited: two placements never share a use or a balance.
    const code = totals.validCoupons[0] ?? null;
    if (code !== null) this.claims.set(code, (this.claims.get(code) ?? 0) + 1);
    const giftCard = inputs.giftCardCode;
    if (giftCard !== null && totals.giftCardCents > 0) this.sql.exec('UPDATE gift_cards SET balance_cents = balance_cents - ? WHERE code = ?', totals.giftCardCents, giftCard);
    const undo = () => {
      if (code !== null) this.claims.set(code, (this.claims.get(code) ?? 1) - 1);
      if (giftCard !== null && totals.giftCardCents > 0) this.sql.exec('UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE code = ?', totals.giftCardCents, giftCard);
    };

    const id = `ord_${randomHex(12)}`;
    const providerKey = `${request.websiteId}:${cartId}:${request.idempotencyKey}`;
    const charge: ChargeRequest | null = totals.amountDueCents === 0 ? null : {
      amountCents: totals.amountDueCents,
      currency: cart.currencyCode,
      token: request.payment.token,
      idempotencyKey: providerKey,
      description: `Order from cart ${cartId}`,
      metadata: { websiteId: request.websiteId, cartId, orderId: id, returnUrl: request.returnUrl },
    };
    let charged: ChargeResult | { status: 'none' };
    try {
      const reserved = await this.reserve(request, Math.max(PAYING_MS, this.settings().reservationMinutes * 60_000), now);
      if (!reserved.ok) {
        undo();
        return { status: 409, body: { error: CHECKOUT_MESSAGES.reservationLost, unavailable: reserved.unavailable } };
      }
      const provider = paymentProvider(this.env);
      // A subscription's card is saved (to a customer, where the provider keeps cards that way) for its renewals.
      if (charge !== null && request.subscription !== null) {
        charge.offSession = 'save';
        if (provider.createCustomer !== undefined) {
          const { customerId } = await provider.createCustomer({ email: inputs.email ?? '', idempotencyKey: `${providerKey}:customer`, metadata: { websiteId: request.websiteId, orderId: id } });
          charge.customerId = customerId;
        }
      }
      // A charge that throws may still have taken the money: its outcome is unknown, and settled like a timeout.
      charged = charge === null ? { status: 'none' } : await provider.charge(charge).catch((error: unknown): ChargeResult => ({ status: 'unknown', reason: error instanceof Error ? error.message : 'the provider failed' }));
    } catch (error) {
      undo();
      console.error('charge failed', error);
      return { status: 502, body: { error: ORDER_MESSAGES.paymentUnavailable } };
    }
    if (charged.status === 'declined') {
      undo();
      return this.remember(request, { status: 402, body: { error: charged.message, code: charged.code } }, now);
    }
    // From here the order row holds the code use (a pending order counts as a claim).
    if (code !== null) this.claims.set(code, (this.claims.get(code) ?? 1) - 1);
    const order = await this.createOrder(request, id, inputs, totals, charged, charge, now);
    if (charged.status !== 'unknown') return this.remember(request, { status: 201, body: { order } }, now);
    this.sql.exec('INSERT INTO unsettled (order_id, cart_id, key, attempts, next_at, created_at) VALUES (?, ?, ?, 0, ?, ?)', id, cartId, request.idempotencyKey, now + UNKNOWN_FIRST_RETRY_MS, now);
    await this.scheduleAlarm(now);
    return this.remember(request, { status: 202, body: { order } }, now);
  }

  private async createOrder(request: PlaceRequest, id: string, inputs: CheckoutInputs, totals: CheckoutTotals, charged: Accepted, charge: ChargeRequest | null, now: number): Promise<Order> {
    const { cart } = request;
    const cartId = cart.id ?? '';
    const paid = charged.status === 'none' || charged.status === 'succeeded';
    const token = randomHex(16);
    const number = this.sql.exec<{ n: number }>('SELECT COALESCE(MAX(number), 1000) + 1 AS n FROM orders').one().n;
    const entries: OrderEntry[] = cart.entries.map((e) => ({
      itemId: e.itemId, sku: e.chosenVariant.sku, attributes: e.chosenVariant.attributes, title: e.title, productType: e.productType,
      quantity: e.quantity, unitPriceCents: e.purchasePriceCents, subtotalCents: e.purchasePriceCents * e.quantity, additionalFields: e.additionalFields,
    }));
    const option = totals.shippingOptions.find((o) => o.id === totals.selectedShippingOption) ?? null;
    const order: Order = {
      id, orderNumber: number, status: paid ? 'paid' : 'pending',
      createdOn: now, paidOn: paid ? now : null, fulfilledOn: null, cancelledOn: null, refundedOn: null,
      email: inputs.email ?? '',
      shippingAddress: totals.requiresShipping ? inputs.shippingAddress : null,
      shippingOption: option === null ? null : { id: option.id, name: option.name, costCents: totals.shippingCostCents },
      entries,
      currencyCode: cart.currencyCode,
      subtotalCents: totals.subtotalCents, discountCents: totals.discountCents, shippingCostCents: totals.shippingCostCents,
      taxCents: totals.taxCents, taxIncluded: totals.taxIncluded, applicableTaxRules: totals.applicableTaxRules,
      grandTotalCents: totals.grandTotalCents, giftCardCents: totals.giftCardCents, amountChargedCents: totals.amountDueCents,
      coupons: totals.validCoupons,
      payment: {
        provider: charged.status === 'none' ? 'gift-card' : paymentProvider(this.env).name,
        status: charged.status,
        nextActionUrl: charged.status === 'requires_action' ? charged.nextActionUrl : null,
        ...(charged.status === 'requires_action' && charged.clientSecret !== undefined ? { clientSecret: charged.clientSecret } : {}),
      },
      fulfillment: null,
      subscription: request.subscription === null ? null : { ...request.subscription, cycle: 1, nextBillingOn: null },
    };
    const paymentId = 'paymentId' in charged ? charged.paymentId : null;
    this.sql.exec(
      'INSERT INTO orders (id, number, status, cart_id, payment_id, discount_code, token_hash, created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id, number, order.status, cartId, paymentId, totals.validCoupons[0] ?? null, '', now,
      JSON.stringify({ ...order, giftCardCode: inputs.giftCardCode, giftRecipientEmail: inputs.giftRecipientEmail, paymentToken: request.payment.token, lines: request.lines, charge } satisfies Order & OrderPrivate),
    );
    const stock = stockLedger(this.env, request.websiteId);
    if (paid) {
      this.paidEffects(id, now);
      // The checkout's details stay until the order is paid: a failed payment returns the shopper to them.
      this.sql.exec('DELETE FROM checkouts WHERE cart_id = ?', cartId);
      await stock.sell(checkoutOwner(cartId));
    } else {
      if (charged.status !== 'unknown') this.queueOrderEmail(this.order(id) ?? order, 'received');
      // Held for the authentication window; a charge with an unknown outcome for as long as it is asked again.
      await stock.transfer(checkoutOwner(cartId), `order:${id}`, now + (charged.status === 'unknown' ? UNKNOWN_GIVE_UP_MS : PAYING_MS));
    }
    this.sql.exec('UPDATE orders SET token_hash = ? WHERE id = ?', await sha256(token), id);
    await cartStub(this.env, request.websiteId, cartId).markPurchased(id);
    await this.scheduleAlarm(now);
    const saved = this.order(id) ?? order;
    return { ...saved, confirmationUrl: confirmationUrl(saved, token) };
  }

  /** What becomes true when an order is paid: the discount use counted, bought gift cards issued, the next subscription order scheduled, the confirmation emailed. Synchronous. */
  private paidEffects(id: string, now: number): void {
    const row = this.orderRow(id);
    if (row === null) return;
    const data = JSON.parse(row.data) as Order & OrderPrivate;
    const code = data.coupons[0];
    if (code !== undefined) this.sql.exec('UPDATE discounts SET uses = uses + 1 WHERE code = ?', code);
    const recipient = data.giftRecipientEmail ?? data.email;
    for (const entry of data.entries) {
      if (entry.productType !== ProductType.GiftCard) continue;
      for (let i = 0; i < entry.quantity; i++) {
        const cardCode = giftCardCode(crypto.getRandomValues(new Uint8Array(16)));
        this.sql.exec('INSERT INTO gift_cards (code, initial_cents, balance_cents, order_id, created_at) VALUES (?, ?, ?, ?, ?)', cardCode, entry.unitPriceCents, entry.unitPriceCents, id, now);
        this.outbox.queue({
          to: recipient,
          subject: 'You received a gift card',
          text: `You received a gift card worth ${formatMoney(entry.unitPriceCents, data.currencyCode)}.\n\nGift card code: ${cardCode}\n\nEnter it at checkout to pay with it.\n`,
        }, `gift-card:${cardCode}`);
      }
    }
    let subscription = data.subscription;
    if (subscription !== null && hasNextCycle(subscription, subscription.cycle)) {
      const nextAt = nextBillingTime(now, subscription.billingPeriod);
      subscription = { ...subscription, nextBillingOn: nextAt };
      this.sql.exec('INSERT OR REPLACE INTO subscriptions (id, order_id, token, cycle, next_at, data) VALUES (?, ?, ?, ?, ?, ?)', `sub_${id}`, id, data.paymentToken, subscription.cycle, nextAt, row.data);
    }
    const { clientSecret: _secret, ...settled } = data.payment;
    const payment = data.payment.status === 'none' ? data.payment : { ...settled, status: 'succeeded' as const, nextActionUrl: null };
    const paid: Order = { ...data, status: 'paid', paidOn: data.paidOn ?? now, payment, subscription };
    this.writeOrder(id, paid, { ...data, ...paid });
    this.queueOrderEmail(paid, 'confirmed');
  }

  private queueOrderEmail(order: Order, kind: 'confirmed' | 'received' | 'fulfilled' | 'cancelled' | 'refunded'): void {
    const money = (cents: number) => formatMoney(cents, order.currencyCode);
    const lines = order.entries.map((e) => `${e.quantity} × ${e.title}${Object.keys(e.attributes).length > 0 ? ` (${Object.values(e.attributes).join(', ')})` : ''}: ${money(e.subtotalCents)}`).join('\n');
    const subjects = {
      confirmed: `Order #${order.orderNumber} confirmed`,
      received: `Order #${order.orderNumber} received: payment pending`,
      fulfilled: `Order #${order.orderNumber} has shipped`,
      cancelled: `Order #${order.orderNumber} cancelled`,
      refunded: `Order #${order.orderNumber} refunded`,
    };
    const tracking = kind === 'fulfilled' && order.fulfillment !== null ? `\nTracking number: ${order.fulfillment.trackingNumber}${order.fulfillment.carrier === null ? '' : ` (${order.fulfillment.carrier})`}\n` : '';
    this.outbox.queue({ to: order.email, subject: subjects[kind], text: `${subjects[kind]}.\n\n${lines}\n\nTotal: ${money(order.grandTotalCents)}\n${tracking}` }, `order:${order.id}:${kind}`);
  }

  // ---- orders ----

  private orderRow(id: string): OrderRow | null {
    return this.sql.exec<OrderRow>('SELECT id, number, status, data, token_hash FROM orders WHERE id = ?', id).toArray()[0] ?? null;
  }

  private writeOrder(id: string, order: Order, data: Record<string, unknown> = order as unknown as Record<string, unknown>): void {
    const row = this.orderRow(id);
    const stored = row === null ? {} : (JSON.parse(row.data) as Record<string, unknown>);
    this.sql.exec('UPDATE orders SET status = ?, data = ? WHERE id = ?', order.status, JSON.stringify({ ...stored, ...data }), id);
  }

  private toOrder(data: string): Order {
    const { giftCardCode: _code, giftRecipientEmail: _recipient, paymentToken: _token, lines: _lines, charge: _charge, ...order } = JSON.parse(data) as Order & OrderPrivate;
    return order as Order;
  }

  /** An order for a merchant (no token). */
  order(id: string): Order | null {
    const row = this.orderRow(id);
    return row === null ? null : this.toOrder(row.data);
  }

  /** An order for its buyer: the token must match the confirmation URL's. */
  async orderForBuyer(id: string, token: string): Promise<Order | null> {
    const row = this.orderRow(id);
    if (row === null || row.token_hash === '' || !sameToken(row.token_hash, await sha256(token))) return null;
    const order = this.toOrder(row.data);
    return { ...order, confirmationUrl: confirmationUrl(order, token) };
  }

  /** Orders newest first, keyset paged by order number. */
  orders(status: OrderStatus | null, cursor: number | null, limit = PAGE_SIZE): { orders: Order[]; hasNextPage: boolean; nextPageCursor: string | null } {
    const before = cursor ?? Number.MAX_SAFE_INTEGER;
    const rows = status === null
      ? this.sql.exec<{ data: string; number: number }>('SELECT data, number FROM orders WHERE number < ? ORDER BY number DESC LIMIT ?', before, limit + 1).toArray()
      : this.sql.exec<{ data: string; number: number }>('SELECT data, number FROM orders WHERE status = ? AND number < ? ORDER BY number DESC LIMIT ?', status, before, limit + 1).toArray();
    const page = rows.slice(0, limit);
    const hasNextPage = rows.length > limit;
    return { orders: page.map((r) => this.toOrder(r.data)), hasNextPage, nextPageCursor: hasNextPage ? String(page[page.length - 1]?.number) : null };
  }

  /**
   * Orders matching a merchant's search, newest first, keyset paged like `orders`: the order whose
   * number is the query (with or without '#'), or whose email contains it.
   */
  searchOrders(query: string, status: OrderStatus | null, cursor: number | null, limit = PAGE_SIZE): { orders: Order[]; hasNextPage: boolean; nextPageCursor: string | null } {
    const text = query.trim().toLowerCase();
    const number = /^#?\d{1,15}$/.test(text) ? Number(text.replace('#', '')) : -1;
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const filter = status === null ? '' : 'AND status = ?';
    const rows = this.sql
      .exec<{ data: string; number: number }>(
        `SELECT data, number FROM orders WHERE number < ? ${filter} AND (number = ? OR lower(json_extract(data, '$.email')) LIKE ? ESCAPE '\\') ORDER BY number DESC LIMIT ?`,
        ...[cursor ?? Number.MAX_SAFE_INTEGER, ...(status === null ? [] : [status]), number, like, limit + 1],
      )
      .toArray();
    const page = rows.slice(0, limit);
    const hasNextPage = rows.length > limit;
    return { orders: page.map((r) => this.toOrder(r.data)), hasNextPage, nextPageCursor: hasNextPage ? String(page[page.length - 1]?.number) : null };
  }

  /** Paid and fulfilled orders placed in [fromMs, toMs), per UTC hour: how many and their totals (analytics). */
  salesByHour(fromMs: number, toMs: number): { hour: number; orders: number; revenueCents: number }[] {
    return this.sql
      .exec<{ hour: number; orders: number; revenue: number }>(
        `SELECT created_at / 3600000 AS hour, COUNT(*) AS orders, SUM(json_extract(data, '$.grandTotalCents')) AS revenue FROM orders
         WHERE created_at >= ? AND created_at < ? AND status IN ('paid', 'fulfilled') GROUP BY hour ORDER BY hour`,
        fromMs,
        toMs,
      )
      .toArray()
      .map((row) => ({ hour: row.hour, orders: row.orders, revenueCents: row.revenue }));
  }

  /**
   * A pending payment settled (the payment webhook): paid, or cancelled with its stock released and
   * its cart open again. `orderId` (the charge's metadata) finds an order whose charge had an
   * unknown outcome, which has no payment id yet.
   */
  async paymentSettled(websiteId: string, paymentId: string, outcome: 'succeeded' | 'failed', now = Date.now(), orderId: string | null = null): Promise<Order | null> {
    let row = this.sql.exec<{ id: string; status: string }>('SELECT id, status FROM orders WHERE payment_id = ?', paymentId).toArray()[0];
    if (row === undefined && orderId !== null) {
      row = this.sql.exec<{ id: string; status: string }>('SELECT id, status FROM orders WHERE id = ? AND payment_id IS NULL', orderId).toArray()[0];
      if (row !== undefined && this.order(row.id)?.payment.status !== 'unknown') row = undefined;
      if (row !== undefined) this.sql.exec('UPDATE orders SET payment_id = ? WHERE id = ?', paymentId, row.id);
    }
    if (row === undefined) return null;
    if (row.status !== 'pending') return this.order(row.id);
    if (outcome === 'succeeded') await this.settlePaid(websiteId, row.id, now);
    else await this.settleFailed(websiteId, row.id, now, true);
    await this.scheduleAlarm(now);
    return this.order(row.id);
  }

  private cartOf(id: string): string {
    return this.sql.exec<{ cart_id: string }>('SELECT cart_id FROM orders WHERE id = ?', id).toArray()[0]?.cart_id ?? '';
  }

  /** A pending order's payment went through: paid once, its reserved units sold. */
  private async settlePaid(websiteId: string, id: string, now: number): Promise<void> {
    this.paidEffects(id, now);
    const cartId = this.cartOf(id);
    this.sql.exec('DELETE FROM checkouts WHERE cart_id = ?', cartId);
    this.answerPlacement(id, null);
    await stockLedger(this.env, websiteId).sell(`order:${id}`);
  }

  /** A pending order's payment failed: cancelled, its stock released, gift card credited, and its cart open to be bought again. */
  private async settleFailed(websiteId: string, id: string, now: number, email: boolean, decline: { error: string; code: string } | null = null): Promise<void> {
    const order = this.order(id);
    if (order === null) return;
    this.creditGiftCard(id);
    this.writeOrder(id, { ...order, status: 'cancelled', cancelledOn: now });
    if (email) this.queueOrderEmail({ ...order, status: 'cancelled' }, 'cancelled');
    this.answerPlacement(id, decline);
    await stockLedger(this.env, websiteId).release(`order:${id}`);
    const cartId = this.cartOf(id);
    if (cartId !== '') await cartStub(this.env, websiteId, cartId).reopen(id);
  }

  /**
   * Once a charge with an unknown outcome is settled, its placement answers for good: the order
   * (with the buyer's confirmation URL it was first given), or the decline.
   */
  private answerPlacement(id: string, decline: { error: string; code: string } | null): void {
    const unsettled = this.sql.exec<UnsettledRow>('DELETE FROM unsettled WHERE order_id = ? RETURNING *', id).toArray()[0];
    if (unsettled === undefined) return;
    const first = this.placement(unsettled.cart_id, unsettled.key);
    const firstOrder = first !== null && 'order' in first.body ? first.body.order : null;
    const order = this.order(id);
    if (order === null || firstOrder === null) return;
    const outcome: PlaceOutcome = decline === null ? { status: 201, body: { order: { ...order, confirmationUrl: firstOrder.confirmationUrl } } } : { status: 402, body: decline };
    this.sql.exec('UPDATE placements SET status = ?, body = ? WHERE cart_id = ? AND key = ?', outcome.status, JSON.stringify(outcome.body), unsettled.cart_id, unsettled.key);
  }

  /**
   * Asks the provider again about a charge whose outcome was unknown, with the same request and key
   * (a client retry or the alarm). The provider replays its first answer if it had one.
   */
  private async retryCharge(websiteId: string, id: string, now: number): Promise<void> {
    const charge = this.unsettledCharge(id);
    if (charge === null) return;
    let charged: ChargeResult;
    try {
      charged = await paymentProvider(this.env).charge(charge);
    } catch (error) {
      charged = { status: 'unknown', reason: error instanceof Error ? error.message : 'the provider failed' };
    }
    // Read again: the webhook may have settled the order while the provider was asked.
    if (this.unsettledCharge(id) === null) return;
    switch (charged.status) {
      case 'unknown': {
        const row = this.sql.exec<UnsettledRow>('SELECT * FROM unsettled WHERE order_id = ?', id).one();
        const attempts = row.attempts + 1;
        const nextAt = now + Math.min(UNKNOWN_FIRST_RETRY_MS * 2 ** attempts, UNKNOWN_MAX_RETRY_MS);
        const giveUp = nextAt - row.created_at > UNKNOWN_GIVE_UP_MS;
        if (giveUp) console.error(`Order ${id}: the payment provider never answered its charge; it stays pending until the provider's webhook or the merchant settles it`);
        this.sql.exec('UPDATE unsettled SET attempts = ?, next_at = ? WHERE order_id = ?', attempts, giveUp ? null : nextAt, id);
        break;
      }
      case 'declined':
        await this.settleFailed(websiteId, id, now, false, { error: charged.message, code: charged.code });
        break;
      case 'succeeded':
        this.sql.exec('UPDATE orders SET payment_id = ? WHERE id = ?', charged.paymentId, id);
        await this.settlePaid(websiteId, id, now);
        break;
      default: {
        this.sql.exec('UPDATE orders SET payment_id = ? WHERE id = ?', charged.paymentId, id);
        const order = this.order(id);
        if (order === null) break;
        const action = charged.status === 'requires_action' ? { nextActionUrl: charged.nextActionUrl, ...(charged.clientSecret === undefined ? {} : { clientSecret: charged.clientSecret }) } : { nextActionUrl: null };
        const pending: Order = { ...order, payment: { ...order.payment, status: charged.status, ...action } };
        this.writeOrder(id, pending);
        this.queueOrderEmail(pending, 'received');
        this.answerPlacement(id, null);
      }
    }
    await this.scheduleAlarm(now);
  }

  /** The charge of a pending order whose outcome is still unknown, else null. */
  private unsettledCharge(id: string): ChargeRequest | null {
    const row = this.orderRow(id);
    if (row === null || row.status !== 'pending' || this.sql.exec('SELECT 1 FROM unsettled WHERE order_id = ?', id).toArray().length === 0) return null;
    const data = JSON.parse(row.data) as Order & OrderPrivate;
    return data.payment.status === 'unknown' ? (data.charge ?? null) : null;
  }

  private creditGiftCard(id: string): void {
    const row = this.orderRow(id);
    if (row === null) return;
    const data = JSON.parse(row.data) as Order & { giftCardCode: string | null };
    if (data.giftCardCode !== null && data.giftCardCents > 0) this.sql.exec('UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE code = ?', data.giftCardCents, data.giftCardCode);
  }

  async fulfill(id: string, trackingNumber: string, carrier: string | null, now = Date.now()): Promise<Order | { status: 404 | 409; error: string }> {
    const order = this.order(id);
    if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
    if (order.status !== 'paid') return { status: 409, error: ORDER_MESSAGES.notPaid };
    const fulfilled: Order = { ...order, status: 'fulfilled', fulfilledOn: now, fulfillment: { trackingNumber, carrier } };
    this.writeOrder(id, fulfilled);
    this.queueOrderEmail(fulfilled, 'fulfilled');
    await this.scheduleAlarm(now);
    return fulfilled;
  }

  /** Cancels a pending or paid order: a paid one is refunded and restocked, a pending one releases its stock. */
  async cancel(websiteId: string, id: string, now = Date.now()): Promise<Order | { status: 404 | 409 | 502; error: string }> {
    const order = this.order(id);
    if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
    if (order.status !== 'pending' && order.status !== 'paid') return { status: 409, error: ORDER_MESSAGES.notCancellable };
    if (order.status === 'paid') {
      const refunded = await this.refundPayment(websiteId, id, order);
      if (refunded !== null) return refunded;
    }
    return this.close(websiteId, id, { ...order, status: 'cancelled', cancelledOn: now }, order.status === 'paid', 'cancelled', now);
  }

  async refund(websiteId: string, id: string, restock: boolean, now = Date.now()): Promise<Order | { status: 404 | 409 | 502; error: string }> {
    const order = this.order(id);
    if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
    if (order.status !== 'paid' && order.status !== 'fulfilled') return { status: 409, error: ORDER_MESSAGES.notRefundable };
    const refunded = await this.refundPayment(websiteId, id, order);
    if (refunded !== null) return refunded;
    return this.close(websiteId, id, { ...order, status: 'refunded', refundedOn: now }, restock, 'refunded', now);
  }

  /** Refunds what the card paid; the key is unique in the provider account across websites, and one per order (a retried refund never refunds twice). */
  private async refundPayment(websiteId: string, id: string, order: Order): Promise<{ status: 502; error: string } | null> {
    const paymentId = this.sql.exec<{ payment_id: string | null }>('SELECT payment_id FROM orders WHERE id = ?', id).one().payment_id;
    if (paymentId === null || order.amountChargedCents === 0) return null;
    const result = await paymentProvider(this.env).refund(paymentId, order.amountChargedCents, `${websiteId}:refund:${id}`);
    return result.ok ? null : { status: 502, error: `${ORDER_MESSAGES.refundFailed} ${result.message}` };
  }

  private async close(websiteId: string, id: string, closed: Order, restock: boolean, kind: 'cancelled' | 'refunded', now: number): Promise<Order> {
    const before = this.order(id);
    if (before === null || before.status === closed.status) return before ?? closed;
    this.creditGiftCard(id);
    this.writeOrder(id, closed);
    this.sql.exec('DELETE FROM subscriptions WHERE order_id = ?', id);
    this.queueOrderEmail(closed, kind);
    const stock = stockLedger(this.env, websiteId);
    if (before.status === 'pending') await stock.release(`order:${id}`);
    else if (restock) await stock.restock(closed.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })));
    await this.scheduleAlarm(now);
    return closed;
  }

  // ---- subscriptions ----

  /** Places every subscription order due at `now` (the alarm; tests pass a fake clock). */
  async renewDue(websiteId: string, now = Date.now()): Promise<{ placed: number; failed: number }> {
    const due = this.sql.exec<SubscriptionRow>('SELECT * FROM subscriptions WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT 20', now).toArray();
    // Taken off the schedule before anything is awaited, so a second run never bills a cycle again.
    for (const sub of due) this.sql.exec('UPDATE subscriptions SET next_at = NULL WHERE id = ?', sub.id);
    let placed = 0;
    let failed = 0;
    for (const sub of due) {
      const first = JSON.parse(sub.data) as Order & OrderPrivate;
      const cycle = sub.cycle + 1;
      const sold = await stockLedger(this.env, websiteId).sellNow(first.lines, now);
      const customerId = first.charge?.customerId;
      // Charged without the shopper, from the card saved at the first order, once per cycle (the key).
      const charged = !sold.ok ? null : await paymentProvider(this.env).charge({
        amountCents: first.grandTotalCents,
        currency: first.currencyCode,
        token: sub.token,
        idempotencyKey: `${websiteId}:${sub.id}:${cycle}`,
        description: `Subscription order ${cycle} of ${first.id}`,
        metadata: { websiteId, subscriptionId: sub.id },
        offSession: 'renewal',
        ...(customerId === undefined ? {} : { customerId }),
      });
      if (charged !== null && charged.status === 'unknown') {
        // Asked again later for the same cycle with the same key: the provider replays a charge it made.
        await stockLedger(this.env, websiteId).restock(first.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })));
        this.sql.exec('UPDATE subscriptions SET next_at = ? WHERE id = ?', now + RENEWAL_UNKNOWN_RETRY_MS, sub.id);
        continue;
      }
      // Off-session, a card that asks for authentication has no shopper to answer it: not renewed.
      if (charged === null || charged.status === 'declined' || charged.status === 'requires_action') {
        failed++;
        if (charged !== null) await stockLedger(this.env, websiteId).restock(first.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })));
        if (charged !== null && charged.status !== 'declined') console.error(`Subscription ${sub.id} cycle ${cycle}: the card asked for authentication off-session`);
        this.outbox.queue({ to: first.email, subject: 'Your subscription could not be renewed', text: `We could not place the next order of your subscription (order #${first.orderNumber}). Please contact the store.\n` }, `subscription-failed:${sub.id}:${cycle}`);
        continue;
      }
      const id = `ord_${randomHex(12)}`;
      const number = this.sql.exec<{ n: number }>('SELECT COALESCE(MAX(number), 1000) + 1 AS n FROM orders').one().n;
      const plan = first.subscription;
      const nextAt = plan !== null && hasNextCycle(plan, cycle) ? nextBillingTime(now, plan.billingPeriod) : null;
      // The buyer's token of the first order opens every order of the subscription.
      const tokenHash = this.orderRow(sub.order_id)?.token_hash ?? '';
      const order: Order = {
        ...this.toOrder(sub.data), id, orderNumber: number, status: 'paid', createdOn: now, paidOn: now, fulfilledOn: null, cancelledOn: null, refundedOn: null,
        giftCardCents: 0, amountChargedCents: first.grandTotalCents, coupons: [], fulfillment: null,
        payment: { provider: paymentProvider(this.env).name, status: charged.status, nextActionUrl: null },
        subscription: plan === null ? null : { ...plan, cycle, nextBillingOn: nextAt },
      };
      this.sql.exec(
        'INSERT INTO orders (id, number, status, cart_id, payment_id, discount_code, token_hash, created_at, data) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)',
        id, number, 'paid', '', charged.paymentId, tokenHash, now, JSON.stringify(order),
      );
      this.sql.exec('UPDATE subscriptions SET cycle = ?, next_at = ? WHERE id = ?', cycle, nextAt, sub.id);
      this.queueOrderEmail(order, 'confirmed');
      placed++;
    }
    await this.scheduleAlarm(now);
    return { placed, failed };
  }

  // ---- alarm: emails, subscriptions, unknown charges, housekeeping ----

  /** Asks the provider again about every charge with an unknown outcome that is due (the alarm; tests pass a fake clock). */
  async retryDueCharges(websiteId: string, now = Date.now()): Promise<number> {
    const due = this.sql.exec<{ order_id: string }>('SELECT order_id FROM unsettled WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT 20', now).toArray();
    for (const { order_id: id } of due) await this.retryCharge(websiteId, id, now);
    return due.length;
  }

  private async scheduleAlarm(now: number): Promise<void> {
    const nextSubscription = this.sql.exec<{ at: number | null }>('SELECT MIN(next_at) AS at FROM subscriptions').one().at;
    const nextRetry = this.sql.exec<{ at: number | null }>('SELECT MIN(next_at) AS at FROM unsettled').one().at;
    const oldest = this.sql.exec<{ at: number | null }>('SELECT MIN(created_at) AS at FROM placements p WHERE NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = p.cart_id AND u.key = p.key)').one().at;
    const candidates = [nextSubscription, nextRetry, oldest === null ? null : oldest + KEEP_MS, this.outbox.nextAttemptAt()].filter((t): t is number => t !== null);
    if (candidates.length === 0) return;
    const at = Math.min(...candidates);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    await faultPoint('alarm', 'CommerceOrders');
    const now = Date.now();
    this.sql.exec('DELETE FROM placements WHERE created_at <= ? AND NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = placements.cart_id AND u.key = placements.key)', now - KEEP_MS);
    this.sql.exec('DELETE FROM checkouts WHERE updated_at <= ?', now - KEEP_MS);
    const websiteId = this.websiteId();
    if (websiteId !== null) {
      await this.retryDueCharges(websiteId, now);
      await this.renewDue(websiteId, now);
    }
    await this.outbox.deliver(now);
    await this.scheduleAlarm(now);
  }

  /** What the local email implementation delivered (development and tests). */
  mailbox() {
    return this.outbox.mailbox();
  }

  async deliverEmail(): Promise<boolean> {
    return this.outbox.deliver();
  }

  /** Emails that could not be sent after every retry, for the merchant. */
  parkedEmails(): ParkedEmail[] {
    return this.outbox.parked();
  }

  async retryParkedEmail(id: number): Promise<boolean> {
    const retried = this.outbox.retryParked(id);
    if (retried) await this.scheduleAlarm(Date.now());
    return retried;
  }
}
