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
 * always answers the same), then the placement is journaled with its gift card debit and discount
 * claim in one transaction, the units are reserved for the payment window (a checkout reserves
 * none), the card is charged with an idempotency key, and the order, the key's answer and its
 * follow-up (sell the units once, mark the cart) are recorded in one transaction. A kill at any
 * instant leaves a journal or a follow-up that the key's retry or the alarm finishes. Anything
 * refused before the charge is rolled back.
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
import { mergePriceChanges, type PriceChange, type ShoppingCart } from '../commerce/cart';
import {
  CHECKOUT_MESSAGES,
  checkoutTotals,
  DEFAULT_SETTINGS,
  discountableCents,
  EMPTY_INPUTS,
  giftCardsCents,
  minimumSubtotalMessage,
  shownTotals,
  totalsMoved,
  withCheckoutTotals,
  type CheckoutInputs,
  type CheckoutTotals,
  type ShownTotals,
  type StoreSettings,
} from '../commerce/checkout-totals';
import { DISCOUNT_MESSAGES, discountProblem, normalCode, type Discount } from '../commerce/discounts';
import {
  GIFT_CARD_MESSAGES,
  giftCardCode,
  giftDetailsOf,
  giftSendAt,
  maskedGiftCardCode,
  normalGiftCardCode,
  sendOnText,
  type GiftCardSent,
} from '../commerce/gift-cards';
import { formatMoney } from '../commerce/money';
import { confirmationUrl, ORDER_MESSAGES, type Order, type OrderEntry, type OrderStatus } from '../commerce/order';
import { orderMatcher } from '../commerce/order-search';
import { ProductType } from '../commerce/product';
import { SHIPPING_MESSAGES, type ShippingRate } from '../commerce/shipping';
import {
  billingText,
  hasNextCycle,
  nextBillingTime,
  SUBSCRIPTION_MESSAGES,
  type BuyerSubscription,
  type SubscriptionPlan,
} from '../commerce/subscriptions';
import type { TaxRate } from '../commerce/tax';
import { paymentProvider, type ChargeRequest, type ChargeResult } from '../integrations/payments';
import { randomHex, sameToken } from '../site/ids';
import { EMAIL_OUTBOX_MIGRATIONS, EmailOutbox, type ParkedEmail } from './email-outbox';
import { addColumn, migrate, type Migration } from './migrations';
import { tokenDigest } from './passwords';
import { faultPoint } from '../faults';
import type { StockLine } from './stock';
import { cartStub, stockLedger } from './stubs';

const PAGE_SIZE = 50;
/** The most orders one search call reads (searchOrders): a bounded read per request whatever the store's size. */
const SEARCH_SCAN = 5_000;
/** Placement answers are kept this long: past any client's retries and the provider's own key lifetime (Stripe: 24 h). */
const PLACEMENT_KEEP_MS = 24 * 60 * 60 * 1000;
/** A checkout without an order is forgotten after this long untouched (it holds no stock: only the shopper's details). */
export const CHECKOUT_KEEP_MS = 6 * 60 * 60 * 1000;
/** At most this many checkouts per website (about 1.4 KB each): a new one makes room by forgetting the oldest without an order. */
export const MAX_CHECKOUTS = 5000;
/**
 * Units one visitor (their connecting address; in development their crumb) may have reserved at once across
 * the orders they are paying for: stock is reserved only at payment, for the payment window, and no more than this.
 */
export const MAX_RESERVED_UNITS_PER_VISITOR = 20;
/** A placement cut off by a restart whose shopper did not retry is finished by the alarm after this long. */
const RESUME_AFTER_MS = 30_000;
/** What a recorded order still needs from other objects (stock, cart) is done by the alarm after this long if a restart cut it off. */
const FOLLOW_UP_AFTER_MS = 5_000;
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
  /** Until then the checkout (the shopper's details; it holds no stock) is kept (CHECKOUT_KEEP_MS after its last call); the name is the contract's. */
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
  /** Entries whose price moved since they were added: the cart now has the new price. */
  priceChanges: PriceChange[];
  problems: Record<string, string>;
}

/** What the route knows of the cart being bought. */
export interface CheckoutRequest {
  websiteId: string;
  cart: ShoppingCart;
  /** Per sku: the cart's quantity and the published stock level (null: unlimited). */
  lines: StockLine[];
  subscription: SubscriptionPlan | null;
  /** The entries the route just priced anew from the catalogue (the cart already has their new price). */
  priceChanges: PriceChange[];
}

export type CheckoutPatch = Partial<CheckoutInputs>;

export type CheckoutOutcome =
  | { ok: true; checkout: Checkout }
  | {
      ok: false;
      status: 400 | 409;
      error: string;
      errors?: Record<string, string>;
      unavailable?: { sku: string; available: number }[];
    };

export interface PlaceRequest extends CheckoutRequest {
  idempotencyKey: string;
  payment: { provider: string; token: string };
  /** Where the shopper returns after an extra authentication step. */
  returnUrl: string;
  /** Who places it, for the cap on reserved units (the route's visitorKey). */
  visitor: string;
  /** The SHA-256 of the placing browser's crumb: a retry whose cart cookie is gone (a paid answer deletes it) finds its answer by key and crumb. */
  requester: string;
}

export const PLACE_MESSAGES = {
  tooManyHeld: `You have too many items waiting for payment. Finish paying for them, or try again once they are released (at most ${MAX_RESERVED_UNITS_PER_VISITOR} at a time).`,
} as const;

/** A placement journaled before its first await (the `placing` table): everything needed to finish it after a restart. */
interface PlacingJob {
  orderId: string;
  request: PlaceRequest;
  inputs: CheckoutInputs;
  totals: CheckoutTotals;
  charge: ChargeRequest | null;
  /** `reserving`: the charge was never sent, so a refusal may forget the placement; `charging`: it may have been sent. */
  phase: 'reserving' | 'charging';
  createdAt: number;
}

export type PlaceBody =
  | { order: Order }
  | {
      error: string;
      errors?: Record<string, string>;
      code?: string;
      unavailable?: { sku: string; available: number }[];
      checkout?: Checkout;
    };

export interface PlaceOutcome {
  /** 202: the order is pending and its payment outcome unknown; retry with the same key. */
  status: 201 | 202 | 400 | 402 | 404 | 409 | 502;
  body: PlaceBody;
}

interface StoredCheckout {
  inputs: CheckoutInputs;
  /** What the gift card paid when the shopper last saw the checkout. */
  giftCardShownCents: number;
  /** The totals the shopper last saw (absent in checkouts stored before they were kept: never seen). */
  shownTotals?: ShownTotals;
  /** Prices that moved since their entries were added, told to the shopper for as long as the checkout lasts. */
  priceChanges?: PriceChange[];
  /** When the checkout is forgotten unless used again. */
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
  /** Cancelled by the shopper then: never renewed again. */
  cancelled_at: number | null;
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
  /**
   * A subscription's page with its buyer token (absolute), for the manage link its emails carry; its
   * renewals' emails are written later, when the token is no longer at hand. Other orders keep only the hash.
   */
  manageUrl?: string;
}

interface UnsettledRow extends Record<string, SqlStorageValue> {
  order_id: string;
  cart_id: string;
  key: string;
  attempts: number;
  next_at: number | null;
  created_at: number;
}

/** The buyer's line about a card the order sent: to whom, and when. */
function giftCardSentText(card: GiftCardSent, buyerEmail: string, currency: string): string {
  const who =
    card.recipientEmail.toLowerCase() === buyerEmail.toLowerCase()
      ? 'you (its code is in a separate email)'
      : `${card.recipientName === '' ? '' : `${card.recipientName} `}<${card.recipientEmail}>`;
  return `Gift card of ${formatMoney(card.amountCents, currency)} sent to ${who}${card.sendOn === null ? '' : ` on ${sendOnText(card.sendOn)}`}.`;
}

