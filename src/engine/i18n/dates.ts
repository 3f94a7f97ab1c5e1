/**
 * Dates and date intervals for the i18n formatters, rendered with Intl.DateTimeFormat.
 *
 * Templates describe a format as CLDR widths (`date:long`) and/or a skeleton (`yMMMd`, `hm`). A
 * skeleton is read into Intl component options; a skeleton with both date and time fields is
 * formatted as a date part and a time part joined by the locale's date-time connector, chosen by
 * the date part's month width as CLDR does ("Feb 10, 2020, 2:07 PM" but "February 10, 2020 at
 * 2:07 PM").
 */
import { dateFormat } from './intl';
import { wallTime, zoneFormat, type WallTime } from './wall-clock';
import type { DatetimeOptions, FormatWidth, IntervalOptions, TextContext } from './options';

/** Which field a skeleton letter sets: date fields come before the day period, time fields after. */
type FieldGroup = 'date' | 'time' | 'none';

/** A skeleton read into Intl options, split into its date and time parts. */
export interface Skeleton {
  date: Intl.DateTimeFormatOptions | null;
  time: Intl.DateTimeFormatOptions | null;
  /** Width of the month field (3 = abbreviated, 4 = wide), 0 without one. */
  monthWidth: number;
  hasWeekday: boolean;
  /** The largest of era, year, month, day, day period, hour, minute present ('s' when none is). */
  largest: 'G' | 'y' | 'M' | 'd' | 'a' | 'H' | 'm' | 's';
  /** Hour letter used ('h', 'H', 'K', 'k' or 'j'), '' without an hour. */
  hour: string;
}

const LARGEST_ORDER = ['G', 'y', 'M', 'd', 'a', 'H', 'm', 's'] as const;

const MONTH_STYLES: readonly (Intl.DateTimeFormatOptions['month'] | undefined)[] = [
  undefined,
  'numeric',
  '2-digit',
  'short',
  'long',
  'narrow',
];

function textWidth(width: number): 'short' | 'long' | 'narrow' {
  return width === 4 ? 'long' : width === 5 ? 'narrow' : 'short';
}

function groupOf(letter: string): FieldGroup {
  if ('GyYuUrQqMLlwWdDFgEec'.includes(letter)) return 'date';
  if ('abBhHKkjJCmsSAzZOvVXx'.includes(letter)) return 'time';
  return 'none';
}

/** Reads a skeleton such as "yMMMEd" or "hmv"; letters it does not know are skipped. */
export function parseSkeleton(skeleton: string): Skeleton {
  const date: Intl.DateTimeFormatOptions = {};
  const time: Intl.DateTimeFormatOptions = {};
  let hasDate = false;
  let hasTime = false;
  let monthWidth = 0;
  let hasWeekday = false;
  let hour = '';
  const present = new Set<string>();
  let i = 0;
  while (i < skeleton.length) {
    const letter = skeleton.charAt(i);
    let width = 1;
    while (skeleton.charAt(i + width) === letter) width++;
    i += width;
    const group = groupOf(letter);
    if (group === 'none') continue;
    if (group === 'date') hasDate = true;
    else hasTime = true;
    switch (letter) {
      case 'G':
        date.era = textWidth(width);
        present.add('G');
        break;
      case 'y':
      case 'Y':
      case 'u':
      case 'U':
      case 'r':
        date.year = width === 2 ? '2-digit' : 'numeric';
        present.add('y');
        break;
      case 'M':
      case 'L':
        date.month = MONTH_STYLES[Math.min(width, 5)];
        monthWidth = Math.min(width, 5);
        present.add('M');
        break;
      case 'd':
        date.day = width === 2 ? '2-digit' : 'numeric';
        present.add('d');
        break;
      case 'E':
      case 'e':
      case 'c':
        if (letter === 'E' || width >= 3) {
          date.weekday = textWidth(width === 6 ? 3 : width);
          hasWeekday = true;
        }
        break;
      case 'a':
      case 'b':
        present.add('a');
        break;
      case 'B':
        time.dayPeriod = textWidth(width);
        present.add('a');
        break;
      case 'h':
      case 'H':
      case 'K':
      case 'k':
      case 'j':
      case 'J':
      case 'C':
        time.hour = width === 2 ? '2-digit' : 'numeric';
        hour = letter === 'J' || letter === 'C' ? 'j' : letter;
        if (letter === 'h') time.hourCycle = 'h12';
        else if (letter === 'H') time.hourCycle = 'h23';
        else if (letter === 'K') time.hourCycle = 'h11';
        else if (letter === 'k') time.hourCycle = 'h24';
        present.add('H');
        break;
      case 'm':
        time.minute = width === 2 ? '2-digit' : 'numeric';
        present.add('m');
        break;
      case 's':
        time.second = width === 2 ? '2-digit' : 'numeric';
        present.add('s');
        break;
      case 'S':
        time.fractionalSecondDigits = Math.min(width, 3) as 1 | 2 | 3;
        break;
      case 'z':
        time.timeZoneName = width >= 4 ? 'long' : 'short';
        break;
      case 'v':
      case 'V':
        time.timeZoneName = width >= 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
        time.timeZoneName = width >= 4 ? 'longOffset' : 'shortOffset';
        break;
      case 'Z':
      case 'X':
      case 'x':
        time.timeZoneName = 'shortOffset';
        break;
    }
  }
  const largest = LARGEST_ORDER.find((f) => present.has(f)) ?? 's';
  return {
    date: hasDate ? date : null,
    time: hasTime ? time : null,
    monthWidth,
    hasWeekday,
    largest,
    hour,
  };
}

