/**
 * What the store's subscription, form and restock calls accept (storefront spec §7, §8): the worker's
 * routes (routes/shop/subscriptions.ts, forms.ts, restock.ts) validate with these; the pages send their input types.
 */
import { z } from 'zod';
import { languageTag } from '../commerce/language-tag';

/** The capability token of an order's buyer (its confirmation and subscription pages' `?token=`). */
export const BUYER_TOKEN = /^[0-9a-f]{32}$/;
export const subscriptionCancelSchema = z.object({
  token: z.string().regex(BUYER_TOKEN, 'token is not a subscription token'),
});

/** A form call's body cap; a submission's values (`form`, JSON text) fit in it. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
/** A form's values by field id: each field's own rules are `src/forms/validate.ts`'s. */
export const formValuesSchema = z.record(z.string().max(100), z.unknown());
export const formSubmissionSchema = z.object({
  key: z.string().min(1).max(128),
  formId: z.string().min(1).max(64),
  /** The values, as JSON text. */
  form: z.string().max(FORM_BODY_MAX_BYTES),
  captchaKey: z.string().max(4096).nullable().optional(),
  pageTitle: z.string().max(500).nullable().optional(),
  pageId: z.string().max(64).nullable().optional(),
  contentSource: z.enum(['i', 'c']).nullable().optional(),
  pagePath: z.string().max(2083).nullable().optional(),
  /** The page's language (a BCP 47 tag): the welcome code's email is written in it. */
  locale: languageTag.optional(),
});

const productPart = z.string().min(1).max(64);
/** A visitor's sign-up for a sold-out variant's restock email. */
export const restockSignUpSchema = z.object({
  productId: productPart,
  variantId: productPart,
  siteVisitorEmail: z.string().max(512),
  isJoinMailingList: z.boolean().optional(),
  recaptchaEnterpriseV3Token: z.string().max(4096).nullable().optional(),
  language: z.string().max(35).nullable().optional(),
});
