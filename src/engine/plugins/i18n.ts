/**
 * i18n formatters and predicates: dates, intervals, relative times, numbers, money, messages and
 * units, formatted for the render's locale with the runtime's Intl data.
 *
 * Without a locale (`ctx.locale === null`) there is no locale data: these formatters print nothing
 * (and `timesince` prints "Invalid date."). The legacy money formatters and `unit` do not depend on
 * the render locale in that way: they carry their own locale rules.
 */
import type { Formatter, FormatterTable, Predicate, PredicateTable, RenderContext } from './types';
import { asNumber, asString, childOf, splitPath } from '../../values/index';
import {
  type Decimal,
  compare,
  decimalFromNumber,
  fractionDigitCount,
  parseDecimal,
  subtractInteger,
  toNumber,
  toPlainString,
  ZERO,
} from '../i18n/decimal';
import { formatDatetime, formatInterval } from '../i18n/dates';
import { formatRelativeTime, humanizeAge } from '../i18n/relative-time';
import { intlLocale, pluralRule, validTimeZone } from '../i18n/intl';
import { formatCents, formatLegacyMoney, legacyLocale } from '../i18n/legacy-money';
import { type MessageHost, MessageParser, PatternCache, evaluate } from '../i18n/message';
import { formatCurrency, formatDecimal, formatSpecial } from '../i18n/numbers';
import {
  currencyOptions as parseCurrencyOptions,
  datetimeOptions as parseDatetimeOptions,
  decimalOptions as parseDecimalOptions,
  intervalOptions as parseIntervalOptions,
  relativeTimeOptions as parseRelativeTimeOptions,
} from '../i18n/options';
import { clampToJulianDayRange, clampToJulianDays } from '../i18n/julian-day';
import { formatUnit, unitsMetric } from '../i18n/units';

const DEFAULT_TIME_ZONE = 'America/New_York';

/** Largest distance from 1970 a JavaScript date can represent, in milliseconds. */
const MAX_EPOCH = 8.64e15;

/** Whether a number is an instant dates can be formatted for. */
function isInstant(n: number): boolean {
  return Number.isFinite(n) && Math.abs(n) <= MAX_EPOCH;
}

/**
 * Formatter arguments come from compiled templates, whose argument arrays live as long as the
 * template: their parsed options are kept per array.
 */
function memoized<T>(parse: (args: readonly string[]) => T): (args: readonly string[]) => T {
  const cache = new WeakMap<readonly string[], T>();
  return (args) => {
    let options = cache.get(args);
    if (options === undefined) {
      options = parse(args);
      cache.set(args, options);
    }
    return options;
  };
}

const currencyOptions = memoized(parseCurrencyOptions);
const datetimeOptions = memoized(parseDatetimeOptions);
const decimalOptions = memoized(parseDecimalOptions);
const intervalOptions = memoized(parseIntervalOptions);
const relativeTimeOptions = memoized(parseRelativeTimeOptions);

/** Parsed message patterns kept across renders (least recently used dropped past this many). */
const MESSAGE_CACHE_SIZE = 100;

/** The Intl locale of the render, or null when the render has no locale data. */
function localeOf(ctx: RenderContext): string | null {
  return ctx.locale === null ? null : intlLocale(ctx.locale);
}

/** The website's time zone (`website.timeZone`), New York by default. */
function timeZoneOf(ctx: RenderContext): string {
  const zone = ctx.resolve(['website', 'timeZone']);
  return validTimeZone(zone === undefined ? DEFAULT_TIME_ZONE : asString(zone));
}

/** A decimal read from a value as its text (numbers as JavaScript writes them). */
function decimalOf(value: unknown): Decimal | undefined {
  return parseDecimal(asString(value));
}

