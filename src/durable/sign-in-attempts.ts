/**
 * Per-account sign-in back-off, kept in the accounts object's SQLite. An attempt counts as a
 * failure when it starts and a success wipes the count, so concurrent guesses cannot all slip past
 * the check before any of them has failed. Unknown emails are counted the same way, so a locked
 * answer never tells whether an email has an account.
 */

export interface BackoffPolicy {
  /** Attempts without a success that are let through before the account locks. */
  freeAttempts: number;
  /** The count starts again when the last attempt is older than this. */
  windowMs: number;
  /** The first lock; each further attempt doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Emails tracked at most; past it, the records that expire first go, unknown emails before accounts. */
  maxTracked: number;
}

/** 5 attempts an hour, then 30 s, 1 min, 2 min … locked, at most 15 min between attempts. */
export const SIGN_IN_BACKOFF: BackoffPolicy = {
  freeAttempts: 5,
  windowMs: 60 * 60 * 1000,
  baseDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
  maxTracked: 10_000,
};

export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };

/** How long the account stays locked after its `attempts`-th attempt without a success. */
export function lockDelay(attempts: number, policy: BackoffPolicy): number {
  if (attempts < policy.freeAttempts) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(attempts - policy.freeAttempts, 30), policy.maxDelayMs);
}

interface AttemptRow extends Record<string, SqlStorageValue> {
  attempts: number;
  last_at: number;
  locked_until: number;
}

export class SignInAttempts {
  constructor(
    private readonly sql: SqlStorage,
    private readonly policy: BackoffPolicy,
  ) {
    sql.exec(
      `CREATE TABLE IF NOT EXISTS sign_in_attempts (email TEXT PRIMARY KEY COLLATE NOCASE, attempts INTEGER NOT NULL, last_at INTEGER NOT NULL,
        locked_until INTEGER NOT NULL, forget_at INTEGER NOT NULL, known INTEGER NOT NULL)`,
    );
    sql.exec('CREATE INDEX IF NOT EXISTS sign_in_attempts_forget ON sign_in_attempts (forget_at)');
  }

  /** Counts an attempt for `email` unless it is locked; `known` says whether the email has an account. */
  admit(email: string, known: boolean, now: number): Admission {
    this.sql.exec('DELETE FROM sign_in_attempts WHERE forget_at <= ?', now);
    const row = this.sql.exec<AttemptRow>('SELECT attempts, last_at, locked_until FROM sign_in_attempts WHERE email = ?', email).toArray()[0];
    if (row !== undefined && row.locked_until > now) return { admitted: false, retryAfterMs: row.locked_until - now };
    const attempts = (row === undefined || now - row.last_at > this.policy.windowMs ? 0 : row.attempts) + 1;
    const lockedUntil = now + lockDelay(attempts, this.policy);
    this.sql.exec(
      'INSERT OR REPLACE INTO sign_in_attempts (email, attempts, last_at, locked_until, forget_at, known) VALUES (?, ?, ?, ?, ?, ?)',
      email,
      attempts,
      now,
      lockedUntil,
      Math.max(now + this.policy.windowMs, lockedUntil),
      known ? 1 : 0,
    );
    if (row === undefined) this.keepBounded();
    return { admitted: true };
  }

  /** A success: the email starts afresh. */
  reset(email: string): void {
    this.sql.exec('DELETE FROM sign_in_attempts WHERE email = ?', email);
  }

  private keepBounded(): void {
    const tracked = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_attempts').one().n;
    if (tracked <= this.policy.maxTracked) return;
    this.sql.exec(
      'DELETE FROM sign_in_attempts WHERE email IN (SELECT email FROM sign_in_attempts ORDER BY known, forget_at LIMIT ?)',
      tracked - this.policy.maxTracked,
    );
  }
}
