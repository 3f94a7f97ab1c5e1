import { describe, expect, it } from 'vitest';
import { emailSender, type EmailSender } from './email';

const mailbox: EmailSender = { send: async () => undefined };
const remoteEmailSender = (env: Parameters<typeof emailSender>[0]) => emailSender(env, mailbox);

describe('the email sender for an environment', () => {
  it('records locally only in development', () => {
    expect(remoteEmailSender({ ENVIRONMENT: 'development', EMAIL_PROVIDER: 'local' })).toBe(mailbox);
    expect(() => remoteEmailSender({ ENVIRONMENT: 'production', EMAIL_PROVIDER: 'local' })).toThrow(
      "EMAIL_PROVIDER 'local' cannot send email in production",
    );
  });

  it('fails closed on an unknown or missing provider and on http without its settings', () => {
    expect(() => remoteEmailSender({ ENVIRONMENT: 'production', EMAIL_PROVIDER: 'smtp' })).toThrow();
    expect(() => remoteEmailSender({ ENVIRONMENT: 'production' })).toThrow();
    expect(() =>
      remoteEmailSender({ ENVIRONMENT: 'production', EMAIL_PROVIDER: 'http', EMAIL_API_URL: 'https://mail.example' }),
    ).toThrow('EMAIL_API_KEY');
  });

  it('sends through the HTTP API when configured', () => {
    expect(
      remoteEmailSender({
        ENVIRONMENT: 'production',
        EMAIL_PROVIDER: 'http',
        EMAIL_API_URL: 'https://mail.example',
        EMAIL_API_KEY: 'k',
      }),
    ).not.toBe(mailbox);
  });
});
