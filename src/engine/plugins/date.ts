/**
 * The `date` formatter: `{epochMillis|date FORMAT}` with strftime-style `%` codes, in the website's
 * time zone (`website.timeZone`, default America/New_York; an unknown zone renders in UTC).
 *
 * Wall-clock fields and offsets come from `Intl.DateTimeFormat` (no time-zone data is bundled);
 * one formatter is kept per zone. Zone abbreviations follow the tz database: Intl's own short name
 * when it is a letter abbreviation, else a small table of well-known zones, else the numeric form
 * the tz database uses for zones without one (`+04`, `-03`, `+0530`).
 */
import type { FormatterTable, RenderContext } from './types';
import { asNumber } from '../../values/index';
import { joinedArgs } from './per-args';
import { inJulianDayRange } from '../i18n/julian-day';
import { DAY_MS, utcDays, wallTime, zoneFormat, type WallTime } from '../i18n/wall-clock';

export const DEFAULT_TIME_ZONE = 'America/New_York';

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Letter abbreviations (standard, daylight) of zones for which Intl's en-US names are only offsets. */
const ZONE_ABBREVIATIONS: Readonly<Record<string, readonly [string, string]>> = (() => {
  const table: Record<string, readonly [string, string]> = {};
  const add = (abbreviations: readonly [string, string], zones: string) => {
    for (const zone of zones.split(' ')) table[zone] = abbreviations;
  };
  add(['GMT', 'BST'], 'Europe/London Europe/Belfast Europe/Guernsey Europe/Isle_of_Man Europe/Jersey GB');
  add(['GMT', 'IST'], 'Europe/Dublin Eire');
  add(['WET', 'WEST'], 'Europe/Lisbon Atlantic/Canary Atlantic/Madeira Atlantic/Faroe Portugal');
  add(
    ['CET', 'CEST'],
    'Europe/Paris Europe/Berlin Europe/Madrid Europe/Rome Europe/Amsterdam Europe/Brussels Europe/Vienna ' +
      'Europe/Zurich Europe/Stockholm Europe/Oslo Europe/Copenhagen Europe/Prague Europe/Warsaw Europe/Budapest ' +
      'Europe/Belgrade Europe/Luxembourg Europe/Monaco Europe/Malta Europe/Andorra Europe/Bratislava ' +
      'Europe/Ljubljana Europe/Zagreb Europe/Sarajevo Europe/Skopje Europe/Tirane Europe/Gibraltar Europe/Vaduz ' +
      'Europe/San_Marino Europe/Vatican Europe/Podgorica Europe/Busingen Africa/Ceuta Arctic/Longyearbyen',
  );
  add(
    ['EET', 'EEST'],
    'Europe/Athens Europe/Helsinki Europe/Kiev Europe/Kyiv Europe/Bucharest Europe/Sofia Europe/Riga ' +
      'Europe/Tallinn Europe/Vilnius Europe/Chisinau Europe/Mariehamn Asia/Nicosia Europe/Nicosia Africa/Cairo ' +
      'Asia/Beirut Africa/Tripoli Europe/Kaliningrad',
  );
  add(['MSK', 'MSK'], 'Europe/Moscow Europe/Simferopol W-SU');
  add(['JST', 'JST'], 'Asia/Tokyo Japan');
  add(['KST', 'KST'], 'Asia/Seoul Asia/Pyongyang ROK');
  add(['CST', 'CST'], 'Asia/Shanghai Asia/Chongqing Asia/Harbin Asia/Taipei Asia/Macau PRC ROC');
  add(['HKT', 'HKT'], 'Asia/Hong_Kong Hongkong');
  add(['IST', 'IST'], 'Asia/Kolkata Asia/Calcutta');
  add(['IST', 'IDT'], 'Asia/Jerusalem Asia/Tel_Aviv Israel');
  add(['PKT', 'PKT'], 'Asia/Karachi');
  add(['PST', 'PST'], 'Asia/Manila');
  add(['WIB', 'WIB'], 'Asia/Jakarta Asia/Pontianak');
  add(['WITA', 'WITA'], 'Asia/Makassar');
  add(['WIT', 'WIT'], 'Asia/Jayapura');
  add(
    ['AEST', 'AEDT'],
    'Australia/Sydney Australia/Melbourne Australia/Hobart Australia/Canberra Australia/ACT Australia/NSW Australia/Victoria Australia/Tasmania Australia/Currie',
  );
  add(['AEST', 'AEST'], 'Australia/Brisbane Australia/Lindeman Australia/Queensland');
  add(['ACST', 'ACDT'], 'Australia/Adelaide Australia/Broken_Hill Australia/South Australia/Yancowinna');
  add(['ACST', 'ACST'], 'Australia/Darwin Australia/North');
  add(['AWST', 'AWST'], 'Australia/Perth Australia/West');
  add(['NZST', 'NZDT'], 'Pacific/Auckland Antarctica/McMurdo NZ');
  add(['ChST', 'ChST'], 'Pacific/Guam Pacific/Saipan');
  add(['SAST', 'SAST'], 'Africa/Johannesburg Africa/Maseru Africa/Mbabane');
  add(
    ['WAT', 'WAT'],
    'Africa/Lagos Africa/Kinshasa Africa/Luanda Africa/Douala Africa/Libreville Africa/Malabo Africa/Niamey Africa/Porto-Novo Africa/Bangui Africa/Brazzaville Africa/Ndjamena',
  );
  add(
    ['CAT', 'CAT'],
    'Africa/Maputo Africa/Harare Africa/Lusaka Africa/Lubumbashi Africa/Blantyre Africa/Bujumbura Africa/Gaborone Africa/Kigali Africa/Windhoek Africa/Khartoum Africa/Juba',
  );
  add(
    ['EAT', 'EAT'],
    'Africa/Nairobi Africa/Addis_Ababa Africa/Dar_es_Salaam Africa/Kampala Africa/Mogadishu Africa/Djibouti Africa/Asmara Indian/Antananarivo Indian/Comoro Indian/Mayotte',
  );
  add(
    ['GMT', 'GMT'],
    'Africa/Abidjan Africa/Accra Africa/Bamako Africa/Banjul Africa/Bissau Africa/Conakry Africa/Dakar Africa/Freetown Africa/Lome Africa/Monrovia Africa/Nouakchott Africa/Ouagadougou Atlantic/Reykjavik Atlantic/St_Helena Iceland',
  );
  return table;
})();

