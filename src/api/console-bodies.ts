/**
 * What the console's store and session calls accept: the merchant's sign-in, a form's notification
 * settings, the store's currency, the header and footer; the merchant API's collections, categories and
languages (merchant.ts). The worker validates with these; the console and the tools send their input types.
 */
import { z } from 'zod';

export const merchantSignInSchema = z.object({ email: z.string().max(256), password: z.string().max(1024) });
export const notificationSchema = z.object({ enabled: z.boolean(), recipient: z.string().trim().max(256) });
export const currencySchema = z.object({ currency: z.string().trim().toUpperCase().max(3) });

/** The merchant API's new product collection and root category (engine spec §7, src/api/merchant.ts). */
export const productCollectionSchema = z.object({
  navigationTitle: z.string().max(200),
  title: z.string().max(200),
  urlId: z.string().max(200),
  description: z.string().max(5000),
  enabled: z.boolean(),
});
export const categorySchema = z.object({
  displayName: z.string().max(200),
  parentCategoryId: z.string().max(64).nullable(),
  type: z.literal('ROOT'),
  pageRendering: z.literal('LIST_VIEW'),
  displayIndex: z.number().int().min(0).max(10_000),
});
export const languagesSchema = z.object({ languages: z.array(z.string().min(2).max(35)).max(20) });
export const headerFooterSchema = z.object({ header: z.string().max(20_000), footer: z.string().max(20_000) });
