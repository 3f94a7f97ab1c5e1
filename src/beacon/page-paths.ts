/**
 * The page a beacon counts under: one of the site's own pages (its sitemap pages, plus checkout
 * and account), or OTHER_KEY for any other path, so made-up paths cannot add rows.
 */
import { shellPaths } from '../site/model/paths';
import type { Site } from '../site/model/schema';
import { OTHER_KEY } from './store-limits';

const ALSO_PAGES = ['/checkout', '/account'];
const known = new WeakMap<Site, ReadonlySet<string>>();

function knownPaths(site: Site): ReadonlySet<string> {
  let paths = known.get(site);
  if (paths === undefined) {
    paths = new Set([...shellPaths(site), ...ALSO_PAGES]);
    known.set(site, paths);
  }
  return paths;
}

/** `path` without a trailing slash (the root kept). */
export function pagePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** `path` when it is a page of the site (a trailing slash ignored; `itemPages` the item pages among the paths counted), else OTHER_KEY. */
export function countedPath(site: Site, path: string, itemPages: ReadonlySet<string>): string {
  const page = pagePath(path);
  return knownPaths(site).has(page) || itemPages.has(page) ? page : OTHER_KEY;
}
