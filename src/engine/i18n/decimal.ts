/**
 * Exact decimal numbers for the i18n formatters. Template data carries amounts as strings
 * ("123456.7890") whose digits must survive formatting, so rounding happens here on the digit
 * string and only the final, already-rounded value is handed to Intl.NumberFormat (which formats a
 * numeric string exactly).
 */

export type RoundingMode = 'up' | 'down' | 'ceiling' | 'floor' | 'half-up' | 'half-down' | 'half-even';

/** A finite decimal: (-1)^negative × digits × 10^exponent. `digits` has no leading zeros ("0" for zero). */
export interface Decimal {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

const DECIMAL_SYNTAX = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Reads a decimal literal: optional sign, digits with an optional point, optional exponent
 * ("-1.5", ".5", "2.", "1e3"). Anything else, including NaN and Infinity, is undefined.
 */
export function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL_SYNTAX.exec(text);
  if (m === null) return undefined;
  const whole = m[2] ?? '';
  const fraction = m[3] ?? '';
  if (whole.length + fraction.length === 0) return undefined;
  const exponent = (m[4] === undefined ? 0 : parseInt(m[4], 10)) - fraction.length;
  if (!Number.isFinite(exponent) || Math.abs(exponent) > 10_000) return undefined;
  return make(m[1] === '-', whole + fraction, exponent);
}

/** A JavaScript number as a decimal (as String() writes it); undefined for NaN and infinities. */
export function decimalFromNumber(n: number): Decimal | undefined {
  return Number.isFinite(n) ? parseDecimal(String(n)) : undefined;
}

function make(negative: boolean, digits: string, exponent: number): Decimal {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
  const d = digits.slice(i);
  return { negative: negative && d !== '0', digits: d, exponent: d === '0' ? Math.min(exponent, 0) : exponent };
}

export const ZERO: Decimal = { negative: false, digits: '0', exponent: 0 };

export function isZero(n: Decimal): boolean {
  return n.digits === '0';
}

/** Digits after the point (negative when the number ends in zeros before the point). */
export function scale(n: Decimal): number {
  return -n.exponent;
}

/** Number of significant digits as written (trailing zeros count). */
export function precision(n: Decimal): number {
  return n.digits.length;
}

/** Digits before the point; at least 1. */
export function integerDigits(n: Decimal): number {
  return Math.max(1, n.digits.length + n.exponent);
}

export function negate(n: Decimal): Decimal {
  return isZero(n) ? n : { ...n, negative: !n.negative };
}

export function abs(n: Decimal): Decimal {
  return n.negative ? { ...n, negative: false } : n;
}

/** Multiplies by 10^places. */
export function movePoint(n: Decimal, places: number): Decimal {
  return isZero(n) ? n : { ...n, exponent: n.exponent + places };
}

/** Drops trailing zeros of the digits ("1.500" becomes "1.5", "1200" stays 1200 with a positive exponent). */
export function stripTrailingZeros(n: Decimal): Decimal {
  if (isZero(n)) return ZERO;
  let end = n.digits.length;
  while (end > 1 && n.digits.charCodeAt(end - 1) === 48) end--;
  return { negative: n.negative, digits: n.digits.slice(0, end), exponent: n.exponent + (n.digits.length - end) };
}

/** Rounds (or zero-pads) to exactly `places` digits after the point. */
export function setScale(n: Decimal, places: number, mode: RoundingMode): Decimal {
  const current = -n.exponent;
  if (places >= current) {
    if (isZero(n)) return { negative: false, digits: '0', exponent: -places };
    return { negative: n.negative, digits: n.digits + '0'.repeat(places - current), exponent: -places };
  }
  const drop = current - places;
  const keep = n.digits.length - drop;
  // A number entirely below the first dropped digit rounds to zero in every mode, as CLDR engines do.
  if (keep < 0) return { negative: false, digits: '0', exponent: -places };
  const kept = keep > 0 ? n.digits.slice(0, keep) : '0';
  const dropped = keep > 0 ? n.digits.slice(keep) : n.digits;
  const up = roundsUp(n.negative, kept, dropped, mode);
  const digits = up ? increment(kept) : kept;
  return make(n.negative, digits, -places);
}

function roundsUp(negative: boolean, kept: string, dropped: string, mode: RoundingMode): boolean {
  const nonZero = /[1-9]/.test(dropped);
  if (!nonZero) return false;
  switch (mode) {
    case 'up':
      return true;
    case 'down':
      return false;
    case 'ceiling':
      return !negative;
    case 'floor':
      return negative;
    default: {
      const first = dropped.charCodeAt(0) - 48;
      if (first > 5) return true;
      if (first < 5) return false;
      if (/[1-9]/.test(dropped.slice(1))) return true;
      // Exactly half.
      if (mode === 'half-up') return true;
      if (mode === 'half-down') return false;
      return (kept.charCodeAt(kept.length - 1) - 48) % 2 === 1;
    }
  }
}

function increment(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] === '9') chars[i] = '0';
    else {
      chars[i] = String.fromCharCode((chars[i] as string).charCodeAt(0) + 1);
      return chars.join('');
    }
  }
  return '1' + chars.join('');
}

/** Rounds to at most `sig` significant digits. */
export function roundSignificant(n: Decimal, sig: number, mode: RoundingMode): Decimal {
  if (precision(n) <= sig) return n;
  return setScale(n, sig - precision(n) + scale(n), mode);
}

export function isInteger(n: Decimal): boolean {
  return n.exponent >= 0 || /^0*$/.test(n.digits.slice(n.digits.length + n.exponent));
}

/** Plain notation without exponent: "-1234.50". */
export function toPlainString(n: Decimal): string {
  const sign = n.negative ? '-' : '';
  if (n.exponent >= 0) return sign + (isZero(n) ? '0' : n.digits + '0'.repeat(n.exponent));
  const places = -n.exponent;
  const padded = n.digits.padStart(places + 1, '0');
  return sign + padded.slice(0, padded.length - places) + '.' + padded.slice(padded.length - places);
}

/** Compares by value: negative, 0 or positive. */
export function compare(a: Decimal, b: Decimal): number {
  if (a.negative !== b.negative) return isZero(a) && isZero(b) ? 0 : a.negative ? -1 : 1;
  const sign = a.negative ? -1 : 1;
  const ia = isZero(a) ? -Infinity : a.digits.length + a.exponent;
  const ib = isZero(b) ? -Infinity : b.digits.length + b.exponent;
  if (ia !== ib) return ia < ib ? -sign : sign;
  const places = Math.max(-a.exponent, -b.exponent, 0);
  const x = setScale(a, places, 'down').digits;
  const y = setScale(b, places, 'down').digits;
  if (x.length !== y.length) return x.length < y.length ? -sign : sign;
  return x === y ? 0 : x < y ? -sign : sign;
}

export function toNumber(n: Decimal): number {
  return Number(toPlainString(n));
}

/** Subtracts an integer (the plural offset). */
export function subtractInteger(n: Decimal, k: number): Decimal {
  if (k === 0) return n;
  const places = Math.max(scale(n), 0);
  const big = BigInt((n.negative ? '-' : '') + setScale(n, places, 'down').digits) - BigInt(k) * 10n ** BigInt(places);
  const text = big.toString();
  const negative = text.startsWith('-');
  return make(negative, negative ? text.slice(1) : text, -places);
}

/** Visible fraction digits, which plural rules look at ("1.0" is not "one" in English). */
export function fractionDigitCount(n: Decimal): number {
  return Math.max(0, -n.exponent);
}
