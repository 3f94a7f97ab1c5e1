/**
 * Which page a path is, and the context its templates render with (page kind, the spec's
 * page-type code, website, collection, item or items, pagination, store settings, merchandising
 * context and localized strings). Items are read through the site's catalogue a page at a time:
 * a listing reads one page of its collection, an item page its item and what it shows beside it.
 */
import { formatMoney, toMinorUnits } from '../commerce/money';
import { PageType } from '../commerce/page-types';
import { inProductCollection, isProductCollection, PRODUCTS_COLLECTION } from '../commerce/product';
import { productFieldsForm } from '../commerce/product-fields';
import { EN, type TextKey } from '../commerce/storefront-text/en';
import { escapeHtml } from '../html/escape';
import { POLICIES_PATH } from '../site/editor/store-settings';
import { policyAt, storeDetailsContext } from './store-details';
import { shownAt } from '../site/editor/content-status';
import { fileSrcset } from '../site/editor/files';
import type { Catalog, ListingSort } from '../site/published/catalog';
import { MEMBER_AREA_PATH } from '../site/model/paths';
import { indexSections } from '../site/model/index-collections';
import type { Collection, Item, NavigationEntry, Site } from '../site/model/schema';
import { FOLDER_BEHAVIORS } from '../values/enumerations';
import { templateQueries } from './developer-platform/queries';
import { isDeveloperPlatform } from './developer-platform/template';
import { MEMBER_AREA_BODY, MEMBER_AREA_ID, MEMBERS_ONLY, PAGE_LOCKED } from './member-area';

export type PageKind =
  | 'products'
  | 'product'
  | 'blog'
  | 'post'
  | 'page'
  | 'cart'
  | 'checkout'
  | OrderPageKind
  | 'account'
  | 'search'
  | 'not-found';

/** The buyer's order pages after checkout. */
export type OrderPageKind = 'order-confirmed' | 'order-received' | 'subscription-confirmed';

export interface ResolvedPage {
  kind: PageKind;
  status: 200 | 403 | 404 | 410;
  context: Record<string, unknown>;
}

const PAGE_SIZE: Readonly<Record<string, number>> = { products: 12, blog: 6 };
const MAX_QUERY = 200;
const MAX_FILTER = 50;
/** Most values one list filter (tags, categories) takes at once, so a query names a bounded number of pages. */
const MAX_FILTER_VALUES = 10;
const SEARCH_RESULTS = 50;
const RELATED_PRODUCTS = 4;
/** Products with an additional-fields form the cart page carries (each a form the cart can edit answers with). */
const CART_FORMS = 200;

