/**
 * What a shopper's new password must be, checked in the browser as they type and again by the
 * worker: long enough (NIST SP 800-63B: length over composition rules), not the email itself, not
 * one of the passwords every guessing list starts with.
 */
import { EN_PURCHASE as EN } from '../commerce/storefront-text/en-purchase';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** The storefront catalogue's English (`password.*`, which writes the two lengths: password-rules.test.ts), so a page says them in its language. */
export const PASSWORD_MESSAGES = {
  short: EN['password.short'],
  long: EN['password.long'],
  email: EN['password.email'],
  common: EN['password.common'],
} as const;

const COMMON = new Set([
  '1234567890',
  '12345678910',
  '0123456789',
  '1111111111',
  '0000000000',
  'password123',
  'password1234',
  'passwordpassword',
  'qwertyuiop',
  'qwerty12345',
  '1q2w3e4r5t',
  'iloveyou123',
  'letmein123',
  'welcome123',
  'abcdefghij',
  'abc1234567',
  'asdfghjkl1',
  'changeme123',
]);

/** The first rule a new password breaks, or null when it is fine. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.short;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.long;
  const lower = password.toLowerCase();
  if (email.trim() !== '' && lower === email.trim().toLowerCase()) return PASSWORD_MESSAGES.email;
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return PASSWORD_MESSAGES.common;
  return null;
}
