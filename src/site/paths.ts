/**
 * The site's public pages by path: what the sitemap lists and what analytics counts pages under.
 */
import type { Site } from './schema';

/** Every public page of a site, for the sitemap. */
export function sitePaths(site: Site): string[] {
  const paths = ['/', '/cart', '/search'];
  for (const collection of site.collections) paths.push(collection.fullUrl);
  for (const item of site.items) paths.push(item.fullUrl);
  return paths;
}
