/** The storefront texts an island shows, re-rendering it when the page's language changes (src/client/shopper-text.ts). */
import { useSyncExternalStore } from 'react';
import type { StorefrontText } from '../commerce/storefront-text';
import { shopperText, subscribeShopperText } from './shopper-text';

export function useShopperText(): StorefrontText {
  return useSyncExternalStore(subscribeShopperText, shopperText, shopperText);
}
