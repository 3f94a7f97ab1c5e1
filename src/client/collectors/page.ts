/**
 * What the collectors know about the page, from the collector script's data attributes
 * (themes/default/layout.html): the website, the page-type code and the product, if any.
 */
export interface PageInfo {
  websiteId: string;
  pageType: number;
  path: string;
  itemId: string | null;
  collectionId: string | null;
}

export function pageInfo(): PageInfo | null {
  const script = document.querySelector<HTMLScriptElement>('script[data-census]');
  const { websiteId, pageType, itemId, collectionId } = script?.dataset ?? {};
  if (websiteId === undefined || pageType === undefined) return null;
  return { websiteId, pageType: Number(pageType), path: location.pathname, itemId: itemId || null, collectionId: collectionId || null };
}
