/**
 * The storefront's own texts (issue 32, journey 8): one catalogue, English (`storefront-text/en.ts`,
 * which names the keys) and French, German and Spanish beside it, for the theme's fixed strings, the
 * islands' labels and messages and the cart. A merchant's own texts (custom button text, localized
 * strings) stay the merchant's (`merchantOr`). Pages are rendered in English for everyone (they are
 * cached); the browser loads another language only when the page speaks it (`loadStorefrontText`).
 */
import type { StorefrontLanguage } from './storefront-languages';
import { EN, type StorefrontText, type TextKey } from './storefront-text/en';

export { STOREFRONT_LANGUAGES, type StorefrontLanguage, storefrontLanguage } from './storefront-languages';
export { EN, type StorefrontText, type TextKey } from './storefront-text/en';

/** A text with its `{name}` places filled: fill('Removed {title}…', { title: 'Mug' }). */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A merchant's text when they set one, else the catalogue's: `label` is the catalogue's English default unless the merchant changed it. */
export function merchantOr(label: string, key: TextKey, text: StorefrontText): string {
  return label === '' || label === EN[key] ? text[key] : label;
}

const keyOfEnglish = new Map<string, TextKey>(
  (Object.entries(EN) as [TextKey, string][]).map(([key, english]) => [english, key]),
);

/**
 * A message the code holds in English (a field's error, the checkout's notice: the spec's exact strings, which
 * their modules read from `EN`) in `text`'s language; a message the catalogue does not have (the server's own) as it is.
 */
export function sayIn(text: StorefrontText, message: string): string {
  const key = keyOfEnglish.get(message);
  return key === undefined ? message : text[key];
}

/** The texts of `language`: English at once, the others loaded when first asked for. */
export function loadStorefrontText(language: StorefrontLanguage): Promise<StorefrontText> {
  switch (language) {
    case 'fr':
      return import('./storefront-text/fr').then((module) => module.FR);
    case 'de':
      return import('./storefront-text/de').then((module) => module.DE);
    case 'es':
      return import('./storefront-text/es').then((module) => module.ES);
    default:
      return Promise.resolve(EN);
  }
}

/** A language's own name, as a language list shows it: 'fr-FR' → 'Français (France)', 'de-DE' → 'Deutsch (Deutschland)'. */
export function languageName(locale: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
  } catch {
    name = undefined;
  }
  if (name === undefined || name === '') return locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
