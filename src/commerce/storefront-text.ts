/**
 * The storefront's own texts (issue 32, journey 8): one catalogue, English here and French, German
 * and Spanish in `storefront-text/`, for the theme's fixed strings, the islands' labels and messages
 * and the cart. A merchant's own texts (custom button text, localized strings) stay the merchant's.
 * The browser loads a language other than English only when a page needs it (`loadStorefrontText`),
 * so English pages carry no translations; the server imports every language (src/storefront/text.ts).
 */

export const STOREFRONT_LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type StorefrontLanguage = (typeof STOREFRONT_LANGUAGES)[number];

export const EN = {
  'header.menu': 'Menu',
  'header.search': 'Search',
  'header.searchLabel': 'Search the store',
  'header.account': 'Account',
  'footer.cart': 'Cart',
  'nav.home': 'Home',
  'cart.link': 'Cart',
  'cart.linkEmpty': 'Cart, empty',
  'cart.linkOne': 'Cart, 1 item',
  'cart.linkMany': 'Cart, {count} items',
  'cart.popover': 'Added to cart.',
  'cart.view': 'View cart',
  'cart.close': 'Close',
  'cart.loading': 'Loading your cart…',
  'cart.empty': 'Your cart is empty.',
  'cart.continue': 'Continue shopping',
  'cart.removed': 'Removed {title} from your cart.',
  'cart.undo': 'Undo',
  'cart.quantity': 'Quantity',
  'cart.each': '{price} each',
  'cart.remove': 'Remove',
  'cart.editDetails': 'Edit details',
  'cart.entries': 'Items in your cart',
  'product.addToCart': 'Add To Cart',
  'product.soldOut': 'Sold Out',
  'product.adding': 'Adding…',
  'product.added': 'Added!',
  'product.addedStatus': 'Added to cart.',
  'product.selectOption': 'Select Option',
  'product.select': 'Select {variantName}',
  'product.valueSoldOut': '{value} (sold out)',
  'product.quantity': 'Quantity',
  'product.sale': 'sale',
  'product.related': 'You may also like',
  'product.reviews': 'Reviews',
  'restock.cta': 'Get notified when this item is back in stock.',
  'restock.button': 'Sign Up',
  'restock.placeholder': 'Email Address',
  'restock.success': 'Signed up!',
  'restock.sending': 'Sending…',
  'restock.email': 'Email address',
  'account.language': 'Language',
  'account.siteDefault': 'Site default',
} as const;

export type TextKey = keyof typeof EN;
export type StorefrontText = Readonly<Record<TextKey, string>>;

/** 'fr-FR' → 'fr'; a language the catalogue does not have → 'en'. */
export function storefrontLanguage(locale: string): StorefrontLanguage {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (STOREFRONT_LANGUAGES as readonly string[]).includes(language) ? (language as StorefrontLanguage) : 'en';
}

/** A text with its `{name}` places filled: fill('Removed {title}…', { title: 'Mug' }). */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A merchant's text when they set one, else the catalogue's: `label` is the catalogue's English default unless the merchant changed it. */
export function merchantOr(label: string, key: TextKey, text: StorefrontText): string {
  return label === '' || label === EN[key] ? text[key] : label;
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
