/**
 * Which page a path is, and the context its templates render with (page kind, the spec's
 * page-type code, website, collection, item or items, pagination, store settings, merchandising
 * context and localized strings).
 */
import type { Collection, Item, Site } from '../site/schema';

/** Page-type codes (storefront spec, Routes and pages). */
export const PageType = { Page: 2, ContentItem: 50, NotFound: 100, Search: 102, Cart: 200, Checkout: 201, OrderConfirmed: 202, SubscriptionConfirmed: 206, OrderReceived: 207, MainContent: 1 } as const;

export type PageKind = 'products' | 'product' | 'blog' | 'post' | 'page' | 'cart' | 'checkout' | OrderPageKind | 'account' | 'search' | 'not-found';

/** The buyer's order pages after checkout. */
export type OrderPageKind = 'order-confirmed' | 'order-received' | 'subscription-confirmed';

/** Pages made for one buyer (their order, read with the URL's capability token): never cached anywhere. */
export const PER_BUYER_KINDS: ReadonlySet<PageKind> = new Set<PageKind>(['order-confirmed', 'order-received', 'subscription-confirmed']);

export interface ResolvedPage {
  kind: PageKind;
  status: 200 | 404;
  context: Record<string, unknown>;
}

const PAGE_SIZE: Readonly<Record<string, number>> = { products: 12, blog: 6 };
const MAX_QUERY = 200;

