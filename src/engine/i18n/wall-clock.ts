/**
 * Wall-clock time in a time zone, through `Intl.DateTimeFormat` (no time-zone data is bundled):
 * the zone's offset is asked of Intl once per quarter hour and cached. Shared by the date
 * formatters (`date.ts`) and the i18n date intervals (`dates.ts`).
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
  const local =
    utcDays(year, parts.month, parts.day) * DAY_MS + ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000;
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
  // Truncated like a Date's time value, so fractional milliseconds read as a Date would show them.
  const local = Math.trunc(epoch + offset);
  const days = Math.floor(local / DAY_MS);
  const { year, month, day } = civilDate(days);
  const msOfDay = local - days * DAY_MS;
  return {
    epoch,
    year,
    month,
    day,
    hour: Math.floor(msOfDay / 3_600_000),
    minute: Math.floor(msOfDay / 60_000) % 60,
    second: Math.floor(msOfDay / 1000) % 60,
    millisecond: msOfDay % 1000,
    // 1970-01-01 was a Thursday.
    weekday: (((days + 4) % 7) + 7) % 7,
    dayOfYear: days - utcDays(year, 1, 1) + 1,
    offset,
    format,
  };
}

/*
 * Calendar arithmetic on the proleptic Gregorian calendar, in 400-year eras of 146,097 days counted
 * from March 1st (so the leap day ends the year), for any year including 0 and negatives.
 */
const DAYS_PER_ERA = 146_097;
const MARCH_1ST_OF_YEAR_0 = -719_468;

/** Days since the Unix epoch of a date; a day past the end of the month runs into the next. */
export function utcDays(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * DAYS_PER_ERA + dayOfEra + MARCH_1ST_OF_YEAR_0;
}

/** The date of a day counted from the Unix epoch. */
function civilDate(days: number): { year: number; month: number; day: number } {
  const z = days - MARCH_1ST_OF_YEAR_0;
  const era = Math.floor(z / DAYS_PER_ERA);
  const dayOfEra = z - era * DAYS_PER_ERA;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
  };
}
