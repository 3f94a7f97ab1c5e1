/**
 * Merchant accounts of one website (the owner and their team), each with its numeric roles (spec
 * §3). The team is managed from the console: an invitation makes an account that cannot sign in
 * until its holder sets a password through the emailed link; roles change and members leave, but
 * the team always keeps at least one administrator who can sign in.
 */
import { AccountStore, type Session } from './accounts';
import { EMAIL_OUTBOX_MIGRATIONS, EmailOutbox } from './email-outbox';
import { migrate, type Migration } from './migrations';
import { refused, type Result } from '../result';
import { PBKDF2_ITERATIONS, tokenDigest, type PasswordHash } from './passwords';
import { randomHex } from '../ids';
import { ROLES } from '../site/roles';

export interface MerchantProfile {
  roles: number[];
}

export type MerchantSession = Session<MerchantProfile>;

export interface TeamMember {
  id: string;
  email: string;
  roles: number[];
  /** Invited and not yet signed up. */
  invited: boolean;
}

export const TEAM_MESSAGES = {
  lastAdmin: 'The team needs at least one administrator: make someone else an administrator first.',
  alreadyMember: 'That email already belongs to a member of the team.',
  unknownMember: 'That member is not on the team.',
  invitationInvalid: 'This invitation link is no longer valid. Ask an administrator for a new one.',
} as const;

/** An invitation link is good for 7 days. */
export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;

/** No password derives this hash (a 256-bit preimage): an invited account cannot sign in until it sets one. */
function noPassword(): PasswordHash {
  return { hash: '0'.repeat(64), salt: randomHex(16), iterations: PBKDF2_ITERATIONS };
}

/** Why a change to the team was refused. */
export type TeamError = 'already-member' | 'unknown-member' | 'last-admin';
export type TeamChange = Result<null, TeamError>;

const MERCHANT_MIGRATIONS: readonly Migration[] = [
  'CREATE TABLE IF NOT EXISTS invitations (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL, expires_at INTEGER NOT NULL)',
];

export class MerchantAccounts extends AccountStore<MerchantProfile> {
  protected readonly idPrefix = 'm';
  private readonly outbox: EmailOutbox;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, { merchants: MERCHANT_MIGRATIONS, 'email-outbox': EMAIL_OUTBOX_MIGRATIONS });
    this.outbox = new EmailOutbox(this.sql, env, `merchants-${ctx.id.toString()}`);
  }

  ensureMember(email: string, password: PasswordHash, roles: number[]): string {
    return this.ensureAccount(email, password, { roles });
  }

  members(): TeamMember[] {
    const invited = new Set(
      this.sql
        .exec<{ account_id: string }>('SELECT account_id FROM invitations')
        .toArray()
        .map((row) => row.account_id),
    );
    return this.sql
      .exec<{ id: string; email: string; profile: string }>(
        'SELECT id, email, profile FROM accounts ORDER BY email COLLATE NOCASE',
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        email: row.email,
        roles: (JSON.parse(row.profile) as MerchantProfile).roles,
        invited: invited.has(row.id),
      }));
  }

  /** Administrators who can sign in (an invited one cannot yet), other than `except`. */
  private adminsBesides(except: string): number {
    return this.members().filter(
      (member) => member.id !== except && !member.invited && member.roles.includes(ROLES.admin),
    ).length;
  }

  /**
   * Invites `email` with `roles`: a new account without a password, and an email with the link
   * `${acceptUrl}{token}` to set one.
   */
  async invite(
    email: string,
    roles: number[],
    acceptUrl: string,
    storeName: string,
  ): Promise<Result<{ id: string }, TeamError>> {
    if (this.accountsMissing([email]).length === 0) return refused('already-member', TEAM_MESSAGES.alreadyMember);
    const id = this.ensureAccount(email, noPassword(), { roles });
    const token = randomHex(32);
    const digest = await tokenDigest(token);
    this.sql.exec(
      'INSERT INTO invitations (token_hash, account_id, expires_at) VALUES (?, ?, ?)',
      digest,
      id,
      this.clock() + INVITATION_MS,
    );
    const message = {
      to: email,
      subject: `You are invited to manage ${storeName}`,
      text: `You have been invited to the team of ${storeName}.\n\nChoose a password to join (the link works for 7 days):\n${acceptUrl}${token}\n`,
    };
    this.outbox.queue(message, `invitation:${digest}`);
    await this.ctx.storage.setAlarm(Date.now());
    return { ok: true, value: { id } };
  }

  setRoles(id: string, roles: number[]): TeamChange {
    const member = this.members().find((m) => m.id === id);
    if (member === undefined) return refused('unknown-member', TEAM_MESSAGES.unknownMember);
    if (
      member.roles.includes(ROLES.admin) &&
      !roles.includes(ROLES.admin) &&
      !member.invited &&
      this.adminsBesides(id) === 0
    )
      return refused('last-admin', TEAM_MESSAGES.lastAdmin);
    this.setProfile(id, { roles });
    return { ok: true, value: null };
  }

  remove(id: string): TeamChange {
    const member = this.members().find((m) => m.id === id);
    if (member === undefined) return refused('unknown-member', TEAM_MESSAGES.unknownMember);
    if (member.roles.includes(ROLES.admin) && !member.invited && this.adminsBesides(id) === 0)
      return refused('last-admin', TEAM_MESSAGES.lastAdmin);
    this.sql.exec('DELETE FROM account_sessions WHERE account_id = ?', id);
    this.sql.exec('DELETE FROM invitations WHERE account_id = ?', id);
    this.sql.exec('DELETE FROM accounts WHERE id = ?', id);
    return { ok: true, value: null };
  }

  /** Sets the invited account's password (hashed by the worker) and ends the invitation; its email, or null for a bad or lapsed link. */
  async acceptInvitation(token: string, password: PasswordHash): Promise<string | null> {
    const digest = await tokenDigest(token);
    const row = this.sql
      .exec<{ account_id: string; expires_at: number }>(
        'SELECT account_id, expires_at FROM invitations WHERE token_hash = ?',
        digest,
      )
      .toArray()[0];
    if (row === undefined || row.expires_at <= this.clock()) return null;
    this.sql.exec(
      'UPDATE accounts SET password_hash = ?, salt = ?, iterations = ? WHERE id = ?',
      password.hash,
      password.salt,
      password.iterations,
      row.account_id,
    );
    this.sql.exec('DELETE FROM invitations WHERE account_id = ?', row.account_id);
    return (
      this.sql.exec<{ email: string }>('SELECT email FROM accounts WHERE id = ?', row.account_id).toArray()[0]?.email ??
      null
    );
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
