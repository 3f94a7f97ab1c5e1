/**
 * The storefront texts an island shows and the locale it writes prices in, re-rendering it when the
 * page's language changes (src/client/shopper-text.ts). Hydration always uses what the server
 * rendered (English, the site's locale), even when the page has already switched (an island
 * hydrating late): React then re-renders it.
 */
import { useSyncExternalStore } from 'react';
import { EN, type StorefrontText } from '../commerce/storefront-text';
import { shopperLocale, shopperText, subscribeShopperText } from './shopper-text';

const serverText = (): StorefrontText => EN;

export function useShopperText(): StorefrontText {
  return useSyncExternalStore(subscribeShopperText, shopperText, serverText);
}

/** The locale the page writes prices in: `serverLocale` (the site's, as the island was rendered) until the page switches. */
export function useShopperLocale(serverLocale: string): string {
  return useSyncExternalStore(subscribeShopperText, shopperLocale, () => null) ?? serverLocale;
}
