/**
 * The routes the store's pages call (islands, the checkout, the account page): the cart, the
 * checkout and orders, subscriptions, forms, the shopper's account, search suggestions and restock
 * sign-ups. The collectors' beacons are in beacon-routes.ts (their bundle carries only those).
 */
import type { ShoppingCart } from '../commerce/cart';
import type { z } from 'zod';
import type {
  addressDetailsSchema,
  addressSearchSchema,
  placeSchema,
  startSchema,
  updateSchema,
} from './checkout-bodies';
import type {
  accountLocaleSchema,
  formSubmissionSchema,
  formValuesSchema,
  linkTokenSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  restockSignUpSchema,
  savedAddressSchema,
  signInSchema,
  signUpSchema,
  subscriptionCancelSchema,
} from './storefront-bodies';
import type { PaymentSetup } from '../commerce/payment-mode';
import type { Order as StoredOrder } from '../commerce/order';
import type { BuyerSubscription } from '../commerce/subscriptions';
import type {
  AccountEmailSent,
  AccountOrders,
  AccountSession,
  AddressSuggestion,
  CartChanged,
  CartEntryAdded,
  CartEntryUpdated,
  Checkout,
  FormBlockSchema,
  FormSaved,
  FoundAddress,
  EmailVerified,
  Order,
  PasswordChanged,
  SavedAddresses,
  SearchSuggestions,
  SignedIn,
  SignedOut,
  VariantInStock,
} from './storefront-answers';
import { areas } from './areas';
import { route } from './route';

const ACCOUNT = areas.account;

