/**
 * The spec's 27 page-type codes (storefront spec §2, S16), the one table of them: a page's `page.typeCode` in the
 * template context, the `data-page-type` the collectors send as RecordHit's `pageType`, and the types never recorded.
 * Kept in the commerce room because the storefront, the beacon rules and the browser's collectors all read it.
 * This store renders 1, 2, 50, 100, 102, 106, 200, 201, 202, 206 and 207; the others name pages it does not have.
 * An enum, not an object: esbuild writes the codes a module uses in place, so the collectors do not carry the table.
 */
export enum PageType {
  MainContent = 1,
  Page = 2,
  SplashPage = 3,
  ContentItem = 50,
  NotFound = 100,
  Error = 101,
  Search = 102,
  LockScreen = 103,
  PopupOverlay = 104,
  ProtectedContent = 105,
  MemberAreaAccessDenied = 106,
  Paywall = 107,
  Cart = 200,
  Checkout = 201,
  OrderConfirmed = 202,
  Donate = 203,
  ContributionConfirmed = 204,
  CartV2 = 205,
  SubscriptionConfirmed = 206,
  OrderReceived = 207,
  MembershipConfirmed = 208,
  ReviewsRequest = 209,
  DigitalProductComposerPreview = 210,
  OrderStatus = 211,
  NewsletterUnsubscribe = 300,
  CommerceEmailPreview = 301,
  SsoPage = 400,
}
