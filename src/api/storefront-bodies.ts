/**
 * What the store's subscription, form, restock and account calls accept (storefront spec §7, §8): the
 * worker's routes (routes/shop/subscriptions.ts, forms.ts, restock.ts, session.ts, account.ts) validate
 * with these; the pages send their input types.
 */
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../accounts/password-rules';
import { languageTag } from '../commerce/language-tag';
import { addressSchema } from './checkout-bodies';

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

/** The shopper's account calls' body cap (routes/shop/session.ts and account.ts). */
export const ACCOUNT_BODY_MAX_BYTES = 4096;
const accountEmail = z.string().trim().max(256);
const newPassword = z.string().max(MAX_PASSWORD_LENGTH + 1);
/** A single-use link's token (verification, password reset): only its SHA-256 is stored. */
const linkToken = z.string().regex(/^[0-9a-f]{64}$/, 'token is not a link token');

/** Email and password; `rememberMe` keeps the session 30 days instead of 12 hours. */
export const signInSchema = z.object({
  email: z.string().max(256),
  password: z.string().max(1024),
  rememberMe: z.boolean().optional(),
});
/** A BCP 47 language tag, or null: back to the site's language. */
export const accountLocaleSchema = z.object({ language: languageTag.nullable() });
/** `locale`: the language of the page the form was sent from, which its email is written in. */
export const signUpSchema = z.object({ email: accountEmail, password: newPassword, locale: languageTag.optional() });
export const linkTokenSchema = z.object({ token: linkToken });
export const passwordResetRequestSchema = z.object({ email: accountEmail, locale: languageTag.optional() });
export const passwordResetSchema = z.object({ token: linkToken, password: newPassword });
/** A saved address: the checkout's address shape, and whether the checkout starts with it. */
export const savedAddressSchema = z.object({ address: addressSchema, isDefault: z.boolean().default(false) });
