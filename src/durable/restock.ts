/**
 * Restock sign-ups for one website (SQLite): one row per product, variant and email (signing up
 * twice changes nothing), listed by cursor (keyset pagination, so new sign-ups never shift a page).
 * Sending queues one outbox message per pending sign-up and marks it notified; the alarm delivers
 * the outbox and retries failures. A sign-up's `round` counts its notifications: signing up again
 * after being notified starts a new round, and the outbox holds at most one message per sign-up and
 * round (its event key in the shared EmailOutbox), so every round is emailed exactly once however
 * often `send` runs. Besides the merchant's send, the stock ledger (src/durable/stock.ts) calls
 * `backInStock` when a sku's available count goes from 0 to more (a merchant's change, a restocked
 * order, a released or lapsed reservation): each sign-up keeps its variant's sku and product address.
 *
 * Storage is bounded, since any visitor can sign up: at most MAX_SIGNUPS sign-ups per website (a
 * new one past that replaces the oldest notified one, or is refused while all are pending), and a
 * delivered message leaves the outbox after 30 days (src/durable/email-outbox.ts).
 */
import { DurableObject } from 'cloudflare:workers';
import type { EmailMessage } from '../integrations/email';
import { EMAIL_OUTBOX_MIGRATIONS, EmailOutbox, type ParkedEmail } from './email-outbox';
import { addColumn, columnsOf, migrate, type Migration } from './migrations';

const PAGE_SIZE = 50;
/** Sign-ups per website: each row is under 1 KiB (ids of 64, emails of 256 characters), so under 20 MiB. */
export const MAX_SIGNUPS = 20_000;

