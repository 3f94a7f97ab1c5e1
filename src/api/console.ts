/**
 * The routes the merchant console (/config) calls: the session, products and stock, the catalogue's
 * names, posts and pages, files, navigation and design, forms and the mailing list, orders and the
 * commerce settings, restock sign-ups, the team and the analytics dashboard.
 */
import type { Discount } from '../commerce/discounts';
import type { ShippingRate } from '../commerce/shipping';
import type { TaxRate } from '../commerce/tax';
import type { z } from 'zod';
import type {
  discountSchema,
  fulfilSchema,
  refundSchema,
  restockSendAllSchema,
  restockSendSchema,
  settingsSchema,
  shippingRateSchema,
  taxRateSchema,
} from './commerce-admin-bodies';
import type { currencySchema, headerFooterSchema, merchantSignInSchema, notificationSchema } from './console-bodies';
import type {
  AnalyticsAnswer,
  CatalogContext,
  CollectionSettingsAnswer,
  DesignAnswer,
  Changed,
  Deleted,
  FilePage,
  FormNotification,
  FormSummary,
  GroupsPage,
  HeaderFooter,
  IndexAnswer,
  MembersPage,
  NameRow,
  NavigationAnswer,
  OrderAnswer,
  OrderPage,
  PageSummary,
  PostPage,
  Preferences,
  ProductPage,
  SavedProduct,
  SessionAnswer,
  SignInFailure,
  SignUpsPage,
  StoreAnswer,
  StoredChart,
  StoredPage,
  StoredNavigationItem,
  StoredPost,
  StoredProduct,
  SubmissionPage,
  Team,
  VariantStock,
} from './console-answers';
import type { MailingList } from '../site/editor/mailing-list';
import type { ProductImport, SavedVersion, VersionRow } from './catalog-answers';
import type {
  ChecklistAnswer,
  footerSettingsSchema,
  headerSettingsSchema,
  policiesSchema,
  popupSettingsSchema,
  storeDetailsSchema,
  StoreSettingsAnswer,
} from '../site/editor/store-settings';
import type { StoredFile } from '../site/editor/files';
import type { PaymentSettingsAnswer, paymentSettingsSchema } from '../site/editor/payment-settings';
import type { EmailMessages, emailMessagesSchema } from '../site/editor/email-messages';
import type {
  collectionSettingsSchema,
  indexFormSchema,
  newPageSchema,
  pageFormSchema,
} from '../site/editor/page-form';
import type { formSettingsSchema } from '../site/editor/form-settings';
import type { EVENT_SCHEMAS } from '../beacon/schemas';
import { areas } from './areas';
import { route, type CsvFile, type NoContent } from './route';

const CONSOLE = areas.console;

const RESTOCK = areas.restock;