export const storefrontRoutes = {
  cart: route('GET', areas.cart).answers<ShoppingCart>(),
  addToCart: route('POST', `${areas.cart}/entries`).answers<CartEntryAdded>(),
  changeCartEntry: route('PUT', `${areas.cart}/entries/:entryId`).answers<CartEntryUpdated>(),
  removeCartEntry: route('DELETE', `${areas.cart}/entries/:entryId`).answers<CartChanged>(),
  cartEntryFields: route('PUT', `${areas.cart}/entries/:entryId/additionalFields`).answers<CartEntryUpdated>(),
  subscriptionCart: route('POST', `${areas.subscriptionCart}/subscription`).answers<{ cartToken: string }>(),

  startCheckout: route('POST', areas.checkout)
    .sends<z.input<typeof startSchema>>()
    .answers<{ checkout: Checkout; payment: PaymentSetup }>(),
  /** The page reads the checkout; the payment setup comes with it as with the start. */
  updateCheckout: route('PUT', areas.checkout)
    .sends<z.input<typeof updateSchema>>()
    .answers<{ checkout: Checkout; payment?: PaymentSetup }>(),
  placeOrder: route('POST', areas.orders).sends<z.input<typeof placeSchema>>().answers<{ order: Order }>(),
  /** The buyer's view, with the confirmation page's token: the order with its confirmation address. */
  order: route('GET', `${areas.orders}/:id`).answers<{ order: Order }>(),
  /** The same path read by a merchant (customerData permission): the stored order, without a confirmation address. */
  merchantOrder: route('GET', `${areas.orders}/:id`).answers<{ order: StoredOrder }>(),
  addressSearch: route('POST', `${areas.checkoutAddress}/search`)
    .sends<z.input<typeof addressSearchSchema>>()
    .answers<{ predictions: AddressSuggestion[] }>(),
  addressDetails: route('POST', `${areas.checkoutAddress}/details`)
    .sends<z.input<typeof addressDetailsSchema>>()
    .answers<{ address: FoundAddress }>(),

  subscription: route('GET', `${areas.subscriptions}/:orderId`).answers<{ subscription: BuyerSubscription }>(),
  cancelSubscription: route('POST', `${areas.subscriptions}/:orderId/cancel`)
    .sends<z.input<typeof subscriptionCancelSchema>>()
    .answers<{ subscription: BuyerSubscription }>(),

  formSubmissionKey: route('POST', `${areas.forms}/FormSubmissionKey`).answers<{ key: string }>(),
  saveFormSubmission: route('POST', `${areas.forms}/SaveFormSubmission`)
    .sends<z.input<typeof formSubmissionSchema>>()
    .answers<FormSaved>(),
  /** A form's values checked without sending it: `{}` when they pass, else the 400 with errors by field. */
  validateForm: route('POST', `${areas.formValidation}/validate/:formId`)
    .sends<z.input<typeof formValuesSchema>>()
    .answers<Record<string, never>>(),
  /** The form block's schema (`?type=form-block`). */
  templateSchema: route('GET', `${areas.templateSchemas}/GetTemplateSchema`).answers<FormBlockSchema>(),
  searchSuggestions: route('GET', `${areas.search}/suggestions`).answers<SearchSuggestions>(),
  /** `?itemId=…` repeated (at most 50): each variant of the products. */
  inventoryStock: route('GET', `${areas.inventory}/stock/`).answers<{ results: VariantInStock[] }>(),
  restockSignUp: route('POST', areas.restock)
    .sends<z.input<typeof restockSignUpSchema>>()
    .answers<{ signedUp: true; created: boolean }>(),

  accountSession: route('GET', `${ACCOUNT}/session`).answers<AccountSession>(),
  signIn: route('POST', `${ACCOUNT}/session`).sends<z.input<typeof signInSchema>>().answers<SignedIn>(),
  /** `?cloneCart=true` keeps a copy of the account's cart for the signed-out visitor. */
  signOut: route('DELETE', `${ACCOUNT}/session`).answers<SignedOut>(),
  accountLocale: route('POST', `${ACCOUNT}/locale`)
    .sends<z.input<typeof accountLocaleSchema>>()
    .answers<{ language: string | null }>(),
  signUp: route('POST', `${ACCOUNT}/signup`).sends<z.input<typeof signUpSchema>>().answers<AccountEmailSent>(),
  verify: route('POST', `${ACCOUNT}/verify`).sends<z.input<typeof linkTokenSchema>>().answers<EmailVerified>(),
  /** A new verification link for the signed-in shopper. */
  verification: route('POST', `${ACCOUNT}/verification`).sends<Record<string, never>>().answers<AccountEmailSent>(),
  passwordResetRequest: route('POST', `${ACCOUNT}/password-reset/request`)
    .sends<z.input<typeof passwordResetRequestSchema>>()
    .answers<AccountEmailSent>(),
  passwordReset: route('POST', `${ACCOUNT}/password-reset`)
    .sends<z.input<typeof passwordResetSchema>>()
    .answers<PasswordChanged>(),
  accountOrders: route('GET', `${ACCOUNT}/orders`).answers<AccountOrders>(),
  addresses: route('GET', `${ACCOUNT}/addresses`).answers<SavedAddresses>(),
  addAddress: route('POST', `${ACCOUNT}/addresses`)
    .sends<z.input<typeof savedAddressSchema>>()
    .answers<SavedAddresses>(),
  changeAddress: route('PUT', `${ACCOUNT}/addresses/:id`)
    .sends<z.input<typeof savedAddressSchema>>()
    .answers<SavedAddresses>(),
  removeAddress: route('DELETE', `${ACCOUNT}/addresses/:id`).answers<SavedAddresses>(),
  accountSubscriptions: route('GET', areas.accountSubscriptions).answers<{ subscriptions: BuyerSubscription[] }>(),
  cancelAccountSubscription: route('POST', `${areas.accountSubscriptions}/:id/cancel`).answers<{
    subscription: BuyerSubscription;
  }>(),
  pauseAccountSubscription: route('POST', `${areas.accountSubscriptions}/:id/pause`).answers<{
    subscription: BuyerSubscription;
  }>(),
  resumeAccountSubscription: route('POST', `${areas.accountSubscriptions}/:id/resume`).answers<{
    subscription: BuyerSubscription;
  }>(),
};
