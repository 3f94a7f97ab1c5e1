/**
 * The instalment provider's information page (storefront spec: Afterpay in en_US, en_CA, fr_CA,
 * en_AU, en_NZ; Clearpay in en_GB; the languages allowed per country; US territories count as the
 * US). Which page to show is decided here; where it comes from is the provider's business: the
 * local implementation serves our own page, a real one would point at the provider's site.
 */
export type InstalmentProvider = 'afterpay' | 'clearpay';

const PROVIDER_LOCALES: Readonly<Record<InstalmentProvider, readonly string[]>> = {
  afterpay: ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'],
  clearpay: ['en_GB'],
};
const COUNTRY_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
};
const US_TERRITORIES = new Set(['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM']);

/** The provider locale for a shopper's language and country, or null when the provider has none. */
export function providerLocale(provider: InstalmentProvider, language: string, country: string): string | null {
  const region = US_TERRITORIES.has(country.toUpperCase()) ? 'US' : country.toUpperCase();
  const languages = COUNTRY_LANGUAGES[region];
  if (languages === undefined) return null;
  const lang = languages.includes(language.toLowerCase()) ? language.toLowerCase() : (languages[0] as string);
  const locale = `${lang}_${region}`;
  return PROVIDER_LOCALES[provider].includes(locale) ? locale : null;
}

/** The provider's page for shoppers it has no locale for (spec: the modal defaults to en_US). */
export function defaultProviderLocale(provider: InstalmentProvider): string {
  return PROVIDER_LOCALES[provider].includes('en_US') ? 'en_US' : (PROVIDER_LOCALES[provider][0] as string);
}

/** Whether the provider has an information page in `locale` ('en_US'). */
export function isProviderLocale(provider: string, locale: string): provider is InstalmentProvider {
  return Object.hasOwn(PROVIDER_LOCALES, provider) && PROVIDER_LOCALES[provider as InstalmentProvider].includes(locale);
}

export interface InstalmentInfoSource {
  /** Where the information page for a provider locale is (the browser loads it into the modal). */
  pageUrl(provider: InstalmentProvider, locale: string): string;
}

/** Dev and tests: our own page, served by the worker (src/routes/integrations/integrations.ts). */
export const localInstalmentInfo: InstalmentInfoSource = {
  pageUrl: (provider, locale) => `/integrations/instalments/${provider}/${locale}`,
};
