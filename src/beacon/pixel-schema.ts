/**
 * The body of a reported pixel event (`POST /api/trackers/pixel`), one schema per event so each
 * carries what its name promises (a purchase its value and currency, a search its words) and
 * nothing else; unknown fields are refused.
 */
import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from '../commerce/cart';
import { LEAD_NEWSLETTER, REGISTRATION_ACCOUNT } from './pixel-events';

/** An event's body is small: a purchase of 100 lines is about 5 KB. */
export const MAX_PIXEL_BODY_BYTES = 8 * 1024;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, underscores or dashes (at most 64)');
const ids = z.array(id).min(1).max(100);
const money = {
  value_cents: z.number().int().min(0).max(1e12),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a currency code'),
};
const contents = z
  .array(z.strictObject({ id, quantity: z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX) }))
  .min(1)
  .max(100);
const product = { content_ids: ids, content_type: z.literal('product') };

const common = {
  event_id: id,
  event_source_url: z.url({ protocol: /^https?$/ }).max(2083),
};

export const pixelEventBody = z.discriminatedUnion('event_name', [
  z.strictObject({ ...common, event_name: z.literal('ViewContent'), custom_data: z.strictObject(product) }),
  z.strictObject({
    ...common,
    event_name: z.literal('AddToCart'),
    custom_data: z.strictObject({ ...product, contents, ...money }),
  }),
  z.strictObject({
    ...common,
    event_name: z.literal('Search'),
    custom_data: z.strictObject({ search_string: z.string().min(1).max(200) }),
  }),
  z.strictObject({
    ...common,
    event_name: z.literal('Lead'),
    custom_data: z.strictObject({ content_name: z.literal(LEAD_NEWSLETTER) }),
  }),
  z.strictObject({
    ...common,
    event_name: z.literal('Purchase'),
    custom_data: z.strictObject({ ...product, contents, num_items: z.number().int().min(1).max(999_900), ...money }),
  }),
  z.strictObject({
    ...common,
    event_name: z.literal('CompleteRegistration'),
    custom_data: z.strictObject({ content_name: z.literal(REGISTRATION_ACCOUNT) }),
  }),
]);

export type PixelEventBody = z.infer<typeof pixelEventBody>;
