/**
 * The storefront texts the page shows (src/commerce/storefront-text.ts), in the page's language:
 * the site's while hydrating (as the server rendered the islands), then the signed-in account's.
 * Islands read them with `useShopperText`, the locale with `useShopperLocale` (use-shopper-text.ts); the theme's fixed strings
 * are marked `data-text="{key}"` (a placeholder `data-placeholder-text`, an accessible name `data-label-text`, the tab's
 * title `data-title-text`) and set here, as are the theme's dates (`<time data-date>`). No React here: the entry uses it on every page.
 */
import { storefrontLanguage, type StorefrontText, type TextKey } from '../commerce/storefront-text';
import { loadStorefrontText } from '../commerce/storefront-text/load';
import { pageDocument } from './dom';

/** The texts the page was switched to; null while they are the English the server rendered. */
let current: StorefrontText | null = null;
/** The locale the page was switched to; null while it is the one the server rendered. */
let currentLocale: string | null = null;
const listeners = new Set<() => void>();

export function shopperText(): StorefrontText | null {
  return current;
}

export function shopperLocale(): string | null {
  return currentLocale;
}

export function subscribeShopperText(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The page in `locale`: its texts in that language (English when the catalogue has none), the theme's marked strings at
 * once, islands as they re-render; its prices as that locale writes the store currency (src/client/page-prices.ts).
 */
export async function showTextIn(locale: string): Promise<void> {
  const text = await loadStorefrontText(storefrontLanguage(locale));
  if (text === current && locale === currentLocale) return;
  current = text;
  currentLocale = locale;
  translateTheme(text);
  translateDates(locale);
  void import('./page-prices').then(({ showPricesIn }) => showPricesIn(locale, text));
  for (const listener of listeners) listener();
}

/** Content put on the page after it switched (a quick view's product, read from its page) in the page's language too. */
export function showAddedContentInPageLanguage(): void {
  const [text, locale] = [current, currentLocale];
  if (text === null || locale === null) return;
  translateTheme(text);
  translateDates(locale);
  void import('./page-prices').then(({ showPricesIn }) => showPricesIn(locale, text));
}

/** The page's texts in its `<html lang>` (after the account's language changed it). */
export function showPageLanguageText(): Promise<void> {
  const root = pageDocument()?.documentElement as unknown as { lang?: string } | undefined;
  return showTextIn(root?.lang ?? '');
}

interface MarkedElement {
  dataset: { text?: string; placeholderText?: string; labelText?: string; titleText?: string };
  textContent: string | null;
  placeholder: string;
  setAttribute(name: string, value: string): void;
  closest(selector: string): { dataset: { hydrated?: string } } | null;
}

/** Between a page's own title and the store's name in `<title>` (themes/default/head.html, error-page.ts). */
const TITLE_SEPARATOR = ' · ';

/**
 * Sets every marked element of the theme to its text in the catalogue: its text (`data-text`), placeholder
 * (`data-placeholder-text`), accessible name (`data-label-text`), or, for the `<title>` (`data-title-text`), the
 * page's part before the store's name. Not inside a hydrated island: React writes those from the same texts (the cart
 * pill's words are marked for the pages where it is not hydrated, src/client/entry.ts).
 */
function translateTheme(text: StorefrontText): void {
  const root = pageDocument()?.documentElement;
  const marked = root?.querySelectorAll(
    '[data-text], [data-placeholder-text], [data-label-text], [data-title-text]',
  ) as unknown as ArrayLike<MarkedElement> | undefined;
  const known = (key: string | undefined): key is TextKey => key !== undefined && key in text;
  for (const element of Array.from(marked ?? [])) {
    if (element.closest('[data-island]')?.dataset.hydrated === 'true') continue;
    const { dataset } = element;
    if (known(dataset.text)) element.textContent = text[dataset.text];
    if (known(dataset.placeholderText)) element.placeholder = text[dataset.placeholderText];
    if (known(dataset.labelText)) element.setAttribute('aria-label', text[dataset.labelText]);
    if (known(dataset.titleText)) {
      const title = element.textContent ?? '';
      const storeName = title.indexOf(TITLE_SEPARATOR);
      element.textContent = text[dataset.titleText] + (storeName === -1 ? '' : title.slice(storeName));
    }
  }
}

/** The site's calendar day a theme date names: `<time datetime="YYYY-MM-DD" data-date>` (the `date %F` the server wrote). */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Writes the theme's marked dates (the journal's, in English as the server renders them) as `locale` writes a long date.
 * The day is the one the server named (the site's time zone), so it is formatted as a UTC day, never moved by the
 * visitor's own zone.
 */
function translateDates(locale: string): void {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  } catch {
    return;
  }
  const dates = pageDocument()?.documentElement?.querySelectorAll('time[data-date]') as unknown as
    | ArrayLike<{ getAttribute(name: string): string | null; textContent: string | null }>
    | undefined;
  for (const element of Array.from(dates ?? [])) {
    const day = CALENDAR_DAY.exec(element.getAttribute('datetime') ?? '');
    if (day === null) continue;
    element.textContent = format.format(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  }
}
