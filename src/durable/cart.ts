/**
 * One shopping cart (a SQLite-backed Durable Object per website and cart id). Every change runs
 * alone, one after another, so parallel adds to one cart are neither lost nor doubled. A cart
 * never reserves stock: it may not ask for more than the website's StockLedger has available, as the
 * route last heard it (given with each change that grows a sku: `routes/pages/shown-stock.ts` keeps the
 * ledger's answer at the edge for 2 s, so a cart never calls the per-website ledger itself), and stock is
 * reserved only when the shopper starts paying (placing the order, src/durable/orders.ts), by the ledger alone.
 * An entry keeps the price it was added at until checkout prices it from the catalogue (`reprice`).
 * Placing an order claims the cart first (`claim`): from then it is that order's, unless the placement
 * took none (`release`, or the orders object's answer when the claim is next read). An untouched cart
 * expires after CART_TTL_MS.
 */
import { DurableObject } from 'cloudflare:workers';
import {
  buildCart,
  CART_MESSAGES,
  MAX_CART_ENTRIES,
  notEnoughStockMessage,
  perOrderMessage,
  QUANTITY_MAX,
  type PriceChange,
  type ShoppingCart,
  type StoredEntry,
} from '../commerce/cart';
import { entryFromLine, type CartLine } from '../commerce/cart-line';
import { jsonText, type JsonText } from '../api/route';
import type { CartChanged, CartEntryAdded, CartEntryUpdated } from '../api/storefront-answers';
import { randomHex } from '../ids';
import { newOrderId, type ClaimFate } from './orders/model';
import { MIGRATIONS_TABLE, migrate, type Migration } from './migrations';
import { refused, type Refused, type Result } from '../result';
import { SerialQueue } from './serial-queue';
import { commerceOrders } from './stubs';

/** Carts nobody touches for 30 days are removed. */
export const CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long an add's idempotency key is remembered: far longer than any client retries. */
const ADD_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim the orders object knows nothing of is trusted this long: its placement may not have reached the object yet
 * (the route prices the cart in between). After it, the claim is a placement that never arrived, and the cart opens.
 */
export const CLAIM_SETTLES_MS = 60_000;

export interface CartHead {
  cartId: string;
  websiteId: string;
  currencyCode: string;
}

/** Why a cart change was refused. */
export type CartError =
  | 'not-enough-stock'
  | 'quantity-out-of-range'
  | 'per-order-limit'
  | 'cart-ordered'
  | 'too-many-entries'
  | 'entry-not-found';
export type CartFailure = Refused<CartError>;

/**
 * A change's answer as the cart API sends it (storefront spec §7, the contract's `CartEntryAdded`,
 * `CartEntryUpdated` and `CartChanged`), as JSON text: text crosses the RPC as one string, where the
 * cart as an object would be cloned out of the object, into the worker and then stringified there.
 */
export type CartAnswer<T extends CartChanged = CartChanged> = Result<JsonText<T>, CartError>;

interface Meta {
  cartId: string;
  websiteId: string;
  currencyCode: string;
  created: number;
  /** The shopper started checking out: the cart's totals include shipping, tax and discounts. */
  checkoutStarted?: boolean;
  /** The order the cart became, once known here (a claim that became an order, or a cart bought before claims). */
  orderId?: string | null;
  /** A placement's hold on the cart: its Idempotency-Key and the order id it places under. */
  claim?: Claim | null;
  /** When the expiry alarm was last pushed back. */
  touchedAt?: number;
}

interface Claim {
  key: string;
  orderId: string;
  at: number;
}

/**
 * The place step's read: the cart, and whose placement holds it: `new`ly this key's (by this call), already `this`
 * key's (a retry), `another` key's, or none (open, bought or empty).
 */
export interface ClaimedCart {
  cart: ShoppingCart | null;
  claimed: 'new' | 'this' | 'another' | null;
}

/** The tables' layout; a cart stored under an older one (or none) is migrated when it is next loaded. */
const CART_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS applied_adds (key TEXT PRIMARY KEY, entry_id TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
  // The cart's own version number, before the migrations table kept it.
  'DROP TABLE IF EXISTS schema_version',
];

/**
 * The whole stored cart in one statement, ordered: the migrations applied (seq -1), the meta row (0),
 * then the entries (seq 1 and up). A busy store's carts are mostly evicted between two adds, so this
 * runs for most adds: one statement instead of a schema check and two reads.
 */