/** Locale tag with the calendar to use (Gregorian unless the template asks for another). */
const calendarLocales = new Map<string, string>();

export function calendarLocale(locale: string, calendar: string | undefined): string {
  const key = locale + '|' + (calendar ?? '');
  let tag = calendarLocales.get(key);
  if (tag === undefined) {
    try {
      tag = new Intl.Locale(locale, { calendar: calendar ?? 'gregory' }).toString();
    } catch {
      tag = locale;
    }
    calendarLocales.set(key, tag);
  }
  return tag;
}

type Part = Intl.DateTimeFormatPart;

type ZoneStyle = NonNullable<Intl.DateTimeFormatOptions['timeZoneName']>;

/** Which zone name a format prints: its own `timeZoneName`, or what a time style implies (z, zzzz). */
function zoneStyleOf(options: Intl.DateTimeFormatOptions): ZoneStyle | undefined {
  if (options.timeZoneName !== undefined) return options.timeZoneName;
  if (options.timeStyle === 'full') return 'long';
  return options.timeStyle === 'long' ? 'short' : undefined;
}

/** The locale's word for UTC in a GMT format ('GMT' in English), read from an offset zone's name. */
function gmtWord(locale: string): string {
  const name = join(
    dateFormat(locale, { timeZone: 'Etc/GMT-1', timeZoneName: 'shortOffset' })
      .formatToParts(0)
      .filter((p) => p.type === 'timeZoneName'),
  );
  return name.replace(/[+\u2212-].*$/, '');
}

/**
 * A zone name as CLDR's own formatter prints it where Intl (ICU) chooses differently: at a zero
 * offset every GMT form and UTC's names are the GMT-zero format ('GMT', and 'Greenwich Mean Time'
 * for UTC's long name); a generic name (`v`, `vvvv`) is the zone's generic name as of today ('ET'
 * even in 1969, when ICU says 'New York Time'), or the GMT offset where the locale has none
 * ('GMT+5:30' rather than 'India Time', 'GMT+05:30' rather than the standard 'India Standard Time').
 */
