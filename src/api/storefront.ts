/**
 * The routes the store's pages call (islands, the checkout, the account page, the collectors): the
 * cart, the checkout and orders, subscriptions, forms, the shopper's account, search suggestions,
 * restock sign-ups and the analytics beacons.
 */
import type { CartEntry, ShoppingCart } from '../commerce/cart';
import type { Order } from '../commerce/order';
import { addressDetailsSchema, addressSearchSchema, placeSchema, startSchema, updateSchema } from './checkout-bodies';
import { route } from './route';

const ACCOUNT = '/api/site-users/account';

export const storefrontRoutes = {
  cart: route('GET', '/api/commerce/shopping-cart').answers<ShoppingCart>(),
  addToCart: route('POST', '/api/commerce/shopping-cart/entries').answers<{
    shoppingCart: ShoppingCart;
    newlyAdded: CartEntry;
  }>(),
  changeCartEntry: route('PUT', '/api/commerce/shopping-cart/entries/:entryId').answers<ShoppingCart>(),
  removeCartEntry: route('DELETE', '/api/commerce/shopping-cart/entries/:entryId').answers<ShoppingCart>(),
  cartEntryFields: route(
    'PUT',
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
  ).answers<ShoppingCart>(),
  subscriptionCart: route('POST', '/api/3/commerce/cart/subscription').answers<{ cartToken: string }>(),

  startCheckout: route('POST', '/api/commerce/checkout', startSchema),
  updateCheckout: route('PUT', '/api/commerce/checkout', updateSchema),
  placeOrder: route('POST', '/api/commerce/orders', placeSchema).answers<{ order: Order }>(),
  order: route('GET', '/api/commerce/orders/:id').answers<{ order: Order }>(),
  addressSearch: route('POST', '/api/commerce/checkout/address/search', addressSearchSchema),
  addressDetails: route('POST', '/api/commerce/checkout/address/details', addressDetailsSchema),

  subscription: route('GET', '/api/commerce/subscriptions/:orderId'),
  cancelSubscription: route('POST', '/api/commerce/subscriptions/:orderId/cancel'),

  formSubmissionKey: route('POST', '/api/form/FormSubmissionKey'),
  saveFormSubmission: route('POST', '/api/form/SaveFormSubmission'),
  searchSuggestions: route('GET', '/api/search/suggestions'),
  restockSignUp: route('POST', `${ACCOUNT}/notifications/restock`),

  accountSession: route('GET', `${ACCOUNT}/session`),
  signIn: route('POST', `${ACCOUNT}/session`),
  signOut: route('DELETE', `${ACCOUNT}/session`),
  accountLocale: route('POST', `${ACCOUNT}/locale`),
  signUp: route('POST', `${ACCOUNT}/signup`),
  verify: route('POST', `${ACCOUNT}/verify`),
  verification: route('POST', `${ACCOUNT}/verification`),
  passwordResetRequest: route('POST', `${ACCOUNT}/password-reset/request`),
  passwordReset: route('POST', `${ACCOUNT}/password-reset`),
  accountOrders: route('GET', `${ACCOUNT}/orders`),
  addresses: route('GET', `${ACCOUNT}/addresses`),
  addAddress: route('POST', `${ACCOUNT}/addresses`),
  changeAddress: route('PUT', `${ACCOUNT}/addresses/:id`),
  removeAddress: route('DELETE', `${ACCOUNT}/addresses/:id`),
  accountSubscriptions: route('GET', `${ACCOUNT}/subscriptions`),
  cancelAccountSubscription: route('POST', `${ACCOUNT}/subscriptions/:id/cancel`),

  recordHit: route('POST', '/api/census/RecordHit'),
  recordEvent: route('POST', '/api/events/RecordEvent'),
  performanceRecords: route('POST', '/api/1/performance/records'),
  clankerEvents: route('POST', '/api/v1/clanker/events'),
  censusButtonClick: route('POST', '/api/census/button-click'),
  censusButtonRender: route('POST', '/api/census/button-render'),
  censusOverlay: route('POST', '/api/census/overlay'),
  censusFormRender: route('POST', '/api/census/form-render'),
};

/** The census widget calls by name (src/client/collectors/widgets.ts). */
export const CENSUS_CALLS = {
  'button-click': storefrontRoutes.censusButtonClick,
  'button-render': storefrontRoutes.censusButtonRender,
  overlay: storefrontRoutes.censusOverlay,
  'form-render': storefrontRoutes.censusFormRender,
} as const;
