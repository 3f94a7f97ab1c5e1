/**
 * Our page context under the names developer-platform templates read (docs/templates.md): the
 * navigation as Squarespace's navigation blocks walk it, a post's neighbours as `pagination`,
 * the listing's filters, and the page's id and classes.
 */
import type { ResolvedPage } from '../page-context';
import { itemId } from '../../commerce/product-fields';

interface OurLink {
  title: string;
  url: string | null;
  collectionId?: string | undefined;
  active: boolean;
  children: OurLink[];
}

export interface NavigationItem {
  title: string;
  active: boolean;
  folderActive: boolean;
  collection: {
    id: string;
    title: string;
    navigationTitle: string;
    fullUrl: string | null;
    folder: boolean;
    collections: NavigationItem['collection'][];
    /** The site's collection at that address: its `urlId`, `typeName` and `homepage`, which navigation blocks read. */
    urlId?: string;
    typeName?: string;
    homepage?: boolean;
  } | null;
  externalLink: { url: string; newWindow: boolean } | null;
  /** A folder's links, in the same shape. */
  items: NavigationItem[];
}

interface SiteCollection {
  id: string;
  urlId: string;
  fullUrl: string;
  typeName: string;
  homepage?: boolean | undefined;
}

/** A link as Squarespace's navigation data has it: a collection (site path or folder) or an external link. */
function navigationItem(link: OurLink, collections: readonly SiteCollection[]): NavigationItem {
  const items = link.children.map((child) => navigationItem(child, collections));
  const own = collections.find((c) => c.id === link.collectionId || (link.url !== null && c.fullUrl === link.url));
  const folder = items.length > 0;
  const internal = folder || link.url === null || link.url.startsWith('/');
  return {
    title: link.title,
    active: link.active,
    folderActive: folder && link.active,
    collection: internal
      ? {
          id: link.collectionId ?? link.url ?? link.title,
          title: link.title,
          navigationTitle: link.title,
          fullUrl: link.url ?? items[0]?.collection?.fullUrl ?? null,
          folder,
          collections: items.flatMap((item) =>
            item.collection === null ? [] : [{ ...item.collection, active: item.active }],
          ),
          ...(own === undefined
            ? {}
            : { urlId: own.urlId, typeName: own.typeName, ...(own.homepage === true ? { homepage: true } : {}) }),
        }
      : null,
    externalLink: internal ? null : { url: link.url as string, newWindow: false },
    items,
  };
}

/**
 * Every navigation `template.conf` declares: the links the site gives it by name (`templateNavigations`), else the
 * store's navigation for the first and none for the others.
 */
export function templateNavigations(
  names: readonly string[],
  context: Record<string, unknown>,
  collections: readonly SiteCollection[] = [],
): Record<string, { items: NavigationItem[] }> {
  const named = (context.templateNavigations ?? {}) as Record<string, { items: OurLink[] } | undefined>;
  const ours = (context.navigation as { items?: OurLink[] } | undefined)?.items ?? [];
  return Object.fromEntries(
    names.map((name, i) => [
      name,
      { items: (named[name]?.items ?? (i === 0 ? ours : [])).map((link) => navigationItem(link, collections)) },
    ]),
  );
}

interface Identified {
  id?: string;
  typeName?: string;
}

/** `{squarespace.page-id}` and `{squarespace.page-classes}`. */
export function pageIdentity(page: ResolvedPage): { id: string; classes: string } {
  const item: unknown = page.context.item;
  const ownId = itemId(item);
  const collection = page.context.collection as Identified | undefined;
  const view = item !== undefined ? 'view-item' : page.context.items !== undefined ? 'view-list' : 'view-page';
  const classes = [`page-kind-${page.kind}`, view];
  if (collection?.typeName !== undefined) classes.push(`collection-type-${collection.typeName}`);
  if (collection?.id !== undefined) classes.push(`collection-${collection.id}`);
  const id =
    ownId !== '' ? `item-${ownId}` : collection?.id !== undefined ? `collection-${collection.id}` : `page-${page.kind}`;
  return { id, classes: classes.join(' ') };
}

interface Listing {
  tags: { name: string; selected: boolean }[];
  categories: { name: string; selected: boolean }[];
}

/**
 * The names Squarespace's list and item templates read that our context calls otherwise. The
 * filters come from the address, and templates often print them unescaped (`{tagFilter}`), so only
 * a tag or category the collection has is named: the merchant's text, never the visitor's.
 */
export function squarespaceNames(page: ResolvedPage): Record<string, unknown> {
  const context = page.context;
  const listing = context.listing as Listing | undefined;
  const tag = listing?.tags.find((t) => t.selected)?.name;
  const category = listing?.categories.find((c) => c.selected)?.name;
  return {
    authenticatedAccount: null,
    ...(page.kind === 'post'
      ? { pagination: { prevItem: context.previousItem ?? null, nextItem: context.nextItem ?? null } }
      : {}),
    ...(tag === undefined ? {} : { tagFilter: tag }),
    ...(category === undefined ? {} : { categoryFilter: category }),
  };
}
