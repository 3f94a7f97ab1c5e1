/**
 * The emails a shopper's account sends: the verification link after sign-up, the password reset
 * link, and the note to an existing account when someone signs up with its email. Plain text; the
 * worker writes them with absolute links to the store's own /account page.
 */

export interface AccountEmail {
  to: string;
  subject: string;
  text: string;
}

/** Where a link of `kind` opens: the account page, which reads and removes the token. */
export function accountLink(origin: string, kind: 'verify' | 'reset', token: string): string {
  return `${origin}/account?${kind}=${token}`;
}

export function verificationEmail(to: string, siteTitle: string, link: string): AccountEmail {
  return {
    to,
    subject: `Verify your email for ${siteTitle}`,
    text: `Welcome to ${siteTitle}.\n\nOpen this link to verify your email address:\n${link}\n\nThe link works once, for 24 hours. If you did not create an account, ignore this email.\n`,
  };
}

export function resetEmail(to: string, siteTitle: string, link: string): AccountEmail {
  return {
    to,
    subject: `Reset your password for ${siteTitle}`,
    text: `Someone asked to reset the password of your ${siteTitle} account.\n\nOpen this link to choose a new password:\n${link}\n\nThe link works once, for 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, ignore this email: your password stays as it is.\n`,
  };
}

export function existingAccountEmail(to: string, siteTitle: string, origin: string): AccountEmail {
  return {
    to,
    subject: `You already have an account with ${siteTitle}`,
    text: `Someone tried to create a ${siteTitle} account with this email, which already has one.\n\nSign in at ${origin}/account\nForgot your password? Ask for a reset link on the same page.\n\nIf this was not you, nothing has changed and you can ignore this email.\n`,
  };
}
