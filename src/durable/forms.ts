/**
 * Form submission keys and saved submissions for one website (SQLite). A key is single-use and
 * expires; using it and saving the submission is one synchronous step, so two requests with one
 * key can never both be saved. An alarm removes expired keys.
 *
 * Storage is bounded, since any visitor can write to it: at most MAX_LIVE_KEYS keys (issuing one
 * more drops the oldest; a visitor asks for a key just before submitting, so only a flood of keys
 * within that moment could cost one) and the newest MAX_SUBMISSIONS submissions of the website
 * (each at most the form body's 64 KiB, so under 640 MiB in all).
 *
 * A form may email the merchant about each new submission (its notification, set in the console):
 * the message is queued in the shared email outbox in the same step as the save, and the alarm
 * delivers it (and removes expired keys).
 *
 * A newsletter sign-up made while the store's mailing list is connected also adds its email to
 * that list's members (src/site/editor/mailing-list.ts), in the same step as the save: 'subscribed',
 * or 'pending' when the connection asks for double opt-in. An address is on a list once; at most
 * MAX_LIST_MEMBERS members are kept per website, and past that a sign-up is kept as a submission
 * only (no member is ever dropped for a visitor's write).
 *
 * Double opt-in: a pending member gets one confirmation email (queued in the outbox in the same step
 * as the save) with a single-use link; only the SHA-256 of its token is kept, one per member (so the
 * table is bounded like the members), valid CONFIRMATION_TTL_MS. Signing up again while the link is
 * live sends nothing; after it expired, a new link replaces it. Following the link marks the member
 * 'subscribed'; following it again answers the same (until the row is dropped KEEP_CONFIRMATION_MS later).
 */
import { DurableObject } from 'cloudflare:workers';
import type { StoredSubmission, Submission } from '../api/merchant';
import type { NotificationText } from '../forms/notification';
import type { EmailMessage } from '../integrations/email';
import { randomHex } from '../ids';
import { EMAIL_OUTBOX_MIGRATIONS, EmailOutbox } from './email-outbox';
import { migrate, type Migration } from './migrations';
import { refused, type Result } from '../result';

/** How long a submission key stays usable. */
export const KEY_TTL_MS = 60 * 60 * 1000;
const PAGE_SIZE = 50;
export const MAX_LIVE_KEYS = 10_000;
export const MAX_SUBMISSIONS = 10_000;
export const MAX_LIST_MEMBERS = 100_000;
/** How long a double opt-in confirmation link works. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Expired or used links are told apart from unknown ones this long after they expire. */
const KEEP_CONFIRMATION_MS = 30 * 24 * 60 * 60 * 1000;

/** A newsletter sign-up's copy into the connected mailing list. */
export interface ListMember {
  listId: string;
  email: string;
  status: 'subscribed' | 'pending';
}

/** A pending member's confirmation email, sent unless the member already has a live link. */
export interface ConfirmationRequest {
  /** SHA-256 (hex) of the link's token; the token itself is only in the message. */
  tokenHash: string;
  message: EmailMessage;
}

/** What following a confirmation link found. */
export type ConfirmationResult = 'confirmed' | 'expired' | 'unknown';

export interface StoredListMember extends ListMember {
  /** Which sign-up form it came from (a newsletter block's or the promo popup's id). */
  formId: string;
  addedAt: number;
}

/** The merchant API answers these as they are (src/api/merchant.ts). */
export type { StoredSubmission, Submission };

/** A submission saved: its id; refused `bad-key` when its key is unknown, used or expired (the route answers 401). */
export type SaveResult = Result<number, 'bad-key'>;

/** Where a form's new submissions are emailed; `enabled` off keeps the address for later. */
export interface FormNotification {
  enabled: boolean;
  recipient: string;
}

interface Row extends Record<string, SqlStorageValue> {
  id: number;
  form_id: string;
  values_json: string;
  page_id: string | null;
  page_title: string | null;
  page_path: string | null;
  content_source: string | null;
  submitted_at: number;
}

