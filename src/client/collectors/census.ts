/**
 * The page view (RecordHit, with the template, language, record type, whether it is the first
 * landing of a first session, and the signed-in member's account id and locale) and, once the census cookie it sets exists, the product page or
 * listing visit (a product page is an item page whose item is a product: a blog post is not), and a
 * product page's pixel `ViewContent` (the search page's `Search`). Pages the rules never record (not found, lock screen, access denied, search,
 * the editor) send no page view; the server applies the same rules.
 */
import { beaconRoutes as api } from '../../api/beacon-routes';
import { UNRECORDED_PAGE_TYPES } from '../../beacon/eligibility';
import { PageType } from '../../commerce/page-types';
import { PRODUCT_RECORD_TYPE } from '../../commerce/product';
import { recordCommerceEvent } from './commerce';
import type { PageInfo } from './page';
import { currentMember } from './member';
import { reportPixel } from './pixel';
import { currentAnalyticsSession } from './session';

/** Spec §9: the census calls give up after 2,500 ms. */
export const CENSUS_TIMEOUT_MS = 2500;

/** The search page's pixel `Search`, with the words searched for (the page view itself is never recorded). */
export function reportSearch(page: PageInfo): void {
  const words = new URLSearchParams(location.search).get('q')?.trim() ?? '';
  if (page.pageType === PageType.Search && words !== '') reportPixel('Search', { search_string: words.slice(0, 200) });
}

/** Whether the rules record views of this page at all. */
export function recordsViews(page: PageInfo): boolean {
  return !(
    UNRECORDED_PAGE_TYPES.has(page.pageType) ||
    page.pageType === PageType.Search ||
    page.path.startsWith('/config')
  );
}

export async function recordPageView(page: PageInfo): Promise<void> {
  if (!recordsViews(page)) return;
  const session = currentAnalyticsSession();
  const member = await currentMember();
  const data = {
    websiteId: page.websiteId,
    ...(page.templateId === null ? {} : { templateId: page.templateId }),
    ...(page.websiteLocale === null ? {} : { websiteLocale: page.websiteLocale }),
    url: location.href.slice(0, 2083),
    title: document.title.slice(0, 500),
    pageType: page.pageType,
    ...(page.itemId === null ? {} : { itemId: page.itemId }),
    ...(page.collectionId === null ? {} : { collectionId: page.collectionId }),
    ...(page.recordType === null ? {} : { recordType: page.recordType }),
    firstLanding: session.firstLanding,
    firstSession: session.firstSession,
    userAgent: navigator.userAgent.slice(0, 512),
    clientDate: Date.now(),
    viewportWidth: innerWidth,
    viewportHeight: innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    ...(document.referrer === '' ? {} : { referrer: document.referrer.slice(0, 2083) }),
    ...(member === null ? {} : { memberAccountId: member.accountId }),
    ...(member?.locale == null ? {} : { memberAccountLocale: member.locale }),
  };
  try {
    // keepalive so the hit survives a quick navigation; the answer sets the census cookie.
    await fetch(api.recordHit.path(), {
      method: 'POST',
      body: new URLSearchParams({ event: 'view', data: JSON.stringify(data) }),
      keepalive: true,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(CENSUS_TIMEOUT_MS),
    });
  } catch {
    return;
  }
  const visit = {
    pagePath: page.path,
    websiteId: page.websiteId,
    ...(page.templateId === null ? {} : { templateId: page.templateId }),
    ...(page.websiteLocale === null ? {} : { website_locale: page.websiteLocale }),
    ...(member === null ? {} : { memberAccountId: member.accountId }),
    ...(member?.locale == null ? {} : { member_locale: member.locale }),
  };
  if (page.pageType === PageType.ContentItem && page.itemId !== null && page.recordType === PRODUCT_RECORD_TYPE) {
    recordCommerceEvent('visit_product_page', { ...visit, itemId: page.itemId });
    reportPixel('ViewContent', { content_ids: [page.itemId], content_type: 'product' });
  } else if (page.pageType === PageType.MainContent && page.collectionId !== null)
    recordCommerceEvent('visit_product_listing', visit);
}