/** The amount and currency of a money object: `{decimalValue, currencyCode}` or `{value, currency}`. */
function moneyParts(value: unknown): { amount: unknown; currency: unknown } | undefined {
  const amount = childOf(value, 'decimalValue');
  const currency = childOf(value, 'currencyCode');
  if (amount !== undefined && currency !== undefined) return { amount, currency };
  const legacyAmount = childOf(value, 'value');
  const legacyCurrency = childOf(value, 'currency');
  if (legacyAmount !== undefined && legacyCurrency !== undefined)
    return { amount: legacyAmount, currency: legacyCurrency };
  return undefined;
}

const datetime: Formatter = (value, args, ctx) => {
  const locale = localeOf(ctx);
  const epoch = asNumber(value);
  if (locale === null || !Number.isFinite(epoch)) return '';
  const zone = timeZoneOf(ctx);
  return formatDatetime(locale, zone, clampToJulianDayRange(epoch, zone), datetimeOptions(args));
};

const datetimeInterval: Formatter = (_value, args, ctx, vars) => {
  const locale = localeOf(ctx);
  if (locale === null || vars.length < 2) return '';
  const start = asNumber(vars[0]);
  const end = asNumber(vars[1]);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return '';
  const zone = timeZoneOf(ctx);
  return formatInterval(
    locale,
    zone,
    clampToJulianDayRange(start, zone),
    clampToJulianDayRange(end, zone),
    intervalOptions(args),
  );
};

/** Spellings of NaN and the infinities a decimal value may be written as. */
const SPECIAL_NUMBERS: ReadonlyMap<string, number> = new Map([
  ['NaN', NaN],
  ['nan', NaN],
  ['Infinity', Infinity],
  ['infinity', Infinity],
  ['+Infinity', Infinity],
  ['+infinity', Infinity],
  ['-Infinity', -Infinity],
  ['-infinity', -Infinity],
]);

const decimal: Formatter = (value, args, ctx) => {
  const locale = localeOf(ctx);
  if (locale === null) return '';
  const text = asString(value);
  const n = parseDecimal(text);
  if (n !== undefined) return formatDecimal(locale, n, decimalOptions(args));
  const special = SPECIAL_NUMBERS.get(text);
  return special === undefined ? '' : formatSpecial(locale, special);
};

const money: Formatter = (value, args, ctx) => {
  const parts = moneyParts(value);
  const locale = localeOf(ctx);
  if (parts === undefined || locale === null) return '';
  const amount = decimalOf(parts.amount);
  if (amount === undefined) return '';
  return formatCurrency(locale, amount, asString(parts.currency), currencyOptions(args));
};

const relativeTime: Formatter = (value, args, ctx, vars) => {
  const locale = localeOf(ctx);
  if (locale === null) return '';
  let start = ctx.now;
  let end = asNumber(value);
  if (vars.length > 1) {
    start = end;
    end = asNumber(vars[1]);
  }
  if (!Number.isFinite(start) || !Number.isFinite(end)) return '';
  // Far-off instants measure from the calendar's ends (4713 BC, 8652), in UTC days, as the reference does.
  return formatRelativeTime(locale, clampToJulianDays(start), clampToJulianDays(end), relativeTimeOptions(args));
};

const timesince: Formatter = (value, _args, ctx) => {
  const epoch = asNumber(value);
  if (ctx.locale === null || !Number.isFinite(epoch)) return 'Invalid date.';
  return `<span class="timesince" data-date="${epoch}">${humanizeAge(clampToJulianDays(ctx.now) - clampToJulianDays(epoch))}</span>`;
};

// Messages -----------------------------------------------------------------------------------

/** A message argument: a template value, or a number produced inside a plural branch. */
type MessageArg = { value: unknown } | { number: Decimal | null };

/** The amount inside a money-like object, which message formats print and count with. */
function moneyAmount(value: unknown): unknown {
  const amount = childOf(value, 'decimalValue');
  return amount !== undefined ? amount : childOf(value, 'value');
}

