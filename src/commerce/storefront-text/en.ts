/** The storefront's texts in English, the catalogue's keys (src/commerce/storefront-text.ts): the page texts, the site forms' texts and the purchase texts. */
import { EN_FORMS } from './en-forms';
import { EN_PAGE } from './en-page';
import { EN_PURCHASE } from './en-purchase';

export const EN = { ...EN_PAGE, ...EN_FORMS, ...EN_PURCHASE } as const;

export type TextKey = keyof typeof EN;
export type StorefrontText = Readonly<Record<TextKey, string>>;
