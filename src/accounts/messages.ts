/**
 * Signing in and out, for visitors (storefront spec §3, §7) and merchants: what the worker answers
 * and what the browser shows when a call fails, in one place for both sides.
 */
import { CART_MESSAGES } from '../commerce/cart';
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password-rules';

/** The header an account call carries its session's xsrf token in. */
export const XSRF_HEADER = 'X-SiteUser-Xsrf-Token';

const BAD_CREDENTIALS = 'Your email or password is incorrect.';

export const SESSION_MESSAGES = {
  badCredentials: BAD_CREDENTIALS,
  signedOut: 'You are not signed in.',
  xsrf: CART_MESSAGES.sessionExpired,
  signInFailed: 'Unable to sign in. Please try again.',
  signOutFailed: 'Unable to sign out. Please try again.',
} as const;

export const MERCHANT_MESSAGES = {
  badCredentials: BAD_CREDENTIALS,
  signIn: 'Please sign in to continue.',
  forbidden: 'Your role does not allow this.',
} as const;

/** Signing up, verifying an email and resetting a password (Shopify's wording where it has one). */
export const ACCOUNT_MESSAGES = {
  checkEmail: 'Check your email: we sent a link to verify your address. It works for 24 hours.',
  verified: 'Your email is verified. You can sign in now.',
  linkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  resetSent:
    'If an account exists for this email, we have sent it a link to reset your password. The link works for 1 hour.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  unverified: 'Your email is not verified yet. Open the link we emailed you, or send a new one.',
  verificationSent: 'We sent a new verification link. Check your email.',
  verificationLimited: 'We sent you links recently. Check your email, or try again in an hour.',
  alreadyVerified: 'Your email is already verified.',
  full: 'This store cannot take new accounts right now. Please try again later.',
  addressNotFound: 'That address is no longer saved.',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The console's team screen (engine spec §5: 'Please enter a valid email'; §9: emails are 3 to 256 characters). */
export const TEAM_INVITE_MESSAGES = {
  email: 'Please enter a valid email',
  role: 'Choose at least one role.',
  password: PASSWORD_MESSAGES.short,
} as const;

export const MIN_TEAM_PASSWORD = MIN_PASSWORD_LENGTH;
