/**
 * Paying in instalments (storefront spec, the instalment pill): whether the store may offer it at
 * all, which products qualify, and what the pill says about a price against the provider's range.
 */
import { formatMoney, toMinorUnits } from './money';
import { isSoldOut, priceNow, productType, ProductType, variantsOf } from './product';
import { asString, childOf } from '../values/index';

/**
 * The instalment providers each payment provider offers at checkout. None yet: the checkout takes
 * cards only (docs/payments.md), so a provider that adds an instalment method lists it here.
 */
const CHECKOUT_INSTALMENTS: Readonly<Record<string, readonly string[]>> = { local: [], stripe: [] };

/**
 * Whether the store may promise paying in instalments (the pill, its 'Learn more', the cart's
 * offer): only when its `instalments` setting names a provider that the checkout really offers,
 * through its payment provider or a payment configuration that declares it (`offeredAtCheckout`).
 */
export function instalmentsOffered(settings: unknown, paymentProvider: string): boolean {
  const instalments = childOf(settings, 'instalments');
  if (instalments === undefined) return false;
  const provider = asString(childOf(instalments, 'provider'));
  return (
    childOf(instalments, 'offeredAtCheckout') === true ||
    (CHECKOUT_INSTALMENTS[paymentProvider]?.includes(provider) ?? false)
  );
}

/** The number of interest-free payments a price splits into. */
export const INSTALMENT_PAYMENTS = 4;

/** The provider's range, in minor units of the store currency. */
export interface InstalmentRange {
  minimum: number;
  maximum: number;
}

/** The store's currency and language the pill writes its amounts in. */
export interface PillMoney {
  currency: string;
  locale: string;
}

/** A cart qualifies only when it has items and every one of them is physical (spec). */
export function cartAllowsInstalments(entries: readonly { productType: number }[]): boolean {
  return entries.length > 0 && entries.every((entry) => entry.productType === ProductType.Physical);
}

/** Physical products that are not sold out. */
export function instalmentEligible(item: unknown): boolean {
  return productType(item) === ProductType.Physical && !isSoldOut(item);
}

/**
 * The price the pill splits, in minor units of the store currency: the highest price a variant
 * sells for now (its sale price when on sale).
 */
export function instalmentPrice(item: unknown, currency: string): number {
  const variants = variantsOf(item);
  const prices = Array.isArray(variants)
    ? variants.map((variant) => toMinorUnits(asString(childOf(priceNow(item, variant), 'value')) || '0', currency) ?? 0)
    : [];
  return Math.max(0, ...prices);
}

/**
 * Four payments when the price is above the minimum and not above the maximum (spec), else the
 * 'orders up to / over' text; amounts in the store currency, without thousands separators.
 */
export function instalmentText(price: number, range: InstalmentRange, money: PillMoney): string {
  const format = (units: number) => formatMoney(units, money.currency, money.locale, false);
  if (price > range.maximum) return `Instalments available for orders up to ${format(range.maximum)}`;
  if (price <= range.minimum) return `Instalments available for orders over ${format(range.minimum)}`;
  return `or ${INSTALMENT_PAYMENTS} interest-free payments of ${format(Math.ceil(price / INSTALMENT_PAYMENTS))}`;
}