/** The recipient's email: the card's code, its value and the buyer's message. */
function giftCardEmail(
  card: GiftCardSent,
  code: string,
  message: string,
  order: Order,
): { to: string; subject: string; text: string } {
  const worth = formatMoney(card.amountCents, order.currencyCode);
  const greeting = card.recipientName === '' ? '' : `Hello ${card.recipientName},\n\n`;
  const end = `Gift card code: ${code}\n\nEnter it at checkout to pay with it.\n`;
  if (card.code !== null)
    return {
      to: card.recipientEmail,
      subject: 'Your gift card',
      text: `${greeting}Here is your gift card worth ${worth}.\n\n${message === '' ? '' : `${message}\n\n`}${end}`,
    };
  const from =
    order.shippingAddress === null
      ? order.email
      : `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim() || order.email;
  const note = message === '' ? '' : `Their message:\n\n${message}\n\n`;
  return {
    to: card.recipientEmail,
    subject: 'You received a gift card',
    text: `${greeting}${from} sent you a gift card worth ${worth}.\n\n${note}${end}`,
  };
}

const ORDER_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS settings (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS rates (kind TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, id));
  -- Defaults made once (the demo store's shipping rates), so a merchant's deletion is not undone.
  CREATE TABLE IF NOT EXISTS seeded (name TEXT PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS discounts (code TEXT PRIMARY KEY, data TEXT NOT NULL, uses INTEGER NOT NULL DEFAULT 0, single_use_for TEXT UNIQUE);
  CREATE TABLE IF NOT EXISTS gift_cards (code TEXT PRIMARY KEY, initial_cents INTEGER NOT NULL, balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
    order_id TEXT NOT NULL, created_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS checkouts (cart_id TEXT PRIMARY KEY, data TEXT NOT NULL, updated_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS checkouts_by_age ON checkouts (updated_at);
  -- Placements journaled and not yet recorded (a retry or the alarm finishes them); a journaled code counts as a use claimed.
  CREATE TABLE IF NOT EXISTS placing (cart_id TEXT NOT NULL, key TEXT NOT NULL, order_id TEXT NOT NULL, discount_code TEXT, data TEXT NOT NULL,
    created_at INTEGER NOT NULL, PRIMARY KEY (cart_id, key));
  -- Units reserved per order being placed or waiting for its payment, by visitor, until the payment window ends.
  CREATE TABLE IF NOT EXISTS holds (order_id TEXT PRIMARY KEY, visitor TEXT NOT NULL, units INTEGER NOT NULL, expires_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS holds_by_visitor ON holds (visitor, expires_at);
  -- Recorded orders whose stock and cart steps are not done yet (hold_until: a pending order's units are held until then).
  CREATE TABLE IF NOT EXISTS followups (order_id TEXT PRIMARY KEY, hold_until INTEGER, created_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, number INTEGER NOT NULL UNIQUE, status TEXT NOT NULL, cart_id TEXT NOT NULL,
    payment_id TEXT, discount_code TEXT, token_hash TEXT NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS orders_by_status ON orders (status, number);
  CREATE INDEX IF NOT EXISTS orders_by_payment ON orders (payment_id);
  CREATE TABLE IF NOT EXISTS placements (cart_id TEXT NOT NULL, key TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
    created_at INTEGER NOT NULL, PRIMARY KEY (cart_id, key));
  CREATE TABLE IF NOT EXISTS subscriptions (id TEXT PRIMARY KEY, order_id TEXT NOT NULL, token TEXT NOT NULL, cycle INTEGER NOT NULL, next_at INTEGER,
    data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS website (id INTEGER PRIMARY KEY CHECK (id = 1), website_id TEXT NOT NULL);
  -- Orders whose charge has an unknown outcome, with the placement that answers for them.
  CREATE TABLE IF NOT EXISTS unsettled (order_id TEXT PRIMARY KEY, cart_id TEXT NOT NULL, key TEXT NOT NULL, attempts INTEGER NOT NULL,
    next_at INTEGER, created_at INTEGER NOT NULL)`,
  (sql) => {
    addColumn(sql, 'placements', 'requester', 'TEXT');
    sql.exec('CREATE INDEX IF NOT EXISTS placements_by_key ON placements (key, requester)');
  },
  (sql) => addColumn(sql, 'subscriptions', 'cancelled_at', 'INTEGER'),
];

