/**
 * What the merchant's commerce calls accept (docs/checkout.md, "Merchant calls"): shipping and tax
 * rates, discount codes, the checkout settings, fulfilling and refunding an order. The worker
 * validates with these and the console's forms send their input types.
 */
import { z } from 'zod';
import { DISCOUNT_CODE } from '../commerce/discounts';
import { ORDER_STATUSES } from '../commerce/order';
import { RATE_PERCENT } from '../commerce/tax';

const cents = z.number().int().min(0).max(100_000_000);
const place = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, "must be a country code such as 'US' or a region such as 'US-CA'");

export const shippingRateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  regions: z.array(place).max(300).default([]),
  method: z.enum(['flat', 'weight']),
  amountCents: cents,
  perKgCents: cents.default(0),
  freeOverCents: cents.nullable().default(null),
});
export const taxRateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a country code such as US'),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, "must be a region code such as 'CA'")
    .nullable()
    .default(null),
  ratePercent: z.string().regex(RATE_PERCENT, "must be a percentage such as '8.875' (at most 4 decimals)"),
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
export const refundSchema = z.object({ restock: z.boolean() });
export const exportFiltersSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  q: z.string().trim().max(256),
});
