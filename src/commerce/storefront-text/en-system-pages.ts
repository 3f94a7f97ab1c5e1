/**
 * The English texts of the store's own pages that no island shows: the skip link every page starts with, the 404 page
 * and the error pages (500, 503; src/routes/pages/error-page.ts). The server writes the error pages in the store's
 * language from them; a shopper's own language is set in the browser from the marked strings. Apart from the page
 * texts (en-page.ts), so the product page's script does not carry them.
 */
export const EN_SYSTEM_PAGES = {
  'nav.skip': 'Skip to content',
  'notFound.title': 'Page not found',
  'notFound.cannotFind': 'We couldn’t find',
  'notFound.moved': 'It may have moved, or the link may be mistyped.',
  'notFound.shop': 'Go to the shop',
  'error.failed': 'Something went wrong',
  'error.failedDetail': 'This page could not be shown. Please try again in a moment.',
  'error.unavailable': 'The store is briefly unavailable. Please try again in a moment.',
  'error.tryAgain': 'Try again',
  'error.home': 'Home page',
} as const;
