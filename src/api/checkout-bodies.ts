/**
 * What the checkout calls accept (docs/checkout.md): starting and updating the checkout, placing the
 * order, the address search. The worker validates with these; the checkout page sends their input types.
 */
import { z } from 'zod';
import { languageTag } from '../commerce/language-tag';

/** A cart's id, as its cookie and `cartToken` carry it. */
export const CART_ID = /^[0-9a-f]{32}$/;
export const ADDRESS_QUERY_MAX = 100;

const line = (max: number) => z.string().trim().max(max);
export const addressSchema = z.object({
  firstName: line(100),
  lastName: line(100),
  address1: line(200),
  address2: line(200).default(''),
  city: line(100),
  region: line(100).default(''),
  postalCode: line(20),
  countryCode: line(2).toUpperCase(),
  phone: line(40).default(''),
});
const cartToken = z.string().regex(CART_ID, 'cartToken is not a cart token').optional();
export const startSchema = z.object({ cartToken }).default({});
export const updateSchema = z.object({
  cartToken,
  email: z.string().trim().max(256).nullable().optional(),
  shippingAddress: addressSchema.nullable().optional(),
  shippingOptionId: z.string().max(64).nullable().optional(),
  discountCode: z.string().trim().max(64).nullable().optional(),
  giftCardCode: z.string().trim().max(64).nullable().optional(),
  giftRecipientEmail: z.string().trim().max(256).nullable().optional(),
});
/** Shoppers' address search: a query of a few words, Google's session token (one per search, for its billing). */
const sessionToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'sessionToken is 8 to 64 letters, digits, - or _')
  .optional();
export const addressSearchSchema = z.object({ query: z.string().trim().min(3).max(ADDRESS_QUERY_MAX), sessionToken });
export const addressDetailsSchema = z.object({ placeId: z.string().min(1).max(300), sessionToken });
export const placeSchema = z.object({
  cartToken,
  payment: z.object({ provider: z.enum(['local', 'stripe']), token: z.string().min(1).max(256) }),
  /** The checkout page's language (the account's, else the site's): the order's emails are written in it. */
  locale: languageTag.optional(),
});
