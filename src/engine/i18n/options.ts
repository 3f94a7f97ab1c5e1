/**
 * Reading the `key:value` arguments of the i18n formatters (`{n|decimal style:percent group}`) into
 * option objects. Unknown keys and values are ignored; digit counts are clamped to 0-50.
 */
import type { RoundingMode } from './decimal';

/** Upper bound for every digit-count option. */
export const MAX_DIGITS = 50;

export type DecimalStyle =
  | 'decimal'
  | 'short'
  | 'long'
  | 'scientific'
  | 'percent'
  | 'percent-scaled'
  | 'permille'
  | 'permille-scaled';
export type CurrencyStyle = 'symbol' | 'accounting' | 'code' | 'name' | 'short';
export type FormatWidth = 'short' | 'medium' | 'long' | 'full';
export type TextContext = 'middle-of-text' | 'begin-sentence' | 'standalone' | 'ui-list-or-menu';

export interface NumberOptions {
  group?: boolean;
  round?: RoundingMode;
  minimumIntegerDigits?: number;
  maximumFractionDigits?: number;
  minimumFractionDigits?: number;
  maximumSignificantDigits?: number;
  minimumSignificantDigits?: number;
}

export interface DecimalOptions extends NumberOptions {
  style?: DecimalStyle;
}

export interface CurrencyOptions extends NumberOptions {
  style?: CurrencyStyle;
  symbolWidth?: 'default' | 'narrow';
}

export interface DatetimeOptions {
  datetime?: FormatWidth;
  date?: FormatWidth;
  time?: FormatWidth;
  skeleton?: string;
  wrap?: FormatWidth;
  context?: TextContext;
  calendar?: string;
}

export interface IntervalOptions {
  skeleton?: string;
  date?: string;
  time?: string;
  context?: TextContext;
}

export type RelativeField = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second' | 'millis';

export interface RelativeTimeOptions extends NumberOptions {
  context?: TextContext;
  dayOfWeek?: boolean;
  field?: RelativeField;
  numericOnly?: boolean;
  allowWeeks?: boolean;
  alwaysNow?: boolean;
  width?: 'short' | 'narrow' | 'wide';
}

