/**
 * The English texts of the store's own pages that no island shows: the skip link every page starts with, the 404 page,
 * the error pages (500, 503; src/routes/pages/error-page.ts), the download link's refusals (src/routes/shop/downloads.ts)
 * and the journal's words (themes/default: blog.html, post.html, post-card.html, pagination.html). The server writes
 * the error and download pages in the store's
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
  'download.unavailable': 'Download unavailable',
  'download.unknown': 'This download link is not valid. Check the link in your order email.',
  'download.expired': 'This download link has expired. Contact the store for a new one.',
  'download.usedUp': 'This download link has been used the most times it allows. Contact the store for a new one.',
  'download.revoked': 'This download is no longer available because the item was refunded or cancelled.',
  'download.missing': 'This file is not available right now. Contact the store.',
  'download.yourOrders': 'Your orders',
  'blog.by': 'by',
  'blog.readMore': 'Read more',
  'blog.previousPost': 'Previous post',
  'blog.nextPost': 'Next post',
  'blog.morePosts': 'More posts',
  'blog.empty': 'No posts yet',
  'blog.emptyHint': 'The first story is being written. Meanwhile, have a look around the shop.',
  'blog.visitShop': 'Visit the shop',
  'pagination.pages': 'Pages',
  'pagination.previous': 'Previous',
  'pagination.next': 'Next',
} as const;
