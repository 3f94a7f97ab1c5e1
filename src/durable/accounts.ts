/**
 * Accounts of one website (SQLite): email, PBKDF2 password hash and a small profile; and their
 * sessions, stored by the token's SHA-256 (a copy of the database gives no working session), each
 * with the xsrf token later calls must send. Visitors (`SiteUsers`) and merchants
 * (`MerchantAccounts`) are separate objects on this one base, so a visitor can never sign in as a
 * merchant.
 */
import { DurableObject } from 'cloudflare:workers';
import { randomHex } from '../site/ids';
import { hashPassword, tokenDigest, verifyPassword, type PasswordHash } from './passwords';

export interface Session<P> {
  userId: string;
  email: string;
  xsrfToken: string;
  profile: P;
}

export type SignInResult<P> = { ok: true; token: string; session: Session<P>; expiresAt: number } | { ok: false };

/** A session lasts 30 days with "remember me", else 12 hours. */
export const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 12 * 60 * 60 * 1000;

interface AccountRow extends Record<string, SqlStorageValue> {
  id: string;
  email: string;
  password_hash: string;
  salt: string;
  iterations: number;
  profile: string;
}

/** Hashed once per isolate: unknown emails are checked against it, so they take as long as wrong passwords. */
let decoy: Promise<PasswordHash> | null = null;

export abstract class AccountStore<P extends object> extends DurableObject<Env> {
  protected readonly sql: SqlStorage;
  protected abstract readonly idPrefix: string;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
        salt TEXT NOT NULL, iterations INTEGER NOT NULL, profile TEXT NOT NULL)`,
    );
    this.sql.exec('CREATE TABLE IF NOT EXISTS account_sessions (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL, xsrf TEXT NOT NULL, expires_at INTEGER NOT NULL)');
  }

  private account(where: 'id' | 'email', value: string): AccountRow | undefined {
    return this.sql.exec<AccountRow>(`SELECT * FROM accounts WHERE ${where} = ?`, value).toArray()[0];
  }

  protected profileOf(id: string): P | null {
    const row = this.account('id', id);
    return row === undefined ? null : (JSON.parse(row.profile) as P);
  }

  protected setProfile(id: string, profile: P): void {
    this.sql.exec('UPDATE accounts SET profile = ? WHERE id = ?', JSON.stringify(profile), id);
  }

  /** Creates the account unless the email has one; returns its id either way. */
  async ensureAccount(email: string, password: string, profile: P): Promise<string> {
    const existing = this.account('email', email);
    if (existing !== undefined) return existing.id;
    const { hash, salt, iterations } = await hashPassword(password);
    this.sql.exec(
      'INSERT OR IGNORE INTO accounts (id, email, password_hash, salt, iterations, profile) VALUES (?, ?, ?, ?, ?, ?)',
      `${this.idPrefix}-${randomHex(8)}`,
      email,
      hash,
      salt,
      iterations,
      JSON.stringify(profile),
    );
    return this.account('email', email)?.id ?? '';
  }

  async signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult<P>> {
    const row = this.account('email', email);
    if (row === undefined) {
      decoy ??= hashPassword(randomHex(16));
      await verifyPassword(password, await decoy);
      return { ok: false };
    }
    if (!(await verifyPassword(password, { hash: row.password_hash, salt: row.salt, iterations: row.iterations }))) return { ok: false };
    const token = randomHex(32);
    const xsrfToken = randomHex(16);
    const expiresAt = Date.now() + (rememberMe ? REMEMBERED_SESSION_MS : SESSION_MS);
    this.sql.exec('INSERT INTO account_sessions (token_hash, account_id, xsrf, expires_at) VALUES (?, ?, ?, ?)', await tokenDigest(token), row.id, xsrfToken, expiresAt);
    this.sql.exec('DELETE FROM account_sessions WHERE expires_at <= ?', Date.now());
    return { ok: true, token, expiresAt, session: { userId: row.id, email: row.email, xsrfToken, profile: JSON.parse(row.profile) as P } };
  }

  async session(token: string): Promise<Session<P> | null> {
    const row = this.sql
      .exec<{ account_id: string; xsrf: string; expires_at: number }>('SELECT account_id, xsrf, expires_at FROM account_sessions WHERE token_hash = ?', await tokenDigest(token))
      .toArray()[0];
    if (row === undefined || row.expires_at <= Date.now()) return null;
    const account = this.account('id', row.account_id);
    if (account === undefined) return null;
    return { userId: account.id, email: account.email, xsrfToken: row.xsrf, profile: JSON.parse(account.profile) as P };
  }

  async signOut(token: string): Promise<void> {
    this.sql.exec('DELETE FROM account_sessions WHERE token_hash = ?', await tokenDigest(token));
  }
}
