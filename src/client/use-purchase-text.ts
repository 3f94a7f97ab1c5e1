/** The whole storefront catalogue for the cart, checkout, order and account islands (see use-shopper-text.ts). */
import { useSyncExternalStore } from 'react';
import { EN, type StorefrontText } from '../commerce/storefront-text/en';
import { shopperText, subscribeShopperText } from './shopper-text';

export function usePurchaseText(): StorefrontText {
  return useSyncExternalStore(subscribeShopperText, shopperText, () => null) ?? EN;
}