const LOAD_CART = `SELECT -1 AS seq, CAST(applied AS TEXT) AS data FROM ${MIGRATIONS_TABLE} WHERE part = 'cart'
  UNION ALL SELECT 0, data FROM meta
  UNION ALL SELECT seq, data FROM entries
  ORDER BY seq`;

interface StoredCart {
  meta: Meta | null;
  entries: StoredEntry[];
}

export class ShoppingCartObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly changes = new SerialQueue();
  /** The stored cart, read once per instance and kept in step with every write. */
  private cached: StoredCart | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
  }

  /** The stored rows, or null when the tables are missing or not migrated to CART_MIGRATIONS' last. */
  private loadRows(): { seq: number; data: string }[] | null {
    let rows: { seq: number; data: string }[];
    try {
      rows = this.sql.exec<{ seq: number; data: string }>(LOAD_CART).toArray();
    } catch (error) {
      if (error instanceof Error && error.message.includes('no such table')) return null;
      throw error;
    }
    return rows[0]?.seq === -1 && Number(rows[0].data) === CART_MIGRATIONS.length ? rows : null;
  }

  private load(): StoredCart {
    let rows = this.loadRows();
    if (rows === null) {
      migrate(this.ctx.storage, { cart: CART_MIGRATIONS });
      rows = this.sql.exec<{ seq: number; data: string }>(LOAD_CART).toArray();
    }
    const meta = rows.find((row) => row.seq === 0);
    return {
      meta: meta === undefined ? null : (JSON.parse(meta.data) as Meta),
      entries: rows.filter((row) => row.seq > 0).map((row) => JSON.parse(row.data) as StoredEntry),
    };
  }

  /** The entry an add with `key` made, when that add was applied already (its answer may have been lost). */
  private appliedAdd(key: string | null): string | null {
    if (key === null) return null;
    return (
      this.sql.exec<{ entry_id: string }>('SELECT entry_id FROM applied_adds WHERE key = ?', key).toArray()[0]
        ?.entry_id ?? null
    );
  }

  private recordAdd(key: string | null, entryId: string, now: number): void {
    if (key === null) return;
    this.sql.exec('DELETE FROM applied_adds WHERE applied_at < ?', now - ADD_KEY_TTL_MS);
    this.sql.exec('INSERT INTO applied_adds (key, entry_id, applied_at) VALUES (?, ?, ?)', key, entryId, now);
  }

  private stored(): StoredCart {
    this.cached ??= this.load();
    return this.cached;
  }

  private meta(): Meta | null {
    return this.stored().meta;
  }

  private entries(): readonly StoredEntry[] {
    return this.stored().entries;
  }

  private writeMeta(meta: Meta): void {
    this.sql.exec('INSERT OR REPLACE INTO meta (id, data) VALUES (1, ?)', JSON.stringify(meta));
    this.stored().meta = meta;
  }

  private snapshot(meta: Meta): ShoppingCart {
    return buildCart(
      {
        id: meta.cartId,
        websiteId: meta.websiteId,
        created: meta.created,
        currencyCode: meta.currencyCode,
        // A claimed cart is its placement's order already: it takes no changes, and that order's id finds it.
        orderId: meta.orderId ?? meta.claim?.orderId ?? null,
      },
      this.entries(),
    );
  }

  /** The cart and the entry `entryId` of it, as the API answers an add. */
  private added(meta: Meta, entryId: string): CartAnswer<CartEntryAdded> {
    const cart = this.snapshot(meta);
    return {
      ok: true,
      value: jsonText<CartEntryAdded>({ shoppingCart: cart, newlyAdded: cart.entries.find((e) => e.id === entryId) }),
    };
  }

  /** The cart and the entry `entryId` of it, as the API answers an entry's change. */
  private updated(meta: Meta, entryId: string): CartAnswer<CartEntryUpdated> {
    const cart = this.snapshot(meta);
    return {
      ok: true,
      value: jsonText<CartEntryUpdated>({
        shoppingCart: cart,
        updatedEntry: cart.entries.find((e) => e.id === entryId),
      }),
    };
  }

  private writeEntry(entry: StoredEntry): void {
    const stored = this.stored();
    const index = stored.entries.findIndex((e) => e.id === entry.id);
    if (index >= 0) {
      this.sql.exec('UPDATE entries SET data = ? WHERE id = ?', JSON.stringify(entry), entry.id);
      stored.entries[index] = entry;
    } else {
      this.sql.exec(
        'INSERT INTO entries (id, seq, data) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM entries), ?)',
        entry.id,
        JSON.stringify(entry),
      );
      stored.entries.push(entry);
    }
  }

  private deleteEntry(entryId: string): void {
    this.sql.exec('DELETE FROM entries WHERE id = ?', entryId);
    const stored = this.stored();
    stored.entries = stored.entries.filter((e) => e.id !== entryId);
  }

  /** Quantity of `sku` across the cart's entries, with `entryId`'s quantity replaced by `quantity`. */
  private skuTotal(sku: string, entryId: string | null, quantity: number): number {
    let total = entryId === null ? quantity : 0;
    for (const entry of this.entries()) {
      if (entry.chosenVariant.sku !== sku) continue;
      total += entry.id === entryId ? quantity : entry.quantity;
    }
    return total;
  }

  /** Quantity of product `itemId` across the cart's entries (any variant or answers), with `entryId`'s quantity replaced by `quantity`. */
  private itemTotal(itemId: string, entryId: string | null, quantity: number): number {
    let total = entryId === null ? quantity : 0;
    for (const entry of this.entries()) {
      if (entry.itemId === itemId) total += entry.id === entryId ? quantity : entry.quantity;
    }
    return total;
  }

  /**
   * Why `total` units of a sku (the cart holding `inCart` of them besides this change) cannot be had when `available`
   * are (null: the sku is not counted): the spec's message with how many are left; null when they can.
   */
  private shortOf(total: number, available: number | null, inCart: number): CartFailure | null {
    if (available === null || total <= available) return null;
    return refused('not-enough-stock', notEnoughStockMessage(available, inCart));
  }

  /** A product sold one per order (`line.perOrder`) refused past its limit, counted over every entry of the product. */
  private overLimit(
    itemId: string,
    title: string,
    perOrder: number | null,
    entryId: string | null,
    quantity: number,
  ): CartFailure | null {
    if (perOrder === null || this.itemTotal(itemId, entryId, quantity) <= perOrder) return null;
    return refused('per-order-limit', perOrderMessage(title, perOrder));
  }

  /**
   * Pushes expiry back to CART_TTL_MS from now, at most once an hour (expiry need not be exact).
   * When it was last pushed is stored with the cart, so an object that was evicted and comes back
   * for the next add (most of a busy store's carts) writes no alarm either.
   */
  private async touch(): Promise<void> {
    const now = Date.now();
    const meta = this.meta();
    if (meta === null || now - (meta.touchedAt ?? 0) < 60 * 60 * 1000) return;
    await this.ctx.storage.setAlarm(now + CART_TTL_MS);
    this.writeMeta({ ...meta, touchedAt: now });
  }

  /**
   * What the orders object made of the claim: the order it placed (the cart is bought), or none (open again). A claim
   * it knows nothing of is kept until CLAIM_SETTLES_MS, as is one still being placed.
   */
  private async settleClaim(meta: Meta, claim: Claim): Promise<Meta> {
    const fate: ClaimFate = await commerceOrders(this.env, meta.websiteId).claimFate(
      meta.cartId,
      claim.key,
      claim.orderId,
    );
    if (fate === 'placing' || (fate === 'unknown' && Date.now() - claim.at < CLAIM_SETTLES_MS)) return meta;
    const settled = { ...meta, orderId: fate === 'ordered' ? claim.orderId : null, claim: null };
    this.writeMeta(settled);
    return settled;
  }

  /**
   * The meta, a claim older than CLAIM_SETTLES_MS settled first: a paid placement never tells its cart (one call less
   * per purchase), and a failed one whose release was lost (a restart) must not hold the cart for ever.
   */
  private async current(): Promise<Meta | null> {
    const meta = this.meta();
    const claim = meta?.claim;
    if (meta == null || claim == null || Date.now() - claim.at < CLAIM_SETTLES_MS) return meta;
    return this.settleClaim(meta, claim);
  }

  /** The cart, or null when nothing was ever added to it. */
  read(): Promise<ShoppingCart | null> {
    return this.changes.run(async () => {
      const meta = await this.current();
      return meta === null ? null : this.snapshot(meta);
    });
  }

  /** Whether the shopper started checking out (the cart's totals then come from the checkout). */
  async checkoutStarted(): Promise<boolean> {
    await this.changes.settled();
    return this.meta()?.checkoutStarted === true;
  }

  /**
   * The cart for a checkout step, noted as being checked out (its totals then come from the
   * checkout, which has none until a start succeeds): the read and the note in one call.
   */
  checkoutCart(): Promise<ShoppingCart | null> {
    return this.changes.run(async () => {
      const meta = await this.current();
      if (meta === null) return null;
      if (meta.checkoutStarted === true) return this.snapshot(meta);
      const started = { ...meta, checkoutStarted: true };
      this.writeMeta(started);
      return this.snapshot(started);
    });
  }

  /**
   * The place step's read, which claims the cart for the placement of Idempotency-Key `key` under a new order id (and
   * notes it as being checked out): from now the cart is that order's and takes no changes, and a paid order leaves it
   * so without another call. The same key finds its own claim; another key's claim, or one older than CLAIM_SETTLES_MS
   * (the key's answer may be forgotten by then: PLACEMENT_KEEP_MS), is first asked about (settleClaim).
   */
  claim(key: string): Promise<ClaimedCart> {
    return this.changes.run(async () => {
      let meta = this.meta();
      if (meta === null) return { cart: null, claimed: null };
      const held = meta.claim;
      if (held != null && (held.key !== key || Date.now() - held.at >= CLAIM_SETTLES_MS))
        meta = await this.settleClaim(meta, held);
      if (meta.claim != null)
        return { cart: this.snapshot(meta), claimed: meta.claim.key === key ? 'this' : 'another' };
      if (meta.orderId != null || this.entries().length === 0) return { cart: this.snapshot(meta), claimed: null };
      const claimed = { ...meta, checkoutStarted: true, claim: { key, orderId: newOrderId(), at: Date.now() } };
      this.writeMeta(claimed);
      return { cart: this.snapshot(claimed), claimed: 'new' };
    });
  }

  /** The placement of `key` took no order (refused, declined, failed before its charge): the cart takes changes again. */
  release(key: string): Promise<void> {
    return this.changes.run(async () => {
      const meta = this.meta();
      if (meta?.claim?.key === key) this.writeMeta({ ...meta, claim: null });
    });
  }

  /** The payment of order `orderId` failed: the cart takes changes and can be bought again. */
  reopen(orderId: string): Promise<void> {
    return this.changes.run(async () => {
      const meta = this.meta();
      if (meta != null && (meta.orderId === orderId || meta.claim?.orderId === orderId))
        this.writeMeta({ ...meta, orderId: null, claim: null });
    });
  }

  /** Refused when the cart is an order's or claimed by a placement (but `claimKey`'s own). */
  private purchased(claimKey: string | null = null): CartFailure | null {
    const meta = this.meta();
    const open = meta?.orderId == null && (meta?.claim == null || meta.claim.key === claimKey);
    return open ? null : refused('cart-ordered', CART_MESSAGES.cartOrdered);
  }

  /**
   * Adds `quantity` of a line, of whose sku `available` units are available (null: not counted); the same variant
   * with the same additional fields grows its entry. An add repeated with the same `idempotencyKey` (a retry after a
   * lost answer) changes nothing and answers as the first did.
   */
  add(
    head: CartHead,
    line: CartLine,
    quantity: number,
    additionalFields: string | null,
    available: number | null,
    idempotencyKey: string | null = null,
  ): Promise<CartAnswer<CartEntryAdded>> {
    return this.changes.run(async () => {
      const meta = (await this.current()) ?? { ...head, created: Date.now() };
      const applied = this.appliedAdd(idempotencyKey);
      if (applied !== null) return this.added(meta, applied);
      const ordered = this.purchased();
      if (ordered !== null) return ordered;
      const existing = this.entries().find(
        (e) => e.chosenVariant.sku === line.sku && e.additionalFields === additionalFields,
      );
      const newQuantity = (existing?.quantity ?? 0) + quantity;
      // Past the quantity limit, a variant with less stock than that says so: the limit is not what stops the shopper.
      if (newQuantity > QUANTITY_MAX)
        return line.stock !== null && newQuantity > line.stock
          ? refused('not-enough-stock', CART_MESSAGES.notEnoughStock)
          : refused('quantity-out-of-range', CART_MESSAGES.quantityOutOfRange);
      if (existing === undefined && this.entries().length >= MAX_CART_ENTRIES)
        return refused('too-many-entries', CART_MESSAGES.cartMaxEntries);
      const limited = this.overLimit(line.itemId, line.title, line.perOrder, existing?.id ?? null, newQuantity);
      if (limited !== null) return limited;
      const total = this.skuTotal(line.sku, existing?.id ?? null, newQuantity);
      const short = this.shortOf(total, available, total - quantity);
      if (short !== null) return short;

      const entry: StoredEntry =
        existing === undefined
          ? entryFromLine(line, randomHex(12), newQuantity, additionalFields)
          : { ...existing, quantity: newQuantity };
      // A new cart's meta is written once, already touched: its expiry alarm is set below.
      const fresh = this.meta() === null;
      if (fresh) this.writeMeta({ ...meta, touchedAt: Date.now() });
      this.writeEntry(entry);
      this.recordAdd(idempotencyKey, entry.id, Date.now());
      if (fresh) await this.ctx.storage.setAlarm(Date.now() + CART_TTL_MS);
      else await this.touch();
      return this.added(meta, entry.id);
    });
  }

  /**
   * Sets an entry's quantity; `available` is what the ledger has available of its sku (null: not counted, or not
   * asked as the quantity does not grow), `perOrder` the product's limit per order (null: none).
   */
  setQuantity(
    entryId: string,
    quantity: number,
    available: number | null,
    perOrder: number | null = null,
  ): Promise<CartAnswer<CartEntryUpdated>> {
    return this.changes.run(async () => {
      const meta = await this.current();
      const entry = this.entries().find((e) => e.id === entryId);
      if (meta === null || entry === undefined) return refused('entry-not-found', CART_MESSAGES.entryNotFound);
      const ordered = this.purchased();
      if (ordered !== null) return ordered;
      if (quantity > entry.quantity) {
        const sku = entry.chosenVariant.sku;
        const failure =
          this.overLimit(entry.itemId, entry.title, perOrder, entryId, quantity) ??
          this.shortOf(this.skuTotal(sku, entryId, quantity), available, this.skuTotal(sku, entryId, 0));
        if (failure !== null) return failure;
      }
      this.writeEntry({ ...entry, quantity });
      await this.touch();
      return this.updated(meta, entryId);
    });
  }

  removeEntry(entryId: string): Promise<CartAnswer> {
    return this.changes.run(async () => {
      const meta = await this.current();
      const entry = this.entries().find((e) => e.id === entryId);
      if (meta === null || entry === undefined) return refused('entry-not-found', CART_MESSAGES.entryNotFound);
      const ordered = this.purchased();
      if (ordered !== null) return ordered;
      this.deleteEntry(entryId);
      await this.touch();
      return { ok: true, value: jsonText<CartChanged>({ shoppingCart: this.snapshot(meta) }) };
    });
  }

  /**
   * Checkout's prices: each entry named in `prices` (entry id → the unit price the catalogue has now)
   * takes that price; the cart as it is then and the entries whose price moved. A purchased or claimed cart keeps its
   * prices, but to the placement of `claimKey` that claimed it (which is then refused for the change).
   */
  reprice(
    prices: Record<string, number>,
    claimKey: string | null = null,
  ): Promise<{ cart: ShoppingCart | null; changes: PriceChange[] }> {
    return this.changes.run(async () => {
      const meta = this.meta();
      if (meta === null) return { cart: null, changes: [] };
      const changes: PriceChange[] = [];
      if (this.purchased(claimKey) === null) {
        for (const entry of [...this.entries()]) {
          const toCents = prices[entry.id];
          if (toCents === undefined || toCents === entry.purchasePriceCents) continue;
          changes.push({ entryId: entry.id, title: entry.title, fromCents: entry.purchasePriceCents, toCents });
          this.writeEntry({ ...entry, purchasePriceCents: toCents });
        }
      }
      return { cart: this.snapshot(meta), changes };
    });
  }

  /** Replaces an entry's additional-fields answers (the entry must still be that item and sku). */
  setAdditionalFields(
    entryId: string,
    itemId: string,
    sku: string,
    additionalFields: string | null,
  ): Promise<CartAnswer<CartEntryUpdated>> {
    return this.changes.run(async () => {
      const meta = this.meta();
      const entry = this.entries().find((e) => e.id === entryId);
      if (meta === null || entry === undefined || entry.itemId !== itemId || entry.chosenVariant.sku !== sku) {
        return refused('entry-not-found', CART_MESSAGES.entryNotFound);
      }
      this.writeEntry({ ...entry, additionalFields });
      await this.touch();
      return this.updated(meta, entryId);
    });
  }

  /** Expiry: forget the cart (a checkout reservation lapses on its own in the StockLedger). */
  override async alarm(): Promise<void> {
    await this.changes.run(async () => {
      await this.ctx.storage.deleteAll();
      this.cached = null;
    });
  }
}
