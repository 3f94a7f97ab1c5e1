/** The storefront texts of a language, each loaded when first asked for (a page starts in the English it was rendered in). */
import type { StorefrontLanguage } from '../storefront-languages';
import type { StorefrontText } from './en';

export function loadStorefrontText(language: StorefrontLanguage): Promise<StorefrontText> {
  switch (language) {
    case 'fr':
      return import('./fr').then((module) => module.FR);
    case 'de':
      return import('./de').then((module) => module.DE);
    case 'es':
      return import('./es').then((module) => module.ES);
    default:
      return import('./en').then((module) => module.EN);
  }
}
