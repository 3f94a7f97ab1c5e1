/**
 * Signing in and out, for visitors (storefront spec §3, §7) and merchants: what the worker answers
 * and what the browser shows when a call fails, in one place for both sides.
 */
import { CART_MESSAGES } from '../commerce/cart';

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

/** The console's team screen (engine spec §5: 'Please enter a valid email'; §9: emails are 3 to 256 characters). */
export const TEAM_INVITE_MESSAGES = {
  email: 'Please enter a valid email',
  role: 'Choose at least one role.',
  password: 'Use at least 10 characters for your password.',
} as const;

export const MIN_TEAM_PASSWORD = 10;
