/**
 * A new, empty store (issue 33, journey 1; `npm run site -- new`): its name, one empty Shop to add
 * products to, the default theme, and nothing else: no products, pages, posts, forms, popup or
 * orders, so the console's Home checklist starts with nothing done. Its owner is invited by email
 * (src/routes/integrations/site-admin.ts) and chooses their own password.
 */
import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../../commerce/money';
import { PRODUCTS_COLLECTION, PRODUCTS_COLLECTION_TYPE } from '../../commerce/product';
import type { SiteInput } from '../model/schema';
import { DEFAULT_THEME } from '../theme/theme';

export const NEW_STORE_MESSAGES = {
  name: 'Give the store a name',
  email: "Give the owner's email address",
  hostTaken: (host: string) => `A store is already at ${host}: choose another host name`,
} as const;

/** The store's one collection until the owner adds more. */
export const NEW_STORE_SHOP = { id: 'c-shop', urlId: 'shop' } as const;

export const newStoreFields = {
  name: z.string().trim().min(1, NEW_STORE_MESSAGES.name).max(200),
  owner: z.string().trim().max(254).email(NEW_STORE_MESSAGES.email),
};

/** The whole empty site for `websiteId`, in the shape `importSite` validates; `baseUrl` is where it is served. */
export function emptySite(websiteId: string, name: string, baseUrl: string): SiteInput {
  return {
    website: {
      id: websiteId,
      siteTitle: name,
      baseUrl,
      timeZone: 'UTC',
      language: 'en-US',
      storeCurrency: DEFAULT_CURRENCY,
      useCLDRMoneyFormat: true,
      formFieldMaxLength: true,
    },
    websiteSettings: { storeSettings: {}, commentsEnabled: false, simpleLikingEnabled: false },
    navigation: [{ title: 'Shop', url: `/${NEW_STORE_SHOP.urlId}` }],
    collections: [
      {
        id: NEW_STORE_SHOP.id,
        type: PRODUCTS_COLLECTION_TYPE,
        typeName: PRODUCTS_COLLECTION,
        title: 'Shop',
        urlId: NEW_STORE_SHOP.urlId,
        fullUrl: `/${NEW_STORE_SHOP.urlId}`,
      },
    ],
    items: [],
    forms: [],
    localizedStrings: {},
    theme: { ...DEFAULT_THEME },
  };
}
