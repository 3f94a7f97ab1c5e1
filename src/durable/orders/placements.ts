/**
 * Placements of the orders object: the answer each key was given, the journal of a placement being
 * made, the units a visitor holds for payments, what a recorded order still needs from the stock ledger
 * (the follow-up), and what became of a cart's claim for a placement.
 */
import type { Order } from '../../commerce/order';
import type { OrdersContext } from './context';
import { faultPoint } from '../../faults';
import { countsStock } from '../stock';
import { stockLedger } from '../stubs';
import { type ClaimFate, type PlacingJob, type PlaceOutcome, type OrderPrivate, unitsOf } from './model';

export function placementAnswer(self: OrdersContext, cartId: string, key: string): PlaceOutcome | null {
  const row = self.sql
    .exec<{ answer: string }>('SELECT answer FROM placements WHERE cart_id = ? AND key = ?', cartId, key)
    .toArray()[0];
  return row === undefined ? null : (JSON.parse(row.answer) as PlaceOutcome);
}

export function remember(
  self: OrdersContext,
  cartId: string,
  key: string,
  requester: string,
  outcome: PlaceOutcome,
  now: number,
): PlaceOutcome {
  self.sql.exec(
    'INSERT OR REPLACE INTO placements (cart_id, key, answer, created_at, requester) VALUES (?, ?, ?, ?, ?)',
    cartId,
    key,
    JSON.stringify(outcome),
    now,
    requester,
  );
  return outcome;
}

/** What the object knows of `key` for a cart: its remembered answer, its journaled placement, and whether another key's placement of the cart is journaled. */
export interface KnownPlacement {
  answer: PlaceOutcome | null;
  job: PlacingJob | null;
  otherJournaled: boolean;
}

/** KnownPlacement in one statement (placing an order asks it first). */
export function knownPlacement(self: OrdersContext, cartId: string, key: string): KnownPlacement {
  const rows = self.sql
    .exec<{ kind: 'answer' | 'job' | 'other'; data: string }>(
      `SELECT 'answer' AS kind, answer AS data FROM placements WHERE cart_id = ? AND key = ?
        UNION ALL SELECT CASE WHEN key = ? THEN 'job' ELSE 'other' END, data FROM placing WHERE cart_id = ?`,
      cartId,
      key,
      key,
      cartId,
    )
    .toArray();
  const of = (kind: string) => rows.find((row) => row.kind === kind);
  const answer = of('answer');
  const job = of('job');
  return {
    answer: answer === undefined ? null : (JSON.parse(answer.data) as PlaceOutcome),
    job: job === undefined ? null : (JSON.parse(job.data) as PlacingJob),
    otherJournaled: of('other') !== undefined,
  };
}

/** What became of the cart's claim for the placement of `key` under order `orderId` (the cart asks, durable/cart.ts). */
export function claimFate(self: OrdersContext, cartId: string, key: string, orderId: string): ClaimFate {
  if (self.running.has(`${cartId}\u0000${key}`)) return 'placing';
  const status = self.sql
    .exec<{ status: string }>('SELECT status FROM orders WHERE id = ?', orderId)
    .toArray()[0]?.status;
  if (status !== undefined) return status === 'cancelled' ? 'failed' : 'ordered';
  const { answer, job } = knownPlacement(self, cartId, key);
  if (job !== null) return 'placing';
  // A remembered answer without an order is a refusal (a declined card).
  return answer === null ? 'unknown' : 'failed';
}

/** Units reserved for `visitor`'s orders being placed or waiting for their payment. */
export function heldUnits(self: OrdersContext, visitor: string, now: number): number {
  return self.sql
    .exec<{ n: number }>(
      'SELECT COALESCE(SUM(units), 0) AS n FROM holds WHERE visitor = ? AND expires_at > ?',
      visitor,
      now,
    )
    .one().n;
}

/** Forgets a journaled placement that took no money: its gift card debit and its hold (an order of counted units only) given back. */
export function abandon(self: OrdersContext, cartId: string, key: string, job: PlacingJob): void {
  const { inputs, totals } = job;
  if (inputs.giftCardCode !== null && totals.giftCardCents > 0)
    self.sql.exec(
      'UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE code = ?',
      totals.giftCardCents,
      inputs.giftCardCode,
    );
  self.sql.exec('DELETE FROM placing WHERE cart_id = ? AND key = ?', cartId, key);
  if (countsStock(job.request.lines)) self.sql.exec('DELETE FROM holds WHERE order_id = ?', job.orderId);
}

export function hasFollowUp(self: OrdersContext, id: string): boolean {
  return self.sql.exec('SELECT 1 FROM followups WHERE order_id = ?', id).toArray().length > 0;
}

/** Follow-ups running now, by order id: a retry of the key or the alarm joins the running one. */
const runningFollowUps = new WeakMap<OrdersContext, Map<string, Promise<void>>>();

/**
 * What a recorded order still needs from the stock ledger, each step idempotent: its units sold once
 * (paid) or held for its payment window (its cart is the order's since the claim). Started as the order is
 * recorded (placing answers without waiting for it), and run again by a retry of its key or the
 * alarm when a restart cut it off; a call while one runs joins it.
 */
export function followUp(
  self: OrdersContext,
  websiteId: string,
  id: string,
  reservedUntil: number | null = null,
): Promise<void> {
  const running = runningFollowUps.get(self) ?? new Map<string, Promise<void>>();
  runningFollowUps.set(self, running);
  const joined = running.get(id);
  if (joined !== undefined) return joined;
  const work = followUpOnce(self, websiteId, id, reservedUntil).finally(() => running.delete(id));
  running.set(id, work);
  return work;
}

/**
 * `reservedUntil`: when the placement that just recorded the order knows its units are reserved under its own name
 * until then (its payment window: an order waiting for authentication), so the hold needs no transfer and the shopper's
 * answer one round trip less; a follow-up run again after a restart passes null and transfers (idempotent).
 */
async function followUpOnce(
  self: OrdersContext,
  websiteId: string,
  id: string,
  reservedUntil: number | null,
): Promise<void> {
  const row = self.sql
    .exec<{ hold_until: number | null; status: string; data: string }>(
      'SELECT f.hold_until, o.status, o.data FROM followups f JOIN orders o ON o.id = f.order_id WHERE f.order_id = ?',
      id,
    )
    .toArray()[0];
  if (row === undefined) return;
  const kill = () => self.ctx.abort('killed between two steps of placing an order (injected fault)');
  const stock = stockLedger(self.env, websiteId);
  const order = JSON.parse(row.data) as Order & OrderPrivate;
  // A pending order settled before its follow-up ran was already dealt with by its settlement (sold, or released and its cart reopened).
  if (row.status === 'pending' || order.paidOn !== null) {
    // An order of unlimited products only has nothing the ledger holds or sells.
    const counted = countsStock(order.lines);
    if (counted && row.status === 'pending' && row.hold_until !== null && row.hold_until !== reservedUntil)
      await stock.transfer(unitsOf(id), unitsOf(id), row.hold_until);
    else if (counted && row.status !== 'pending') await stock.sellOrder(unitsOf(id), order.lines);
    await faultPoint('durable-object', 'CommerceOrders.place:stock', kill);
    // Cancelled meanwhile (its payment failed while these steps ran, and its cart was reopened): undo what they did.
    if (
      counted &&
      self.sql.exec<{ status: string }>('SELECT status FROM orders WHERE id = ?', id).toArray()[0]?.status ===
        'cancelled'
    )
      await stock.release(unitsOf(id));
  }
  self.sql.exec('DELETE FROM followups WHERE order_id = ?', id);
}
