/**
 * The emails a shopper's account sends: the verification link after sign-up, the password reset
 * link, and the note to an existing account when someone signs up with its email. Plain text in the
 * shopper's language (src/commerce/email-text.ts); the worker writes them with absolute links to the
 * store's own /account page.
 */
import { emailText, type EmailLocale } from '../commerce/email-text';

/** An email message (the shape of integrations/email.ts's EmailMessage, which this folder may not import). */
export interface AccountEmail {
  to: string;
  subject: string;
  text: string;
  /** The language it is written in (emailText's `lang`). */
  lang: string;
}

/** Where a link of `kind` opens: the account page, which reads and removes the token. */
export function accountLink(origin: string, kind: 'verify' | 'reset', token: string): string {
  return `${origin}/account?${kind}=${token}`;
}

export function verificationEmail(to: string, siteTitle: string, link: string, locale: EmailLocale): AccountEmail {
  const { lang, say } = emailText(locale);
  return {
    to,
    lang,
    subject: say('account.verifySubject', { site: siteTitle }),
    text: say('account.verify', { site: siteTitle, link }),
  };
}

export function resetEmail(to: string, siteTitle: string, link: string, locale: EmailLocale): AccountEmail {
  const { lang, say } = emailText(locale);
  return {
    to,
    lang,
    subject: say('account.resetSubject', { site: siteTitle }),
    text: say('account.reset', { site: siteTitle, link }),
  };
}

export function existingAccountEmail(to: string, siteTitle: string, origin: string, locale: EmailLocale): AccountEmail {
  const { lang, say } = emailText(locale);
  return {
    to,
    lang,
    subject: say('account.existingSubject', { site: siteTitle }),
    text: say('account.existing', { site: siteTitle, origin }),
  };
}
