/**
 * Wall-clock time in a time zone, through `Intl.DateTimeFormat` (no time-zone data is bundled):
 * the zone's offset is asked of Intl once per quarter hour and cached. Shared by the date
 * formatters (`date.ts`) and the i18n date intervals (`i18n-dates.ts`).
 */
export interface ZoneFormat {
  zone: string;
  fields: Intl.DateTimeFormat;
  name: Intl.DateTimeFormat;
  /** Offsets by quarter hour of UTC time: zone transitions fall on quarter hours. */
  offsets: Map<number, number>;
  /** Abbreviations by offset. */
  abbreviations: Map<number, string>;
}

const zoneFormats = new Map<string, ZoneFormat>();
const QUARTER_HOUR_MS = 900_000;
const MAX_CACHED_OFFSETS = 4096;

function validZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

export function zoneFormat(zone: string): ZoneFormat {
  let format = zoneFormats.get(zone);
  if (format === undefined) {
    const timeZone = zone === '' ? 'UTC' : validZone(zone);
    format = {
      zone: timeZone,
      fields: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      }),
      name: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
      offsets: new Map(),
      abbreviations: new Map(),
    };
    zoneFormats.set(zone, format);
  }
  return format;
}

/** The zone's offset from UTC (milliseconds) at an instant: asked of Intl once per quarter hour, then cached. */
function offsetAt(format: ZoneFormat, epoch: number): number {
  const bucket = Math.floor(epoch / QUARTER_HOUR_MS);
  let offset = format.offsets.get(bucket);
  if (offset === undefined) {
    offset = intlOffset(format, bucket * QUARTER_HOUR_MS);
    if (format.offsets.size >= MAX_CACHED_OFFSETS) format.offsets.clear();
    format.offsets.set(bucket, offset);
  }
  return offset;
}

function intlOffset(format: ZoneFormat, epoch: number): number {
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, bc: false };
  for (const part of format.fields.formatToParts(epoch)) {
    switch (part.type) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        parts[part.type] = Number(part.value);
        break;
      case 'era':
        parts.bc = part.value.startsWith('B');
        break;
    }
  }
  const year = parts.bc ? 1 - parts.year : parts.year;
  const local = utcDays(year, parts.month, parts.day) * DAY_MS + ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000;
  return local - (epoch - (((epoch % 1000) + 1000) % 1000));
}

/** A moment as seen on a wall clock in one zone. */
export interface WallTime {
  epoch: number;
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 (Sunday) to 6 */
  weekday: number;
  /** 1-366 */
  dayOfYear: number;
  /** Offset from UTC in milliseconds. */
  offset: number;
  format: ZoneFormat;
}

export const DAY_MS = 86_400_000;

export function wallTime(epoch: number, format: ZoneFormat): WallTime {
  const offset = offsetAt(format, epoch);
  const local = new Date(epoch + offset);
  const year = local.getUTCFullYear();
  const localDays = Math.floor((epoch + offset) / DAY_MS);
  return {
    epoch,
    year,
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
    weekday: local.getUTCDay(),
    dayOfYear: localDays - utcDays(year, 1, 1) + 1,
    offset,
    format,
  };
}

/** Days since the Unix epoch of a proleptic Gregorian date (any year, including 0 and negatives). */
export function utcDays(year: number, month: number, day: number): number {
  // Date.UTC reads years 0-99 as 1900-1999, so those go through setUTCFullYear.
  if (year >= 100) return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.floor(date.getTime() / DAY_MS);
}