export interface SignUpRequest {
  productId: string;
  variantId: string;
  email: string;
  joinMailingList: boolean;
  language: string | null;
  productTitle: string;
  /** The variant's sku and the product page's address, for `backInStock` (absent: only the merchant's send emails it). */
  sku?: string;
  productUrl?: string;
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

interface PendingRow extends Record<string, SqlStorageValue> {
  id: number;
  round: number;
  email: string;
  product_title: string;
  product_url: string | null;
}

const RESTOCK_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS signups (id INTEGER PRIMARY KEY AUTOINCREMENT, product_id TEXT NOT NULL, variant_id TEXT NOT NULL,
    product_title TEXT NOT NULL, email TEXT NOT NULL COLLATE NOCASE, join_mailing_list INTEGER NOT NULL, language TEXT,
    created_at INTEGER NOT NULL, notified_at INTEGER, round INTEGER NOT NULL DEFAULT 0, UNIQUE (product_id, variant_id, email))`,
  addRounds,
  (sql) => {
    addColumn(sql, 'signups', 'sku', 'TEXT');
    addColumn(sql, 'signups', 'product_url', 'TEXT');
    sql.exec('CREATE INDEX IF NOT EXISTS signups_by_sku ON signups (sku) WHERE notified_at IS NULL');
  },
];

/**
 * Storage written before notification rounds: gives sign-ups their round; sign-ups that had their
 * one message and signed up again wait for round 1.
 */
function addRounds(sql: SqlStorage): void {
  if (columnsOf(sql, 'signups').includes('round')) return;
  sql.exec('ALTER TABLE signups ADD COLUMN round INTEGER NOT NULL DEFAULT 0');
  if (columnsOf(sql, 'outbox').includes('signup_id'))
    sql.exec('UPDATE signups SET round = 1 WHERE notified_at IS NULL AND id IN (SELECT signup_id FROM outbox)');
}

export class RestockSignups extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly outbox: EmailOutbox;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // Its own part first: giving old sign-ups their rounds reads the outbox table the email outbox's part then adopts.
    migrate(ctx.storage, { restock: RESTOCK_MIGRATIONS, 'email-outbox': EMAIL_OUTBOX_MIGRATIONS });
    this.outbox = new EmailOutbox(this.sql, env, `restock-${ctx.id.toString()}`);
  }

  /**
   * Signs up once; a repeat keeps the first sign-up (and starts a new round if it was already
   * notified). `full` when the website has MAX_SIGNUPS sign-ups and none of them was notified yet.
   */
  signUp(request: SignUpRequest): { created: boolean } | { full: true } {
    const [inserted] = this.sql
      .exec<{ id: number }>(
        `INSERT INTO signups (product_id, variant_id, product_title, email, join_mailing_list, language, created_at, sku, product_url)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (product_id, variant_id, email) DO NOTHING RETURNING id`,
        request.productId,
        request.variantId,
        request.productTitle,
        request.email,
        request.joinMailingList ? 1 : 0,
        request.language,
        Date.now(),
        request.sku ?? null,
        request.productUrl ?? null,
      )
      .toArray();
    if (inserted === undefined) {
      this.sql.exec(
        'UPDATE signups SET notified_at = NULL, round = round + 1 WHERE product_id = ? AND variant_id = ? AND email = ? AND notified_at IS NOT NULL',
        request.productId,
        request.variantId,
        request.email,
      );
      if (request.sku !== undefined) {
        this.sql.exec(
          'UPDATE signups SET sku = ?, product_url = ? WHERE product_id = ? AND variant_id = ? AND email = ?',
          request.sku,
          request.productUrl ?? null,
          request.productId,
          request.variantId,
          request.email,
        );
      }
      return { created: false };
    }
    return this.makeRoom() ? { created: true } : this.refuse(inserted.id);
  }

  /** Past MAX_SIGNUPS, drops the oldest notified sign-up; false when every sign-up is still pending. */
  private makeRoom(): boolean {
    if (this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM signups').one().n <= MAX_SIGNUPS) return true;
    return (
      this.sql
        .exec(
          'DELETE FROM signups WHERE id = (SELECT id FROM signups WHERE notified_at IS NOT NULL ORDER BY notified_at, id LIMIT 1) RETURNING id',
        )
        .toArray().length > 0
    );
  }

  private refuse(signUpId: number): { full: true } {
    this.sql.exec('DELETE FROM signups WHERE id = ?', signUpId);
    return { full: true };
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
        signUpGroups: page.map((r) => ({
          productId: r.product_id,
          variantId: r.variant_id,
          productTitle: r.product_title,
          pendingCount: r.pending,
          totalCount: r.total,
        })),
      },
    };
  }

  /** A variant's sign-ups, oldest first; the cursor is the last id seen. */
  signUps(productId: string, variantId: string, cursor: number | null): Page<'signUps', SignUp> {
    const rows = this.sql
      .exec<SignUpRow>(
        'SELECT * FROM signups WHERE product_id = ? AND variant_id = ? AND id > ? ORDER BY id LIMIT ?',
        productId,
        variantId,
        cursor ?? 0,
        PAGE_SIZE + 1,
      )
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
    const pending = this.sql
      .exec<PendingRow>(
        'SELECT id, round, email, product_title, product_url FROM signups WHERE product_id = ? AND variant_id = ? AND notified_at IS NULL',
        productId,
        variantId,
      )
      .toArray();
    return this.notify(pending.map((row) => ({ ...row, product_url: productUrl })));
  }

  /** The stock ledger's call: `skus` came back in stock (available went from 0 to more); emails their pending sign-ups. */
  async backInStock(skus: readonly string[]): Promise<{ queued: number }> {
    const pending = skus.flatMap((sku) =>
      this.sql
        .exec<PendingRow>(
          'SELECT id, round, email, product_title, product_url FROM signups WHERE sku = ? AND notified_at IS NULL',
          sku,
        )
        .toArray(),
    );
    return this.notify(pending.filter((row) => row.product_url !== null));
  }

  private async notify(pending: readonly PendingRow[]): Promise<{ queued: number }> {
    const now = Date.now();
    for (const signUp of pending) {
      const message = {
        to: signUp.email,
        subject: `${signUp.product_title} is back in stock`,
        text: `Good news: ${signUp.product_title} is back in stock.\n\n${signUp.product_url}\n`,
      };
      this.outbox.queue(message, `restock:${signUp.id}:${signUp.round}`, now);
      this.sql.exec('UPDATE signups SET notified_at = ? WHERE id = ?', now, signUp.id);
    }
    if (pending.length > 0) await this.ctx.storage.setAlarm(now);
    return { queued: pending.length };
  }

  /** Messages the local email implementation delivered (dev and tests). */
  mailbox(): EmailMessage[] {
    return this.outbox.mailbox();
  }

  /** The newest messages the local email implementation delivered (the development mailbox, /dev/mailbox). */
  localMail() {
    return this.outbox.localMail();
  }

  outboxPending(): number {
    return this.outbox.pending();
  }

  /** Emails that could not be sent after every retry, for the merchant. */
  parkedEmails(): ParkedEmail[] {
    return this.outbox.parked();
  }

  async retryParkedEmail(id: number): Promise<boolean> {
    const retried = this.outbox.retryParked(id);
    if (retried) await this.ctx.storage.setAlarm(Date.now());
    return retried;
  }

  override async alarm(): Promise<void> {
    await this.outbox.deliver();
    const next = this.outbox.nextAttemptAt();
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }
}
