/** The cart at checkout: whether it is being checked out, the checkout step's read that notes it, and its prices. */
import type { PriceChange, ShoppingCart } from '../../commerce/cart';
import { current, purchased } from './claims';
import { type CartContext, entries, meta as storedMeta, snapshot, writeEntry, writeMeta } from './context';

/** Whether the shopper started checking out (the cart's totals then come from the checkout). */
export async function checkoutStarted(self: CartContext): Promise<boolean> {
  await self.changes.settled();
  return storedMeta(self)?.checkoutStarted === true;
}

/**
 * The cart for a checkout step, noted as being checked out (its totals then come from the
 * checkout, which has none until a start succeeds): the read and the note in one call.
 */
export function checkoutCart(self: CartContext): Promise<ShoppingCart | null> {
  return self.changes.run(async () => {
    const meta = await current(self);
    if (meta === null) return null;
    if (meta.checkoutStarted === true) return snapshot(self, meta);
    const started = { ...meta, checkoutStarted: true };
    writeMeta(self, started);
    return snapshot(self, started);
  });
}

/**
 * Checkout's prices: each entry named in `prices` (entry id → the unit price the catalogue has now)
 * takes that price; the cart as it is then and the entries whose price moved. A purchased or claimed cart keeps its
 * prices, but to the placement of `claimKey` that claimed it (which is then refused for the change).
 */
export function reprice(
  self: CartContext,
  prices: Record<string, number>,
  claimKey: string | null = null,
): Promise<{ cart: ShoppingCart | null; changes: PriceChange[] }> {
  return self.changes.run(async () => {
    const meta = storedMeta(self);
    if (meta === null) return { cart: null, changes: [] };
    const changes: PriceChange[] = [];
    if (purchased(self, claimKey) === null) {
      for (const entry of [...entries(self)]) {
        const toCents = prices[entry.id];
        if (toCents === undefined || toCents === entry.purchasePriceCents) continue;
        changes.push({ entryId: entry.id, title: entry.title, fromCents: entry.purchasePriceCents, toCents });
        writeEntry(self, { ...entry, purchasePriceCents: toCents });
      }
    }
    return { cart: snapshot(self, meta), changes };
  });
}
