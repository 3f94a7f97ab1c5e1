/**
 * Money formats that predate the locale-aware `money` formatter.
 *
 * `i18n-money-format` writes an amount with two decimals (fewer for currencies without minor
 * units), the locale's separators as older Java locale data has them (a no-break space where
 * current CLDR has a narrow one, an ASCII minus), a house choice of currency symbols, and the
 * symbol before or after the number by locale. A symbol that touches the number with a letter gets
 * a space ("kr 1,234.56", "1.234,56 A$"); a space-separated prefix symbol keeps the minus on the
 * number ("kr -1,234.56").
 *
 * `money-format` and friends print an amount in cents as a plain US-style decimal.
 */
import { type Decimal, setScale, toPlainString } from './decimal';
import { intlLocale, numberFormat } from './intl';
import { currencyDigits } from './numbers';

/** Symbols the storefront settled on; other currencies use the locale's own symbol. */
const HOUSE_SYMBOLS: Readonly<Record<string, string>> = {
  AUD: 'A$',
  CAD: 'C$',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  NOK: 'kr',
  SEK: 'kr',
  USD: '$',
};

/** Locales (as language-REGION) that write the symbol after the amount; all others put it first. */
const SYMBOL_AFTER = new Set(['da-DK', 'de-DE', 'fr-FR', 'sv-SE']);

/** Java-style locale argument: "en_US", "de-DE", "fr". Undefined when malformed. */
export function legacyLocale(arg: string | undefined): { language: string; region: string } | undefined {
  if (arg === undefined || arg.trim() === '') return { language: 'en', region: 'US' };
  const m = /^([a-z]{2,8})(?:[-_]([A-Z]{2}|\d{3}))?(?:[-_].+)?$/.exec(arg.trim());
  if (m === null) return undefined;
  return { language: m[1] as string, region: m[2] ?? '' };
}

interface Separators {
  group: string;
  decimal: string;
}

const separatorCache = new Map<string, Separators>();

function separators(tag: string): Separators {
  let found = separatorCache.get(tag);
  if (found === undefined) {
    found = { group: ',', decimal: '.' };
    try {
      for (const part of numberFormat(intlLocale(tag), { useGrouping: 'always' }).formatToParts(1234567.5)) {
        if (part.type === 'group') found.group = part.value === '\u202f' ? '\u00a0' : part.value;
        else if (part.type === 'decimal') found.decimal = part.value;
      }
    } catch {
      // keep the US separators
    }
    separatorCache.set(tag, found);
  }
  return found;
}

/** Groups of three with the given separators, no sign. */
function plainNumber(n: Decimal, sep: Separators): string {
  const text = toPlainString(n).replace('-', '');
  const point = text.indexOf('.');
  const whole = point === -1 ? text : text.slice(0, point);
  const fraction = point === -1 ? '' : text.slice(point + 1);
  let grouped = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) grouped += sep.group;
    grouped += whole.charAt(i);
  }
  return fraction === '' ? grouped : grouped + sep.decimal + fraction;
}

function localSymbol(tag: string, code: string): string {
  try {
    const part = numberFormat(intlLocale(tag), { style: 'currency', currency: code })
      .formatToParts(1)
      .find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

const STARTS_WITH_LETTER = /^[A-Za-z]/;
const ENDS_WITH_LETTER = /[A-Za-z]$/;

/** The `i18n-money-format` text for an amount; undefined when the currency code is unknown. */
export function formatLegacyMoney(
  amount: Decimal,
  code: string,
  locale: { language: string; region: string },
): string | undefined {
  const digits = currencyDigits(code);
  if (digits < 0) return undefined;
  const tag = locale.region === '' ? locale.language : `${locale.language}-${locale.region}`;
  const symbol = HOUSE_SYMBOLS[code] ?? localSymbol(tag, code);
  const rounded = setScale(amount, digits, 'half-even');
  const number = plainNumber(rounded, separators(tag));
  const minus = rounded.negative ? '-' : '';
  if (SYMBOL_AFTER.has(tag)) return minus + number + (STARTS_WITH_LETTER.test(symbol) ? ' ' : '') + symbol;
  if (ENDS_WITH_LETTER.test(symbol)) return symbol + ' ' + minus + number;
  return minus + symbol + number;
}

/** Cents as a US-style amount with two decimals: 12345 → "123.45". */
export function formatCents(cents: Decimal): string {
  const amount = setScale({ ...cents, exponent: cents.exponent - 2 }, 2, 'half-even');
  return numberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(toPlainString(amount));
}