function pageNumber(raw: string | undefined): number {
  const n = raw === undefined ? 1 : Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

function paginate(items: readonly Item[], path: string, size: number, page: number) {
  const start = (page - 1) * size;
  const pageUrl = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return {
    items: items.slice(start, start + size),
    pagination: {
      page,
      pageSize: size,
      total: items.length,
      prevPage: page > 1,
      prevPageUrl: page > 1 ? pageUrl(page - 1) : null,
      nextPage: start + size < items.length,
      nextPageUrl: start + size < items.length ? pageUrl(page + 1) : null,
    },
  };
}

function itemsOf(site: Site, collection: Collection): Item[] {
  return site.items
    .filter((item) => item.collectionId === collection.id)
    .sort((a, b) => (b.addedOn ?? 0) - (a.addedOn ?? 0));
}

function baseContext(site: Site, path: string) {
  return {
    website: site.website,
    // The engine's money formatters read the flag here (spec: feature flags gate the CLDR formatter).
    featureFlags: { useCLDRMoneyFormat: site.website.useCLDRMoneyFormat },
    websiteSettings: site.websiteSettings,
    storeSettings: site.websiteSettings.storeSettings,
    localizedStrings: site.localizedStrings,
    productMerchandisingContext: site.productMerchandisingContext,
    navigation: {
      items: site.navigation.map((entry) => ({
        ...entry,
        active: path === entry.url || path.startsWith(`${entry.url}/`),
      })),
    },
    header: site.header ?? null,
    promoPopup: site.promoPopup ?? null,
    footer: site.footer ?? null,
    forms: Object.fromEntries(site.forms.map((form) => [form.id, form])),
  };
}

function page(kind: PageKind, typeCode: number, title: string, path: string, description = ''): Record<string, unknown> {
  return { page: { kind, typeCode, title, path, description } };
}

function searchResults(site: Site, query: string): Item[] {
  const needle = query.toLowerCase();
  return site.items.filter(
    (item) =>
      item.title.toLowerCase().includes(needle) ||
      (item.excerpt ?? '').toLowerCase().includes(needle) ||
      item.tags.some((tag) => tag.toLowerCase() === needle),
  );
}

function relatedProducts(site: Site, product: Item): Item[] {
  const tags = new Set(product.tags);
  return site.items
    .filter((item) => item.id !== product.id && item.recordType === 11 && item.tags.some((tag) => tags.has(tag)))
    .slice(0, 4);
}

/** Each product's additional-fields form by item id (the cart page edits entries' answers with them). */
function additionalFieldsForms(site: Site): Record<string, unknown> {
  const forms: Record<string, unknown> = {};
  for (const item of site.items) {
    const content = item.structuredContent;
    const form = content?.additionalFieldsForm ?? site.forms.find((f) => f.id === content?.additionalFieldsFormId);
    if (form !== undefined) forms[item.id] = form;
  }
  return forms;
}

/** What every page kind's resolver reads: the site, the path and its segments, the query and the shared context. */
interface PageRequest {
  site: Site;
  path: string;
  query: Readonly<Record<string, string | undefined>>;
  base: ReturnType<typeof baseContext>;
}

/** A page kind's resolver: the page, or undefined when the path names nothing of that kind. */
type PageResolver = (request: PageRequest, params: Readonly<Record<string, string>>) => ResolvedPage | undefined;

function fixedPage(kind: PageKind, typeCode: number, title: string): PageResolver {
  return ({ base, path }) => ({ kind, status: 200, context: { ...base, ...page(kind, typeCode, title, path) } });
}

/** The cart and checkout pages show entries' additional-fields answers by their forms' field titles. */
const cartPage: PageResolver = ({ site, base, path }) => ({
  kind: 'cart',
  status: 200,
  context: { ...base, ...page('cart', PageType.Cart, 'Cart', path), additionalFieldsForms: additionalFieldsForms(site) },
});

/** The checkout and order pages show entries' additional-fields answers by their forms' field titles. */
const checkoutPage: PageResolver = ({ site, base, path }) => ({
  kind: 'checkout',
  status: 200,
  context: { ...base, ...page('checkout', PageType.Checkout, 'Checkout', path), additionalFieldsForms: additionalFieldsForms(site) },
});

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An order page: the order's id from the path; the buyer's island reads the order itself with the URL's token. */
function orderPage(kind: OrderPageKind, typeCode: number, title: string): PageResolver {
  return ({ site, base, path }, { order = '' }) =>
    ORDER_ID.test(order)
      ? { kind, status: 200, context: { ...base, ...page(kind, typeCode, title, path), orderId: order, additionalFieldsForms: additionalFieldsForms(site) } }
      : undefined;
}

const searchPage: PageResolver = ({ site, base, path, query }) => {
  const q = (query.q ?? '').slice(0, MAX_QUERY).trim();
  const results = q === '' ? [] : searchResults(site, q);
  return { kind: 'search', status: 200, context: { ...base, ...page('search', PageType.Search, 'Search', path), search: { query: q, results } } };
};

/** A published collection: found and not disabled. */
function published(collection: Collection | undefined): Collection | undefined {
  return collection === undefined || (collection as { enabled?: boolean }).enabled === false ? undefined : collection;
}

function collectionAt(site: Site, urlId: string | undefined): Collection | undefined {
  return published(site.collections.find((c) => c.urlId === urlId));
}

function listPage(kind: 'products' | 'blog', { site, base, path, query }: PageRequest, collection: Collection): ResolvedPage {
  const { items, pagination } = paginate(itemsOf(site, collection), collection.fullUrl, PAGE_SIZE[kind] as number, pageNumber(query.page));
  return { kind, status: 200, context: { ...base, ...page(kind, PageType.MainContent, collection.title, path), collection, items, pagination } };
}

function contentPage({ site, base, path }: PageRequest, collection: Collection): ResolvedPage {
  return {
    kind: 'page',
    status: 200,
    context: {
      ...base,
      ...page('page', PageType.Page, collection.title, path),
      page: { kind: 'page', typeCode: PageType.Page, title: collection.title, path, description: '', body: collection.body ?? '' },
      collection,
      blocks: (collection.blocks ?? []).map((block) => (block.type === 'product' ? { ...block, product: site.items.find((i) => i.id === block.productId) ?? null } : block)),
    },
  };
}

/** The home page: the store's first products collection. */
const homePage: PageResolver = (request) => {
  const collection = published(request.site.collections.find((c) => c.typeName === 'products'));
  return collection === undefined ? undefined : listPage('products', request, collection);
};

/** A collection's own page: a product list, a blog's post list, or a content page. */
const collectionPage: PageResolver = (request, { collection: urlId }) => {
  const collection = collectionAt(request.site, urlId);
  if (collection === undefined) return undefined;
  if (collection.typeName === 'products' || collection.typeName === 'blog') return listPage(collection.typeName, request, collection);
  return contentPage(request, collection);
};

/** The item named by `params` in the collection they name, when that collection is of `typeName`. */
function itemAt(site: Site, params: Readonly<Record<string, string>>, typeName: string): { collection: Collection; item: Item } | undefined {
  const collection = collectionAt(site, params.collection);
  if (collection?.typeName !== typeName) return undefined;
  const item = itemsOf(site, collection).find((i) => i.urlId === params.item);
  return item === undefined ? undefined : { collection, item };
}

const productPage: PageResolver = ({ site, base, path }, params) => {
  const found = itemAt(site, params, 'products');
  if (found === undefined) return undefined;
  const { collection, item: product } = found;
  const description = (product.excerpt ?? '').replace(/<[^>]*>/g, '');
  return {
    kind: 'product',
    status: 200,
    context: { ...base, ...page('product', PageType.ContentItem, product.title, path, description), collection, item: { ...product, collection }, related: relatedProducts(site, product) },
  };
};

const postPage: PageResolver = ({ site, base, path }, params) => {
  const found = itemAt(site, params, 'blog');
  if (found === undefined) return undefined;
  const { collection, item: post } = found;
  return { kind: 'post', status: 200, context: { ...base, ...page('post', PageType.ContentItem, post.title, path), collection, item: { ...post, collection } } };
};

/**
 * The page kinds by path, first match wins. A pattern without parameters is the exact path; with
 * them (`:name`), it matches path segments one for one (so `/shop/` is the `/shop` list).
 */
const PAGE_KINDS: readonly (readonly [pattern: string, resolve: PageResolver])[] = [
  ['/cart', cartPage],
  ['/account', fixedPage('account', PageType.Page, 'Your account')],
  ['/checkout', checkoutPage],
  ['/commerce/orders/:order', orderPage('order-confirmed', PageType.OrderConfirmed, 'Order confirmed')],
  ['/commerce/orders/:order/received', orderPage('order-received', PageType.OrderReceived, 'Order received')],
  ['/commerce/subscriptions/:order', orderPage('subscription-confirmed', PageType.SubscriptionConfirmed, 'Subscription confirmed')],
  ['/search', searchPage],
  ['/', homePage],
  ['/:collection', collectionPage],
  ['/:collection/:item', postPage],
  ['/:collection/p/:item', productPage],
];

const splitPath = (path: string) => path.split('/').filter((s) => s !== '');

const COMPILED_KINDS = PAGE_KINDS.map(([pattern, resolve]) => ({ pattern, parts: splitPath(pattern), exact: !pattern.includes(':'), resolve }));

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

/** Resolves a request path (and its query) on a site. */
export function resolvePage(site: Site, path: string, query: Readonly<Record<string, string | undefined>>): ResolvedPage {
  const request: PageRequest = { site, path, query, base: baseContext(site, path) };
  const segments = splitPath(path);
  for (const kind of COMPILED_KINDS) {
    const params = kind.exact ? (path === kind.pattern ? {} : null) : matchSegments(kind.parts, segments);
    if (params === null) continue;
    const found = kind.resolve(request, params);
    if (found !== undefined) return found;
  }
  return { kind: 'not-found', status: 404, context: { ...request.base, ...page('not-found', PageType.NotFound, 'Page not found', path) } };
}
