/**
 * Who and what is recorded (spec engine-analytics-editor §6, storefront §2): anonymous visitors
 * and accounts whose only role is viewer; never the editor (/config), not-found, lock-screen or
 * access-denied pages, or page views of /search; never when tracking is off for the site.
 * A visitor signed in to the site as a customer is still anonymous here: only merchant roles count.
 */

import { PageType } from '../commerce/page-types';

const VIEWER_ROLE = 10;
/** Page-type codes (storefront spec §2) of pages never recorded: not found, lock screen, member area access denied. */
export const UNRECORDED_PAGE_TYPES: ReadonlySet<number> = new Set([
  PageType.NotFound,
  PageType.LockScreen,
  PageType.MemberAreaAccessDenied,
]);
const EDITOR_PATH = '/config';
const SEARCH_PATH = '/search';

export interface BeaconContext {
  /** The signed-in merchant's roles, null when none is signed in. */
  merchantRoles: readonly number[] | null;
  trackingEnabled: boolean;
  path: string;
  pageType: number | null;
  isPageView: boolean;
}

function isEditorPath(path: string): boolean {
  return path === EDITOR_PATH || path.startsWith(`${EDITOR_PATH}/`);
}

export function shouldRecord(context: BeaconContext): boolean {
  const { merchantRoles: roles } = context;
  if (!context.trackingEnabled) return false;
  if (roles !== null && !(roles.length === 1 && roles[0] === VIEWER_ROLE)) return false;
  if (isEditorPath(context.path)) return false;
  if (context.pageType !== null && UNRECORDED_PAGE_TYPES.has(context.pageType)) return false;
  return !(context.isPageView && context.path === SEARCH_PATH);
}

/** The path of a page given as a path or an absolute URL; '/' for anything unreadable. */
export function pathOf(urlOrPath: string): string {
  try {
    return new URL(urlOrPath, 'http://site.invalid').pathname;
  } catch {
    return '/';
  }
}
