/**
 * Sending email behind one interface. `EMAIL_PROVIDER` chooses `local` (development only: the
 * message is recorded in the sender's own mailbox table, nothing leaves the machine) or `http` (a
 * POST of the message to `EMAIL_API_URL` with the `EMAIL_API_KEY` secret, 10 s timeout). Anything
 * else, `local` in production included, is a configuration error: the caller keeps the message and
 * retries, so a misconfigured store never reports mail as sent that went nowhere.
 */
import { faultable } from '../faults';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The language it is written in (a BCP 47 tag), when it is the shopper's; English otherwise. */
  lang?: string;
  /** Copies shown to every recipient, and copies no recipient sees (the merchant's email to a customer). */
  cc?: string[];
  bcc?: string[];
}

export interface EmailSender {
  /** Sends once per `idempotencyKey`: a provider that saw the key already does not send again. */
  send(message: EmailMessage, idempotencyKey: string): Promise<void>;
}

interface EmailEnv {
  ENVIRONMENT?: string;
  EMAIL_PROVIDER?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
}

function httpSender(url: string, apiKey: string): EmailSender {
  return {
    async send(message, idempotencyKey) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${apiKey}`,
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`email API answered ${res.status}`);
    },
  };
}

/**
 * The configured sender: `local` (the caller's own mailbox, development only) or the HTTP API;
 * throws when email is not configured for this environment.
 */
export function emailSender(env: EmailEnv, localMailbox: EmailSender): EmailSender {
  return faultable('email', configuredSender(env, localMailbox));
}

function configuredSender(env: EmailEnv, localMailbox: EmailSender): EmailSender {
  if (env.EMAIL_PROVIDER === 'local' && env.ENVIRONMENT === 'development') return localMailbox;
  if (env.EMAIL_PROVIDER !== 'http')
    throw new Error(
      `EMAIL_PROVIDER '${env.EMAIL_PROVIDER ?? ''}' cannot send email in ${env.ENVIRONMENT ?? 'production'}`,
    );
  if (env.EMAIL_API_URL === undefined || env.EMAIL_API_KEY === undefined) {
    throw new Error('EMAIL_PROVIDER is http but EMAIL_API_URL or the EMAIL_API_KEY secret is missing');
  }
  return httpSender(env.EMAIL_API_URL, env.EMAIL_API_KEY);
}