function yearLength(year: number): number {
  return utcDays(year + 1, 1, 1) - utcDays(year, 1, 1);
}

/**
 * Week of the year and the year it belongs to, for weeks starting on `firstDay` (0 = Sunday) whose
 * first week needs at least `minDays` days of the new year: US weeks are (0, 1), ISO weeks (1, 4).
 */
function weekOfYear(t: WallTime, firstDay: number, minDays: number): [week: number, year: number] {
  const relativeDay = (t.weekday - firstDay + 7) % 7;
  const relativeJan1 = (((t.weekday - (t.dayOfYear - 1) - firstDay) % 7) + 7) % 7;
  let week = Math.floor((t.dayOfYear - 1 + relativeJan1) / 7);
  if (7 - relativeJan1 >= minDays) week++;
  if (week === 0) {
    const previous = t.year - 1;
    const dayInPrevious = t.dayOfYear + yearLength(previous);
    return [weekNumber(firstDay, minDays, dayInPrevious, t.weekday), previous];
  }
  const last = yearLength(t.year);
  if (t.dayOfYear >= last - 5) {
    const lastRelativeDay = (((relativeDay + last - t.dayOfYear) % 7) + 7) % 7;
    if (6 - lastRelativeDay >= minDays && t.dayOfYear + 7 - relativeDay > last) return [1, t.year + 1];
  }
  return [week, t.year];
}

function weekNumber(firstDay: number, minDays: number, dayOfPeriod: number, weekday: number): number {
  const periodStart = (((weekday - firstDay - dayOfPeriod + 1) % 7) + 7) % 7;
  const week = Math.floor((dayOfPeriod + periodStart - 1) / 7);
  return 7 - periodStart >= minDays ? week + 1 : week;
}

function pad(value: number, width: number, fill = '0'): string {
  return String(value).padStart(width, fill);
}

function twelveHour(hour: number): number {
  const h = hour % 12;
  return h === 0 ? 12 : h;
}

function zoneAbbreviation(t: WallTime): string {
  let abbreviation = t.format.abbreviations.get(t.offset);
  if (abbreviation === undefined) {
    abbreviation = intlAbbreviation(t);
    t.format.abbreviations.set(t.offset, abbreviation);
  }
  return abbreviation;
}