function argText(arg: MessageArg | undefined): string {
  if (arg === undefined) return '';
  if ('number' in arg) return arg.number === null ? 'NaN' : toPlainString(arg.number);
  const amount = moneyAmount(arg.value);
  return asString(amount !== undefined ? amount : arg.value);
}

function argNumber(arg: MessageArg | undefined): Decimal | null {
  if (arg === undefined) return null;
  if ('number' in arg) return arg.number;
  const amount = moneyAmount(arg.value);
  if (amount !== undefined) return decimalOf(amount) ?? ZERO;
  const v = arg.value;
  if (typeof v === 'boolean') return v ? (decimalFromNumber(1) ?? ZERO) : ZERO;
  if (typeof v === 'number') return decimalFromNumber(v) ?? null;
  if (typeof v === 'string') return parseDecimal(v) ?? ZERO;
  return ZERO;
}

function argValue(arg: MessageArg | undefined): unknown {
  if (arg === undefined) return undefined;
  return 'number' in arg ? (arg.number === null ? NaN : toNumber(arg.number)) : arg.value;
}

function finiteOrZero(n: number): number {
  return isInstant(n) ? n : 0;
}

function pluralCategory(locale: string, n: Decimal | null, ordinal: boolean): string {
  if (n === null) return 'other';
  const places = Math.min(fractionDigitCount(n), 20);
  const rules = pluralRule(locale, {
    type: ordinal ? 'ordinal' : 'cardinal',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
  return rules.select(toNumber(n));
}

/** Formats offered inside messages: `{0 money}`, `{0 datetime long}`, `{0;1 datetime-interval}`, `{0 decimal}`. */
const MESSAGE_FORMATS = ['money', 'currency', 'datetime-interval', 'datetime', 'number', 'decimal'];

const patterns = new PatternCache(new MessageParser(MESSAGE_FORMATS), MESSAGE_CACHE_SIZE);

function messageHost(locale: string, zone: string): MessageHost<MessageArg> {
  return {
    asString: argText,
    plural(arg, offset, ordinal) {
      const n = argNumber(arg);
      const sub = n === null || offset === 0 ? n : subtractInteger(n, offset);
      return {
        category: pluralCategory(locale, sub, ordinal),
        exact: (match) => {
          const m = parseDecimal(match);
          return n !== null && m !== undefined && compare(n, m) === 0;
        },
        sub: { number: sub },
      };
    },
    format(name, args, options) {
      const first = args[0];
      if (first === undefined) return '';
      switch (name) {
        case 'money':
        case 'currency': {
          const parts = moneyParts(argValue(first));
          if (parts === undefined) return '';
          const amount = decimalOf(parts.amount) ?? ZERO;
          return formatCurrency(locale, amount, asString(parts.currency), currencyOptions(options));
        }
        case 'datetime': {
          const epoch = asNumber(argValue(first));
          return Number.isFinite(epoch)
            ? formatDatetime(locale, zone, clampToJulianDayRange(epoch, zone), datetimeOptions(options))
            : '';
        }
        case 'datetime-interval': {
          const second = args[1];
          if (second === undefined) return '';
          // Inside messages a value that is not a number counts as the epoch itself.
          const start = finiteOrZero(asNumber(argValue(first)));
          const end = finiteOrZero(asNumber(argValue(second)));
          return formatInterval(
            locale,
            zone,
            clampToJulianDayRange(start, zone),
            clampToJulianDayRange(end, zone),
            intervalOptions(options),
          );
        }
        default: {
          const n = argNumber(first);
          return n === null ? 'NaN' : formatDecimal(locale, n, decimalOptions(options));
        }
      }
    },
  };
}

/** Message arguments name values in the template's scope around the tag, not inside the message text. */
function resolveArgument(ctx: RenderContext, ref: string): unknown {
  return ctx.resolveOuter(splitPath(ref));
}

/**
 * `message` (and `plural`): formats the value as a message pattern. Arguments are template
 * references, positional (`{0}`, `{1}`, …) in order, or keyword (`name=person.name` or
 * `name:person.name`), which are also counted positionally.
 */
const message: Formatter = (value, args, ctx) => {
  const locale = localeOf(ctx);
  if (locale === null) return '';
  const positional: MessageArg[] = [];
  const named: Record<string, MessageArg> = {};
  for (const arg of args) {
    const i = arg.search(/[:=]/);
    if (i === -1) positional.push({ value: resolveArgument(ctx, arg) });
    else {
      const resolved = { value: resolveArgument(ctx, arg.slice(i + 1)) };
      named[arg.slice(0, i)] = resolved;
      positional.push(resolved);
    }
  }
  const pattern = patterns.get(asString(value));
  return evaluate(pattern, { positional, named }, messageHost(locale, timeZoneOf(ctx)));
};

// Legacy money and units ---------------------------------------------------------------------

/** `i18n-money-format [locale]`: a money object in a fixed legacy style; other values pass through. */
const i18nMoneyFormat: Formatter = (value, args) => {
  const amountValue = childOf(value, 'decimalValue');
  const codeValue = childOf(value, 'currencyCode');
  if (amountValue === undefined && codeValue === undefined) return value;
  const locale = legacyLocale(args[0]);
  if (locale === undefined) return value;
  const code = asString(codeValue).trim();
  const amount = decimalOf(amountValue) ?? ZERO;
  return formatLegacyMoney(amount, code === '' ? 'USD' : code, locale) ?? '';
};

/** An amount in cents, or undefined when the value is not a number. */
function centsOf(value: unknown): Decimal | undefined {
  if (typeof value === 'number') return decimalFromNumber(value);
  if (typeof value === 'string') return parseDecimal(value.trim());
  return undefined;
}

/** `money-format` / `moneyFormat`: cents as "123.45"; values that are not numbers pass through. */
const moneyFormat: Formatter = (value) => {
  const cents = centsOf(value);
  return cents === undefined ? value : formatCents(cents);
};

/** `money-string`: cents as `<span class="sqs-money-native">123.45</span>`. */
const moneyString: Formatter = (value) => {
  const cents = centsOf(value);
  return cents === undefined ? value : `<span class="sqs-money-native">${formatCents(cents)}</span>`;
};

const unit: Formatter = (value, args, ctx) => {
  const n = decimalOf(value);
  if (n === undefined) return typeof value === 'object' ? value : '';
  return formatUnit(ctx.locale === null ? 'en' : intlLocale(ctx.locale), n, args);
};

/** Kept for old templates; formats nothing. */
const datetimefield: Formatter = (value) => value;

/** Locale data gaps surface as Intl RangeErrors; a formatter that meets one prints nothing. */
function guarded(formatter: Formatter): Formatter {
  return (value, args, ctx, vars) => {
    try {
      return formatter(value, args, ctx, vars);
    } catch (e) {
      if (e instanceof RangeError || e instanceof TypeError) return '';
      throw e;
    }
  };
}

export const I18N_FORMATTERS: FormatterTable = {
  datetime: guarded(datetime),
  'datetime-interval': guarded(datetimeInterval),
  datetimefield,
  decimal: guarded(decimal),
  'i18n-money-format': guarded(i18nMoneyFormat),
  message: guarded(message),
  money: guarded(money),
  'money-format': guarded(moneyFormat),
  'money-string': guarded(moneyString),
  moneyFormat: guarded(moneyFormat),
  plural: guarded(message),
  'relative-time': guarded(relativeTime),
  timesince,
  unit: guarded(unit),
};

/** `units-metric? category`: whether the locale measures that category in metric units. */
const unitsMetricPredicate: Predicate = (args, ctx) =>
  unitsMetric(ctx.locale === null ? 'en' : intlLocale(ctx.locale), args[0]);

export const I18N_PREDICATES: PredicateTable = {
  'units-metric?': unitsMetricPredicate,
};
