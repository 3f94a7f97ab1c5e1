/**
 * Signing in and out, for visitors (storefront spec §3, §7) and merchants: what the worker answers
 * and what the browser shows when a call fails, in one place for both sides. A shopper's messages are
 * the storefront catalogue's English (`account.*`), so the account page says them in its language.
 */
import { CART_MESSAGES } from '../commerce/cart';
import { EN_PURCHASE as EN } from '../commerce/storefront-text/en-purchase';
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password-rules';

/** The header an account call carries its session's xsrf token in. */
export const XSRF_HEADER = 'X-SiteUser-Xsrf-Token';

const BAD_CREDENTIALS = EN['account.badCredentials'];

export const SESSION_MESSAGES = {
  badCredentials: BAD_CREDENTIALS,
  signedOut: 'You are not signed in.',
  xsrf: CART_MESSAGES.sessionExpired,
  signInFailed: EN['account.signInFailed'],
  signOutFailed: EN['account.signOutFailed'],
} as const;

export const MERCHANT_MESSAGES = {
  badCredentials: BAD_CREDENTIALS,
  signIn: 'Please sign in to continue.',
  forbidden: 'Your role does not allow this.',
} as const;

/** Signing up, verifying an email and resetting a password (Shopify's wording where it has one). */
export const ACCOUNT_MESSAGES = {
  checkEmail: EN['account.checkEmail'],
  verified: EN['account.verified'],
  linkInvalid: EN['account.linkInvalid'],
  resetSent: EN['account.resetSent'],
  passwordChanged: EN['account.passwordChanged'],
  unverified: EN['account.unverified'],
  verificationSent: EN['account.verificationSent'],
  verificationLimited: EN['account.verificationLimited'],
  alreadyVerified: EN['account.alreadyVerified'],
  full: EN['account.full'],
  addressNotFound: 'That address is no longer saved.',
  failed: EN['account.failed'],
} as const;

/** The console's team screen (engine spec §5: 'Please enter a valid email'; §9: emails are 3 to 256 characters). */
export const TEAM_INVITE_MESSAGES = {
  email: 'Please enter a valid email',
  role: 'Choose at least one role.',
  password: PASSWORD_MESSAGES.short,
} as const;

export const MIN_TEAM_PASSWORD = MIN_PASSWORD_LENGTH;
