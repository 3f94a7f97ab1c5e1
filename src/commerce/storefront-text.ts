/**
 * The storefront's own texts (issue 32, journey 8): one catalogue, English (`storefront-text/en.ts`,
 * which names the keys) and French, German and Spanish beside it, for the theme's fixed strings, the
 * islands' labels and messages and the cart. A merchant's own texts (custom button text, localized
 * strings) stay the merchant's (`merchantOr`). Pages are rendered in English for everyone (they are
 * cached); the browser loads another language only when the page speaks it (`storefront-text/load.ts`).
 * English is in two parts, so a store page's script carries only the page texts (`storefront-text/en-page.ts`).
 */
import { EN_PAGE, type PageText, type PageTextKey } from './storefront-text/en-page';

export { STOREFRONT_LANGUAGES, type StorefrontLanguage, storefrontLanguage } from './storefront-languages';
export type { StorefrontText, TextKey } from './storefront-text/en';
export type { PageText, PageTextKey } from './storefront-text/en-page';

/** A text with its `{name}` places filled: fill('Removed {title}…', { title: 'Mug' }). */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A merchant's text when they set one, else the catalogue's: `label` is the catalogue's English default unless the merchant changed it. */
export function merchantOr(label: string, key: PageTextKey, text: PageText): string {
  return label === '' || label === EN_PAGE[key] ? text[key] : label;
}

/** An add button's words: the merchant's, else the catalogue's for a subscription's default or Add To Cart's. */
export function addButtonText(label: string, text: PageText): string {
  return label === EN_PAGE['product.subscribe']
    ? text['product.subscribe']
    : merchantOr(label, 'product.addToCart', text);
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
