/**
 * The storefront texts an island shows and the locale it writes prices in, re-rendering it when the
 * page's language changes (src/client/shopper-text.ts). Hydration always uses what the server
 * rendered (English, the site's locale), even when the page has already switched (an island
 * hydrating late): React then re-renders it. A store page's islands read the page texts only; the
 * cart, checkout, order and account islands the whole catalogue (use-purchase-text.ts).
 */
import { useSyncExternalStore } from 'react';
import type { PageText } from '../commerce/storefront-text';
import { EN_PAGE } from '../commerce/storefront-text/en-page';
import { shopperLocale, shopperText, subscribeShopperText } from './shopper-text';

const rendered = () => null;

export function useShopperText(): PageText {
  return useSyncExternalStore(subscribeShopperText, shopperText, rendered) ?? EN_PAGE;
}

/** The locale the page writes prices in: `serverLocale` (the site's, as the island was rendered) until the page switches. */
export function useShopperLocale(serverLocale: string): string {
  return useSyncExternalStore(subscribeShopperText, shopperLocale, rendered) ?? serverLocale;
}
