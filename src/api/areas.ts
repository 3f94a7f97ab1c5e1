/**
 * The prefixes the worker mounts its route areas at (hono's "larger application" pattern: each area a
 * sub-app at its own prefix, its guards at the top of it). The contract's routes of an area are
 * written under its prefix, so the browser's paths and the worker's mount come from one place.
 */
/** The shopper's account (routes/shop/session.ts and account.ts); its subscriptions are an area of their own under it. */
const ACCOUNT = '/api/site-users/account';

export const areas = {
  console: '/api/console',
  /** The social-ads pixel's events (routes/shop/trackers.ts). */
  trackers: '/api/trackers',
  /** The beacons (routes/shop/beacons.ts): census hits and widget calls, the older and newer trackers' events, performance records. */
  census: '/api/census',
  events: '/api/events',
  clanker: '/api/v1/clanker',
  performance: '/api/1/performance',
  /** Site forms (routes/shop/forms.ts): submission keys and submissions, field validation, the form block's schema. */
  /** Search suggestions while a shopper types (routes/shop/search.ts). */
  search: '/api/search',
  /** The shopper's cart (routes/shop/cart.ts), and the subscription cart bought on its own. */
  cart: '/api/commerce/shopping-cart',
  subscriptionCart: '/api/3/commerce/cart',
  forms: '/api/form',
  formValidation: '/api/rest/forms',
  templateSchemas: '/api/template',
  account: ACCOUNT,
  /** The checkout, its address search, and placing and reading an order (routes/shop/checkout.ts). */
  checkout: '/api/commerce/checkout',
  checkoutAddress: '/api/commerce/checkout/address',
  orders: '/api/commerce/orders',
  /** A buyer's subscription by its page's token, and a signed-in shopper's (routes/shop/subscriptions.ts). */
  subscriptions: '/api/commerce/subscriptions',
  accountSubscriptions: `${ACCOUNT}/subscriptions`,
  /** Restock notifications (routes/shop/restock.ts): a shopper's sign-up, and the merchant's lists and sends behind their permissions. */
  restock: `${ACCOUNT}/notifications/restock`,
  /** What is available of products' variants now (routes/console/inventory.ts). */
  inventory: '/api/commerce/inventory',
  /** The merchant's analytics figures (routes/console/dashboard.ts), beside the census beacons but behind a permission. */
  analytics: '/api/census/summary',
  /**
   * The merchant's orders, discounts and commerce settings (routes/console/commerce-admin.ts): Squarespace's paths, under
   * the same prefix as the shopper's cart, checkout and orders areas, each route behind its own permission.
   */
  commerceAdmin: '/api/commerce',
  /** The merchant's emails parked after every retry (routes/console/email-admin.ts). */
  parkedEmails: '/api/commerce/parked-emails',
} as const;
