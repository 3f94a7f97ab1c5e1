/**
 * An email outbox inside a Durable Object's SQLite: messages are queued in the same step as the
 * change they tell about, and the object's alarm delivers them through the email integration,
 * retrying failures. With the local implementation (development and tests) a delivered message is
 * recorded in the object's own mailbox table instead.
 */
import { remoteEmailSender, type EmailMessage } from '../integrations/email';

const BATCH = 50;

export class EmailOutbox {
  constructor(
    private readonly sql: SqlStorage,
    private readonly env: Env,
  ) {
    sql.exec('CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0)');
    sql.exec('CREATE TABLE IF NOT EXISTS local_mailbox (id INTEGER PRIMARY KEY AUTOINCREMENT, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, sent_at INTEGER NOT NULL)');
  }

  queue(message: EmailMessage): void {
    this.sql.exec('INSERT INTO outbox (recipient, subject, body) VALUES (?, ?, ?)', message.to, message.subject, message.text);
  }

  pending(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM outbox').one().n;
  }

  /** Delivers a batch; false when something failed (the caller retries later). */
  async deliver(): Promise<boolean> {
    let sender: ReturnType<typeof remoteEmailSender>;
    try {
      sender = remoteEmailSender(this.env);
    } catch (error) {
      console.error('email not sent', error);
      return false;
    }
    const due = this.sql.exec<{ id: number; recipient: string; subject: string; body: string }>('SELECT id, recipient, subject, body FROM outbox ORDER BY id LIMIT ?', BATCH).toArray();
    let delivered = true;
    for (const row of due) {
      try {
        if (sender === null) this.sql.exec('INSERT INTO local_mailbox (recipient, subject, body, sent_at) VALUES (?, ?, ?, ?)', row.recipient, row.subject, row.body, Date.now());
        else await sender.send({ to: row.recipient, subject: row.subject, text: row.body });
        this.sql.exec('DELETE FROM outbox WHERE id = ?', row.id);
      } catch (error) {
        console.error('email failed', error);
        this.sql.exec('UPDATE outbox SET attempts = attempts + 1 WHERE id = ?', row.id);
        delivered = false;
      }
    }
    return delivered;
  }

  /** What the local implementation delivered (development and tests). */
  mailbox(): EmailMessage[] {
    return this.sql
      .exec<{ recipient: string; subject: string; body: string }>('SELECT recipient, subject, body FROM local_mailbox ORDER BY id')
      .toArray()
      .map((r) => ({ to: r.recipient, subject: r.subject, text: r.body }));
  }
}
