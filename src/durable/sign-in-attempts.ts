/**
 * Sign-in back-off, kept in the accounts object's SQLite, per (email, connecting address): an
 * attacker's guesses hold back their own address, never the owner signing in from another one.
 * An attempt counts as a failure when it starts and a success wipes its pair's count, so
 * concurrent guesses cannot all slip past the check before any of them has failed. Unknown emails
 * are counted the same way, so a locked answer never tells whether an email has an account.
 *
 * Across addresses an account's guesses are bounded without refusing anyone's first try: once its
 * failures in the window reach `accountFailures`, every address gets one free attempt instead of
 * `freeAttempts` (a clean address's right password still signs in at once; a guessing address waits
 * after its first miss), except the addresses the account signed in from in the last `trustedMs`,
 * which keep theirs. The counts stay for the window, so the owner can see them (`recentFailures`).
 */
import type { SignInFailure } from '../api/console-answers';
import type { Migration } from './migrations';

export interface BackoffPolicy {
  /** Attempts without a success from one address that are let through before that address locks. */
  freeAttempts: number;
  /** Failures of an account across all addresses past which each address gets one free attempt. */
  accountFailures: number;
  /** How long an address the account signed in from keeps its free attempts whatever the failures elsewhere. */
  trustedMs: number;
  /** A pair's count starts again when its last attempt is older than this. */
  windowMs: number;
  /** The first lock; each further attempt doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** (email, address) pairs tracked at most, in each table; past it, the records that expire first go (unknown emails first). */
  maxTracked: number;
}

/**
 * 5 attempts an hour per address, then 30 s, 1 min, 2 min … locked, at most 15 min between attempts;
 * 1 per address once an account has 20 failures, but for addresses it signed in from in the last 30 days.
 */
export const SIGN_IN_BACKOFF: BackoffPolicy = {
  freeAttempts: 5,
  accountFailures: 20,
  trustedMs: 30 * 24 * 60 * 60 * 1000,
  windowMs: 60 * 60 * 1000,
  baseDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
  maxTracked: 10_000,
};

export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };

/** Sign-in failures from one address to one email: what the console lists (the contract's type). */
export type { SignInFailure };

/** How long a pair stays locked after its `attempts`-th attempt without a success, with `free` attempts let through. */
export function lockDelay(attempts: number, policy: BackoffPolicy, free = policy.freeAttempts): number {
  if (attempts < free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(attempts - free, 30), policy.maxDelayMs);
}

interface AttemptRow extends Record<string, SqlStorageValue> {
  attempts: number;
  last_at: number;
  locked_until: number;
}

/** Failures listed at most (newest first). */
const LISTED = 50;

/** The back-off's tables, a part of the accounts objects' schema (durable/migrations.ts). */
export const SIGN_IN_MIGRATIONS: readonly Migration[] = [
  // The per-email table this one replaces held only short-lived counts.
  `DROP TABLE IF EXISTS sign_in_attempts;
  CREATE TABLE IF NOT EXISTS sign_in_backoff (email TEXT NOT NULL COLLATE NOCASE, address TEXT NOT NULL, attempts INTEGER NOT NULL,
    last_at INTEGER NOT NULL, locked_until INTEGER NOT NULL, forget_at INTEGER NOT NULL, known INTEGER NOT NULL, PRIMARY KEY (email, address));
  CREATE INDEX IF NOT EXISTS sign_in_backoff_forget ON sign_in_backoff (forget_at);
  CREATE INDEX IF NOT EXISTS sign_in_backoff_recent ON sign_in_backoff (last_at);
  CREATE TABLE IF NOT EXISTS sign_in_trusted (email TEXT NOT NULL COLLATE NOCASE, address TEXT NOT NULL, until INTEGER NOT NULL, PRIMARY KEY (email, address));
  CREATE INDEX IF NOT EXISTS sign_in_trusted_until ON sign_in_trusted (until)`,
];

