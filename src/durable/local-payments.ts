/**
 * The local payment provider's ledger (development and tests): one object for the whole local
 * "account", as one Stripe account serves every website. Each charge is recorded under its
 * idempotency key with the result it first gave, inside one synchronous SQLite step of this
 * single-threaded object, so the same key always answers the first result and never charges twice,
 * even when retries race or land on other isolates. Authentication steps, cancellations and refunds
 * are recorded here too, and the secret the local webhooks are signed with.
 */
import { DurableObject } from 'cloudflare:workers';
import {
  declined,
  RETURN_URL_KEY,
  type CancelResult,
  type ChargeRequest,
  type ChargeResult,
  type RefundRefusal,
  type RefundResult,
} from '../integrations/payment-provider';
import { localAuthenticationPath, localCardOutcome } from '../integrations/payments-local';
import { randomHex } from '../ids';
import { refused } from '../result';
import { migrate, type Migration } from './migrations';

/**
 * `expired`: the shopper answered the authentication step after its window (the charge's `metadata.authenticateBefore`): refused, nothing taken.
 * `canceled`: the store cancelled it while it waited for authentication (its window ended, or the shopper left the step).
 */
export type LocalPaymentStatus = 'succeeded' | 'requires_action' | 'declined' | 'expired' | 'canceled';

export interface LocalPayment {
  id: string;
  status: LocalPaymentStatus;
  /** Whether the charge asked for an authentication step (its outcome is reported by webhook). */
  authenticated: boolean;
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  returnUrl: string | null;
  refundedCents: number;
  /** When the payment reached its final status (ms), null while it waits for authentication. */
  settledAt: number | null;
}

interface PaymentRow extends Record<string, SqlStorageValue> {
  id: string;
  idempotency_key: string;
  token: string;
  amount_cents: number;
  currency: string;
  description: string;
  metadata_json: string;
  return_url: string | null;
  status: string;
  needs_action: number;
  refunded_cents: number;
  result_json: string;
  settled_at: number | null;
}

/** The local ledger's refusals of a refund, by code (their text is what a kept refusal is read back by). */
const REFUND_MESSAGES = {
  'not-found': 'No such payment.',
  'not-taken': 'This payment was not taken, so there is nothing to refund.',
  'invalid-amount': 'A refund must be a positive amount.',
  'over-refund': 'The refund is more than is left of the payment.',
} as const satisfies Partial<Record<RefundRefusal, string>>;

const LEDGER_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS payments (id TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, token TEXT NOT NULL,
    amount_cents INTEGER NOT NULL, currency TEXT NOT NULL, description TEXT NOT NULL, metadata_json TEXT NOT NULL,
    return_url TEXT, status TEXT NOT NULL, needs_action INTEGER NOT NULL, refunded_cents INTEGER NOT NULL DEFAULT 0,
    result_json TEXT NOT NULL, created_at INTEGER NOT NULL, settled_at INTEGER);
  CREATE TABLE IF NOT EXISTS refunds (idempotency_key TEXT PRIMARY KEY, payment_id TEXT NOT NULL, amount_cents INTEGER NOT NULL, result_json TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // A refund's kept answer is the ground's result shape (src/result.ts); answers kept before were { ok: true } or
  // { ok: false, message }, the message naming the code (REFUND_MESSAGES, the only messages a refund was refused with).
  `UPDATE refunds SET result_json = CASE
      WHEN result_json ->> '$.ok' THEN json_object('ok', json('true'), 'value', json('null'))
      ELSE json_object('ok', json('false'), 'error', CASE result_json ->> '$.message'
          WHEN '${REFUND_MESSAGES['not-found']}' THEN 'not-found'
          WHEN '${REFUND_MESSAGES['not-taken']}' THEN 'not-taken'
          WHEN '${REFUND_MESSAGES['invalid-amount']}' THEN 'invalid-amount'
          ELSE 'over-refund' END,
        'message', result_json ->> '$.message')
    END
    WHERE json_type(result_json, '$.error') IS NULL AND json_type(result_json, '$.value') IS NULL`,
];

