import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsSession, analyticsSessionId } from './session';

const MINUTE = 60_000;
const now = 1_800_000_000_000;

describe('analytics session (first landing, first session)', () => {
  it('counts a visitor with no cookies as landing in their first session', () => {
    expect(analyticsSession(null, null, now)).toEqual({ firstLanding: true, firstSession: true });
  });

  it('keeps the first session for later pages of the first visit, which are not landings', () => {
    expect(analyticsSession(`v1|${now - MINUTE}|${now - MINUTE}|${now - MINUTE}|1`, String(now - MINUTE), now)).toEqual(
      { firstLanding: false, firstSession: true },
    );
  });

  it('starts a new, later session once the 30-minute session cookie lapsed', () => {
    const record = `v1|${now - 60 * MINUTE}|${now - 60 * MINUTE}|${now - 60 * MINUTE}|1`;
    expect(analyticsSession(record, String(now - 31 * MINUTE), now)).toEqual({
      firstLanding: true,
      firstSession: false,
    });
    expect(analyticsSession(record, null, now)).toEqual({ firstLanding: true, firstSession: false });
  });

  afterEach(() => vi.restoreAllMocks());

  it('treats a malformed visitor or session cookie as absent, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(analyticsSession('garbage', String(now), now)).toEqual({ firstLanding: true, firstSession: true });
    expect(analyticsSession(null, '-5', now)).toEqual({ firstLanding: true, firstSession: true });
    expect(warn.mock.calls).toEqual([
      ['Analytics: the ss_cvr cookie does not parse; treated as empty'],
      ['Analytics: the ss_cvt cookie does not parse; treated as empty'],
    ]);
    warn.mockClear();
    analyticsSession(null, null, now);
    expect(warn).not.toHaveBeenCalled();
  });

  it("names the session end_user_session_id by the visitor and its current visit's start (E36)", () => {
    expect(analyticsSessionId(`v1|${now - 60 * MINUTE}|${now - 60 * MINUTE}|${now - MINUTE}|2`)).toBe(
      `v1-${now - MINUTE}`,
    );
    expect(analyticsSessionId(null)).toBeNull();
    expect(analyticsSessionId(`${'v'.repeat(63)}|1|1|1|1`)).toBeNull();
  });
});
