import type { EmailOutbox } from '../email-outbox';
import type { SerialQueue } from '../serial-queue';
import { PLACEMENT_KEEP_MS, CHECKOUT_KEEP_MS, RESUME_AFTER_MS, FOLLOW_UP_AFTER_MS, type PlaceOutcome } from './model';

export interface OrdersContext {
  readonly sql: SqlStorage;
  readonly ctx: DurableObjectState;
  readonly env: Env;
  readonly outbox: EmailOutbox;
  /** Placements running now, by cart and key: a retry joins the running one. */
  readonly running: Map<string, Promise<PlaceOutcome>>;
  /** Refunds and cancellations, one at a time: each checks what is left to refund, then awaits the provider. */
  readonly actions: SerialQueue;
}

/** The website this object serves (its alarm needs it to reach the stock ledger). */
export function servedWebsite(self: OrdersContext): string | null {
  return (
    self.sql.exec<{ website_id: string }>('SELECT website_id FROM website WHERE id = 1').toArray()[0]?.website_id ??
    null
  );
}

export function rememberWebsite(self: OrdersContext, websiteId: string): void {
  if (servedWebsite(self) === null) self.sql.exec('INSERT INTO website (id, website_id) VALUES (1, ?)', websiteId);
}

export async function scheduleAlarm(self: OrdersContext): Promise<void> {
  const nextSubscription = self.sql
    .exec<{ at: number | null }>('SELECT MIN(next_at) AS at FROM subscriptions WHERE paused_at IS NULL')
    .one().at;
  const nextRetry = self.sql.exec<{ at: number | null }>('SELECT MIN(next_at) AS at FROM unsettled').one().at;
  const oldest = self.sql
    .exec<{ at: number | null }>(
      'SELECT MIN(created_at) AS at FROM placements p WHERE NOT EXISTS (SELECT 1 FROM unsettled u WHERE u.cart_id = p.cart_id AND u.key = p.key)',
    )
    .one().at;
  const oldestCheckout = self.sql.exec<{ at: number | null }>('SELECT MIN(updated_at) AS at FROM checkouts').one().at;
  const journaled = self.sql.exec<{ at: number | null }>('SELECT MIN(created_at) AS at FROM placing').one().at;
  const unfinished = self.sql.exec<{ at: number | null }>('SELECT MIN(created_at) AS at FROM followups').one().at;
  const holdEnds = self.sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM holds').one().at;
  const after = (at: number | null, ms: number) => (at === null ? null : at + ms);
  const candidates = [
    nextSubscription,
    nextRetry,
    after(oldest, PLACEMENT_KEEP_MS),
    after(oldestCheckout, CHECKOUT_KEEP_MS),
    after(journaled, RESUME_AFTER_MS),
    after(unfinished, FOLLOW_UP_AFTER_MS),
    holdEnds,
    self.outbox.nextAttemptAt(),
  ].filter((t): t is number => t !== null);
  if (candidates.length === 0) return;
  const at = Math.min(...candidates);
  const current = await self.ctx.storage.getAlarm();
  if (current === null || current > at) await self.ctx.storage.setAlarm(at);
}
