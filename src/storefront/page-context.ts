/**
 * Which page a path is, and the context its templates render with (page kind, the spec's
 * page-type code, website, collection, item or items, pagination, store settings, merchandising
 * context and localized strings).
 */
import type { Collection, Item, Site } from '../site/schema';

/** Page-type codes (storefront spec, Routes and pages). */
export const PageType = { Page: 2, ContentItem: 50, NotFound: 100, Search: 102, Cart: 200, Checkout: 201, MainContent: 1 } as const;

export type PageKind = 'products' | 'product' | 'blog' | 'post' | 'page' | 'cart' | 'checkout' | 'account' | 'search' | 'not-found';

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

/** Resolves a request path (and its query) on a site. */
export function resolvePage(site: Site, path: string, query: Readonly<Record<string, string | undefined>>): ResolvedPage {
  const base = baseContext(site, path);
  const segments = path.split('/').filter((s) => s !== '');
  const first = segments[0] ?? '';
  const notFound: ResolvedPage = {
    kind: 'not-found',
    status: 404,
    context: { ...base, ...page('not-found', PageType.NotFound, 'Page not found', path) },
  };

  if (path === '/cart') {
    return { kind: 'cart', status: 200, context: { ...base, ...page('cart', PageType.Cart, 'Cart', path), additionalFieldsForms: additionalFieldsForms(site) } };
  }
  if (path === '/account') return { kind: 'account', status: 200, context: { ...base, ...page('account', PageType.Page, 'Your account', path) } };
  if (path === '/checkout') return { kind: 'checkout', status: 200, context: { ...base, ...page('checkout', PageType.Checkout, 'Checkout', path) } };
  if (path === '/search') {
    const q = (query.q ?? '').slice(0, MAX_QUERY).trim();
    const results = q === '' ? [] : searchResults(site, q);
    return {
      kind: 'search',
      status: 200,
      context: { ...base, ...page('search', PageType.Search, 'Search', path), search: { query: q, results } },
    };
  }

  const collection = path === '/' ? site.collections.find((c) => c.typeName === 'products') : site.collections.find((c) => c.urlId === first);
  if (collection === undefined || (collection as { enabled?: boolean }).enabled === false) return notFound;
  const items = itemsOf(site, collection);
  const listPath = collection.fullUrl;

  if (collection.typeName === 'products') {
    if (segments.length === 1 || path === '/') {
      const { items: shown, pagination } = paginate(items, listPath, PAGE_SIZE.products as number, pageNumber(query.page));
      return {
        kind: 'products',
        status: 200,
        context: { ...base, ...page('products', PageType.MainContent, collection.title, path), collection, items: shown, pagination },
      };
    }
    const product = segments.length === 3 && segments[1] === 'p' ? items.find((i) => i.urlId === segments[2]) : undefined;
    if (product === undefined) return notFound;
    return {
      kind: 'product',
      status: 200,
      context: {
        ...base,
        ...page('product', PageType.ContentItem, product.title, path, (product.excerpt ?? '').replace(/<[^>]*>/g, '')),
        collection,
        item: { ...product, collection },
        related: relatedProducts(site, product),
      },
    };
  }

  if (collection.typeName === 'blog') {
    if (segments.length === 1) {
      const { items: shown, pagination } = paginate(items, listPath, PAGE_SIZE.blog as number, pageNumber(query.page));
      return {
        kind: 'blog',
        status: 200,
        context: { ...base, ...page('blog', PageType.MainContent, collection.title, path), collection, items: shown, pagination },
      };
    }
    const post = segments.length === 2 ? items.find((i) => i.urlId === segments[1]) : undefined;
    if (post === undefined) return notFound;
    return {
      kind: 'post',
      status: 200,
      context: { ...base, ...page('post', PageType.ContentItem, post.title, path), collection, item: { ...post, collection } },
    };
  }

  if (segments.length !== 1) return notFound;
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
