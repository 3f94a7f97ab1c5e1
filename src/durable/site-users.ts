/**
 * Visitor accounts of one website: their language, the cart that follows them, whether their email
 * is verified, their saved addresses, the orders placed while signed in, and the single-use links
 * (email verification, password reset) with the emails that carry them.
 *
 * The worker (src/routes/shop/account.ts) draws a link's token and writes its email; the object keeps
 * only the token's SHA-256 and sends the email only when its rules allow (the account exists, not too
 * many links within the hour), so what the worker answers never depends on whether an email has an
 * account. Everything a visitor can add is bounded: accounts per website (unverified sign-ups lapse
 * after a week), links per account and hour, addresses and remembered orders per account.
 */
import type { SavedAddress, ShippingAddress } from '../commerce/address';
import type { EmailMessage } from '../integrations/email';
import { randomHex } from '../ids';
import { AccountStore, type Session } from './accounts';
import { EMAIL_OUTBOX_MIGRATIONS, EmailOutbox } from './email-outbox';
import { refused, type Result } from '../result';
import { migrate, type Migration } from './migrations';
import type { PasswordHash } from './passwords';

export interface VisitorProfile {
  cartId: string | null;
  language: string | null;
  /** False from sign-up until the email's link is opened; accounts made before sign-up existed (the demo's) count as verified. */
  verified?: boolean;
}

export type VisitorSession = Session<VisitorProfile>;

export type LinkKind = 'verify' | 'reset';

/** A verification link works for a day, a password reset link for an hour; each once. */
export const LINK_LIFETIME_MS: Readonly<Record<LinkKind, number>> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};
/** Links of one kind an account is sent within an hour; more asks send nothing (and the answer does not say so). */
export const LINKS_PER_HOUR = 3;
export const MAX_ADDRESSES = 10;
export const MAX_ACCOUNTS = 50_000;
const MAX_LINKED_ORDERS = 500;
const UNVERIFIED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** An email to send with a new link: the token's SHA-256 is all the object keeps of the token. */
export interface LinkEmail {
  tokenHash: string;
  message: EmailMessage;
}

export type SignUpResult = 'created' | 'exists' | 'full';
/** The account's addresses after a change; refused `not-found` (no such address of the account) or `full` (MAX_ADDRESSES saved). */
export type AddressChange = Result<SavedAddress[], 'not-found' | 'full'>;

export function isVerified(profile: VisitorProfile): boolean {
  return profile.verified !== false;
}

