/**
 * Locale-aware decimal and currency formatting for the `decimal` and `money` formatters and the
 * message formats. The digits are chosen here, following CLDR number-pattern rules (fraction
 * digits from the pattern unless options override them; significant digits when asked for), and
 * the already-rounded value is rendered by Intl.NumberFormat for the locale's symbols and grouping.
 */
import {
  type Decimal,
  type RoundingMode,
  isZero,
  movePoint,
  precision,
  scale,
  setScale,
  stripTrailingZeros,
  toPlainString,
} from './decimal';
import { type NumberFormatOptions3, numberFormat, numberFormatKeyed } from './intl';
import type { CurrencyOptions, DecimalOptions, NumberOptions } from './options';

/** The digit counts a number pattern implies (CLDR "#,##0.###" has 1 integer, 0-3 fraction digits). */
interface PatternDigits {
  minInt: number;
  minFrac: number;
  maxFrac: number;
}

const DECIMAL_PATTERN: PatternDigits = { minInt: 1, minFrac: 0, maxFrac: 3 };
const PERCENT_PATTERN: PatternDigits = { minInt: 1, minFrac: 0, maxFrac: 0 };
const NO_FRACTION: PatternDigits = PERCENT_PATTERN;

const INTL_ROUNDING: Readonly<Record<RoundingMode, NonNullable<NumberFormatOptions3['roundingMode']>>> = {
  up: 'expand',
  down: 'trunc',
  ceiling: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

function roundingOf(o: NumberOptions): RoundingMode {
  return o.round ?? 'half-even';
}

function hasFractionOption(o: NumberOptions): boolean {
  return o.minimumFractionDigits !== undefined || o.maximumFractionDigits !== undefined;
}

function hasSignificantOption(o: NumberOptions): boolean {
  return o.minimumSignificantDigits !== undefined || o.maximumSignificantDigits !== undefined;
}

/** The fraction digit range after applying the options to the pattern's own range. */
function fractionRange(o: NumberOptions, pattern: PatternDigits): { minFrac: number; maxFrac: number } {
  let minFrac = pattern.minFrac;
  let maxFrac = pattern.maxFrac;
  const optMin = o.minimumFractionDigits;
  const optMax = o.maximumFractionDigits;
  if (optMax !== undefined) maxFrac = optMax;
  if (optMin !== undefined) {
    minFrac = optMax !== undefined && optMax < optMin ? optMax : optMin;
    if (minFrac > maxFrac) maxFrac = minFrac;
  }
  if (optMax !== undefined && maxFrac < minFrac) minFrac = maxFrac;
  return { minFrac, maxFrac };
}

/**
 * Rounds `n` as a fixed (non-compact) pattern would: to the significant digits when any
 * significant option is given, otherwise into the fraction digit range.
 */
export function adjustDigits(n: Decimal, o: NumberOptions, pattern: PatternDigits): Decimal {
  const mode = roundingOf(o);
  if (hasSignificantOption(o)) {
    const maxSig = o.maximumSignificantDigits ?? -1;
    let minSig = o.minimumSignificantDigits ?? -1;
    const max = minSig !== -1 && maxSig !== -1 && minSig > maxSig ? minSig : maxSig;
    if (minSig === -1) minSig = max;
    if (minSig >= 0) {
      if (max !== -1 && precision(n) > max) n = setScale(n, max - precision(n) + scale(n), mode);
      n = stripTrailingZeros(n);
      if (precision(n) < minSig) n = setScale(n, minSig - precision(n) + scale(n), mode);
      return n;
    }
  }
  const { minFrac, maxFrac } = fractionRange(o, pattern);
  n = setScale(n, Math.max(minFrac, Math.min(scale(n), maxFrac)), mode);
  n = stripTrailingZeros(n);
  if (scale(n) < minFrac) n = setScale(n, minFrac, mode);
  return n;
}

function minimumInteger(o: NumberOptions, pattern: PatternDigits): number {
  const m = o.minimumIntegerDigits === undefined ? pattern.minInt : o.minimumIntegerDigits;
  return m < 1 ? 1 : Math.min(m, 21);
}

/** Intl options that print an already-rounded value exactly as it is. */
function exactDigits(n: Decimal, minInt: number, group: boolean | undefined): NumberFormatOptions3 {
  const places = Math.min(100, Math.max(0, scale(n)));
  return {
    minimumIntegerDigits: minInt,
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    useGrouping: group === false ? false : 'auto',
  };
}

/** Intl digit options for compact notation, which Intl rounds itself. */
function compactDigits(locale: string, o: NumberOptions, pattern: PatternDigits = NO_FRACTION): NumberFormatOptions3 {
  // Numbers too small to abbreviate are grouped as the locale groups plain numbers.
  const grouping = o.group === false ? false : symbols(locale).groupsThousands ? 'always' : 'min2';
  const out: NumberFormatOptions3 = { roundingMode: INTL_ROUNDING[roundingOf(o)], useGrouping: grouping };
  if (hasSignificantOption(o)) {
    const min = o.minimumSignificantDigits ?? 1;
    const max = Math.max(o.maximumSignificantDigits ?? 2, min);
    out.minimumSignificantDigits = Math.max(1, Math.min(21, min));
    out.maximumSignificantDigits = Math.max(1, Math.min(21, max));
  } else if (hasFractionOption(o)) {
    const { minFrac, maxFrac } = fractionRange(o, pattern);
    out.minimumFractionDigits = Math.min(100, minFrac);
    out.maximumFractionDigits = Math.min(100, maxFrac);
  }
  return out;
}

function safely(format: () => string): string {
  try {
    return format();
  } catch {
    return '';
  }
}

/** The `decimal` formatter's text: plain, compact (short/long), percent, per-mille or scientific. */
export function formatDecimal(locale: string, n: Decimal, o: DecimalOptions): string {
  return safely(() => {
    switch (o.style ?? 'decimal') {
      case 'short':
      case 'long':
        return numberFormat(locale, {
          notation: 'compact',
          compactDisplay: o.style === 'long' ? 'long' : 'short',
          ...compactDigits(locale, o),
        }).format(toPlainString(n));
      case 'percent':
      case 'percent-scaled':
        return formatPercent(locale, o.style === 'percent' ? movePoint(n, 2) : n, o, '');
      case 'permille':
      case 'permille-scaled':
        return formatPercent(locale, o.style === 'permille' ? movePoint(n, 3) : n, o, '‰');
      case 'scientific':
        return formatScientific(locale, n, o);
      default: {
        const adjusted = adjustDigits(n, o, DECIMAL_PATTERN);
        const options = exactDigits(adjusted, minimumInteger(o, DECIMAL_PATTERN), o.group);
        return numberFormat(locale, options).format(toPlainString(adjusted));
      }
    }
  });
}

/** NaN and the infinities, in the locale's symbols. */
export function formatSpecial(locale: string, n: number): string {
  return numberFormat(locale, {}).format(n);
}

/** Percent and per-mille: `scaled` is already in hundredths (thousandths); `sign` replaces the percent sign. */
function formatPercent(locale: string, scaled: Decimal, o: DecimalOptions, sign: string): string {
  const adjusted = adjustDigits(scaled, o, PERCENT_PATTERN);
  const options: NumberFormatOptions3 = {
    style: 'percent',
    ...exactDigits(adjusted, minimumInteger(o, PERCENT_PATTERN), o.group),
  };
  const value = toPlainString(movePoint(adjusted, -2));
  const formatter = numberFormat(locale, options);
  if (sign === '') return formatter.format(value);
  return formatter
    .formatToParts(value)
    .map((p) => (p.type === 'percentSign' ? sign : p.value))
    .join('');
}

/**
 * Scientific notation ("1.23E+3"): rounded to one significant digit unless digit options say
 * otherwise, the coefficient written with one integer digit, the exponent dropped when it is 0.
 */
function formatScientific(locale: string, n: Decimal, o: DecimalOptions): string {
  const mode = roundingOf(o);
  const significant = !hasFractionOption(o) || hasSignificantOption(o);
  const round = (x: Decimal): Decimal => {
    if (!significant) return adjustDigits(x, o, NO_FRACTION);
    let minSig = o.minimumSignificantDigits ?? 0;
    let maxSig = o.maximumSignificantDigits ?? 0;
    if (minSig > maxSig) maxSig = minSig;
    if (minSig <= 0) minSig = 1;
    if (maxSig <= 0) maxSig = 1;
    return adjustDigits(
      x,
      { minimumSignificantDigits: minSig, maximumSignificantDigits: maxSig, round: mode },
      NO_FRACTION,
    );
  };
  const rounded = round(n);
  const exponent = isZero(rounded) ? 0 : rounded.digits.length + rounded.exponent - 1;
  const coefficient = round(movePoint(rounded, -exponent));
  const text = numberFormat(locale, exactDigits(coefficient, 1, false)).format(toPlainString(coefficient));
  if (exponent === 0) return text;
  const s = symbols(locale);
  return text + s.exponent + (exponent < 0 ? s.minus : s.plus) + String(Math.abs(exponent));
}

interface NumberSymbols {
  exponent: string;
  minus: string;
  plus: string;
  /** Whether the locale groups a four-digit number (CLDR minimumGroupingDigits of 1). */
  groupsThousands: boolean;
}

const symbolCache = new Map<string, NumberSymbols>();

function symbols(locale: string): NumberSymbols {
  let found = symbolCache.get(locale);
  if (found === undefined) {
    const part = (parts: Intl.NumberFormatPart[], type: string, fallback: string): string =>
      parts.find((p) => p.type === type)?.value ?? fallback;
    const sci = numberFormat(locale, { notation: 'scientific' }).formatToParts(1234);
    const signed = numberFormat(locale, { signDisplay: 'always' } as NumberFormatOptions3);
    found = {
      exponent: part(sci, 'exponentSeparator', 'E'),
      minus: part(signed.formatToParts(-1), 'minusSign', '-'),
      plus: part(signed.formatToParts(1), 'plusSign', '+'),
      groupsThousands: /\D/.test(numberFormat(locale, { useGrouping: 'auto' }).format(1234)),
    };
    symbolCache.set(locale, found);
  }
  return found;
}

const currencyDigitCache = new Map<string, number>();

/** The currency's usual fraction digits (2 for USD, 0 for JPY), as the runtime's CLDR data says. */
export function currencyDigits(code: string): number {
  let digits = currencyDigitCache.get(code);
  if (digits === undefined) {
    try {
      digits = numberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = -1;
    }
    currencyDigitCache.set(code, digits);
  }
  return digits;
}

/** Formats an amount of money; '' when the currency code is not one Intl accepts. */
export function formatCurrency(locale: string, n: Decimal, code: string, o: CurrencyOptions): string {
  const digits = currencyDigits(code);
  if (digits < 0) return '';
  return safely(() => {
    const style = o.style ?? 'symbol';
    const pattern: PatternDigits = { minInt: 1, minFrac: digits, maxFrac: digits };
    const display = o.symbolWidth === 'narrow' ? 'narrowSymbol' : 'symbol';
    if (style === 'short') {
      return numberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: display,
        notation: 'compact',
        ...compactDigits(locale, o, pattern),
      }).format(toPlainString(n));
    }
    const adjusted = adjustDigits(n, o, pattern);
    const exact = exactDigits(adjusted, minimumInteger(o, pattern), o.group);
    const value = toPlainString(adjusted);
    if (style === 'name' || style === 'code') {
      const parts = numberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'name',
        ...exact,
      }).formatToParts(value);
      return parts.map((p) => (style === 'code' && p.type === 'currency' ? code : p.value)).join('');
    }
    const sign = style === 'accounting' ? 'accounting' : 'standard';
    const key = `${code} ${display} ${sign} ${exact.minimumIntegerDigits} ${exact.maximumFractionDigits} ${exact.useGrouping}`;
    return numberFormatKeyed(locale, key, () => ({
      style: 'currency',
      currency: code,
      currencyDisplay: display,
      currencySign: sign,
      ...exact,
    })).format(value);
  });
}
