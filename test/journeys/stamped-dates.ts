/**
 * Dates a page shows that the server or the page took from its clock while the test ran: a next charge one period after
 * paying, the day a subscription was paused or cancelled. The test reads its own clock before the action that took the
 * time and again once it sees the text, so the date shown is the day of one of the two: a journey that runs across
 * midnight still passes, and a wrong date still fails. (The browser, the store and the test share the machine's clock
 * and time zone.)
 */
import { expect } from 'vitest';

export const WEEK = 7 * 86_400_000;

/** 'Saturday, November 28, 2026' as the pages write a charge date (`chargeDateText`), in `locale`. */
export const longDate = (at: number, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(at);

/**
 * Waits until `read()` says `say(date)`, where date is the day `later` ms after a time between `since` (read before the
 * action) and the moment the text was read. Resolves with the text seen.
 */
export async function expectStamped(
  read: () => Promise<string | null>,
  say: (date: string) => string,
  since: number,
  { later = 0, locale = 'en-US', timeout = 60_000 }: { later?: number; locale?: string; timeout?: number } = {},
): Promise<string> {
  let seen = '';
  let expected: string[] = [];
  const shown = async () => {
    seen = (await read()) ?? '';
    // Read after the text: the time the page shows was taken between `since` and now.
    expected = [...new Set([since, Date.now()].map((at) => say(longDate(at + later, locale))))];
    return expected.includes(seen);
  };
  try {
    await expect.poll(shown, { timeout }).toBe(true);
  } catch {
    // Whole, where the poll's own message would cut both texts short.
    throw new Error(
      `Read "${seen}" for ${timeout / 1000} s, expecting ${expected.map((text) => `"${text}"`).join(' or ')}`,
    );
  }
  return seen;
}
