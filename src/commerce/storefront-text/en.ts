/**
 * The storefront's texts in English, the catalogue's keys (src/commerce/storefront-text.ts): the page texts, the site
 * forms' texts, the purchase texts and the system pages' texts.
 */
import { EN_FORMS } from './en-forms';
import { EN_PAGE } from './en-page';
import { EN_PURCHASE } from './en-purchase';
import { EN_SYSTEM_PAGES } from './en-system-pages';

export const EN = { ...EN_PAGE, ...EN_FORMS, ...EN_PURCHASE, ...EN_SYSTEM_PAGES } as const;

export type TextKey = keyof typeof EN;
export type StorefrontText = Readonly<Record<TextKey, string>>;