function toSubmission(row: Row): StoredSubmission {
  return {
    id: row.id,
    formId: row.form_id,
    values: row.values_json,
    pageId: row.page_id,
    pageTitle: row.page_title,
    pagePath: row.page_path,
    contentSource: row.content_source as Submission['contentSource'],
    submittedAt: row.submitted_at,
  };
}

const FORM_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS submission_keys (key TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS submissions (id INTEGER PRIMARY KEY AUTOINCREMENT, form_id TEXT NOT NULL, values_json TEXT NOT NULL,
    page_id TEXT, page_title TEXT, page_path TEXT, content_source TEXT, submitted_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS submissions_by_form ON submissions (form_id, id);
  CREATE TABLE IF NOT EXISTS form_notifications (form_id TEXT PRIMARY KEY, enabled INTEGER NOT NULL, recipient TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS list_members (id INTEGER PRIMARY KEY AUTOINCREMENT, list_id TEXT NOT NULL, email TEXT NOT NULL, status TEXT NOT NULL,
    form_id TEXT NOT NULL, added_at INTEGER NOT NULL, UNIQUE (list_id, email));
  CREATE TABLE IF NOT EXISTS list_confirmations (list_id TEXT NOT NULL, email TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
    expires_at INTEGER NOT NULL, confirmed_at INTEGER, PRIMARY KEY (list_id, email))`,
];

export class FormSubmissions extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly outbox: EmailOutbox;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, { forms: FORM_MIGRATIONS, 'email-outbox': EMAIL_OUTBOX_MIGRATIONS });
    this.outbox = new EmailOutbox(this.sql, env, `forms-${ctx.id.toString()}`);
  }

  async issueKey(): Promise<{ key: string; expiresAt: number }> {
    const key = randomHex(24);
    const expiresAt = Date.now() + KEY_TTL_MS;
    // Rowids only grow, so the keys issued MAX_LIVE_KEYS or more issues ago are a cheap range.
    const { rowid } = this.sql
      .exec<{ rowid: number }>(
        'INSERT INTO submission_keys (key, expires_at) VALUES (?, ?) RETURNING rowid',
        key,
        expiresAt,
      )
      .one();
    this.sql.exec('DELETE FROM submission_keys WHERE rowid <= ?', rowid - MAX_LIVE_KEYS);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(expiresAt);
    return { key, expiresAt };
  }

  /**
   * Uses the key and saves the submission together; refused when the key is unknown, used or
   * expired. When the form's notification is on, its email is queued in the same step, and so is a
   * pending member's confirmation email.
   */
  save(
    key: string,
    submission: Submission,
    notice: NotificationText | null = null,
    member: ListMember | null = null,
    confirmation: ConfirmationRequest | null = null,
  ): SaveResult {
    const used = this.sql
      .exec('DELETE FROM submission_keys WHERE key = ? AND expires_at > ? RETURNING key', key, Date.now())
      .toArray();
    if (used.length === 0) return refused('bad-key', 'The submission key is unknown, used or expired.');
    const row = this.sql
      .exec<{ id: number }>(
        `INSERT INTO submissions (form_id, values_json, page_id, page_title, page_path, content_source, submitted_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        submission.formId,
        submission.values,
        submission.pageId,
        submission.pageTitle,
        submission.pagePath,
        submission.contentSource,
        Date.now(),
      )
      .one();
    this.sql.exec('DELETE FROM submissions WHERE id <= ?', row.id - MAX_SUBMISSIONS);
    if (
      member !== null &&
      this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM list_members').one().n < MAX_LIST_MEMBERS
    ) {
      this.sql.exec(
        'INSERT INTO list_members (list_id, email, status, form_id, added_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (list_id, email) DO NOTHING',
        member.listId,
        member.email,
        member.status,
        submission.formId,
        Date.now(),
      );
    }
    const notification = this.notification(submission.formId);
    const notified =
      notice !== null &&
      notification?.enabled === true &&
      this.outbox.queue({ to: notification.recipient, ...notice }, `submission:${row.id}`);
    const confirming = member !== null && confirmation !== null && this.requestConfirmation(member, confirmation);
    // Not awaited: the object's output gate holds the reply until this storage write is durable.
    if (notified || confirming) void this.ctx.storage.setAlarm(Date.now());
    return { ok: true, value: row.id };
  }

  /** Queues the member's confirmation email when it is pending and has no live link; true when queued. */
  private requestConfirmation(member: ListMember, confirmation: ConfirmationRequest): boolean {
    const now = Date.now();
    const status = this.sql
      .exec<{ status: string }>(
        'SELECT status FROM list_members WHERE list_id = ? AND email = ?',
        member.listId,
        member.email,
      )
      .toArray()[0]?.status;
    if (status !== 'pending') return false;
    const live = this.sql
      .exec(
        'SELECT 1 FROM list_confirmations WHERE list_id = ? AND email = ? AND expires_at > ?',
        member.listId,
        member.email,
        now,
      )
      .toArray();
    if (live.length > 0) return false;
    this.sql.exec(
      `INSERT INTO list_confirmations (list_id, email, token_hash, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (list_id, email) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at, confirmed_at = NULL`,
      member.listId,
      member.email,
      confirmation.tokenHash,
      now + CONFIRMATION_TTL_MS,
    );
    return this.outbox.queue(confirmation.message, `list-confirmation:${confirmation.tokenHash}`);
  }

  /** Follows a confirmation link by its token's hash: the member becomes 'subscribed'; a second use finds it confirmed. */
  confirmMember(tokenHash: string): ConfirmationResult {
    const now = Date.now();
    const row = this.sql
      .exec<{ list_id: string; email: string; expires_at: number; confirmed_at: number | null }>(
        'SELECT list_id, email, expires_at, confirmed_at FROM list_confirmations WHERE token_hash = ?',
        tokenHash,
      )
      .toArray()[0];
    if (row === undefined) return 'unknown';
    if (row.confirmed_at !== null) return 'confirmed';
    if (row.expires_at <= now) return 'expired';
    this.sql.exec(
      "UPDATE list_members SET status = 'subscribed' WHERE list_id = ? AND email = ?",
      row.list_id,
      row.email,
    );
    this.sql.exec('UPDATE list_confirmations SET confirmed_at = ? WHERE token_hash = ?', now, tokenHash);
    return 'confirmed';
  }

  /** Subscribed mailing-list emails after `after` (lower-cased, in that order), at most `limit`: customers who never ordered. */
  subscriberEmails(after: string, limit: number): string[] {
    return this.sql
      .exec<{ email: string }>(
        "SELECT DISTINCT lower(email) AS email FROM list_members WHERE status = 'subscribed' AND lower(email) > ? ORDER BY 1 LIMIT ?",
        after,
        Math.min(limit, 1000),
      )
      .toArray()
      .map((row) => row.email);
  }

  /** Which of `emails` (lower-cased) are subscribed to a mailing list. */
  subscribersOf(emails: string[]): string[] {
    return this.sql
      .exec<{ email: string }>(
        "SELECT DISTINCT lower(email) AS email FROM list_members WHERE status = 'subscribed' AND lower(email) IN (SELECT value FROM json_each(?))",
        JSON.stringify(emails.slice(0, 500)),
      )
      .toArray()
      .map((row) => row.email);
  }

  notification(formId: string): FormNotification | null {
    const row = this.sql
      .exec<{ enabled: number; recipient: string }>(
        'SELECT enabled, recipient FROM form_notifications WHERE form_id = ?',
        formId,
      )
      .toArray()[0];
    return row === undefined ? null : { enabled: row.enabled === 1, recipient: row.recipient };
  }

  /** Every form's notification, by form id. */
  notifications(): Record<string, FormNotification> {
    const rows = this.sql
      .exec<{ form_id: string; enabled: number; recipient: string }>(
        'SELECT form_id, enabled, recipient FROM form_notifications',
      )
      .toArray();
    return Object.fromEntries(
      rows.map((row) => [row.form_id, { enabled: row.enabled === 1, recipient: row.recipient }]),
    );
  }

  setNotification(formId: string, notification: FormNotification): FormNotification {
    this.sql.exec(
      'INSERT INTO form_notifications (form_id, enabled, recipient) VALUES (?, ?, ?) ON CONFLICT (form_id) DO UPDATE SET enabled = excluded.enabled, recipient = excluded.recipient',
      formId,
      notification.enabled ? 1 : 0,
      notification.recipient,
    );
    return notification;
  }

  /** A form's submissions, newest first, `PAGE_SIZE` at a time; `cursor` is the last id seen. */
  list(
    formId: string,
    cursor: number | null,
  ): { submissions: StoredSubmission[]; hasNextPage: boolean; nextPageCursor: string | null } {
    const rows = this.sql
      .exec<Row>(
        'SELECT * FROM submissions WHERE form_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
        formId,
        cursor ?? Number.MAX_SAFE_INTEGER,
        PAGE_SIZE + 1,
      )
      .toArray();
    const page = rows.slice(0, PAGE_SIZE).map(toSubmission);
    const hasNextPage = rows.length > PAGE_SIZE;
    return { submissions: page, hasNextPage, nextPageCursor: hasNextPage ? String(page[page.length - 1]?.id) : null };
  }

  /** Every submission of a form, oldest first (the export: at most MAX_SUBMISSIONS rows). */
  all(formId: string): StoredSubmission[] {
    return this.sql
      .exec<Row>('SELECT * FROM submissions WHERE form_id = ? ORDER BY id', formId)
      .toArray()
      .map(toSubmission);
  }

  count(formId: string): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM submissions WHERE form_id = ?', formId).one().n;
  }

  /** Submissions per form id. */
  counts(): Record<string, number> {
    const rows = this.sql
      .exec<{ form_id: string; n: number }>('SELECT form_id, COUNT(*) AS n FROM submissions GROUP BY form_id')
      .toArray();
    return Object.fromEntries(rows.map((row) => [row.form_id, row.n]));
  }

  /** A list's members, newest first, `PAGE_SIZE` at a time; `cursor` is the last id seen. */
  members(
    listId: string,
    cursor: number | null,
  ): { members: StoredListMember[]; total: number; nextCursor: number | null } {
    const rows = this.sql
      .exec<{ id: number; list_id: string; email: string; status: string; form_id: string; added_at: number }>(
        'SELECT * FROM list_members WHERE list_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
        listId,
        cursor ?? Number.MAX_SAFE_INTEGER,
        PAGE_SIZE + 1,
      )
      .toArray();
    const page = rows.slice(0, PAGE_SIZE);
    const total = this.sql
      .exec<{ n: number }>('SELECT COUNT(*) AS n FROM list_members WHERE list_id = ?', listId)
      .one().n;
    return {
      members: page.map((row) => ({
        listId: row.list_id,
        email: row.email,
        status: row.status as ListMember['status'],
        formId: row.form_id,
        addedAt: row.added_at,
      })),
      total,
      nextCursor: rows.length > PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /** Messages the local email implementation delivered (development and tests). */
  mailbox(): EmailMessage[] {
    return this.outbox.mailbox();
  }

  /** The newest messages the local email implementation delivered (the development mailbox, /dev/mailbox). */
  localMail() {
    return this.outbox.localMail();
  }

  /** The alarm is due at the earlier of the next key expiry and the next email attempt. */
  private async scheduleAlarm(): Promise<void> {
    const keys = this.sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM submission_keys').one().at;
    const next = [keys, this.outbox.nextAttemptAt()].filter((at): at is number => at !== null);
    if (next.length === 0) return;
    const at = Math.min(...next);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    this.sql.exec('DELETE FROM submission_keys WHERE expires_at <= ?', Date.now());
    this.sql.exec('DELETE FROM list_confirmations WHERE expires_at <= ?', Date.now() - KEEP_CONFIRMATION_MS);
    await this.outbox.deliver();
    await this.scheduleAlarm();
  }
}