export const consoleRoutes = {
  merchantSession: route('GET', '/api/merchant/session').answers<SessionAnswer>(),
  merchantSignIn: route('POST', '/api/merchant/session')
    .sends<z.input<typeof merchantSignInSchema>>()
    .answers<{ email: string; roles: number[] }>(),
  merchantSignOut: route('DELETE', '/api/merchant/session').answers<{ signedOut: true }>(),
  acceptInvitation: route('POST', `${CONSOLE}/team/invitations/accept`).answers<{ email: string }>(),
  /** An error in the console's browser code (a section that failed to render), for the worker's log. */
  consoleErrorReport: route('POST', `${CONSOLE}/errors`)
    .sends<z.input<(typeof EVENT_SCHEMAS)['frontend_error']>>()
    .answers<NoContent>(),

  catalogContext: route('GET', `${CONSOLE}/catalog/context`).answers<CatalogContext>(),
  names: route('GET', `${CONSOLE}/catalog/:collectionId/names`).answers<{ names: NameRow[] }>(),
  changeNames: route('POST', `${CONSOLE}/catalog/:collectionId/names`).answers<{ changed: true }>(),
  products: route('GET', `${CONSOLE}/products`).answers<ProductPage>(),
  product: route('GET', `${CONSOLE}/products/:id`).answers<StoredProduct>(),
  addProduct: route('POST', `${CONSOLE}/products`).answers<SavedProduct>(),
  saveProduct: route('PUT', `${CONSOLE}/products/:id`).answers<SavedProduct>(),
  removeProduct: route('DELETE', `${CONSOLE}/products/:id`).answers<Deleted>(),
  duplicateProduct: route('POST', `${CONSOLE}/products/:id/duplicate`).answers<{ id: string }>(),
  bulkEditProducts: route('POST', `${CONSOLE}/products/bulk`).answers<Changed>(),
  stock: route('GET', `${CONSOLE}/products/:id/stock`).answers<{ variants: VariantStock[] }>(),
  adjustStock: route('POST', `${CONSOLE}/products/:id/stock`).answers<{ variants: VariantStock[] }>(),
  productsCsv: route('GET', `${CONSOLE}/products.csv`).answers<CsvFile>(),
  importProducts: route('POST', `${CONSOLE}/products/import`)
    .sends<{ csv: string; apply: boolean; sizes?: Record<string, string> }>()
    .answers<ProductImport>(),
  versions: route('GET', `${CONSOLE}/versions/:subject/:id`).answers<{ versions: VersionRow[] }>(),
  version: route('GET', `${CONSOLE}/versions/:subject/:id/:versionId`).answers<SavedVersion>(),
  restoreVersion: route('POST', `${CONSOLE}/versions/:subject/:id/:versionId/restore`).answers<{ restored: true }>(),

  pages: route('GET', `${CONSOLE}/pages`).answers<{
    pages: PageSummary[];
    productCollections: { id: string; title: string; fullUrl: string }[];
  }>(),
  addPage: route('POST', `${CONSOLE}/pages`)
    .sends<z.input<typeof newPageSchema>>()
    .answers<{ id: string; urlId: string; fullUrl: string }>(),
  page: route('GET', `${CONSOLE}/pages/:collectionId`).answers<StoredPage>(),
  savePage: route('PUT', `${CONSOLE}/pages/:collectionId`)
    .sends<z.input<typeof pageFormSchema>>()
    .answers<{ saved: true; page?: StoredPage }>(),
  removePage: route('DELETE', `${CONSOLE}/pages/:collectionId`).answers<Deleted>(),
  collectionSettings: route('GET', `${CONSOLE}/collections/:collectionId`).answers<CollectionSettingsAnswer>(),
  saveCollectionSettings: route('PUT', `${CONSOLE}/collections/:collectionId`)
    .sends<z.input<typeof collectionSettingsSchema>>()
    .answers<CollectionSettingsAnswer>(),
  addPageToNavigation: route('POST', `${CONSOLE}/pages/:collectionId/navigation`).answers<{ inNavigation: true }>(),
  saveCharts: route('PUT', `${CONSOLE}/pages/:collectionId/charts`).answers<{ charts: StoredChart[] }>(),
  addIndex: route('POST', `${CONSOLE}/indexes`)
    .sends<z.input<typeof newPageSchema>>()
    .answers<{ id: string; urlId: string; fullUrl: string }>(),
  index: route('GET', `${CONSOLE}/indexes/:collectionId`).answers<IndexAnswer>(),
  saveIndex: route('PUT', `${CONSOLE}/indexes/:collectionId`)
    .sends<z.input<typeof indexFormSchema>>()
    .answers<IndexAnswer>(),
  posts: route('GET', `${CONSOLE}/posts`).answers<PostPage>(),
  post: route('GET', `${CONSOLE}/posts/:id`).answers<StoredPost>(),
  addPost: route('POST', `${CONSOLE}/posts`).answers<StoredPost>(),
  savePost: route('PUT', `${CONSOLE}/posts/:id`).answers<StoredPost>(),
  removePost: route('DELETE', `${CONSOLE}/posts/:id`).answers<Deleted>(),

  files: route('GET', `${CONSOLE}/files`).answers<FilePage>(),
  upload: route('POST', `${CONSOLE}/files`).answers<StoredFile>(),
  replaceFile: route('PUT', `${CONSOLE}/files/:fileId`).answers<StoredFile>(),
  renameFile: route('PATCH', `${CONSOLE}/files/:fileId`).answers<StoredFile>(),
  removeFile: route('DELETE', `${CONSOLE}/files/:fileId`).answers<Deleted>(),
  fileVariant: route('PUT', `${CONSOLE}/files/:fileId/:rev/:width`).answers<{ width: number }>(),

  navigation: route('GET', `${CONSOLE}/navigation`).answers<NavigationAnswer>(),
  saveNavigation: route('PUT', `${CONSOLE}/navigation`).answers<{ items: StoredNavigationItem[] }>(),
  headerFooter: route('GET', '/api/site-header-footer').answers<HeaderFooter>(),
  saveHeaderFooter: route('PUT', '/api/site-header-footer')
    .sends<z.input<typeof headerFooterSchema>>()
    .answers<{ updated: true }>(),
  design: route('GET', `${CONSOLE}/design`).answers<DesignAnswer>(),
  saveDesignDraft: route('PUT', `${CONSOLE}/design/draft`).answers<{ saved: true }>(),
  discardDesignDraft: route('DELETE', `${CONSOLE}/design/draft`).answers<{ discarded: true }>(),
  publishDesign: route('POST', `${CONSOLE}/design/publish`).answers<{ published: true; changed: boolean }>(),
  /** Back to the theme's own look: the published design and any draft removed. */
  resetDesign: route('DELETE', `${CONSOLE}/design`).answers<{ reset: true; changed: boolean }>(),

  forms: route('GET', `${CONSOLE}/forms`).answers<{ forms: FormSummary[] }>(),
  formNotification: route('PUT', `${CONSOLE}/forms/:formId/notification`)
    .sends<z.input<typeof notificationSchema>>()
    .answers<{ notification: FormNotification }>(),
  formSettings: route('PUT', `${CONSOLE}/forms/:formId/settings`)
    .sends<z.input<typeof formSettingsSchema>>()
    .answers<{ successRedirectUrl: string }>(),
  submissions: route('GET', `${CONSOLE}/forms/:formId/submissions`).answers<SubmissionPage>(),
  submissionsExport: route('GET', `${CONSOLE}/forms/:formId/submissions/export`).answers<CsvFile>(),
  mailingList: route('GET', `${CONSOLE}/mailing-list`).answers<MailingList>(),
  changeMailingList: route('POST', `${CONSOLE}/mailing-list`).answers<MailingList>(),
  mailingListMembers: route('GET', `${CONSOLE}/mailing-list/members`).answers<MembersPage>(),

  orders: route('GET', `${CONSOLE}/orders`).answers<OrderPage>(),
  consoleOrder: route('GET', `${CONSOLE}/orders/:id`).answers<OrderAnswer>(),
  ordersCsv: route('GET', '/api/commerce/orders.csv').answers<CsvFile>(),
  fulfilOrder: route('POST', '/api/commerce/orders/:id/fulfill')
    .sends<z.input<typeof fulfilSchema>>()
    .answers<OrderAnswer>(),
  cancelOrder: route('POST', '/api/commerce/orders/:id/cancel').answers<OrderAnswer>(),
  refundOrder: route('POST', '/api/commerce/orders/:id/refund')
    .sends<z.input<typeof refundSchema>>()
    .answers<OrderAnswer>(),
  store: route('GET', `${CONSOLE}/store`).answers<StoreAnswer>(),
  storeCurrency: route('PUT', `${CONSOLE}/store/currency`)
    .sends<z.input<typeof currencySchema>>()
    .answers<{ currency: string }>(),
  commerceSettings: route('PUT', '/api/commerce/settings')
    .sends<z.input<typeof settingsSchema>>()
    .answers<Pick<StoreAnswer, 'settings'>>(),
  discounts: route('GET', '/api/commerce/discounts').answers<{ discounts: Discount[] }>(),
  addDiscount: route('POST', '/api/commerce/discounts')
    .sends<z.input<typeof discountSchema>>()
    .answers<{ discount: Discount }>(),
  saveDiscount: route('PUT', '/api/commerce/discounts/:code')
    .sends<z.input<typeof discountSchema>>()
    .answers<{ discount: Discount }>(),
  removeDiscount: route('DELETE', '/api/commerce/discounts/:code').answers<Deleted>(),
  shippingRates: route('GET', '/api/commerce/shipping-rates').answers<{ shippingRates: ShippingRate[] }>(),
  addShippingRate: route('POST', '/api/commerce/shipping-rates')
    .sends<z.input<typeof shippingRateSchema>>()
    .answers<{ shippingRate: ShippingRate }>(),
  saveShippingRate: route('PUT', '/api/commerce/shipping-rates/:id')
    .sends<z.input<typeof shippingRateSchema>>()
    .answers<{ shippingRate: ShippingRate }>(),
  removeShippingRate: route('DELETE', '/api/commerce/shipping-rates/:id').answers<Deleted>(),
  taxRates: route('GET', '/api/commerce/tax-rates').answers<{ taxRates: TaxRate[] }>(),
  addTaxRate: route('POST', '/api/commerce/tax-rates')
    .sends<z.input<typeof taxRateSchema>>()
    .answers<{ taxRate: TaxRate }>(),
  saveTaxRate: route('PUT', '/api/commerce/tax-rates/:id')
    .sends<z.input<typeof taxRateSchema>>()
    .answers<{ taxRate: TaxRate }>(),
  removeTaxRate: route('DELETE', '/api/commerce/tax-rates/:id').answers<Deleted>(),
  preferences: route('GET', '/api/v1/commerce-preferences/:namespace').answers<Preferences>(),
  storeSettings: route('GET', `${CONSOLE}/settings`).answers<StoreSettingsAnswer>(),
  saveStoreDetails: route('PUT', `${CONSOLE}/settings/details`)
    .sends<z.input<typeof storeDetailsSchema>>()
    .answers<Changed>(),
  savePolicies: route('PUT', `${CONSOLE}/settings/policies`).sends<z.input<typeof policiesSchema>>().answers<Changed>(),
  saveHeaderSettings: route('PUT', `${CONSOLE}/settings/header`)
    .sends<z.input<typeof headerSettingsSchema>>()
    .answers<Changed>(),
  saveFooterSettings: route('PUT', `${CONSOLE}/settings/footer`)
    .sends<z.input<typeof footerSettingsSchema>>()
    .answers<Changed>(),
  savePopup: route('PUT', `${CONSOLE}/settings/popup`).sends<z.input<typeof popupSettingsSchema>>().answers<Changed>(),
  emailMessages: route('GET', `${CONSOLE}/settings/emails`).answers<EmailMessages>(),
  saveEmailMessages: route('PUT', `${CONSOLE}/settings/emails`)
    .sends<z.input<typeof emailMessagesSchema>>()
    .answers<EmailMessages>(),
  checklist: route('GET', `${CONSOLE}/checklist`).answers<ChecklistAnswer>(),
  payments: route('GET', `${CONSOLE}/payments`).answers<PaymentSettingsAnswer>(),
  savePayments: route('PUT', `${CONSOLE}/payments`)
    .sends<z.input<typeof paymentSettingsSchema>>()
    .answers<PaymentSettingsAnswer>(),
  /** Whether the namespace's preferences changed (nothing is published when they are the same). */
  savePreferences: route('PUT', '/api/v1/commerce-preferences/:namespace').answers<Changed>(),

  restockGroups: route('GET', `${RESTOCK}/groups`).answers<GroupsPage>(),
  restockSignUps: route('GET', RESTOCK).answers<SignUpsPage>(),
  /** Emails queued, and the requested variants still sold out (the one-variant send answers 409 for one). */
  sendRestock: route('POST', `${RESTOCK}/send`)
    .sends<z.input<typeof restockSendSchema>>()
    .answers<{ queued: number; soldOut: number }>(),
  sendAllRestock: route('POST', `${RESTOCK}/send/all`)
    .sends<z.input<typeof restockSendAllSchema>>()
    .answers<{ queued: number; soldOut: number }>(),

  team: route('GET', `${CONSOLE}/team`).answers<Team>(),
  signInFailures: route('GET', `${CONSOLE}/team/sign-in-failures`).answers<{ failures: SignInFailure[] }>(),
  invite: route('POST', `${CONSOLE}/team/invitations`).answers<{ id: string }>(),
  changeMember: route('PUT', `${CONSOLE}/team/:id`).answers<{ ok: true }>(),
  removeMember: route('DELETE', `${CONSOLE}/team/:id`).answers<{ ok: true }>(),

  analytics: route('GET', `${CONSOLE}/analytics`).answers<AnalyticsAnswer>(),
};
