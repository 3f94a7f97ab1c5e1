/** A cart's expiry: its alarm pushed back as it is used, and the cart forgotten when the alarm rings. */
import { type CartContext, meta as storedMeta, writeMeta } from './context';
import { CART_TTL_MS } from './model';

/**
 * Pushes expiry back to CART_TTL_MS from now, at most once an hour (expiry need not be exact).
 * When it was last pushed is stored with the cart, so an object that was evicted and comes back
 * for the next add (most of a busy store's carts) writes no alarm either.
 */
export async function touch(self: CartContext): Promise<void> {
  const now = Date.now();
  const meta = storedMeta(self);
  if (meta === null || now - (meta.touchedAt ?? 0) < 60 * 60 * 1000) return;
  await self.ctx.storage.setAlarm(now + CART_TTL_MS);
  writeMeta(self, { ...meta, touchedAt: now });
}

/** Expiry: forget the cart (a checkout reservation lapses on its own in the StockLedger). */
export async function expire(self: CartContext): Promise<void> {
  await self.changes.run(async () => {
    await self.ctx.storage.deleteAll();
    self.cached = null;
  });
}