export class SignInAttempts {
  constructor(
    private readonly sql: SqlStorage,
    private readonly policy: BackoffPolicy,
  ) {}

  /** Counts an attempt for `email` from `address` unless that pair is locked; `known` says whether the email has an account. */
  admit(email: string, address: string, known: boolean, now: number): Admission {
    this.sql.exec('DELETE FROM sign_in_backoff WHERE forget_at <= ?', now);
    const row = this.sql
      .exec<AttemptRow>(
        'SELECT attempts, last_at, locked_until FROM sign_in_backoff WHERE email = ? AND address = ?',
        email,
        address,
      )
      .toArray()[0];
    if (row !== undefined && row.locked_until > now) return { admitted: false, retryAfterMs: row.locked_until - now };
    const attempts = (row === undefined || now - row.last_at > this.policy.windowMs ? 0 : row.attempts) + 1;
    const underAttack =
      this.accountFailures(email, now) >= this.policy.accountFailures && !this.trusted(email, address, now);
    const free = underAttack ? 1 : this.policy.freeAttempts;
    const lockedUntil = now + lockDelay(attempts, this.policy, free);
    this.sql.exec(
      'INSERT OR REPLACE INTO sign_in_backoff (email, address, attempts, last_at, locked_until, forget_at, known) VALUES (?, ?, ?, ?, ?, ?, ?)',
      email,
      address,
      attempts,
      now,
      lockedUntil,
      Math.max(now + this.policy.windowMs, lockedUntil),
      known ? 1 : 0,
    );
    if (row === undefined) this.keepBounded();
    return { admitted: true };
  }

  /** A success: the email starts afresh from `address` (other addresses keep their counts), which it now trusts. */
  reset(email: string, address: string, now: number): void {
    this.sql.exec('DELETE FROM sign_in_backoff WHERE email = ? AND address = ?', email, address);
    this.sql.exec('DELETE FROM sign_in_trusted WHERE until <= ?', now);
    this.sql.exec(
      'INSERT OR REPLACE INTO sign_in_trusted (email, address, until) VALUES (?, ?, ?)',
      email,
      address,
      now + this.policy.trustedMs,
    );
    const trusted = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_trusted').one().n;
    if (trusted > this.policy.maxTracked) {
      this.sql.exec(
        'DELETE FROM sign_in_trusted WHERE rowid IN (SELECT rowid FROM sign_in_trusted ORDER BY until LIMIT ?)',
        trusted - this.policy.maxTracked,
      );
    }
  }

  /** The failures of the window, newest first: for the owner to see who is guessing. */
  recentFailures(now: number): SignInFailure[] {
    return this.sql
      .exec<{ email: string; address: string; attempts: number; last_at: number }>(
        'SELECT email, address, attempts, last_at FROM sign_in_backoff WHERE last_at > ? ORDER BY last_at DESC LIMIT ?',
        now - this.policy.windowMs,
        LISTED,
      )
      .toArray()
      .map((row) => ({ email: row.email, address: row.address, failures: row.attempts, lastAt: row.last_at }));
  }

  private trusted(email: string, address: string, now: number): boolean {
    return (
      this.sql
        .exec('SELECT 1 FROM sign_in_trusted WHERE email = ? AND address = ? AND until > ?', email, address, now)
        .toArray().length > 0
    );
  }

  private accountFailures(email: string, now: number): number {
    return (
      this.sql
        .exec<{ n: number | null }>(
          'SELECT SUM(attempts) AS n FROM sign_in_backoff WHERE email = ? AND last_at > ?',
          email,
          now - this.policy.windowMs,
        )
        .one().n ?? 0
    );
  }

  private keepBounded(): void {
    const tracked = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_backoff').one().n;
    if (tracked <= this.policy.maxTracked) return;
    this.sql.exec(
      'DELETE FROM sign_in_backoff WHERE rowid IN (SELECT rowid FROM sign_in_backoff ORDER BY known, forget_at LIMIT ?)',
      tracked - this.policy.maxTracked,
    );
  }
}