export class LocalPaymentLedger extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, { 'local-payments': LEDGER_MIGRATIONS });
  }

  charge(req: ChargeRequest): ChargeResult {
    if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0)
      throw new RangeError(`amountCents must be a positive whole number, not ${req.amountCents}`);
    if (!/^[A-Za-z]{3}$/.test(req.currency))
      throw new RangeError(`currency must be an ISO 4217 code, not ${JSON.stringify(req.currency)}`);
    const first = this.sql
      .exec<PaymentRow>('SELECT * FROM payments WHERE idempotency_key = ?', req.idempotencyKey)
      .toArray()[0];
    if (first !== undefined) {
      // As Stripe answers: a key stands for one charge, so reusing it for another is the caller's bug.
      if (
        first.token !== req.token ||
        first.amount_cents !== req.amountCents ||
        first.currency !== req.currency.toUpperCase()
      ) {
        throw new Error(
          `idempotency key ${JSON.stringify(req.idempotencyKey)} was already used for a different charge`,
        );
      }
      return JSON.parse(first.result_json) as ChargeResult;
    }
    const id = `pi_local_${randomHex(12)}`;
    const outcome = localCardOutcome(req.token);
    const result: ChargeResult =
      outcome === 'succeeded'
        ? { status: 'succeeded', paymentId: id }
        : outcome === 'requires_action'
          ? { status: 'requires_action', paymentId: id, nextActionUrl: localAuthenticationPath(id) }
          : declined(outcome);
    const { [RETURN_URL_KEY]: returnUrl, ...metadata } = req.metadata;
    const now = Date.now();
    this.sql.exec(
      `INSERT INTO payments (id, idempotency_key, token, amount_cents, currency, description, metadata_json, return_url, status, needs_action, result_json, created_at, settled_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      req.idempotencyKey,
      req.token,
      req.amountCents,
      req.currency.toUpperCase(),
      req.description,
      JSON.stringify(metadata),
      returnUrl ?? null,
      result.status,
      outcome === 'requires_action' ? 1 : 0,
      JSON.stringify(result),
      now,
      outcome === 'requires_action' ? null : now,
    );
    return result;
  }

  payment(paymentId: string): LocalPayment | null {
    const row = this.sql.exec<PaymentRow>('SELECT * FROM payments WHERE id = ?', paymentId).toArray()[0];
    return row === undefined ? null : paymentOf(row);
  }

  /**
   * The shopper completes (or fails) the authentication step of a payment waiting for it. Only the
   * first answer counts; one after the store's window for it (`metadata.authenticateBefore`) is
   * refused as `expired`. The payment as it then stands is returned every time (null when unknown).
   */
  authenticate(paymentId: string, approved: boolean, now = Date.now()): LocalPayment | null {
    const waiting = this.payment(paymentId);
    if (waiting === null || waiting.status !== 'requires_action') return waiting;
    const before = Number(waiting.metadata.authenticateBefore ?? Number.POSITIVE_INFINITY);
    const status: LocalPaymentStatus = now >= before ? 'expired' : approved ? 'succeeded' : 'declined';
    this.sql.exec(
      "UPDATE payments SET status = ?, settled_at = ? WHERE id = ? AND status = 'requires_action'",
      status,
      now,
      paymentId,
    );
    return this.payment(paymentId);
  }

  /**
   * Development's early end of payment windows (src/routes/pages/dev-payment-windows.ts): the store's payments
   * waiting for authentication whose window ends within `ms` have it moved `ms` earlier, as if that time had
   * passed, so a late answer is refused as `expired` and the bank's page says the time ran out.
   */
  endWindowsEarly(websiteId: string, ms: number, now = Date.now()): number {
    let moved = 0;
    const waiting = this.sql
      .exec<{ id: string; metadata_json: string }>(
        "SELECT id, metadata_json FROM payments WHERE status = 'requires_action'",
      )
      .toArray();
    for (const row of waiting) {
      const metadata = JSON.parse(row.metadata_json) as Record<string, string>;
      const before = Number(metadata.authenticateBefore);
      if (metadata.websiteId !== websiteId || !Number.isFinite(before) || before > now + ms) continue;
      const earlier = JSON.stringify({ ...metadata, authenticateBefore: String(before - ms) });
      this.sql.exec('UPDATE payments SET metadata_json = ? WHERE id = ?', earlier, row.id);
      moved++;
    }
    return moved;
  }

  /** The store gives up a payment waiting for authentication, as Stripe's cancel does; cancelling it again is a success. */
  cancel(paymentId: string, _idempotencyKey: string, now = Date.now()): CancelResult {
    const payment = this.payment(paymentId);
    if (payment === null) return refused('not-found', REFUND_MESSAGES['not-found']);
    if (payment.status === 'canceled') return { ok: true, value: null };
    if (payment.status !== 'requires_action')
      return refused('not-cancellable', `This payment cannot be cancelled: it is ${payment.status}.`);
    this.sql.exec("UPDATE payments SET status = 'canceled', settled_at = ? WHERE id = ?", now, paymentId);
    return { ok: true, value: null };
  }

  refund(paymentId: string, amountCents: number, idempotencyKey: string): RefundResult {
    const first = this.sql
      .exec<{ result_json: string }>('SELECT result_json FROM refunds WHERE idempotency_key = ?', idempotencyKey)
      .toArray()[0];
    if (first !== undefined) return JSON.parse(first.result_json) as RefundResult;
    const payment = this.payment(paymentId);
    const result = refundResult(payment, amountCents);
    if (result.ok)
      this.sql.exec('UPDATE payments SET refunded_cents = refunded_cents + ? WHERE id = ?', amountCents, paymentId);
    this.sql.exec(
      'INSERT INTO refunds (idempotency_key, payment_id, amount_cents, result_json) VALUES (?, ?, ?, ?)',
      idempotencyKey,
      paymentId,
      amountCents,
      JSON.stringify(result),
    );
    return result;
  }

  /** How much money the ledger has taken: payments that succeeded, and their total. */
  captured(): { count: number; amountCents: number; refundedCents: number } {
    return this.sql
      .exec<{ count: number; amountCents: number; refundedCents: number }>(
        "SELECT COUNT(*) AS count, COALESCE(SUM(amount_cents), 0) AS amountCents, COALESCE(SUM(refunded_cents), 0) AS refundedCents FROM payments WHERE status = 'succeeded'",
      )
      .one();
  }

  /** The secret local webhooks are signed with, made on first use. */
  webhookSecret(): string {
    const stored = this.sql.exec<{ value: string }>("SELECT value FROM secrets WHERE name = 'webhook'").toArray()[0];
    if (stored !== undefined) return stored.value;
    const secret = `whsec_local_${randomHex(24)}`;
    this.sql.exec("INSERT INTO secrets (name, value) VALUES ('webhook', ?)", secret);
    return secret;
  }
}

function paymentOf(row: PaymentRow): LocalPayment {
  return {
    id: row.id,
    status: row.status as LocalPaymentStatus,
    authenticated: row.needs_action === 1,
    amountCents: row.amount_cents,
    currency: row.currency,
    description: row.description,
    metadata: JSON.parse(row.metadata_json) as Record<string, string>,
    returnUrl: row.return_url,
    refundedCents: row.refunded_cents,
    settledAt: row.settled_at,
  };
}

function refundResult(payment: LocalPayment | null, amountCents: number): RefundResult {
  if (payment === null) return refused('not-found', REFUND_MESSAGES['not-found']);
  if (payment.status !== 'succeeded') return refused('not-taken', REFUND_MESSAGES['not-taken']);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return refused('invalid-amount', REFUND_MESSAGES['invalid-amount']);
  if (amountCents > payment.amountCents - payment.refundedCents)
    return refused('over-refund', REFUND_MESSAGES['over-refund']);
  return { ok: true, value: null };
}
