/**
 * The Julian day range dates are formatted in (spec §5): Julian day 0 (1 January 4713 BC, Julian
 * calendar) to 4881503 (31 December 8652). Days are the site's time zone's days, as the reference
 * counts them: its calendar works on the zone-adjusted time, whose first day of 1970 is Julian
 * day 2440588.
 */
import { DAY_MS, wallTime, zoneFormat } from './wall-clock';

export const JULIAN_DAY_MIN = 0;
export const JULIAN_DAY_MAX = 4881503;
const JULIAN_DAY_OF_1970 = 2440588;

/** The Julian day a zone-adjusted time in milliseconds falls on. */
export function julianDay(localEpoch: number): number {
  return Math.floor(localEpoch / DAY_MS) + JULIAN_DAY_OF_1970;
}

/**
 * A time in milliseconds moved onto the first or last day of the range when its day (counted from
 * 1970 in whole days of its own clock) falls outside, keeping its time of day.
 */
export function clampToJulianDays(local: number): number {
  const day = julianDay(local);
  if (day >= JULIAN_DAY_MIN && day <= JULIAN_DAY_MAX) return local;
  const timeOfDay = local - Math.floor(local / DAY_MS) * DAY_MS;
  const clamped = Math.min(Math.max(day, JULIAN_DAY_MIN), JULIAN_DAY_MAX);
  return (clamped - JULIAN_DAY_OF_1970) * DAY_MS + timeOfDay;
}

/** The zone's offset near an instant (read where a JavaScript date exists: inside the range). */
function zoneOffset(epoch: number, zone: string): number {
  return wallTime(clampToJulianDays(epoch), zoneFormat(zone)).offset;
}

export function inJulianDayRange(epoch: number, zone: string): boolean {
  const day = julianDay(epoch + zoneOffset(epoch, zone));
  return day >= JULIAN_DAY_MIN && day <= JULIAN_DAY_MAX;
}

/**
 * An instant moved onto the first or last day of the range when its day in the zone falls
 * outside, keeping its time of day, as the reference's calendar does (a far-future date prints as
 * 31 December 8652).
 */
export function clampToJulianDayRange(epoch: number, zone: string): number {
  const offset = zoneOffset(epoch, zone);
  return clampToJulianDays(epoch + offset) - offset;
}
