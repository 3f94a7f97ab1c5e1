/**
 * The editor's store creation (engine spec §7): a product collection, its root category, and
 * optionally a main-navigation link, through the three calls. All or nothing: when a later step
 * fails the collection is deleted again, so no half-made store is left.
 */
import type { NavigationEntry } from './schema';

export type EditorCall = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

export const NO_MAIN_NAVIGATION = 'Unable to find site main navigation';

export class StoreCreationError extends Error {}

export interface NewStore {
  title: string;
  urlId: string;
  description: string;
  categoryName: string;
  addToNavigation: boolean;
}

interface SiteLayout {
  layout?: { identifier: string; links: NavigationEntry[] }[];
}

/** The main navigation of a `GetSiteLayout` answer: its first layout entry. */
export function mainNavigationOf(answer: unknown): { identifier: string; links: NavigationEntry[] } {
  const first = (answer as SiteLayout | null)?.layout?.[0];
  if (first === undefined) throw new Error(NO_MAIN_NAVIGATION);
  return first;
}

function navigationItem(link: NavigationEntry): Record<string, unknown> {
  const base =
    link.collectionId !== undefined
      ? { collectionId: link.collectionId }
      : link.url === undefined
        ? {}
        : /^https?:/.test(link.url)
          ? { externalLink: link.url }
          : { url: link.url };
  return {
    title: link.title,
    ...base,
    ...(link.children === undefined ? {} : { children: link.children.map(navigationItem) }),
  };
}

function failure(step: string, answer: { status: number; body: unknown }): StoreCreationError {
  const message = (answer.body as { error?: unknown } | null)?.error;
  return new StoreCreationError(typeof message === 'string' ? message : `${step} failed (${answer.status})`);
}

export async function createStore(
  call: EditorCall,
  websiteId: string,
  store: NewStore,
): Promise<{ collectionId: string; categoryId: string }> {
  const products = `/api/content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products`;
  const created = await call('POST', products, {
    navigationTitle: store.title,
    title: store.title,
    urlId: store.urlId,
    description: store.description,
    enabled: true,
  });
  if (created.status !== 200) throw failure('Creating the store', created);
  const collectionId = (created.body as { id: string }).id;
  try {
    const category = await call('POST', `${products}/${collectionId}/categories`, {
      displayName: store.categoryName,
      parentCategoryId: null,
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
    });
    if (category.status !== 200) throw failure('Creating the category', category);
    if (store.addToNavigation) {
      const layout = await call('GET', '/api/commondata/GetSiteLayout');
      if (layout.status !== 200) throw failure('Reading the navigation', layout);
      const navigation = mainNavigationOf(layout.body);
      const items = [...navigation.links.map(navigationItem), { collectionId }];
      const updated = await call('POST', '/api/widget/UpdateNavigation', {
        fieldName: navigation.identifier,
        templateId: 'default',
        navigation: { items },
      });
      if (updated.status !== 200) throw failure('Adding the store to the navigation', updated);
    }
    return { collectionId, categoryId: (category.body as { id: string }).id };
  } catch (error) {
    await call('DELETE', `${products}/${collectionId}`).catch(() => undefined);
    throw error instanceof StoreCreationError
      ? error
      : new StoreCreationError(error instanceof Error ? error.message : String(error));
  }
}
