/**
 * Tax rates a merchant defines per country or region, and the tax of one order: added to the
 * prices (exclusive) or the part already in them (inclusive, as EU stores price). Every rate that
 * covers the address applies (a country's rate and its region's rate add up). Tax is charged on
 * the goods after discounts; shipping and gift cards are not taxed.
 */
import type { ShippingLocation } from './address';

export interface TaxRate {
  id: string;
  name: string;
  countryCode: string;
  /** Null: the whole country. */
  region: string | null;
  /** A percentage with at most 4 decimals, as text ('8.875'), so it converts exactly. */
  ratePercent: string;
}

export interface AppliedTax {
  id: string;
  name: string;
  ratePercent: string;
  amountCents: number;
}

export const RATE_PERCENT = /^(?:100|\d{1,2})(?:\.\d{1,4})?$/;

/** '8.875' → 88750 (parts per million). */
export function ratePpm(ratePercent: string): number {
  const [whole = '0', fraction = ''] = ratePercent.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** a × b / c rounded half up, exactly (BigInt: amounts × ppm pass 2^53). */
function mulDiv(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

export function taxRatesFor(rates: readonly TaxRate[], location: ShippingLocation): TaxRate[] {
  return rates.filter(
    (rate) =>
      rate.countryCode === location.countryCode &&
      (rate.region === null || rate.region.toUpperCase() === location.region),
  );
}

/** Each applicable rate's tax on `taxableCents`; with `included`, the part of `taxableCents` that is tax. */
export function applyTax(rates: readonly TaxRate[], taxableCents: number, included: boolean): AppliedTax[] {
  if (rates.length === 0 || taxableCents <= 0) return rates.map((rate) => ({ ...pick(rate), amountCents: 0 }));
  if (!included)
    return rates.map((rate) => ({
      ...pick(rate),
      amountCents: mulDiv(taxableCents, ratePpm(rate.ratePercent), 1_000_000),
    }));
  const totalPpm = rates.reduce((sum, rate) => sum + ratePpm(rate.ratePercent), 0);
  const totalTax = taxableCents - mulDiv(taxableCents, 1_000_000, 1_000_000 + totalPpm);
  let left = totalTax;
  return rates.map((rate, index) => {
    const share =
      index === rates.length - 1 ? left : mulDiv(totalTax, ratePpm(rate.ratePercent), Math.max(1, totalPpm));
    left -= share;
    return { ...pick(rate), amountCents: share };
  });
}

function pick(rate: TaxRate): Omit<AppliedTax, 'amountCents'> {
  return { id: rate.id, name: rate.name, ratePercent: rate.ratePercent };
}
