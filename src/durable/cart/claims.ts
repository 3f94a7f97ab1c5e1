/**
 * A placement's claim on the cart (issue 34): taken by the place step's read, released by a placement that took no
 * order, reopened by a failed payment, and settled by asking the orders object once it is old or another key's.
 */
import { CART_MESSAGES, type ShoppingCart } from '../../commerce/cart';
import { refused } from '../../result';
import { newOrderId, type ClaimFate, unitsOf } from '../orders/model';
import { commerceOrders, stockLedger } from '../stubs';
import { type CartContext, entries, meta as storedMeta, snapshot, writeMeta } from './context';
import { type CartFailure, type Claim, type ClaimedCart, CLAIM_SETTLES_MS, type Meta } from './model';

/**
 * What the orders object made of the claim: the order it placed (the cart is bought), or none (open again). A claim
 * it knows nothing of is kept until CLAIM_SETTLES_MS, as is one still being placed; then the units its route may have
 * held at the stock ledger before it was cut off (UNITS_HELD_MS) are given back with it.
 */
async function settleClaim(self: CartContext, meta: Meta, claim: Claim): Promise<Meta> {
  const fate: ClaimFate = await commerceOrders(self.env, meta.websiteId).claimFate(
    meta.cartId,
    claim.key,
    claim.orderId,
  );
  if (fate === 'placing' || (fate === 'unknown' && Date.now() - claim.at < CLAIM_SETTLES_MS)) return meta;
  if (fate === 'unknown') await stockLedger(self.env, meta.websiteId).release(unitsOf(claim.orderId));
  const settled = { ...meta, orderId: fate === 'ordered' ? claim.orderId : null, claim: null };
  writeMeta(self, settled);
  return settled;
}

/**
 * The meta, a claim older than CLAIM_SETTLES_MS settled first: a paid placement never tells its cart (one call less
 * per purchase), and a failed one whose release was lost (a restart) must not hold the cart for ever.
 */
export async function current(self: CartContext): Promise<Meta | null> {
  const meta = storedMeta(self);
  const claim = meta?.claim;
  if (meta == null || claim == null || Date.now() - claim.at < CLAIM_SETTLES_MS) return meta;
  return settleClaim(self, meta, claim);
}

/** The cart, or null when nothing was ever added to it. */
export function read(self: CartContext): Promise<ShoppingCart | null> {
  return self.changes.run(async () => {
    const meta = await current(self);
    return meta === null ? null : snapshot(self, meta);
  });
}

/**
 * The place step's read, which claims the cart for the placement of Idempotency-Key `key` under a new order id (and
 * notes it as being checked out): from now the cart is that order's and takes no changes, and a paid order leaves it
 * so without another call. The same key finds its own claim; another key's claim, or one older than CLAIM_SETTLES_MS
 * (the key's answer may be forgotten by then: PLACEMENT_KEEP_MS), is first asked about (settleClaim).
 */
export function claim(self: CartContext, key: string): Promise<ClaimedCart> {
  return self.changes.run(async () => {
    let meta = storedMeta(self);
    if (meta === null) return { cart: null, claimed: null };
    const held = meta.claim;
    if (held != null && (held.key !== key || Date.now() - held.at >= CLAIM_SETTLES_MS))
      meta = await settleClaim(self, meta, held);
    if (meta.claim != null) return { cart: snapshot(self, meta), claimed: meta.claim.key === key ? 'this' : 'another' };
    if (meta.orderId != null || entries(self).length === 0) return { cart: snapshot(self, meta), claimed: null };
    const claimed = { ...meta, checkoutStarted: true, claim: { key, orderId: newOrderId(), at: Date.now() } };
    writeMeta(self, claimed);
    return { cart: snapshot(self, claimed), claimed: 'new' };
  });
}

/** The placement of `key` took no order (refused, declined, failed before its charge): the cart takes changes again. */
export function release(self: CartContext, key: string): Promise<void> {
  return self.changes.run(async () => {
    const meta = storedMeta(self);
    if (meta?.claim?.key === key) writeMeta(self, { ...meta, claim: null });
  });
}

/** The payment of order `orderId` failed: the cart takes changes and can be bought again. */
export function reopen(self: CartContext, orderId: string): Promise<void> {
  return self.changes.run(async () => {
    const meta = storedMeta(self);
    if (meta != null && (meta.orderId === orderId || meta.claim?.orderId === orderId))
      writeMeta(self, { ...meta, orderId: null, claim: null });
  });
}

/** Refused when the cart is an order's or claimed by a placement (but `claimKey`'s own). */
export function purchased(self: CartContext, claimKey: string | null = null): CartFailure | null {
  const meta = storedMeta(self);
  const open = meta?.orderId == null && (meta?.claim == null || meta.claim.key === claimKey);
  return open ? null : refused('cart-ordered', CART_MESSAGES.cartOrdered);
}
