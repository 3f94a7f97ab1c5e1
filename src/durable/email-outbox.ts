/**
 * An email outbox inside a Durable Object's SQLite: a message is queued in the same step as the
 * change it tells about, under the key of the event it tells about, so one event is queued once
 * however often the change is retried. The object's alarm (and, given `sendSoon`, the queueing itself) delivers due messages through the email
 * integration with the message's key as the provider's idempotency key, so a send whose answer was
 * lost and is retried is not delivered twice.
 *
 * A failed send is retried with exponential back-off (RETRY_BASE_MS doubling up to RETRY_MAX_MS);
 * after MAX_ATTEMPTS it is parked with its last error for the merchant to see and retry. Delivered
 * messages keep their row (the key stays taken, the text is dropped) for KEEP_SENT_MS. With the local implementation
 * (development and tests) a delivered message is recorded in the object's own mailbox table.
 */
import type { ParkedEmail } from '../api/merchant';
import { emailSender, type EmailMessage, type EmailSender } from '../integrations/email';
import { addColumn, columnsOf, type Migration } from './migrations';

const BATCH = 50;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** About four hours of an unreachable provider (30 s, 1, 2, 4, 8, 16, 32 min, then hourly). */
export const MAX_ATTEMPTS = 11;
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;

/** A message the local implementation delivered, as the development mailbox lists it. */
export interface LocalMail extends EmailMessage {
  id: number;
  sentAt: number;
}

/** How many of an object's locally delivered messages the development mailbox reads. */
export const LOCAL_MAIL_SHOWN = 100;

/** The merchant API answers these as they are (src/api/merchant.ts). */
export type { ParkedEmail };

