/**
 * One shopping cart (a SQLite-backed Durable Object per website and cart id). Every change runs
 * alone, one after another, so parallel adds to one cart are neither lost nor doubled. A cart
 * never reserves stock: it may not ask for more than the website's StockLedger has available, as the
 * route last heard it (given with each change that grows a sku: `routes/shared/edge-stock.ts` keeps the
 * ledger's answer at the edge for 2 s, so a cart never calls the per-website ledger itself), and stock is
 * reserved only when the shopper starts paying (placing the order, src/durable/orders.ts), by the ledger alone.
 * An entry keeps the price it was added at until checkout prices it from the catalogue (`reprice`).
 * Placing an order claims the cart first (`claim`): from then it is that order's, unless the placement
 * took none (`release`, or the orders object's answer when the claim is next read). An untouched cart
 * expires after CART_TTL_MS.
 *
 * The class is the object's list of RPC methods, each one line delegating to the module of its concern in cart/
 * (lines: the shopper's changes; checkout: its read and prices; claims: a placement's hold; expiry: the alarm), plain
 * functions over `CartContext` (context.ts: the tables, the stored cart kept in memory, its writes).
 */
import { DurableObject } from 'cloudflare:workers';
import type { CartEntryAdded, CartEntryUpdated } from '../api/storefront-answers';
import type { PriceChange, ShoppingCart } from '../commerce/cart';
import type { CartLine } from '../commerce/cart-line';
import { SerialQueue } from './serial-queue';
import { checkoutCart, checkoutStarted, reprice } from './cart/checkout';
import { claim, read, release, reopen } from './cart/claims';
import type { CartContext } from './cart/context';
import { expire } from './cart/expiry';
import { add, removeEntry, setAdditionalFields, setQuantity } from './cart/lines';
import type { CartAnswer, CartHead, ClaimedCart } from './cart/model';

export {
  type CartAnswer,
  type CartError,
  type CartFailure,
  type CartHead,
  CART_TTL_MS,
  CLAIM_SETTLES_MS,
  type ClaimedCart,
} from './cart/model';

export class ShoppingCartObject extends DurableObject<Env> {
  /** What the modules of cart/ work on: this object's storage, bindings, queue of changes and kept copy of the cart. */
  private readonly self: CartContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.self = { sql: ctx.storage.sql, ctx, env, changes: new SerialQueue(), cached: null };
  }

  /** The cart, or null when nothing was ever added to it. */
  read(): Promise<ShoppingCart | null> {
    return read(this.self);
  }

  /** Whether the shopper started checking out (the cart's totals then come from the checkout). */
  checkoutStarted(): Promise<boolean> {
    return checkoutStarted(this.self);
  }

  /** The cart for a checkout step, noted as being checked out: the read and the note in one call. */
  checkoutCart(): Promise<ShoppingCart | null> {
    return checkoutCart(this.self);
  }

  /** The place step's read, which claims the cart for the placement of Idempotency-Key `key` (cart/claims.ts). */
  claim(key: string): Promise<ClaimedCart> {
    return claim(this.self, key);
  }

  /** The placement of `key` took no order (refused, declined, failed before its charge): the cart takes changes again. */
  release(key: string): Promise<void> {
    return release(this.self, key);
  }

  /** The payment of order `orderId` failed: the cart takes changes and can be bought again. */
  reopen(orderId: string): Promise<void> {
    return reopen(this.self, orderId);
  }

  /**
   * Adds `quantity` of a line, of whose sku `available` units are available (null: not counted); an add repeated with
   * the same `idempotencyKey` changes nothing and answers as the first did (cart/lines.ts).
   */
  add(
    head: CartHead,
    line: CartLine,
    quantity: number,
    additionalFields: string | null,
    available: number | null,
    idempotencyKey: string | null = null,
  ): Promise<CartAnswer<CartEntryAdded>> {
    return add(this.self, head, line, quantity, additionalFields, available, idempotencyKey);
  }

  /** Sets an entry's quantity, `available` of its sku and `perOrder` of its product (null: not counted, none). */
  setQuantity(
    entryId: string,
    quantity: number,
    available: number | null,
    perOrder: number | null = null,
  ): Promise<CartAnswer<CartEntryUpdated>> {
    return setQuantity(this.self, entryId, quantity, available, perOrder);
  }

  removeEntry(entryId: string): Promise<CartAnswer> {
    return removeEntry(this.self, entryId);
  }

  /** Checkout's prices (entry id → the catalogue's unit price now): the cart then and the entries whose price moved. */
  reprice(
    prices: Record<string, number>,
    claimKey: string | null = null,
  ): Promise<{ cart: ShoppingCart | null; changes: PriceChange[] }> {
    return reprice(this.self, prices, claimKey);
  }

  /** Replaces an entry's additional-fields answers (the entry must still be that item and sku). */
  setAdditionalFields(
    entryId: string,
    itemId: string,
    sku: string,
    additionalFields: string | null,
  ): Promise<CartAnswer<CartEntryUpdated>> {
    return setAdditionalFields(this.self, entryId, itemId, sku, additionalFields);
  }

  /** Expiry: forget the cart (a checkout reservation lapses on its own in the StockLedger). */
  override async alarm(): Promise<void> {
    await expire(this.self);
  }
}
