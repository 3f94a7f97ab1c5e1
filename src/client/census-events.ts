/**
 * What islands tell the analytics collectors (engine spec §7): the promo popup's overlay
 * (open, close, submit), the interface clicks of the cart page's product form (open, close,
 * submit), a listing card's quick view opened (RecordQuickView) and the signed-in account's language. Islands only announce, on the page's global object; the collectors, loaded only where
 * the site tracks, send them (src/client/collectors/widgets.ts). Typed for the worker build too.
 */
export const CENSUS_EVENT = 'census:widget';

export type CensusAnnouncement =
  | { kind: 'overlay'; overlayId: string; action: 'open' | 'close' | 'submit' }
  | { kind: 'interface_click'; identifier: string }
  | { kind: 'quick-view'; itemId: string };

const bus = globalThis as unknown as EventTarget;

export function announceCensus(detail: CensusAnnouncement): void {
  bus.dispatchEvent(new CustomEvent<CensusAnnouncement>(CENSUS_EVENT, { detail }));
}

const ACCOUNT_LANGUAGE = 'storefront:account-language';

/** The page's read of the signed-in account's language (src/client/account-language.ts), for the collectors' member locale. */
export function announceAccountLanguage(read: Promise<string | null>): void {
  (bus as unknown as Record<string, unknown>)[ACCOUNT_LANGUAGE] = read;
}

/** The announced read; null when the page read none (a page without the islands' script). */
export function announcedAccountLanguage(): Promise<string | null> {
  const read = (bus as unknown as Record<string, Promise<string | null> | undefined>)[ACCOUNT_LANGUAGE];
  return read ?? Promise.resolve(null);
}

export function onCensusAnnouncement(listener: (detail: CensusAnnouncement) => void): void {
  bus.addEventListener(CENSUS_EVENT, (event) => listener((event as CustomEvent<CensusAnnouncement>).detail));
}

/** The cart page's product form, as the spec's internal events name it. */
export const CART_FORM_CLICKS = {
  open: 'cart-page-product-form-open',
  close: 'cart-page-product-form-close',
  submit: 'cart-page-product-form-submit',
} as const;
