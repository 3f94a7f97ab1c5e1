/**
 * What the collectors know about the page, from the collector script's data attributes
 * (themes/default/layout.html): the website, its template and language, the page-type code, and
 * the product and its collection, if any.
 */
import { pageAttributes } from './page-attributes';

export interface PageInfo {
  websiteId: string;
  templateId: string | null;
  websiteLocale: string | null;
  pageType: number;
  path: string;
  itemId: string | null;
  recordType: number | null;
  pdpLayout: string | null;
  collectionId: string | null;
  collectionName: string | null;
}

export function pageInfo(): PageInfo | null {
  const {
    websiteId,
    templateId,
    websiteLocale,
    pageType,
    itemId,
    recordType,
    pdpLayout,
    collectionId,
    collectionName,
  } = pageAttributes();
  if (websiteId === undefined || pageType === undefined) return null;
  return {
    websiteId,
    templateId: templateId || null,
    websiteLocale: websiteLocale || null,
    pageType: Number(pageType),
    path: location.pathname,
    itemId: itemId || null,
    recordType: recordType ? Number(recordType) : null,
    pdpLayout: pdpLayout || null,
    collectionId: collectionId || null,
    collectionName: collectionName || null,
  };
}