function zoneName(locale: string, zone: string, style: ZoneStyle, epoch: number, intlName: string): string {
  const named = (s: ZoneStyle, at: number, z = zone) =>
    join(
      dateFormat(locale, { timeZone: z, timeZoneName: s })
        .formatToParts(at)
        .filter((p) => p.type === 'timeZoneName'),
    );
  let name = intlName;
  if (style === 'shortGeneric') {
    const today = named('shortGeneric', PROBE_EPOCH);
    name = /\s/.test(today) ? named('shortOffset', epoch) : today;
  } else if (style === 'longGeneric') {
    const today = named('longGeneric', PROBE_EPOCH);
    name = today === named('long', PROBE_EPOCH) ? named('longOffset', epoch) : today;
  }
  if (wallTime(epoch, zoneFormat(zone)).offset !== 0) return name;
  if (style === 'long') return name === named('long', 0, 'UTC') ? named('long', 0, 'Africa/Abidjan') : name;
  return name === named('short', 0, 'UTC') || /\d/.test(name) ? gmtWord(locale) : name;
}

/**
 * English names of the flexible day period at exactly 00:00 by width. CLDR's formatter names that
 * minute (`Bh` prints '12 midnight'); ICU never does, and Intl offers no way to ask for the word, so
 * it is kept here for English, the locale the reference is checked in. Other locales print Intl's.
 */
const MIDNIGHT: Readonly<Record<string, Partial<Record<string, string>>>> = {
  en: { short: 'midnight', long: 'midnight', narrow: 'mi' },
};

function midnightName(locale: string, zone: string, width: string, epoch: number): string | undefined {
  const word = MIDNIGHT[locale.split('-')[0] as string]?.[width];
  if (word === undefined) return undefined;
  const t = wallTime(epoch, zoneFormat(zone));
  return t.hour === 0 && t.minute === 0 ? word : undefined;
}

function formatParts(locale: string, zone: string, options: Intl.DateTimeFormatOptions, epoch: number): Part[] {
  let parts = dateFormat(locale, { ...options, timeZone: zone }).formatToParts(epoch);
  const style = zoneStyleOf(options);
  if (style !== undefined) {
    parts = parts.map((p) =>
      p.type === 'timeZoneName' ? { type: p.type, value: zoneName(locale, zone, style, epoch, p.value) } : p,
    );
  }
  const midnight = options.dayPeriod === undefined ? undefined : midnightName(locale, zone, options.dayPeriod, epoch);
  if (midnight !== undefined)
    parts = parts.map((p) => (p.type === 'dayPeriod' ? { type: p.type, value: midnight } : p));
  // A one-letter day or month in a skeleton means no zero padding, even where the locale's own
  // pattern pads ("24/2/2020" for yMd in French); Intl keeps the locale's padding.
  if (options.day !== 'numeric' && options.month !== 'numeric') return parts;
  return parts.map((p) =>
    (p.type === 'day' && options.day === 'numeric') || (p.type === 'month' && options.month === 'numeric')
      ? { type: p.type, value: p.value.replace(/^0(?=\d)/, '') }
      : p,
  );
}

function join(parts: readonly Part[]): string {
  let out = '';
  for (const p of parts) out += p.value;
  return out;
}

/** A wrapper joining a date and a time: text before, between and after, and which comes first. */
interface Connector {
  before: string;
  between: string;
  after: string;
  timeFirst: boolean;
}

const connectors = new Map<string, Connector>();

/** A date and time far from any ambiguity, used to discover how a locale joins date and time. */
const PROBE_EPOCH = Date.UTC(2001, 10, 23, 13, 45, 56);

/**
 * The locale's date-time connector for a width (CLDR dateTimeFormats), found by formatting a
 * probe date with the date and time styles together and apart.
 */
function connector(locale: string, width: FormatWidth): Connector {
  const key = locale + '|' + width;
  let found = connectors.get(key);
  if (found === undefined) {
    found = { before: '', between: ' ', after: '', timeFirst: false };
    try {
      const both = dateFormat(locale, { dateStyle: width, timeStyle: width, timeZone: 'UTC' }).format(PROBE_EPOCH);
      const d = dateFormat(locale, { dateStyle: width, timeZone: 'UTC' }).format(PROBE_EPOCH);
      const t = dateFormat(locale, { timeStyle: width, timeZone: 'UTC' }).format(PROBE_EPOCH);
      const di = both.indexOf(d);
      const ti = both.indexOf(t, di === -1 ? 0 : di + d.length);
      if (di !== -1 && ti !== -1) {
        found = {
          before: both.slice(0, di),
          between: both.slice(di + d.length, ti),
          after: both.slice(ti + t.length),
          timeFirst: false,
        };
      } else {
        const t2 = both.indexOf(t);
        const d2 = t2 === -1 ? -1 : both.indexOf(d, t2 + t.length);
        if (t2 !== -1 && d2 !== -1) {
          found = {
            before: both.slice(0, t2),
            between: both.slice(t2 + t.length, d2),
            after: both.slice(d2 + d.length),
            timeFirst: true,
          };
        }
      }
    } catch {
      // keep the plain space
    }
    connectors.set(key, found);
  }
  return found;
}

