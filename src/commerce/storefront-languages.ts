/**
 * The languages the storefront's own texts come in, and which one a locale gets. Apart from the
 * catalogue (storefront-text.ts) so a page can tell it needs no catalogue without loading English.
 */
export const STOREFRONT_LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type StorefrontLanguage = (typeof STOREFRONT_LANGUAGES)[number];

/**
 * Where a signed-out visitor's own language choice is kept in the browser (src/client/visitor-language.ts); the
 * header's early words (src/storefront/header-words.ts) read it before the header paints.
 */
export const VISITOR_LANGUAGE_KEY = 'storefront:language';

/**
 * Where the signed-in account's language is kept in the browser once a page has learned it from the session call or
 * the shopper changed it (`{"account": siteUserId, "language": locale or null for the site's}`), so the header's
 * early words paint the next page in it; another account signed in on the same browser does not match its id.
 */
export const ACCOUNT_LANGUAGE_KEY = 'storefront:account-language';

/** 'fr-FR' → 'fr'; a language the catalogue does not have → 'en'. */
export function storefrontLanguage(locale: string): StorefrontLanguage {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (STOREFRONT_LANGUAGES as readonly string[]).includes(language) ? (language as StorefrontLanguage) : 'en';
}
