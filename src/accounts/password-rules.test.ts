import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES, passwordProblem } from './password-rules';

describe('passwordProblem', () => {
  it('asks for at least 10 characters and at most 200', () => {
    expect(passwordProblem('nine-char', 'a@example.com')).toBe(PASSWORD_MESSAGES.short);
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH + 1), 'a@example.com')).toBe(PASSWORD_MESSAGES.long);
    expect(passwordProblem('tidal-harbour-42', 'a@example.com')).toBeNull();
    // The catalogue's texts (src/commerce/storefront-text/en-purchase.ts) write the two lengths.
    expect(PASSWORD_MESSAGES.short).toContain(` ${MIN_PASSWORD_LENGTH} `);
    expect(PASSWORD_MESSAGES.long).toContain(` ${MAX_PASSWORD_LENGTH} `);
  });

  it('refuses the email itself, common passwords and one character repeated', () => {
    expect(passwordProblem('Ada@Example.com', 'ada@example.com')).toBe(PASSWORD_MESSAGES.email);
    expect(passwordProblem('Password123', 'a@example.com')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('aaaaaaaaaaaa', 'a@example.com')).toBe(PASSWORD_MESSAGES.common);
  });
});