function intlAbbreviation(t: WallTime): string {
  const intlName = t.format.name.formatToParts(t.epoch).find((p) => p.type === 'timeZoneName')?.value ?? '';
  if (/^[A-Za-z]+$/.test(intlName)) return intlName;
  const known = ZONE_ABBREVIATIONS[t.format.zone];
  if (known !== undefined) {
    const jan = wallTime(Date.UTC(t.year, 0, 1), t.format).offset;
    const jul = wallTime(Date.UTC(t.year, 6, 1), t.format).offset;
    return t.offset > Math.min(jan, jul) ? known[1] : known[0];
  }
  const minutes = Math.round(Math.abs(t.offset) / 60_000);
  const sign = t.offset < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(minutes / 60), 2)}${minutes % 60 === 0 ? '' : pad(minutes % 60, 2)}`;
}

function offsetText(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}

/** The millisecond of the second with the epoch's fraction kept (WallTime truncates it), as the reference's %N prints it. */
function exactMillisecond(t: WallTime): number {
  const local = t.epoch + t.offset;
  return (local - Math.floor(local / DAY_MS) * DAY_MS) % 1000;
}

function field(t: WallTime, code: string): string {
  switch (code) {
    case 'a':
      return SHORT_DAYS[t.weekday] as string;
    case 'A':
      return LONG_DAYS[t.weekday] as string;
    case 'b':
    case 'h':
      return SHORT_MONTHS[t.month - 1] as string;
    case 'B':
      return LONG_MONTHS[t.month - 1] as string;
    case 'c':
      return format(t, `%a, %b ${t.day}, %Y ${twelveHour(t.hour)}:%M:%S %p %Z`);
    case 'C':
      return pad(Math.trunc(t.year / 100), 2);
    case 'd':
      return pad(t.day, 2);
    case 'D':
      return format(t, '%m/%d/%y');
    case 'e':
      return pad(t.day, 2, ' ');
    case 'F':
      return format(t, '%Y-%m-%d');
    case 'g':
      return pad(weekOfYear(t, 1, 4)[1] % 100, 2);
    case 'G':
      return pad(weekOfYear(t, 1, 4)[1], 4);
    case 'H':
      return pad(t.hour, 2);
    case 'I':
      return pad(twelveHour(t.hour), 2);
    case 'j':
      return pad(t.dayOfYear, 3);
    case 'k':
      return pad(t.hour, 2, ' ');
    case 'l':
      return pad(twelveHour(t.hour), 2, ' ');
    case 'm':
      return pad(t.month, 2);
    case 'M':
      return pad(t.minute, 2);
    case 'n':
      return '\n';
    case 'N':
      return pad(exactMillisecond(t) * 1e6, 9);
    case 'p':
      return t.hour < 12 ? 'AM' : 'PM';
    case 'P':
      return t.hour < 12 ? 'am' : 'pm';
    case 'q':
      return String(Math.floor((t.month - 1) / 3) + 1);
    case 'r':
      return format(t, `${twelveHour(t.hour)}:%M:%S %p`);
    case 'R':
      return format(t, '%H:%M');
    case 's':
      return String(Math.trunc(t.epoch / 1000));
    case 'S':
      return pad(t.second, 2);
    case 't':
      return '\t';
    case 'T':
      return format(t, '%H:%M:%S');
    case 'u':
      return t.weekday === 0 ? '7' : String(t.weekday);
    case 'U':
    case 'W':
      // Both are the US week of the year (weeks start on Sunday), as in the reference.
      return pad(weekOfYear(t, 0, 1)[0], 2);
    case 'v':
      return format(t, '%e-%b-%Y');
    case 'V':
      return pad(weekOfYear(t, 1, 4)[0], 2);
    case 'w':
      return String(t.weekday);
    case 'x':
      return format(t, '%m/%d/%Y');
    case 'X':
      return format(t, '%I:%M:%S %p');
    case 'y':
      return pad(t.year % 100, 2);
    case 'Y':
      return String(t.year);
    case 'z':
      return offsetText(t.offset);
    case 'Z':
      return zoneAbbreviation(t);
    default:
      return '';
  }
}

function format(t: WallTime, pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch !== '%' || i === pattern.length - 1) out += ch;
    else {
      const code = pattern[++i] as string;
      out += code === '%' ? '%' : field(t, code);
    }
  }
  return out;
}

/** Formats epoch milliseconds with a strftime-style pattern in a time zone. */
export function formatDate(epochMs: number, pattern: string, timeZone: string): string {
  return format(wallTime(epochMs, zoneFormat(timeZone)), pattern);
}

function siteTimeZone(ctx: RenderContext): string {
  const zone = ctx.resolve(['website', 'timeZone']);
  return zone === undefined ? DEFAULT_TIME_ZONE : typeof zone === 'string' ? zone : String(zone ?? '');
}

export const DATE_FORMATTERS: FormatterTable = {
  date(value, args, ctx) {
    if (args.length === 0) return '';
    const epoch = asNumber(value);
    // Outside the Julian day range the reference fails the whole tag (a TypeError inside its
    // calendar code), which also leaves the tag's frame pushed (see popFrame in exec/program.ts).
    const zone = siteTimeZone(ctx);
    if (!Number.isFinite(epoch) || !inJulianDayRange(epoch, zone))
      throw new TypeError(`Invalid date: ${String(value)}`);
    return formatDate(epoch, joinedArgs(args), zone);
  },
};
