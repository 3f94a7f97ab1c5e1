/**
 * What the modules of orders/ work on (the object's storage, bindings, outbox, running placements and
 * what it keeps in memory), the website it serves, and its alarm.
 */
import type { StoreSettings } from '../../commerce/checkout-totals';
import type { StoredPaymentSettings } from '../../commerce/payment-mode';
import type { ShippingRate } from '../../commerce/shipping';
import type { TaxRate } from '../../commerce/tax';
import type { EmailMessages } from '../../site/editor/email-messages';
import type { EmailOutbox } from '../email-outbox';
import type { SerialQueue } from '../serial-queue';
import {
  PLACEMENT_KEEP_MS,
  CHECKOUT_KEEP_MS,
  RESUME_AFTER_MS,
  FOLLOW_UP_AFTER_MS,
  type PlaceOutcome,
  type StoredCheckout,
} from './model';

export interface OrdersContext {
  readonly sql: SqlStorage;
  readonly ctx: DurableObjectState;
  readonly env: Env;
  readonly outbox: EmailOutbox;
  /** Placements running now, by cart and key: a retry joins the running one. */
  readonly running: Map<string, Promise<PlaceOutcome>>;
  /** Refunds and cancellations, one at a time: each checks what is left to refund, then awaits the provider. */
  readonly actions: SerialQueue;
  /** The alarm's duties that threw, by name (alarm.ts), in this object's memory: a reset starts them afresh. */
  readonly failingDuties: Map<string, FailingDuty>;
}

/** The website this object serves (its alarm needs it to reach the stock ledger). */
/**
 * Rows every checkout step reads, kept in memory once read: only this object writes them, and each
 * write forgets its copy (settings.ts, rememberWebsite), so a checkout or an order reads none of them.
 */
export interface Kept {
  settings?: StoreSettings;
  shipping?: ShippingRate[];
  tax?: TaxRate[];
  website?: string;
  emailMessages?: EmailMessages;
  /** The next order's position and order number (records.ts), counted here once read. */
  counters?: { position: number; orderNumber: number };
  /** The payment settings' read, their secrets opened (payment-settings.ts); null: none saved. */
  paymentSettings?: Promise<StoredPaymentSettings | null>;
  /** Checkouts as last saved or read, by cart, the most recent last (checkout.ts): a purchase's later steps read none. */
  checkouts?: Map<string, StoredCheckout>;
}

const keptOf = new WeakMap<OrdersContext, Kept>();

export function kept(self: OrdersContext): Kept {
  let rows = keptOf.get(self);
  if (rows === undefined) {
    rows = {};
    keptOf.set(self, rows);
  }
  return rows;
}

export function servedWebsite(self: OrdersContext): string | null {
  kept(self).website ??= self.sql
    .exec<{ website_id: string }>('SELECT website_id FROM website WHERE id = 1')
    .toArray()[0]?.website_id;
  return kept(self).website ?? null;
}

export function rememberWebsite(self: OrdersContext, websiteId: string): void {
  if (servedWebsite(self) !== null) return;
  self.sql.exec('INSERT INTO website (id, website_id) VALUES (1, ?)', websiteId);
  kept(self).website = websiteId;
}

/** An alarm duty that threw (alarm.ts): how often in a row, and when it may run again. */
export interface FailingDuty {
  failures: number;
  until: number;
}

/**
 * Sets the alarm by the earliest row due. While a duty waits out its back-off no row brings the alarm sooner than its
 * end (the row may be the one it fails on, already due: the alarm would run again at once, over and over); an email
 * due does.
 */
export async function scheduleAlarm(self: OrdersContext): Promise<void> {
  type At = number | null;
  // One statement for every table's next moment.
  const { nextSubscription, nextRetry, oldest, oldestCheckout, journaled, unfinished, holdEnds } = self.sql
    .exec<{
      nextSubscription: At;
      nextRetry: At;
      oldest: At;
      oldestCheckout: At;
      journaled: At;
      unfinished: At;
      holdEnds: At;
    }>(
      `SELECT (SELECT MIN(next_at) FROM subscriptions WHERE paused_at IS NULL) AS nextSubscription,
        (SELECT MIN(next_at) FROM unsettled) AS nextRetry,
        (SELECT MIN(created_at) FROM placements p
          WHERE NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = p.cart_id AND u.key = p.key)) AS oldest,
        (SELECT MIN(updated_at) FROM checkouts) AS oldestCheckout,
        (SELECT MIN(created_at) FROM placing) AS journaled,
        (SELECT MIN(created_at) FROM followups) AS unfinished,
        (SELECT MIN(expires_at) FROM holds) AS holdEnds`,
    )
    .one();
  const held = [...self.failingDuties.values()].map((f) => f.until);
  const dutiesNotBefore = held.length === 0 ? 0 : Math.min(...held);
  const after = (at: number | null, ms: number) => (at === null ? null : at + ms);
  const candidates = [
    nextSubscription,
    nextRetry,
    after(oldest, PLACEMENT_KEEP_MS),
    after(oldestCheckout, CHECKOUT_KEEP_MS),
    after(journaled, RESUME_AFTER_MS),
    after(unfinished, FOLLOW_UP_AFTER_MS),
    holdEnds,
  ]
    .filter((t): t is number => t !== null)
    .map((t) => Math.max(t, dutiesNotBefore));
  const nextEmail = self.outbox.nextAttemptAt();
  if (nextEmail !== null) candidates.push(nextEmail);
  if (candidates.length === 0) return;
  await alarmBy(self, Math.min(...candidates));
}

/** The alarm runs by `at` (earlier when it was due sooner): for a row whose own moment is known, without scheduleAlarm's statement. */
export async function alarmBy(self: OrdersContext, at: number): Promise<void> {
  const current = await self.ctx.storage.getAlarm();
  if (current === null || current > at) await self.ctx.storage.setAlarm(at);
}
