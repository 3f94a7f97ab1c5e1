import { describe, expect, it } from 'vitest';
import { render } from '../index';
import { renderReference } from '../../../test/support/reference-engine';
import { clampToJulianDayRange, inJulianDayRange, julianDay, JULIAN_DAY_MAX, JULIAN_DAY_MIN } from './julian-day';

const DAY_MS = 86_400_000;
/** The first and last millisecond of the range (spec §5: Julian day 0 to 4881503) in UTC. */
const FIRST = (JULIAN_DAY_MIN - 2440588) * DAY_MS;
const LAST = (JULIAN_DAY_MAX - 2440588 + 1) * DAY_MS - 1;

describe('Julian day range (spec §5: 0 to 4881503)', () => {
  it('counts 1970-01-01 as Julian day 2440588 and bounds the range at 0 and 4881503', () => {
    expect(julianDay(0)).toBe(2440588);
    expect([julianDay(FIRST), julianDay(LAST)]).toEqual([0, 4881503]);
    expect([
      inJulianDayRange(FIRST, 'UTC'),
      inJulianDayRange(LAST, 'UTC'),
      inJulianDayRange(FIRST - 1, 'UTC'),
      inJulianDayRange(LAST + 1, 'UTC'),
    ]).toEqual([true, true, false, false]);
  });

  it('moves an instant outside the range onto its first or last day, keeping the time of day', () => {
    expect(clampToJulianDayRange(LAST, 'UTC')).toBe(LAST);
    expect(clampToJulianDayRange(LAST + 1, 'UTC')).toBe(LAST + 1 - DAY_MS);
    expect(clampToJulianDayRange(1e17, 'UTC')).toBe(LAST + 1 - DAY_MS + (1e17 % DAY_MS));
    expect(clampToJulianDayRange(FIRST - 1, 'UTC')).toBe(FIRST + DAY_MS - 1);
    expect(clampToJulianDayRange(-1e17, 'UTC') >= FIRST).toBe(true);
  });

  it("counts days in the site's time zone", () => {
    // 00:00 UTC on 1 January 8653 is still 31 December 8652 in New York: inside the range.
    expect(inJulianDayRange(LAST + 1, 'America/New_York')).toBe(true);
    expect(inJulianDayRange(LAST + 1, 'UTC')).toBe(false);
    expect(inJulianDayRange(FIRST, 'America/New_York')).toBe(false);
  });

  it('formats far-future instants on the last day of the range, as the reference does', () => {
    for (const t of [LAST + DAY_MS, LAST + 1, 1e17, 8.64e15, 1e300]) {
      for (const template of ['{t|datetime}', '{t|datetime date:short}', '{t,t|datetime-interval}']) {
        expect(render(template, { t }).html, `${template} ${t}`).toBe(renderReference(template, { t }));
      }
    }
    expect(render('{t|datetime}', { t: 1e17 }).html).toBe('December 31, 8652');
  });

  it('fails a legacy date tag outside the range, as the reference does', () => {
    for (const t of [FIRST - DAY_MS, FIRST, LAST + DAY_MS, 1e17]) {
      const out = render('{t|date %Y-%m-%d}', { t });
      expect(out.html).toBe(renderReference('{t|date %Y-%m-%d}', { t }));
      expect(out.errors[0]?.message).toBe(`Unexpected TypeError error when executing VARIABLE: Invalid date: ${t}`);
    }
    expect(render('{t|date %Y-%m-%d}', { t: LAST - DAY_MS }).html).toBe('8652-12-30');
  });
});