function wrap(locale: string, width: FormatWidth, date: string, time: string): string {
  const c = connector(locale, width);
  return c.before + (c.timeFirst ? time + c.between + date : date + c.between + time) + c.after;
}

/** The connector width CLDR picks for a skeleton's date part. */
function wrapperWidth(s: Skeleton): FormatWidth {
  if (s.monthWidth === 4) return s.hasWeekday ? 'full' : 'long';
  return s.monthWidth === 3 ? 'medium' : 'short';
}

const TEXT_PARTS = new Set(['weekday', 'month', 'era', 'dayPeriod']);

/** At the start of a sentence a leading word (weekday, month name, …) gets a capital. */
function applyContext(parts: Part[], context: TextContext | undefined): Part[] {
  const first = parts[0];
  if (context !== 'begin-sentence' || first === undefined || !TEXT_PARTS.has(first.type)) return parts;
  return [{ type: first.type, value: capitalize(first.value) }, ...parts.slice(1)];
}

function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** Formats one instant for a parsed skeleton: date and time parts joined as CLDR does. */
function formatSkeleton(locale: string, zone: string, s: Skeleton, epoch: number, context?: TextContext): string {
  if (s.date !== null && s.time !== null) {
    const date = join(applyContext(formatParts(locale, zone, s.date, epoch), context));
    const time = join(formatParts(locale, zone, s.time, epoch));
    return wrap(locale, wrapperWidth(s), date, time);
  }
  const options = s.date ?? s.time;
  if (options === null) return '';
  return join(applyContext(formatParts(locale, zone, options, epoch), context));
}

/** The `datetime` formatter: widths, skeletons or both, in the website's time zone. */
export function formatDatetime(locale: string, zone: string, epoch: number, o: DatetimeOptions): string {
  const loc = calendarLocale(locale, o.calendar);
  let dateWidth = o.datetime ?? o.date;
  const timeWidth = o.datetime ?? o.time;
  const skeleton = o.skeleton ?? '';
  if (dateWidth === undefined && timeWidth === undefined && skeleton === '') dateWidth = 'long';
  let date: string | undefined;
  let time: string | undefined;
  if (dateWidth !== undefined)
    date = join(applyContext(formatParts(loc, zone, { dateStyle: dateWidth }, epoch), o.context));
  if (timeWidth !== undefined) time = join(formatParts(loc, zone, { timeStyle: timeWidth }, epoch));
  let width = o.wrap ?? (date !== undefined && time !== undefined ? dateWidth : undefined);
  if (skeleton !== '' && (date === undefined || time === undefined)) {
    const s = parseSkeleton(skeleton);
    if (date !== undefined) {
      // A standard date with a skeleton: the skeleton supplies the time.
      if (s.time !== null) time = join(formatParts(loc, zone, s.time, epoch));
    } else if (time !== undefined) {
      if (s.date !== null) {
        date = join(applyContext(formatParts(loc, zone, s.date, epoch), o.context));
        width ??= wrapperWidth(s);
      }
    } else if (o.wrap === undefined) {
      return formatSkeleton(loc, zone, s, epoch, o.context);
    } else {
      if (s.date !== null) date = join(applyContext(formatParts(loc, zone, s.date, epoch), o.context));
      if (s.time !== null) time = join(formatParts(loc, zone, s.time, epoch));
    }
    if (width === undefined) width = dateWidth ?? 'short';
  }
  if (date !== undefined && time !== undefined) return wrap(loc, width ?? 'short', date, time);
  return date ?? time ?? '';
}

