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
  settingsSchema,
  shippingRateSchema,
  taxRateSchema,
} from './commerce-admin-bodies';
import type { currencySchema, merchantSignInSchema, notificationSchema } from './console-bodies';
import type {
  AnalyticsAnswer,
  CatalogContext,
  DesignAnswer,
  FilePage,
  FormSummary,
  GroupsPage,
  HeaderFooter,
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
  headerSettingsSchema,
  policiesSchema,
  popupSettingsSchema,
  storeDetailsSchema,
  StoreSettingsAnswer,
} from '../site/editor/store-settings';
import type { StoredFile } from '../site/editor/files';
import type { PaymentSettingsAnswer, paymentSettingsSchema } from '../site/editor/payment-settings';
import type { newPageSchema, pageFormSchema } from '../site/editor/page-form';
import { route } from './route';

const RESTOCK = '/api/site-users/account/notifications/restock';

export const consoleRoutes = {
  merchantSession: route('GET', '/api/merchant/session').answers<SessionAnswer>(),
  merchantSignIn: route('POST', '/api/merchant/session').sends<z.input<typeof merchantSignInSchema>>(),
  merchantSignOut: route('DELETE', '/api/merchant/session'),
  acceptInvitation: route('POST', '/api/console/team/invitations/accept').answers<{ email: string }>(),

  catalogContext: route('GET', '/api/console/catalog/context').answers<CatalogContext>(),
  names: route('GET', '/api/console/catalog/:collectionId/names').answers<{ names: NameRow[] }>(),
  changeNames: route('POST', '/api/console/catalog/:collectionId/names'),
  products: route('GET', '/api/console/products').answers<ProductPage>(),
  product: route('GET', '/api/console/products/:id').answers<StoredProduct>(),
  addProduct: route('POST', '/api/console/products').answers<SavedProduct>(),
  saveProduct: route('PUT', '/api/console/products/:id').answers<SavedProduct>(),
  removeProduct: route('DELETE', '/api/console/products/:id'),
  duplicateProduct: route('POST', '/api/console/products/:id/duplicate').answers<{ id: string }>(),
  bulkEditProducts: route('POST', '/api/console/products/bulk'),
  stock: route('GET', '/api/console/products/:id/stock').answers<{ variants: VariantStock[] }>(),
  adjustStock: route('POST', '/api/console/products/:id/stock').answers<{ variants: VariantStock[] }>(),
  productsCsv: route('GET', '/api/console/products.csv'),
  importProducts: route('POST', '/api/console/products/import')
    .sends<{ csv: string; apply: boolean; sizes?: Record<string, string> }>()
    .answers<ProductImport>(),
  versions: route('GET', '/api/console/versions/:subject/:id').answers<{ versions: VersionRow[] }>(),
  version: route('GET', '/api/console/versions/:subject/:id/:versionId').answers<SavedVersion>(),
  restoreVersion: route('POST', '/api/console/versions/:subject/:id/:versionId/restore'),

  pages: route('GET', '/api/console/pages').answers<{
    pages: PageSummary[];
    productCollections: { id: string; title: string; fullUrl: string }[];
  }>(),
  addPage: route('POST', '/api/console/pages')
    .sends<z.input<typeof newPageSchema>>()
    .answers<{ id: string; urlId: string; fullUrl: string }>(),
  page: route('GET', '/api/console/pages/:collectionId').answers<StoredPage>(),
  savePage: route('PUT', '/api/console/pages/:collectionId')
    .sends<z.input<typeof pageFormSchema>>()
    .answers<{ saved: true; page?: StoredPage }>(),
  removePage: route('DELETE', '/api/console/pages/:collectionId'),
  addPageToNavigation: route('POST', '/api/console/pages/:collectionId/navigation').answers<{ inNavigation: true }>(),
  saveCharts: route('PUT', '/api/console/pages/:collectionId/charts').answers<{ charts: StoredChart[] }>(),
  posts: route('GET', '/api/console/posts').answers<PostPage>(),
  post: route('GET', '/api/console/posts/:id').answers<StoredPost>(),
  addPost: route('POST', '/api/console/posts').answers<StoredPost>(),
  savePost: route('PUT', '/api/console/posts/:id').answers<StoredPost>(),
  removePost: route('DELETE', '/api/console/posts/:id'),

  files: route('GET', '/api/console/files').answers<FilePage>(),
  upload: route('POST', '/api/console/files').answers<StoredFile>(),
  replaceFile: route('PUT', '/api/console/files/:fileId').answers<StoredFile>(),
  renameFile: route('PATCH', '/api/console/files/:fileId').answers<StoredFile>(),
  removeFile: route('DELETE', '/api/console/files/:fileId'),
  fileVariant: route('PUT', '/api/console/files/:fileId/:rev/:width'),

  navigation: route('GET', '/api/console/navigation').answers<NavigationAnswer>(),
  saveNavigation: route('PUT', '/api/console/navigation').answers<{ items: StoredNavigationItem[] }>(),
  headerFooter: route('GET', '/api/site-header-footer').answers<HeaderFooter>(),
  saveHeaderFooter: route('PUT', '/api/site-header-footer'),
  design: route('GET', '/api/console/design').answers<DesignAnswer>(),
  saveDesignDraft: route('PUT', '/api/console/design/draft'),
  discardDesignDraft: route('DELETE', '/api/console/design/draft'),
  publishDesign: route('POST', '/api/console/design/publish'),

  forms: route('GET', '/api/console/forms').answers<{ forms: FormSummary[] }>(),
  formNotification: route('PUT', '/api/console/forms/:formId/notification').sends<z.input<typeof notificationSchema>>(),
  submissions: route('GET', '/api/console/forms/:formId/submissions').answers<SubmissionPage>(),
  submissionsExport: route('GET', '/api/console/forms/:formId/submissions/export'),
  mailingList: route('GET', '/api/console/mailing-list').answers<MailingList>(),
  changeMailingList: route('POST', '/api/console/mailing-list').answers<MailingList>(),
  mailingListMembers: route('GET', '/api/console/mailing-list/members').answers<MembersPage>(),

  orders: route('GET', '/api/console/orders').answers<OrderPage>(),
  consoleOrder: route('GET', '/api/console/orders/:id').answers<OrderAnswer>(),
  ordersCsv: route('GET', '/api/commerce/orders.csv'),
  fulfilOrder: route('POST', '/api/commerce/orders/:id/fulfill')
    .sends<z.input<typeof fulfilSchema>>()
    .answers<OrderAnswer>(),
  cancelOrder: route('POST', '/api/commerce/orders/:id/cancel').answers<OrderAnswer>(),
  refundOrder: route('POST', '/api/commerce/orders/:id/refund')
    .sends<z.input<typeof refundSchema>>()
    .answers<OrderAnswer>(),
  store: route('GET', '/api/console/store').answers<StoreAnswer>(),
  storeCurrency: route('PUT', '/api/console/store/currency').sends<z.input<typeof currencySchema>>(),
  commerceSettings: route('PUT', '/api/commerce/settings').sends<z.input<typeof settingsSchema>>(),
  discounts: route('GET', '/api/commerce/discounts').answers<{ discounts: Discount[] }>(),
  addDiscount: route('POST', '/api/commerce/discounts').sends<z.input<typeof discountSchema>>(),
  saveDiscount: route('PUT', '/api/commerce/discounts/:code').sends<z.input<typeof discountSchema>>(),
  removeDiscount: route('DELETE', '/api/commerce/discounts/:code'),
  shippingRates: route('GET', '/api/commerce/shipping-rates').answers<{ shippingRates: ShippingRate[] }>(),
  addShippingRate: route('POST', '/api/commerce/shipping-rates').sends<z.input<typeof shippingRateSchema>>(),
  saveShippingRate: route('PUT', '/api/commerce/shipping-rates/:id').sends<z.input<typeof shippingRateSchema>>(),
  removeShippingRate: route('DELETE', '/api/commerce/shipping-rates/:id'),
  taxRates: route('GET', '/api/commerce/tax-rates').answers<{ taxRates: TaxRate[] }>(),
  addTaxRate: route('POST', '/api/commerce/tax-rates').sends<z.input<typeof taxRateSchema>>(),
  saveTaxRate: route('PUT', '/api/commerce/tax-rates/:id').sends<z.input<typeof taxRateSchema>>(),
  removeTaxRate: route('DELETE', '/api/commerce/tax-rates/:id'),
  preferences: route('GET', '/api/v1/commerce-preferences/:namespace').answers<Preferences>(),
  storeSettings: route('GET', '/api/console/settings').answers<StoreSettingsAnswer>(),
  saveStoreDetails: route('PUT', '/api/console/settings/details').sends<z.input<typeof storeDetailsSchema>>(),
  savePolicies: route('PUT', '/api/console/settings/policies').sends<z.input<typeof policiesSchema>>(),
  saveHeaderSettings: route('PUT', '/api/console/settings/header').sends<z.input<typeof headerSettingsSchema>>(),
  savePopup: route('PUT', '/api/console/settings/popup').sends<z.input<typeof popupSettingsSchema>>(),
  checklist: route('GET', '/api/console/checklist').answers<ChecklistAnswer>(),
  payments: route('GET', '/api/console/payments').answers<PaymentSettingsAnswer>(),
  savePayments: route('PUT', '/api/console/payments')
    .sends<z.input<typeof paymentSettingsSchema>>()
    .answers<PaymentSettingsAnswer>(),
  savePreferences: route('PUT', '/api/v1/commerce-preferences/:namespace').answers<Preferences>(),

  restockGroups: route('GET', `${RESTOCK}/groups`).answers<GroupsPage>(),
  restockSignUps: route('GET', RESTOCK).answers<SignUpsPage>(),
  sendRestock: route('POST', `${RESTOCK}/send`).answers<{ queued: number }>(),
  sendAllRestock: route('POST', `${RESTOCK}/send/all`).answers<{ queued: number; soldOut: number }>(),

  team: route('GET', '/api/console/team').answers<Team>(),
  signInFailures: route('GET', '/api/console/team/sign-in-failures').answers<{ failures: SignInFailure[] }>(),
  invite: route('POST', '/api/console/team/invitations'),
  changeMember: route('PUT', '/api/console/team/:id'),
  removeMember: route('DELETE', '/api/console/team/:id'),

  analytics: route('GET', '/api/console/analytics').answers<AnalyticsAnswer>(),
};
