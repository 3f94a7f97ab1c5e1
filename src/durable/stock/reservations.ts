/**
 * Reservations: an order's units held for its payment window (every check-and-reserve one synchronous
 * SQLite step, so two orders never both take the last unit), moved to a new owner, sold, released, and
 * deleted by the alarm once they lapse.
 */
import { refused } from '../../result';
import { tell, tellComebacks } from './comebacks';
import type { StockContext } from './context';
import { availableTo, heldBy, know, level } from './counts';
import { sold } from './history';
import type { Holder, HoldResult, ReserveResult, StockLine } from './model';

const countedLines = (lines: StockLine[]) =>
  lines.filter((line): line is StockLine & { stock: number } => line.stock !== null && line.quantity > 0);

/**
 * Reserves exactly `lines` for `owner` until `now + ttlMs` (replacing what it held, and keeping who it was held for),
 * if every sku has enough; otherwise changes nothing and says what is short. (The cap on one visitor's reserved units
 * is the orders object's, src/durable/orders/placing.ts; `hold` counts a route's hold against it.)
 */
export async function reserve(
  self: StockContext,
  owner: string,
  lines: StockLine[],
  ttlMs: number,
  now: number,
  holder: string | null = null,
): Promise<ReserveResult> {
  const counted = countedLines(lines);
  const unavailable = counted
    .map((line) => ({ line, available: availableTo(self, owner, line.sku, line.stock, now) }))
    .filter(({ line, available }) => line.quantity > available)
    .map(({ line, available }) => ({ sku: line.sku, available }));
  if (unavailable.length > 0)
    return {
      ...refused('stock-short', unavailable.map(({ sku, available }) => `Only ${available} of ${sku} left.`).join(' ')),
      unavailable,
    };
  const expiresOn = now + ttlMs;
  const [replaced] = self.sql
    .exec<{ holder: string | null }>('DELETE FROM reservations WHERE owner = ? RETURNING holder', owner)
    .toArray();
  for (const line of counted) {
    self.sql.exec(
      'INSERT INTO reservations (owner, sku, quantity, expires_at, holder) VALUES (?, ?, ?, ?, ?)',
      owner,
      line.sku,
      line.quantity,
      expiresOn,
      holder ?? replaced?.holder ?? null,
    );
    know(self, line.sku, line.stock);
  }
  await scheduleExpiry(self);
  return { ok: true, value: { expiresOn } };
}

/**
 * A route's hold of a new placement's units (issue 34): `reserve`, counted against `holder.visitor` while the
 * reservation lives (the orders object reserving again or moving it keeps that), refused `too-many-held` when the
 * visitor's live reservations of other owners and these would be more than `holder.most`. So a route cut off after
 * its hold, before the orders object counted the units, holds no more than the visitor may.
 */
export async function hold(
  self: StockContext,
  owner: string,
  lines: StockLine[],
  ttlMs: number,
  holder: Holder,
  now: number,
): Promise<HoldResult> {
  const units = countedLines(lines).reduce((sum, line) => sum + line.quantity, 0);
  const held = heldBy(self, holder.visitor, owner, now);
  if (units > 0 && held + units > holder.most)
    return refused('too-many-held', `At most ${holder.most} units held at once.`);
  return reserve(self, owner, lines, ttlMs, now, holder.visitor);
}

/**
 * Keeps `owner`'s reservation under a new owner until `expiresOn` (an order waiting for its payment: the end of its
 * authentication window). Nothing is held without an end; the alarm then releases the units.
 */
export async function transfer(self: StockContext, owner: string, newOwner: string, expiresOn: number): Promise<void> {
  self.sql.exec('UPDATE reservations SET owner = ?, expires_at = ? WHERE owner = ?', newOwner, expiresOn, owner);
  await scheduleExpiry(self);
}

/** Sells what `owner` reserved: each unit counted sold once, the reservation gone. */
export function sell(self: StockContext, owner: string, now: number): void {
  const rows = self.sql
    .exec<{ sku: string; quantity: number }>('DELETE FROM reservations WHERE owner = ? RETURNING sku, quantity', owner)
    .toArray();
  for (const row of rows) sold(self, row.sku, row.quantity, owner, now);
}

/** Releases `owner`'s reservation (an abandoned or failed payment, a cancelled pending order). */
export async function release(self: StockContext, owner: string, now: number): Promise<void> {
  const skus = self.sql
    .exec<{ sku: string }>('SELECT sku FROM reservations WHERE owner = ?', owner)
    .toArray()
    .map((row) => [row.sku, 0] as const);
  await tellComebacks(self, skus, now, () => self.sql.exec('DELETE FROM reservations WHERE owner = ?', owner));
}

/** Live reservations (tests and the merchant's view). */
export function reservations(
  self: StockContext,
  now: number,
): { owner: string; sku: string; quantity: number; expiresOn: number | null }[] {
  return self.sql
    .exec<{ owner: string; sku: string; quantity: number; expires_at: number | null }>(
      'SELECT owner, sku, quantity, expires_at FROM reservations WHERE expires_at IS NULL OR expires_at > ? ORDER BY owner, sku',
      now,
    )
    .toArray()
    .map((r) => ({ owner: r.owner, sku: r.sku, quantity: r.quantity, expiresOn: r.expires_at }));
}

async function scheduleExpiry(self: StockContext): Promise<void> {
  const next = self.sql
    .exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM reservations WHERE expires_at IS NOT NULL')
    .one().at;
  if (next === null) return;
  const current = await self.ctx.storage.getAlarm();
  if (current === null || current > next) await self.ctx.storage.setAlarm(next);
}

/** Deletes lapsed reservations (an abandoned checkout gives its stock back) and waits for the next. */
export async function runAlarm(self: StockContext): Promise<void> {
  const now = Date.now();
  const freed = new Map<string, number>();
  const lapsed = self.sql.exec<{ sku: string; quantity: number }>(
    'DELETE FROM reservations WHERE expires_at IS NOT NULL AND expires_at <= ? RETURNING sku, quantity',
    now,
  );
  for (const row of lapsed) freed.set(row.sku, (freed.get(row.sku) ?? 0) + row.quantity);
  await scheduleExpiry(self);
  // A lapsed reservation stopped counting when it lapsed: the sku came back then if nothing was available with its units held.
  const known = [...freed].filter(([sku]) => level(self, sku) !== undefined);
  await tell(
    self,
    known
      .filter(
        ([sku, units]) => availableTo(self, null, sku, 0, now) - units <= 0 && availableTo(self, null, sku, 0, now) > 0,
      )
      .map(([sku]) => sku),
  );
}
