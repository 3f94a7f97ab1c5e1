/**
 * Accounts of one website (SQLite): email, PBKDF2 password hash and a small profile; and their
 * sessions, stored by the token's SHA-256 (a copy of the database gives no working session), each
 * with the xsrf token later calls must send. Visitors (`SiteUsers`) and merchants
 * (`MerchantAccounts`) are separate objects on this one base, so a visitor can never sign in as a
 * merchant.
 *
 * The object never sees a password: one object serves every sign-in of a website, so the worker
 * hashes and checks passwords (src/routes/shared/sign-in.ts) and the object only hands out the stored hash
 * (after the per-account back-off admits the attempt) and issues the session.
 */
import { DurableObject } from 'cloudflare:workers';
import { randomHex } from '../ids';
import { refused, type Result } from '../result';
import { tokenDigest, type PasswordHash } from './passwords';
import { migrate, type Migration } from './migrations';
import { SIGN_IN_BACKOFF, SIGN_IN_MIGRATIONS, SignInAttempts, type SignInFailure } from './sign-in-attempts';

export interface Session<P> {
  userId: string;
  email: string;
  xsrfToken: string;
  profile: P;
}

/** A session issued: its token (the cookie), the session and when it ends. */
export interface SignedIn<P> {
  token: string;
  session: Session<P>;
  expiresAt: number;
}

/** Refused `password-changed`: the account is gone or its password changed since the worker checked it (the route answers 401 as for a wrong password). */
export type SignInResult<P> = Result<SignedIn<P>, 'password-changed'>;

/** An admitted attempt carries the account's id and stored hash (null: no account has this email); a locked one the wait. */
export type SignInCheck =
  | { admitted: true; account: { id: string; password: PasswordHash } | null }
  | { admitted: false; retryAfterMs: number };

/** A session lasts 30 days with "remember me", else 12 hours. */
export const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 12 * 60 * 60 * 1000;

export interface AccountRow extends Record<string, SqlStorageValue> {
  id: string;
  email: string;
  password_hash: string;
  salt: string;
  iterations: number;
  profile: string;
}

const ACCOUNT_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
    salt TEXT NOT NULL, iterations INTEGER NOT NULL, profile TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS account_sessions (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL, xsrf TEXT NOT NULL, expires_at INTEGER NOT NULL)`,
];

export abstract class AccountStore<P extends object> extends DurableObject<Env> {
  protected readonly sql: SqlStorage;
  protected abstract readonly idPrefix: string;
  private readonly attempts: SignInAttempts;
  /** The object's clock (tests replace it to move time on). */
  clock: () => number = Date.now;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, { accounts: ACCOUNT_MIGRATIONS, 'sign-in-attempts': SIGN_IN_MIGRATIONS });
    this.attempts = new SignInAttempts(this.sql, SIGN_IN_BACKOFF);
  }

  protected account(where: 'id' | 'email', value: string): AccountRow | undefined {
    return this.sql.exec<AccountRow>(`SELECT * FROM accounts WHERE ${where} = ?`, value).toArray()[0];
  }

  protected profileOf(id: string): P | null {
    const row = this.account('id', id);
    return row === undefined ? null : (JSON.parse(row.profile) as P);
  }

  protected setProfile(id: string, profile: P): void {
    this.sql.exec('UPDATE accounts SET profile = ? WHERE id = ?', JSON.stringify(profile), id);
  }

  /** The emails among `emails` that have no account yet (so the worker hashes passwords only for those). */
  accountsMissing(emails: string[]): string[] {
    return emails.filter((email) => this.account('email', email) === undefined);
  }

  /** Creates the account with a password hashed by the caller unless the email has one; returns its id either way. */
  protected ensureAccount(email: string, password: PasswordHash, profile: P): string {
    this.sql.exec(
      'INSERT OR IGNORE INTO accounts (id, email, password_hash, salt, iterations, profile) VALUES (?, ?, ?, ?, ?, ?)',
      `${this.idPrefix}-${randomHex(8)}`,
      email,
      password.hash,
      password.salt,
      password.iterations,
      JSON.stringify(profile),
    );
    return this.account('email', email)?.id ?? '';
  }

  /**
   * Starts a sign-in from the connecting `address` (src/routes/shared/client-address.ts): counts the attempt
   * against that (email, address) back-off, and gives the stored hash to check the password against.
   */
  beginSignIn(email: string, address: string): SignInCheck {
    const row = this.account('email', email);
    const admission = this.attempts.admit(email, address, row !== undefined, this.clock());
    if (!admission.admitted) return admission;
    return {
      admitted: true,
      account:
        row === undefined
          ? null
          : { id: row.id, password: { hash: row.password_hash, salt: row.salt, iterations: row.iterations } },
    };
  }

  /**
   * Finishes a sign-in whose password the worker checked against `verifiedHash`: clears the back-off
   * of `address` and issues a session, unless the password changed in between.
   */
  async completeSignIn(
    accountId: string,
    verifiedHash: string,
    rememberMe: boolean,
    address: string,
  ): Promise<SignInResult<P>> {
    const row = this.account('id', accountId);
    if (row === undefined || row.password_hash !== verifiedHash)
      return refused('password-changed', 'The password changed while it was being checked.');
    const now = this.clock();
    this.attempts.reset(row.email, address, now);
    const token = randomHex(32);
    const xsrfToken = randomHex(16);
    const expiresAt = now + (rememberMe ? REMEMBERED_SESSION_MS : SESSION_MS);
    this.sql.exec(
      'INSERT INTO account_sessions (token_hash, account_id, xsrf, expires_at) VALUES (?, ?, ?, ?)',
      await tokenDigest(token),
      row.id,
      xsrfToken,
      expiresAt,
    );
    this.sql.exec('DELETE FROM account_sessions WHERE expires_at <= ?', now);
    return {
      ok: true,
      value: {
        token,
        expiresAt,
        session: { userId: row.id, email: row.email, xsrfToken, profile: JSON.parse(row.profile) as P },
      },
    };
  }

  /** The sign-in failures of the last hour by email and address, newest first. */
  signInFailures(): SignInFailure[] {
    return this.attempts.recentFailures(this.clock());
  }

  async session(token: string): Promise<Session<P> | null> {
    const row = this.sql
      .exec<{ account_id: string; xsrf: string; expires_at: number }>(
        'SELECT account_id, xsrf, expires_at FROM account_sessions WHERE token_hash = ?',
        await tokenDigest(token),
      )
      .toArray()[0];
    if (row === undefined || row.expires_at <= this.clock()) return null;
    const account = this.account('id', row.account_id);
    if (account === undefined) return null;
    return { userId: account.id, email: account.email, xsrfToken: row.xsrf, profile: JSON.parse(account.profile) as P };
  }

  /** Sets a password the worker hashed and ends every session of the account (a reset: whoever held one is out). */
  protected replacePassword(accountId: string, password: PasswordHash): void {
    this.sql.exec(
      'UPDATE accounts SET password_hash = ?, salt = ?, iterations = ? WHERE id = ?',
      password.hash,
      password.salt,
      password.iterations,
      accountId,
    );
    this.sql.exec('DELETE FROM account_sessions WHERE account_id = ?', accountId);
  }

  async signOut(token: string): Promise<void> {
    this.sql.exec('DELETE FROM account_sessions WHERE token_hash = ?', await tokenDigest(token));
  }
}