const DECIMAL_STYLES = new Set<string>([
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
]);
const CURRENCY_STYLES = new Set<string>(['symbol', 'accounting', 'code', 'name', 'short']);
const ROUNDING_MODES = new Set<string>(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const FORMAT_WIDTHS = new Set<string>(['short', 'medium', 'long', 'full']);
const CONTEXTS = new Set<string>(['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu']);
const RELATIVE_FIELDS = new Set<string>(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis']);
const RELATIVE_WIDTHS = new Set<string>(['short', 'narrow', 'wide']);
const CALENDARS = new Set<string>(['buddhist', 'gregory', 'iso8601', 'persian', 'japanese']);

/** Splits each argument at its first ':' into key and value (value '' when there is none). */
function eachOption(args: readonly string[], visit: (key: string, value: string) => void): void {
  for (const arg of args) {
    const i = arg.indexOf(':');
    if (i === -1) visit(arg, '');
    else visit(arg.slice(0, i), arg.slice(i + 1));
  }
}

function digits(value: string): number {
  const n = parseInt(value, 10);
  const v = Number.isFinite(n) ? n : 0;
  return v < 0 ? 0 : Math.min(v, MAX_DIGITS);
}

/** Options shared by every number-formatting formatter (other keys are ignored). */
function numberOption(key: string, value: string, o: NumberOptions): void {
  switch (key) {
    case 'group':
    case 'grouping':
      o.group = value === '' || value === 'true';
      break;
    case 'no-group':
    case 'no-grouping':
      o.group = false;
      break;
    case 'round':
    case 'rounding':
      if (value === 'ceil') o.round = 'ceiling';
      else if (value === 'truncate') o.round = 'down';
      else if (ROUNDING_MODES.has(value)) o.round = value as RoundingMode;
      break;
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      o.minimumIntegerDigits = digits(value);
      break;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      o.maximumFractionDigits = digits(value);
      break;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      o.minimumFractionDigits = digits(value);
      break;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      o.maximumSignificantDigits = digits(value);
      break;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      o.minimumSignificantDigits = digits(value);
      break;
  }
}

export function decimalOptions(args: readonly string[]): DecimalOptions {
  const o: DecimalOptions = {};
  eachOption(args, (key, value) => {
    if (key === 'style') {
      if (DECIMAL_STYLES.has(value)) o.style = value as DecimalStyle;
      else if (value === 'standard') o.style = 'decimal';
    } else numberOption(key, value, o);
  });
  return o;
}

export function currencyOptions(args: readonly string[]): CurrencyOptions {
  const o: CurrencyOptions = {};
  eachOption(args, (key, value) => {
    if (key === 'style') {
      if (CURRENCY_STYLES.has(value)) o.style = value as CurrencyStyle;
      else if (value === 'standard') o.style = 'symbol';
    } else if (key === 'symbol') {
      if (value === 'default' || value === 'narrow') o.symbolWidth = value;
    } else numberOption(key, value, o);
  });
  return o;
}

function addSkeleton(o: DatetimeOptions, fields: string): void {
  o.skeleton = o.skeleton === undefined ? fields : o.skeleton + fields;
}

/**
 * Datetime arguments: a bare width (`long`) sets date and time; a bare `date` or `time` means its
 * short form; any other bare word, and any non-width value of `date:`/`time:`, adds skeleton fields.
 */
export function datetimeOptions(args: readonly string[]): DatetimeOptions {
  const o: DatetimeOptions = {};
  eachOption(args, (key, value) => {
    if (value === '') {
      if (key === 'date') o.date = 'short';
      else if (key === 'time') o.time = 'short';
      else if (FORMAT_WIDTHS.has(key)) o.datetime = key as FormatWidth;
      else addSkeleton(o, key);
      return;
    }
    switch (key) {
      case 'calendar':
        o.calendar = value === 'gregorian' ? 'gregory' : CALENDARS.has(value) ? value : undefined;
        break;
      case 'context':
        if (CONTEXTS.has(value)) o.context = value as TextContext;
        break;
      case 'date':
      case 'time':
      case 'datetime':
        if (FORMAT_WIDTHS.has(value)) {
          if (key === 'date') o.date = value as FormatWidth;
          else if (key === 'time') o.time = value as FormatWidth;
          else o.datetime = value as FormatWidth;
        } else addSkeleton(o, value);
        break;
      case 'skeleton':
        o.skeleton = value;
        break;
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (FORMAT_WIDTHS.has(value)) o.wrap = value as FormatWidth;
        break;
    }
  });
  return o;
}

export function intervalOptions(args: readonly string[]): IntervalOptions {
  const o: IntervalOptions = {};
  eachOption(args, (key, value) => {
    if (value === '') {
      if (key !== '' && key !== 'context' && key !== 'skeleton' && key !== 'date' && key !== 'time') o.skeleton = key;
      return;
    }
    switch (key) {
      case 'context':
        if (CONTEXTS.has(value)) o.context = value as TextContext;
        break;
      case 'skeleton':
        o.skeleton = value;
        break;
      case 'date':
        o.date = value;
        break;
      case 'time':
        o.time = value;
        break;
    }
  });
  return o;
}

export function relativeTimeOptions(args: readonly string[]): RelativeTimeOptions {
  const o: RelativeTimeOptions = {};
  eachOption(args, (key, value) => {
    switch (key) {
      case 'context':
        if (CONTEXTS.has(value)) o.context = value as TextContext;
        break;
      case 'dayOfWeek':
        o.dayOfWeek = value === 'true';
        break;
      case 'field':
        if (RELATIVE_FIELDS.has(value)) o.field = value as RelativeField;
        break;
      case 'numericOnly':
        o.numericOnly = value === 'true';
        break;
      case 'allowWeeks':
        o.allowWeeks = value === 'true';
        break;
      case 'alwaysNow':
        o.alwaysNow = value === 'true';
        break;
      case 'width':
        if (RELATIVE_WIDTHS.has(value)) o.width = value as 'short' | 'narrow' | 'wide';
        break;
      default:
        numberOption(key, value, o);
    }
  });
  return o;
}
