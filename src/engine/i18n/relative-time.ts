/**
 * Relative times ("in 12 days", "11 hours ago") for the `relative-time` formatter, and the English
 * ages ("about 3 weeks ago") of the `timesince` formatter.
 *
 * The distance between two instants is a calendar difference in UTC, in the manner of Temporal's
 * `until`: whole years and months first, then days, then time. The largest non-zero field is
 * shown, with what lies below it as a fraction rounded away; Intl.RelativeTimeFormat writes it.
 */
import { type Decimal, abs, compare, decimalFromNumber, setScale, stripTrailingZeros, toNumber, ZERO } from './decimal';
import { relativeTimeFormat } from './intl';
import { adjustDigits } from './numbers';
import type { RelativeField, RelativeTimeOptions } from './options';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

interface Period {
  year: number;
  month: number;
  week: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
}

const PERIOD_FIELDS: readonly RelativeField[] = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis'];
const DEFAULT_FIELDS: ReadonlySet<RelativeField> = new Set([
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'millis',
]);

interface YMD {
  year: number;
  month: number;
  day: number;
}

function toYMD(epoch: number): YMD {
  const d = new Date(epoch);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function dayNumber(d: YMD): number {
  return Math.floor(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function normalize(year: number, month: number): { year: number; month: number } {
  const m = month - 1;
  return { year: year + Math.floor(m / 12), month: (((m % 12) + 12) % 12) + 1 };
}

function addDays(d: YMD, days: number): YMD {
  return toYMD(Date.UTC(d.year, d.month - 1, d.day + days));
}

/** Whether (y, m, d) lies beyond `two` in the direction `sign`. */
function beyond(sign: number, y: number, m: number, d: number, two: YMD): boolean {
  if (y !== two.year) return sign * (y - two.year) > 0;
  if (m !== two.month) return sign * (m - two.month) > 0;
  if (d !== two.day) return sign * (d - two.day) > 0;
  return false;
}

/**
 * Calendar difference from `e1` to `e2` (UTC) in the requested fields. With `fractions`, what is
 * left below the smallest requested field becomes its fraction.
 */
function difference(
  e1: number,
  e2: number,
  fields: readonly RelativeField[] | null,
  fractions: boolean,
  includeWeeks: boolean,
): Period {
  const result: Period = { year: 0, month: 0, week: 0, day: 0, hour: 0, minute: 0, second: 0, millis: 0 };
  if (e1 === e2) return result;
  const has: ReadonlySet<RelativeField> = fields === null ? DEFAULT_FIELDS : new Set(fields);
  const smallest: RelativeField = fields === null ? 'millis' : (fields[fields.length - 1] as RelativeField);
  const incr = e1 < e2 ? 1 : -1;
  const one = toYMD(e1);
  let two = toYMD(e2);
  const ms1 = e1 - Date.UTC(one.year, one.month - 1, one.day);
  const ms2 = e2 - Date.UTC(two.year, two.month - 1, two.day);
  let millis: number;
  if (one.year === two.year && one.month === two.month && one.day === two.day) {
    millis = e2 - e1;
  } else {
    // Move the end date back a day (or two) while its time of day is before the start's.
    let shift = Math.sign(ms2 - ms1) === -incr ? 1 : 0;
    const maxShift = incr === 1 ? 2 : 1;
    let target = two;
    let delta = 0;
    for (; shift <= maxShift; shift++) {
      target = addDays(two, -shift * incr);
      delta = e2 - (Date.UTC(target.year, target.month - 1, target.day) + ms1);
      if (Math.sign(delta) !== -incr) break;
    }
    two = target;
    millis = delta;

    if (has.has('year') || has.has('month')) {
      let years = two.year - one.year;
      if (years !== 0) years -= incr;
      while (!beyond(incr, one.year + years, one.month, one.day, two)) {
        result.year = years;
        years += incr;
      }
      let months = incr;
      let seek = normalize(one.year + result.year, one.month + months);
      while (!beyond(incr, seek.year, seek.month, one.day, two)) {
        result.month = months;
        months += incr;
        seek = normalize(seek.year, seek.month + incr);
      }
      if (!has.has('year')) {
        result.month += result.year * 12;
        result.year = 0;
      } else if (!has.has('month') && (!fractions || smallest !== 'year')) {
        result.month = 0;
      }
    }
    const seek = normalize(one.year + result.year, one.month + result.month);
    const clamped = { ...seek, day: Math.min(one.day, daysInMonth(seek.year, seek.month)) };
    let day = dayNumber(two) - dayNumber(clamped);
    let week = 0;
    if ((includeWeeks && fields === null) || has.has('week')) {
      week = Math.trunc(day / 7);
      day %= 7;
    }
    result.day = day;
    result.week = week;
  }
  result.millis = millis;
  if (!has.has('day')) {
    result.millis += result.day * DAY_MS;
    result.day = 0;
  }
  if (fractions) {
    const days = result.day + result.millis / DAY_MS;
    switch (smallest) {
      case 'year':
        result.year += result.month / 12 + (result.week * 7 + days) / 365.25;
        result.month = result.week = result.day = result.millis = 0;
        break;
      case 'month':
        result.month += (result.week * 7 + days) / 30.44;
        result.week = result.day = result.millis = 0;
        break;
      case 'week':
        result.week += days / 7;
        result.day = result.millis = 0;
        break;
      case 'day':
        result.day = days;
        result.millis = 0;
        break;
      case 'hour':
        result.hour += result.millis / HOUR_MS;
        result.millis = 0;
        break;
      case 'minute':
        result.minute = result.millis / MINUTE_MS;
        result.millis = 0;
        break;
      case 'second':
        result.second = result.millis / 1000;
        result.millis = 0;
        break;
      case 'millis':
        break;
    }
    return result;
  }
  if (has.has('day') && Math.abs(result.millis) >= 23 * HOUR_MS && Math.abs(result.millis) <= 25 * HOUR_MS) {
    if (Math.abs(result.millis) >= DAY_MS) {
      result.day += Math.trunc(result.millis / DAY_MS);
      result.millis -= incr * DAY_MS;
    }
  }
  if (has.has('hour')) {
    result.hour = Math.trunc(result.millis / HOUR_MS);
    result.millis -= result.hour * HOUR_MS;
  }
  if (has.has('minute')) {
    result.minute = Math.trunc(result.millis / MINUTE_MS);
    result.millis -= result.minute * MINUTE_MS;
  }
  if (has.has('second')) {
    result.second = Math.trunc(result.millis / 1000);
    result.millis -= result.second * 1000;
  }
  if (!has.has('millis')) result.millis = 0;
  return result;
}

const RELATIVE_STYLE = { wide: 'long', short: 'short', narrow: 'narrow' } as const;

/**
 * The `relative-time` formatter: the time from `start` to `end` in its largest whole field
 * ("in 12 days", "11 hours ago"), rounded to whole units unless fraction digits are asked for.
 */
export function formatRelativeTime(locale: string, start: number, end: number, o: RelativeTimeOptions): string {
  let field = o.field;
  if (field === undefined) {
    const all = difference(start, end, null, false, o.allowWeeks === true);
    field = PERIOD_FIELDS.find((f) => all[f] !== 0) ?? 'millis';
  }
  let amount = difference(start, end, [field], true, o.allowWeeks === true)[field];
  let unit: Exclude<RelativeField, 'millis'>;
  if (field === 'millis') {
    amount /= 1000;
    unit = 'second';
  } else unit = field;
  let n: Decimal = decimalFromNumber(amount) ?? ZERO;
  n = stripTrailingZeros(adjustDigits(n, o, { minInt: 1, minFrac: 0, maxFrac: 0 }));
  // The sign of the unrounded amount decides past or future, so "-0.4 seconds" reads "0 seconds ago".
  const negative = amount < 0;
  n = abs(n);
  const style = RELATIVE_STYLE[o.width ?? 'wide'];
  const zero = compare(n, ZERO) === 0;
  let text = '';
  if (zero) {
    if (o.alwaysNow === true || o.numericOnly !== true)
      text = relativeTimeFormat(locale, { numeric: 'auto', style }).format(0, unit);
  } else if (o.numericOnly !== true && unit !== 'hour' && unit !== 'minute' && unit !== 'second') {
    const value = toNumber(n);
    if (value === 1 || value === 2) {
      const auto = relativeTimeFormat(locale, { numeric: 'auto', style }).format(negative ? -value : value, unit);
      const numeric = relativeTimeFormat(locale, { numeric: 'always', style }).format(negative ? -value : value, unit);
      if (auto !== numeric) text = auto;
    }
  }
  if (text === '') {
    const value = toNumber(setScale(n, Math.max(0, -n.exponent), 'half-even'));
    text = relativeTimeFormat(locale, { numeric: 'always', style }).format(negative ? -value : value, unit);
  }
  return o.context === 'begin-sentence' ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** "about 3 weeks ago": the English age of a date used by the `timesince` formatter. */
export function humanizeAge(deltaMs: number): string {
  const seconds = deltaMs / 1000;
  const days = Math.trunc(seconds / 86400);
  const about = (n: number, unit: string): string =>
    'about ' + (n === 1 ? (unit === 'hour' ? 'an hour' : 'a ' + unit) : `${n} ${unit}s`) + ' ago';
  const years = Math.trunc(days / 365);
  if (years > 0) return about(years, 'year');
  const months = Math.trunc(days / 30);
  if (months > 0) return about(months, 'month');
  const weeks = Math.trunc(days / 7);
  if (weeks > 0) return about(weeks, 'week');
  if (days > 0) return about(days, 'day');
  const rest = seconds - days * 86400;
  const hours = Math.trunc(rest / 3600);
  if (hours > 0) return about(hours, 'hour');
  const minutes = Math.trunc(rest / 60);
  if (minutes > 0) return about(minutes, 'minute');
  return 'less than a minute ago';
}
