/**
 * Exact fractions over BigInt, for unit conversions: chaining factors such as inches to meters to
 * miles stays exact, so breaking 12345 inches into "1028 ft 9 in" leaves no 8.9999… behind.
 */
import { type Decimal, parseDecimal } from './decimal';

export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rational(n: bigint, d: bigint = 1n): Rational {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

export const ZERO_R = rational(0n);
export const ONE_R = rational(1n);

export function fromDecimal(x: Decimal): Rational {
  const digits = BigInt((x.negative ? '-' : '') + x.digits);
  return x.exponent >= 0 ? rational(digits * 10n ** BigInt(x.exponent)) : rational(digits, 10n ** BigInt(-x.exponent));
}

/** Reads "12.5", "1/60" or "a/b" where a and b are decimals. */
export function parseRational(text: string): Rational {
  const slash = text.indexOf('/');
  if (slash !== -1) return div(parseRational(text.slice(0, slash)), parseRational(text.slice(slash + 1)));
  const d = parseDecimal(text.trim());
  if (d === undefined) throw new Error(`bad factor ${text}`);
  return fromDecimal(d);
}

export function add(a: Rational, b: Rational): Rational {
  return rational(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function sub(a: Rational, b: Rational): Rational {
  return rational(a.n * b.d - b.n * a.d, a.d * b.d);
}

export function mul(a: Rational, b: Rational): Rational {
  return rational(a.n * b.n, a.d * b.d);
}

export function div(a: Rational, b: Rational): Rational {
  return rational(a.n * b.d, a.d * b.n);
}

export function neg(a: Rational): Rational {
  return { n: -a.n, d: a.d };
}

export function absR(a: Rational): Rational {
  return a.n < 0n ? neg(a) : a;
}

export function sign(a: Rational): number {
  return a.n === 0n ? 0 : a.n < 0n ? -1 : 1;
}

export function compareR(a: Rational, b: Rational): number {
  const x = a.n * b.d;
  const y = b.n * a.d;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Whole part, truncated toward zero. */
export function trunc(a: Rational): bigint {
  return a.n / a.d;
}

/** The value as a decimal with `places` digits after the point, rounded half to even. */
export function toDecimal(a: Rational, places: number): Decimal {
  const scale = 10n ** BigInt(places);
  const scaled = a.n * scale;
  let q = scaled / a.d;
  const r = scaled % a.d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > a.d || (twice === a.d && q % 2n !== 0n)) q += a.n < 0n ? -1n : 1n;
  const negative = q < 0n;
  const digits = (negative ? -q : q).toString();
  return parseDecimal((negative ? '-' : '') + digits + 'e-' + places) as Decimal;
}
