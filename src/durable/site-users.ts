/**
 * Visitor accounts of one website (SQLite): email, PBKDF2 password hash, language and the cart that
 * follows the account; and their sessions, stored by the token's SHA-256 (a stolen database does not
 * give working sessions), each with the xsrf token later account calls must send.
 */
import { DurableObject } from 'cloudflare:workers';
import { hashPassword, tokenDigest, verifyPassword, type PasswordHash } from './passwords';

export interface SessionInfo {
  userId: string;
  email: string;
  xsrfToken: string;
  cartId: string | null;
  language: string | null;
}

export type SignInResult = { ok: true; token: string; session: SessionInfo; expiresAt: number } | { ok: false };

/** A session lasts 30 days with "remember me", else 12 hours. */
export const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 12 * 60 * 60 * 1000;

interface UserRow extends Record<string, SqlStorageValue> {
  id: string;
  email: string;
  password_hash: string;
  salt: string;
  iterations: number;
  language: string | null;
  cart_id: string | null;
}

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Hashed once per isolate: unknown emails are checked against it, so they take as long as wrong passwords. */
let decoy: Promise<PasswordHash> | null = null;

export class SiteUsers extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
        salt TEXT NOT NULL, iterations INTEGER NOT NULL, language TEXT, cart_id TEXT)`,
    );
    this.sql.exec('CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, xsrf TEXT NOT NULL, expires_at INTEGER NOT NULL)');
  }

  private user(where: 'id' | 'email', value: string): UserRow | undefined {
    return this.sql.exec<UserRow>(`SELECT * FROM users WHERE ${where} = ?`, value).toArray()[0];
  }

  /** Creates the account unless the email has one; returns its id either way. */
  async ensureUser(email: string, password: string): Promise<string> {
    const existing = this.user('email', email);
    if (existing !== undefined) return existing.id;
    const { hash, salt, iterations } = await hashPassword(password);
    const id = `su-${randomHex(8)}`;
    this.sql.exec('INSERT OR IGNORE INTO users (id, email, password_hash, salt, iterations) VALUES (?, ?, ?, ?, ?)', id, email, hash, salt, iterations);
    return this.user('email', email)?.id ?? id;
  }

  async signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult> {
    const user = this.user('email', email);
    if (user === undefined) {
      decoy ??= hashPassword(randomHex(16));
      await verifyPassword(password, await decoy);
      return { ok: false };
    }
    if (!(await verifyPassword(password, { hash: user.password_hash, salt: user.salt, iterations: user.iterations }))) return { ok: false };
    const token = randomHex(32);
    const xsrfToken = randomHex(16);
    const expiresAt = Date.now() + (rememberMe ? REMEMBERED_SESSION_MS : SESSION_MS);
    this.sql.exec('INSERT INTO sessions (token_hash, user_id, xsrf, expires_at) VALUES (?, ?, ?, ?)', await tokenDigest(token), user.id, xsrfToken, expiresAt);
    this.sql.exec('DELETE FROM sessions WHERE expires_at <= ?', Date.now());
    return { ok: true, token, expiresAt, session: { userId: user.id, email: user.email, xsrfToken, cartId: user.cart_id, language: user.language } };
  }

  async session(token: string): Promise<SessionInfo | null> {
    const row = this.sql
      .exec<{ user_id: string; xsrf: string; expires_at: number }>('SELECT user_id, xsrf, expires_at FROM sessions WHERE token_hash = ?', await tokenDigest(token))
      .toArray()[0];
    if (row === undefined || row.expires_at <= Date.now()) return null;
    const user = this.user('id', row.user_id);
    if (user === undefined) return null;
    return { userId: user.id, email: user.email, xsrfToken: row.xsrf, cartId: user.cart_id, language: user.language };
  }

  async signOut(token: string): Promise<void> {
    this.sql.exec('DELETE FROM sessions WHERE token_hash = ?', await tokenDigest(token));
  }

  setLanguage(userId: string, language: string): void {
    this.sql.exec('UPDATE users SET language = ? WHERE id = ?', language, userId);
  }

  setCart(userId: string, cartId: string | null): void {
    this.sql.exec('UPDATE users SET cart_id = ? WHERE id = ?', cartId, userId);
  }
}