const SITE_USER_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS account_links (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL, kind TEXT NOT NULL, created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL, used_at INTEGER);
  CREATE INDEX IF NOT EXISTS account_links_by_account ON account_links (account_id, kind, created_at);
  CREATE TABLE IF NOT EXISTS unverified_signups (account_id TEXT PRIMARY KEY, created_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS account_addresses (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, data TEXT NOT NULL, is_default INTEGER NOT NULL, created_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS account_addresses_by_account ON account_addresses (account_id, created_at);
  CREATE TABLE IF NOT EXISTS account_orders (account_id TEXT NOT NULL, order_id TEXT NOT NULL, placed_at INTEGER NOT NULL, PRIMARY KEY (account_id, order_id))`,
];

export class SiteUsers extends AccountStore<VisitorProfile> {
  protected readonly idPrefix = 'su';
  private readonly outbox: EmailOutbox;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, { 'site-users': SITE_USER_MIGRATIONS, 'email-outbox': EMAIL_OUTBOX_MIGRATIONS });
    this.outbox = new EmailOutbox(this.sql, env, `site-users-${ctx.id.toString()}`);
  }

  ensureUser(email: string, password: PasswordHash): string {
    return this.ensureAccount(email, password, { cartId: null, language: null });
  }

  private update(userId: string, change: Partial<VisitorProfile>): void {
    const profile = this.profileOf(userId);
    if (profile !== null) this.setProfile(userId, { ...profile, ...change });
  }

  setLanguage(userId: string, language: string | null): void {
    this.update(userId, { language });
  }

  setCart(userId: string, cartId: string | null): void {
    this.update(userId, { cartId });
  }

  // ---- sign-up and links ----

  /**
   * A new, unverified account with its verification link emailed; for an email that has an account,
   * `existing` is emailed to it instead (at most once an hour) and nothing changes. `language`: the account's, when
   * it was made on a page in another language than the site's.
   */
  async signUp(
    email: string,
    password: PasswordHash,
    verification: LinkEmail,
    existing: EmailMessage,
    language: string | null = null,
  ): Promise<SignUpResult> {
    const now = this.clock();
    const known = this.account('email', email);
    if (known !== undefined) {
      if (this.outbox.queue(existing, `exists:${known.id}:${Math.floor(now / HOUR_MS)}`)) await this.sendSoon();
      return 'exists';
    }
    this.forgetLapsedSignUps(now);
    if (this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM accounts').one().n >= MAX_ACCOUNTS) return 'full';
    const id = this.ensureAccount(email, password, { cartId: null, language, verified: false });
    this.sql.exec('INSERT OR REPLACE INTO unverified_signups (account_id, created_at) VALUES (?, ?)', id, now);
    await this.storeLink(id, 'verify', verification, now);
    return 'created';
  }

  /** Sends a new verification link to a signed-in account that is not verified yet; false when it is, or it had its links this hour. */
  async resendVerification(userId: string, verification: LinkEmail): Promise<boolean> {
    const profile = this.profileOf(userId);
    if (profile === null || isVerified(profile) || this.recentLinks(userId, 'verify') >= LINKS_PER_HOUR) return false;
    await this.storeLink(userId, 'verify', verification, this.clock());
    return true;
  }

  /** Emails a reset link when the email has an account and it had fewer than LINKS_PER_HOUR this hour; silent either way. */
  async requestPasswordReset(email: string, reset: LinkEmail): Promise<void> {
    const row = this.account('email', email);
    if (row === undefined || this.recentLinks(row.id, 'reset') >= LINKS_PER_HOUR) return;
    await this.storeLink(row.id, 'reset', reset, this.clock());
  }

  /** Marks the account of an unused, unexpired verification link verified (the link is used up); its email, or null. */
  verifyEmail(tokenHash: string): string | null {
    const accountId = this.redeemLink(tokenHash, 'verify');
    if (accountId === null) return null;
    this.markVerified(accountId);
    return this.account('id', accountId)?.email ?? null;
  }

  /**
   * Sets the new password of an unused, unexpired reset link's account: the link and the account's
   * other reset links are used up and every session of the account ends. Its email, or null.
   */
  resetPassword(tokenHash: string, password: PasswordHash): string | null {
    const accountId = this.redeemLink(tokenHash, 'reset');
    if (accountId === null) return null;
    this.replacePassword(accountId, password);
    this.sql.exec(
      "UPDATE account_links SET used_at = ? WHERE account_id = ? AND kind = 'reset' AND used_at IS NULL",
      this.clock(),
      accountId,
    );
    // The reset link reached the inbox, which is what verification proves.
    this.markVerified(accountId);
    return this.account('id', accountId)?.email ?? null;
  }

  private markVerified(accountId: string): void {
    this.update(accountId, { verified: true });
    this.sql.exec('DELETE FROM unverified_signups WHERE account_id = ?', accountId);
  }

  private recentLinks(accountId: string, kind: LinkKind): number {
    return this.sql
      .exec<{ n: number }>(
        'SELECT COUNT(*) AS n FROM account_links WHERE account_id = ? AND kind = ? AND created_at > ?',
        accountId,
        kind,
        this.clock() - HOUR_MS,
      )
      .one().n;
  }

  private async storeLink(accountId: string, kind: LinkKind, link: LinkEmail, now: number): Promise<void> {
    this.sql.exec('DELETE FROM account_links WHERE expires_at < ? AND created_at < ?', now, now - HOUR_MS);
    this.sql.exec(
      'INSERT INTO account_links (token_hash, account_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      link.tokenHash,
      accountId,
      kind,
      now,
      now + LINK_LIFETIME_MS[kind],
    );
    this.outbox.queue(link.message, `link:${link.tokenHash}`);
    await this.sendSoon();
  }

  /** Uses up a link in the one synchronous step that checks it, so two clicks cannot both pass; its account, or null. */
  private redeemLink(tokenHash: string, kind: LinkKind): string | null {
    const now = this.clock();
    const row = this.sql
      .exec<{ account_id: string }>(
        'UPDATE account_links SET used_at = ? WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id',
        now,
        tokenHash,
        kind,
        now,
      )
      .toArray()[0];
    return row?.account_id ?? null;
  }

  /** Sign-ups never verified within a week go, with everything they wrote, so made-up sign-ups cannot fill the store. */
  private forgetLapsedSignUps(now: number): void {
    const lapsed = this.sql
      .exec<{ account_id: string }>(
        'SELECT account_id FROM unverified_signups WHERE created_at < ? LIMIT 100',
        now - UNVERIFIED_KEPT_MS,
      )
      .toArray();
    for (const { account_id: id } of lapsed) {
      for (const table of [
        'account_sessions',
        'account_links',
        'account_addresses',
        'account_orders',
        'unverified_signups',
      ])
        this.sql.exec(`DELETE FROM ${table} WHERE account_id = ?`, id);
      this.sql.exec('DELETE FROM accounts WHERE id = ?', id);
    }
  }

  // ---- saved addresses ----

  addresses(userId: string): SavedAddress[] {
    return this.sql
      .exec<{ id: string; data: string; is_default: number }>(
        'SELECT id, data, is_default FROM account_addresses WHERE account_id = ? ORDER BY is_default DESC, created_at, id',
        userId,
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        address: JSON.parse(row.data) as ShippingAddress,
        isDefault: row.is_default === 1,
      }));
  }

  /** Adds (`id` null) or replaces an address; the first one, or one saved with `makeDefault`, is the default. */
  saveAddress(userId: string, id: string | null, address: ShippingAddress, makeDefault: boolean): AddressChange {
    const saved = this.addresses(userId);
    if (id !== null && !saved.some((a) => a.id === id)) return refused('not-found', 'That address is no longer saved.');
    if (id === null && saved.length >= MAX_ADDRESSES)
      return refused('full', `The account has ${MAX_ADDRESSES} addresses saved, the most it may keep.`);
    const isDefault = makeDefault || saved.length === 0 || saved.some((a) => a.id === id && a.isDefault);
    if (isDefault) this.sql.exec('UPDATE account_addresses SET is_default = 0 WHERE account_id = ?', userId);
    if (id === null) {
      this.sql.exec(
        'INSERT INTO account_addresses (id, account_id, data, is_default, created_at) VALUES (?, ?, ?, ?, ?)',
        `ad-${randomHex(8)}`,
        userId,
        JSON.stringify(address),
        isDefault ? 1 : 0,
        this.clock(),
      );
    } else {
      this.sql.exec(
        'UPDATE account_addresses SET data = ?, is_default = ? WHERE id = ? AND account_id = ?',
        JSON.stringify(address),
        isDefault ? 1 : 0,
        id,
        userId,
      );
    }
    return { ok: true, value: this.addresses(userId) };
  }

  /** Deletes an address; when it was the default, the oldest one left becomes the default. */
  deleteAddress(userId: string, id: string): AddressChange {
    const removed = this.sql
      .exec<{ is_default: number }>(
        'DELETE FROM account_addresses WHERE id = ? AND account_id = ? RETURNING is_default',
        id,
        userId,
      )
      .toArray()[0];
    if (removed === undefined) return refused('not-found', 'That address is no longer saved.');
    if (removed.is_default === 1) {
      this.sql.exec(
        'UPDATE account_addresses SET is_default = 1 WHERE id = (SELECT id FROM account_addresses WHERE account_id = ? ORDER BY created_at, id LIMIT 1)',
        userId,
      );
    }
    return { ok: true, value: this.addresses(userId) };
  }

  /** The merchant's customers' accounts (docs/merchant.md, "Customers"): which of `emails` have one, by lower-cased email, and whether verified. */
  accountsOf(emails: string[]): Record<string, { verified: boolean }> {
    const rows = this.sql
      .exec<{ email: string; profile: string }>(
        'SELECT email, profile FROM accounts WHERE email IN (SELECT value FROM json_each(?))',
        JSON.stringify(emails.slice(0, 500)),
      )
      .toArray();
    return Object.fromEntries(
      rows.map((row) => [row.email.toLowerCase(), { verified: isVerified(JSON.parse(row.profile) as VisitorProfile) }]),
    );
  }

  /** Account emails after `after` (lower-cased, in that order), at most `limit`: the customers list's people who never ordered. */
  accountEmails(after: string, limit: number): { email: string; verified: boolean }[] {
    return this.sql
      .exec<{ email: string; profile: string }>(
        'SELECT lower(email) AS email, profile FROM accounts WHERE lower(email) > ? ORDER BY lower(email) LIMIT ?',
        after,
        Math.min(limit, 1000),
      )
      .toArray()
      .map((row) => ({ email: row.email, verified: isVerified(JSON.parse(row.profile) as VisitorProfile) }));
  }

  // ---- orders ----

  /** Remembers an order placed while signed in (its newest MAX_LINKED_ORDERS are kept). */
  linkOrder(userId: string, orderId: string): void {
    this.sql.exec(
      'INSERT OR IGNORE INTO account_orders (account_id, order_id, placed_at) VALUES (?, ?, ?)',
      userId,
      orderId,
      this.clock(),
    );
    this.sql.exec(
      'DELETE FROM account_orders WHERE account_id = ? AND order_id NOT IN (SELECT order_id FROM account_orders WHERE account_id = ? ORDER BY placed_at DESC LIMIT ?)',
      userId,
      userId,
      MAX_LINKED_ORDERS,
    );
  }

  linkedOrders(userId: string): string[] {
    return this.sql
      .exec<{ order_id: string }>(
        'SELECT order_id FROM account_orders WHERE account_id = ? ORDER BY placed_at DESC',
        userId,
      )
      .toArray()
      .map((row) => row.order_id);
  }

  // ---- email ----

  /** The outbox runs on the real clock (tests move only `clock`, the links' and limits' time). */
  private async sendSoon(): Promise<void> {
    await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    await this.outbox.deliver();
    const next = this.outbox.nextAttemptAt();
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  /** What the local email implementation delivered (tests). */
  mailbox() {
    return this.outbox.mailbox();
  }

  /** The newest messages the local email implementation delivered (the development mailbox, /dev/mailbox). */
  localMail() {
    return this.outbox.localMail();
  }
}
