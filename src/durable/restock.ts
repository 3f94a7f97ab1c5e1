/**
 * Restock sign-ups for one website (SQLite): one row per product, variant and email (signing up
 * twice changes nothing), listed by cursor (keyset pagination, so new sign-ups never shift a page).
 * Sending queues one outbox message per pending sign-up (unique per sign-up: sending twice never
 * emails twice) and marks it notified; the alarm delivers the outbox and retries failures.
 */
import { DurableObject } from 'cloudflare:workers';
import { remoteEmailSender, type EmailMessage } from '../integrations/email';

const PAGE_SIZE = 50;
const RETRY_MS = 60_000;

export interface SignUpRequest {
  productId: string;
  variantId: string;
  email: string;
  joinMailingList: boolean;
  language: string | null;
  productTitle: string;
}

export interface SignUp {
  id: number;
  productId: string;
  variantId: string;
  siteVisitorEmail: string;
  isJoinMailingList: boolean;
  language: string | null;
  createdOn: number;
  notifiedOn: number | null;
}

export interface SignUpGroup {
  productId: string;
  variantId: string;
  productTitle: string;
  pendingCount: number;
  totalCount: number;
}

interface Page<K extends string, T> {
  hasNextPage: boolean;
  nextPageCursor: string | null;
  items: Record<K, T[]>;
}

interface SignUpRow extends Record<string, SqlStorageValue> {
  id: number;
  product_id: string;
  variant_id: string;
  email: string;
  join_mailing_list: number;
  language: string | null;
  created_at: number;
  notified_at: number | null;
}

