/**
 * The merchant API of the engine spec (§7) that merchants' tools call, and the console's new-store
 * screen through `createStore` (src/console/sections/catalog/store-creation.ts): product collections
 * and categories, items saved whole, the site layout and navigation, languages, address search and
 * form submissions; and the merchant's commerce reads outside the console's own area (orders, the
 * commerce settings, emails parked after every retry, the analytics summary).
 */
import type { z } from 'zod';
import type { DashboardSummary } from '../beacon/aggregate';
import type { categorySchema, languagesSchema, productCollectionSchema } from './console-bodies';
import type { KeysetPage, OrderPage, StoreAnswer } from './console-answers';
import { areas } from './areas';
import { route } from './route';
import type { AddressSuggestion, FoundAddress } from './storefront-answers';

const PRODUCTS = '/api/content-service/product/1.1/websites/:websiteId/products';
const ITEM = '/api/merchant/items/:itemId';
const LANGUAGES = '/api/multilingual';
const PARKED_EMAILS = areas.parkedEmails;

/** A main-navigation link as the site layout answers it (the site model's `NavigationEntry`). */
/** A place the merchant's address search found (its details): where it is and the parts of its address. */
export interface PlaceFound {
  placeId: string;
  formattedAddress: string;
  location: { lat: number; lng: number };
  address: FoundAddress;
}

export interface LayoutLink {
  title: string;
  url?: string | undefined;
  collectionId?: string | undefined;
  children?: LayoutLink[] | undefined;
}

/** The site layout: its first entry is the main navigation. */
export interface SiteLayout {
  layout: { identifier: string; links: LayoutLink[] }[];
}

export interface LanguageSettings {
  primaryLanguage: string;
  connected: boolean;
  languages: string[];
}

/** An email the outbox stopped retrying (src/durable/email-outbox.ts), with the outbox it is in. */
export interface ParkedEmail {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  lastError: string;
  queuedAt: number;
  parkedAt: number;
}

/** A form submission as the forms object keeps it (src/durable/forms.ts). */
export interface Submission {
  formId: string;
  /** The field values, as the JSON the visitor's browser sent (after validation), without password fields. */
  values: string;
  pageId: string | null;
  pageTitle: string | null;
  pagePath: string | null;
  contentSource: 'i' | 'c' | null;
}

export interface StoredSubmission extends Submission {
  id: number;
  submittedAt: number;
}

export const PARKED_EMAIL_SOURCES = ['orders', 'restock'] as const;
export type ParkedEmailSource = (typeof PARKED_EMAIL_SOURCES)[number];

export const merchantRoutes = {
  addProductCollection: route('POST', PRODUCTS)
    .sends<z.input<typeof productCollectionSchema>>()
    .answers<{ id: string }>(),
  removeProductCollection: route('DELETE', `${PRODUCTS}/:collectionId`).answers<{ deleted: true }>(),
  addCategory: route('POST', `${PRODUCTS}/:collectionId/categories`)
    .sends<z.input<typeof categorySchema>>()
    .answers<{ id: string }>(),
  /** The item is sent whole (product, post or page item) and checked by the site schema. */
  saveItem: route('PUT', ITEM).answers<{ changed: boolean }>(),
  removeItem: route('DELETE', ITEM).answers<{ deleted: true }>(),
  siteLayout: route('GET', '/api/commondata/GetSiteLayout').answers<SiteLayout>(),
  /** `{ fieldName, templateId, navigation: { items } }`: the items' schema is the route's (it checks site paths). */
  updateNavigation: route('POST', '/api/widget/UpdateNavigation').answers<{ updated: true }>(),

  languageSettings: route('GET', `${LANGUAGES}/settings`).answers<LanguageSettings>(),
  languageStatus: route('GET', `${LANGUAGES}/status`).answers<{ connected: boolean; languageCount: number }>(),
  languages: route('GET', `${LANGUAGES}/languages`).answers<{ languages: string[] }>(),
  saveLanguages: route('PUT', `${LANGUAGES}/languages`)
    .sends<z.input<typeof languagesSchema>>()
    .answers<{ languages: string[] }>(),
  disconnectLanguages: route('DELETE', `${LANGUAGES}/connection`).answers<{ connected: false }>(),

  /** The address service's answers, passed on (src/integrations/places.ts). */
  placesAutocomplete: route('GET', '/api/google-maps/places/autocomplete').answers<{
    predictions: AddressSuggestion[];
  }>(),
  placeDetails: route('GET', '/api/google-maps/places/details').answers<PlaceFound>(),
  /** `?formId=…&cursor=…`: a form's submissions newest first, as stored (the console's table is `api.submissions`). */
  formSubmissionsByForm: route('GET', '/api/form/submissions').answers<
    { submissions: StoredSubmission[] } & KeysetPage
  >(),

  /** The orders' area: placing one is the store's (`api.placeOrder`). */
  commerceOrders: route('GET', areas.orders).answers<OrderPage>(),
  readCommerceSettings: route('GET', '/api/commerce/settings').answers<Pick<StoreAnswer, 'settings'>>(),
  parkedEmails: route('GET', PARKED_EMAILS).answers<{
    parked: (ParkedEmail & { source: ParkedEmailSource })[];
  }>(),
  retryParkedEmail: route('POST', `${PARKED_EMAILS}/:source/:id/retry`).answers<{ retried: true }>(),
  analyticsSummary: route('GET', areas.analytics).answers<DashboardSummary>(),
};
