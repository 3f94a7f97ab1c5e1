/**
 * Paying in instalments (storefront spec, the instalment pill): which products qualify, and what
 * the pill says about a price against the provider's range.
 */
import { formatMoney, toMinorUnits } from './money';
import { isSoldOut, normalPrice, productType, ProductType } from './product';
import { asString, childOf } from '../values/index';

/** The number of interest-free payments a price splits into. */
export const INSTALMENT_PAYMENTS = 4;

/** The provider's range, in minor units of the store currency. */
export interface InstalmentRange {
  minimum: number;
  maximum: number;
}

/**
 * The pill is written in US dollars, whatever the store currency (kept as it was when this rule
 * moved here; the store currency is a later change), without thousands separators.
 */
const PILL_CURRENCY = 'USD';
const pillMoney = (units: number) => formatMoney(units, PILL_CURRENCY, 'en-US', false);

/** Physical products that are not sold out. */
export function instalmentEligible(item: unknown): boolean {
  return productType(item) === ProductType.Physical && !isSoldOut(item);
}

/** The price the pill splits: the product's highest regular price, in minor units. */
export function instalmentPrice(item: unknown): number {
  return toMinorUnits(asString(childOf(normalPrice(item), 'value')) || '0', PILL_CURRENCY) ?? 0;
}

/** Four payments when the price is within the range, else the 'orders up to / over' text. */
export function instalmentText(price: number, range: InstalmentRange): string {
  if (price > range.maximum) return `Instalments available for orders up to ${pillMoney(range.maximum)}`;
  if (price < range.minimum) return `Instalments available for orders over ${pillMoney(range.minimum)}`;
  return `or ${INSTALMENT_PAYMENTS} interest-free payments of ${pillMoney(Math.ceil(price / INSTALMENT_PAYMENTS))}`;
}