/** Wall-clock fields of an instant in a zone (Gregorian, 24-hour), the year counted within its era. */
type WallClock = Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'> & { era: string };

/** The wall clock of the shared zone cache (wall-clock.ts), with the era as the Gregorian calendar names it. */
function wallClock(zone: string, epoch: number): WallClock {
  const t = wallTime(epoch, zoneFormat(zone));
  return {
    era: t.year > 0 ? 'AD' : 'BC',
    year: t.year > 0 ? t.year : 1 - t.year,
    month: t.month,
    day: t.day,
    hour: t.hour,
    minute: t.minute,
    second: t.second,
  };
}

/** Interval fields from largest to smallest: era, year, month, day, day period, hour, minute. */
type IntervalField = 'G' | 'y' | 'M' | 'd' | 'a' | 'H' | 'm';
const INTERVAL_FIELDS: readonly IntervalField[] = ['G', 'y', 'M', 'd', 'a', 'H', 'm'];

function differs(a: WallClock, b: WallClock, field: IntervalField): boolean {
  switch (field) {
    case 'G':
      return a.era !== b.era;
    case 'y':
      return a.year !== b.year;
    case 'M':
      return a.month !== b.month;
    case 'd':
      return a.day !== b.day;
    case 'a':
      return a.hour < 12 !== b.hour < 12;
    case 'H':
      return a.hour !== b.hour;
    case 'm':
      return a.minute !== b.minute;
  }
}

/** The largest field in which two wall-clock times differ; 's' when none does. */
function fieldOfDifference(a: WallClock, b: WallClock): IntervalField | 's' {
  return INTERVAL_FIELDS.find((f) => differs(a, b, f)) ?? 's';
}

/** The interval fields a set of Intl options shows (with the day period for a 12-hour clock). */
function shownFields(locale: string, options: Intl.DateTimeFormatOptions): IntervalField[] {
  const shown: IntervalField[] = [];
  if (options.era !== undefined) shown.push('G');
  if (options.year !== undefined) shown.push('y');
  if (options.month !== undefined) shown.push('M');
  if (options.day !== undefined) shown.push('d');
  if (options.hour !== undefined) {
    const cycle = dateFormat(locale, options).resolvedOptions().hourCycle;
    if (options.dayPeriod !== undefined || cycle === 'h11' || cycle === 'h12') shown.push('a');
    shown.push('H');
  }
  if (options.minute !== undefined) shown.push('m');
  return shown;
}

/** An instant like `epoch` on the wall clock but for one field moved by one unit, within the larger fields. */
function nudge(epoch: number, w: WallClock, field: IntervalField, twelveHour: boolean): number {
  let { year, month, day, hour, minute } = w;
  switch (field) {
    case 'G':
    case 'y':
      year += 1;
      break;
    case 'M':
      month += month === 12 ? -1 : 1;
      day = Math.min(day, 28);
      break;
    case 'd':
      day += day >= 28 ? -1 : 1;
      break;
    case 'a':
      hour += hour < 12 ? 12 : -12;
      break;
    case 'H':
      hour += (twelveHour ? hour % 12 === 11 : hour === 23) ? -1 : 1;
      break;
    case 'm':
      minute += minute === 59 ? -1 : 1;
      break;
  }
  const before = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const after = Date.UTC(year, month - 1, day, hour, minute, w.second);
  return epoch + (after - before);
}

/**
 * A range in one skeleton (date fields only, or time fields only). The range pattern is chosen by
 * the largest field the skeleton shows that differs (or its smallest field when none of its fields
 * differ), as CLDR interval formats are; seconds never take part. Intl picks its pattern from the
 * actual difference and may add fields, so the range is formatted against an instant that differs
 * from the start in exactly that field, and the end's own values are put in its place.
 */
