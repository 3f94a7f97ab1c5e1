/**
 * Money in integer minor units (spec §3): the currencies the store sells in and their minor-unit
 * digits. Decimal strings convert exactly, without floating point.
 */

/** Minor-unit digits per currency (spec §3): JPY has none, every other listed currency two. */
export const CURRENCY_DIGITS: Readonly<Record<string, number>> = {
  EUR: 2,
  USD: 2,
  AUD: 2,
  NOK: 2,
  CAD: 2,
  NZD: 2,
  DKK: 2,
  GBP: 2,
  HKD: 2,
  CHF: 2,
  MXN: 2,
  SGD: 2,
  SEK: 2,
  CZK: 2,
  ILS: 2,
  PHP: 2,
  RUB: 2,
  PLN: 2,
  THB: 2,
  MYR: 2,
  ARS: 2,
  BRL: 2,
  COP: 2,
  IDR: 2,
  INR: 2,
  ZAR: 2,
  JPY: 0,
};

export const DEFAULT_CURRENCY = 'USD';

export function currencyDigits(currency: string): number {
  return CURRENCY_DIGITS[currency] ?? 2;
}

/**
 * '12.50' in USD → 1250; '1200' in JPY → 1200. Extra fraction digits round half up; anything that
 * is not a plain decimal gives null.
 */
export function toMinorUnits(value: string, currency: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (match === null) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = currencyDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  let units = Number(whole + kept);
  if (fraction.length > digits && Number(fraction[digits]) >= 5) units += 1;
  if (!Number.isSafeInteger(units)) return null;
  return sign === '-' ? -units : units;
}

/** 1250 USD → '12.50'; 1200 JPY → '1200'. */
export function fromMinorUnits(units: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = units < 0 ? '-' : '';
  const text = String(Math.abs(units)).padStart(digits + 1, '0');
  return digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Money at the API edge (docs/contracts.md, Money). */
export interface DecimalMoney {
  decimalValue: string;
  currencyCode: string;
}

export function decimalMoney(units: number, currency: string): DecimalMoney {
  return { decimalValue: fromMinorUnits(units, currency), currencyCode: currency };
}

/**
 * '$12.50', '¥1,200', '12,50 €' as the visitor's locale writes the store currency; without
 * `grouping`, no thousands separators ('$2000.00').
 */
export function formatMoney(units: number, currency: string, locale = 'en-US', grouping = true): string {
  const key = `${locale}|${currency}|${grouping}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    const digits = currencyDigits(currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
    moneyFormats.set(key, format);
  }
  return format.format(units / 10 ** currencyDigits(currency));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
