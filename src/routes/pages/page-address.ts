/**
 * Which page a GET asks for, as the page caches file it: the decoded path, the query its page reads
 * (src/storefront/page-context.ts, `pageQuery`) and the address made of the origin, path and that
 * query. A URL that differs only in parameters the page does not read (utm tags, cache-busters) has
 * the same address, so it is answered from the same cached page instead of being rendered again.
 */
import { pageQuery } from '../../storefront/page-context';
import { isDesignPreview } from './design-preview';

export interface PageRequest {
  path: string;
  query: Record<string, string>;
  address: string;
}

/** The page `url` asks for, or null when its path does not decode. */
export function pageRequestOf(url: URL): PageRequest | null {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  const { query, search } = pageQuery(path, url.searchParams);
  return { path, query, address: `${url.origin}${url.pathname}${search}` };
}

/**
 * What `?format=` asks for: the page itself (no format, or `html`, which templates' routers send and
 * the platform answers with the page: GarberCo's), its context as JSON (`json`, `json-pretty`), or
 * null for a format the store does not answer.
 */
export function pageFormat(url: URL): 'page' | 'json' | 'json-pretty' | null {
  const format = url.searchParams.get('format');
  if (format === null || format === 'html') return 'page';
  return format === 'json' || format === 'json-pretty' ? format : null;
}

/** Whether `url` asks for the page itself: not its context as JSON (`format`), nor a design preview. */
export function asksForPage(url: URL): boolean {
  return pageFormat(url) === 'page' && !isDesignPreview(url);
}
