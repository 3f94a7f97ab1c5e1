/**
 * The store settings a merchant edits as forms in the console, one zod schema per shape, used by the
 * console's forms and by the routes that save them (src/routes/console/console-settings.ts): the
 * store's details (name, logo, contact email, business address), its policies (rich text pages at
 * /policies/…, linked in the footer and at checkout), the header (announcement bar, social links),
 * the footer (its text and links) and the home page's popup (on or off, its text).
 */
import { z } from 'zod';
import { isCountryCode } from '../../commerce/address';
import { isValidEmail } from '../../forms/validate';
import { IMAGE_URL_MESSAGE, isImageUrl } from '../model/image-url';
import { LINK_MESSAGES, linkHref, MAX_LINK_LENGTH, targetOfHref } from './link-target';

export const STORE_SETTINGS_MESSAGES = {
  name: 'Enter the store name',
  email: 'Emails must be formatted as name@example.com',
  country: 'Choose a country from the list.',
  socialUrl: 'Links must be formatted as http://www.example.com or https://www.example.com',
  popupTitle: 'Enter a title for the popup',
  footerLinkLabel: "Enter the link's text",
  footerLinkUrl: `${LINK_MESSAGES.linkFormat}, or a page of this store such as /shipping`,
} as const;

/** The policies a store publishes, Shopify's three, each at /policies/{slug}. */
export const POLICIES = [
  { kind: 'refund', title: 'Refund policy', slug: 'refund-policy' },
  { kind: 'privacy', title: 'Privacy policy', slug: 'privacy-policy' },
  { kind: 'terms', title: 'Terms of service', slug: 'terms-of-service' },
] as const;
export type PolicyKind = (typeof POLICIES)[number]['kind'];
export const POLICIES_PATH = '/policies';
export const MAX_POLICY_CHARACTERS = 60_000;

export const policyPath = (slug: string) => `${POLICIES_PATH}/${slug}`;

const text = (max: number) => z.string().trim().max(max).default('');

/** A check whose issue keeps its field's path ('contactEmail: …'), as a plain zod check's does (a refine's is shown without it). */
const checked = (ok: (value: string) => boolean, message: string) => (value: string, ctx: z.RefinementCtx) => {
  if (!ok(value)) ctx.addIssue({ code: 'invalid_format', format: 'regex', input: value, message });
};

export const logoSchema = z.object({
  assetUrl: z.string().superRefine(checked(isImageUrl, IMAGE_URL_MESSAGE)),
  altText: text(200),
  originalSize: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/)
    .optional(),
});

export const businessAddressSchema = z.object({
  address1: text(200),
  address2: text(200),
  city: text(100),
  region: text(100),
  postalCode: text(20),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine(checked((code) => code === '' || isCountryCode(code), STORE_SETTINGS_MESSAGES.country))
    .default(''),
});

/** The store's details as saved: the name is the website's title, the rest its `storeDetails`. */
export const storeDetailsSchema = z.object({
  name: z.string().trim().min(1, STORE_SETTINGS_MESSAGES.name).max(100),
  logo: logoSchema.nullable().default(null),
  contactEmail: z
    .string()
    .trim()
    .toLowerCase()
    .superRefine(checked((email) => email === '' || isValidEmail(email), STORE_SETTINGS_MESSAGES.email))
    .default(''),
  address: businessAddressSchema.default({
    address1: '',
    address2: '',
    city: '',
    region: '',
    postalCode: '',
    countryCode: '',
  }),
});
export type StoreDetailsInput = z.input<typeof storeDetailsSchema>;
export type StoreDetails = z.output<typeof storeDetailsSchema>;

/** Each policy's rich text (empty: not published, no link). Sanitized by the site schema when stored. */
export const policiesSchema = z.object({
  refund: text(MAX_POLICY_CHARACTERS),
  privacy: text(MAX_POLICY_CHARACTERS),
  terms: text(MAX_POLICY_CHARACTERS),
});
export type Policies = z.output<typeof policiesSchema>;

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'x', 'tiktok', 'pinterest', 'youtube'] as const;
export const SOCIAL_NETWORK_NAMES: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  youtube: 'YouTube',
};

