/**
 * Sending email behind one interface. `EMAIL_PROVIDER` chooses `local` (development only: the
 * message is recorded in the sender's own mailbox table, nothing leaves the machine) or `http` (a
 * POST of the message to `EMAIL_API_URL` with the `EMAIL_API_KEY` secret, 10 s timeout). Anything
 * else, `local` in production included, is a configuration error: the caller keeps the message and
 * retries, so a misconfigured store never reports mail as sent that went nowhere.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

interface EmailEnv {
  ENVIRONMENT?: string;
  EMAIL_PROVIDER?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
}

function httpSender(url: string, apiKey: string): EmailSender {
  return {
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`email API answered ${res.status}`);
    },
  };
}

/**
 * The configured sender, or null for the local one (the caller records the message itself); throws
 * when email is not configured for this environment.
 */
export function remoteEmailSender(env: EmailEnv): EmailSender | null {
  if (env.EMAIL_PROVIDER === 'local' && env.ENVIRONMENT === 'development') return null;
  if (env.EMAIL_PROVIDER !== 'http') throw new Error(`EMAIL_PROVIDER '${env.EMAIL_PROVIDER ?? ''}' cannot send email in ${env.ENVIRONMENT ?? 'production'}`);
  if (env.EMAIL_API_URL === undefined || env.EMAIL_API_KEY === undefined) {
    throw new Error('EMAIL_PROVIDER is http but EMAIL_API_URL or the EMAIL_API_KEY secret is missing');
  }
  return httpSender(env.EMAIL_API_URL, env.EMAIL_API_KEY);
}
