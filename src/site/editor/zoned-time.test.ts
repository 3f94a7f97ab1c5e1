import { describe, expect, it } from 'vitest';
import { fromZonedInput, knownTimeZone, timeZoneFailure, zonedInputText } from './zoned-time';

describe('zoned time', () => {
  it('reads a wall-clock time in the store’s zone, not the browser’s', () => {
    expect(fromZonedInput('2026-12-01T09:00', 'America/New_York')).toBe(Date.UTC(2026, 11, 1, 14, 0));
    expect(fromZonedInput('2026-07-01T09:00', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 13, 0));
    expect(fromZonedInput('2026-12-01T09:00', 'Asia/Kolkata')).toBe(Date.UTC(2026, 11, 1, 3, 30));
    expect(fromZonedInput('2026-12-01T09:00', 'UTC')).toBe(Date.UTC(2026, 11, 1, 9, 0));
  });

  it('writes an instant as the zone’s wall clock, and the two round-trip', () => {
    const at = Date.UTC(2026, 2, 29, 1, 30);
    expect(zonedInputText(at, 'Europe/London')).toBe('2026-03-29T02:30');
    for (const zone of ['Europe/London', 'America/Los_Angeles', 'Australia/Adelaide'])
      expect(fromZonedInput(zonedInputText(at, zone), zone)).toBe(at);
  });

  it('refuses text that is not a date and time', () => {
    expect(fromZonedInput('', 'UTC')).toBeNull();
    expect(fromZonedInput('tomorrow', 'UTC')).toBeNull();
  });

  it("knows the runtime's zones and says the spec's text for one it cannot load (§8, E112)", () => {
    expect(knownTimeZone('America/New_York')).toBe(true);
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(timeZoneFailure('America/Ciudad_Juarez')).toBe(
      'Failed to load timezone America/Ciudad_Juarez, retry or verify site availability',
    );
  });
});