export class RestockSignups extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS signups (id INTEGER PRIMARY KEY AUTOINCREMENT, product_id TEXT NOT NULL, variant_id TEXT NOT NULL,
        product_title TEXT NOT NULL, email TEXT NOT NULL COLLATE NOCASE, join_mailing_list INTEGER NOT NULL, language TEXT,
        created_at INTEGER NOT NULL, notified_at INTEGER, UNIQUE (product_id, variant_id, email))`,
    );
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, signup_id INTEGER NOT NULL UNIQUE, recipient TEXT NOT NULL,
        subject TEXT NOT NULL, body TEXT NOT NULL, queued_at INTEGER NOT NULL, sent_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0)`,
    );
    this.sql.exec('CREATE TABLE IF NOT EXISTS local_mailbox (id INTEGER PRIMARY KEY AUTOINCREMENT, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, sent_at INTEGER NOT NULL)');
  }

  /** Signs up once; a repeat keeps the first sign-up (and re-arms it if it was already notified). */
  signUp(request: SignUpRequest): { created: boolean } {
    const inserted = this.sql
      .exec(
        `INSERT INTO signups (product_id, variant_id, product_title, email, join_mailing_list, language, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (product_id, variant_id, email) DO NOTHING RETURNING id`,
        request.productId,
        request.variantId,
        request.productTitle,
        request.email,
        request.joinMailingList ? 1 : 0,
        request.language,
        Date.now(),
      )
      .toArray();
    if (inserted.length === 0) {
      this.sql.exec('UPDATE signups SET notified_at = NULL WHERE product_id = ? AND variant_id = ? AND email = ?', request.productId, request.variantId, request.email);
    }
    return { created: inserted.length > 0 };
  }

  /** Products and variants with sign-ups, ordered by product then variant; the cursor is the last group's key. */
  groups(cursor: string | null): Page<'signUpGroups', SignUpGroup> {
    const [product = '', variant = ''] = cursor === null ? [] : cursor.split('\u0000');
    const rows = this.sql
      .exec<{ product_id: string; variant_id: string; product_title: string; pending: number; total: number }>(
        `SELECT product_id, variant_id, MAX(product_title) AS product_title, SUM(notified_at IS NULL) AS pending, COUNT(*) AS total
         FROM signups WHERE (product_id, variant_id) > (?, ?) GROUP BY product_id, variant_id ORDER BY product_id, variant_id LIMIT ?`,
        product,
        variant,
        PAGE_SIZE + 1,
      )
      .toArray();
    const page = rows.slice(0, PAGE_SIZE);
    const last = page[page.length - 1];
    const hasNextPage = rows.length > PAGE_SIZE;
    return {
      hasNextPage,
      nextPageCursor: hasNextPage && last !== undefined ? `${last.product_id}\u0000${last.variant_id}` : null,
      items: {
        signUpGroups: page.map((r) => ({ productId: r.product_id, variantId: r.variant_id, productTitle: r.product_title, pendingCount: r.pending, totalCount: r.total })),
      },
    };
  }

  /** A variant's sign-ups, oldest first; the cursor is the last id seen. */
  signUps(productId: string, variantId: string, cursor: number | null): Page<'signUps', SignUp> {
    const rows = this.sql
      .exec<SignUpRow>('SELECT * FROM signups WHERE product_id = ? AND variant_id = ? AND id > ? ORDER BY id LIMIT ?', productId, variantId, cursor ?? 0, PAGE_SIZE + 1)
      .toArray();
    const page = rows.slice(0, PAGE_SIZE);
    const hasNextPage = rows.length > PAGE_SIZE;
    return {
      hasNextPage,
      nextPageCursor: hasNextPage ? String(page[page.length - 1]?.id) : null,
      items: {
        signUps: page.map((r) => ({
          id: r.id,
          productId: r.product_id,
          variantId: r.variant_id,
          siteVisitorEmail: r.email,
          isJoinMailingList: r.join_mailing_list === 1,
          language: r.language,
          createdOn: r.created_at,
          notifiedOn: r.notified_at,
        })),
      },
    };
  }

  /** Queues the back-in-stock email for every pending sign-up of a variant; returns how many were queued. */
  async send(productId: string, variantId: string, productUrl: string): Promise<{ queued: number }> {
    const now = Date.now();
    const pending = this.sql
      .exec<{ id: number; email: string; product_title: string }>(
        'SELECT id, email, product_title FROM signups WHERE product_id = ? AND variant_id = ? AND notified_at IS NULL',
        productId,
        variantId,
      )
      .toArray();
    for (const signUp of pending) {
      this.sql.exec(
        'INSERT INTO outbox (signup_id, recipient, subject, body, queued_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (signup_id) DO NOTHING',
        signUp.id,
        signUp.email,
        `${signUp.product_title} is back in stock`,
        `Good news: ${signUp.product_title} is back in stock.\n\n${productUrl}\n`,
        now,
      );
      this.sql.exec('UPDATE signups SET notified_at = ? WHERE id = ?', now, signUp.id);
    }
    if (pending.length > 0) await this.ctx.storage.setAlarm(now);
    return { queued: pending.length };
  }

  /** Messages the local email implementation delivered (dev and tests). */
  mailbox(): EmailMessage[] {
    return this.sql.exec<{ recipient: string; subject: string; body: string }>('SELECT recipient, subject, body FROM local_mailbox ORDER BY id').toArray().map((r) => ({ to: r.recipient, subject: r.subject, text: r.body }));
  }

  outboxPending(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL').one().n;
  }

  override async alarm(): Promise<void> {
    const sender = remoteEmailSender(this.env);
    const due = this.sql.exec<{ id: number; recipient: string; subject: string; body: string }>('SELECT id, recipient, subject, body FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 100').toArray();
    let failed = false;
    for (const message of due) {
      try {
        const email = { to: message.recipient, subject: message.subject, text: message.body };
        if (sender === null) this.sql.exec('INSERT INTO local_mailbox (recipient, subject, body, sent_at) VALUES (?, ?, ?, ?)', email.to, email.subject, email.text, Date.now());
        else await sender.send(email);
        this.sql.exec('UPDATE outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?', Date.now(), message.id);
      } catch (error) {
        console.error('restock email failed', error);
        this.sql.exec('UPDATE outbox SET attempts = attempts + 1 WHERE id = ?', message.id);
        failed = true;
      }
    }
    if (failed || this.outboxPending() > 0) await this.ctx.storage.setAlarm(Date.now() + (failed ? RETRY_MS : 0));
  }
}
