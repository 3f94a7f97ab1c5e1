/**
 * What the merchant's commerce calls accept (docs/checkout.md, "Merchant calls"): shipping and tax
 * rates, discount codes, the checkout settings, fulfilling and refunding an order, sending restock
 * emails. The worker validates with these and the console's forms send their input types.
 */
import { z } from 'zod';
import { countryName, isCountryCode } from '../commerce/address';
import { MAX_CART_ENTRIES, QUANTITY_MAX } from '../commerce/cart';
import { DISCOUNT_CODE } from '../commerce/discounts';
import { ORDER_STATUSES } from '../commerce/order';
import { subdivisionCode, subdivisionsOf, SUBDIVISION_MESSAGES } from '../commerce/subdivisions';
import { RATE_PERCENT } from '../commerce/tax';

const cents = z.number().int().min(0).max(100_000_000);
const NOT_A_COUNTRY = 'must be a country: choose one from the list';

/** A region of `country` as the code addresses carry ('California' → 'CA'), or the issue's message. */
function regionOf(country: string, region: string): { code: string } | { message: string } {
  if (subdivisionsOf(country).length === 0) return { message: SUBDIVISION_MESSAGES.noRegions(countryName(country)) };
  const code = subdivisionCode(country, region);
  return code === null ? { message: SUBDIVISION_MESSAGES.notARegion(region, countryName(country)) } : { code };
}

const placeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, "must be a country code such as 'US' or a region such as 'US-CA'");

/** The places a rule covers: countries ('US') or their listed regions ('US-CA'), each checked against the lists. */
const places = z
  .array(placeCode)
  .max(300)
  .default([])
  .transform((codes, ctx) =>
    codes.map((value, i) => {
      const [country = '', region] = value.split('-');
      const found = !isCountryCode(country)
        ? { message: NOT_A_COUNTRY }
        : region === undefined
          ? { code: '' }
          : regionOf(country, region);
      if ('message' in found) ctx.addIssue({ code: 'custom', message: `regions.${i}: ${found.message}` });
      return 'code' in found && found.code !== '' ? `${country}-${found.code}` : country;
    }),
  );

export const shippingRateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  regions: places,
  method: z.enum(['flat', 'weight']),
  amountCents: cents,
  perKgCents: cents.default(0),
  freeOverCents: cents.nullable().default(null),
});
export const taxRateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a country code such as US')
      .refine(isCountryCode, `countryCode: ${NOT_A_COUNTRY}`),
    /** The region's code or name ('CA', 'California'), kept as the code addresses carry. */
    region: z.string().trim().min(1).max(100).nullable().default(null),
    ratePercent: z.string().regex(RATE_PERCENT, "must be a percentage such as '8.875' (at most 4 decimals)"),
  })
  .transform((rate, ctx) => {
    if (rate.region === null) return rate;
    const found = regionOf(rate.countryCode, rate.region);
    if ('message' in found) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: `region: ${found.message}` });
      return z.NEVER;
    }
    return { ...rate, region: found.code };
  });
export const discountSchema = z
  .object({
    code: z.string().trim().toUpperCase().regex(DISCOUNT_CODE, 'must be 3 to 32 letters, digits, - or _'),
    kind: z.enum(['percentage', 'fixed', 'freeShipping']),
    percent: z.number().int().min(1).max(100).nullable().default(null),
    amountCents: cents.nullable().default(null),
    minimumSubtotalCents: cents.default(0),
    startsOn: z.number().int().min(0).nullable().default(null),
    endsOn: z.number().int().min(0).nullable().default(null),
    usageLimit: z.number().int().min(1).max(10_000_000).nullable().default(null),
  })
  .refine((d) => d.kind !== 'percentage' || d.percent !== null, { message: 'percent: a percentage code needs percent' })
  .refine((d) => d.kind !== 'fixed' || d.amountCents !== null, {
    message: 'amountCents: a fixed code needs amountCents',
  })
  .refine((d) => d.startsOn === null || d.endsOn === null || d.startsOn < d.endsOn, {
    message: 'endsOn: must be after startsOn',
  });
export const settingsSchema = z.object({
  pricesIncludeTax: z.boolean(),
  minimumSubtotalCents: cents,
  reservationMinutes: z.number().int().min(1).max(120),
  welcomeDiscount: z.object({ enabled: z.boolean(), percent: z.number().int().min(1).max(100) }),
  addressSearch: z.boolean().default(false),
});
export const fulfilSchema = z.object({
  trackingNumber: z.string().trim().min(1).max(100),
  carrier: z.string().trim().min(1).max(100).nullable().default(null),
});
/**
 * A refund: `{ restock }` alone refunds all that is left; `lines` (each order line at most once, with its
 * own restock choice) and/or `amountCents` refund part of it (src/commerce/refunds.ts).
 */
export const refundSchema = z
  .object({
    restock: z.boolean().optional(),
    lines: z
      .array(
        z.object({
          line: z
            .number()
            .int()
            .min(0)
            .max(MAX_CART_ENTRIES - 1),
          quantity: z.number().int().min(1).max(QUANTITY_MAX),
          restock: z.boolean(),
        }),
      )
      .max(MAX_CART_ENTRIES)
      .optional(),
    amountCents: cents.optional(),
  })
  .refine((body) => body.restock !== undefined || body.lines !== undefined || body.amountCents !== undefined, {
    message: 'send restock for a full refund, or lines or amountCents for a partial one',
  });
export const exportFiltersSchema = z.object({ status: z.enum(ORDER_STATUSES).optional() });

const restockVariantPart = z.string().min(1).max(64);
/** One sold-out variant whose waiting shoppers are emailed now that it is back in stock. */
export const restockSendSchema = z.object({ productId: restockVariantPart, variantId: restockVariantPart });
/** Up to 100 of them at once. */
export const restockSendAllSchema = z.object({ sendRequests: z.array(restockSendSchema).min(1).max(100) });
