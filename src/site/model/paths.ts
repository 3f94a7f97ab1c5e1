/**
 * The site's public pages by path: what the sitemap lists and what analytics counts pages under.
 */
import { isProductCollection } from '../../commerce/product';
import { shownAt } from '../editor/content-status';
import type { Site, WholeSite } from './schema';

/** Where a navigation link's `memberAreaId` goes: `/members/{id}`. */
export const MEMBER_AREA_PATH = '/members/';

/** The public pages of a site that are not items: the fixed pages and every collection shoppers see at `now`. */
export function shellPaths(site: Site, now = Date.now()): string[] {
  const paths = ['/', '/cart', '/search'];
  for (const collection of site.collections) if (shownAt(collection, now)) paths.push(collection.fullUrl);
  return paths;
}

/** Every public page of a whole site (an export's), items included. */
export function sitePaths(site: WholeSite): string[] {
  return [...shellPaths(site), ...site.items.map((item) => item.fullUrl)];
}

/** The collection and urlId an item page's path names (`/{collection}/p/{urlId}` or `/{blog}/{urlId}`), or null. */
export function itemPathOf(site: Site, path: string): { collectionId: string; urlId: string } | null {
  const [urlId, marker, collectionUrlId, ...rest] = path
    .split('/')
    .filter((s) => s !== '')
    .reverse();
  if (urlId === undefined || marker === undefined) return null;
  const productPath = marker === 'p' && collectionUrlId !== undefined && rest.length === 0;
  const postPath = collectionUrlId === undefined;
  const collection = site.collections.find((c) => c.urlId === (productPath ? collectionUrlId : marker));
  if (
    collection === undefined ||
    !(productPath ? isProductCollection(collection) : postPath && collection.typeName === 'blog')
  )
    return null;
  return { collectionId: collection.id, urlId };
}