/** When the attempt after `attempts` failed ones is due. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

const listOrNull = (list: readonly string[] | undefined) =>
  list === undefined || list.length === 0 ? null : JSON.stringify(list);

function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}

/** The outbox's tables, a part of the schema of each object that keeps one (durable/migrations.ts). */
export const EMAIL_OUTBOX_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS email_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, event_key TEXT NOT NULL UNIQUE, recipient TEXT NOT NULL,
    subject TEXT NOT NULL, body TEXT NOT NULL, queued_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL,
    last_error TEXT, sent_at INTEGER, parked_at INTEGER);
  CREATE INDEX IF NOT EXISTS email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL AND parked_at IS NULL;
  CREATE TABLE IF NOT EXISTS local_mailbox (id INTEGER PRIMARY KEY AUTOINCREMENT, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, sent_at INTEGER NOT NULL)`,
  (sql) => {
    addColumn(sql, 'local_mailbox', 'idempotency_key', 'TEXT');
    sql.exec('CREATE UNIQUE INDEX IF NOT EXISTS local_mailbox_key ON local_mailbox (idempotency_key)');
  },
  adoptLegacyOutbox,
  // The language a message is written in, so the development mailbox shows it as that language (`<html lang>`).
  (sql) => {
    addColumn(sql, 'email_outbox', 'lang', 'TEXT');
    addColumn(sql, 'local_mailbox', 'lang', 'TEXT');
  },
  // Copies (the merchant's email to a customer): the addresses as JSON lists; a local copy is a row of its own.
  (sql) => {
    addColumn(sql, 'email_outbox', 'cc', 'TEXT');
    addColumn(sql, 'email_outbox', 'bcc', 'TEXT');
    addColumn(sql, 'local_mailbox', 'cc', 'TEXT');
  },
];

/** Moves messages of the outbox tables written before this one (no event keys) into it. */
function adoptLegacyOutbox(sql: SqlStorage): void {
  const columns = columnsOf(sql, 'outbox');
  if (columns.length === 0) return;
  const key = columns.includes('signup_id')
    ? `'restock:' || signup_id || ':' || ${columns.includes('round') ? 'round' : '0'}`
    : `'legacy:' || id`;
  const unsent = columns.includes('sent_at') ? 'WHERE sent_at IS NULL' : '';
  const queued = columns.includes('queued_at') ? 'queued_at' : '0';
  sql.exec(
    `INSERT INTO email_outbox (event_key, recipient, subject, body, queued_at, attempts, next_attempt_at)
     SELECT ${key}, recipient, subject, body, ${queued}, attempts, 0 FROM outbox ${unsent} ON CONFLICT (event_key) DO NOTHING`,
  );
  sql.exec('DROP TABLE outbox');
}

export class EmailOutbox {
  constructor(
    private readonly sql: SqlStorage,
    private readonly env: Env,
    /** Makes the provider's idempotency keys unique across objects (e.g. the website id and the object's kind). */
    private readonly keyPrefix: string,
    /**
     * Given (the object's `ctx.waitUntil`), a queued message is sent as soon as the step that queued it ends, not by
     * the object's alarm alone: a failed alarm run is retried by the runtime after a back-off that setting the alarm
     * again does not shorten. The alarm still retries a send that fails.
     */
    private readonly sendSoon?: (delivery: Promise<unknown>) => void,
  ) {}

  /** Deliveries one after another, so a message is never being sent by two of them at once. */
  private delivering: Promise<unknown> = Promise.resolve();

  /** Queues `message` for the event `eventKey`; false when that event's message was queued before. */
  queue(message: EmailMessage, eventKey: string, now = Date.now()): boolean {
    const inserted = this.sql
      .exec(
        'INSERT INTO email_outbox (event_key, recipient, subject, body, lang, cc, bcc, queued_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_key) DO NOTHING RETURNING id',
        eventKey,
        message.to,
        message.subject,
        message.text,
        message.lang ?? null,
        listOrNull(message.cc),
        listOrNull(message.bcc),
        now,
        now,
      )
      .toArray();
    const id = inserted[0]?.id;
    // Delivered after this synchronous step (a transaction's rollback included), in its own turn of the queue, if it
    // is due by then (`now` may be a later send date, as a gift card's).
    if (id !== undefined) this.sendSoon?.(this.deliver(Date.now(), Number(id)));
    return id !== undefined;
  }

  /** Messages waiting to be sent (parked ones not counted). */
  pending(): number {
    return this.sql
      .exec<{ n: number }>('SELECT COUNT(*) AS n FROM email_outbox WHERE sent_at IS NULL AND parked_at IS NULL')
      .one().n;
  }

  /** When the next delivery attempt is due, or null when nothing waits. */
  nextAttemptAt(): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        'SELECT MIN(next_attempt_at) AS at FROM email_outbox WHERE sent_at IS NULL AND parked_at IS NULL',
      )
      .one().at;
  }

  /**
   * The local implementation: like a real provider it delivers a key once, however often it is sent; each copy (CC,
   * BCC) lands in its recipient's mailbox as a row of its own, showing the CC list but never the BCC one.
   */
  private localMailbox(): EmailSender {
    return {
      send: async (message, idempotencyKey) => {
        const copies = [...(message.cc ?? []), ...(message.bcc ?? [])];
        for (const recipient of [message.to, ...copies])
          this.sql.exec(
            'INSERT INTO local_mailbox (recipient, subject, body, lang, cc, sent_at, idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING',
            recipient,
            message.subject,
            message.text,
            message.lang ?? null,
            listOrNull(message.cc),
            Date.now(),
            recipient === message.to ? idempotencyKey : `${idempotencyKey}#${recipient}`,
          );
      },
    };
  }

  /**
   * Sends the messages due at `now` (only message `id` when given, if it waits); true when every one of them went. A
   * failure is retried later (nextAttemptAt), or parked once it has failed MAX_ATTEMPTS times.
   */
  deliver(now = Date.now(), id?: number): Promise<boolean> {
    const run = this.delivering.then(() => this.deliverDue(now, id));
    this.delivering = run.catch(() => undefined);
    return run;
  }

  private async deliverDue(now: number, id: number | undefined): Promise<boolean> {
    // Swept by the runs over every due message (the alarm's), not by each message's own delivery: a table scan.
    if (id === undefined) this.sql.exec('DELETE FROM email_outbox WHERE sent_at < ?', now - KEEP_SENT_MS);
    let sender: EmailSender | null = null;
    let configurationError: unknown = null;
    try {
      sender = emailSender(this.env, this.localMailbox());
    } catch (error) {
      configurationError = error;
    }
    const due = this.sql
      .exec<{
        id: number;
        event_key: string;
        recipient: string;
        subject: string;
        body: string;
        lang: string | null;
        cc: string | null;
        bcc: string | null;
        attempts: number;
      }>(
        `SELECT id, event_key, recipient, subject, body, lang, cc, bcc, attempts FROM email_outbox WHERE sent_at IS NULL AND parked_at IS NULL AND next_attempt_at <= ?${id === undefined ? '' : ' AND id = ?'} ORDER BY next_attempt_at, id LIMIT ?`,
        ...(id === undefined ? [now, BATCH] : [now, id, BATCH]),
      )
      .toArray();
    let delivered = true;
    for (const row of due) {
      try {
        if (sender === null) throw configurationError;
        await sender.send(
          {
            to: row.recipient,
            subject: row.subject,
            text: row.body,
            ...(row.lang === null ? {} : { lang: row.lang }),
            ...(row.cc === null ? {} : { cc: JSON.parse(row.cc) as string[] }),
            ...(row.bcc === null ? {} : { bcc: JSON.parse(row.bcc) as string[] }),
          },
          `${this.keyPrefix}:${row.event_key}`,
        );
        // The row keeps the event's key, not the text: a sent message's links (a password reset's) are not kept at rest.
        this.sql.exec(
          "UPDATE email_outbox SET sent_at = ?, last_error = NULL, body = '' WHERE id = ?",
          Date.now(),
          row.id,
        );
      } catch (error) {
        console.error('email not sent', error);
        const attempts = row.attempts + 1;
        const parked = attempts >= MAX_ATTEMPTS ? now : null;
        this.sql.exec(
          'UPDATE email_outbox SET attempts = ?, last_error = ?, next_attempt_at = ?, parked_at = ? WHERE id = ?',
          attempts,
          errorText(error),
          now + retryDelay(attempts),
          parked,
          row.id,
        );
        delivered = false;
      }
    }
    return delivered;
  }

  /** Messages that failed MAX_ATTEMPTS times, newest first, with their last error. */
  parked(): ParkedEmail[] {
    return this.sql
      .exec<{
        id: number;
        recipient: string;
        subject: string;
        attempts: number;
        last_error: string | null;
        queued_at: number;
        parked_at: number;
      }>(
        'SELECT id, recipient, subject, attempts, last_error, queued_at, parked_at FROM email_outbox WHERE parked_at IS NOT NULL ORDER BY parked_at DESC, id DESC LIMIT 100',
      )
      .toArray()
      .map((r) => ({
        id: r.id,
        to: r.recipient,
        subject: r.subject,
        attempts: r.attempts,
        lastError: r.last_error ?? '',
        queuedAt: r.queued_at,
        parkedAt: r.parked_at,
      }));
  }

  /** Puts a parked message back in line, due now, with its attempts counted afresh; false when there is none. */
  retryParked(id: number, now = Date.now()): boolean {
    return (
      this.sql
        .exec(
          'UPDATE email_outbox SET parked_at = NULL, attempts = 0, next_attempt_at = ? WHERE id = ? AND parked_at IS NOT NULL RETURNING id',
          now,
          id,
        )
        .toArray().length > 0
    );
  }

  /** The messages queued under events whose key starts with `prefix` for `recipient`, newest first (at most `limit`). */
  queuedFor(
    prefix: string,
    recipient: string,
    limit: number,
  ): { subject: string; queuedAt: number; sentAt: number | null }[] {
    return this.sql
      .exec<{ subject: string; queued_at: number; sent_at: number | null }>(
        'SELECT subject, queued_at, sent_at FROM email_outbox WHERE recipient = ? AND substr(event_key, 1, ?) = ? ORDER BY id DESC LIMIT ?',
        recipient,
        prefix.length,
        prefix,
        limit,
      )
      .toArray()
      .map((r) => ({ subject: r.subject, queuedAt: r.queued_at, sentAt: r.sent_at }));
  }

  /** How many messages were queued under events whose key starts with `prefix` since `since`. */
  queuedSince(prefix: string, since: number): number {
    return this.sql
      .exec<{ n: number }>(
        'SELECT COUNT(*) AS n FROM email_outbox WHERE queued_at >= ? AND substr(event_key, 1, ?) = ?',
        since,
        prefix.length,
        prefix,
      )
      .one().n;
  }

  /** The newest messages the local implementation delivered, newest first (the development mailbox). */
  localMail(limit = LOCAL_MAIL_SHOWN): LocalMail[] {
    return this.sql
      .exec<{
        id: number;
        recipient: string;
        subject: string;
        body: string;
        lang: string | null;
        cc: string | null;
        sent_at: number;
      }>('SELECT id, recipient, subject, body, lang, cc, sent_at FROM local_mailbox ORDER BY id DESC LIMIT ?', limit)
      .toArray()
      .map((r) => ({
        id: r.id,
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        ...(r.lang === null ? {} : { lang: r.lang }),
        ...(r.cc === null ? {} : { cc: JSON.parse(r.cc) as string[] }),
        sentAt: r.sent_at,
      }));
  }

  /** What the local implementation delivered (development and tests). */
  mailbox(): EmailMessage[] {
    return this.sql
      .exec<{ recipient: string; subject: string; body: string }>(
        'SELECT recipient, subject, body FROM local_mailbox ORDER BY id',
      )
      .toArray()
      .map((r) => ({ to: r.recipient, subject: r.subject, text: r.body }));
  }
}