/** The header as settings; its raw HTML stays the code-injection roles' extra (`html`, sent unchanged by others). */
export const headerSettingsSchema = z.object({
  announcement: text(200),
  social: z
    .array(
      z.object({
        network: z.enum(SOCIAL_NETWORKS),
        url: z
          .string()
          .trim()
          .max(500)
          .regex(/^https?:\/\/[^\s"'<>]+\.[^\s"'<>]+$/, STORE_SETTINGS_MESSAGES.socialUrl),
      }),
    )
    .max(SOCIAL_NETWORKS.length)
    .default([]),
  html: z.string().max(20_000).default(''),
});
export type HeaderSettingsInput = z.input<typeof headerSettingsSchema>;

export const MAX_FOOTER_LINKS = 10;
export const MAX_FOOTER_LINK_LABEL = 60;
/** The footer's rich text, as HTML (sanitized by the site schema when stored). */
export const MAX_FOOTER_TEXT = 10_000;

/**
 * A footer link's address as stored, by the link editor's rules (link-target.ts): a page of this store (`/shipping`),
 * a file, `mailto:`, `tel:`, or else a web address (`www.example.com` gets https://). Anything else (a `javascript:`
 * address among them) is refused with the form's message.
 */
export function footerLinkHref(value: string): { href: string } | { error: string } {
  const address = value.trim();
  const target = targetOfHref(address);
  const made = linkHref(target.type === 'page' && !address.startsWith('/') ? { type: 'web', value: address } : target);
  return 'error' in made && target.type !== 'email' && target.type !== 'phone'
    ? { error: STORE_SETTINGS_MESSAGES.footerLinkUrl }
    : made;
}

export const footerLinkSchema = z.object({
  label: z.string().trim().min(1, STORE_SETTINGS_MESSAGES.footerLinkLabel).max(MAX_FOOTER_LINK_LABEL),
  url: z
    .string()
    .max(MAX_LINK_LENGTH)
    .transform((value, ctx) => {
      const made = footerLinkHref(value);
      if ('href' in made) return made.href;
      // As `checked`'s issue: the message keeps its field's path.
      ctx.addIssue({ code: 'invalid_format', format: 'regex', input: value, message: made.error });
      return z.NEVER;
    }),
});

/** The footer as settings: its text (rich text) and links; its raw HTML is kept as it is (code injection, saved apart). */
export const footerSettingsSchema = z.object({
  text: text(MAX_FOOTER_TEXT),
  links: z.array(footerLinkSchema).max(MAX_FOOTER_LINKS).default([]),
});
export type FooterSettingsInput = z.input<typeof footerSettingsSchema>;

/** The home page's popup: on or off and its text (its sign-up form and the welcome code stay as they are). */
export const popupSettingsSchema = z.object({
  enabled: z.boolean(),
  title: z.string().trim().min(1, STORE_SETTINGS_MESSAGES.popupTitle).max(200),
  body: text(1000),
});
export type PopupSettingsInput = z.input<typeof popupSettingsSchema>;

/** What `GET /api/console/settings` answers: every form's saved values. */
export interface StoreSettingsAnswer {
  details: StoreDetails;
  policies: Policies;
  header: { announcement: string; social: { network: (typeof SOCIAL_NETWORKS)[number]; url: string }[]; html: string };
  footer: { text: string; links: { label: string; url: string }[] };
  popup: { enabled: boolean; title: string; body: string };
}

/** The Home checklist's items: each true when the store's state shows it done. */
export const CHECKLIST_ITEMS = ['product', 'shipping', 'payments', 'details', 'policies', 'publish'] as const;
export type ChecklistAnswer = Record<(typeof CHECKLIST_ITEMS)[number], boolean>;
