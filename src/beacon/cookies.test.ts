import { describe, expect, it } from 'vitest';
import {
  COOKIE_MAX_AGE,
  formatVisitorRecord,
  parseSessionTimestamp,
  parseVisitorRecord,
  trackingCookie,
  trackingCookiesAllowed,
  visitAt,
} from './cookies';

const MINUTE = 60_000;

describe('visitor cookies', () => {
  it('reads and writes ss_cvr as id|first|previous|current|count', () => {
    const record = parseVisitorRecord('abc-1|100|200|300|4');
    expect(record).toEqual({ id: 'abc-1', firstVisit: 100, previousVisit: 200, currentVisit: 300, visitCount: 4 });
    expect(formatVisitorRecord(record!)).toBe('abc-1|100|200|300|4');
  });

  it('counts a malformed cookie as absent', () => {
    for (const raw of [
      undefined,
      null,
      '',
      'abc|1|2|3',
      'abc|1|2|3|0',
      'a b|1|2|3|4',
      'abc|1|2|x|4',
      `${'a'.repeat(65)}|1|2|3|4`,
    ]) {
      expect(parseVisitorRecord(raw)).toBeNull();
    }
    expect(parseSessionTimestamp('1700000000000')).toBe(1_700_000_000_000);
    expect(parseSessionTimestamp('-5')).toBeNull();
    expect(parseSessionTimestamp(undefined)).toBeNull();
  });

  it('starts a visit for a new visitor and after the 30-minute session lapses, not within it', () => {
    const first = visitAt(null, null, 1000, () => 'new-id');
    expect(first).toEqual({
      record: { id: 'new-id', firstVisit: 1000, previousVisit: 1000, currentVisit: 1000, visitCount: 1 },
      newVisit: true,
    });
    const within = visitAt(first.record, 1000, 1000 + 29 * MINUTE, () => 'unused');
    expect(within).toEqual({ record: first.record, newVisit: false });
    const later = visitAt(first.record, 1000, 1000 + 30 * MINUTE, () => 'unused');
    expect(later).toEqual({
      record: { ...first.record, previousVisit: 1000, currentVisit: 1000 + 30 * MINUTE, visitCount: 2 },
      newVisit: true,
    });
  });

  it('keeps tracking cookies under a restrictive policy only with consent, and never after a refusal', () => {
    expect(trackingCookiesAllowed(false, undefined)).toBe(true);
    expect(trackingCookiesAllowed(true, undefined)).toBe(false);
    expect(trackingCookiesAllowed(true, 'true')).toBe(true);
    expect(trackingCookiesAllowed(true, '1')).toBe(true);
    expect(trackingCookiesAllowed(false, 'false')).toBe(false);
    expect(trackingCookiesAllowed(false, '0')).toBe(false);
  });

  it('writes the cookie with its full lifetime, readable by the page, Secure outside development', () => {
    expect(trackingCookie('ss_cvr', 'a|1', COOKIE_MAX_AGE.ss_cvr, true)).toBe(
      `ss_cvr=a%7C1; Max-Age=${2 * 365 * 86400}; Path=/; SameSite=Lax; Secure`,
    );
    expect(trackingCookie('ss_cvt', '5', COOKIE_MAX_AGE.ss_cvt, false)).toBe(
      'ss_cvt=5; Max-Age=1800; Path=/; SameSite=Lax',
    );
  });
});
