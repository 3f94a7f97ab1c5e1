/**
 * A date and time as the store reads it: epoch ms to the `datetime-local` text of the store's time
 * zone and back (a scheduled product publishes at 9:00 where the store is, wherever the merchant's
 * browser is); whether this runtime knows a zone, and the spec's message when it does not.
 */

/** Whether this runtime's Intl knows `timeZone` (an IANA name); a browser with older time-zone data may not. */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Engine spec §8: the message where the store's time zone cannot be loaded. */
export const timeZoneFailure = (timeZone: string) =>
  `Failed to load timezone ${timeZone}, retry or verify site availability`;

function zoneParts(
  ms: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** How far the zone's wall clock is ahead of UTC at `ms` (to the minute). */
function offsetAt(ms: number, timeZone: string): number {
  const p = zoneParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `ms` as 'YYYY-MM-DDTHH:MM' on the zone's wall clock. */
export function zonedInputText(ms: number, timeZone: string): string {
  const p = zoneParts(ms, timeZone);
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The instant a 'YYYY-MM-DDTHH:MM' wall-clock time of the zone names; null when the text is not one. */
export function fromZonedInput(text: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return null;
  // The offset of the guess, then of the instant it gives, so a time next to a daylight-saving change lands right.
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}