function pageNumber(raw: string | undefined): number {
  const n = raw === undefined ? 1 : Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export const LISTING_SORTS: readonly { value: ListingSort; label: string }[] = [
  { value: 'newest', label: EN['sort.newest'] },
  { value: 'price-asc', label: EN['sort.price-asc'] },
  { value: 'price-desc', label: EN['sort.price-desc'] },
  { value: 'title', label: EN['sort.title'] },
];

function sortOf(raw: string | undefined): ListingSort {
  return LISTING_SORTS.find((sort) => sort.value === raw)?.value ?? 'newest';
}

function filterOf(raw: string | undefined): string | null {
  const value = (raw ?? '').trim().slice(0, MAX_FILTER);
  return value === '' ? null : value;
}

/**
 * The values of a list filter that takes several (`?tag=a&tag=b`) as a page's query holds them: one string,
 * the values sorted and each on its own line ('' for none), so the same choice is the same cached page.
 */
function filterValuesOf(all: readonly string[]): string {
  const values = all.map((raw) => filterOf(raw.replace(/[\p{Cc}]/gu, ' '))).filter((value) => value !== null);
  return [...new Set(values)].sort().slice(0, MAX_FILTER_VALUES).join('\n');
}

/** The values a query holds for a filter of several (see `filterValuesOf`). */
function filterValues(held: string | undefined): string[] {
  return held === undefined || held === '' ? [] : held.split('\n');
}

/** A price bound as a shopper types it in the store currency ('20', '19.5'), or '' when it is none. */
function priceBoundOf(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  return /^\d{1,9}(\.\d{1,3})?$/.test(value) ? value : '';
}

/** The filters and sort of a list page as its query reads them ('' for a price bound not set). */
interface ListFilters {
  sort: ListingSort;
  /** Any of these tags, and any of these categories (none: no filter). */
  tags: readonly string[];
  categories: readonly string[];
  min: string;
  max: string;
  inStock: boolean;
}

/** A list page's address with its filters and sort (defaults left out), page last. */
function listUrl(path: string, params: ListFilters & { page?: number }): string {
  const search = new URLSearchParams();
  for (const category of params.categories) search.append('category', category);
  for (const tag of params.tags) search.append('tag', tag);
  if (params.min !== '') search.set('min', params.min);
  if (params.max !== '') search.set('max', params.max);
  if (params.inStock) search.set('stock', 'in');
  if (params.sort !== 'newest') search.set('sort', params.sort);
  if (params.page !== undefined && params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

function pagination(total: number, size: number, page: number, pageUrl: (n: number) => string) {
  const start = (page - 1) * size;
  return {
    page,
    pageSize: size,
    total,
    prevPage: page > 1,
    prevPageUrl: page > 1 ? pageUrl(page - 1) : null,
    nextPage: start + size < total,
    nextPageUrl: start + size < total ? pageUrl(page + 1) : null,
  };
}

interface NavigationContextItem extends Omit<NavigationEntry, 'children' | 'url'> {
  url: string | null;
  /** This link is the page shown, or (a folder) holds the link that is. */
  active: boolean;
  /** This link is exactly the page shown. */
  current: boolean;
  /** The label of a link to a member area ('This page available only site members'), null for any other. */
  membersOnly: string | null;
  /** The id of the list of links under it (a folder's disclosure controls it). */
  menuId: string;
  children: NavigationContextItem[];
}

/** The navigation as templates read it: nested, each link marked active and given its sub-list's id. */
function navigationItems(entries: readonly NavigationEntry[], path: string, idPrefix: string): NavigationContextItem[] {
  return entries.map((entry, i) => {
    const menuId = `${idPrefix}-${i + 1}`;
    const { children: nested, ...link } = entry;
    const children = nested === undefined ? undefined : navigationItems(nested, path, menuId);
    const current = entry.url !== undefined && path === entry.url;
    const own = entry.url?.startsWith('/') && (current || path.startsWith(`${entry.url}/`));
    const active = own || (children?.some((child) => child.active) ?? false);
    // Every key is set on every link: a template looks a missing key up in the enclosing links.
    const membersOnly = entry.url?.startsWith(MEMBER_AREA_PATH) ? MEMBERS_ONLY : null;
    return { ...link, url: link.url ?? null, active, current, membersOnly, menuId, children: children ?? [] };
  });
}

function baseContext(site: Site, path: string) {
  const now = Date.now();
  const hiddenPages = new Set(
    site.collections.filter((collection) => !shownAt(collection, now)).map((collection) => collection.fullUrl),
  );
  return {
    website: site.website,
    // The engine's money formatters read the flag here (spec: feature flags gate the CLDR formatter).
    featureFlags: {
      useCLDRMoneyFormat: site.website.useCLDRMoneyFormat,
      formFieldMaxLength: site.website.formFieldMaxLength,
    },
    websiteSettings: site.websiteSettings,
    storeSettings: site.websiteSettings.storeSettings,
    localizedStrings: site.localizedStrings,
    /** The translation plugin's connection and languages (the account panel's locale rule). */
    multilingual: site.multilingual ?? { connected: false, languages: [] },
    productMerchandisingContext: site.productMerchandisingContext,
    navigation: {
      items: navigationItems(
        hiddenPages.size === 0 ? site.navigation : shownNavigation(site.navigation, hiddenPages),
        path,
        'site-nav',
      ),
    },
    // A developer-platform template's own navigations (src/storefront/developer-platform/context.ts), when the site has any.
    ...(site.templateNavigations === undefined
      ? {}
      : {
          templateNavigations: Object.fromEntries(
            Object.entries(site.templateNavigations).map(([name, entries]) => [
              name,
              {
                items: navigationItems(
                  hiddenPages.size === 0 ? entries : shownNavigation(entries, hiddenPages),
                  path,
                  `nav-${name}`,
                ),
              },
            ]),
          ),
        }),
    header: site.header ?? null,
    storeDetails: storeDetailsContext(site),
    // A popup the merchant turned off stays stored (its text kept) but no page shows it.
    promoPopup: site.promoPopup?.enabled === false ? null : (site.promoPopup ?? null),
    footer: site.footer ?? null,
    forms: Object.fromEntries(site.forms.map((form) => [form.id, form])),
  };
}

/**
 * The page's own fields. `title` is what the page shows as its heading; `seoTitle`, when the merchant set one (a
 * shop's, blog's or page's search engine listing), is what the head's <title> and social tags show instead, and
 * `description` the head's meta description.
 */
function page(
  kind: PageKind,
  typeCode: number,
  title: string,
  path: string,
  description = '',
  seoTitle = '',
): Record<string, unknown> {
  return { page: { kind, typeCode, title, path, description, seoTitle } };
}

/** Each product's additional-fields form by item id (the cart page edits entries' answers with them). */
async function additionalFieldsForms(site: Site, catalog: Catalog): Promise<Record<string, unknown>> {
  const forms: Record<string, unknown> = {};
  for (const item of await catalog.itemsWithForms(CART_FORMS)) {
    const form = productFieldsForm(item, site.forms);
    if (form !== null) forms[item.id] = form;
  }
  return forms;
}

/** The query parameters store pages read, each as its page reads it from its first value or all of them ('' for the default). */
const QUERY_AS_READ = {
  q: (raw: string | undefined) => (raw ?? '').slice(0, MAX_QUERY).trim(),
  category: (_raw: string | undefined, all: readonly string[]) => filterValuesOf(all),
  tag: (_raw: string | undefined, all: readonly string[]) => filterValuesOf(all),
  min: priceBoundOf,
  max: priceBoundOf,
  stock: (raw: string | undefined) => (raw === 'in' ? 'in' : ''),
  sort: (raw: string | undefined) => {
    const sort = sortOf(raw);
    return sort === 'newest' ? '' : sort;
  },
  page: (raw: string | undefined) => {
    const n = pageNumber(raw);
    return n === 1 ? '' : String(n);
  },
} as const satisfies Record<string, (raw: string | undefined, all: readonly string[]) => string>;
/** The parameters a page reads all the values of (`?tag=a&tag=b`); the rest read their first. */
const SEVERAL_VALUES: ReadonlySet<string> = new Set<QueryParam>(['category', 'tag']);
type QueryParam = keyof typeof QUERY_AS_READ;
const QUERY_PARAMS = Object.keys(QUERY_AS_READ) as QueryParam[];
/** What a list page reads: its filters, sort and page. */
const LIST_QUERY: readonly QueryParam[] = ['category', 'tag', 'min', 'max', 'stock', 'sort', 'page'];

/** What every page kind's resolver reads: the site, the path and its segments, the query and the shared context. */
interface PageRequest {
  site: Site;
  catalog: Catalog;
  path: string;
  query: Readonly<Record<string, string | undefined>>;
  base: ReturnType<typeof baseContext>;
}

/** A page kind's resolver: the page, or undefined when the path names nothing of that kind. */
type PageResolver = (
  request: PageRequest,
  params: Readonly<Record<string, string>>,
) => ResolvedPage | undefined | Promise<ResolvedPage | undefined>;

function fixedPage(kind: PageKind, typeCode: number, title: string): PageResolver {
  return ({ base, path }) => ({ kind, status: 200, context: { ...base, ...page(kind, typeCode, title, path) } });
}

/** The cart and checkout pages show entries' additional-fields answers by their forms' field titles. */
const cartPage: PageResolver = async ({ site, catalog, base, path }) => ({
  kind: 'cart',
  status: 200,
  context: {
    ...base,
    ...page('cart', PageType.Cart, 'Cart', path),
    additionalFieldsForms: await additionalFieldsForms(site, catalog),
  },
});

/** The checkout and order pages show entries' additional-fields answers by their forms' field titles. */
const checkoutPage: PageResolver = async ({ site, catalog, base, path }) => ({
  kind: 'checkout',
  status: 200,
  context: {
    ...base,
    ...page('checkout', PageType.Checkout, 'Checkout', path),
    additionalFieldsForms: await additionalFieldsForms(site, catalog),
  },
});

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An order page: the order's id from the path; the buyer's island reads the order itself with the URL's token. */
function orderPage(kind: OrderPageKind, typeCode: number, title: string): PageResolver {
  return async ({ site, catalog, base, path }, { order = '' }) =>
    ORDER_ID.test(order)
      ? {
          kind,
          status: 200,
          context: {
            ...base,
            ...page(kind, typeCode, title, path),
            orderId: order,
            additionalFieldsForms: await additionalFieldsForms(site, catalog),
          },
        }
      : undefined;
}

/** A member area (a navigation link's `memberAreaId`): locked to every visitor, the store selling no memberships. */
const memberAreaPage: PageResolver = ({ base, path }, { area = '' }) =>
  MEMBER_AREA_ID.test(area)
    ? {
        kind: 'page',
        status: 403,
        context: {
          ...base,
          page: {
            kind: 'page',
            typeCode: PageType.MemberAreaAccessDenied,
            title: PAGE_LOCKED,
            path,
            description: '',
            body: MEMBER_AREA_BODY,
          },
        },
      }
    : undefined;

/** A store policy the merchant published (src/storefront/store-details.ts), in the page shell. */
const policyPage: PageResolver = ({ site, base, path }, { policy = '' }) => {
  const found = policyAt(site, policy);
  if (found === null) return undefined;
  return {
    kind: 'page',
    status: 200,
    context: {
      ...base,
      page: { kind: 'page', typeCode: PageType.Page, title: found.title, path, description: '', body: found.body },
    },
  };
};

/** Search by the visitor's words through the site's full-text index, best match first. */
const searchPage: PageResolver = async ({ catalog, base, path, query }) => {
  const q = (query.q ?? '').slice(0, MAX_QUERY).trim();
  const results = q === '' ? [] : await catalog.search(q, SEARCH_RESULTS);
  return {
    kind: 'search',
    status: 200,
    context: { ...base, ...page('search', PageType.Search, 'Search', path), search: { query: q, results } },
  };
};

/** A published collection: found, not disabled, and its status shows it now (a page's Draft, Private, Needs Review or future Scheduled 404s). */
function published(collection: Collection | undefined): Collection | undefined {
  return collection === undefined ||
    (collection as { enabled?: boolean }).enabled === false ||
    !shownAt(collection, Date.now())
    ? undefined
    : collection;
}

/** The navigation without links to pages shoppers do not see now, nor folders left empty by that. */
function shownNavigation(entries: readonly NavigationEntry[], hidden: ReadonlySet<string>): NavigationEntry[] {
  const shown: NavigationEntry[] = [];
  for (const entry of entries) {
    if (entry.url !== undefined && hidden.has(entry.url)) continue;
    const children = entry.children === undefined ? undefined : shownNavigation(entry.children, hidden);
    if (entry.url === undefined && children !== undefined && children.length === 0) continue;
    shown.push(children === undefined ? entry : { ...entry, children });
  }
  return shown;
}

function collectionAt(site: Site, urlId: string | undefined): Collection | undefined {
  return published(site.collections.find((c) => c.urlId === urlId));
}

/** A filter a list page shows as set: its name (a catalogue text, so the page script can translate it), value and the address without it. */
interface ActiveFilter {
  key: TextKey;
  name: string;
  value: string;
  label: string;
  url: string;
}

/** The filters a list page shows as set, each with the address without it; a price in the store currency with the one money formatter. */
function activeFilters(
  filters: ListFilters,
  url: (change: Partial<ListFilters>) => string,
  money: (bound: string) => string,
): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  const add = (key: TextKey, value: string, address: string) =>
    active.push({ key, name: EN[key], value, label: value === '' ? EN[key] : `${EN[key]}: ${value}`, url: address });
  const without = (values: readonly string[], value: string) => values.filter((other) => other !== value);
  for (const category of filters.categories)
    add('listing.category', category, url({ categories: without(filters.categories, category) }));
  for (const tag of filters.tags) add('listing.tag', tag, url({ tags: without(filters.tags, tag) }));
  const { min, max } = filters;
  if (min !== '' || max !== '') {
    // Signs, not words, so the value reads the same in every language the page switches to.
    const range =
      min !== '' && max !== '' ? `${money(min)} – ${money(max)}` : min !== '' ? `≥ ${money(min)}` : `≤ ${money(max)}`;
    add('listing.price', range, url({ min: '', max: '' }));
  }
  if (filters.inStock) add('listing.inStockChip', '', url({ inStock: false }));
  return active;
}

/**
 * One page of a collection's items, sorted and filtered by the query (`sort`, any of its `tag`s and any of its `category`s;
 * a product list also by price, `min` and `max` in the store currency, and `stock=in`), with the
 * controls to change them and the filters set, each with its clear link; undefined (a 404) past the last page.
 */
async function listPage(
  kind: 'products' | 'blog',
  { site, catalog, base, path, query }: PageRequest,
  collection: Collection,
): Promise<ResolvedPage | undefined> {
  const size = PAGE_SIZE[kind] as number;
  const pageNo = pageNumber(query.page);
  const products = kind === PRODUCTS_COLLECTION;
  const filters: ListFilters = {
    sort: sortOf(query.sort),
    tags: filterValues(query.tag),
    categories: filterValues(query.category),
    min: products ? priceBoundOf(query.min) : '',
    max: products ? priceBoundOf(query.max) : '',
    inStock: products && query.stock === 'in',
  };
  const { storeCurrency: currency, language } = site.website;
  const minor = (bound: string) => (bound === '' ? null : toMinorUnits(bound, currency));
  const found = await catalog.listing({
    collectionId: collection.id,
    sort: filters.sort,
    tags: filters.tags,
    categories: filters.categories,
    priceMin: minor(filters.min),
    priceMax: minor(filters.max),
    inStock: filters.inStock,
    offset: (pageNo - 1) * size,
    limit: size,
  });
  if (pageNo > 1 && found.items.length === 0) return undefined;
  const url = (change: Partial<ListFilters> & { page?: number }) =>
    listUrl(collection.fullUrl, { ...filters, ...change });
  const active = activeFilters(filters, url, (bound) => formatMoney(minor(bound) ?? 0, currency, language));
  // A tag's and a category's `url` lists only it (the blog's links); the shop's form toggles each by `selected`.
  const listing = {
    sort: filters.sort,
    min: filters.min,
    max: filters.max,
    inStock: filters.inStock,
    tagChosen: filters.tags.length > 0,
    categoryChosen: filters.categories.length > 0,
    sorts: LISTING_SORTS.map((sort) => ({ ...sort, selected: sort.value === filters.sort })),
    tags: found.tags.map((tag) => ({
      ...tag,
      url: url({ tags: [tag.name] }),
      selected: filters.tags.includes(tag.name),
    })),
    categories: found.categories.map((name) => ({
      name,
      url: url({ categories: [name] }),
      selected: filters.categories.includes(name),
    })),
    active,
    clearAllUrl: active.length === 0 ? null : url({ tags: [], categories: [], min: '', max: '', inStock: false }),
  };
  return {
    kind,
    status: 200,
    context: {
      ...base,
      ...page(
        kind,
        PageType.MainContent,
        collection.title,
        path,
        collection.seoDescription ?? '',
        collection.seoTitle ?? '',
      ),
      collection,
      items: found.items,
      pagination: pagination(found.total, size, pageNo, (n) => url({ page: n })),
      // A collection with nothing in it yet (a new store's Shop) has nothing to filter or sort.
      listing: found.total === 0 && active.length === 0 ? null : listing,
    },
  };
}

/** An uploaded picture of a block with the `srcset` of its widths (src/site/editor/files.ts), for the theme. */
function withSrcset<T extends { assetUrl: string; originalSize?: string }>(image: T): T & { srcset?: string } {
  const srcset = fileSrcset(image.assetUrl, image.originalSize);
  return srcset === null ? image : { ...image, srcset };
}

async function contentPage({ site, catalog, base, path }: PageRequest, collection: Collection): Promise<ResolvedPage> {
  const blocks = collection.blocks ?? [];
  const productIds = blocks.flatMap((block) =>
    block.type === 'product' && block.productId !== undefined ? [block.productId] : [],
  );
  // A block naming anything but a product (a post, a page item) shows nothing, as for a missing product.
  const found = (await catalog.itemsById(productIds)).filter((item) => inProductCollection(item, site.collections));
  const products = new Map(found.map((item) => [item.id, item]));
  // A products grid lists its collection as the shop does (what shoppers see, newest first); not a products collection: nothing.
  const grids = await Promise.all(
    blocks.map((block) =>
      block.type === 'products' && site.collections.some((c) => c.id === block.collectionId && isProductCollection(c))
        ? catalog.listing({
            collectionId: block.collectionId,
            sort: 'newest',
            tags: block.tag ? [block.tag] : [],
            categories: [],
            offset: 0,
            limit: block.count,
          })
        : null,
    ),
  );
  return {
    kind: 'page',
    status: 200,
    context: {
      ...base,
      page: pageFields(collection, path),
      collection,
      blocks: blocks.map((block, i) =>
        block.type === 'product'
          ? { ...block, product: products.get(block.productId ?? '') ?? null }
          : block.type === 'products'
            ? { ...block, items: grids[i]?.items ?? [] }
            : block.type === 'image'
              ? withSrcset(block)
              : block.type === 'gallery'
                ? { ...block, images: block.images.map(withSrcset) }
                : block,
      ),
    },
  };
}

/** A page collection's own page: its title, text and SEO fields (a page of blocks and an index alike). */
function pageFields(collection: Collection, path: string) {
  return {
    kind: 'page' as const,
    typeCode: PageType.Page,
    title: collection.title,
    path,
    description: collection.seoDescription ?? '',
    seoTitle: collection.seoTitle ?? '',
    body: collection.body ?? '',
  };
}

/**
 * An index (src/site/model/index-collections.ts): a page whose collection carries its published sections as
 * Squarespace's `collection.collections`, a list's sections each with its first page of items (what
 * the shop and the blog list first), as an index whose type has `fullData` gives them to its `.list`.
 */
async function indexPage(request: PageRequest, collection: Collection): Promise<ResolvedPage> {
  const { site, catalog, base, path } = request;
  const sections = indexSections(collection, site.collections, (section) => published(section) !== undefined);
  const collections = await Promise.all(
    sections.map(async (section) => {
      const kind = isProductCollection(section) ? PRODUCTS_COLLECTION : section.typeName === 'blog' ? 'blog' : null;
      if (kind === null) return { ...section, items: [] };
      const found = await catalog.listing({
        collectionId: section.id,
        sort: sortOf(undefined),
        tags: [],
        categories: [],
        offset: 0,
        limit: PAGE_SIZE[kind] as number,
      });
      return { ...section, items: found.items };
    }),
  );
  return {
    kind: 'page',
    status: 200,
    context: {
      ...base,
      page: pageFields(collection, path),
      collection: { ...collection, folder: true, folderBehavior: FOLDER_BEHAVIORS.index, collections },
    },
  };
}

/** A collection's own page: a product list, a blog's post list, an index or a content page. */
function pageOf(request: PageRequest, collection: Collection): Promise<ResolvedPage | undefined> {
  if (isProductCollection(collection)) return listPage(PRODUCTS_COLLECTION, request, collection);
  if (collection.typeName === 'blog') return listPage('blog', request, collection);
  if (collection.typeName === 'index') return indexPage(request, collection);
  return contentPage(request, collection);
}

/** The home page: the collection marked `homepage`, else the store's first products collection. */
const homePage: PageResolver = (request) => {
  const chosen = published(request.site.collections.find((collection) => collection.homepage === true));
  if (chosen !== undefined) return pageOf(request, chosen);
  const collection = published(request.site.collections.find(isProductCollection));
  return collection === undefined ? undefined : listPage('products', request, collection);
};

/** A collection's own page. */
const collectionPage: PageResolver = (request, { collection: urlId }) => {
  const collection = collectionAt(request.site, urlId);
  return collection === undefined ? undefined : pageOf(request, collection);
};

/** The item named by `params` in the collection they name, when `kind` accepts that collection, with what its page shows beside it. */
async function itemAt(
  request: PageRequest,
  params: Readonly<Record<string, string>>,
  kind: (collection: Collection) => boolean,
  relatedLimit: number,
) {
  const collection = collectionAt(request.site, params.collection);
  if (collection === undefined || !kind(collection) || params.item === undefined) return undefined;
  const found = await request.catalog.itemPage(collection.id, params.item, relatedLimit);
  return found === null ? undefined : { collection, ...found };
}

const productPage: PageResolver = async (request, params) => {
  const found = await itemAt(request, params, isProductCollection, RELATED_PRODUCTS);
  if (found === undefined) return undefined;
  const { collection, item: product, related } = found;
  // The search engine listing the merchant wrote, else the title and the short description (src/site/editor/product-form.ts).
  const description = product.seoDescription || (product.excerpt ?? '').replace(/<[^>]*>/g, '');
  return {
    kind: 'product',
    status: 200,
    context: {
      ...request.base,
      ...page('product', PageType.ContentItem, product.seoTitle || product.title, request.path, description),
      collection,
      item: { ...product, collection },
      related,
    },
  };
};

/** A link to a neighbouring post (previous: the newer one, as the list shows them). */
const neighbour = (item: Item | null) => (item === null ? null : { title: item.title, fullUrl: item.fullUrl });

const postPage: PageResolver = async (request, params) => {
  const found = await itemAt(request, params, (collection) => collection.typeName === 'blog', 0);
  if (found === undefined) return undefined;
  const { collection, item: post } = found;
  // Its search engine listing, else the title and the excerpt, as a product's.
  const description = post.seoDescription || (post.excerpt ?? '').replace(/<[^>]*>/g, '');
  return {
    kind: 'post',
    status: 200,
    context: {
      ...request.base,
      ...page('post', PageType.ContentItem, post.seoTitle || post.title, request.path, description),
      collection,
      item: { ...post, collection },
      previousItem: neighbour(found.previous),
      nextItem: neighbour(found.next),
    },
  };
};

/**
 * The page kinds by path, first match wins. A pattern without parameters is the exact path; with
 * them (`:name`), it matches path segments one for one (so `/shop/` is the `/shop` list).
 */
const PAGE_KINDS: readonly (readonly [pattern: string, resolve: PageResolver, reads?: readonly QueryParam[]])[] = [
  ['/cart', cartPage],
  ['/account', fixedPage('account', PageType.Page, 'Your account')],
  ['/checkout', checkoutPage],
  ['/commerce/orders/:order', orderPage('order-confirmed', PageType.OrderConfirmed, 'Order confirmed')],
  ['/commerce/orders/:order/received', orderPage('order-received', PageType.OrderReceived, 'Order received')],
  [
    '/commerce/subscriptions/:order',
    orderPage('subscription-confirmed', PageType.SubscriptionConfirmed, 'Subscription confirmed'),
  ],
  ['/search', searchPage, ['q']],
  ['/', homePage, LIST_QUERY],
  ['/:collection', collectionPage, LIST_QUERY],
  ['/:collection/:item', postPage],
  ['/:collection/p/:item', productPage],
  // After the site's own pages: a collection the merchant named `members` keeps its posts.
  ['/members/:area', memberAreaPage],
  [`${POLICIES_PATH}/:policy`, policyPage],
];

const splitPath = (path: string) => path.split('/').filter((s) => s !== '');

const COMPILED_KINDS = PAGE_KINDS.map(([pattern, resolve, reads = []]) => ({
  pattern,
  parts: splitPath(pattern),
  exact: !pattern.includes(':'),
  resolve,
  reads,
}));

/**
 * The query of a page request as its page reads it: only the parameters the path's page kinds read,
 * each as they read it, defaults left out, in one order. Anything else in the address (utm tags, a
 * click id, a random cache-buster) changes nothing on the page, so it names the same cached page;
 * `search` is that query as written in a URL ('' or '?…').
 */
export function pageQuery(path: string, params: URLSearchParams): { query: Record<string, string>; search: string } {
  const segments = splitPath(path);
  const query: Record<string, string> = {};
  for (const kind of COMPILED_KINDS) {
    if (paramsOf(kind, path, segments) === null) continue;
    for (const name of kind.reads) {
      const read: (raw: string | undefined, all: readonly string[]) => string = QUERY_AS_READ[name];
      const value = read(params.get(name) ?? undefined, params.getAll(name));
      if (value !== '') query[name] = value;
    }
  }
  const search = new URLSearchParams(
    QUERY_PARAMS.flatMap((name): [string, string][] => {
      const value = query[name];
      if (value === undefined) return [];
      return SEVERAL_VALUES.has(name) ? filterValues(value).map((one) => [name, one]) : [[name, value]];
    }),
  ).toString();
  return { query, search: search === '' ? '' : `?${search}` };
}

/** The page-kind patterns whose pages the cache treats apart: a buyer's own pages and product pages (stock). */
const PER_BUYER_PATTERNS = new Set([
  '/commerce/orders/:order',
  '/commerce/orders/:order/received',
  '/commerce/subscriptions/:order',
]);
const PRODUCT_PATTERN = '/:collection/p/:item';

/**
 * What the page cache must know before any content is read: whether `path` has the shape of a
 * buyer's own page, a product page (which shows stock available now), or any other page.
 */
export function pageShape(path: string): 'per-buyer' | 'product' | 'other' {
  const segments = splitPath(path);
  for (const kind of COMPILED_KINDS) {
    if (paramsOf(kind, path, segments) === null) continue;
    if (PER_BUYER_PATTERNS.has(kind.pattern)) return 'per-buyer';
    if (kind.pattern === PRODUCT_PATTERN) return 'product';
  }
  return 'other';
}

/**
 * Whether the page at `path` shows products' stock (sold-out marks, stock left), so the page cache
 * keeps it only one stock freshness slot (src/storefront/available-stock.ts): a product page, the
 * home page or a collection's page listing products or holding product blocks, search results, and
 * any page of a developer-platform template (its query blocks may list products). Known from the
 * site's shell, before any content is read.
 */
export function showsStock(site: Site, path: string): boolean {
  if (pageShape(path) === 'product' || path === '/search' || isDeveloperPlatform(site.theme)) return true;
  const segments = splitPath(path);
  if (segments.length === 0) return site.collections.some(isProductCollection);
  if (segments.length !== 1) return false;
  const collection = site.collections.find((c) => c.urlId === segments[0]);
  return (
    collection !== undefined &&
    (isProductCollection(collection) ||
      (collection.blocks ?? []).some((block) => block.type === 'product' || block.type === 'products'))
  );
}

/** The parameters of `path` (split into `segments`) for a page kind's pattern, or null when it does not match. */
function paramsOf(
  kind: (typeof COMPILED_KINDS)[number],
  path: string,
  segments: readonly string[],
): Record<string, string> | null {
  return kind.exact ? (path === kind.pattern ? {} : null) : matchSegments(kind.parts, segments);
}

/** The parameters of `path` for a pattern's parts, or null when it does not match. */
function matchSegments(parts: readonly string[], segments: readonly string[]): Record<string, string> | null {
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const segment = segments[i] as string;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/**
 * The page's canonical address: the origin the shopper asked (the host is what maps to the site;
 * the stored baseUrl is the demo's fixed localhost), the encoded path and the list page when past the first.
 */
export function canonicalUrl(origin: string, encodedPath: string, page: ResolvedPage): string {
  const listPage = (page.context.pagination as { page: number } | undefined)?.page ?? 1;
  return `${origin}${encodedPath}${listPage > 1 ? `?page=${listPage}` : ''}`;
}

/**
 * A short store notice in the theme's page shell (navigation, header, footer): a page-kind page with
 * `title` and `text` as its body, for answers that are no page of the site (a confirmation link's result).
 */
export function noticePage(
  site: Site,
  path: string,
  status: 200 | 404 | 410,
  title: string,
  text: string,
): ResolvedPage {
  const body = `<p>${escapeHtml(text)}</p>`;
  return {
    kind: 'page',
    status,
    context: {
      ...baseContext(site, path),
      page: { kind: 'page', typeCode: PageType.Page, title, path, description: '', body },
    },
  };
}

/** Resolves a request path (and its query) on a site, reading its items through `catalog`. */
export async function resolvePage(
  site: Site,
  catalog: Catalog,
  path: string,
  query: Readonly<Record<string, string | undefined>>,
): Promise<ResolvedPage> {
  const request: PageRequest = { site, catalog, path, query, base: baseContext(site, path) };
  const segments = splitPath(path);
  for (const kind of COMPILED_KINDS) {
    const params = paramsOf(kind, path, segments);
    if (params === null) continue;
    const found = await kind.resolve(request, params);
    if (found === undefined) continue;
    // A developer-platform template's <squarespace:query> blocks read their items with the page.
    if (isDeveloperPlatform(site.theme)) found.context.squarespaceQueries = await templateQueries(site, catalog);
    return found;
  }
  return {
    kind: 'not-found',
    status: 404,
    context: { ...request.base, ...page('not-found', PageType.NotFound, 'Page not found', path) },
  };
}