function formatRange(
  locale: string,
  zone: string,
  options: Intl.DateTimeFormatOptions,
  start: number,
  end: number,
  a: WallClock,
  b: WallClock,
): string {
  const o: Intl.DateTimeFormatOptions = { ...options };
  delete o.second;
  delete o.fractionalSecondDigits;
  const shown = shownFields(locale, o);
  if (shown.length === 0) return join(formatParts(locale, zone, options, start));
  const field = shown.find((f) => differs(a, b, f)) ?? (shown[shown.length - 1] as IntervalField);
  const synthetic = nudge(start, a, field, shown.includes('a'));
  const parts = dateFormat(locale, { ...o, timeZone: zone }).formatRangeToParts(start, synthetic);
  if (!parts.some((p) => p.source === 'endRange')) return join(formatParts(locale, zone, o, start));
  const endParts = formatParts(locale, zone, o, end);
  const startParts = formatParts(locale, zone, o, start);
  let out = '';
  for (const p of parts) {
    if (p.type === 'literal') out += p.value;
    else {
      const own = (p.source === 'endRange' ? endParts : startParts).find((q) => q.type === p.type);
      out += own?.value ?? p.value;
    }
  }
  return out;
}

const fallbackSeparators = new Map<string, string>();
const NUMERIC_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

/**
 * The interval fallback "{0} – {1}" in the locale's own punctuation, found from a date-time range
 * whose days differ (which interval patterns do not cover).
 */
function fallbackRange(locale: string, start: string, end: string): string {
  let separator = fallbackSeparators.get(locale);
  if (separator === undefined) {
    separator = ' – ';
    try {
      const parts = dateFormat(locale, { ...NUMERIC_DATE_TIME, timeZone: 'UTC' }).formatRangeToParts(
        Date.UTC(2001, 5, 1, 10),
        Date.UTC(2001, 5, 4, 12),
      );
      const shared = parts
        .filter((p) => p.source === 'shared')
        .map((p) => p.value)
        .join('');
      if (shared !== '') separator = shared;
    } catch {
      // keep the default
    }
    fallbackSeparators.set(locale, separator);
  }
  return start + separator + end;
}

/**
 * The `datetime-interval` formatter. Without a skeleton: a date range (yMMMd) when the dates
 * differ, a time range (hour and minute) when only the time does. A skeleton with time fields
 * only gets the date added when the days differ; one with date and time fields formats the shared
 * date once followed by a time range, or both full instants when the days differ.
 */
export function formatInterval(locale: string, zone: string, start: number, end: number, o: IntervalOptions): string {
  const loc = calendarLocale(locale, undefined);
  const a = wallClock(zone, start);
  const b = wallClock(zone, end);
  const fovd = fieldOfDifference(a, b);
  const dateDiffers = fovd === 'G' || fovd === 'y' || fovd === 'M' || fovd === 'd';
  let skeleton = o.skeleton;
  if (skeleton === undefined) skeleton = dateDiffers && o.date !== undefined ? o.date : o.time;
  let s: Skeleton;
  if (skeleton === undefined || skeleton === '') {
    s = parseSkeleton(dateDiffers ? 'yMMMd' : 'jm');
  } else {
    s = parseSkeleton(skeleton);
    if (dateDiffers && s.date === null) {
      skeleton = 'yMMMd' + skeleton;
      s = parseSkeleton(skeleton);
    }
    // Without an hour or larger field, a range needs the hour (and minute) to mean anything.
    if (s.largest === 's' || s.largest === 'm') s = parseSkeleton((s.largest === 's' ? 'jm' : 'j') + skeleton);
  }

  if (s.date !== null && s.time !== null) {
    if (dateDiffers) {
      return fallbackRange(loc, formatSkeleton(loc, zone, s, start, o.context), formatSkeleton(loc, zone, s, end));
    }
    const date = formatSkeleton(loc, zone, { ...s, time: null }, start, o.context);
    if (fovd === 's') return wrap(loc, 'medium', date, formatSkeleton(loc, zone, { ...s, date: null }, start));
    return wrap(loc, 'medium', date, formatRange(loc, zone, s.time, start, end, a, b));
  }
  const options = s.date ?? s.time;
  if ((!dateDiffers && s.time === null) || fovd === 's' || options === null)
    return formatSkeleton(loc, zone, s, start, o.context);
  return formatRange(loc, zone, options, start, end, a, b);
}
