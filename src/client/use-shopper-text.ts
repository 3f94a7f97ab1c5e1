/**
 * The storefront texts an island shows, re-rendering it when the page's language changes
 * (src/client/shopper-text.ts). Hydration always uses English, the texts the server rendered, even
 * when the page has already switched (an island hydrating late): React then re-renders it.
 */
import { useSyncExternalStore } from 'react';
import { EN, type StorefrontText } from '../commerce/storefront-text';
import { shopperText, subscribeShopperText } from './shopper-text';

const serverText = (): StorefrontText => EN;

export function useShopperText(): StorefrontText {
  return useSyncExternalStore(subscribeShopperText, shopperText, serverText);
}