export class CommerceOrders extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly outbox: EmailOutbox;
  /** Placements running now, by cart and key: a retry joins the running one. */
  private readonly running = new Map<string, Promise<PlaceOutcome>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, { orders: ORDER_MIGRATIONS, 'email-outbox': EMAIL_OUTBOX_MIGRATIONS });
    this.outbox = new EmailOutbox(this.sql, env, `orders-${ctx.id.toString()}`);
  }

  /** The website this object serves (its alarm needs it to reach the stock ledger). */
  private websiteId(): string | null {
    return (
      this.sql.exec<{ website_id: string }>('SELECT website_id FROM website WHERE id = 1').toArray()[0]?.website_id ??
      null
    );
  }

  private rememberWebsite(websiteId: string): void {
    if (this.websiteId() === null) this.sql.exec('INSERT INTO website (id, website_id) VALUES (1, ?)', websiteId);
  }

  // ---- settings, rates, discounts (merchant) ----

  settings(): StoreSettings {
    const row = this.sql.exec<{ data: string }>('SELECT data FROM settings WHERE id = 1').toArray()[0];
    return row === undefined
      ? DEFAULT_SETTINGS
      : { ...DEFAULT_SETTINGS, ...(JSON.parse(row.data) as Partial<StoreSettings>) };
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
    return this.sql
      .exec<{ data: string }>('SELECT data FROM rates WHERE kind = ? ORDER BY id', kind)
      .toArray()
      .map((r) => JSON.parse(r.data) as T);
  }

  /** Creates (id null) or replaces a rate; false when the id names no rate. */
  saveRate(
    kind: 'shipping' | 'tax',
    id: string | null,
    rate: Omit<ShippingRate, 'id'> | Omit<TaxRate, 'id'>,
  ): { id: string } | null {
    if (id !== null && this.sql.exec('SELECT 1 FROM rates WHERE kind = ? AND id = ?', kind, id).toArray().length === 0)
      return null;
    const rateId = id ?? `${kind}-${randomHex(6)}`;
    this.sql.exec(
      'INSERT OR REPLACE INTO rates (kind, id, data) VALUES (?, ?, ?)',
      kind,
      rateId,
      JSON.stringify({ id: rateId, ...rate }),
    );
    return { id: rateId };
  }

  /** A store's default shipping rates, made once: rates the merchant deleted afterwards stay deleted. */
  seedShippingRates(rates: readonly ShippingRate[]): void {
    this.ctx.storage.transactionSync(() => {
      if (
        this.sql.exec("INSERT OR IGNORE INTO seeded (name) VALUES ('shipping') RETURNING name").toArray().length === 0
      )
        return;
      for (const rate of rates)
        this.sql.exec(
          'INSERT OR IGNORE INTO rates (kind, id, data) VALUES (?, ?, ?)',
          'shipping',
          rate.id,
          JSON.stringify(rate),
        );
    });
  }

  /** Starting settings (the demo's), made once while the store has none: a merchant's later change stays. */
  seedSettings(settings: Partial<StoreSettings>): void {
    this.ctx.storage.transactionSync(() => {
      if (
        this.sql.exec("INSERT OR IGNORE INTO seeded (name) VALUES ('settings') RETURNING name").toArray().length === 0
      )
        return;
      if (this.sql.exec('SELECT 1 FROM settings WHERE id = 1').toArray().length > 0) return;
      this.sql.exec(
        'INSERT INTO settings (id, data) VALUES (1, ?)',
        JSON.stringify({ ...DEFAULT_SETTINGS, ...settings }),
      );
    });
  }

  deleteRate(kind: 'shipping' | 'tax', id: string): boolean {
    return this.sql.exec('DELETE FROM rates WHERE kind = ? AND id = ? RETURNING id', kind, id).toArray().length > 0;
  }

  discounts(): Discount[] {
    return this.sql
      .exec<{ data: string; uses: number }>(
        'SELECT data, uses FROM discounts WHERE single_use_for IS NULL ORDER BY code',
      )
      .toArray()
      .map((r) => ({ ...(JSON.parse(r.data) as Discount), uses: r.uses }));
  }

  private discount(code: string): Discount | null {
    const row = this.sql
      .exec<{ data: string; uses: number }>('SELECT data, uses FROM discounts WHERE code = ?', normalCode(code))
      .toArray()[0];
    return row === undefined ? null : { ...(JSON.parse(row.data) as Discount), uses: row.uses };
  }

  /** Creates or replaces a code (its use count stays); `create` refuses an existing code, a replace a missing one. */
  saveDiscount(
    discount: Omit<Discount, 'uses' | 'singleUseFor'>,
    create: boolean,
  ): Discount | { conflict: true } | null {
    const code = normalCode(discount.code);
    const existing = this.discount(code);
    if (create && existing !== null) return { conflict: true };
    if (!create && existing === null) return null;
    const stored = { ...discount, code, singleUseFor: null };
    this.sql.exec(
      'INSERT INTO discounts (code, data) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET data = excluded.data',
      code,
      JSON.stringify(stored),
    );
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
    if (this.sql.exec('SELECT 1 FROM discounts WHERE single_use_for = ?', address).toArray().length > 0)
      return { issued: false };
    const code = `WELCOME-${randomHex(4).toUpperCase()}`;
    const discount: Discount = {
      code,
      kind: 'percentage',
      percent: welcomeDiscount.percent,
      amountCents: null,
      minimumSubtotalCents: 0,
      startsOn: null,
      endsOn: null,
      usageLimit: 1,
      uses: 0,
      singleUseFor: address,
    };
    this.sql.exec(
      'INSERT INTO discounts (code, data, single_use_for) VALUES (?, ?, ?)',
      code,
      JSON.stringify(discount),
      address,
    );
    this.outbox.queue(
      {
        to: email,
        subject: `Your welcome code for ${siteTitle}`,
        text: `Thank you for signing up. Use the code ${code} at checkout for ${welcomeDiscount.percent}% off your first order.\n`,
      },
      `welcome:${address}`,
    );
    await this.scheduleAlarm();
    return { issued: true };
  }

  // ---- checkout ----

  private storedCheckout(cartId: string): StoredCheckout | null {
    const row = this.sql.exec<{ data: string }>('SELECT data FROM checkouts WHERE cart_id = ?', cartId).toArray()[0];
    return row === undefined ? null : (JSON.parse(row.data) as StoredCheckout);
  }

  /** Saves a checkout; a new one past MAX_CHECKOUTS forgets the oldest checkout without a pending order. */
  private saveCheckout(cartId: string, checkout: StoredCheckout, now: number): void {
    const added = this.sql.exec('SELECT 1 FROM checkouts WHERE cart_id = ?', cartId).toArray().length === 0;
    this.sql.exec(
      'INSERT OR REPLACE INTO checkouts (cart_id, data, updated_at) VALUES (?, ?, ?)',
      cartId,
      JSON.stringify(checkout),
      now,
    );
    if (!added) return;
    const over = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM checkouts').one().n - MAX_CHECKOUTS;
    if (over <= 0) return;
    this.sql.exec(
      `DELETE FROM checkouts WHERE cart_id IN (SELECT cart_id FROM checkouts c WHERE cart_id != ?
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.cart_id AND o.status = 'pending') ORDER BY updated_at LIMIT ?)`,
      cartId,
      over,
    );
  }

  private claimed(code: string): number {
    const pending = this.sql
      .exec<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE status = 'pending' AND discount_code = ?", code)
      .one().n;
    return (
      pending + this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM placing WHERE discount_code = ?', code).one().n
    );
  }

  private giftCardBalance(code: string): number | null {
    const row = this.sql
      .exec<{ balance_cents: number }>('SELECT balance_cents FROM gift_cards WHERE code = ?', normalGiftCardCode(code))
      .toArray()[0];
    return row?.balance_cents ?? null;
  }

  private totals(cart: ShoppingCart, inputs: CheckoutInputs, now: number): CheckoutTotals {
    let discount: { discount: Discount } | { code: string; problem: string } | null = null;
    if (inputs.discountCode !== null) {
      const found = this.discount(inputs.discountCode);
      const problem = discountProblem(
        found,
        discountableCents(cart),
        now,
        found === null ? 0 : this.claimed(found.code),
        cart.currencyCode,
      );
      discount =
        problem === null && found !== null
          ? { discount: found }
          : { code: normalCode(inputs.discountCode), problem: problem ?? DISCOUNT_MESSAGES.unknown };
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
      if (inputs.shippingAddress !== null && totals.shippingLocation !== null && totals.shippingOptions.length === 0)
        problems.shippingOptionId = SHIPPING_MESSAGES.noneForAddress;
      else if (totals.selectedShippingOption === null) problems.shippingOptionId = CHECKOUT_MESSAGES.required;
    }
    const invalid = totals.invalidCoupons[0];
    if (invalid !== undefined) problems.discountCode = invalid.reason;
    if (inputs.giftCardCode !== null && totals.giftCardCents === 0 && totals.grandTotalCents > 0) {
      problems.giftCardCode =
        totals.grandTotalCents === giftCardsCents(cart) ? GIFT_CARD_MESSAGES.notForGiftCards : GIFT_CARD_MESSAGES.empty;
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
      giftCard:
        inputs.giftCardCode === null
          ? null
          : {
              code: maskedGiftCardCode(inputs.giftCardCode),
              balanceCents: balance ?? 0,
              appliedCents: totals.giftCardCents,
            },
      giftRecipientEmail: inputs.giftRecipientEmail,
      entries: cart.entries,
      minimumSubtotalCents: this.settings().minimumSubtotalCents,
      addressSearch: this.settings().addressSearch,
      subscription: request.subscription,
      priceChanges: stored.priceChanges ?? [],
      ...totals,
      problems: this.problems(cart, inputs, totals),
    };
  }

  /** What the cart asks for beyond what is available now (a checkout reserves nothing: stock is reserved at payment). */
  private async unavailable(request: CheckoutRequest, now: number): Promise<{ sku: string; available: number }[]> {
    const counted = request.lines.filter(
      (line): line is StockLine & { stock: number } => line.stock !== null && line.quantity > 0,
    );
    if (counted.length === 0) return [];
    const available = await stockLedger(this.env, request.websiteId).available(
      Object.fromEntries(counted.map((line) => [line.sku, line.stock])),
      now,
    );
    return counted
      .filter((line) => line.quantity > (available[line.sku] ?? 0))
      .map((line) => ({ sku: line.sku, available: available[line.sku] ?? 0 }));
  }

  /**
   * Starts the checkout of a cart or updates it: POST/PUT /api/commerce/checkout. Only checks that
   * the stock is there (Shopify's rule: reserve at payment, not before), so no call holds units.
   */
  async start(request: CheckoutRequest, patch: CheckoutPatch = {}, now = Date.now()): Promise<CheckoutOutcome> {
    const cartId = request.cart.id ?? '';
    this.rememberWebsite(request.websiteId);
    const previous = this.storedCheckout(cartId);
    const inputs: CheckoutInputs = { ...(previous?.inputs ?? EMPTY_INPUTS) };
    const priceChanges = mergePriceChanges(previous?.priceChanges ?? [], request.priceChanges);
    // The cart has its new prices already: the notice is kept even when this call is refused.
    const keepNotice = () => {
      if (request.priceChanges.length > 0)
        this.saveCheckout(
          cartId,
          { inputs: EMPTY_INPUTS, giftCardShownCents: 0, expiresOn: now + CHECKOUT_KEEP_MS, ...previous, priceChanges },
          now,
        );
    };
    const errors = this.applyPatch(request.cart, inputs, patch, now);
    if (Object.keys(errors).length > 0) {
      keepNotice();
      return { ok: false, status: 400, error: CHECKOUT_MESSAGES.formIncomplete, errors };
    }
    const unavailable = await this.unavailable(request, now);
    if (unavailable.length > 0) {
      keepNotice();
      return { ok: false, status: 409, error: CHECKOUT_MESSAGES.reservationLost, unavailable };
    }
    const totals = this.totals(request.cart, inputs, now);
    const stored: StoredCheckout = {
      inputs,
      giftCardShownCents: totals.giftCardCents,
      shownTotals: shownTotals(totals),
      priceChanges,
      expiresOn: now + CHECKOUT_KEEP_MS,
    };
    this.saveCheckout(cartId, stored, now);
    if (previous === null) await this.scheduleAlarm();
    return { ok: true, checkout: this.view(request, stored, totals) };
  }

  /** Applies what the shopper entered; the problems of codes and options by field (nothing applied for those). */
  private applyPatch(
    cart: ShoppingCart,
    inputs: CheckoutInputs,
    patch: CheckoutPatch,
    now: number,
  ): Record<string, string> {
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
        const problem = discountProblem(
          found,
          discountableCents(cart),
          now,
          found === null ? 0 : this.claimed(found.code),
          cart.currencyCode,
        );
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
      if (
        patch.shippingOptionId !== null &&
        !this.totals(cart, inputs, now).shippingOptions.some((o) => o.id === patch.shippingOptionId)
      ) {
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

  /**
   * The answer `key` already has for the cart, if any: a remembered answer (after finishing what a
   * restart left of its order: the stock sale, the cart), a 202 asked again, or a placement cut off
   * by a restart finished now. Null: the key is new. Asked by the route before it reads the cart, so a
   * key answers the same after its cart was bought.
   */
  replay(
    websiteId: string,
    cartId: string | null,
    key: string,
    requester: string,
    now = Date.now(),
  ): Promise<PlaceOutcome | null> {
    this.rememberWebsite(websiteId);
    const cart =
      cartId ??
      this.sql
        .exec<{ cart_id: string }>('SELECT cart_id FROM placements WHERE key = ? AND requester = ?', key, requester)
        .toArray()[0]?.cart_id;
    return (cart === undefined ? null : this.answerFor(websiteId, cart, key, now)) ?? Promise.resolve(null);
  }

  /** Synchronous, so a new placement is journaled before anything else can start one for the same key. */
  private answerFor(websiteId: string, cartId: string, key: string, now: number): Promise<PlaceOutcome> | null {
    const runKey = `${cartId}\u0000${key}`;
    const running = this.running.get(runKey);
    if (running !== undefined) return running;
    const known = this.placement(cartId, key);
    const orderId = known !== null && 'order' in known.body ? known.body.order.id : null;
    let work: Promise<PlaceOutcome>;
    if (known !== null && known.status === 202)
      work = this.retryCharge(websiteId, orderId ?? '', now).then(() => this.placement(cartId, key) ?? known);
    else if (known !== null) {
      if (orderId === null || !this.hasFollowUp(orderId)) return Promise.resolve(known);
      work = this.followUp(websiteId, orderId).then(() => known);
    } else {
      const job = this.job(cartId, key);
      if (job === null) return null;
      work = this.finishPlacing(cartId, key, job, now);
    }
    const tracked = work.finally(() => this.running.delete(runKey));
    this.running.set(runKey, tracked);
    return tracked;
  }

  /** POST /api/commerce/orders: the same cart and key always give the same answer once the provider was asked. */
  place(request: PlaceRequest, now = Date.now()): Promise<PlaceOutcome> {
    const cartId = request.cart.id ?? '';
    this.rememberWebsite(request.websiteId);
    const answered = this.answerFor(request.websiteId, cartId, request.idempotencyKey, now);
    if (answered !== null) return answered;
    if (this.sql.exec('SELECT 1 FROM placing WHERE cart_id = ?', cartId).toArray().length > 0)
      return Promise.resolve({ status: 409, body: { error: CHECKOUT_MESSAGES.inProgress } });
    const runKey = `${cartId}\u0000${request.idempotencyKey}`;
    const placement = this.placeOnce(request, now).finally(() => this.running.delete(runKey));
    this.running.set(runKey, placement);
    return placement;
  }

  private placement(cartId: string, key: string): PlaceOutcome | null {
    const row = this.sql
      .exec<{ status: number; body: string }>(
        'SELECT status, body FROM placements WHERE cart_id = ? AND key = ?',
        cartId,
        key,
      )
      .toArray()[0];
    return row === undefined
      ? null
      : { status: row.status as PlaceOutcome['status'], body: JSON.parse(row.body) as PlaceBody };
  }

  private remember(cartId: string, key: string, requester: string, outcome: PlaceOutcome, now: number): PlaceOutcome {
    this.sql.exec(
      'INSERT OR REPLACE INTO placements (cart_id, key, status, body, created_at, requester) VALUES (?, ?, ?, ?, ?, ?)',
      cartId,
      key,
      outcome.status,
      JSON.stringify(outcome.body),
      now,
      requester,
    );
    return outcome;
  }

  private job(cartId: string, key: string): PlacingJob | null {
    const row = this.sql
      .exec<{ data: string }>('SELECT data FROM placing WHERE cart_id = ? AND key = ?', cartId, key)
      .toArray()[0];
    return row === undefined ? null : (JSON.parse(row.data) as PlacingJob);
  }

  /** Units reserved for `visitor`'s orders being placed or waiting for their payment. */
  private heldUnits(visitor: string, now: number): number {
    return this.sql
      .exec<{ n: number }>(
        'SELECT COALESCE(SUM(units), 0) AS n FROM holds WHERE visitor = ? AND expires_at > ?',
        visitor,
        now,
      )
      .one().n;
  }

  /** The payment window: how long units are reserved for a payment, an authentication step included (the store's `reservationMinutes`). */
  private paymentWindowMs(): number {
    return this.settings().reservationMinutes * 60_000;
  }

  /**
   * Checks the checkout, then journals the placement in one transaction with the gift card debit (a
   * journaled discount code counts as a use claimed), before anything is awaited: from here a kill
   * at any instant leaves a journal that the retry or the alarm finishes (finishPlacing).
   */
  private placeOnce(request: PlaceRequest, now: number): Promise<PlaceOutcome> {
    const { cart } = request;
    const cartId = cart.id ?? '';
    const refuse = (status: 400 | 404 | 409, body: PlaceBody) => Promise.resolve({ status, body });
    if (cart.orderId !== null) return refuse(409, { error: CHECKOUT_MESSAGES.purchased });
    if (cart.entries.length === 0) return refuse(404, { error: CHECKOUT_MESSAGES.noCart });
    const stored = this.storedCheckout(cartId) ?? { inputs: EMPTY_INPUTS, giftCardShownCents: 0, expiresOn: 0 };
    const { inputs } = stored;
    const totals = this.totals(cart, inputs, now);
    const { subtotal, ...fieldProblems } = this.problems(cart, inputs, totals);
    if (fieldProblems.discountCode === DISCOUNT_MESSAGES.usedUp)
      return refuse(409, { error: DISCOUNT_MESSAGES.ranOut });
    if (Object.keys(fieldProblems).length > 0)
      return refuse(400, { error: CHECKOUT_MESSAGES.formIncomplete, errors: fieldProblems });
    if (subtotal !== undefined) return refuse(400, { error: subtotal });
    if (totals.giftCardCents < stored.giftCardShownCents)
      return refuse(409, { error: GIFT_CARD_MESSAGES.balanceChanged });
    // Never at a price the shopper did not see: they get the new totals and place again.
    if (request.priceChanges.length > 0 || totalsMoved(stored.shownTotals, totals)) {
      const told: StoredCheckout = {
        ...stored,
        priceChanges: mergePriceChanges(stored.priceChanges ?? [], request.priceChanges),
      };
      this.saveCheckout(cartId, told, now);
      return refuse(409, { error: CHECKOUT_MESSAGES.totalsChanged, checkout: this.view(request, told, totals) });
    }
    const units = request.lines.reduce((sum, line) => sum + (line.stock === null ? 0 : line.quantity), 0);
    if (units > 0 && this.heldUnits(request.visitor, now) + units > MAX_RESERVED_UNITS_PER_VISITOR)
      return refuse(409, { error: PLACE_MESSAGES.tooManyHeld });

    const id = `ord_${randomHex(12)}`;
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
              authenticateBefore: String(now + this.paymentWindowMs()),
            },
          };
    const job: PlacingJob = { orderId: id, request, inputs, totals, charge, phase: 'reserving', createdAt: now };
    const code = totals.validCoupons[0] ?? null;
    this.ctx.storage.transactionSync(() => {
      if (inputs.giftCardCode !== null && totals.giftCardCents > 0)
        this.sql.exec(
          'UPDATE gift_cards SET balance_cents = balance_cents - ? WHERE code = ?',
          totals.giftCardCents,
          inputs.giftCardCode,
        );
      this.sql.exec(
        'INSERT INTO placing (cart_id, key, order_id, discount_code, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        cartId,
        request.idempotencyKey,
        id,
        code,
        JSON.stringify(job),
        now,
      );
      this.sql.exec(
        'INSERT INTO holds (order_id, visitor, units, expires_at) VALUES (?, ?, ?, ?)',
        id,
        request.visitor,
        units,
        now + this.paymentWindowMs(),
      );
    });
    return this.finishPlacing(cartId, request.idempotencyKey, job, now);
  }

  /** Forgets a journaled placement that took no money: its gift card debit and its hold given back. */
  private abandon(cartId: string, key: string, job: PlacingJob): void {
    const { inputs, totals } = job;
    if (inputs.giftCardCode !== null && totals.giftCardCents > 0)
      this.sql.exec(
        'UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE code = ?',
        totals.giftCardCents,
        inputs.giftCardCode,
      );
    this.sql.exec('DELETE FROM placing WHERE cart_id = ? AND key = ?', cartId, key);
    this.sql.exec('DELETE FROM holds WHERE order_id = ?', job.orderId);
  }

  /**
   * Reserves the units for the payment window, charges (the provider's idempotency key makes a
   * second send replay the first charge), then records the order, the key's answer and what is left
   * to do in one transaction, and does that (followUp). Every step may be run again after a kill.
   */
  private async finishPlacing(cartId: string, key: string, job: PlacingJob, now: number): Promise<PlaceOutcome> {
    const { request, orderId: id, charge } = job;
    const stock = stockLedger(this.env, request.websiteId);
    const kill = () => this.ctx.abort('killed between two steps of placing an order (injected fault)');
    let charged: ChargeResult | { status: 'none' };
    try {
      await faultPoint('durable-object', 'CommerceOrders.place:journaled', kill);
      const reserved = await stock.reserve(`order:${id}`, request.lines, this.paymentWindowMs(), now);
      if (!reserved.ok && job.phase === 'reserving') {
        this.abandon(cartId, key, job);
        return { status: 409, body: { error: CHECKOUT_MESSAGES.reservationLost, unavailable: reserved.unavailable } };
      }
      if (!reserved.ok)
        console.error(`Order ${id}: its units lapsed while a restart interrupted its charge; it is placed anyway`);
      await faultPoint('durable-object', 'CommerceOrders.place:reserved', kill);
      if (job.phase === 'reserving') {
        job.phase = 'charging';
        this.sql.exec('UPDATE placing SET data = ? WHERE cart_id = ? AND key = ?', JSON.stringify(job), cartId, key);
      }
      const provider = paymentProvider(this.env);
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
      this.abandon(cartId, key, job);
      console.error('placing an order failed before its charge', error);
      // Best effort: a reservation left behind lapses with the payment window.
      await stock.release(`order:${id}`).catch(() => undefined);
      return { status: 502, body: { error: ORDER_MESSAGES.paymentUnavailable } };
    }
    await faultPoint('durable-object', 'CommerceOrders.place:charged', kill);
    if (charged.status === 'declined') {
      const decline = { status: 402 as const, body: { error: charged.message, code: charged.code } };
      // Released before the answer is recorded: a kill in between leaves the journal, and its retry replays the decline.
      await stock.release(`order:${id}`);
      await faultPoint('durable-object', 'CommerceOrders.place:declined', kill);
      this.ctx.storage.transactionSync(() => {
        this.abandon(cartId, key, job);
        this.remember(cartId, key, request.requester, decline, now);
      });
      return decline;
    }
    const token = randomHex(16);
    const tokenHash = await tokenDigest(token);
    const outcome = this.ctx.storage.transactionSync(() =>
      this.recordOrder(cartId, key, job, charged, token, tokenHash, now),
    );
    await faultPoint('durable-object', 'CommerceOrders.place:recorded', kill);
    await this.followUp(request.websiteId, id);
    await this.scheduleAlarm();
    return outcome;
  }

  /**
   * One transaction: the order, its buyer token, what a paid order makes true, the key's answer, the
   * follow-up (sell or hold its units, mark the cart purchased), the journal gone.
   */
  private recordOrder(
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
    const number = this.sql.exec<{ n: number }>('SELECT COALESCE(MAX(number), 1000) + 1 AS n FROM orders').one().n;
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
    }));
    const option = totals.shippingOptions.find((o) => o.id === totals.selectedShippingOption) ?? null;
    const order: Order = {
      id,
      orderNumber: number,
      status: paid ? 'paid' : 'pending',
      createdOn: now,
      paidOn: paid ? now : null,
      fulfilledOn: null,
      cancelledOn: null,
      refundedOn: null,
      email: inputs.email ?? '',
      shippingAddress: totals.requiresShipping ? inputs.shippingAddress : null,
      shippingOption:
        option === null ? null : { id: option.id, name: option.name, costCents: totals.shippingCostCents },
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
              remainingCents: this.giftCardBalance(inputs.giftCardCode) ?? 0,
            },
      coupons: totals.validCoupons,
      payment: {
        provider: charged.status === 'none' ? 'gift-card' : paymentProvider(this.env).name,
        status: charged.status,
        nextActionUrl: charged.status === 'requires_action' ? charged.nextActionUrl : null,
        ...(charged.status === 'requires_action' && charged.clientSecret !== undefined
          ? { clientSecret: charged.clientSecret }
          : {}),
      },
      fulfillment: null,
      subscription: request.subscription === null ? null : { ...request.subscription, cycle: 1, nextBillingOn: null },
    };
    const paymentId = 'paymentId' in charged ? charged.paymentId : null;
    const manageUrl =
      order.subscription === null ? {} : { manageUrl: new URL(confirmationUrl(order, token), request.returnUrl).href };
    this.sql.exec(
      'INSERT INTO orders (id, number, status, cart_id, payment_id, discount_code, token_hash, created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      number,
      order.status,
      cartId,
      paymentId,
      totals.validCoupons[0] ?? null,
      tokenHash,
      now,
      JSON.stringify({
        ...order,
        giftCardCode: inputs.giftCardCode,
        giftRecipientEmail: inputs.giftRecipientEmail,
        paymentToken: request.payment.token,
        lines: request.lines,
        charge,
        ...manageUrl,
      } satisfies Order & OrderPrivate),
    );
    this.sql.exec('DELETE FROM placing WHERE cart_id = ? AND key = ?', cartId, key);
    // Held for the payment window; a charge with an unknown outcome for as long as it is asked again.
    const holdUntil = paid ? null : now + (charged.status === 'unknown' ? UNKNOWN_GIVE_UP_MS : this.paymentWindowMs());
    this.sql.exec('INSERT INTO followups (order_id, hold_until, created_at) VALUES (?, ?, ?)', id, holdUntil, now);
    if (paid) {
      this.paidEffects(id, now);
      this.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
      // The checkout's details stay until the order is paid: a failed payment returns the shopper to them.
      this.sql.exec('DELETE FROM checkouts WHERE cart_id = ?', cartId);
    } else {
      this.sql.exec('UPDATE holds SET expires_at = ? WHERE order_id = ?', holdUntil, id);
      if (charged.status !== 'unknown') this.queueOrderEmail(order, 'received');
      else
        this.sql.exec(
          'INSERT INTO unsettled (order_id, cart_id, key, attempts, next_at, created_at) VALUES (?, ?, ?, 0, ?, ?)',
          id,
          cartId,
          key,
          now + UNKNOWN_FIRST_RETRY_MS,
          now,
        );
    }
    const saved = this.order(id) ?? order;
    return this.remember(
      cartId,
      key,
      request.requester,
      {
        status: charged.status === 'unknown' ? 202 : 201,
        body: { order: { ...saved, confirmationUrl: confirmationUrl(saved, token) } },
      },
      now,
    );
  }

  private hasFollowUp(id: string): boolean {
    return this.sql.exec('SELECT 1 FROM followups WHERE order_id = ?', id).toArray().length > 0;
  }

  /**
   * What a recorded order still needs from other objects, each step idempotent: its units sold once
   * (paid) or held for its payment window, and its cart marked purchased. Run right after the
   * order is recorded, and again by a retry of its key or the alarm when a restart cut it off.
   */
  private async followUp(websiteId: string, id: string): Promise<void> {
    const row = this.sql
      .exec<{ hold_until: number | null }>('SELECT hold_until FROM followups WHERE order_id = ?', id)
      .toArray()[0];
    const data = this.orderRow(id);
    if (row === undefined || data === null) return;
    const kill = () => this.ctx.abort('killed between two steps of placing an order (injected fault)');
    const stock = stockLedger(this.env, websiteId);
    const order = JSON.parse(data.data) as Order & OrderPrivate;
    // A pending order settled before its follow-up ran was already dealt with by its settlement (sold, or released and its cart reopened).
    if (data.status === 'pending' || order.paidOn !== null) {
      if (data.status === 'pending' && row.hold_until !== null)
        await stock.transfer(`order:${id}`, `order:${id}`, row.hold_until);
      else if (data.status !== 'pending') await stock.sellOrder(`order:${id}`, order.lines);
      await faultPoint('durable-object', 'CommerceOrders.place:stock', kill);
      const cart = cartStub(this.env, websiteId, this.cartOf(id));
      await cart.markPurchased(id);
      // Cancelled meanwhile (its payment failed while these steps ran): undo what they did.
      if (this.orderRow(id)?.status === 'cancelled') {
        await stock.release(`order:${id}`);
        await cart.reopen(id);
      }
    }
    this.sql.exec('DELETE FROM followups WHERE order_id = ?', id);
  }

  /** What becomes true when an order is paid: the discount use counted, bought gift cards issued, the next subscription order scheduled, the confirmation emailed. Synchronous. */
  private paidEffects(id: string, now: number): void {
    const row = this.orderRow(id);
    if (row === null) return;
    const data = JSON.parse(row.data) as Order & OrderPrivate;
    const code = data.coupons[0];
    if (code !== undefined) this.sql.exec('UPDATE discounts SET uses = uses + 1 WHERE code = ?', code);
    const giftCardsSent: GiftCardSent[] = [];
    for (const entry of data.entries) {
      if (entry.productType !== ProductType.GiftCard) continue;
      // Each card goes to the recipient its entry names; a card bought without one is the buyer's.
      const details = giftDetailsOf(entry.additionalFields);
      const recipientEmail = details?.recipientEmail ?? data.giftRecipientEmail ?? data.email;
      const toBuyer = recipientEmail.toLowerCase() === data.email.toLowerCase();
      for (let i = 0; i < entry.quantity; i++) {
        const cardCode = giftCardCode(crypto.getRandomValues(new Uint8Array(16)));
        this.sql.exec(
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
          code: toBuyer ? cardCode : null,
        };
        // A later send date waits in the outbox: its delivery is due then, and the alarm sends it.
        this.outbox.queue(
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
      this.sql.exec(
        'INSERT OR REPLACE INTO subscriptions (id, order_id, token, cycle, next_at, data) VALUES (?, ?, ?, ?, ?, ?)',
        `sub_${id}`,
        id,
        data.paymentToken,
        subscription.cycle,
        nextAt,
        row.data,
      );
    }
    const { clientSecret: _secret, ...settled } = data.payment;
    const payment =
      data.payment.status === 'none' ? data.payment : { ...settled, status: 'succeeded' as const, nextActionUrl: null };
    const paid: Order = {
      ...this.toOrder(row.data),
      status: 'paid',
      paidOn: data.paidOn ?? now,
      payment,
      subscription,
      ...(giftCardsSent.length === 0 ? {} : { giftCardsSent }),
    };
    this.writeOrder(id, paid, { ...data, ...paid });
    this.queueOrderEmail(paid, 'confirmed');
  }

  private queueOrderEmail(order: Order, kind: 'confirmed' | 'received' | 'fulfilled' | 'cancelled' | 'refunded'): void {
    const money = (cents: number) => formatMoney(cents, order.currencyCode);
    const lines = order.entries
      .map(
        (e) =>
          `${e.quantity} × ${e.title}${Object.keys(e.attributes).length > 0 ? ` (${Object.values(e.attributes).join(', ')})` : ''}: ${money(e.subtotalCents)}`,
      )
      .join('\n');
    const subjects = {
      confirmed: `Order #${order.orderNumber} confirmed`,
      received: `Order #${order.orderNumber} received: payment pending`,
      fulfilled: `Order #${order.orderNumber} has shipped`,
      cancelled: `Order #${order.orderNumber} cancelled`,
      refunded: `Order #${order.orderNumber} refunded`,
    };
    const tracking =
      kind === 'fulfilled' && order.fulfillment !== null
        ? `\nTracking number: ${order.fulfillment.trackingNumber}${order.fulfillment.carrier === null ? '' : ` (${order.fulfillment.carrier})`}\n`
        : '';
    const giftCard =
      order.giftCard == null
        ? ''
        : `Paid with gift card ${order.giftCard.code}: ${money(order.giftCardCents)}; left on the card: ${money(order.giftCard.remainingCents)}\n`;
    const sent =
      kind === 'confirmed'
        ? (order.giftCardsSent ?? [])
            .map((card) => `${giftCardSentText(card, order.email, order.currencyCode)}\n`)
            .join('')
        : '';
    const manage = order.subscription === null || kind !== 'confirmed' ? '' : this.subscriptionEmailText(order);
    this.outbox.queue(
      {
        to: order.email,
        subject: subjects[kind],
        text: `${subjects[kind]}.\n\n${lines}\n\nTotal: ${money(order.grandTotalCents)}\n${giftCard}${sent === '' ? '' : `\n${sent}`}${manage}${tracking}`,
      },
      `order:${order.id}:${kind}`,
    );
  }

  /** A subscription order's terms and the link that manages it (the first order's page; every order of the subscription shares its token). */
  private subscriptionEmailText(order: Order): string {
    const subscription = this.subscriptionOfOrder(order.id);
    const plan = order.subscription;
    if (subscription === null || plan === null) return '';
    const first = JSON.parse(subscription.data) as Order & OrderPrivate;
    const next =
      plan.nextBillingOn === null ? '' : ` Next charge: ${new Date(plan.nextBillingOn).toUTCString().slice(0, 16)}.`;
    const link = first.manageUrl === undefined ? '' : `\nTo see or cancel your subscription: ${first.manageUrl}\n`;
    return `\n${billingText(plan)}: ${formatMoney(first.grandTotalCents, order.currencyCode)} each time.${next}\n${link}`;
  }

  // ---- orders ----

  private orderRow(id: string): OrderRow | null {
    return (
      this.sql
        .exec<OrderRow>('SELECT id, number, status, data, token_hash FROM orders WHERE id = ?', id)
        .toArray()[0] ?? null
    );
  }

  private writeOrder(
    id: string,
    order: Order,
    data: Record<string, unknown> = order as unknown as Record<string, unknown>,
  ): void {
    const row = this.orderRow(id);
    const stored = row === null ? {} : (JSON.parse(row.data) as Record<string, unknown>);
    this.sql.exec(
      'UPDATE orders SET status = ?, data = ? WHERE id = ?',
      order.status,
      JSON.stringify({ ...stored, ...data }),
      id,
    );
  }

  private toOrder(data: string): Order {
    const {
      giftCardCode: _code,
      giftRecipientEmail: _recipient,
      paymentToken: _token,
      lines: _lines,
      charge: _charge,
      manageUrl: _manage,
      ...order
    } = JSON.parse(data) as Order & OrderPrivate;
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
    if (row === null || row.token_hash === '' || !sameToken(row.token_hash, await tokenDigest(token))) return null;
    const order = this.toOrder(row.data);
    return { ...order, confirmationUrl: confirmationUrl(order, token) };
  }

  /** Orders newest first, keyset paged by order number. */
  orders(
    status: OrderStatus | null,
    cursor: number | null,
    limit = PAGE_SIZE,
  ): { orders: Order[]; hasNextPage: boolean; nextPageCursor: string | null } {
    const before = cursor ?? Number.MAX_SAFE_INTEGER;
    const rows =
      status === null
        ? this.sql
            .exec<{ data: string; number: number }>(
              'SELECT data, number FROM orders WHERE number < ? ORDER BY number DESC LIMIT ?',
              before,
              limit + 1,
            )
            .toArray()
        : this.sql
            .exec<{ data: string; number: number }>(
              'SELECT data, number FROM orders WHERE status = ? AND number < ? ORDER BY number DESC LIMIT ?',
              status,
              before,
              limit + 1,
            )
            .toArray();
    const page = rows.slice(0, limit);
    const hasNextPage = rows.length > limit;
    return {
      orders: page.map((r) => this.toOrder(r.data)),
      hasNextPage,
      nextPageCursor: hasNextPage ? String(page[page.length - 1]?.number) : null,
    };
  }

  /** A shopper's orders for their account, newest first: those linked to it and those placed with its verified email. */
  customerOrders(verifiedEmail: string | null, linkedIds: string[], limit = PAGE_SIZE): Order[] {
    return this.sql
      .exec<{ data: string }>(
        "SELECT data FROM orders WHERE id IN (SELECT value FROM json_each(?)) OR lower(json_extract(data, '$.email')) = ? ORDER BY number DESC LIMIT ?",
        JSON.stringify(linkedIds),
        verifiedEmail?.toLowerCase() ?? null,
        limit,
      )
      .toArray()
      .map((r) => this.toOrder(r.data));
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
    const matches = orderMatcher(query);
    const filter = status === null ? '' : 'AND status = ?';
    const rows = this.sql.exec<{ data: string; number: number }>(
      `SELECT data, number FROM orders WHERE number < ? ${filter} ORDER BY number DESC LIMIT ?`,
      ...[cursor ?? Number.MAX_SAFE_INTEGER, ...(status === null ? [] : [status]), scan],
    );
    const found: Order[] = [];
    let scanned = 0;
    let last: number | null = null;
    for (const row of rows) {
      scanned += 1;
      const order = this.toOrder(row.data);
      if (!matches(order)) {
        last = row.number;
        continue;
      }
      if (found.length === limit)
        return { orders: found, hasNextPage: true, nextPageCursor: String(found[found.length - 1]?.orderNumber) };
      found.push(order);
      last = row.number;
    }
    const cutShort = scanned === scan && last !== null;
    return { orders: found, hasNextPage: cutShort, nextPageCursor: cutShort ? String(last) : null };
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
    const byHour = new Map<
      number,
      { hour: number; orders: number; revenueCents: number; refunds: number; refundedCents: number }
    >();
    const at = (hour: number) => {
      let row = byHour.get(hour);
      if (row === undefined)
        byHour.set(hour, (row = { hour, orders: 0, revenueCents: 0, refunds: 0, refundedCents: 0 }));
      return row;
    };
    const sold = this.sql.exec<{ hour: number; orders: number; revenue: number }>(
      `SELECT created_at / 3600000 AS hour, COUNT(*) AS orders, SUM(json_extract(data, '$.grandTotalCents')) AS revenue FROM orders
       WHERE created_at >= ? AND created_at < ? AND status IN ('paid', 'fulfilled', 'refunded') GROUP BY hour`,
      fromMs,
      toMs,
    );
    for (const row of sold) Object.assign(at(row.hour), { orders: row.orders, revenueCents: row.revenue });
    const refunded = this.sql.exec<{ hour: number; refunds: number; refunded: number }>(
      `SELECT CAST(json_extract(data, '$.refundedOn') / 3600000 AS INTEGER) AS hour, COUNT(*) AS refunds, SUM(json_extract(data, '$.grandTotalCents')) AS refunded FROM orders
       WHERE status = 'refunded' AND json_extract(data, '$.refundedOn') >= ? AND json_extract(data, '$.refundedOn') < ? GROUP BY hour`,
      fromMs,
      toMs,
    );
    for (const row of refunded) Object.assign(at(row.hour), { refunds: row.refunds, refundedCents: row.refunded });
    return [...byHour.values()].sort((a, b) => a.hour - b.hour);
  }

  /**
   * A pending payment settled (the payment webhook): paid, or cancelled with its stock released and
   * its cart open again. `orderId` (the charge's metadata) finds an order whose charge had an
   * unknown outcome, which has no payment id yet.
   */
  async paymentSettled(
    websiteId: string,
    paymentId: string,
    outcome: 'succeeded' | 'failed',
    now = Date.now(),
    orderId: string | null = null,
  ): Promise<Order | null> {
    let row = this.sql
      .exec<{ id: string; status: string }>('SELECT id, status FROM orders WHERE payment_id = ?', paymentId)
      .toArray()[0];
    if (row === undefined && orderId !== null) {
      row = this.sql
        .exec<{ id: string; status: string }>(
          'SELECT id, status FROM orders WHERE id = ? AND payment_id IS NULL',
          orderId,
        )
        .toArray()[0];
      if (row !== undefined && this.order(row.id)?.payment.status !== 'unknown') row = undefined;
      if (row !== undefined) this.sql.exec('UPDATE orders SET payment_id = ? WHERE id = ?', paymentId, row.id);
    }
    if (row === undefined) return null;
    const order = this.order(row.id);
    // Authenticated after its window ended and the order was cancelled: the money goes back (the same refund key every time).
    if (
      row.status === 'cancelled' &&
      outcome === 'succeeded' &&
      order !== null &&
      order.paidOn === null &&
      order.amountChargedCents > 0
    ) {
      const refunded = await paymentProvider(this.env).refund(
        paymentId,
        order.amountChargedCents,
        `${websiteId}:refund:${row.id}`,
      );
      if (!refunded.ok)
        console.error(
          `Order ${row.id}: a payment authenticated after its window could not be refunded: ${refunded.message}`,
        );
    }
    if (row.status !== 'pending') return this.order(row.id);
    if (outcome === 'succeeded') await this.settlePaid(websiteId, row.id, now);
    else await this.settleFailed(websiteId, row.id, now, true);
    await this.scheduleAlarm();
    return this.order(row.id);
  }

  private cartOf(id: string): string {
    return (
      this.sql.exec<{ cart_id: string }>('SELECT cart_id FROM orders WHERE id = ?', id).toArray()[0]?.cart_id ?? ''
    );
  }

  /** A pending order's payment went through: paid once, its reserved units sold. */
  private async settlePaid(websiteId: string, id: string, now: number): Promise<void> {
    this.paidEffects(id, now);
    const cartId = this.cartOf(id);
    this.sql.exec('DELETE FROM checkouts WHERE cart_id = ?', cartId);
    this.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
    this.answerPlacement(id, null);
    // Its units are sold by the follow-up, recorded with the payment: a kill before the ledger is told leaves it for the alarm, not a lapsing hold.
    this.sql.exec(
      'INSERT INTO followups (order_id, hold_until, created_at) VALUES (?, NULL, ?) ON CONFLICT (order_id) DO UPDATE SET hold_until = NULL',
      id,
      now,
    );
    await faultPoint('durable-object', 'CommerceOrders.settle:recorded', () =>
      this.ctx.abort('killed between recording a payment and selling its units (injected fault)'),
    );
    await this.followUp(websiteId, id);
  }

  /**
   * The shopper came back to the checkout without answering the authentication step (the browser's
   * back button, or the checkout opened again): that attempt is given up as a failed payment, so
   * its units go back and its cart opens again with the checkout's details. A success that still
   * arrives for it is refunded (paymentSettled). False when the order is not waiting for authentication.
   */
  async abandonAuthentication(websiteId: string, id: string, now = Date.now()): Promise<boolean> {
    const order = this.order(id);
    if (order === null || order.status !== 'pending' || order.payment.status !== 'requires_action') return false;
    await this.settleFailed(websiteId, id, now, false);
    await this.scheduleAlarm();
    return true;
  }

  /** A pending order's payment failed: cancelled, its stock released, gift card credited, and its cart open to be bought again. */
  private async settleFailed(
    websiteId: string,
    id: string,
    now: number,
    email: boolean,
    decline: { error: string; code: string } | null = null,
  ): Promise<void> {
    const order = this.order(id);
    if (order === null) return;
    this.creditGiftCard(id);
    this.writeOrder(id, { ...order, status: 'cancelled', cancelledOn: now });
    if (email) this.queueOrderEmail({ ...order, status: 'cancelled' }, 'cancelled');
    this.answerPlacement(id, decline);
    this.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
    this.sql.exec('DELETE FROM followups WHERE order_id = ?', id);
    await stockLedger(this.env, websiteId).release(`order:${id}`);
    const cartId = this.cartOf(id);
    if (cartId !== '') await cartStub(this.env, websiteId, cartId).reopen(id);
  }

  /**
   * Once a charge with an unknown outcome is settled, its placement answers for good: the order
   * (with the buyer's confirmation URL it was first given), or the decline.
   */
  private answerPlacement(id: string, decline: { error: string; code: string } | null): void {
    const unsettled = this.sql
      .exec<UnsettledRow>('DELETE FROM unsettled WHERE order_id = ? RETURNING *', id)
      .toArray()[0];
    if (unsettled === undefined) return;
    const first = this.placement(unsettled.cart_id, unsettled.key);
    const firstOrder = first !== null && 'order' in first.body ? first.body.order : null;
    const order = this.order(id);
    if (order === null || firstOrder === null) return;
    const outcome: PlaceOutcome =
      decline === null
        ? { status: 201, body: { order: { ...order, confirmationUrl: firstOrder.confirmationUrl } } }
        : { status: 402, body: decline };
    this.sql.exec(
      'UPDATE placements SET status = ?, body = ? WHERE cart_id = ? AND key = ?',
      outcome.status,
      JSON.stringify(outcome.body),
      unsettled.cart_id,
      unsettled.key,
    );
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
        if (giveUp)
          console.error(
            `Order ${id}: the payment provider never answered its charge; it stays pending until the provider's webhook or the merchant settles it`,
          );
        this.sql.exec(
          'UPDATE unsettled SET attempts = ?, next_at = ? WHERE order_id = ?',
          attempts,
          giveUp ? null : nextAt,
          id,
        );
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
        const action =
          charged.status === 'requires_action'
            ? {
                nextActionUrl: charged.nextActionUrl,
                ...(charged.clientSecret === undefined ? {} : { clientSecret: charged.clientSecret }),
              }
            : { nextActionUrl: null };
        const pending: Order = { ...order, payment: { ...order.payment, status: charged.status, ...action } };
        this.writeOrder(id, pending);
        this.queueOrderEmail(pending, 'received');
        this.answerPlacement(id, null);
      }
    }
    await this.scheduleAlarm();
  }

  /** The charge of a pending order whose outcome is still unknown, else null. */
  private unsettledCharge(id: string): ChargeRequest | null {
    const row = this.orderRow(id);
    if (
      row === null ||
      row.status !== 'pending' ||
      this.sql.exec('SELECT 1 FROM unsettled WHERE order_id = ?', id).toArray().length === 0
    )
      return null;
    const data = JSON.parse(row.data) as Order & OrderPrivate;
    return data.payment.status === 'unknown' ? (data.charge ?? null) : null;
  }

  private creditGiftCard(id: string): void {
    const row = this.orderRow(id);
    if (row === null) return;
    const data = JSON.parse(row.data) as Order & { giftCardCode: string | null };
    if (data.giftCardCode !== null && data.giftCardCents > 0)
      this.sql.exec(
        'UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE code = ?',
        data.giftCardCents,
        data.giftCardCode,
      );
  }

  async fulfill(
    id: string,
    trackingNumber: string,
    carrier: string | null,
    now = Date.now(),
  ): Promise<Order | { status: 404 | 409; error: string }> {
    const order = this.order(id);
    if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
    if (order.status !== 'paid') return { status: 409, error: ORDER_MESSAGES.notPaid };
    const fulfilled: Order = {
      ...order,
      status: 'fulfilled',
      fulfilledOn: now,
      fulfillment: { trackingNumber, carrier },
    };
    this.writeOrder(id, fulfilled);
    this.queueOrderEmail(fulfilled, 'fulfilled');
    await this.scheduleAlarm();
    return fulfilled;
  }

  /** Cancels a pending or paid order: a paid one is refunded and restocked, a pending one releases its stock. */
  async cancel(
    websiteId: string,
    id: string,
    now = Date.now(),
  ): Promise<Order | { status: 404 | 409 | 502; error: string }> {
    const order = this.order(id);
    if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
    if (order.status !== 'pending' && order.status !== 'paid')
      return { status: 409, error: ORDER_MESSAGES.notCancellable };
    if (order.status === 'paid') {
      const refunded = await this.refundPayment(websiteId, id, order);
      if (refunded !== null) return refunded;
    }
    return this.close(
      websiteId,
      id,
      { ...order, status: 'cancelled', cancelledOn: now },
      order.status === 'paid',
      'cancelled',
      now,
    );
  }

  async refund(
    websiteId: string,
    id: string,
    restock: boolean,
    now = Date.now(),
  ): Promise<Order | { status: 404 | 409 | 502; error: string }> {
    const order = this.order(id);
    if (order === null) return { status: 404, error: ORDER_MESSAGES.notFound };
    if (order.status !== 'paid' && order.status !== 'fulfilled')
      return { status: 409, error: ORDER_MESSAGES.notRefundable };
    const refunded = await this.refundPayment(websiteId, id, order);
    if (refunded !== null) return refunded;
    return this.close(websiteId, id, { ...order, status: 'refunded', refundedOn: now }, restock, 'refunded', now);
  }

  /** Refunds what the card paid; the key is unique in the provider account across websites, and one per order (a retried refund never refunds twice). */
  private async refundPayment(
    websiteId: string,
    id: string,
    order: Order,
  ): Promise<{ status: 502; error: string } | null> {
    const paymentId = this.sql
      .exec<{ payment_id: string | null }>('SELECT payment_id FROM orders WHERE id = ?', id)
      .one().payment_id;
    if (paymentId === null || order.amountChargedCents === 0) return null;
    const result = await paymentProvider(this.env).refund(
      paymentId,
      order.amountChargedCents,
      `${websiteId}:refund:${id}`,
    );
    return result.ok ? null : { status: 502, error: `${ORDER_MESSAGES.refundFailed} ${result.message}` };
  }

  private async close(
    websiteId: string,
    id: string,
    closed: Order,
    restock: boolean,
    kind: 'cancelled' | 'refunded',
    now: number,
  ): Promise<Order> {
    // A sale a restart left unfinished is counted before it is restocked.
    await this.followUp(websiteId, id);
    const before = this.order(id);
    if (before === null || before.status === closed.status) return before ?? closed;
    this.creditGiftCard(id);
    this.writeOrder(id, closed);
    this.sql.exec('DELETE FROM holds WHERE order_id = ?', id);
    this.sql.exec('DELETE FROM subscriptions WHERE order_id = ?', id);
    this.queueOrderEmail(closed, kind);
    const stock = stockLedger(this.env, websiteId);
    if (before.status === 'pending') await stock.release(`order:${id}`);
    else if (restock)
      await stock.restock(
        closed.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })),
        now,
        { kind: kind === 'refunded' ? 'refunded' : 'restocked', ref: `order:${id}` },
      );
    await this.scheduleAlarm();
    return closed;
  }

  // ---- subscriptions ----

  /** Places every subscription order due at `now` (the alarm; tests pass a fake clock). */
  async renewDue(websiteId: string, now = Date.now()): Promise<{ placed: number; failed: number }> {
    const due = this.sql
      .exec<SubscriptionRow>(
        'SELECT * FROM subscriptions WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT 20',
        now,
      )
      .toArray();
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
      const charged = !sold.ok
        ? null
        : await paymentProvider(this.env).charge({
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
        await stockLedger(this.env, websiteId).restock(
          first.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })),
        );
        this.sql.exec(
          'UPDATE subscriptions SET next_at = ? WHERE id = ? AND cancelled_at IS NULL',
          now + RENEWAL_UNKNOWN_RETRY_MS,
          sub.id,
        );
        continue;
      }
      // Off-session, a card that asks for authentication has no shopper to answer it: not renewed.
      if (charged === null || charged.status === 'declined' || charged.status === 'requires_action') {
        failed++;
        if (charged !== null)
          await stockLedger(this.env, websiteId).restock(
            first.entries.map((e) => ({ sku: e.sku, quantity: e.quantity })),
          );
        if (charged !== null && charged.status !== 'declined')
          console.error(`Subscription ${sub.id} cycle ${cycle}: the card asked for authentication off-session`);
        this.outbox.queue(
          {
            to: first.email,
            subject: 'Your subscription could not be renewed',
            text: `We could not place the next order of your subscription (order #${first.orderNumber}). Please contact the store.\n`,
          },
          `subscription-failed:${sub.id}:${cycle}`,
        );
        continue;
      }
      const id = `ord_${randomHex(12)}`;
      const number = this.sql.exec<{ n: number }>('SELECT COALESCE(MAX(number), 1000) + 1 AS n FROM orders').one().n;
      const plan = first.subscription;
      const nextAt = plan !== null && hasNextCycle(plan, cycle) ? nextBillingTime(now, plan.billingPeriod) : null;
      // The buyer's token of the first order opens every order of the subscription.
      const tokenHash = this.orderRow(sub.order_id)?.token_hash ?? '';
      const order: Order = {
        ...this.toOrder(sub.data),
        id,
        orderNumber: number,
        status: 'paid',
        createdOn: now,
        paidOn: now,
        fulfilledOn: null,
        cancelledOn: null,
        refundedOn: null,
        giftCardCents: 0,
        giftCard: null,
        amountChargedCents: first.grandTotalCents,
        coupons: [],
        fulfillment: null,
        payment: { provider: paymentProvider(this.env).name, status: charged.status, nextActionUrl: null },
        subscription: plan === null ? null : { ...plan, cycle, nextBillingOn: nextAt },
      };
      this.sql.exec(
        'INSERT INTO orders (id, number, status, cart_id, payment_id, discount_code, token_hash, created_at, data) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)',
        id,
        number,
        'paid',
        '',
        charged.paymentId,
        tokenHash,
        now,
        JSON.stringify(order),
      );
      // Cancelled while this cycle was being charged: the charge stands, nothing more is scheduled.
      this.sql.exec(
        'UPDATE subscriptions SET cycle = ?, next_at = CASE WHEN cancelled_at IS NULL THEN ? END WHERE id = ?',
        cycle,
        nextAt,
        sub.id,
      );
      this.queueOrderEmail(order, 'confirmed');
      placed++;
    }
    await this.scheduleAlarm();
    return { placed, failed };
  }

  /** The subscription an order belongs to (its first order or a renewal: every order of it carries the first order's token hash). */
  private subscriptionOfOrder(orderId: string): SubscriptionRow | null {
    return (
      this.sql
        .exec<SubscriptionRow>(
          "SELECT s.* FROM subscriptions s JOIN orders first ON first.id = s.order_id WHERE first.token_hash != '' AND first.token_hash = (SELECT token_hash FROM orders WHERE id = ?)",
          orderId,
        )
        .toArray()[0] ?? null
    );
  }

  private buyerSubscription(row: SubscriptionRow): BuyerSubscription {
    const first = this.toOrder(row.data);
    const plan: SubscriptionPlan =
      first.subscription === null
        ? { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }
        : { billingPeriod: first.subscription.billingPeriod, numBillingCycles: first.subscription.numBillingCycles };
    return {
      id: row.id,
      // A cycle being charged has no next date for a moment: it is still active (and may be cancelled).
      status: row.cancelled_at !== null ? 'cancelled' : hasNextCycle(plan, row.cycle) ? 'active' : 'ended',
      title: first.entries.map((e) => e.title).join(', '),
      plan,
      amountCents: first.grandTotalCents,
      currencyCode: first.currencyCode,
      cycle: row.cycle,
      nextChargeOn: row.next_at,
      cancelledOn: row.cancelled_at,
    };
  }

  /** The subscription of a buyer's order (the token of its page), or null: no such order, a wrong token, or no subscription. */
  async subscriptionForBuyer(orderId: string, token: string): Promise<BuyerSubscription | null> {
    const row = this.orderRow(orderId);
    if (row === null || row.token_hash === '' || !sameToken(row.token_hash, await tokenDigest(token))) return null;
    const subscription = this.subscriptionOfOrder(orderId);
    return subscription === null ? null : this.buyerSubscription(subscription);
  }

  /**
   * The buyer cancels (the manage link's page, or their account): never renewed again, the cancellation
   * emailed once. Cancelling a cancelled subscription answers it as it is.
   */
  async cancelSubscription(orderId: string, token: string, now = Date.now()): Promise<BuyerSubscription | null> {
    const found = await this.subscriptionForBuyer(orderId, token);
    return found === null || found.status !== 'active' ? found : this.cancelled(found, now);
  }

  /** A signed-in shopper's subscriptions: those whose first order is one of theirs (customerOrders' rule), newest first. */
  customerSubscriptions(
    verifiedEmail: string | null,
    linkedIds: string[],
    id: string | null = null,
  ): BuyerSubscription[] {
    return this.sql
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
      .map((row) => this.buyerSubscription(row));
  }

  /** The account page's Cancel: only a subscription of the signed-in shopper's (else null, as for one that does not exist). */
  async cancelCustomerSubscription(
    id: string,
    verifiedEmail: string | null,
    linkedIds: string[],
    now = Date.now(),
  ): Promise<BuyerSubscription | null> {
    const found = this.customerSubscriptions(verifiedEmail, linkedIds, id)[0] ?? null;
    return found === null || found.status !== 'active' ? found : this.cancelled(found, now);
  }

  private async cancelled(found: BuyerSubscription, now: number): Promise<BuyerSubscription> {
    const row = this.sql
      .exec<SubscriptionRow>(
        'UPDATE subscriptions SET next_at = NULL, cancelled_at = ? WHERE id = ? RETURNING *',
        now,
        found.id,
      )
      .one();
    const first = this.toOrder(row.data);
    this.outbox.queue(
      {
        to: first.email,
        subject: SUBSCRIPTION_MESSAGES.cancelledSubject,
        text: `Your subscription to ${found.title} is cancelled. You will not be charged again.\n`,
      },
      `subscription-cancelled:${row.id}`,
      now,
    );
    await this.scheduleAlarm();
    return this.buyerSubscription(row);
  }

  // ---- alarm: emails, subscriptions, unknown charges, interrupted placements, payment windows, housekeeping ----

  /** Finishes placements and follow-ups a restart cut off whose shopper did not retry (the alarm; tests pass a fake clock). */
  async finishInterrupted(websiteId: string, now = Date.now()): Promise<number> {
    const jobs = this.sql
      .exec<{ cart_id: string; key: string }>(
        'SELECT cart_id, key FROM placing WHERE created_at <= ? LIMIT 20',
        now - RESUME_AFTER_MS,
      )
      .toArray();
    let finished = 0;
    for (const { cart_id: cartId, key } of jobs) {
      if (this.running.has(`${cartId}\u0000${key}`)) continue;
      await this.answerFor(websiteId, cartId, key, now);
      finished++;
    }
    const orders = this.sql
      .exec<{ order_id: string }>(
        'SELECT order_id FROM followups WHERE created_at <= ? LIMIT 20',
        now - FOLLOW_UP_AFTER_MS,
      )
      .toArray();
    for (const { order_id: id } of orders) await this.followUp(websiteId, id);
    return finished + orders.length;
  }

  /**
   * Payments whose window ended (the alarm; tests pass a fake clock): an order still waiting for its
   * authentication is cancelled, its units released, its gift card debit and code use given back and
   * its cart opened again; a later success of that payment is refunded (paymentSettled).
   */
  async endPaymentWindows(websiteId: string, now = Date.now()): Promise<number> {
    const ended = this.sql
      .exec<{ order_id: string }>('DELETE FROM holds WHERE expires_at <= ? RETURNING order_id', now)
      .toArray();
    let cancelled = 0;
    for (const { order_id: id } of ended) {
      const order = this.order(id);
      if (order === null || order.status !== 'pending' || order.payment.status === 'unknown') continue;
      await this.settleFailed(websiteId, id, now, true);
      cancelled++;
    }
    return cancelled;
  }

  /** Asks the provider again about every charge with an unknown outcome that is due (the alarm; tests pass a fake clock). */
  async retryDueCharges(websiteId: string, now = Date.now()): Promise<number> {
    const due = this.sql
      .exec<{ order_id: string }>(
        'SELECT order_id FROM unsettled WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT 20',
        now,
      )
      .toArray();
    for (const { order_id: id } of due) await this.retryCharge(websiteId, id, now);
    return due.length;
  }

  private async scheduleAlarm(): Promise<void> {
    const nextSubscription = this.sql
      .exec<{ at: number | null }>('SELECT MIN(next_at) AS at FROM subscriptions')
      .one().at;
    const nextRetry = this.sql.exec<{ at: number | null }>('SELECT MIN(next_at) AS at FROM unsettled').one().at;
    const oldest = this.sql
      .exec<{ at: number | null }>(
        'SELECT MIN(created_at) AS at FROM placements p WHERE NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = p.cart_id AND u.key = p.key)',
      )
      .one().at;
    const oldestCheckout = this.sql.exec<{ at: number | null }>('SELECT MIN(updated_at) AS at FROM checkouts').one().at;
    const journaled = this.sql.exec<{ at: number | null }>('SELECT MIN(created_at) AS at FROM placing').one().at;
    const unfinished = this.sql.exec<{ at: number | null }>('SELECT MIN(created_at) AS at FROM followups').one().at;
    const holdEnds = this.sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM holds').one().at;
    const after = (at: number | null, ms: number) => (at === null ? null : at + ms);
    const candidates = [
      nextSubscription,
      nextRetry,
      after(oldest, PLACEMENT_KEEP_MS),
      after(oldestCheckout, CHECKOUT_KEEP_MS),
      after(journaled, RESUME_AFTER_MS),
      after(unfinished, FOLLOW_UP_AFTER_MS),
      holdEnds,
      this.outbox.nextAttemptAt(),
    ].filter((t): t is number => t !== null);
    if (candidates.length === 0) return;
    const at = Math.min(...candidates);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    await faultPoint('alarm', 'CommerceOrders');
    const now = Date.now();
    try {
      this.sql.exec(
        'DELETE FROM placements WHERE created_at <= ? AND NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = placements.cart_id AND u.key = placements.key)',
        now - PLACEMENT_KEEP_MS,
      );
      this.sql.exec(
        "DELETE FROM checkouts WHERE updated_at <= ? AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = checkouts.cart_id AND o.status = 'pending')",
        now - CHECKOUT_KEEP_MS,
      );
      const websiteId = this.websiteId();
      if (websiteId !== null) {
        await this.finishInterrupted(websiteId, now);
        await this.endPaymentWindows(websiteId, now);
        await this.retryDueCharges(websiteId, now);
        await this.renewDue(websiteId, now);
      }
    } finally {
      // The emails go out and the next alarm is set even when a duty above failed (the alarm is still
      // retried): one order that cannot be settled must not hold back every email of the store.
      await this.outbox.deliver(now);
      await this.scheduleAlarm();
    }
  }

  /** What the local email implementation delivered (development and tests). */
  mailbox() {
    return this.outbox.mailbox();
  }

  /** The newest messages the local email implementation delivered (the development mailbox, /dev/mailbox). */
  localMail() {
    return this.outbox.localMail();
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
    if (retried) await this.scheduleAlarm();
    return retried;
  }
}
